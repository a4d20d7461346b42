package processor

import (
	"fmt"
	"os"
	"path/filepath"
)

// writeAll writes every file to a temporary file beside it first, then
// renames them all into place, so a failure leaves the folder as it was
// (up to the renames themselves, which do not fail on one filesystem).
// Files are created 0644 less the umask, as git and editors create them.
func writeAll(dir string, files map[string][]byte, order []string) error {
	var temps []string
	cleanup := func() {
		for _, t := range temps {
			os.Remove(t)
		}
	}
	made := map[string]bool{}
	for _, p := range order {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if parent := filepath.Dir(full); !made[parent] {
			if err := os.MkdirAll(parent, 0o755); err != nil {
				cleanup()
				return fmt.Errorf("write %s: %w", p, err)
			}
			made[parent] = true
		}
		// One temporary name per file: a run killed half-way leaves at
		// most one stale .warmaster-*.tmp beside it, overwritten next time.
		tmp := filepath.Join(filepath.Dir(full), ".warmaster-"+filepath.Base(full)+".tmp")
		f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
		if err != nil {
			cleanup()
			return fmt.Errorf("write %s: %w", p, err)
		}
		temps = append(temps, tmp)
		_, err = f.Write(files[p])
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			cleanup()
			return fmt.Errorf("write %s: %w", p, err)
		}
	}
	for i, p := range order {
		if err := os.Rename(temps[i], filepath.Join(dir, filepath.FromSlash(p))); err != nil {
			cleanup()
			return fmt.Errorf("write %s: %w", p, err)
		}
	}
	return nil
}
