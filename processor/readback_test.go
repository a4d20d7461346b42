package processor

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// writePrestate writes s as state.toml and, unless the folder has one, a
// journal.toml whose one step is the one applied just before s's: what a
// run that led there leaves (the tests' states are made, not played).
func writePrestate(tb testing.TB, dir string, s *State) {
	tb.Helper()
	writeFile(tb, dir, StateFile, s.encode())
	if _, err := os.Stat(filepath.Join(dir, JournalFile)); err == nil || s.Step == StepSetup {
		return
	}
	prev, ok := previousStep(stepAt{s.Phase, s.Step})
	if !ok {
		tb.Fatalf("no step comes before %s", stepAt{s.Phase, s.Step})
	}
	at := time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)
	writeFile(tb, dir, JournalFile, appendJournal(nil, []journalEntry{{Phase: prev.Phase, Step: prev.Step, Applied: at}}))
}

// previousStep is a step after which the campaign waits for st.
func previousStep(st stepAt) (stepAt, bool) {
	for phase := max(st.Phase-1, 0); phase <= st.Phase; phase++ {
		for step := StepSetup; step < StepEnded; step++ {
			if (step == StepSetup) != (phase == 0) {
				continue
			}
			if cand := (stepAt{phase, step}); slices.Contains(nextSteps(cand), st) {
				return cand, true
			}
		}
	}
	return stepAt{}, false
}
