package github_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/github"
	"github.com/warmaster/warmaster/processor/phase"
	"github.com/warmaster/warmaster/processor/simulate"
)

// crowd is a simulated campaign of 300 players stopped at phase 1's moves
// step, every player's moves file awaited; with the logins awaited, in
// the issue's order, and the step's deadline.
func crowd(t *testing.T) (d string, when time.Time, awaited []string, deadline time.Time) {
	t.Helper()
	d, when = simulatedAt(t, simulate.Params{Seed: "crowd", Players: 300, Planets: 20, Phases: 2}, processor.StepMoves)
	st, err := phase.Stand(d, &processor.GitHub{Repository: repo, Branch: "main", Path: dir}, when)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range st.Awaited {
		if !a.Awaiting() {
			continue
		}
		for _, l := range a.Senders(st.Campaign) {
			if !slices.Contains(awaited, string(l)) {
				awaited = append(awaited, string(l))
			}
		}
	}
	if len(awaited) != 300 {
		t.Fatalf("%d players awaited, want 300", len(awaited))
	}
	return d, when, awaited, st.Deadline
}

var mentionRE = regexp.MustCompile(`(?:^|[\s(])@([A-Za-z0-9][A-Za-z0-9-]*)`)

// mentioned are the logins text @-mentions, in order, each as often as it
// is mentioned.
func mentioned(text string) []string {
	var out []string
	for _, m := range mentionRE.FindAllStringSubmatch(text, -1) {
		out = append(out, m[1])
	}
	return out
}

// distinct is how many different logins are in list.
func distinct(list []string) int {
	s := slices.Clone(list)
	slices.Sort(s)
	return len(slices.Compact(s))
}

// everyOnce reports how texts, together, fail to mention each of want
// exactly once; each text mentioning at most github.MaxMentions players
// (GitHub notifies no more of one comment) and within GitHub's length.
func everyOnce(t *testing.T, what string, texts []string, want []string) {
	t.Helper()
	count := map[string]int{}
	for i, text := range texts {
		m := mentioned(text)
		if distinct(m) > github.MaxMentions {
			t.Errorf("%s, comment %d: %d players mentioned, over %d", what, i+1, distinct(m), github.MaxMentions)
		}
		if l := utf8.RuneCountInString(text); l > github.MaxBody {
			t.Errorf("%s, comment %d: %d characters, over %d", what, i+1, l, github.MaxBody)
		}
		for _, l := range m {
			count[l]++
		}
	}
	for _, l := range want {
		if count[l] != 1 {
			t.Errorf("%s: @%s mentioned %d times, want once", what, l, count[l])
		}
	}
	if len(count) != len(want) {
		t.Errorf("%s: %d players mentioned, want the %d awaited", what, len(count), len(want))
	}
}

// TestCrowdReminded: a campaign awaiting 300 players' files reaches every
// one of them: the issue's body names each (the table's rows are cut to fit
// GitHub's length), and the step comment and each reminder mention each
// exactly once, in as many comments as GitHub's 50 mentions a comment
// take, each posted once whatever the re-runs.
func TestCrowdReminded(t *testing.T) {
	d, when, awaited, dl := crowd(t)
	n := notice(t, d, when)
	if l := utf8.RuneCountInString(n.Body); l > github.MaxBody {
		t.Errorf("issue body %d characters, over %d", l, github.MaxBody)
	}
	body := mentioned(n.Body)
	for _, l := range awaited {
		if !slices.Contains(body, l) {
			t.Errorf("the issue's body leaves out @%s", l)
		}
	}

	s := server(t)
	stamp := func(t time.Time) string { return t.UTC().Format(time.RFC3339) }
	notify(t, s, d, stamp(when), "phase 1: 3 Resolve Battles")
	if len(s.Issues) != 1 {
		t.Fatalf("issues: %d", len(s.Issues))
	}
	is := s.Issues[0]
	if got := comments(is, github.Bot); len(got) != 0 {
		t.Fatalf("comments on opening: %d", len(got))
	}

	for _, r := range []struct {
		at  time.Time
		key string
	}{{dl.Add(-47 * time.Hour), "48h"}, {dl.Add(-11 * time.Hour), "12h"}} {
		before := len(is.Comments)
		notify(t, s, d, stamp(r.at))
		posted := comments(is, github.Bot)[before:]
		if len(posted) != 6 { // 300 players, 50 a comment
			t.Errorf("%s reminder: %d comments, want 6", r.key, len(posted))
		}
		for i, c := range posted {
			if !strings.Contains(c, "<!-- warmaster:reminder phase-01/moves/"+r.key) {
				t.Errorf("%s reminder, comment %d without its marker:\n%.500s", r.key, i+1, c)
			}
		}
		everyOnce(t, r.key+" reminder", posted, awaited)

		// Re-runs post nothing more.
		calls := len(s.Calls)
		notify(t, s, d, stamp(r.at.Add(time.Hour)))
		notify(t, s, d, stamp(r.at.Add(time.Hour)))
		for _, c := range s.Calls[calls:] {
			if !strings.HasPrefix(c, "GET ") {
				t.Errorf("a re-run of the %s reminder: %s", r.key, c)
			}
		}
	}

	// The step comment, when the issue moves on to the moves step: each
	// awaited player mentioned once across its comments.
	parts := n.StepComment("phase-01/battles", []string{"phase 1: 3 Resolve Battles"})
	var texts []string
	for _, p := range parts {
		texts = append(texts, p.Text)
	}
	everyOnce(t, "step comment", texts, awaited)
	if len(parts) != 6 || parts[0].Key != "phase-01/moves" || parts[5].Key != "phase-01/moves/6" {
		t.Errorf("step comment parts: %d, first %q", len(parts), parts[0].Key)
	}
}

// TestCrowdStepResumed: a run stopped after the step comment's first part
// (GitHub refused one) posts the others on the next run, none twice.
func TestCrowdStepResumed(t *testing.T) {
	d, when, awaited, _ := crowd(t)
	s := server(t)
	// The issue opened one step earlier says another stand.
	s.Add(github.Bot, "old", "<!-- warmaster:campaign campaigns/spring -->\n<!-- warmaster:stand phase-01/battles -->\n", "warmaster:spring")
	n := notice(t, d, when)
	parts := n.StepComment("phase-01/battles", nil)
	s.Comment(1, github.Bot, parts[0].Text)
	s.Comment(1, github.Bot, parts[1].Text)
	notify(t, s, d, when.UTC().Format(time.RFC3339))
	notify(t, s, d, when.Add(time.Hour).UTC().Format(time.RFC3339))
	everyOnce(t, "step comment", comments(s.Issues[0], github.Bot), awaited)
}
