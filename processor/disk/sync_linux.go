package disk

import (
	"os"

	"golang.org/x/sys/unix"
)

// syncfsFrom is how many files and folders a flush syncs one by one at
// most; beyond, one syncfs(2) flushes the whole filesystem: a big phase
// writes thousands of battle sheets, at half a millisecond an fsync.
const syncfsFrom = 32

// flush makes files and folders of root durable.
func flush(root *os.Root, files, dirs []string) error {
	if len(files)+len(dirs) < syncfsFrom {
		return fsyncEach(root, files, dirs)
	}
	f, err := root.Open(".")
	if err != nil {
		return err
	}
	defer f.Close()
	return unix.Syncfs(int(f.Fd()))
}
