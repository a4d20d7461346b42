package folder

import (
	"fmt"
	"path"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder/owntoml"
)

// What a step used never changes, nor goes: every input the journal
// records with a SHA-256 — applied, or set aside past its deadline (a
// replay holds it to its digest to reach the same decision); a sealed
// orders file and the orders its reveal wrote beside it — stays in the
// folder as the step found it. A changed one is refused where the folder
// is read (consumed); a deleted one is not there to read, and is found
// from the journal (missingConsumed). A file the journal records without
// a SHA-256 arrived after its step and was never read: it may be removed.

// missingConsumed refuses a folder from which an input the journal says a
// step consumed is missing: a fault at that file, as for a changed one,
// carrying the digest to restore (Fault.Restore), in the journal's order.
// Past MaxRefusedEntries files of one folder, one fault says how many more
// are missing there (a phase folder deleted whole).
//
// A campaign of 100,000 players has a million such inputs after a few
// phases, and a look-up of each in the folder's listing costs a load a
// third of a second (their paths are strings of their own, far apart in
// memory). The load has looked each file of a processed step up in the
// journal's record already (consumed), and counted those it holds: when
// they are all of it, none is missing, and the journal is not gone over.
// Each path is looked up in the listing (never on disk) only when one is.
func missingConsumed(f *Folder, fs *processor.Faults) {
	if f.Disk == nil || f.consumedThere == len(f.ConsumedInputs) {
		return
	}
	var (
		seen map[string]bool // the missing files found: a path may be in several steps
		per  map[string]int  // how many of them each folder has
		dirs []string        // those folders, in the journal's order
	)
	for _, e := range f.JournalSteps {
		for _, in := range e.Inputs {
			if in.SHA256 == "" || f.Disk.IsFile(in.Path) || seen[in.Path] {
				continue
			}
			if seen == nil {
				seen, per = map[string]bool{}, map[string]int{}
			}
			seen[in.Path] = true
			dir := path.Dir(in.Path)
			if per[dir] == 0 {
				dirs = append(dirs, dir)
			}
			if per[dir]++; per[dir] > MaxRefusedEntries {
				continue
			}
			want := f.ConsumedInputs[in.Path]
			fs.List = append(fs.List, processor.Fault{File: in.Path, Restore: want, Message: processor.PlainFirst(
				"This file was used by a step already played and must stay as it was: put it back and commit it (on a pull request, undo the deletion).",
				fmt.Sprintf("this file was deleted after %s consumed it (journal.toml records sha256 %.12s…); %s", stepConsumed(e), want, processor.RestoreDeleted(in.Path)))})
		}
	}
	for _, dir := range dirs {
		if more := per[dir] - MaxRefusedEntries; more > 0 {
			fs.Add(processor.Src{File: dir}, "%d more files of %s/ that applied steps consumed are missing, as the %d listed are: restore each from git history (in the campaign folder, git log --diff-filter=D -- %s names the commits that deleted them)", more, dir, MaxRefusedEntries, dir)
		}
	}
}

// stepConsumed names the step of a journal entry, as a fault about its
// inputs says it.
func stepConsumed(e owntoml.JournalEntry) string {
	if e.Step == processor.StepSetup {
		return "the set-up"
	}
	return fmt.Sprintf("phase %d's step %s", e.Phase, e.Step.Title())
}
