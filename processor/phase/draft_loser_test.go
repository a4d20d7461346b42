package phase

import (
	"strings"
	"testing"

	"github.com/warmaster/warmaster/processor/internal/testkit"
)

// TestDraftLoserPowerAdjust: a result's draft offers loser_power_adjust
// where Coordinated Opposition gives the losing side its ±1 — the
// Defender of a Purge and Burn against the dominating Alliance — and not
// where it cannot apply (RULINGS 8).
func TestDraftLoserPowerAdjust(t *testing.T) {
	for _, tc := range []struct {
		name, prestate string
		offered        bool
	}{
		{"in force", "effect coordinated-opposition 1 alliance=blue\n", true},
		{"not in force", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := testkit.NewCaseDir(t, "step battles\n"+tc.prestate+"order blue-1 battle purge-and-burn jawardet red\n")
			ds, err := Drafts(dir, []string{"phases/01/results/blue-1.toml"})
			if err != nil || len(ds) != 1 {
				t.Fatalf("drafts: %v, %v", ds, err)
			}
			if got := strings.Contains(ds[0].Text, "loser_power_adjust"); got != tc.offered {
				t.Errorf("loser_power_adjust offered: %v, want %v; the draft:\n%s", got, tc.offered, ds[0].Text)
			}
		})
	}
}
