package github

import (
	"fmt"
	"path"
	"strings"
	"time"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/phase"
	"github.com/warmaster/warmaster/processor/report"
)

// Reminders are how long before a deadline the campaign's issue reminds
// those still awaited, latest last: each is posted once per step.
var Reminders = []time.Duration{48 * time.Hour, 12 * time.Hour}

// Notice is what the campaign's issue says, made from its files alone:
// the same inputs make the same text, byte for byte.
type Notice struct {
	// Dir is the campaign folder, a slash path from the repository's root:
	// the marker.
	Dir string
	// Label is the campaign's label, warmaster:<folder's name>.
	Label string
	// Stand is where the campaign stands as a key: setup, phase-02/battles,
	// ended; the step comment is posted when it changes.
	Stand string
	Title string
	Body  string
	// Ended: the campaign is over, and the issue closes.
	Ended bool

	st   *phase.Standing
	repo *processor.GitHub
	// drafts: the table links the drafts; limit > 0: at most that many
	// rows; who > 0: at most that many of a file's senders named in it.
	drafts     bool
	limit, who int
}

// NewNotice is the notice of a campaign folder dir (a slash path from the
// repository's root) standing at st, its links into repo (whose Path is
// the campaign folder in it).
func NewNotice(dir string, st *phase.Standing, repo *processor.GitHub) *Notice {
	n := &Notice{Dir: dir, Label: CampaignLabel(dir), st: st, repo: repo}
	s := st.State
	n.Ended = s.Step == processor.StepEnded
	switch {
	case n.Ended:
		n.Stand = "ended"
	case s.Step == processor.StepSetup:
		n.Stand = "setup"
	default:
		n.Stand = fmt.Sprintf("phase-%02d/%s", s.Phase, s.Step)
	}
	n.Title = n.title()

	// GitHub refuses a body of more than 65,536 characters: without the
	// drafts' links (the README has them) when they make it too long, then
	// with fewer rows, then — a public campaign's result may come from any
	// of the defending Alliance's thousand players — fewer named in each.
	for _, lim := range []struct {
		drafts    bool
		rows, who int
	}{{true, 0, 0}, {false, 0, 0}, {false, 200, 0}, {false, 20, 0}, {false, 20, 10}, {false, 20, 1}} {
		n.drafts, n.limit, n.who = lim.drafts, lim.rows, lim.who
		if n.Body = n.body(); len(n.Body) <= MaxBody {
			break
		}
	}
	return n
}

// MaxBody is the longest issue body or comment warmaster posts (GitHub's
// limit is 65,536 characters).
const MaxBody = 60000

// MaxMentions is how many players one comment @-mentions at most: GitHub
// notifies the first 50 players a comment mentions and no more. Its
// documentation does not say so; those who mention more report it
// (github.com/commercialhaskell/stackage/issues/2250: "after about 50
// @-mentions no more notifications are sent"; likewise
// wordpress-mobile/gutenberg-mobile#3507, rust-lang/triagebot#345).
const MaxMentions = 50

// Part is one comment of a series that tells the awaited players, at most
// MaxMentions of them each: its marker's key (the first part's is the
// series', the others' that key and /2, /3 …), so that each is posted once,
// and its text.
type Part struct {
	Key, Text string
}

// body is the body.
func (n *Notice) body() string {
	st, s, dir, repo := n.st, n.st.State, n.Dir, n.repo
	var d report.Doc
	d.Raw(marker("campaign", dir) + "\n" + marker("stand", n.Stand) + "\n")
	d.Para("**%s**", report.Plain(st.Headline))
	if n.Ended {
		d.Para("%s", n.outcome())
	}
	if len(st.Awaited) > 0 {
		d.Para("Awaited, by %s:", deadline(st.Campaign, st.Deadline))
		n.also(&d, n.table(&d, false, false))
		if !st.Deadline.IsZero() {
			d.Para("Past the deadline the step is applied without what is missing (the rules say what a missing file means). Open *new* to write the file in GitHub's editor, filled with a draft; propose the change, and the pull request's check says what is wrong, if anything.")
		}
	}
	// The campaign's README is written once the set-up is applied.
	links := []string{fmt.Sprintf("[the campaign's folder](%s)", repo.TreeURL())}
	if s.Step != processor.StepSetup && s.Phase > 0 {
		links = []string{fmt.Sprintf("[where things stand](%s)", repo.BlobURL(processor.ReadmeFile)),
			fmt.Sprintf("[phase %d report](%s)", s.Phase, repo.BlobURL(processor.PhaseDir(s.Phase)+"/report.md"))}
	}
	d.Para("%s.", report.UpperFirst(strings.Join(links, " · ")))
	d.Para("*Written by warmaster from the campaign's files on every run of the advance workflow; edits here are overwritten. Not to be mentioned: `mentions = false` in your `[[players]]` entry of campaign.toml (ask the Warmaster).*")
	return d.String()
}

// CampaignLabel is the label of a campaign folder's issue: warmaster: and
// the folder's name (GitHub's labels have at most 50 characters; the
// issue's marker names the whole path).
func CampaignLabel(dir string) string {
	l := "warmaster:" + path.Base(dir)
	if len(l) > 50 {
		l = l[:50]
	}
	return l
}

// title: the campaign, its phase and step, and the next deadline.
func (n *Notice) title() string {
	st := n.st
	s := st.State
	c := st.Campaign
	name := c.Name
	if len(name) > 120 {
		name = name[:120] + "…"
	}
	switch {
	case n.Ended && s.End != nil && s.End.Winner != "":
		return fmt.Sprintf("%s: over — %s (%s) won", name, c.AllianceName(s.End.Winner), s.End.Winner)
	case n.Ended:
		return name + ": over, undecided"
	case s.Step == processor.StepSetup:
		return fmt.Sprintf("%s: set-up, %s", name, nextDeadline(c, st.Deadline))
	}
	return fmt.Sprintf("%s: phase %d of %d, step %s, %s", name, s.Phase, c.Phases, s.Step.Title(), nextDeadline(c, st.Deadline))
}

func nextDeadline(c *processor.Campaign, t time.Time) string {
	if t.IsZero() {
		return "no deadline (waits for every file)"
	}
	return "deadline " + c.When(t)
}

func deadline(c *processor.Campaign, t time.Time) string {
	if t.IsZero() {
		return "no deadline: the step waits for every file"
	}
	return c.When(t)
}

// outcome says who won.
func (n *Notice) outcome() string {
	s := n.st.State
	c := n.st.Campaign
	switch {
	case s.End != nil && s.End.Winner != "":
		return fmt.Sprintf("**%s (%s) is victorious** — %s.", report.Plain(c.AllianceName(s.End.Winner)), s.End.Winner, report.Plain(s.End.How))
	case s.End != nil:
		return fmt.Sprintf("Undecided — %s.", report.Plain(s.End.How))
	}
	return "The campaign is over."
}

// also writes, below a table cut to fit (rows, or players in a row), the
// players still awaited it leaves out, each @-mentioned in a line of their
// own, as many as leave room for the rest of the body, the others counted.
func (n *Notice) also(d *report.Doc, shown []processor.Login) {
	in := make(map[processor.Login]bool, len(shown))
	for _, l := range shown {
		in[l] = true
	}
	var rest []processor.Login
	for _, l := range n.awaitedLogins() {
		if !in[l] {
			rest = append(rest, l)
		}
	}
	if len(rest) == 0 {
		return
	}
	words := n.mentionWords(rest)
	// The rest of the body: the deadline's sentence, the links, the footer.
	fit := fitWords(words, MaxBody-d.Len()-2000)
	list := strings.Join(words[:fit], " ")
	if fit < len(words) {
		list += fmt.Sprintf(" and %d more: the campaign's README and `warmaster status` name them", len(words)-fit)
	}
	d.Para("Also awaited: %s", list)
}

// table writes the awaited table: each file and its links, who may send
// it (each @-mentioned unless they opted out, or with quiet), and whether
// it is in; with missing, only the files still missing or faulty. The
// links are Markdown references below the table (a draft's link is long),
// as in the README. It returns the players it @-mentions, each once.
func (n *Notice) table(d *report.Doc, missing, quiet bool) []processor.Login {
	var shown []processor.Login
	isShown := map[processor.Login]bool{} // a public campaign's thousands, in each of thousands of rows
	var rows [][]string
	var refs []string
	more := 0
	for i, a := range n.st.Awaited {
		if missing && !a.Awaiting() {
			continue
		}
		if n.limit > 0 && len(rows) == n.limit {
			more++
			continue
		}
		k := i + 1
		in := phase.InText(a)
		if u := n.st.New[i]; u != "" && n.drafts {
			in += fmt.Sprintf(" · [new][new-%d]", k)
			refs = append(refs, fmt.Sprintf("[new-%d]: %s", k, u))
		}
		in += fmt.Sprintf(" · [edit][edit-%d]", k)
		refs = append(refs, fmt.Sprintf("[file-%d]: %s", k, n.repo.BlobURL(a.File)), fmt.Sprintf("[edit-%d]: %s", k, n.repo.EditURL(a.File)))
		// Only who is still awaited is mentioned: a file in names its
		// players without the @.
		senders, more := a.Senders(n.st.Campaign), ""
		if n.who > 0 && len(senders) > n.who {
			more = fmt.Sprintf(" and %d more", len(senders)-n.who)
			if a.Alliance != "" {
				more += " of alliance " + string(a.Alliance)
			}
			senders = senders[:n.who]
		}
		who := names(senders) + more
		if !quiet && a.Awaiting() {
			who = n.mentions(senders) + more
			for _, l := range senders {
				if !n.optedOut(l) && !isShown[l] {
					isShown[l] = true
					shown = append(shown, l)
				}
			}
		}
		rows = append(rows, []string{
			fmt.Sprintf("[%s][file-%d]", report.Plain(a.File), k),
			report.Plain(a.Who) + ": " + who,
			in,
		})
	}
	d.Table([]string{"file", "from", "in"}, rows)
	d.Raw(strings.Join(refs, "\n") + "\n")
	if more > 0 {
		d.Para("… and %d more: the campaign's README and `warmaster status` list them all.", more)
	}
	if !n.drafts {
		d.Para("The links to the drafts are on the campaign's README (too many for here).")
	}
	return shown
}

// mentions writes logins as @-mentions, each player who opted out
// (`mentions = false`) as code, which GitHub does not notify.
func (n *Notice) mentions(logins []processor.Login) string {
	return strings.Join(n.mentionWords(logins), " ")
}

// mentionWords are mentions' words, one a login.
func (n *Notice) mentionWords(logins []processor.Login) []string {
	out := make([]string, len(logins))
	for i, l := range logins {
		out[i] = n.mention(l)
	}
	return out
}

// names writes logins as code, which GitHub does not notify.
func names(logins []processor.Login) string {
	out := make([]string, len(logins))
	for i, l := range logins {
		out[i] = "`" + string(l) + "`"
	}
	return strings.Join(out, " ")
}

func (n *Notice) mention(l processor.Login) string {
	if n.optedOut(l) {
		return "`" + string(l) + "`"
	}
	return "@" + string(n.st.Campaign.Spelling(l))
}

// optedOut: the player asked not to be @-mentioned (`mentions = false`).
func (n *Notice) optedOut(l processor.Login) bool {
	p, ok := n.st.Campaign.PlayerOf(l)
	return ok && p.NoMentions
}

// series is a series of comments that mention words (each a player's
// mention, at most MaxMentions a comment): first, the first comment's
// text so far, ends with lead, the first words and tail; each further
// comment has its own marker (kind, key/2 …), head, then lead and its
// words. Each line says which of how many it mentions when there are
// several.
func series(kind, key string, first *report.Doc, head, lead, tail string, words []string) []Part {
	parts := []Part{{Key: key}}
	for i := 0; i < len(words); i += MaxMentions {
		chunk := words[i:min(i+MaxMentions, len(words))]
		span := ""
		if len(words) > MaxMentions {
			span = fmt.Sprintf(" (%d–%d of %d)", i+1, i+len(chunk), len(words))
		}
		line := lead + span + ": " + strings.Join(chunk, " ") + tail
		if i == 0 {
			first.Para("%s", line)
			continue
		}
		k := fmt.Sprintf("%s/%d", key, i/MaxMentions+1)
		var d report.Doc
		d.Raw(marker(kind, k) + "\n")
		d.Para("%s", head)
		d.Para("%s", line)
		parts = append(parts, Part{Key: k, Text: d.String()})
	}
	parts[0].Text = first.String()
	return parts
}

// awaitedLogins are the players still awaited (a file missing or faulty),
// in the table's order, each once.
func (n *Notice) awaitedLogins() []processor.Login {
	var out []processor.Login
	seen := map[processor.Login]bool{}
	alliances := map[processor.AllianceID]bool{}
	add := func(l processor.Login) {
		if !seen[l] {
			seen[l] = true
			out = append(out, l)
		}
	}
	for _, a := range n.st.Awaited {
		if !a.Awaiting() {
			continue
		}
		logins, als := a.Asked()
		for _, l := range logins {
			add(l)
		}
		// An Alliance's players once, however many of its battles wait.
		for _, al := range als {
			if !alliances[al] {
				alliances[al] = true
				for _, l := range n.st.Campaign.PlayersOf(al) {
					add(l)
				}
			}
		}
	}
	return out
}

// StepComment is the comment posted when the campaign moved on from the
// stand the issue last told (from): what happened — the steps applied,
// as advance printed them, when given — with a link to the report, and who
// must act next: each player awaited mentioned once, in as many comments
// as MaxMentions a comment makes (the first's key is the stand).
func (n *Notice) StepComment(from string, applied []string) []Part {
	st := n.st
	s := st.State
	var d report.Doc
	d.Raw(marker("step", n.Stand) + "\n")
	if len(applied) > 0 {
		d.Para("**Applied:**")
		items := make([]string, len(applied))
		for i, a := range applied {
			items[i] = report.Plain(a)
		}
		d.List(items)
	} else if from != "" {
		d.Para("**The campaign moved on** (it stood at `%s`).", from)
	} else {
		d.Para("**The campaign moved on.**")
	}
	// The reports of the phases the steps were applied in: from the phase
	// the issue last told to the current one.
	first := s.Phase
	if _, err := fmt.Sscanf(from, "phase-%d/", &first); err != nil || first < 1 || first > s.Phase {
		first = s.Phase
	}
	var links []string
	if s.Step != processor.StepSetup {
		for p := max(first, 1); p <= s.Phase; p++ {
			links = append(links, fmt.Sprintf("[Phase %d report](%s)", p, n.repo.BlobURL(processor.PhaseDir(p)+"/report.md")))
		}
	}
	if s.Step != processor.StepSetup {
		links = append(links, fmt.Sprintf("[where things stand](%s)", n.repo.BlobURL(processor.ReadmeFile)))
	}
	if len(links) > 0 {
		d.Para("%s", strings.Join(links, " · "))
	}
	if n.Ended {
		d.Para("%s The campaign is over: this issue closes.", n.outcome())
		return []Part{{Key: n.Stand, Text: d.String()}}
	}
	d.Para("**Now:** %s", report.Plain(st.Headline))
	return series("step", n.Stand, &d, fmt.Sprintf("**Now:** %s", report.Plain(st.Headline)),
		"Your turn, by "+deadline(st.Campaign, st.Deadline), " — the files are in the table above.", n.mentionWords(n.awaitedLogins()))
}

// fitWords is how many of words, joined by spaces, fit in room bytes.
func fitWords(words []string, room int) int {
	used := 0
	for i, w := range words {
		if i > 0 {
			used++
		}
		if used += len(w); used > room {
			return i
		}
	}
	return len(words)
}

// Reminder is the reminder due at now, if any: its comments, the first's
// marker key the reminder's (each carries its key, so that it is posted
// once). It mentions each player still awaited once: in the table of the
// files still missing when all of them are in it and they are no more
// than MaxMentions; else the table names them and a line a comment
// mentions them, MaxMentions a comment. The latest window
// reached counts alone: a step applied 10 hours before its deadline gets
// the 12-hour reminder, not both. None when the step has no deadline, it
// has passed, or nobody is still awaited.
func (n *Notice) Reminder(now time.Time) []Part {
	dl := n.st.Deadline
	if n.Ended || dl.IsZero() || !now.Before(dl) {
		return nil
	}
	var due time.Duration
	for _, r := range Reminders {
		if !now.Before(dl.Add(-r)) {
			due = r
		}
	}
	who := n.awaitedLogins()
	if due == 0 || len(who) == 0 {
		return nil
	}
	key := fmt.Sprintf("%s/%dh", n.Stand, int(due.Hours()))
	head := fmt.Sprintf("**%d hours to the deadline** (%s)", int(due.Hours()), deadline(n.st.Campaign, dl))
	var d report.Doc
	d.Raw(marker("reminder", key) + "\n")
	d.Para("%s — %s Still awaited:", head, report.Plain(n.st.Headline))
	var words []string
	for _, l := range who {
		if !n.optedOut(l) {
			words = append(words, n.mention(l))
		}
	}
	if shown := n.table(report.Discarding(), true, false); len(shown) == len(words) && len(words) <= MaxMentions {
		n.table(&d, true, false)
		return []Part{{Key: key, Text: d.String()}}
	}
	n.table(&d, true, true)
	return series("reminder", key, &d, head+" — still awaited", "Your file is awaited", "", words)
}
