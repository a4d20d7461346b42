//go:build windows

package disk

import (
	"errors"
	"io/fs"
	"os"
	"time"

	"golang.org/x/sys/windows"
)

// lockFile is the lock file kept in .warmaster/: Windows does not lock a
// folder, only a file.
const lockFile = "lock"

// folderLock is LockFileEx on .warmaster/lock, which the OS drops when the
// process ends, however it ends.
type folderLock struct{ f *os.File }

func lockFolder(root *os.Root, mode Mode, wait time.Duration) (*folderLock, error) {
	name := StateDir + "/" + lockFile
	f, err := root.OpenFile(name, os.O_RDWR, 0)
	if errors.Is(err, fs.ErrNotExist) {
		if mode == Read {
			return &folderLock{}, nil // never written: nothing to wait for
		}
		if err := root.MkdirAll(StateDir, 0o755); err != nil {
			return nil, err
		}
		if err := root.WriteFile(ignoreFile, []byte("*\n"), 0o644); err != nil {
			return nil, err
		}
		f, err = root.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o644)
	}
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
// wait for the runs that hold it, or ErrBusy; it first gives up the lock
// it holds (LockFileEx converts none).
func (l *folderLock) set(mode Mode, wait time.Duration) error {
	if l.f == nil {
		return nil
	}
	h := windows.Handle(l.f.Fd())
	windows.UnlockFileEx(h, 0, 1, 0, new(windows.Overlapped))
	flags := uint32(windows.LOCKFILE_FAIL_IMMEDIATELY)
	if mode == Write {
		flags |= windows.LOCKFILE_EXCLUSIVE_LOCK
	}
	deadline := time.Now().Add(wait)
	for pause := time.Millisecond; ; pause = min(2*pause, 100*time.Millisecond) {
		err := windows.LockFileEx(h, flags, 0, 1, 0, new(windows.Overlapped))
		switch {
		case err == nil:
			return nil
		case !errors.Is(err, windows.ERROR_LOCK_VIOLATION):
			return &os.PathError{Op: "lock", Path: l.f.Name(), Err: err}
		case !time.Now().Before(deadline):
			return ErrBusy
		}
		time.Sleep(pause)
	}
}

func (l *folderLock) release() {
	if l.f == nil {
		return
	}
	windows.UnlockFileEx(windows.Handle(l.f.Fd()), 0, 1, 0, new(windows.Overlapped))
	l.f.Close()
}
