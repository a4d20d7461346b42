//go:build !unix

package disk

import (
	"io/fs"
	"os"
)

// readDir lists the folder of a root.
func readDir(root *os.Root) ([]fs.DirEntry, error) {
	f, err := root.Open(".")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return f.ReadDir(-1)
}
