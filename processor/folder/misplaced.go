package folder

import (
	"fmt"
	"strings"

	"github.com/warmaster/warmaster/processor"
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
	return newSheetNames(f, phase).stray(sub)
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

// StrayBattleText is check's fault at a file of a phase's battles/ that
// is not a battle sheet (StrayBattleFile).
func StrayBattleText(file, meant, why string) string {
	phase, _, _ := phaseOf(file)
	dir := processor.PhaseDir(phase)
	msg := fmt.Sprintf("Warmaster reads no file here: %s/battles/ holds only the battle sheets Warmaster writes", dir)
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
// red-1-result.toml, red-1_result, RED-1.toml — or "": its longest
// beginning, up to a "-", "_", "." or " ", that is a battle, as written or
// in lower case.
func battlePrefix(name string, isBattle func(string) bool) string {
	for i := len(name); i > 0; i-- {
		if i < len(name) && !strings.ContainsRune("-_. ", rune(name[i])) {
			continue
		}
		for _, id := range []string{name[:i], strings.ToLower(name[:i])} {
			if isBattle(id) {
				return id
			}
		}
	}
	return ""
}
