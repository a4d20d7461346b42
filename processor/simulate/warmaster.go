package simulate

// The bots' Warmaster: what the person running a campaign changes in
// campaign.toml while it is played — who plays, the deadlines, a [rules]
// option read wrongly — each now and then, while a phase waits for its
// builds, as the organisers' guide says to.

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder"
)

// warmaster has the bots' Warmaster change campaign.toml, while a phase
// before the last waits for its builds: each of rosterChange, postpone
// and correct now and then (one in 3, 5 and 6).
func (b *bot) warmaster(f *folder.Folder) error {
	s := f.State
	if b.pending != "" && s.Roster > b.pendingAt {
		b.pending = "" // in effect: campaign.toml keeps it as it is
	}
	if s.Step != processor.StepBuilds || s.Phase >= b.p.Phases {
		return nil
	}
	for _, change := range []struct {
		odds int
		make func(*folder.Folder) error
	}{{3, b.rosterChange}, {5, b.postpone}, {6, b.correct}} {
		if !b.chance(change.odds) {
			continue
		}
		if err := change.make(f); err != nil {
			return err
		}
	}
	return nil
}

// rosterChange has the bots' Warmaster change who plays, as
// the organisers' guide says (Players who join late, drop out, or hand
// over): while phase k waits for its builds, an entry of [[roster_changes]]
// is added to campaign.toml, taking effect in phase k+1 — a new player
// joins with a new fleet, a player hands their fleets to another of the
// Alliance (a new login, now and then), or a player leaves. Nothing played
// between now and then can make the change impossible — the builds step
// destroys no planet and changes no allegiance, and the next phase's steps
// 1 and 2 neither — but the defections of its events for a hand-over or a
// leave from step 4 or 5, which the Warmaster then withdraws.
func (b *bot) rosterChange(f *folder.Folder) error {
	s, c := f.State, f.Campaign
	next := s.Phase + 1
	for _, x := range s.Effects {
		if x.Event == processor.MachinationsOfFate && x.Phase == next {
			c = c.WithAllegiance(x.Players, x.Fleets) // who plays for whom then
		}
	}
	var t strings.Builder
	newPlayer := func(a processor.AllianceID) processor.Login {
		b.late++
		l := processor.Login(fmt.Sprintf("late-%d", b.late))
		fmt.Fprintf(&t, "\n[[players]]\nlogin = %q\nalliance = %q\n", l, a)
		return l
	}
	// The players who command fleets then, by Alliance.
	commanders := map[processor.AllianceID][]processor.Login{}
	var alliances []processor.AllianceID
	for _, a := range c.AllianceIDs() {
		for _, l := range c.PlayersOf(a) {
			if len(c.FleetsOf(l)) > 0 {
				commanders[a] = append(commanders[a], l)
			}
		}
		if len(commanders[a]) > 0 {
			alliances = append(alliances, a)
		}
	}
	a := alliances[b.rng.IntN(len(alliances))]
	from := commanders[a][b.rng.IntN(len(commanders[a]))]
	steps := processor.RosterSteps
	if next == b.p.Phases {
		steps = steps[:2] // the final phase ends in its step 3
	}
	step := steps[b.rng.IntN(len(steps))]
	afterEvents := step == processor.StepMoves || step == processor.StepBuilds
	switch kind := b.rng.IntN(3); {
	case kind == 0 || len(commanders[a]) < 2 && kind == 2:
		// A new player joins, with a new fleet at a planet not destroyed
		// (from the phase's first step: the newcomer sends its orders).
		l := newPlayer(c.AllianceIDs()[b.rng.IntN(len(c.AllianceIDs()))])
		planets := slices.DeleteFunc(slices.Clone(c.Map.IDs()), s.Destroyed)
		fmt.Fprintf(&t, "\n[[fleets]]\nid = \"jf%d\"\nplayer = %q\nstart = %q\n", b.late, l, planets[b.rng.IntN(len(planets))])
		fmt.Fprintf(&t, "\n[[roster_changes]]\nphase = %d\njoin = %q\n", next, l)
		afterEvents = false // it joins from the phase's first step
	case kind == 1:
		// from hands their fleets to another of the Alliance's players, or
		// to a new login.
		others := slices.DeleteFunc(slices.Clone(c.PlayersOf(a)), func(l processor.Login) bool { return l == from })
		var to processor.Login
		if len(others) == 0 || b.chance(2) {
			to = newPlayer(a)
		} else {
			to = others[b.rng.IntN(len(others))]
		}
		fmt.Fprintf(&t, "\n[[roster_changes]]\nphase = %d\nstep = %q\nhand = %q\nto = %q\n", next, step, from, to)
	default:
		// from leaves: their fleets go to the Alliance's other commanders.
		fmt.Fprintf(&t, "\n[[roster_changes]]\nphase = %d\nstep = %q\nleave = %q\n", next, step, from)
	}
	if afterEvents {
		b.pending, b.pendingAt = t.String(), strings.Count(b.campaign, "[[roster_changes]]")
	}
	b.campaign += t.String()
	return b.write(processor.CampaignFile, b.campaign)
}

// withdraw has the bots' Warmaster take out the roster change pending
// when advance refuses campaign.toml for it (err): a hand-over or a leave
// after the events that the defections they granted stand in the way of
// (RULINGS 49), as the organisers' guide says to. It says whether it did.
func (b *bot) withdraw(err error) (bool, error) {
	var inv *processor.InvalidError
	if b.pending == "" || !errors.As(err, &inv) || !slices.ContainsFunc(inv.Faults, func(f processor.Fault) bool {
		return f.File == processor.CampaignFile && strings.Contains(f.Message, "Machinations of Fate")
	}) {
		return false, nil
	}
	b.campaign, b.pending = strings.Replace(b.campaign, b.pending, "", 1), ""
	return true, b.write(processor.CampaignFile, b.campaign)
}

// postpone has the bots' Warmaster put off the next phase's
// deadlines, every step's by the same hours (at most two days: they stay
// in order, before the phase after), while a phase waits for its builds,
// as a club gives itself a weekend more: the bots then play to the
// deadlines as they are, and a replay to those each run saw.
func (b *bot) postpone(f *folder.Folder) error {
	next := f.State.Phase + 1
	by := time.Duration(1+b.rng.IntN(47)) * time.Hour
	for _, st := range []processor.Step{processor.StepOpenTome, processor.StepOperations, processor.StepBattles, processor.StepEvents, processor.StepMoves, processor.StepBuilds, processor.StepTiebreak} {
		at := deadline(next, st).Add(b.later[next])
		key := strings.ReplaceAll(st.String(), "-", "_") // open_tome, operations, …
		line := key + " = " + at.Format(time.RFC3339) + "\n"
		switch {
		case strings.Contains(b.campaign, line):
			b.campaign = strings.Replace(b.campaign, line, key+" = "+at.Add(by).Format(time.RFC3339)+"\n", 1)
		case st != processor.StepTiebreak || next == b.p.Phases: // the last phase's alone has a tiebreak
			// The bots play to the deadlines they wrote: one not found
			// would leave them playing to another.
			return fmt.Errorf("simulate: phase %d's %s deadline %s is not in campaign.toml", next, key, at.Format(time.RFC3339))
		}
	}
	if b.later == nil {
		b.later = map[int]time.Duration{}
	}
	b.later[next] += by
	return b.write(processor.CampaignFile, b.campaign)
}

// correctable are [rules] options the bots' Warmaster may correct
// mid-campaign, each with its line when set away from its default.
var correctable = []struct{ key, line string }{
	{"xenobeast_lanes_only", "xenobeast_lanes_only = true"},
	{"orbital_invasion_defender_power", "orbital_invasion_defender_power = true"},
	{"seize_power_base_keeps_piece", "seize_power_base_keeps_piece = true"},
	{"boarding_action_without_fleet", "boarding_action_without_fleet = true"},
	{"outcome_power_levels", `outcome_power_levels = "processing"`},
}

// correct has the bots' Warmaster correct a [rules] option
// the steps so far used, as the organisers' guide says (A rule was read
// wrongly): the option changed in [rules], and a [[corrections]] entry
// with the table as it stood, line for line, and why. It takes effect
// from the next step; the steps before replay with the old rules.
func (b *bot) correct(*folder.Folder) error {
	head := strings.Index(b.campaign, "[rules]\n") + len("[rules]\n")
	end := head + strings.Index(b.campaign[head:], "\n\n") + 1
	was := b.campaign[head:end]
	o := correctable[b.rng.IntN(len(correctable))]
	var rules string
	if strings.Contains(was, "\n"+o.line+"\n") {
		rules = strings.Replace(was, o.line+"\n", "", 1) // back to its default
	} else {
		rules = was + o.line + "\n"
	}
	b.campaign = b.campaign[:head] + rules + b.campaign[end:]
	b.campaign += fmt.Sprintf("\n[[corrections]]\npart = \"[rules]\"\nreason = \"We meant %s otherwise\"\n[corrections.was]\n%s", o.key, was)
	return b.write(processor.CampaignFile, b.campaign)
}
