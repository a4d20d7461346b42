//go:build !(linux || darwin || dragonfly || freebsd || netbsd || openbsd || solaris || windows)

package disk

import (
	"fmt"
	"os"
	"runtime"
	"time"
)

const lockFile = ""

// folderLock: this platform has no lock the OS drops when a process dies,
// so Warmaster reads campaign folders here but writes none.
type folderLock struct{}

func lockFolder(root *os.Root, mode Mode, wait time.Duration) (*folderLock, error) {
	l := &folderLock{}
	return l, l.set(mode, wait)
}

func (l *folderLock) set(mode Mode, wait time.Duration) error {
	if mode == Write {
		return fmt.Errorf("writing a campaign folder needs a lock the OS releases when a run dies, which Warmaster has no way to take on %s: run it on Linux, macOS, a BSD or Windows", runtime.GOOS)
	}
	return nil
}

func (l *folderLock) release() {}
