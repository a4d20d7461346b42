package github_test

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/github"
	"github.com/warmaster/warmaster/processor/simulate"
)

// errAtStep stops a simulation (simulatedAt).
var errAtStep = errors.New("at the step")

// simulatedAt is a campaign simulated with params into a folder "spring"
// and stopped once it reaches step, with the time of the advance that
// reached it.
func simulatedAt(t *testing.T, params simulate.Params, step processor.Step) (string, time.Time) {
	t.Helper()
	d := filepath.Join(t.TempDir(), "spring")
	var when time.Time
	err := simulate.Run(d, params, func(s simulate.Step) error {
		if s.Folder.State.Step == step {
			when = s.Now
			return errAtStep
		}
		return nil
	}, nil)
	if !errors.Is(err, errAtStep) {
		t.Fatalf("simulate: %v", err)
	}
	return d, when
}

// public is a simulated public campaign of 3,000 players in 3 Alliances,
// stopped at phase 1's battles step with every result awaited: each
// awaited result may come from the attacker or any of the defending
// Alliance's 1,000 players.
func public(t *testing.T) (string, time.Time) {
	t.Helper()
	if testing.Short() {
		t.Skip("a 3,000-player campaign: not in -short")
	}
	return simulatedAt(t, simulate.Params{Seed: "public", Players: 3000, Planets: 40, Phases: 2}, processor.StepBattles)
}

// TestPublicCampaignIssue: at a public campaign's size everything posted
// stays within the 65,536 characters GitHub takes of an issue's body or a
// comment (the stand-in refuses more, as GitHub does): the awaited table
// with fewer rows and, in each, fewer of a defending Alliance's players
// named; the step comment and the reminders mention every player awaited
// once, 50 a comment.
func TestPublicCampaignIssue(t *testing.T) {
	d, when := public(t)
	n := notice(t, d, when)
	if l := utf8.RuneCountInString(n.Body); l > github.MaxBody {
		t.Errorf("issue body %d characters, over %d", l, github.MaxBody)
	}
	if !strings.Contains(n.Body, "more of alliance") {
		t.Errorf("the body does not count the players it leaves out:\n%.3000s", n.Body)
	}
	// Every player is awaited (each Alliance defends a battle): each is
	// mentioned once, 50 a comment.
	var players []string
	for i := 1; i <= 3000; i++ {
		players = append(players, fmt.Sprintf("player-%d", i))
	}
	var step []string
	for _, p := range n.StepComment("phase-01/operations", []string{"phase 1: 1 Select Operations", "phase 1: 2.1 Reveal Alliance Operations"}) {
		step = append(step, p.Text)
	}
	if len(step) != 60 {
		t.Errorf("step comment: %d comments, want 60", len(step))
	}
	everyOnce(t, "step comment", step, players)

	s := server(t)
	notify(t, s, d, "2027-01-05T13:17:00Z", "phase 1: 1 Select Operations")
	if len(s.Issues) != 1 || !strings.Contains(s.Issues[0].Body, "<!-- warmaster:stand phase-01/battles -->") {
		t.Fatalf("issues: %d", len(s.Issues))
	}
	// A day before the deadline, the reminder: posted (the stand-in takes
	// it), within the limits, each player mentioned once.
	notify(t, s, d, "2030-01-07T00:00:00Z")
	got := comments(s.Issues[0], github.Bot)
	if len(got) != 60 || !strings.Contains(got[0], "warmaster:reminder phase-01/battles/48h -->") || !strings.Contains(got[59], "warmaster:reminder phase-01/battles/48h/60 -->") {
		t.Fatalf("reminders: %d", len(got))
	}
	everyOnce(t, "reminder", got, players)
}
