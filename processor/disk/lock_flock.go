//go:build linux || darwin || dragonfly || freebsd || netbsd || openbsd || solaris

package disk

import (
	"errors"
	"os"
	"time"

	"golang.org/x/sys/unix"
)

// lockFile is the lock file a platform keeps in .warmaster/: none here,
// the folder itself is locked.
const lockFile = ""

// folderLock is flock(2) on the campaign folder itself: no file to create,
// so reading a folder never writes it, and the OS drops the lock when the
// process ends, however it ends.
type folderLock struct{ f *os.File }

func lockFolder(root *os.Root, mode Mode, wait time.Duration) (*folderLock, error) {
	f, err := root.Open(".")
	if err != nil {
		return nil, err
	}
	l := &folderLock{f: f}
	if err := l.set(mode, wait); err != nil {
		f.Close()
		return nil, err
	}
	return l, nil
}

// set takes the lock shared (Read) or exclusive (Write), waiting up to
// wait for the runs that hold it, or ErrBusy. It first gives up the lock
// it holds: two readers that each wait for the exclusive lock while
// holding the shared one would wait for each other (flock's conversion
// may do the same, or not, by platform: this says which).
func (l *folderLock) set(mode Mode, wait time.Duration) error {
	how := unix.LOCK_SH
	if mode == Write {
		how = unix.LOCK_EX
	}
	unix.Flock(int(l.f.Fd()), unix.LOCK_UN)
	deadline := time.Now().Add(wait)
	for pause := time.Millisecond; ; pause = min(2*pause, 100*time.Millisecond) {
		err := unix.Flock(int(l.f.Fd()), how|unix.LOCK_NB)
		switch {
		case err == nil:
			return nil
		case !errors.Is(err, unix.EWOULDBLOCK) && !errors.Is(err, unix.EAGAIN):
			return &os.PathError{Op: "lock", Path: l.f.Name(), Err: err}
		case !time.Now().Before(deadline):
			return ErrBusy
		}
		time.Sleep(pause)
	}
}

func (l *folderLock) release() {
	unix.Flock(int(l.f.Fd()), unix.LOCK_UN)
	l.f.Close()
}
