package trust

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/disk"
	"github.com/warmaster/warmaster/processor/folder"
)

// A folder's files whose names are refused are not read, and past
// MaxRefusedEntries of them one fault counts the rest: what a player can
// add beyond the campaign's own files costs a listing. Before, each was
// read and parsed (1,000 junk orders files of 256 KiB: 5.7 s, 840 MB).
func TestRefusedFilesNotRead(t *testing.T) {
	dir := exampleAt(t, atSetup)
	const extra = 50
	for i := range folder.MaxRefusedEntries + extra {
		p := filepath.Join(dir, "phases/01/orders", fmt.Sprintf("x%03d.toml", i))
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		growSparse(t, p)
	}
	d, err := folder.OpenFolder(dir, disk.Read)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Unlock()
	f, fs, err := folder.LoadFrom(d)
	if err != nil {
		t.Fatal(err)
	}
	var refused, summary []string
	for _, fl := range fs.List {
		switch {
		case strings.HasPrefix(fl.File, "phases/01/orders/x"):
			refused = append(refused, fl.File)
			if !strings.HasPrefix(fl.Message, `no player "x`) {
				t.Errorf("%s: %s", fl.File, fl.Message)
			}
		case fl.File == "phases/01/orders":
			summary = append(summary, fl.Message)
		}
	}
	if got, want := len(refused), folder.MaxRefusedEntries; got != want {
		t.Errorf("%d refused files listed, want %d", got, want)
	}
	if got, want := strings.Join(summary, "\n"), fmt.Sprintf("%d more entries of phases/01/orders/ are refused as the %d listed are (none of them was read)", extra, folder.MaxRefusedEntries); got != want {
		t.Errorf("summary:\n  got  %s\n  want %s", got, want)
	}
	if f == nil {
		return // the folder itself is refused: nothing kept
	}
	for file := range f.Texts {
		if strings.HasPrefix(file, "phases/01/orders/x") {
			t.Errorf("%s was read", file)
		}
	}
	for file := range f.Pre {
		if strings.HasPrefix(file, "phases/01/orders/x") {
			t.Errorf("%s was decoded", file)
		}
	}
}

// A campaign has at most MaxProfiles war-engine profiles: past them one
// fault, at the first left out, says how many there are, and the rest are
// not read (a pull request adding thousands costs a listing): those past
// the cap are sparse gigabytes, each refused for its size if it were read.
func TestProfilesCapped(t *testing.T) {
	dir := exampleAt(t, atSetup)
	profile, err := os.ReadFile(filepath.Join(dir, folder.EnginesDir, "warhound.toml"))
	if err != nil {
		t.Fatal(err)
	}
	existing, err := os.ReadDir(filepath.Join(dir, folder.EnginesDir))
	if err != nil {
		t.Fatal(err)
	}
	const extra = 50
	var first string // the first profile left out, by name
	for i := range processor.MaxProfiles - len(existing) + extra {
		name := fmt.Sprintf("a%03d.toml", i) // before the example's, by name
		p := filepath.Join(dir, folder.EnginesDir, name)
		if err := os.WriteFile(p, profile, 0o644); err != nil {
			t.Fatal(err)
		}
		if i >= processor.MaxProfiles {
			if first == "" {
				first = folder.EnginesDir + "/" + name
			}
			growSparse(t, p)
		}
	}
	d, err := folder.OpenFolder(dir, disk.Read)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Unlock()
	// The faults of engines/ stop the load: the fault list is the error.
	_, _, err = folder.LoadFrom(d)
	var invalid *processor.InvalidError
	if !errors.As(err, &invalid) {
		t.Fatalf("load: %v, want the faults of engines/", err)
	}
	var got []string
	for _, fl := range invalid.Faults {
		got = append(got, fl.File+": "+fl.Message)
	}
	want := fmt.Sprintf("%s: a campaign has at most %d war-engine profiles, and engines/ holds %d: this one and the %d after it were not read; remove the profiles no [[war_engines]] uses", first, processor.MaxProfiles, processor.MaxProfiles+extra, extra-1)
	if len(got) != 1 || got[0] != want { // a file read past the cap is refused for its size
		t.Errorf("faults:\n  got  %q\n  want %q", got, want)
	}
}

// growSparse makes a file 1 GiB long without room on disk: reading any of
// it would show in a test's time and memory, and in its faults.
func growSparse(t *testing.T, p string) {
	t.Helper()
	if err := os.Truncate(p, 1<<30); err != nil {
		t.Fatal(err)
	}
}
