package phase

import (
	"fmt"
	"os"
	"strings"
	"testing"

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
