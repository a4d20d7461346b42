//go:build unix

package disk

import (
	"os"
	"path/filepath"
	"testing"
)

// A write the system refuses (a full disk, here a descriptor not open for
// writing) is an error, not a panic: a failed write's count is -1.
func TestWriteAllRefused(t *testing.T) {
	p := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(p, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := writeAll(int(f.Fd()), []byte("data")); err == nil {
		t.Error("writeAll to a descriptor open for reading: no error")
	}
}
