//go:build !unix

package disk

import (
	"errors"
	"io/fs"
	"os"
)

// dirFD: outside unix, files are read through their folder's Root.
type dirFD struct{}

var noDirFD dirFD

// readDir lists the folder of a root.
func readDir(root *os.Root) ([]fs.DirEntry, dirFD, error) {
	f, err := root.Open(".")
	if err != nil {
		return nil, noDirFD, err
	}
	defer f.Close()
	es, err := f.ReadDir(-1)
	return es, noDirFD, err
}

func (dirFD) close() {}

// readFile is never called outside unix: no folder keeps a dirFD there
// (readDir returns noDirFD, which scanDir does not keep).
func (dirFD) readFile(name, rel string, limit int) ([]byte, error) {
	return nil, &fs.PathError{Op: "read", Path: rel, Err: errors.ErrUnsupported}
}
