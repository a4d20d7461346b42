//go:build unix

package disk

import (
	"io/fs"
	"strconv"
	"syscall"
)

// fileID is a file's device and inode.
func fileID(fi fs.FileInfo) string {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return statID(uint64(st.Dev), uint64(st.Ino))
	}
	return ""
}

// statID is a file's identity as fileID writes it.
func statID(dev, ino uint64) string {
	return strconv.FormatUint(dev, 10) + ":" + strconv.FormatUint(ino, 10)
}
