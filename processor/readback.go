package processor

import (
	"fmt"
	"path"
	"slices"
	"strings"
)

// What Warmaster reads back from the files it wrote — state.toml,
// journal.toml — is checked as a player's file is: a value a run could not
// have written (a Power Level of 99, a step out of order, a journal cut
// short) is a fault at its line and column, and nothing is processed.
// Damage or a hand edit would otherwise decide the campaign quietly.

// stepAt is a step of a phase, as the journal and the state name it.
type stepAt struct {
	Phase int
	Step  Step
}

func (p stepAt) String() string {
	if p.Step == StepSetup {
		return "set-up"
	}
	return fmt.Sprintf("phase %d, step %s", p.Phase, p.Step)
}

// nextSteps are the steps the campaign can wait for once an input step
// has been applied (run.nextStep, and the End of the Campaign after the
// last phase's battles).
func nextSteps(done stepAt) []stepAt {
	p := done.Phase
	switch done.Step {
	case StepSetup:
		return []stepAt{{1, StepOpenTome}, {1, StepOperations}}
	case StepOpenTome:
		return []stepAt{{p, StepOperations}}
	case StepOperations:
		return []stepAt{{p, StepBattles}}
	case StepBattles:
		return []stepAt{{p, StepEvents}, {p, StepMoves}, {p, StepTiebreak}, {p, StepEnded}}
	case StepEvents:
		return []stepAt{{p, StepMoves}}
	case StepMoves:
		return []stepAt{{p, StepBuilds}}
	case StepBuilds:
		return []stepAt{{p + 1, StepOpenTome}, {p + 1, StepOperations}}
	case StepTiebreak:
		return []stepAt{{p, StepEnded}}
	}
	return nil
}

func stepList(steps []stepAt) string {
	s := make([]string, len(steps))
	for i, st := range steps {
		s[i] = st.String()
	}
	return strings.Join(s, " or ")
}

// checkJournal checks journal.toml's entries as read: each complete, in the
// order steps are applied, and the last one the step just before the
// state's (when the state could be read). A journal cut short or edited
// would let inputs be applied twice or never, and replay lie.
func checkJournal(c *Campaign, s *State, steps []journalEntry, fs *faults) {
	root := Src{File: JournalFile}
	bad := func(at Src, format string, args ...any) {
		fs.add(at, format+" (journal.toml is written by the processor: it was cut short or edited; restore it from git history)", args...)
	}
	var prev *stepAt
	for i, e := range steps {
		at := root.At("steps", i)
		here := stepAt{e.Phase, e.Step}
		switch {
		case e.Step == StepEnded:
			bad(at.At("step"), "step %q is never applied: it is where a campaign stops", e.Step)
		case (e.Step == StepSetup) != (e.Phase == 0):
			bad(at.At("phase"), "phase %d with step %q: set-up is phase 0, every other step phase 1 to %d", e.Phase, e.Step, c.Phases)
		case e.Phase < 0 || e.Phase > c.Phases:
			bad(at.At("phase"), "phase %d is outside 1–%d", e.Phase, c.Phases)
		case prev != nil && !slices.Contains(nextSteps(*prev), here):
			bad(at, "%s cannot follow %s: after it comes %s", here, *prev, stepList(nextSteps(*prev)))
		}
		if e.Applied.IsZero() {
			bad(at, "this step has no applied time")
		}
		for j, in := range e.Inputs {
			checkJournalInput(root.At("steps", i, "inputs", j), in, bad)
		}
		prev = &here
	}
	if s == nil {
		return
	}
	state := stepAt{s.Phase, s.Step}
	switch {
	case prev == nil && s.Step != StepSetup:
		bad(root, "the journal has no step, but state.toml is at %s", state)
	case prev != nil && !slices.Contains(nextSteps(*prev), state):
		bad(root.At("steps", len(steps)-1), "the last step applied is %s, so the campaign waits for %s; state.toml is at %s", *prev, stepList(nextSteps(*prev)), state)
	}
}

// checkJournalInput: an input is a file of the campaign folder, by a
// clean slash path, and the SHA-256 of what the step consumed.
func checkJournalInput(at Src, in journalInput, bad func(Src, string, ...any)) {
	switch p := in.Path; {
	case p == "":
		bad(at, "this input has no path")
	case path.IsAbs(p) || path.Clean(p) != p || p == ".." || strings.HasPrefix(p, "../") || strings.Contains(p, `\`):
		bad(at.At("path"), "%q is not a file of the campaign folder: a path relative to it, such as phases/01/orders/alice.toml", p)
	}
	if !isSHA256(in.SHA256) {
		bad(at.At("sha256"), "%q is not a SHA-256: 64 hexadecimal digits, lower case", in.SHA256)
	}
}

func isSHA256(s string) bool {
	if len(s) != 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !(s[i] >= '0' && s[i] <= '9' || s[i] >= 'a' && s[i] <= 'f') {
			return false
		}
	}
	return true
}
