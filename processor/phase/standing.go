package phase

import (
	"time"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder"
)

// Standing is where a campaign stands, as its GitHub issue tells it
// (warmaster notify): the same reading of the folder as status and the
// README make — headline, awaited files (marked in, sealed or faulty),
// their deadline and their links to GitHub's editor — so that the three
// never disagree.
type Standing struct {
	Campaign *processor.Campaign
	State    *processor.State
	// Headline is status's first line: the campaign, its phase and step.
	Headline string
	// Awaited are the files the current step waits for, each marked
	// Present, Sealed or Faulty, with who may send it (Logins).
	Awaited []Await
	// New are, per awaited file, the link to GitHub's editor on a new
	// file holding its draft (as the README gives it); "" for a file in
	// already, or without a repository to link to.
	New []string
	// Deadline is the current step's deadline; zero when it waits for
	// every input.
	Deadline time.Time
	// GitHub is where the links go: the campaign's [github], else the
	// fallback Stand was given; nil: no links.
	GitHub *processor.GitHub
}

// Stand reads the campaign folder dir and says where it stands, with
// links into the campaign's [github], else into fallback (none when
// neither).
// Faults in the players' files are no error here: they mark their files
// faulty (status lists them). An error only when the folder cannot be
// read at all.
func Stand(dir string, fallback *processor.GitHub, now time.Time) (*Standing, error) {
	r, list, err := judged(dir, now)
	if r == nil {
		return nil, err
	}
	aw := r.awaited(nil)
	folder.MarkFaulty(aw, list)
	g := r.c.GitHub
	if g == nil {
		g = fallback
	}
	st := &Standing{Campaign: r.c, State: r.s, Headline: r.headline(), Awaited: aw, New: make([]string, len(aw)), GitHub: g}
	if r.s.Step != processor.StepEnded {
		st.Deadline = r.c.Deadlines[r.s.Phase].For(r.s.Step)
	}
	if g != nil {
		for i, a := range aw {
			st.New[i], _ = r.awaitedLink(g, a)
		}
	}
	return st, nil
}

// DeadlineText is a deadline as the awaited tables write it.
func DeadlineText(c *processor.Campaign, a Await) string { return deadlineText(c, a) }

// InText is an awaited file's "in" column, as status writes it.
func InText(a Await) string { return inText(a) }
