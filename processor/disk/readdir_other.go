//go:build !unix

package disk

import (
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

// readByFD: outside unix no folder has a descriptor of its own to read by
// (ok false): ReadFileLimit reads through the folder's Root.
func (d *Dir) readByFD(rel string, limit int) (data []byte, ok bool, err error) {
	return nil, false, nil
}

// writeByFD: outside unix WriteFile writes through the folder's Root (ok
// false).
func (d *Dir) writeByFD(rel string, data []byte) (ok bool, err error) {
	return false, nil
}
