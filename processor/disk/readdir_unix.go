//go:build unix

package disk

import (
	"io"
	"io/fs"
	"os"
	"path"

	"golang.org/x/sys/unix"
)

// dirFD is a folder's descriptor outside its Root, kept from the scan to
// Unlock: its files are read with a system call each (openat, fstat, read,
// close), without an *os.File (which costs a poller registration and a
// cleanup the collector runs: at 100,000 files a read through the Root took
// 0.76–0.90 s, this 0.49–0.55 s). It opens only a name the scan found in
// the folder, never following a link (one swapped in since is refused), and
// never blocking (a FIFO swapped in is not a regular file).
type dirFD int

const noDirFD dirFD = -1

// readDir lists the folder of a root and returns a descriptor of it to
// read its files by. Listed through the Root, a folder costs an lstat per
// entry (package os cannot look an entry's type up lazily there); the same
// descriptor, duplicated outside the Root, lists with the types the kernel
// gives, and an entry of unknown type is looked up relative to the
// descriptor (BenchmarkOpen: a simulated campaign's scan 40 % faster).
func readDir(root *os.Root) ([]fs.DirEntry, dirFD, error) {
	f, err := root.Open(".")
	if err != nil {
		return nil, noDirFD, err
	}
	fd, err := unix.Dup(int(f.Fd()))
	f.Close()
	if err != nil {
		return nil, noDirFD, &os.PathError{Op: "dup", Path: root.Name(), Err: err}
	}
	dup := os.NewFile(uintptr(fd), root.Name())
	defer dup.Close()
	es, err := dup.ReadDir(-1)
	if err != nil {
		return nil, noDirFD, err
	}
	keep, err := unix.Dup(fd)
	if err != nil {
		return nil, noDirFD, &os.PathError{Op: "dup", Path: root.Name(), Err: err}
	}
	unix.CloseOnExec(keep)
	return es, dirFD(keep), nil
}

// readByFD reads rel by its folder's descriptor, while the scan's are
// open (ok), holding them open while it does: a descriptor closed and its
// number taken again by another open would lead elsewhere.
func (d *Dir) readByFD(rel string, limit int) (data []byte, ok bool, err error) {
	d.mu.RLock()
	defer d.mu.RUnlock()
	fd, ok := d.fds[path.Dir(rel)]
	if !ok {
		return nil, false, nil
	}
	data, err = fd.readFile(path.Base(rel), rel, limit)
	return data, true, err
}

func (fd dirFD) close() {
	if fd != noDirFD {
		unix.Close(int(fd))
	}
}

// readFile reads the regular file name (one name, no slash) of the folder,
// as readOpened reads an opened one; rel is its path, for errors.
func (fd dirFD) readFile(name, rel string, limit int) ([]byte, error) {
	var f int
	err := ignoringEINTR(func() (err error) {
		f, err = unix.Openat(int(fd), name, unix.O_RDONLY|unix.O_NOFOLLOW|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
		return err
	})
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: rel, Err: err}
	}
	defer unix.Close(f)
	var st unix.Stat_t
	if err := ignoringEINTR(func() error { return unix.Fstat(f, &st) }); err != nil {
		return nil, &fs.PathError{Op: "stat", Path: rel, Err: err}
	}
	if st.Mode&unix.S_IFMT != unix.S_IFREG {
		return nil, &fs.PathError{Op: "read", Path: rel, Err: errNotRegular}
	}
	return readAll(fdReader(f), rel, st.Size, limit)
}

// fdReader reads a descriptor, as an io.Reader: 0 bytes read is the end.
type fdReader int

func (f fdReader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	var n int
	err := ignoringEINTR(func() (err error) {
		n, err = unix.Read(int(f), p)
		return err
	})
	switch {
	case err != nil:
		return 0, err
	case n == 0:
		return 0, io.EOF
	}
	return n, nil
}

func ignoringEINTR(call func() error) error {
	for {
		if err := call(); err != unix.EINTR {
			return err
		}
	}
}
