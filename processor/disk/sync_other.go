//go:build !linux

package disk

import "os"

// flush makes files and folders of root durable.
func flush(root *os.Root, files, dirs []string) error {
	return fsyncEach(root, files, dirs)
}
