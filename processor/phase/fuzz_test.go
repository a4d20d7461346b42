package phase

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/warmaster/warmaster/campaigns"
	"github.com/warmaster/warmaster/processor"
)

// fuzzTargets are the files FuzzCheck replaces in the example campaign, one
// per kind of file a player or the Warmaster writes.
var fuzzTargets = []string{
	processor.CampaignFile,
	processor.MapFile,
	"setup/blue.toml",
	"phases/01/orders/alice.toml",
	"phases/01/results/blue-1.toml",
	"phases/01/moves/alice.toml",
	"phases/01/builds/blue.toml",
}

// FuzzCheck replaces one file of the example campaign with arbitrary text and
// runs check and advance on the folder: never a panic; every fault names a
// file of the folder and, when positioned, a line and column inside it; a
// refused advance writes nothing.
func FuzzCheck(f *testing.F) {
	src := filepath.Join(f.TempDir(), "example")
	if err := campaigns.CopyTo(campaigns.Example, src); err != nil {
		f.Fatal(err)
	}
	for i, t := range fuzzTargets {
		data, err := os.ReadFile(filepath.Join(src, t))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(uint8(i), data)
		f.Add(uint8(i), []byte(strings.Replace(string(data), "=", "= [", 1)))
	}
	f.Add(uint8(3), []byte("[[operations]]\nfleet = \"blue-1\"\noperation = \"battle\"\n"))
	f.Add(uint8(4), []byte("winner = \"attacker\"\n[outcome]\ntransfer = [\"norallus\", \"masnet\", \"masnet\", \"masnet\"]\n"))
	now := time.Date(2027, 2, 10, 12, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		target := fuzzTargets[int(which)%len(fuzzTargets)]
		dir := filepath.Join(t.TempDir(), "c")
		if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(target)), data, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Check(dir, Options{Now: now})
		checkFaults(t, dir, err)
		before := tree(t, dir)
		_, err = Advance(dir, Options{Now: now})
		checkFaults(t, dir, err)
		if err != nil && tree(t, dir) != before {
			t.Fatalf("a refused advance wrote files: %v", err)
		}
	})
}

// checkFaults asserts every fault names a file of the folder and, when it
// has a position, one inside that file.
func checkFaults(t *testing.T, dir string, err error) {
	var inv *processor.InvalidError
	if !errors.As(err, &inv) {
		return
	}
	for _, flt := range inv.Faults {
		data, rerr := os.ReadFile(filepath.Join(dir, filepath.FromSlash(flt.File)))
		if rerr != nil {
			if _, serr := os.Stat(filepath.Join(dir, filepath.FromSlash(flt.File))); serr != nil && !errors.Is(serr, fs.ErrNotExist) {
				t.Fatalf("fault names %s: %v", flt.File, serr)
			}
			continue
		}
		if flt.Line == 0 {
			continue
		}
		lines := strings.Split(string(data), "\n")
		if flt.Line < 1 || flt.Line > len(lines) || flt.Col < 1 || flt.Col > len([]rune(lines[flt.Line-1]))+1 {
			t.Fatalf("fault outside its file (%d lines): %s", len(lines), flt)
		}
	}
}

// tree is the folder's files and contents, as one string to compare.
func tree(t *testing.T, dir string) string {
	var b strings.Builder
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		b.WriteString(p + "\x00" + string(data) + "\x00")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}
