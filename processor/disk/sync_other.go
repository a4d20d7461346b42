//go:build !linux

package disk

import (
	"errors"
	"os"
	"runtime"
)

// flush makes files and folders of root durable: an fsync each. Windows
// cannot fsync a folder (a rename is durable when it returns there).
func flush(root *os.Root, files, dirs []string) error {
	for _, p := range files {
		if err := fsync(root, p); err != nil {
			return err
		}
	}
	if runtime.GOOS == "windows" {
		return nil
	}
	for _, p := range dirs {
		if err := fsync(root, p); err != nil {
			return err
		}
	}
	return nil
}

func fsync(root *os.Root, p string) error {
	f, err := root.Open(p)
	if err != nil {
		return err
	}
	return errors.Join(f.Sync(), f.Close())
}
