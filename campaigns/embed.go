// Package campaigns holds the bundled campaign data: the example campaign
// that `warmaster demo` plays, and the template `warmaster init` copies.
package campaigns

import (
	"embed"
	"io/fs"

	"github.com/warmaster/warmaster/processor/disk"
)

//go:embed template vespator-front
var files embed.FS

// Example is the bundled example campaign's folder name.
const Example = "vespator-front"

// Template is the folder `warmaster init` copies.
const Template = "template"

// CopyTo writes the bundled folder name into dir, which must not exist or be empty.
func CopyTo(name, dir string) error {
	sub, err := fs.Sub(files, name)
	if err != nil {
		return err
	}
	d, err := disk.Create(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return fs.WalkDir(sub, ".", func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		data, err := fs.ReadFile(sub, p)
		if err != nil {
			return err
		}
		return d.WriteFile(p, data)
	})
}
