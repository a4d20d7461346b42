package phase

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/internal/testkit"
)

// Determine Warmaster, Alliances and Fleets: the recommended Fleets per
// Alliance (2 Alliances: 3 each; 3 Alliances: 2 each up to 6 players, 3 for
// 7–9, 4 for 10–12, 1 per player for 13+), and never fewer Fleets than an
// Alliance has players ("each player will need at least one Fleet").
func TestRecommendedFleets(t *testing.T) {
	for _, tc := range []struct{ alliances, players, per, want int }{
		{2, 2, 1, 3}, {2, 4, 2, 3}, {2, 6, 3, 3}, {2, 8, 4, 4},
		{3, 3, 1, 2}, {3, 6, 2, 2}, {3, 7, 3, 3}, {3, 9, 3, 3}, {3, 10, 4, 4}, {3, 12, 4, 4},
		{3, 13, 5, 5}, {3, 15, 5, 5}, {3, 30, 10, 10},
	} {
		t.Run(fmt.Sprintf("OK/%dx%d", tc.alliances, tc.players), func(t *testing.T) {
			if got, want := processor.RecommendedFleets(tc.alliances, tc.players, tc.per), tc.want; got != want {
				t.Errorf("RecommendedFleets(%d, %d, %d) = %d, want %d", tc.alliances, tc.players, tc.per, got, want)
			}
		})
	}
}

// StarterCampaign's campaign.toml decodes without a fault for every club
// size, and each player commands a fleet.
func TestStarterCampaign(t *testing.T) {
	for _, alliances := range []int{2, 3} {
		for _, per := range []int{1, 2, 3, 4, 5} {
			t.Run(fmt.Sprintf("OK/%dx%d", alliances, per), func(t *testing.T) {
				text, err := processor.StarterCampaign(alliances, per)
				if err != nil {
					t.Fatal(err)
				}
				dir := t.TempDir()
				testkit.WriteFile(t, dir, processor.CampaignFile, text)
				m, err := os.ReadFile("testdata/base/map.toml")
				if err != nil {
					t.Fatal(err)
				}
				testkit.WriteFile(t, dir, processor.MapFile, m)
				c := testkit.LoadCampaign(t, dir)
				if got, want := len(c.Alliances), alliances; got != want {
					t.Errorf("%d alliances, want %d", got, want)
				}
				fleets := processor.RecommendedFleets(alliances, alliances*per, per)
				for _, a := range c.AllianceIDs() {
					if got, want := len(c.AllianceFleets(a)), fleets; got != want {
						t.Errorf("%s has %d fleets, want %d", a, got, want)
					}
				}
				// An event that asks for choices must not wait forever.
				if d := c.Deadlines[1]; d.Events.IsZero() || !d.Battles.Before(d.Events) || !d.Events.Before(d.Moves) {
					t.Errorf("phase 1's deadlines %+v: want an events deadline between battles and moves", d)
				}
				for _, p := range c.Players {
					if len(c.FleetsOf(p.Login)) == 0 {
						t.Errorf("%s commands no fleet", p.Login)
					}
					if !strings.HasPrefix(string(p.Login), "player-") {
						t.Errorf("login %q is not an obvious placeholder", p.Login)
					}
				}
			})
		}
	}
	t.Run("ErrAlliances", func(t *testing.T) {
		if _, err := processor.StarterCampaign(4, 2); err == nil {
			t.Error("4 Alliances accepted")
		}
	})
	t.Run("ErrPlayers", func(t *testing.T) {
		if _, err := processor.StarterCampaign(2, 0); err == nil {
			t.Error("0 players accepted")
		}
	})
}

// Placeholders: check accepts campaign.toml as init writes it, but notes
// the placeholder logins and seed left in it, at their lines; none once
// they are replaced.
func TestPlaceholders(t *testing.T) {
	text, err := processor.StarterCampaign(2, 2)
	if err != nil {
		t.Fatal(err)
	}
	m, err := os.ReadFile("testdata/base/map.toml")
	if err != nil {
		t.Fatal(err)
	}
	notes := func(t *testing.T, text string) []processor.Fault {
		t.Helper()
		dir := t.TempDir()
		testkit.WriteFile(t, dir, processor.CampaignFile, []byte(text))
		testkit.WriteFile(t, dir, processor.MapFile, m)
		f, err := Check(dir, Options{})
		if err != nil {
			t.Fatalf("check refuses it: %v", err)
		}
		return f.Placeholders()
	}
	t.Run("OK/Starter", func(t *testing.T) {
		got := notes(t, string(text))
		if len(got) != 2 {
			t.Fatalf("notes %v, want 2: the seed and the logins", got)
		}
		if seed := got[0]; !strings.Contains(seed.String(), `campaign.toml:19:8: seed "change me" is warmaster init's placeholder`) {
			t.Errorf("seed note %q", seed)
		}
		if logins := got[1]; !strings.HasPrefix(logins.Message, "4 logins are still warmaster init's placeholders (player-1-of-blue, player-2-of-blue, player-1-of-red, player-2-of-red)") || logins.Line == 0 {
			t.Errorf("logins note %q", logins)
		}
	})
	t.Run("OK/Replaced", func(t *testing.T) {
		s := strings.NewReplacer("player-1-of-blue", "ana", "player-2-of-blue", "ben", "player-1-of-red", "cleo", "player-2-of-red", "dara",
			`"change me"`, `"autumn club 2027"`).Replace(string(text))
		if got := notes(t, s); len(got) != 0 {
			t.Errorf("notes %v after the placeholders were replaced", got)
		}
	})
	t.Run("OK/OneLeft", func(t *testing.T) {
		s := strings.NewReplacer("player-1-of-blue", "ana", "player-2-of-blue", "ben", "player-1-of-red", "cleo").Replace(string(text))
		got := notes(t, s)
		if len(got) != 2 || !strings.HasPrefix(got[1].Message, "login player-2-of-red is still warmaster init's placeholder: replace it") {
			t.Errorf("notes %v, want the seed's and player-2-of-red's", got)
		}
	})
}

// init writes deadlines for every phase, from a start and a cadence: a
// phase without deadlines would wait for every file for ever. The default
// keeps phase 1 as it always was (start 2027-01-04, every 5 weeks).
func TestStarterDeadlines(t *testing.T) {
	m, err := os.ReadFile("testdata/base/map.toml")
	if err != nil {
		t.Fatal(err)
	}
	load := func(t *testing.T, text []byte) *processor.Campaign {
		t.Helper()
		dir := t.TempDir()
		testkit.WriteFile(t, dir, processor.CampaignFile, text)
		testkit.WriteFile(t, dir, processor.MapFile, m)
		return testkit.LoadCampaign(t, dir)
	}
	at := func(s string) time.Time {
		v, err := time.Parse(time.RFC3339, s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	t.Run("OKDefault", func(t *testing.T) {
		text, err := processor.StarterCampaign(3, 2)
		if err != nil {
			t.Fatal(err)
		}
		c := load(t, text)
		d := c.Deadlines[1]
		for _, w := range []struct {
			got  time.Time
			want string
		}{{d.Operations, "2027-01-08T18:00:00Z"}, {d.Battles, "2027-02-01T18:00:00Z"}, {d.Events, "2027-02-02T18:00:00Z"}, {d.Moves, "2027-02-04T18:00:00Z"}, {d.Builds, "2027-02-07T18:00:00Z"}} {
			if !w.got.Equal(at(w.want)) {
				t.Errorf("phase 1 deadline %s, want %s", w.got.Format(time.RFC3339), w.want)
			}
		}
		for p := 2; p < c.Phases; p++ {
			prev, d := c.Deadlines[p-1], c.Deadlines[p]
			if d.Operations.IsZero() || d.Builds.IsZero() || !prev.Builds.Before(d.Operations) {
				t.Errorf("phase %d's deadlines %+v do not follow phase %d's", p, d, p-1)
			}
		}
		// The last phase ends at its step 3 (End of the Campaign): no event
		// choices, moves or builds; a tie's final battles are due where
		// the builds of every other phase are, 6 days after the battles.
		last, prev := c.Deadlines[c.Phases], c.Deadlines[c.Phases-1]
		if !last.Events.IsZero() || !last.Moves.IsZero() || !last.Builds.IsZero() {
			t.Errorf("phase %d, the last, has events, moves or builds deadlines: %+v", c.Phases, last)
		}
		if last.Operations.IsZero() || !prev.Builds.Before(last.Operations) || !last.Tiebreak.Equal(last.Battles.Add(6*24*time.Hour)) {
			t.Errorf("phase %d's deadlines %+v: want operations after phase %d's builds, and tiebreak 6 days after battles", c.Phases, last, c.Phases-1)
		}
		if got, want := last.Tiebreak, at("2027-08-01T18:00:00Z"); !got.Equal(want) {
			t.Errorf("phase 6's tiebreak deadline %s, want %s", got.Format(time.RFC3339), want.Format(time.RFC3339))
		}
	})
	t.Run("OKEvery4Weeks", func(t *testing.T) {
		text, err := processor.StarterCampaignEvery(2, 2, processor.Cadence{Start: at("2027-03-01T00:00:00Z"), Every: 28 * 24 * time.Hour})
		if err != nil {
			t.Fatal(err)
		}
		c := load(t, text)
		if got, want := c.Deadlines[2].Operations, at("2027-04-02T18:00:00Z"); !got.Equal(want) {
			t.Errorf("phase 2's operations deadline %s, want %s", got.Format(time.RFC3339), want.Format(time.RFC3339))
		}
		if got, want := c.Deadlines[5].Builds, at("2027-07-18T18:00:00Z"); !got.Equal(want) {
			t.Errorf("phase 5's builds deadline %s, want %s", got.Format(time.RFC3339), want.Format(time.RFC3339))
		}
		if got, want := c.Deadlines[6].Tiebreak, at("2027-08-15T18:00:00Z"); !got.Equal(want) || !c.Deadlines[6].Builds.IsZero() {
			t.Errorf("phase 6's tiebreak deadline %s (builds %s), want %s and no builds", got.Format(time.RFC3339), c.Deadlines[6].Builds.Format(time.RFC3339), want.Format(time.RFC3339))
		}
	})
	t.Run("ErrTooShort", func(t *testing.T) {
		if _, err := processor.StarterCampaignEvery(2, 2, processor.Cadence{Start: at("2027-03-01T00:00:00Z"), Every: 10 * 24 * time.Hour}); err == nil {
			t.Error("a 10-day phase accepted")
		}
	})
}
