package disk

import (
	"os"

	"golang.org/x/sys/unix"
)

// flush makes files and folders of root durable: one syncfs(2) for the
// whole filesystem. A big phase writes thousands of battle sheets, and an
// fsync costs half a millisecond to several here, where one syncfs costs
// tens (BenchmarkCommit: 20 files 36 ms against 138 ms, 200 files 0.2 s
// against 0.56 s, on a disk shared with other work).
func flush(root *os.Root, files, dirs []string) error {
	f, err := root.Open(".")
	if err != nil {
		return err
	}
	defer f.Close()
	return unix.Syncfs(int(f.Fd()))
}
