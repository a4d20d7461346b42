package repository

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// Machinations of Fate: each player says whether they defect. The wishes
// sit in the Alliance's event choices file, which any of its players
// changes; a teammate who adds, changes or strikes out another player's
// wish is refused, key by key against the base.
func TestDefectionsAreEachPlayersOwn(t *testing.T) {
	const (
		events = "campaigns/spring/phases/01/events/green.toml"
		table  = "[machinations_of_fate]\n"
	)
	defectRepo := func(t *testing.T) *testRepo {
		r := newTestRepo(t)
		campaign := r.read("campaigns/spring/campaign.toml")
		r.write("campaigns/spring/campaign.toml", strings.Replace(campaign, "phase = 1\nevent = \"lull-in-the-fighting\"", "phase = 1\nevent = \"machinations-of-fate\"", 1))
		for _, a := range []string{"blue", "red", "green"} {
			if err := os.Remove(r.path("campaigns/spring/phases/01/events/" + a + ".toml")); err != nil {
				t.Fatal(err)
			}
		}
		r.commit("Machinations of Fate in phase 1")
		r.merged("erin", func() { r.write(events, table+"erin = \"red\"\n") })
		return r
	}
	for _, tc := range []struct {
		name, actor, text string
		want              []string // file:line:col: …message…, in order
	}{
		{"OwnLineAdded", "frank", table + "erin = \"red\"\nfrank = \"blue\"\n", nil},
		{"OwnLineChanged", "erin", table + "erin = \"blue\"\n", nil},
		{"OwnLineRemoved", "erin", table, nil},
		{"UntouchedLineKept", "frank", "# frank leaves erin's wish be\n" + table + "erin = \"red\"\n", nil},
		{"ErrOthersLineChanged", "frank", table + "erin = \"blue\"\n", []string{"2:1", "frank may not change this file: it changes [machinations_of_fate] erin, erin's wish to defect"}},
		{"ErrOthersLineRemoved", "frank", table + "frank = \"red\"\n", []string{"1:1", "frank may not change this file: it removes [machinations_of_fate] erin"}},
		{"ErrOthersLineSpeltOtherwise", "frank", table + "erin = \"red\"\nERIN = \"blue\"\n", []string{"3:1", "it adds [machinations_of_fate] ERIN, erin's wish to defect"}},
		{"ErrFileDeleted", "frank", "", []string{"0:0", "it removes [machinations_of_fate] erin"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := defectRepo(t)
			rep := r.change(tc.actor, func() {
				if tc.text == "" {
					os.Remove(r.path(events))
					return
				}
				r.write(events, tc.text)
			})
			if tc.want == nil {
				wantFaults(t, rep)
				return
			}
			wantFaults(t, rep, [2]string{events, tc.want[1]})
			if f := rep.Faults[0]; fmt.Sprintf("%d:%d", f.Line, f.Col) != tc.want[0] {
				t.Errorf("at %d:%d, want %s", f.Line, f.Col, tc.want[0])
			}
			if !strings.HasPrefix(rep.Faults[0].Message, "Whether erin defects is erin's word alone") {
				t.Errorf("the refusal does not open in the player's words: %s", rep.Faults[0].Message)
			}
		})
	}
	// A key that is no player's (frank's own line, misspelt) is the
	// check's to name, not another's wish.
	t.Run("OwnLineMisspelt", func(t *testing.T) {
		t.Parallel()
		r := defectRepo(t)
		rep := r.change("frank", func() { r.write(events, table+"erin = \"red\"\nfrnak = \"blue\"\n") })
		wantFaults(t, rep, [2]string{events, `unknown player "frnak"; did you mean "frank"?`})
	})
	// Another Alliance's file is refused whole, once.
	t.Run("ErrOtherAlliance", func(t *testing.T) {
		t.Parallel()
		r := defectRepo(t)
		rep := r.change("carol", func() { r.write(events, table) })
		wantFaults(t, rep, [2]string{events, "This is green's event choices file, not your Alliance's"})
	})
}
