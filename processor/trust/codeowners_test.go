package trust

import (
	"strings"
	"testing"

	"github.com/warmaster/warmaster/processor"
)

// The campaign's rules as CODEOWNERS lines: anchored at the repository
// root, the folder itself * when it is the root, a comment above each
// section.
func TestWriteCodeOwners(t *testing.T) {
	rules := []Owners{
		{Pattern: "", Logins: []processor.Login{"alice"}, Section: "The Warmaster's"},
		{Pattern: "campaign.toml", Logins: []processor.Login{"alice"}, Section: "The Warmaster's"},
		{Pattern: "phases/*/orders/bob.toml*", Logins: []processor.Login{"bob", "alice"}, Section: "Each player's"},
	}
	for root, want := range map[string]string{
		"campaigns/war": "\n# The Warmaster's\n/campaigns/war/ @alice\n/campaigns/war/campaign.toml @alice\n\n# Each player's\n/campaigns/war/phases/*/orders/bob.toml* @bob @alice\n",
		".":             "\n# The Warmaster's\n* @alice\n/campaign.toml @alice\n\n# Each player's\n/phases/*/orders/bob.toml* @bob @alice\n",
	} {
		var b strings.Builder
		WriteCodeOwners(&b, root, rules)
		if b.String() != want {
			t.Errorf("root %s:\n%s\nwant:\n%s", root, b.String(), want)
		}
	}
}

// The campaign folder as CODEOWNERS can hold it: from the repository root,
// cleaned; outside it, or a character the syntax cannot match, refused.
func TestCodeOwnersRoot(t *testing.T) {
	for dir, want := range map[string]string{"./campaigns/war/": "campaigns/war", ".": ".", "campaigns//war": "campaigns/war"} {
		if got, err := CodeOwnersRoot(dir); got != want || err != nil {
			t.Errorf("CodeOwnersRoot(%q) = %q, %v; want %q", dir, got, err, want)
		}
	}
	for dir, want := range map[string]string{"../war": "from the repository root", "/abs": "from the repository root", "odd name": "cannot match", "a#b": "cannot match"} {
		if _, err := CodeOwnersRoot(dir); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("CodeOwnersRoot(%q): %v, want %q", dir, err, want)
		}
	}
}

// bigCampaign is a campaign of players (placeholder logins) in three
// Alliances, the first player its Warmaster.
func bigCampaign(players int) *processor.Campaign {
	c := &processor.Campaign{}
	c.Rules.ConfirmResults = true
	ids := []processor.AllianceID{"blue", "red", "green"}
	for _, a := range ids {
		c.Alliances = append(c.Alliances, processor.Alliance{ID: a})
	}
	for i := range players {
		a := ids[i%len(ids)]
		c.Players = append(c.Players, processor.Player{Login: processor.StarterLogin(a, i/len(ids)+1), Alliance: a, Warmaster: i == 0})
	}
	return c
}

// CODEOWNERS grows with the players, not with their square: GitHub loads
// no file of 3 MB or more, which naming every ally on each player's lines
// reached at about 500 players (13 MB at 1,002). Each player's lines name
// the player and at most MaxAllyReviewers allies.
func TestCodeOwnersSize(t *testing.T) {
	size := func(players int) int {
		rules, err := campaignCodeOwners(bigCampaign(players), []processor.Login{"orga"})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rules {
			if strings.Contains(r.Pattern, "/orders/") && len(r.Logins) > 1+MaxAllyReviewers {
				t.Fatalf("%s names %d owners", r.Pattern, len(r.Logins))
			}
		}
		var b strings.Builder
		WriteCampaignCodeOwners(&b, "campaigns/k", rules)
		return b.Len()
	}
	small, big := size(1500), size(3000)
	t.Logf("CODEOWNERS: %d bytes for 1,500 players, %d for 3,000", small, big)
	if big >= 3_000_000/2 {
		t.Errorf("%d bytes for 3,000 players: GitHub loads no CODEOWNERS of 3 MB or more, and this leaves too little room", big)
	}
	if float64(big) > 2.2*float64(small) {
		t.Errorf("twice the players, %.1f times the size: it should grow linearly", float64(big)/float64(small))
	}
}

// An Alliance of five: each player's files are reviewed by the three
// allies who follow them in campaign.toml, the first ones after the last;
// nobody reviews more than three players' files.
func TestAllyReviewers(t *testing.T) {
	a := []processor.Login{"a", "b", "c", "d", "e"}
	for login, want := range map[processor.Login]string{"a": "a b c d", "c": "c a d e", "e": "e a b c"} {
		if got := joinLogins(allyReviewers(a, login), " ", ""); got != want {
			t.Errorf("%s: got %s, want %s", login, got, want)
		}
	}
	if got := joinLogins(allyReviewers(a[:2], "b"), " ", ""); got != "b a" {
		t.Errorf("an Alliance of two: got %s, want b a", got)
	}
}

// In a campaign repository, its Warmasters (the registry's) own
// campaign.toml, map.toml and what the processor writes, as the check
// allows none but them to change those; the rulings are the campaign's
// Warmaster's and theirs; an Alliance of one's files may be approved by
// the campaign's Warmaster and by theirs. With no warmaster = true (a
// public campaign whose organisers do not play) the registry's are enough.
func TestCodeOwnersRepositoryWarmasters(t *testing.T) {
	c := bigCampaign(4) // blue: the Warmaster and player-2; red and green: one player each
	repo := []processor.Login{"orga", "zoe"}
	check := func(c *processor.Campaign, want map[string]string) {
		t.Helper()
		rules, err := campaignCodeOwners(c, repo)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rules {
			if w, ok := want[r.Pattern]; ok {
				if got := joinLogins(r.Logins, " ", ""); got != w {
					t.Errorf("%s: got %s, want %s", r.Pattern, got, w)
				}
				delete(want, r.Pattern)
			}
		}
		if len(want) > 0 {
			t.Errorf("no rules for %v", want)
		}
	}
	check(c, map[string]string{
		"":                                       "orga zoe",
		"campaign.toml":                          "orga zoe",
		"map.toml":                               "orga zoe",
		"state.toml":                             "orga zoe",
		"phases/*/rulings/":                      "player-1-of-blue orga zoe",
		"setup/red.toml":                         "player-1-of-red player-1-of-blue orga zoe",
		"phases/*/orders/player-1-of-blue.toml*": "player-1-of-blue player-2-of-blue",
	})
	c.Players[0].Warmaster = false
	check(c, map[string]string{
		"campaign.toml":     "orga zoe",
		"phases/*/rulings/": "orga zoe",
		"setup/red.toml":    "player-1-of-red orga zoe",
	})
}
