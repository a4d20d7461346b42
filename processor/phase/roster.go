package phase

import (
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/report"
)

// Roster changes: who plays changes mid-campaign. The rules leave it to
// the group; the Warmaster writes each change in campaign.toml's
// [[roster_changes]], with the step it takes effect from:
//
//	[[roster_changes]]
//	phase = 3                 # from phase 3 ...
//	step = "moves"            # ... step 4 on (default: its step 1, operations)
//	join = "gina"             # a new player, with her fleets ([[fleets]] start = where each starts)
//	# hand = "bob", to = "hank"   every fleet bob commands goes to hank; bob plays no more
//	# leave = "dave"              dave plays no more; his fleets go to his Alliance's other players
//
// A change takes effect from a step still to come — never the one the
// campaign waits for, nor an earlier one — so the steps before it were
// played, and replay (which re-runs every step with today's campaign.toml)
// as they were. state.toml counts the changes in effect (`roster`) and, as
// for Machinations of Fate, records who commands a fleet handed over.
// campaign.toml keeps every player and fleet that ever played: earlier
// phases' files are named after them.

// applyRoster puts in effect the roster changes due where the run stands
// (it has just moved on to a new step), placing the fleets that join, and
// says so in the report of the phase they take effect in. A change that
// cannot take effect is a fault in campaign.toml: the Warmaster's to fix.
func (r *run) applyRoster() error {
	d := r.c.Declared()
	var lines []string
	var fs processor.Faults
	phase, c := r.s.Phase, r.c
	n := r.s.Roster
	for ; n < len(d.RosterChanges) && d.RosterChanges[n].Order() <= processor.PointOrder(r.s.Phase, r.s.Step); n++ {
		e := d.RosterChanges[n]
		next, ls, key, why := processor.NextRoster(c, r.s, n, e)
		if why != "" {
			fs.Add(e.Src.At(key), "%s", why) // and on: every change due now is checked
			continue
		}
		if e.Kind == processor.RosterJoin {
			processor.CheckJoinStarts(d, r.s, e, &fs)
			for _, f := range d.DeclaredFleets(e.Login) {
				r.s.Fleets[f] = d.Start[f]
			}
		}
		c = next
		lines = append(lines, ls...)
	}
	if err := fs.Err(r.f.Text); err != nil {
		return err
	}
	r.s.Roster = n
	r.c, r.s.C = c, c
	if len(lines) > 0 {
		var doc report.Doc
		doc.Heading(2, "Roster changes")
		doc.Para("From %s on (campaign.toml's [[roster_changes]]):", processor.PointText(phase, r.s.Step))
		doc.List(lines)
		r.sections[phase] = append(r.sections[phase], &doc)
		r.applied = append(r.applied, "roster changes from "+processor.PointText(phase, r.s.Step))
	}
	return nil
}
