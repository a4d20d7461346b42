package processor

import (
	"fmt"
	"os"
	"strings"
	"testing"
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
			if got, want := RecommendedFleets(tc.alliances, tc.players, tc.per), tc.want; got != want {
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
				text, err := StarterCampaign(alliances, per)
				if err != nil {
					t.Fatal(err)
				}
				dir := t.TempDir()
				writeFile(t, dir, CampaignFile, text)
				m, err := os.ReadFile("testdata/base/map.toml")
				if err != nil {
					t.Fatal(err)
				}
				writeFile(t, dir, MapFile, m)
				c := loadCampaign(t, dir)
				if got, want := len(c.Alliances), alliances; got != want {
					t.Errorf("%d alliances, want %d", got, want)
				}
				fleets := RecommendedFleets(alliances, alliances*per, per)
				for _, a := range c.AllianceIDs() {
					if got, want := len(c.AllianceFleets(a)), fleets; got != want {
						t.Errorf("%s has %d fleets, want %d", a, got, want)
					}
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
		if _, err := StarterCampaign(4, 2); err == nil {
			t.Error("4 Alliances accepted")
		}
	})
	t.Run("ErrPlayers", func(t *testing.T) {
		if _, err := StarterCampaign(2, 0); err == nil {
			t.Error("0 players accepted")
		}
	})
}
