package processor

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// What a run saw. A run's output depends on parts of campaign.toml that may
// change between runs: the Warmaster moves a deadline of a step not yet
// processed, or adds [github]. (The [rules] never change once a step has
// applied them: the journal holds their digest, folder's UsedParts.)
// The journal records on each run's first entry what that run saw of them,
// one line each, so a replay plays the run with exactly those (Campaign.Saw,
// Campaign.SetSaw) and compares every file byte for byte:
//
//	deadline 2 battles 2027-03-07T18:00:00Z
//	github "club/autumn" "main" "campaigns/autumn"
//
// Deadlines are in step order within each phase, phases in order; a
// deadline not listed was not set. Values are quoted where they are text.

// deadlineKeys are [[deadlines]]' keys, in the order steps run.
var deadlineKeys = []string{"open_tome", "operations", "battles", "events", "moves", "builds", "tiebreak"}

func (d *Deadlines) field(key string) *time.Time {
	switch key {
	case "open_tome":
		return &d.OpenTome
	case "operations":
		return &d.Operations
	case "battles":
		return &d.Battles
	case "events":
		return &d.Events
	case "moves":
		return &d.Moves
	case "builds":
		return &d.Builds
	case "tiebreak":
		return &d.Tiebreak
	}
	return nil
}

// Saw is what a run sees of the campaign that its files do not keep (see
// "What a run saw" above), one line each.
func (c *Campaign) Saw() []string {
	var out []string
	for ph := 0; ph <= c.Phases; ph++ {
		d, ok := c.Deadlines[ph]
		if !ok {
			continue
		}
		for _, k := range deadlineKeys {
			if t := *d.field(k); !t.IsZero() {
				out = append(out, fmt.Sprintf("deadline %d %s %s", ph, k, t.UTC().Format(time.RFC3339)))
			}
		}
	}
	if g := c.GitHub; g != nil {
		out = append(out, fmt.Sprintf("github %s %s %s", strconv.Quote(g.Repository), strconv.Quote(g.Branch), strconv.Quote(g.Path)))
	}
	return out
}

// SetSaw makes the campaign what a run saw (lines as Saw writes them): its
// deadlines and [github] those; an error
// names a line that is not one Saw writes.
func (c *Campaign) SetSaw(lines []string) error {
	deadlines := map[int]Deadlines{}
	var gh *GitHub
	for _, l := range lines {
		bad := fmt.Errorf("journal.toml's saw %q is not as warmaster writes it", l)
		kind, rest, _ := strings.Cut(l, " ")
		switch kind {
		case "deadline":
			f := strings.Fields(rest)
			if len(f) != 3 {
				return bad
			}
			ph, err := strconv.Atoi(f[0])
			t, terr := time.Parse(time.RFC3339, f[2])
			d := deadlines[ph]
			at := d.field(f[1])
			if err != nil || terr != nil || at == nil || ph < 0 || ph > c.Phases {
				return bad
			}
			*at = t.UTC()
			deadlines[ph] = d
		case "github":
			var parts []string
			for rest != "" {
				q, err := strconv.QuotedPrefix(rest)
				if err != nil {
					return bad
				}
				s, _ := strconv.Unquote(q)
				parts = append(parts, s)
				rest = strings.TrimPrefix(rest[len(q):], " ")
			}
			if len(parts) != 3 {
				return bad
			}
			gh = &GitHub{Repository: parts[0], Branch: parts[1], Path: parts[2]}
		default:
			return bad
		}
	}
	clear(c.Deadlines)
	for ph, d := range deadlines {
		c.Deadlines[ph] = d
	}
	c.GitHub = gh
	return nil
}
