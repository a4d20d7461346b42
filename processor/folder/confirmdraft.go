package folder

import (
	"fmt"

	"github.com/warmaster/warmaster/processor"
)

// ConfirmationDraft is the draft of the confirmation file of a result in
// and not answered — no confirmation, or a void one (it names another
// text of the result) — now: the one line that confirms it as filed (its
// SHA-256), who commits it, and in comments how to dispute it instead; ok
// false where no confirmation is awaited: the result not in, answered
// already, or of a step not the campaign's now.
func ConfirmationDraft(f *Folder, file string) (text string, ok bool) {
	cp := Classify(file)
	s := f.State
	res := f.Results[cp.Phase][cp.Name]
	if cp.Kind != KindConfirmation || s == nil || cp.Phase != s.Phase || s.Step != processor.StepBattles || res == nil {
		return "", false
	}
	if c := f.Confirmations[cp.Phase][cp.Name]; c != nil && c.Digest() == res.SHA256 || c == nil && f.Disk.IsFile(file) {
		return "", false // answered (or there, with faults of its own)
	}
	who := ""
	if other := confirmingSide(f, cp.Name, res.FiledBy); other != "" {
		who = fmt.Sprintf("# A player of %s, the side that did not file it, commits it.\n", other)
	}
	return fmt.Sprintf("# Confirms %s as filed now (its SHA-256): commit this file as it is.\n"+
		"%s"+
		"# To dispute it instead, write these two lines in place of confirms:\n"+
		"#   disputes = %q\n"+
		"#   why = \"…\"\n"+
		"confirms = %q\n", res.Src.File, who, res.SHA256, res.SHA256), true
}

// confirmingSide is the side of the battle (its id) that did not file its
// result, of the state's revealed battles; "" when not known.
func confirmingSide(f *Folder, battle string, filer processor.AllianceID) processor.AllianceID {
	for _, o := range f.State.Orders {
		if o.Op != processor.Battle || o.ID() != battle {
			continue
		}
		if b := (processor.BattleOp{Attacker: f.Campaign.FleetAlliance(o.Fleet), Defender: o.Defender}); filer == b.Attacker || filer == b.Defender {
			return b.OtherSide(filer)
		}
	}
	return ""
}
