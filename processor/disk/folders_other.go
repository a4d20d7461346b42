//go:build !unix

package disk

import "os"

// folders: outside unix, a commit's files are written and renamed through
// the Root.
type folders struct{ root *os.Root }

func newFolders(root *os.Root) *folders { return &folders{root: root} }

func (fo *folders) create(rel string, c *Change, buf []byte) (string, error) {
	return writeNew(fo.root, rel, c, buf)
}

func (fo *folders) rename(from, to string) error { return fo.root.Rename(from, to) }

func (fo *folders) close() {}
