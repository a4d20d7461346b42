package github

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/phase"
)

// TestFitWords: as many words as fit in the room, joined by spaces.
func TestFitWords(t *testing.T) {
	words := []string{"@ann", "@bo", "@cy"} // 4 + 1 + 3 + 1 + 3 = 12 bytes
	for room, want := range []int{0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3} {
		got := fitWords(words, room)
		if got != want {
			t.Errorf("room %d: %d words, want %d", room, got, want)
		}
		if l := len(strings.Join(words[:got], " ")); l > room {
			t.Errorf("room %d: %d bytes", room, l)
		}
	}
	if fitWords(nil, 10) != 0 {
		t.Error("no words: not 0")
	}
}

// TestTenThousandAwaited: at 10,000 players awaited, each with a login of
// GitHub's longest (39 characters), the body stays within GitHub's
// length, naming in its table and its "Also awaited" line as many as fit
// and counting the others; the reminder mentions each once, in comments of
// 50 mentions, each within the length.
func TestTenThousandAwaited(t *testing.T) {
	const players = 10000
	dl := time.Date(2030, 1, 15, 0, 0, 0, 0, time.UTC)
	st := &phase.Standing{
		Campaign: &processor.Campaign{Name: "Crowd", Phases: 2},
		State:    &processor.State{Phase: 1, Step: processor.StepMoves},
		Headline: "Crowd — phase 1 of 2, step: moves.",
		Deadline: dl,
	}
	for i := range players {
		l := processor.Login(fmt.Sprintf("p%038d", i))
		st.Awaited = append(st.Awaited, phase.Await{File: "phases/01/moves/" + string(l) + ".toml", Who: string(l), Logins: []processor.Login{l}})
		st.New = append(st.New, "https://github.com/club/vespator/new/main/campaigns/crowd/phases/01/moves?filename="+string(l)+".toml&value="+strings.Repeat("x", 300))
	}
	n := NewNotice("campaigns/crowd", st, &processor.GitHub{Repository: "club/vespator", Branch: "main", Path: "campaigns/crowd"})
	if len(n.Body) > MaxBody {
		t.Errorf("body %d bytes, over %d", len(n.Body), MaxBody)
	}
	if !strings.Contains(n.Body, "Also awaited: @p") || !strings.Contains(n.Body, "more: the campaign's README and `warmaster status` name them") {
		t.Errorf("the body does not name and count the players its table leaves out:\n%s", n.Body[len(n.Body)-2000:])
	}
	parts := n.Reminder(dl.Add(-time.Hour))
	if len(parts) != players/MaxMentions {
		t.Errorf("reminder: %d comments, want %d", len(parts), players/MaxMentions)
	}
	seen := map[string]int{}
	for i, p := range parts {
		if len(p.Text) > MaxBody {
			t.Errorf("reminder %d: %d bytes", i+1, len(p.Text))
		}
		if m := strings.Count(p.Text, "@p"); m > MaxMentions {
			t.Errorf("reminder %d: %d mentions", i+1, m)
		}
		if !hasMarker(p.Text, marker("reminder", p.Key)) {
			t.Errorf("reminder %d lacks its marker %q", i+1, p.Key)
		}
		for _, w := range strings.Fields(p.Text) {
			if strings.HasPrefix(w, "@p") {
				seen[w]++
			}
		}
	}
	for w, k := range seen {
		if k != 1 {
			t.Errorf("%s mentioned %d times", w, k)
		}
	}
	if len(seen) != players {
		t.Errorf("%d mentioned of %d", len(seen), players)
	}
}
