package folder

import (
	"fmt"
	"path"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/report"
)

// NoBattleHint words what follows "no battle %q: <dir> files are named
// after the attacking fleet; " for a file of a phase's results,
// confirmations or rulings (cp) named after no battle. A name that begins
// with a battle's id and a separator ("red-1-red", "red-1 (1)", "red-1
// copy": a side's own, a browser's copy) was meant to be that battle's:
// "did you mean red-1.toml?", and, for a result whose battle has its
// result in already (the other side's, most likely), that a battle has
// one result, which the other side confirms or disputes (where the
// campaign confirms results). rename is the path the file was meant to
// have when renaming it is the sure fix (no file is there); "" otherwise.
// Any other name gets processor.Hint's near miss, or the fleets. fs
// counts the work of that hint (nil: a short list only; see
// processor.Closest). The folder's files are as scanned: the phase's
// battles may not be known yet, so any fleet's battle is one.
func NoBattleHint(f *Folder, fs *processor.Faults, cp CampaignPath) (hint, rename string) {
	c := f.Campaign
	battle := MeantBattle(c, cp.Name)
	if battle == "" {
		return processor.Hint(fs, cp.Name, c.FleetIDs(), "fleets: "+report.OneOf(c.FleetIDs())), ""
	}
	meant := processor.InputPath(cp.Phase, cp.Dir, battle)
	hint = fmt.Sprintf("did you mean %s?", path.Base(meant))
	switch {
	case !f.Disk.IsFile(meant):
		return hint, meant
	case cp.Dir == "results" && c.Rules.ConfirmResults:
		return fmt.Sprintf("%s %s is in already, and a battle has one result: the other side confirms or disputes it in %s (`warmaster status` prints the line to write); remove this file",
			hint, meant, processor.InputPath(cp.Phase, "confirmations", battle)), ""
	case cp.Dir == "results":
		return fmt.Sprintf("%s %s is in already, and a battle has one result: change that file, if it is to change, and remove this one", hint, meant), ""
	}
	return hint, ""
}

// addNoBattle adds the fault of a results, confirmations or rulings file
// named after no battle, with the rename that mends it where there is a
// sure one (NoBattleHint).
func addNoBattle(f *Folder, fs *processor.Faults, file string) {
	cp := Classify(file)
	hint, rename := NoBattleHint(f, fs, cp)
	fs.Add(processor.Src{File: file}, "no battle %q: %s files are named after the attacking fleet; %s", cp.Name, cp.Dir, hint)
	if rename != "" {
		fs.List[len(fs.List)-1].Fix = &processor.Fix{Kind: processor.FixRename, Meant: rename}
	}
}

// MeantBattle is the battle a file's name begins with, followed by a
// separator ("red-1-red", "red-1 (1)"): battlePrefix's, of the
// campaign's battles; "" for none.
func MeantBattle(c *processor.Campaign, name string) string {
	return battlePrefix(name, func(id string) bool {
		_, ok := c.BattleFleet(id)
		return ok
	})
}

// isIDByte reports whether b is a letter or digit, which go on an id
// rather than end it.
func isIDByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b >= 0x80
}
