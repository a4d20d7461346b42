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
// number taken again by another open would lead elsewhere. A Scratch
// folder's folders get theirs the first time a file of theirs is read (a
// replay reads each run's inputs, state and reports from folders made
// after its scan: through the Root, each read cost an *os.File).
func (d *Dir) readByFD(rel string, limit int) (data []byte, ok bool, err error) {
	dir := path.Dir(rel)
	d.mu.RLock()
	fd, ok := d.fds[dir]
	if ok {
		defer d.mu.RUnlock()
		data, err = fd.readFile(path.Base(rel), rel, limit)
		return data, true, err
	}
	d.mu.RUnlock()
	if d.mode != Scratch || !d.scratchFD(dir) {
		return nil, false, nil
	}
	return d.readByFD(rel, limit)
}

// writeByFD writes rel, a file of a Scratch folder, by its folder's
// descriptor (ok), making its folders the first time: a replay writes each
// run's inputs, tens of thousands of them, with an openat, a write and a
// close each, and no *os.File.
func (d *Dir) writeByFD(rel string, data []byte) (ok bool, err error) {
	dir := path.Dir(rel)
	d.mu.RLock()
	fd, ok := d.fds[dir]
	if !ok {
		d.mu.RUnlock()
		if dir != "." {
			if err := d.root.MkdirAll(dir, 0o755); err != nil {
				return true, err
			}
		}
		if !d.scratchFD(dir) {
			return false, nil
		}
		return d.writeByFD(rel, data)
	}
	defer d.mu.RUnlock()
	var f int
	err = ignoringEINTR(func() (err error) {
		f, err = unix.Openat(int(fd), path.Base(rel), unix.O_WRONLY|unix.O_CREAT|unix.O_TRUNC|unix.O_NOFOLLOW|unix.O_NONBLOCK|unix.O_CLOEXEC, 0o644)
		return err
	})
	if err != nil {
		return true, &fs.PathError{Op: "open", Path: rel, Err: err}
	}
	err = writeAll(f, data)
	if cerr := unix.Close(f); err == nil {
		err = cerr
	}
	if err != nil {
		return true, &fs.PathError{Op: "write", Path: rel, Err: err}
	}
	return true, nil
}

// writeAll writes data to the descriptor f, to its end. A write that
// fails returns -1 as its count, never sliced by (a full disk made a
// commit panic).
func writeAll(f int, data []byte) error {
	for len(data) > 0 {
		var n int
		if err := ignoringEINTR(func() (err error) {
			n, err = unix.Write(f, data)
			return err
		}); err != nil {
			return err
		}
		if n <= 0 {
			return io.ErrShortWrite
		}
		data = data[n:]
	}
	return nil
}

// scratchFD opens a descriptor of a Scratch folder's folder dir, through
// its Root, for readByFD; false if it cannot (no such folder: the read
// through the Root says so).
func (d *Dir) scratchFD(dir string) bool {
	// A folder only, never blocking: a FIFO swapped in for it is refused.
	f, err := d.root.OpenFile(dir, os.O_RDONLY|unix.O_DIRECTORY|unix.O_NONBLOCK, 0)
	if err != nil {
		return false
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !st.IsDir() {
		return false
	}
	fd, err := unix.Dup(int(f.Fd()))
	if err != nil {
		return false
	}
	unix.CloseOnExec(fd)
	d.mu.Lock()
	defer d.mu.Unlock()
	if _, ok := d.fds[dir]; ok {
		unix.Close(fd) // another read opened it first
		return true
	}
	if d.fds == nil {
		d.fds = map[string]dirFD{}
	}
	d.fds[dir] = dirFD(fd)
	return true
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
