package processor

import "testing"

// The table of phase folders and the ones built past it name them alike.
func TestPhaseDir(t *testing.T) {
	for phase, want := range map[int]string{0: "phases/00", 1: "phases/01", 9: "phases/09", 10: "phases/10", 24: "phases/24", 25: "phases/25", 100: "phases/100"} {
		if got := PhaseDir(phase); got != want {
			t.Errorf("PhaseDir(%d) = %q, want %q", phase, got, want)
		}
	}
	if n := testing.AllocsPerRun(10, func() { _ = InputPath(3, "results", "f12") }); n != 1 {
		t.Errorf("InputPath allocates %v times, want 1", n)
	}
}
