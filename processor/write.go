package processor

import (
	"fmt"
	"os"
	"path/filepath"
)

// writeAll writes every file to a temporary file beside it first, then
// renames them all into place, so a failure leaves the folder as it was
// (up to the renames themselves, which do not fail on one filesystem).
func writeAll(dir string, files map[string][]byte, order []string) error {
	var temps []string
	cleanup := func() {
		for _, t := range temps {
			os.Remove(t)
		}
	}
	for _, p := range order {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			cleanup()
			return fmt.Errorf("write %s: %w", p, err)
		}
		f, err := os.CreateTemp(filepath.Dir(full), ".warmaster-*")
		if err != nil {
			cleanup()
			return fmt.Errorf("write %s: %w", p, err)
		}
		temps = append(temps, f.Name())
		_, err = f.Write(files[p])
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			err = os.Chmod(f.Name(), 0o644)
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
