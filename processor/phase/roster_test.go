package phase

import (
	"os"
	"strings"
	"testing"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/internal/testkit"
)

// Roster changes campaign.toml alone shows to be wrong, each a fault at
// the key to change (the Warmaster's file), all at once.
func TestRosterChangesChecked(t *testing.T) {
	base, err := os.ReadFile("testdata/base/campaign.toml")
	if err != nil {
		t.Fatal(err)
	}
	m, err := os.ReadFile("testdata/base/map.toml")
	if err != nil {
		t.Fatal(err)
	}
	const gina = "\n[[players]]\nlogin = \"gina\"\nalliance = \"green\"\n\n[[fleets]]\nid = \"green-3\"\nplayer = \"gina\"\nstart = \"karabas\"\n"
	for _, tc := range []struct {
		name, add string
		want      []string // faults, each "line:col: words"; none for OK
	}{
		{"OK", gina + "\n[[roster_changes]]\nphase = 2\nstep = \"moves\"\njoin = \"gina\"\n\n[[roster_changes]]\nphase = 3\nhand = \"frank\"\nto = \"gina\"\n\n[[roster_changes]]\nphase = 3\nleave = \"dave\"\n", nil},
		{"ErrNothing", "\n[[roster_changes]]\nphase = 2\n", []string{"a roster change says what happens"}},
		{"ErrTwoChanges", gina + "\n[[roster_changes]]\nphase = 2\njoin = \"gina\"\nleave = \"dave\"\n", []string{`one change per [[roster_changes]] entry, not "join" and "leave"`}},
		{"ErrHandWithoutTo", "\n[[roster_changes]]\nphase = 2\nhand = \"bob\"\n", []string{`hand goes with to: add to = …, or remove hand`}},
		{"ErrToWithoutHand", "\n[[roster_changes]]\nphase = 2\nleave = \"bob\"\nto = \"alice\"\n", []string{`"to" goes with hand`}},
		{"ErrPastLastPhase", "\n[[roster_changes]]\nphase = 7\nleave = \"bob\"\n", []string{"phase 7 is past the campaign's last phase (6)"}},
		{"ErrFinalPhaseMoves", "\n[[roster_changes]]\nphase = 6\nstep = \"moves\"\nleave = \"bob\"\n", []string{"the final phase ends in its step 3"}},
		{"ErrOrder", "\n[[roster_changes]]\nphase = 3\nleave = \"bob\"\n\n[[roster_changes]]\nphase = 2\nleave = \"dave\"\n", []string{"roster changes are listed in the order they take effect"}},
		{"ErrUnknownLogin", "\n[[roster_changes]]\nphase = 2\nleave = \"zed\"\n", []string{`no player "zed" in [[players]]`}},
		{"ErrJoinPlaysAlready", gina + "\n[[roster_changes]]\nphase = 2\njoin = \"gina\"\n\n[[roster_changes]]\nphase = 3\njoin = \"gina\"\n", []string{"gina plays already"}},
		{"ErrJoinNoFleet", "\n[[players]]\nlogin = \"gina\"\nalliance = \"green\"\n\n[[roster_changes]]\nphase = 2\njoin = \"gina\"\n", []string{"gina joins with no fleet"}},
		{"ErrStartNotJoining", gina, []string{"start is where a fleet that joins later starts, and gina plays from the start"}},
		{"ErrNoStart", "\n[[players]]\nlogin = \"gina\"\nalliance = \"green\"\n\n[[fleets]]\nid = \"green-3\"\nplayer = \"gina\"\n\n[[roster_changes]]\nphase = 2\njoin = \"gina\"\n", []string{`fleet "green-3" joins with gina: say where it starts`}},
		{"ErrStartUnknownPlanet", strings.Replace(gina, "karabas", "atlantis", 1) + "\n[[roster_changes]]\nphase = 2\njoin = \"gina\"\n", []string{`unknown planet "atlantis"`}},
		{"ErrHandToSelf", "\n[[roster_changes]]\nphase = 2\nhand = \"bob\"\nto = \"bob\"\n", []string{"not to themselves"}},
		{"ErrLeaveTwice", "\n[[roster_changes]]\nphase = 2\nleave = \"bob\"\n\n[[roster_changes]]\nphase = 3\nleave = \"bob\"\n", []string{"bob does not play at phase 3, step operations"}},
		{"ErrHandToLeft", "\n[[roster_changes]]\nphase = 2\nleave = \"bob\"\n\n[[roster_changes]]\nphase = 3\nhand = \"alice\"\nto = \"bob\"\n", []string{"bob left the campaign earlier"}},
		// Faults NextRoster would raise when the step comes, which
		// campaign.toml alone shows: reported from the moment they are
		// written, not when the campaign reaches them.
		{"ErrLeaveLastPlayer", "\n[[roster_changes]]\nphase = 2\nleave = \"dave\"\n\n[[roster_changes]]\nphase = 2\nleave = \"carol\"\n", []string{"carol is the last player of red at phase 2, step operations"}},
		{"ErrHandOtherAlliance", "\n[[roster_changes]]\nphase = 2\nhand = \"dave\"\nto = \"alice\"\n", []string{"alice plays for blue and dave for red at phase 2, step operations: fleets go to a player of their own Alliance"}},
		{"ErrHandNothing", "\n[[roster_changes]]\nphase = 2\nleave = \"alice\"\n\n[[roster_changes]]\nphase = 3\nhand = \"alice\"\nto = \"bob\"\n", []string{"alice commands no fleet at phase 3, step operations"}},
		{"ErrPlayerNoFleet", "\n[[players]]\nlogin = \"gina\"\nalliance = \"green\"\n", []string{`player "gina" controls no fleet; every player needs at least one (add a [[fleets]] entry; a player who comes mid-campaign also joins with a [[roster_changes]] entry; if you gave their fleets to another player by editing player = …, put it back: a player hands over with a [[roster_changes]] entry from a step still to come, hand = "gina", to = "<login>", or leaves with leave = "gina"`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			text, _, _ := strings.Cut(string(base), "# -- rules --")
			testkit.WriteFile(t, dir, processor.CampaignFile, []byte(text+"[rules]\nevents = false\n"+tc.add))
			testkit.WriteFile(t, dir, processor.MapFile, m)
			_, err := folder.Load(dir)
			if len(tc.want) == 0 {
				if err != nil {
					t.Fatalf("want no fault, got:\n%v", err)
				}
				return
			}
			fs := testkit.FaultsOf(t, err)
			if len(fs) != len(tc.want) {
				t.Errorf("%d faults, want %d:\n%v", len(fs), len(tc.want), err)
			}
			for _, w := range tc.want {
				if !testkit.HasFault(fs, processor.CampaignFile, w) {
					t.Errorf("no fault of campaign.toml with %q:\n%v", w, err)
				}
			}
			for _, f := range fs {
				if f.Line == 0 {
					t.Errorf("fault without a position: %v", f)
				}
			}
		})
	}
}
