package folder

import (
	"fmt"
	"strings"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/report"
)

// Files a player put in the wrong place or gave the wrong name: what check
// says of them, and what the pull-request check says (processor/trust).

// StrayBattleFile says whether a file under a phase's battles/ is not a
// battle sheet Warmaster wrote: ok false for a battle sheet, or a file
// that may be one (the state keeps the battles of its own phase only: of
// a past phase, a sheet is any <battle>.toml). Battle sheets are
// phases/NN/battles/<battle>.toml, <battle> a battle of phase NN; a result
// filed there (red-1-result.toml), a sheet of a battle nobody fought,
// another case (RED-1.toml), a file in a folder there are not. meant is
// the result file of the battle the file's name begins with
// (phases/01/results/red-1.toml), or ""; why, when there is more to say
// than that the file is not a sheet, says it.
func StrayBattleFile(f *Folder, file string) (meant, why string, ok bool) {
	phase, rest, isPhase := phaseOf(file)
	sub, isBattles := strings.CutPrefix(rest, "battles/")
	if !isPhase || !isBattles || sub == "" || f.Campaign == nil {
		return "", "", false
	}
	// Once a phase: a pull request may add thousands of files here, and
	// the state's orders are many.
	if f.sheets == nil {
		f.sheets = map[int]*sheetNames{}
	}
	sn := f.sheets[phase]
	if sn == nil {
		sn = newSheetNames(f, phase)
		f.sheets[phase] = sn
	}
	return sn.stray(sub)
}

// sheetNames are the names of the battle sheets of a phase, as far as the
// state knows them.
type sheetNames struct {
	phase int
	c     *processor.Campaign
	// battles are the phase's battles, when known: none before its 2.1
	// Reveal; else any battle of the campaign may have a sheet.
	battles    map[string]bool
	known      bool
	unrevealed bool
}

func newSheetNames(f *Folder, phase int) *sheetNames {
	sn := &sheetNames{phase: phase, c: f.campaignFor(phase, processor.StepBattles), unrevealed: notRevealed(f.State, phase)}
	s := f.State
	switch {
	case s == nil || s.Step == processor.StepEnded || s.Step == processor.StepTiebreak:
	case sn.unrevealed:
		sn.known = true
	case phase == s.Phase && len(s.Orders) > 0:
		// Revealed, and the phase not over: its orders are the state's.
		sn.known, sn.battles = true, map[string]bool{}
		for _, o := range s.Orders {
			if o.Op == processor.Battle {
				sn.battles[o.ID()] = true
			}
		}
	}
	return sn
}

// isBattle reports whether a battle of the phase may be id.
func (sn *sheetNames) isBattle(id string) bool {
	if sn.known {
		return sn.battles[id]
	}
	_, ok := sn.c.BattleFleet(id)
	return ok
}

// stray is StrayBattleFile of the path sub below the phase's battles/.
func (sn *sheetNames) stray(sub string) (meant, why string, ok bool) {
	first, _, nested := strings.Cut(sub, "/")
	if stem, isTOML := strings.CutSuffix(first, ".toml"); !nested && isTOML {
		if sn.isBattle(stem) {
			return "", "", false
		}
		if _, isFleet := sn.c.BattleFleet(stem); isFleet {
			if sn.unrevealed {
				why = fmt.Sprintf("phase %d's battles are not revealed yet", sn.phase)
			} else {
				why = fmt.Sprintf("%s fought no battle in phase %d", stem, sn.phase)
			}
		}
	}
	if id := battlePrefix(first, sn.isBattle); id != "" {
		meant = processor.InputPath(sn.phase, "results", id)
	}
	return meant, why, true
}

// ReadsNoFile opens check's fault at a file Warmaster never reads.
const ReadsNoFile = "Warmaster reads no file here: "

// StrayBattleText is check's fault at a file of a phase's battles/ that
// is not a battle sheet (StrayBattleFile).
func StrayBattleText(file, meant, why string) string {
	phase, _, _ := phaseOf(file)
	dir := processor.PhaseDir(phase)
	msg := fmt.Sprintf("%s%s/battles/ holds only the battle sheets Warmaster writes", ReadsNoFile, dir)
	if why != "" {
		msg += " (" + why + ")"
	}
	msg += fmt.Sprintf("; a battle's result goes in %s/results/<attacking fleet>.toml", dir)
	if meant != "" {
		msg += fmt.Sprintf(": %s for %s's", meant, Classify(meant).Name)
	}
	return msg
}

// notRevealed reports whether the battles of a phase are still to be
// revealed (2.1 Reveal Alliance Operations writes their sheets).
func notRevealed(s *processor.State, phase int) bool {
	if s == nil || s.Step == processor.StepEnded || s.Step == processor.StepTiebreak {
		return false
	}
	return phase > s.Phase || phase == s.Phase && s.Step < processor.StepBattles
}

// battlePrefix is the battle a name begins with — red-1 of
// red-1-result.toml, red-1_result, "red-1 (1)", RED-1.toml — or "": its
// longest beginning, in lower case, up to a character that ends an id
// (anything but a letter or digit), that is a battle ("red-1-2-red" is
// red-1-2's, Defiant Zeal's second battle).
func battlePrefix(name string, isBattle func(string) bool) string {
	lower := strings.ToLower(name)
	for i := len(lower); i > 0; i-- {
		if i < len(lower) && isIDByte(lower[i]) {
			continue
		}
		if isBattle(lower[:i]) {
			return lower[:i]
		}
	}
	return ""
}

// nameFor reports whether name is one the files of a phase's input folder
// dir are named after in the campaign c: a player's login (orders/,
// moves/), an Alliance (builds/, events/), a battle (results/,
// confirmations/, rulings/).
func nameFor(c *processor.Campaign, dir, name string) bool {
	switch inputWho[dir] {
	case "login":
		_, ok := c.PlayerOf(processor.Login(name))
		return ok
	case "alliance":
		return c.HasAlliance(processor.AllianceID(name))
	case "fleet", "battle":
		_, ok := c.BattleFleet(name)
		return ok
	}
	return false
}

// misnamedStem is the name a file was likely meant to have before its
// .toml when it has no ending (alice) or a slip of one (alice.tml,
// alice.tmol): whether it was is for the folder to say, by the name.
func misnamedStem(name string) (string, bool) {
	stem, ext, dotted := strings.Cut(name, ".")
	if stem == "" || strings.Contains(ext, ".") || dotted && !nearTOML(strings.ToLower(ext)) {
		return "", false
	}
	return stem, true
}

// nearTOML reports whether an ending is "toml" but for a slip: a letter
// left out, one more, another, two swapped (tml, tomll, tomk, tmol).
func nearTOML(ext string) bool {
	const want = "toml"
	switch len(ext) - len(want) {
	case 0:
		diff := []int{}
		for i := range want {
			if ext[i] != want[i] {
				diff = append(diff, i)
			}
		}
		return len(diff) <= 1 || len(diff) == 2 && diff[1] == diff[0]+1 && ext[diff[0]] == want[diff[1]] && ext[diff[1]] == want[diff[0]]
	case -1, 1:
		long, short := ext, want
		if len(ext) < len(want) {
			long, short = want, ext
		}
		for i := range long {
			if long[:i]+long[i+1:] == short {
				return true
			}
		}
	}
	return false
}

// inPhaseFolder is what the fault of a file in a phase folder itself adds
// when the file is named after a player, an Alliance or a battle: the
// files it was likely meant to be — the one of them the campaign awaits
// now, or all of them.
func inPhaseFolder(f *Folder, phase int, name string) string {
	stem, ok := strings.CutSuffix(name, ".toml")
	if !ok {
		if to, meant := meantTOML(name); meant {
			stem = strings.TrimSuffix(to, ".toml")
		} else if stem, ok = misnamedStem(name); !ok {
			return ""
		}
	}
	campaigns := map[processor.Step]*processor.Campaign{}
	var all, now []string
	whos := map[string]bool{}
	for _, d := range inputDirs {
		c, ok := campaigns[d.step]
		if !ok {
			c = f.campaignFor(phase, d.step)
			campaigns[d.step] = c
		}
		if !nameFor(c, d.dir, stem) {
			continue
		}
		file := processor.InputPath(phase, d.dir, stem)
		all = append(all, file)
		whos[strings.Replace(inputWho[d.dir], "fleet", "battle", 1)] = true // results/ are named after the battle's attacking fleet
		if awaitedFile(f, phase, d.dir, d.step, stem) {
			now = append(now, file)
		}
	}
	if len(all) == 0 {
		return ""
	}
	is := ""
	if len(whos) == 1 {
		for who := range whos {
			is = fmt.Sprintf("%s is %s: ", stem, map[string]string{"login": "a player's login", "alliance": "an Alliance", "battle": "a battle"}[who])
		}
	}
	if len(now) > 0 {
		return fmt.Sprintf("; %sdid you mean %s, awaited now? Move it there", is, now[0])
	}
	return fmt.Sprintf("; %sdid you mean %s? Move it there", is, report.Either(all))
}

// awaitedNow reports whether the campaign waits now for the files of a
// step of a phase.
func awaitedNow(s *processor.State, phase int, step processor.Step) bool {
	return s != nil && s.Phase == phase && (s.Step == step || step == processor.StepOperations && s.Step == processor.StepOpenTome)
}

// awaitedFile reports whether the campaign waits now for the file of a
// phase's input folder dir, read at step, named name (a valid name): its
// step is the one now, and it is not in; a confirmation once the result
// it answers is, and never a ruling (the Warmaster's, on a dispute).
func awaitedFile(f *Folder, phase int, dir string, step processor.Step, name string) bool {
	switch {
	case !awaitedNow(f.State, phase, step) || f.Disk.IsFile(processor.InputPath(phase, dir, name)) || dir == "rulings":
		return false
	case dir == "confirmations":
		return f.Disk.IsFile(processor.InputPath(phase, "results", name))
	}
	return true
}

// notBegun reports whether a phase has not begun: it is later than the
// state's. (Phase 1's files during the set-up are the campaign's first,
// and sent early as a matter of course.)
func notBegun(s *processor.State, phase int) bool {
	return s != nil && s.Step != processor.StepEnded && phase > max(s.Phase, 1)
}

// earlyNotes note the input files of phases not begun: read when their
// phase comes to their step, each is likely meant for the phase now
// (phases/02/results/red-1.toml for phases/01/results/red-1.toml).
type earlyNotes struct {
	f      *Folder
	sheets *sheetNames // the battles of the state's phase, once asked
}

// note notes the input file of a phase not begun, of its folder dir, read
// at step, named name; "did you mean" the file of the phase now, when the
// campaign waits for it.
func (e *earlyNotes) note(phase int, dir string, step processor.Step, name string) {
	f, s := e.f, e.f.State
	n := processor.Fault{File: processor.InputPath(phase, dir, name), Message: fmt.Sprintf("phase %d has not begun: this file waits for phase %d's %s step", phase, phase, step)}
	now := processor.InputPath(s.Phase, dir, name)
	if s.Phase != phase && awaitedFile(f, s.Phase, dir, step, name) && nameFor(f.campaignFor(s.Phase, step), dir, name) {
		if e.sheets == nil {
			e.sheets = newSheetNames(f, s.Phase)
		}
		if inputWho[dir] == "login" || inputWho[dir] == "alliance" || e.sheets.isBattle(name) {
			n.Message += fmt.Sprintf("; did you mean %s, awaited now?", now)
			f.Notes = append(f.Notes, n) // each file once: no need to look for it among them
			return
		}
	}
	// A file sent ahead on purpose, maybe (a campaign's example has every
	// phase's): said when named.
	f.EarlyNotes = append(f.EarlyNotes, n)
}
