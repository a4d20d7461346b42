//go:build unix

package disk

import (
	"io/fs"
	"os"
	"path"

	"golang.org/x/sys/unix"
)

// folders writes and renames a commit's files by their folders'
// descriptors, each folder opened once through the Root: a new file is an
// openat, a write, an fstat and a close, a rename one renameat. Through
// the Root, a file cost an *os.File (a poller registration, a cleanup for
// the collector) and a rename opened both paths' folders again, one at a
// time: at 100,000 battle sheets, more than a million system calls more.
// Names are one path element, never followed if a link (O_NOFOLLOW; a
// rename replaces a link, as rename does), the folders resolved in the
// Root as its own calls resolve them.
type folders struct {
	root *os.Root
	open map[string]*os.File
}

func newFolders(root *os.Root) *folders {
	return &folders{root: root, open: map[string]*os.File{}}
}

// fd is the descriptor of the folder dir ("." the Root's own), opened once.
func (fo *folders) fd(dir string) (int, error) {
	f, ok := fo.open[dir]
	if !ok {
		var err error
		if f, err = fo.root.Open(dir); err != nil {
			return -1, err
		}
		fo.open[dir] = f
	}
	return int(f.Fd()), nil
}

// create writes a file that must not exist (O_EXCL: a link put in its
// place is not followed) and returns its identity, as writeNew.
func (fo *folders) create(rel string, c *Change, buf []byte) (string, error) {
	dir, err := fo.fd(path.Dir(rel))
	if err != nil {
		return "", err
	}
	var f int
	err = ignoringEINTR(func() (err error) {
		f, err = unix.Openat(dir, path.Base(rel), unix.O_WRONLY|unix.O_CREAT|unix.O_EXCL|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0o644)
		return err
	})
	if err != nil {
		return "", &fs.PathError{Op: "open", Path: rel, Err: err}
	}
	err = c.each(buf, func(data []byte) error { return writeAll(f, data) })
	var st unix.Stat_t
	id := ""
	if unix.Fstat(f, &st) == nil {
		id = statID(uint64(st.Dev), uint64(st.Ino))
	}
	if cerr := unix.Close(f); err == nil {
		err = cerr
	}
	if err != nil {
		return "", &fs.PathError{Op: "write", Path: rel, Err: err}
	}
	return id, nil
}

// rename renames from to to, each in its folder.
func (fo *folders) rename(from, to string) error {
	fd, err := fo.fd(path.Dir(from))
	if err != nil {
		return err
	}
	td, err := fo.fd(path.Dir(to))
	if err != nil {
		return err
	}
	if err := ignoringEINTR(func() error { return unix.Renameat(fd, path.Base(from), td, path.Base(to)) }); err != nil {
		return &os.LinkError{Op: "renameat", Old: from, New: to, Err: err}
	}
	return nil
}

func (fo *folders) close() {
	for _, f := range fo.open {
		f.Close()
	}
}
