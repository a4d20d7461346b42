//go:build unix

package disk

import (
	"fmt"
	"io/fs"
	"syscall"
)

// fileID is a file's device and inode.
func fileID(fi fs.FileInfo) string {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return fmt.Sprintf("%d:%d", st.Dev, st.Ino)
	}
	return ""
}
