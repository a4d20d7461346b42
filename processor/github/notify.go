package github

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	gh "github.com/google/go-github/v84/github"

	"github.com/warmaster/warmaster/processor"
)

// Poster posts notices, or with DryRun prints what it would post. Its
// Client may be nil (a dry run without a token): then no issue is taken to
// exist yet, and it prints everything a first run would post.
type Poster struct {
	Client *Client
	DryRun bool
	Out    io.Writer
	// Gap is the pause between two comments of a run (GitHub asks for a
	// second between requests that post, lest its secondary rate limit
	// refuse them: a large campaign's reminder is many comments).
	Gap time.Duration

	commented bool // a comment was posted in this run
}

// do runs an action, or prints it in a dry run; it always says what it did.
func (p *Poster) do(what, text string, act func() error) error {
	if p.DryRun {
		fmt.Fprintf(p.Out, "would %s\n", what)
		if text != "" {
			fmt.Fprintf(p.Out, "%s\n", indent(text))
		}
		return nil
	}
	if err := act(); err != nil {
		return err
	}
	fmt.Fprintf(p.Out, "%s\n", pastTense(what))
	return nil
}

// comment posts text on issue number unless it was posted already,
// pausing Gap after the run's previous comment.
func (p *Poster) comment(ctx context.Context, number int, what, text string, posted bool) error {
	if posted {
		return nil
	}
	if p.commented && !p.DryRun && p.Gap > 0 {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(p.Gap):
		}
	}
	p.commented = true
	return p.do(what, text, func() error {
		return p.Client.comment(ctx, number, text)
	})
}

func indent(text string) string {
	var b strings.Builder
	for line := range strings.Lines(strings.TrimRight(text, "\n")) {
		b.WriteString("    " + line)
	}
	return b.String()
}

// pastTense turns "open issue …" into "opened issue …" for the log.
func pastTense(what string) string {
	for _, v := range [][2]string{{"open ", "opened "}, {"edit ", "edited "}, {"comment ", "commented "}, {"pin ", "pinned "}, {"close ", "closed "}, {"create ", "created "}} {
		if s, ok := strings.CutPrefix(what, v[0]); ok {
			return v[1] + s
		}
	}
	return what
}

// Campaign brings the campaign's issue up to date with n at now: opens
// (labels and pins) it the first time; when the campaign moved on since
// the issue last said, comments what happened (applied: the steps, as
// advance printed them) and who must act; rewrites title and body; posts
// the reminder due, once; closes it when the campaign is over.
func (p *Poster) Campaign(ctx context.Context, n *Notice, now time.Time, applied []string) error {
	var issue *gh.Issue
	var comments []*gh.IssueComment
	if p.Client != nil {
		list, err := p.Client.issues(ctx, n.Label, marker("campaign", n.Dir))
		if err != nil {
			return err
		}
		if len(list) > 0 {
			issue = list[0] // the oldest: one made later is not the campaign's
			if comments, err = p.Client.comments(ctx, issue.GetNumber()); err != nil {
				return err
			}
		}
	}
	posted := func(m string) bool {
		return slices.ContainsFunc(comments, func(c *gh.IssueComment) bool { return hasMarker(c.GetBody(), m) })
	}
	number := 0
	if issue == nil {
		if err := p.do("create label "+n.Label, "", func() error {
			return p.Client.ensureLabel(ctx, n.Label, "5319e7", "warmaster: where the campaign "+n.Dir+" stands")
		}); err != nil {
			return err
		}
		var created *gh.Issue
		if err := p.do(fmt.Sprintf("open issue %q for %s", n.Title, n.Dir), n.Body, func() (err error) {
			created, err = p.Client.create(ctx, n.Title, n.Body, []string{n.Label})
			return err
		}); err != nil {
			return err
		}
		if created != nil {
			number = created.GetNumber()
		}
		// Pinning is a courtesy: a token that may not pin leaves the
		// issue as it is, said in the log.
		if err := p.do(fmt.Sprintf("pin issue #%d", number), "", func() error {
			return p.Client.pin(ctx, created.GetNodeID())
		}); err != nil {
			fmt.Fprintf(p.Out, "note: %v (pin it by hand: the issue's page, Pin issue)\n", err)
		}
	} else {
		number = issue.GetNumber()
		// Each of the step comment's parts once: a run stopped midway
		// (the issue still says the stand before) posts the others.
		if from := markerValue(issue.GetBody(), "stand"); from != n.Stand {
			for i, part := range n.StepComment(from, applied) {
				what := fmt.Sprintf("comment on issue #%d", number)
				if i > 0 {
					what += " (step " + part.Key + ")"
				}
				if err := p.comment(ctx, number, what, part.Text, posted(marker("step", part.Key))); err != nil {
					return err
				}
			}
		}
		if issue.GetTitle() != n.Title || strings.TrimSpace(issue.GetBody()) != strings.TrimSpace(n.Body) || (issue.GetState() == "closed" && !n.Ended) {
			open := "open"
			req := &gh.IssueRequest{Title: &n.Title, Body: &n.Body}
			if !n.Ended {
				req.State = &open
			}
			if err := p.do(fmt.Sprintf("edit issue #%d: %q", number, n.Title), n.Body, func() error {
				return p.Client.edit(ctx, number, req)
			}); err != nil {
				return err
			}
		}
	}
	for _, part := range n.Reminder(now) {
		if err := p.comment(ctx, number, fmt.Sprintf("comment on issue #%d (reminder %s)", number, part.Key), part.Text, posted(marker("reminder", part.Key))); err != nil {
			return err
		}
	}
	if n.Ended && (issue == nil || issue.GetState() != "closed") {
		closed, completed := "closed", "completed"
		if err := p.do(fmt.Sprintf("close issue #%d: the campaign is over", number), "", func() error {
			return p.Client.edit(ctx, number, &gh.IssueRequest{State: &closed, StateReason: &completed})
		}); err != nil {
			return err
		}
	}
	return nil
}

// FailureLabel labels the issue that tells the Warmasters a run failed.
const FailureLabel = "warmaster:failure"

// maxMessage bounds the message quoted in the failure issue (GitHub
// refuses a body of more than 65,536 characters).
const maxMessage = 40000

// Failure opens the failure issue, mentioning the Warmasters, with the
// exact message and what to do; or, when it is open, updates it and
// comments — only when the message changed, so that an hourly run failing
// the same way does not post every hour.
func (p *Poster) Failure(ctx context.Context, warmasters []processor.Login, message, runURL string) error {
	message = cut(strings.TrimRight(message, "\n"))
	if strings.TrimSpace(message) == "" {
		message = "(warmaster printed nothing: the workflow failed before or around it; the run's log says where)"
	}
	sum := sha256.Sum256([]byte(message))
	digest := "sha256:" + hex.EncodeToString(sum[:])
	var mentions []string
	for _, l := range warmasters {
		mentions = append(mentions, "@"+string(l))
	}
	var b strings.Builder
	b.WriteString(marker("failure", "") + "\n" + marker("failure-message", digest) + "\n\n")
	if len(mentions) > 0 {
		b.WriteString(strings.Join(mentions, " ") + ": t")
	} else {
		b.WriteString("T")
	}
	b.WriteString("he advance workflow failed")
	if runURL != "" {
		fmt.Fprintf(&b, " ([the run](%s))", runURL)
	}
	b.WriteString(". Warmaster said:\n\n" + fence(message) + "\n\n")
	b.WriteString("**What to do:** read the message above. A campaign that failed wrote nothing: mend the file it names " +
		"(where it says `git checkout … --`, that command puts back a file a step consumed) and merge the fix; " +
		"the push runs the advance workflow again, and so does every hour. " +
		"If the push back was refused (commit-back), someone changed the campaign while it advanced: nothing is lost, the next run advances from there; " +
		"or run it now: Actions → warmaster advance → Run workflow. This issue closes by itself after the next run that succeeds.\n")
	body := b.String()
	title := "warmaster: the advance workflow failed"

	var issue *gh.Issue
	if p.Client != nil {
		list, err := p.Client.issues(ctx, FailureLabel, marker("failure", ""))
		if err != nil {
			return err
		}
		for _, is := range list {
			if is.GetState() == "open" {
				issue = is
				break
			}
		}
	}
	if issue == nil {
		if err := p.do("create label "+FailureLabel, "", func() error {
			return p.Client.ensureLabel(ctx, FailureLabel, "d73a4a", "warmaster: a run of the advance workflow failed")
		}); err != nil {
			return err
		}
		return p.do(fmt.Sprintf("open issue %q", title), body, func() error {
			_, err := p.Client.create(ctx, title, body, []string{FailureLabel})
			return err
		})
	}
	if markerValue(issue.GetBody(), "failure-message") == digest {
		fmt.Fprintf(p.Out, "issue #%d already says this failure\n", issue.GetNumber())
		return nil
	}
	number := issue.GetNumber()
	if err := p.do(fmt.Sprintf("edit issue #%d", number), body, func() error {
		return p.Client.edit(ctx, number, &gh.IssueRequest{Body: &body})
	}); err != nil {
		return err
	}
	text := fmt.Sprintf("It failed again, differently (the issue says the latest failure):\n\n%s\n", fence(message))
	if len(mentions) > 0 {
		text = strings.Join(mentions, " ") + ": " + text
	}
	return p.do(fmt.Sprintf("comment on issue #%d", number), text, func() error {
		return p.Client.comment(ctx, number, text)
	})
}

// Resolved closes an open failure issue with a comment: the run at runURL
// succeeded.
func (p *Poster) Resolved(ctx context.Context, runURL string) error {
	if p.Client == nil {
		fmt.Fprintln(p.Out, "would close the failure issue, if one is open")
		return nil
	}
	list, err := p.Client.issues(ctx, FailureLabel, marker("failure", ""))
	if err != nil {
		return err
	}
	for _, is := range list {
		if is.GetState() != "open" {
			continue
		}
		number := is.GetNumber()
		text := "The advance workflow ran without a failure"
		if runURL != "" {
			text += " ([the run](" + runURL + "))"
		}
		text += ": closing."
		if err := p.do(fmt.Sprintf("comment on issue #%d", number), text, func() error {
			return p.Client.comment(ctx, number, text)
		}); err != nil {
			return err
		}
		closed, completed := "closed", "completed"
		if err := p.do(fmt.Sprintf("close issue #%d", number), "", func() error {
			return p.Client.edit(ctx, number, &gh.IssueRequest{State: &closed, StateReason: &completed})
		}); err != nil {
			return err
		}
	}
	return nil
}

// fence quotes text verbatim in Markdown: a code fence longer than any
// run of backticks in it, so nothing in a message (a player's file quoted)
// renders, links or mentions.
func fence(text string) string {
	longest, run := 0, 0
	for _, r := range text {
		if r == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	f := strings.Repeat("`", max(3, longest+1))
	return f + "text\n" + text + "\n" + f
}

// cut keeps a long message's start and end.
func cut(s string) string {
	if len(s) <= maxMessage {
		return s
	}
	head, tail := s[:maxMessage/2], s[len(s)-maxMessage/2:]
	return strings.ToValidUTF8(head, "") + "\n… (cut: the run's log has it all) …\n" + strings.ToValidUTF8(tail, "")
}
