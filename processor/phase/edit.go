package phase

import (
	"fmt"

	"github.com/warmaster/warmaster/processor/disk"
	"github.com/warmaster/warmaster/processor/folder"
)

// Edit is a campaign folder open to change a player's files (seal): it
// holds the folder's lock from the check to the write, so no advance runs
// in between.
type Edit struct{ d *disk.Dir }

// OpenEdit opens a campaign folder for an Edit; Close releases it.
func OpenEdit(dir string) (*Edit, error) {
	d, err := folder.OpenFolder(dir, disk.Write)
	if err != nil {
		return nil, err
	}
	return &Edit{d: d}, nil
}

// Check is Check on the folder as the Edit holds it.
func (e *Edit) Check(opt Options) (*folder.Folder, error) { return check(e.d, opt) }

// ReadFile reads a file of the folder (see Folder.ReadFile).
func (e *Edit) ReadFile(file string) ([]byte, error) {
	return e.d.ReadFileLimit(file, folder.ReadLimit(file))
}

// Replace writes file and removes each of remove, all at once (see
// disk.Commit): sealed orders replace the plaintext.
func (e *Edit) Replace(file string, data []byte, remove ...string) error {
	changes := []disk.Change{{Path: file, Data: data}}
	for _, p := range remove {
		changes = append(changes, disk.Change{Path: p, Remove: true})
	}
	if err := e.d.Commit(changes); err != nil {
		return fmt.Errorf("%s: %w", e.d.Path(), err)
	}
	return nil
}

// Close releases the folder.
func (e *Edit) Close() { e.d.Close() }
