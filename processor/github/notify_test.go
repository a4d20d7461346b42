package github_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/warmaster/warmaster/campaigns"
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/github"
	"github.com/warmaster/warmaster/processor/github/standin"
	"github.com/warmaster/warmaster/processor/phase"
)

const (
	repo  = "club/vespator"
	dir   = "campaigns/spring"
	bot   = "bot-token"
	theft = "mallory-token"
)

// club is the example campaign, bob's phase 1 orders not yet in, set up
// at 5 January 2027 (phase 1's orders are due 8 January, 18:00 UTC).
func club(t *testing.T) string {
	t.Helper()
	d := filepath.Join(t.TempDir(), "spring")
	if err := campaigns.CopyTo(campaigns.Example, d); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(d, "phases/01/orders/bob.toml")); err != nil {
		t.Fatal(err)
	}
	advance(t, d, "2027-01-05T12:00:00Z")
	return d
}

func advance(t *testing.T, d, now string) {
	t.Helper()
	if _, err := phase.Advance(d, phase.Options{Now: at(t, now)}); err != nil {
		t.Fatal(err)
	}
}

func at(t *testing.T, s string) time.Time {
	t.Helper()
	tm, err := time.Parse(time.RFC3339, s)
	if err != nil {
		t.Fatal(err)
	}
	return tm
}

func server(t *testing.T) *standin.Server {
	t.Helper()
	s := standin.New(repo)
	t.Cleanup(s.Close)
	s.Tokens[bot] = standin.Token{Login: github.Bot, App: true}
	s.Tokens[theft] = standin.Token{Login: "mallory"}
	return s
}

func notice(t *testing.T, d string, now time.Time) *github.Notice {
	t.Helper()
	target := &processor.GitHub{Repository: repo, Branch: "main", Path: dir}
	st, err := phase.Stand(d, target, now)
	if err != nil {
		t.Fatal(err)
	}
	return github.NewNotice(dir, st, target)
}

// notify runs warmaster's notice of folder d at now against s, as the
// workflow's token.
func notify(t *testing.T, s *standin.Server, d, now string, applied ...string) string {
	t.Helper()
	c, err := github.New(context.Background(), repo, bot, s.URL)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	p := &github.Poster{Client: c, Out: &out}
	if err := p.Campaign(context.Background(), notice(t, d, at(t, now)), at(t, now), applied); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	return out.String()
}

func comments(is *standin.Issue, login string) []string {
	var out []string
	for _, c := range is.Comments {
		if c.User.Login == login {
			out = append(out, c.Body)
		}
	}
	return out
}

// A club's phase: the issue opens pinned and labelled with the awaited
// table, each awaited player mentioned beside their file; reminders come
// 48 and 12 hours before the deadline to those still awaited, each once;
// a step applied is one comment naming who acts next.
func TestCampaignIssue(t *testing.T) {
	s := server(t)
	d := club(t)
	out := notify(t, s, d, "2027-01-05T13:17:00Z")
	if len(s.Issues) != 1 {
		t.Fatalf("issues %d, want 1\n%s", len(s.Issues), out)
	}
	is := s.Issues[0]
	if !is.Pinned || is.User.Login != github.Bot || len(is.Labels) != 1 || is.Labels[0].Name != "warmaster:spring" {
		t.Errorf("issue pinned %v by %s labels %v", is.Pinned, is.User.Login, is.Labels)
	}
	if want := "Vespator Front: phase 1 of 3, step 1 Select Operations, deadline 2027-01-08 18:00 UTC"; !strings.HasPrefix(is.Title, "") || !strings.Contains(is.Title, "phase 1 of 3, step 1 Select Operations, deadline 2027-01-08 18:00 UTC") {
		t.Errorf("title %q, want like %q", is.Title, want)
	}
	for _, want := range []string{
		"<!-- warmaster:campaign campaigns/spring -->",
		"<!-- warmaster:stand phase-01/operations -->",
		"| [phases/01/orders/bob.toml][file-2]   | bob: @bob      | awaited · [new][new-2] · [edit][edit-2] |",
		"| [phases/01/orders/alice.toml][file-1] | alice: `alice` | yes · [edit][edit-1]                    |",
		"[new-2]: https://github.com/club/vespator/new/main/campaigns/spring/phases/01/orders?filename=bob.toml&value=",
		"[file-2]: https://github.com/club/vespator/blob/main/campaigns/spring/phases/01/orders/bob.toml\n",
		"[edit-1]: https://github.com/club/vespator/edit/main/campaigns/spring/phases/01/orders/alice.toml\n",
	} {
		if !strings.Contains(is.Body, want) {
			t.Errorf("body lacks %q:\n%s", want, is.Body)
		}
	}
	if len(is.Comments) != 0 {
		t.Errorf("comments on opening: %v", is.Comments)
	}

	// An hour later, nothing changed: nothing is posted.
	before := len(s.Calls)
	notify(t, s, d, "2027-01-05T14:17:00Z")
	for _, c := range s.Calls[before:] {
		if !strings.HasPrefix(c, "GET ") {
			t.Errorf("a run with nothing new posted: %s", c)
		}
	}

	// 48 hours before: bob alone is reminded, once, whatever the re-runs.
	notify(t, s, d, "2027-01-06T18:17:00Z")
	notify(t, s, d, "2027-01-06T19:17:00Z")
	notify(t, s, d, "2027-01-06T19:17:00Z")
	got := comments(is, github.Bot)
	if len(got) != 1 || !strings.Contains(got[0], "<!-- warmaster:reminder phase-01/operations/48h -->") || !strings.Contains(got[0], "@bob") || strings.Contains(got[0], "@alice") {
		t.Fatalf("48h reminders %q", got)
	}
	// 12 hours before: the second reminder, once.
	notify(t, s, d, "2027-01-08T06:17:00Z")
	notify(t, s, d, "2027-01-08T07:17:00Z")
	if got = comments(is, github.Bot); len(got) != 2 || !strings.Contains(got[1], "phase-01/operations/12h") {
		t.Fatalf("reminders %q", got)
	}
	// Past the deadline: none.
	notify(t, s, d, "2027-01-08T18:17:00Z")
	if got = comments(is, github.Bot); len(got) != 2 {
		t.Fatalf("reminder past the deadline: %q", got[2:])
	}

	// The step applied: one comment, what happened and who is next; the
	// title and body say the new step.
	advance(t, d, "2027-01-08T18:30:00Z")
	applied := []string{"phase 1: 1 Select Operations", "phase 1: 2.1 Reveal Alliance Operations"}
	// The issue judges the files at its time, as status does: in January
	// the example's phase 2 results, played in March, are faulty (later
	// than now); once played, they are in.
	for when, faulty := range map[string]bool{"2027-01-08T19:17:00Z": true, "2027-03-21T19:17:00Z": false} {
		st, err := phase.Stand(d, &processor.GitHub{Repository: repo, Branch: "main", Path: dir}, at(t, when))
		if err != nil {
			t.Fatal(err)
		}
		i := slices.IndexFunc(st.Awaited, func(a phase.Await) bool { return a.File == "phases/02/results/red-1.toml" })
		if i < 0 || st.Awaited[i].Faulty != faulty {
			t.Errorf("at %s the issue's awaited red-1 result (%d): faulty should be %v: %+v", when, i, faulty, st.Awaited)
		}
	}
	notify(t, s, d, "2027-03-21T19:17:00Z", applied...)
	notify(t, s, d, "2027-03-21T20:17:00Z", applied...)
	got = comments(is, github.Bot)
	if len(got) != 3 {
		t.Fatalf("comments after the step %d: %q", len(got), got)
	}
	step := got[2]
	for _, want := range []string{"<!-- warmaster:step phase-02/battles -->", "- phase 1: 2.1 Reveal Alliance Operations", "[Phase 1 report](https://github.com/club/vespator/blob/main/campaigns/spring/phases/01/report.md) · [Phase 2 report](https://github.com/club/vespator/blob/main/campaigns/spring/phases/02/report.md)", "Your turn, by 2027-04-01 18:00 UTC: @dave @erin @frank"} {
		if !strings.Contains(step, want) {
			t.Errorf("step comment lacks %q:\n%s", want, step)
		}
	}
	if !strings.Contains(is.Title, "phase 2 of 3, step 2.3 Resolve Battle Operations, deadline 2027-04-01 18:00 UTC") || !strings.Contains(is.Body, "<!-- warmaster:stand phase-02/battles -->") {
		t.Errorf("after the step: %q\n%s", is.Title, is.Body)
	}
}

// The campaign over: the issue says who won and closes.
func TestCampaignIssueEnds(t *testing.T) {
	s := server(t)
	d := filepath.Join(t.TempDir(), "spring")
	if err := campaigns.CopyTo(campaigns.Example, d); err != nil {
		t.Fatal(err)
	}
	advance(t, d, "2027-01-05T12:00:00Z")
	notify(t, s, d, "2027-01-05T13:00:00Z")
	advance(t, d, "2027-06-10T12:00:00Z")
	notify(t, s, d, "2027-06-10T13:00:00Z")
	notify(t, s, d, "2027-06-10T14:00:00Z")
	is := s.Issues[0]
	if is.State != "closed" || is.StateReason != "completed" || !strings.Contains(is.Title, ": over") {
		t.Fatalf("ended: %s %s %q", is.State, is.StateReason, is.Title)
	}
	got := comments(is, github.Bot)
	if len(got) != 1 || !strings.Contains(got[0], "The campaign is over: this issue closes.") {
		t.Fatalf("comments %q", got)
	}
	if len(s.Issues) != 1 {
		t.Errorf("a closed campaign's issue was opened again: %d issues", len(s.Issues))
	}
}

// A cheating player: an issue of their own with the label and the marker,
// opened first, is not the campaign's; a comment of theirs carrying a
// reminder's marker does not stop the reminder; a login written in
// campaign.toml with mentions = false is named but not mentioned.
func TestCampaignIssueForged(t *testing.T) {
	s := server(t)
	d := club(t)
	s.Add("mallory", "Vespator Front: all orders are in", "<!-- warmaster:campaign campaigns/spring -->\n<!-- warmaster:stand phase-01/operations -->\n", "warmaster:spring")
	data, err := os.ReadFile(filepath.Join(d, "campaign.toml"))
	if err != nil {
		t.Fatal(err)
	}
	data = bytes.Replace(data, []byte("login = \"bob\"\n"), []byte("login = \"bob\"\nmentions = false\n"), 1)
	if err := os.WriteFile(filepath.Join(d, "campaign.toml"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	notify(t, s, d, "2027-01-05T13:17:00Z")
	if len(s.Issues) != 2 || s.Issues[0].Title != "Vespator Front: all orders are in" {
		t.Fatalf("the forged issue was taken: %d issues, first %q", len(s.Issues), s.Issues[0].Title)
	}
	real := s.Issues[1]
	if !strings.Contains(real.Body, "| bob: `bob` ") || strings.Contains(real.Body, "@bob") {
		t.Errorf("bob opted out of mentions:\n%s", real.Body)
	}
	s.Comment(real.Number, "mallory", "<!-- warmaster:reminder phase-01/operations/48h -->\nno need")
	notify(t, s, d, "2027-01-07T10:17:00Z")
	if got := comments(real, github.Bot); len(got) != 1 || !strings.Contains(got[0], "phase-01/operations/48h") {
		t.Fatalf("reminder after the forged marker: %q", got)
	}
}

// Pages: GitHub lists 100 at most; the issue and comments are found on any
// page.
func TestPages(t *testing.T) {
	s := server(t)
	s.PerPage = 1
	d := club(t)
	s.Add("mallory", "one", "x", "warmaster:spring")
	s.Add("mallory", "two", "y", "warmaster:spring")
	notify(t, s, d, "2027-01-05T13:17:00Z")
	notify(t, s, d, "2027-01-06T19:17:00Z")
	s.Comment(3, "mallory", "hello")
	notify(t, s, d, "2027-01-06T20:17:00Z")
	if len(s.Issues) != 3 || len(comments(s.Issues[2], github.Bot)) != 1 {
		t.Fatalf("issues %d, comments %q", len(s.Issues), comments(s.Issues[2], github.Bot))
	}
}

// --dry-run without a token prints what a first run would post, the same
// each time.
func TestDryRun(t *testing.T) {
	d := club(t)
	run := func() string {
		var out bytes.Buffer
		p := &github.Poster{DryRun: true, Out: &out}
		if err := p.Campaign(context.Background(), notice(t, d, at(t, "2027-01-07T10:00:00Z")), at(t, "2027-01-07T10:00:00Z"), nil); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	a, b := run(), run()
	if a != b {
		t.Errorf("dry runs differ:\n%s\n---\n%s", a, b)
	}
	for _, want := range []string{"would create label warmaster:spring", "would open issue \"War on the Vespator Front: phase 1 of 3", "would pin issue", "would comment on issue #0 (reminder phase-01/operations/48h)", "@bob"} {
		if !strings.Contains(a, want) {
			t.Errorf("dry run lacks %q:\n%s", want, a)
		}
	}
}

// A run that failed opens one issue mentioning the registry's Warmasters,
// with the message; the same failure again posts nothing, another updates
// it; the next run that succeeds closes it.
func TestFailureIssue(t *testing.T) {
	s := server(t)
	ctx := context.Background()
	c, err := github.New(ctx, repo, bot, s.URL)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	p := &github.Poster{Client: c, Out: &out}
	msg := "campaigns/spring/phases/01/orders/bob.toml:3:1: unknown fleet \"x\"\nrestore it: git checkout 1234abc -- campaigns/spring/phases/01/orders/bob.toml\n@everyone ```"
	for range 2 {
		if err := p.Failure(ctx, []processor.Login{"alice", "zed"}, msg, "https://github.com/club/vespator/actions/runs/7"); err != nil {
			t.Fatal(err)
		}
	}
	if len(s.Issues) != 1 {
		t.Fatalf("issues %d", len(s.Issues))
	}
	is := s.Issues[0]
	for _, want := range []string{"@alice @zed: the advance workflow failed ([the run](https://github.com/club/vespator/actions/runs/7))", "````text\n" + msg + "\n````", "git checkout 1234abc --", "**What to do:**"} {
		if !strings.Contains(is.Body, want) {
			t.Errorf("failure issue lacks %q:\n%s", want, is.Body)
		}
	}
	if len(is.Labels) != 1 || is.Labels[0].Name != github.FailureLabel || len(is.Comments) != 0 {
		t.Errorf("labels %v comments %d", is.Labels, len(is.Comments))
	}
	if err := p.Failure(ctx, []processor.Login{"alice"}, "commit-back: main refused the push 5 times", ""); err != nil {
		t.Fatal(err)
	}
	if len(is.Comments) != 1 || !strings.Contains(is.Body, "refused the push") {
		t.Errorf("updated failure: %d comments\n%s", len(is.Comments), is.Body)
	}
	// A player's fake failure issue is neither updated nor closed.
	fake := s.Add("mallory", "warmaster: the advance workflow failed", "<!-- warmaster:failure -->", github.FailureLabel)
	for range 2 {
		if err := p.Resolved(ctx, "https://github.com/club/vespator/actions/runs/8"); err != nil {
			t.Fatal(err)
		}
	}
	if is.State != "closed" || len(is.Comments) != 2 || !strings.Contains(is.Comments[1].Body, "ran without a failure ([the run](https://github.com/club/vespator/actions/runs/8)): closing.") {
		t.Errorf("resolved: %s %v", is.State, is.Comments)
	}
	if fake.State != "open" || len(fake.Comments) != 0 {
		t.Errorf("the fake failure issue was touched: %s %d", fake.State, len(fake.Comments))
	}
}

// A token GitHub refuses: the error says so, and what to give.
func TestRefusedToken(t *testing.T) {
	s := server(t)
	s.Tokens["ro"] = standin.Token{Login: "reader", ReadOnly: true}
	c, err := github.New(context.Background(), repo, "ro", s.URL)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	err = (&github.Poster{Client: c, Out: &out}).Campaign(context.Background(), notice(t, club(t), at(t, "2027-01-05T13:00:00Z")), at(t, "2027-01-05T13:00:00Z"), nil)
	if err == nil || !strings.Contains(err.Error(), "issues: write") {
		t.Fatalf("err %v", err)
	}
}
