package phase

import (
	"strings"
	"testing"

	"github.com/warmaster/warmaster/processor/internal/testkit"
)

// TestDraftLaurelOfVictory: a build's draft does not offer another
// Alliance's Laurel of Victory planet, where "No other Alliance can build
// any Infrastructure on that Planet" for the whole campaign by default, and
// offers it with laurel_of_victory_builds = "setup" (RULINGS 40).
func TestDraftLaurelOfVictory(t *testing.T) {
	for _, tc := range []struct {
		name, rules string
		offered     bool
	}{
		{"campaign", "", false},
		{"setup", "laurel_of_victory_builds = \"setup\"\n", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := testkit.NewCaseDirWith(t, tc.rules, "step builds\nbenefit laurel-of-victory red\nlaurel norallus\nfleet blue-1 norallus\n")
			ds, err := Drafts(dir, []string{"phases/01/builds/blue.toml"})
			if err != nil || len(ds) != 1 {
				t.Fatalf("drafts: %v, %v", ds, err)
			}
			var lists []string
			for _, line := range strings.Split(ds[0].Text, "\n") {
				if strings.Contains(line, "fortification-line at ") {
					lists = append(lists, line)
				}
			}
			if len(lists) == 0 {
				t.Fatalf("no list of planets in the draft:\n%s", ds[0].Text)
			}
			if got := strings.Contains(strings.Join(lists, "\n"), "norallus"); got != tc.offered {
				t.Errorf("norallus offered: %v, want %v; the draft:\n%s", got, tc.offered, ds[0].Text)
			}
		})
	}
}
