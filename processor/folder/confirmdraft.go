package folder

import (
	"fmt"

	"github.com/warmaster/warmaster/processor"
)

// ConfirmationDraft is the draft of the confirmation file of a result in
// and not yet answered, now — the one line that confirms it as filed (its
// SHA-256), and in comments how to dispute it instead — or ok false where
// no confirmation is awaited: the result not in, answered already, or of
// a step not the campaign's now.
func ConfirmationDraft(f *Folder, file string) (text string, ok bool) {
	cp := Classify(file)
	s := f.State
	res := f.Results[cp.Phase][cp.Name]
	if cp.Kind != KindConfirmation || s == nil || cp.Phase != s.Phase || s.Step != processor.StepBattles || res == nil || f.Disk.IsFile(file) {
		return "", false
	}
	return fmt.Sprintf("# Confirms %s as filed now (its SHA-256): commit this file as it is.\n"+
		"# To dispute it instead, write these two lines in place of confirms:\n"+
		"#   disputes = %q\n"+
		"#   why = \"…\"\n"+
		"confirms = %q\n", res.Src.File, res.SHA256, res.SHA256), true
}
