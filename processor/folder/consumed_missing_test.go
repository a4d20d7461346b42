package folder

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/disk"
	"github.com/warmaster/warmaster/processor/folder/owntoml"
)

// TestMissingConsumed: an input the journal records with a SHA-256 (applied,
// or set aside with its digest) is missing from the folder: one fault at the
// file, with the digest to restore and the git commands that find the
// deletion, once however many steps name it; a file recorded without one
// (it arrived after its step) may be gone; past MaxRefusedEntries in one
// folder, one fault counts the rest.
func TestMissingConsumed(t *testing.T) {
	dir := t.TempDir()
	write := func(file string) {
		p := filepath.Join(dir, filepath.FromSlash(file))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x = 1\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("phases/01/orders/alice.toml")
	sum := func(i int) string { return fmt.Sprintf("%064x", i) }
	in := func(file string, i int) owntoml.JournalInput { return owntoml.JournalInput{Path: file, SHA256: sum(i)} }
	moves := owntoml.JournalEntry{Phase: 1, Step: processor.StepMoves}
	for i := range MaxRefusedEntries + 2 {
		moves.Inputs = append(moves.Inputs, in(fmt.Sprintf("phases/01/moves/p%03d.toml", i), 100+i))
	}
	steps := []owntoml.JournalEntry{
		{Phase: 1, Step: processor.StepOperations, Inputs: []owntoml.JournalInput{
			in("phases/01/orders/alice.toml", 1), // there
			in("phases/01/orders/bob.toml", 2),   // deleted
			{Path: "phases/01/orders/carol.toml", NotApplied: "arrived after its step was processed"}, // late, removed
		}},
		{Phase: 1, Step: processor.StepBattles, Inputs: []owntoml.JournalInput{
			{Path: "phases/01/results/blue-1.toml", SHA256: sum(3), NotApplied: "1 fault past the battles deadline"}, // set aside, deleted
		}},
		moves,
		{Phase: 1, Step: processor.StepMoves, Inputs: []owntoml.JournalInput{in("phases/01/orders/bob.toml", 2)}}, // named twice
	}
	d, err := OpenFolder(dir, disk.Read)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Unlock()
	f := &Folder{Disk: d, JournalSteps: steps, ConsumedInputs: map[string]string{}}
	for _, e := range steps {
		for _, in := range e.Inputs {
			if in.SHA256 != "" {
				f.ConsumedInputs[in.Path] = in.SHA256
			}
		}
	}
	var fs processor.Faults
	missingConsumed(f, &fs)
	if got, want := len(fs.List), 2+MaxRefusedEntries+1; got != want {
		t.Fatalf("%d faults, want %d: %v", got, want, fs.List)
	}
	bob := fs.List[0]
	if bob.File != "phases/01/orders/bob.toml" || bob.Restore != sum(2) ||
		!strings.Contains(bob.Message, "this file was deleted after phase 1's step 1 Select Operations consumed it (journal.toml records sha256 000000000000…)") ||
		!strings.HasSuffix(bob.Message, processor.RestoreDeleted(bob.File)) {
		t.Errorf("bob's fault: %+v", bob)
	}
	if r := fs.List[1]; r.File != "phases/01/results/blue-1.toml" || r.Restore != sum(3) {
		t.Errorf("the set-aside result's fault: %+v", r)
	}
	for _, x := range fs.List {
		if x.File == "phases/01/orders/alice.toml" || x.File == "phases/01/orders/carol.toml" {
			t.Errorf("a fault at %s, which may be as it is: %s", x.File, x.Message)
		}
	}
	if last := fs.List[len(fs.List)-1]; last.File != "phases/01/moves" || last.Restore != "" || !strings.HasPrefix(last.Message, "2 more files of phases/01/moves/ that applied steps consumed are missing") {
		t.Errorf("the count of the rest: %+v", last)
	}
}

// TestRestoreFromDeleted: the advice on a deleted consumed input is
// replaced, as "restore it from git history" is, where the commit is known.
func TestRestoreFromDeleted(t *testing.T) {
	file := "phases/01/moves/carol.toml"
	e := &processor.InvalidError{Faults: []processor.Fault{{File: file, Restore: "ab", Message: "gone; " + processor.RestoreDeleted(file)}}}
	e.RestoreFrom(func(f, digest string) string { return "restore it from commit " + digest })
	if got := e.Faults[0].Message; got != "gone; restore it from commit ab" {
		t.Errorf("got %q", got)
	}
}
