// Package campaigns holds the bundled campaign data: the example campaign
// that `warmaster demo` plays, and the template `warmaster init` copies.
package campaigns

import (
	"embed"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

//go:embed template vespator-front
var files embed.FS

// Example is the bundled example campaign's folder name.
const Example = "vespator-front"

// Template is the folder `warmaster init` copies.
const Template = "template"

// CopyTo writes the bundled folder name into dir, which must not exist or be empty.
func CopyTo(name, dir string) error {
	if es, err := os.ReadDir(dir); err == nil && len(es) > 0 {
		return fmt.Errorf("%s is not empty: give a new or empty folder", dir)
	}
	sub, err := fs.Sub(files, name)
	if err != nil {
		return err
	}
	return fs.WalkDir(sub, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		target := filepath.Join(dir, filepath.FromSlash(p))
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := fs.ReadFile(sub, p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
}
