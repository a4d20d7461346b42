package phase

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"time"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/attacks"
	"github.com/warmaster/warmaster/processor/report"
)

// validateResults checks this phase's battle results against the battles
// revealed and the map as it stands.
func (r checks) validateResults(fs *processor.Faults) {
	s := r.s
	bs, byID := r.battles(), r.battleList.index()
	var ids []string // the battles' ids, for a stray's fault: made for the first
	results := r.f.Results[s.Phase]
	revealed, _ := r.f.AppliedAt(s.Phase, processor.StepOperations)
	for _, id := range slices.Sorted(maps.Keys(results)) {
		res := results[id]
		i, ok := byID[id]
		if !ok {
			if ids == nil {
				ids = battleIDs(bs)
			}
			fs.Add(processor.Src{File: res.Src.File}, "no battle %q in phase %d; %s", id, s.Phase, processor.Hint(fs, id, ids, "results are named after the attacking fleet of a battle: "+report.OneOf(ids)))
			// A stray input never blocks the others: sent before the reveal,
			// it could not be judged then; revealed, the battles step has no
			// use for it, and sets it aside.
			if r.strays == nil {
				r.strays = map[string]string{}
			}
			r.strays[res.Src.File] = fmt.Sprintf("%s fights no battle in phase %d (the battles revealed: %s), so this result has no use", id, s.Phase, report.OneOf(ids))
			continue
		}
		b := bs[i]
		if res.HasPlayed {
			r.checkPlayed(res.Src, res.Played, res.PlayedDate, revealed, r.c.Deadlines[s.Phase].Battles, "the battle was revealed", fs)
		}
		if res.DefenderPlayer != "" {
			if p, ok := r.c.PlayerOf(res.DefenderPlayer); ok && p.Alliance != b.Defender {
				fs.Add(res.Src.At("defender_player"), "%s is in %s, not the defending alliance %s: %s", res.DefenderPlayer, p.Alliance, b.Defender, report.OneOf(r.c.PlayersOf(b.Defender)))
			}
		}
		switch {
		case !b.HasTheatre():
			// Theatres of the Five Hundred Worlds — "(excluding a Boarding
			// Actions game)": a Boarding Action has no Theatre, so no Twist.
			if res.Theatre != "" {
				fs.Add(res.Src.At("theatre"), "a Boarding Action is played as a Boarding Actions game, which has no Theatre: leave theatre out (theatres are for the other attack types)")
			}
			if res.Twist != 0 {
				fs.Add(res.Src.At("twist"), "a Boarding Action is played as a Boarding Actions game, which has no Theatre and so no Twist: leave twist out")
			}
		case res.Theatre != "" && !slices.Contains(r.c.Map.Planet(b.Planet).Theatres, res.Theatre):
			fs.Add(res.Src.At("theatre"), "%s has no %s theatre; its theatres: %s", b.Planet, res.Theatre, report.OneOf(r.c.Map.Planet(b.Planet).Theatres))
		case b.Order.Theatre != "" && res.Theatre != "" && res.Theatre != b.Order.Theatre:
			fs.Add(res.Src.At("theatre"), "Sinister Omens rolled the %s theatre for this battle (see its battle sheet), not %s", b.Order.Theatre, res.Theatre)
		}
		r.validateEngineEntries(b, res, fs)
		ar := r.attackRules()
		ar.Fought = true // the map the battles are fought on: 2.4 judges them with it (RULINGS 9)
		ar.ValidateOutcome(b, res.Victor(), res.Choices(), fs, "")
	}
}

// checkPlayed bounds when a battle of this phase can have been played: it
// decides the order of 2.4 Process Battle Results ("starting with the ones
// that occurred first"), so a date in year 0 or 2099 would put a battle
// first or last. Where the rules are silent we chose the window (RULINGS
// 69). Once the battle was revealed by an earlier run (revealed, as the
// journal records it: what reveals a final battle is the step that ended
// the campaign tied), it is played between then and this run (check's or
// advance's time). When this same run reveals it (a folder holding its
// result before any run revealed it: revealed is zero), there is no
// reveal to count from, and the window is a year before the run to a day
// after the later of the run and deadline. A date without a time (date)
// is compared by its day, in the club's time zone (time_zone; UTC when
// campaign.toml names none).
//
// file is the result's (or tie-break battle's) place, its played key the
// fault's: both, and the date as shown, are made only for a fault (100,000
// results are checked each run).
func (r checks) checkPlayed(file processor.Src, played time.Time, date bool, revealed, deadline time.Time, what string, fs *processor.Faults) {
	loc := r.c.Zone
	if loc == nil {
		loc = time.UTC
	}
	day := func(t time.Time) string { return t.In(loc).Format("2006-01-02") }
	shown := func() string {
		if date {
			return day(played)
		}
		return r.c.When(played)
	}
	at := func() processor.Src { return file.At("played") }
	if !revealed.Before(r.now) {
		revealed = time.Time{} // revealed by this run: a step it applied has its time
	}
	if revealed.IsZero() {
		last := r.now
		if deadline.After(last) {
			last = deadline
		}
		first, last := r.now.AddDate(-1, 0, 0), last.Add(24*time.Hour)
		if played.Before(first) || played.After(last) {
			fs.Add(at(), "played %s is not when a battle of phase %d can have been played: give a date from %s to %s (a year before this run, to a day after the later of the run and the phase's deadline)",
				played.Format("2006-01-02"), r.s.Phase, first.Format("2006-01-02"), last.Format("2006-01-02"))
		}
		return
	}
	late, early := played.After(r.now), played.Before(revealed)
	if date {
		late, early = day(played) > day(r.now), day(played) < day(revealed)
	}
	switch {
	case late:
		fs.Add(at(), "played %s is later than now (%s): a result tells of a battle already played; give the day (and time) it was played", shown(), r.c.When(r.now))
	case early:
		fs.Add(at(), "played %s is before %s (%s): give the day (and time) it was played", shown(), what, r.c.When(revealed))
	}
}

// resolveBattles is 2.3 Resolve Battle Operations: each battle's result as
// reported; "if any Battle Operations have not been resolved by playing a
// battle, the attacking Fleet is considered to have been victorious" and its
// player's choices are those in its orders (RULINGS 18).
func (r *run) resolveBattles() {
	bs := r.battles()
	out := make([]attacks.Fought, 0, len(bs))
	var rows [][]string
	if !r.mode.checkOnly {
		rows = make([][]string, 0, len(bs))
	}
	var lines []string
	confirmCol := false // a "confirmed" column when the campaign confirms a result filed
	for i := range bs {
		b := &bs[i]
		f := attacks.Fought{BattleOp: b, Result: r.f.Results[r.s.Phase][b.ID]}
		filed := f.Result
		// A result counts when both sides stand behind it (confirm.go).
		cell, line := r.confirmedCell(*b)
		confirmCol = confirmCol || cell != ""
		if line != "" {
			lines = append(lines, line)
		}
		overturned := cell == "overturned by the Warmaster"
		if overturned {
			f.Result = nil
		}
		if f.Result == nil {
			f.Victor, f.Outcome = processor.Attacker, b.Order.Outcome
		} else {
			f.Victor, f.Outcome = f.Result.Victor(), f.Result.Outcome
		}
		out = append(out, f)
		if r.mode.checkOnly {
			continue // the table is the report's, which a check discards
		}
		played, score, theatre, players := "not played: the attacker is victorious", "", "", string(b.Player)
		switch {
		case overturned:
			played = "result overturned (see below): the attacker is victorious"
		case filed == nil && r.setAsideHere("results", b.ID):
			played = "result not applied (see above): the attacker is victorious"
		}
		if f.Result != nil {
			played = "reported, no date"
			if f.Result.HasPlayed {
				played = r.c.When(f.Result.Played)
			}
			if f.Result.DefenderPlayer != "" {
				players += " vs " + string(f.Result.DefenderPlayer)
			}
			if f.Result.HasVP {
				a, d := f.Result.VpWithBonus()
				score = fmt.Sprintf("%d–%d", a, d)
			}
			if f.Result.Theatre != "" {
				theatre = f.Result.Theatre
				if f.Result.Twist > 0 {
					theatre += fmt.Sprintf(" (twist %d: %s)", f.Result.Twist, processor.TwistName(f.Result.Theatre, f.Result.Twist))
				}
			}
		}
		rows = append(rows, []string{b.ID, string(b.Planet), b.Attack.Title(), players, played, processor.ResultTitle(f.Victor), score, theatre, cell})
	}
	if len(rows) == 0 {
		r.sec.Para("No battles this phase.")
	}
	header := []string{"battle", "planet", "attack type", "players", "played", "result", "VP (with Battle Ready)", "theatre"}
	if confirmCol {
		header = append(header, "confirmed")
	} else {
		for i := range rows {
			rows[i] = rows[i][:len(header)]
		}
	}
	r.sec.Table(header, rows)
	r.note(lines...)
	r.fought = out
}

// processBattleResults is 2.4 Process Battle Results: battles with a played
// time first, oldest first, then the rest by battle id (RULINGS 6), each
// applied to the map as it stands when processed, and judged with the
// Power Levels it was fought at (RULINGS 9).
func (r *run) processBattleResults() {
	// The map as it stood when the battles were fought and their victors
	// decided, before the first is processed: "These Power Levels may well
	// have changed between the point when the victor made their decisions
	// and when they are being processed ... it does not change the Campaign
	// Outcome of the battle currently being processed." The battles are
	// fought in 2.3 on the map 2.2 Edifice Raising left ("At the end of this
	// stage, the Warmaster notifies the players of all updates to the
	// campaign map"), which is the map the battle sheets are written from
	// (writeBattleSheets runs once 2.2 is done) and which nothing changes
	// before this step: each sheet's Power Levels and ±1s are this map's. A
	// copy of the map rather than the sheets' files, for those are outputs
	// (a sheet edited or missing must not change an outcome) and hold only
	// what the table needs, while the ±1 sources (a Stronghold at or
	// connected to the planet, Coordinated Opposition) are read from the map.
	ar := r.attackRules()
	ar.AtBattle = r.s.Clone()
	engineBefore := r.engineRepairs() // between phases; and every war engine's condition before the battles
	order := attacks.ProcessingOrder(r.fought)
	if len(order) == 0 {
		r.sec.Para("No battles to process.")
	}
	for i, f := range order {
		r.sec.HeadingText(3, strconv.Itoa(i+1), ". ", f.ID, ": ", f.Attack.Title(), " at ", string(f.Planet), " — ", processor.ResultTitle(f.Victor))
		r.note(ar.Apply(*f)...)
		r.engineBattle(*f)
	}
	r.engineChanges(engineBefore)
	r.archeotechRiches() // "At the end of the Process Battle Results step of the next Campaign phase"
	r.fought = nil       // nothing after 2.4 asks (at 100,000 battles, 25 MB the outputs need not share the heap with)
}

// fleetArrival is 2.5 Fleet Arrival: each Fleet that selected Void Leap moves
// to the selected Planet. It was not destroyed when selected; should it be
// destroyed since, the fleet still arrives (Fleets can be moved to a
// destroyed Planet). "Any Planet" includes the fleet's own: a fleet a
// Boarding Action drove off in 2.4 comes back; one still there stays.
func (r *rules) fleetArrival() {
	var notes []string
	for _, o := range r.s.Orders {
		if o.Op == processor.VoidLeap {
			from := r.s.Fleets[o.Fleet]
			notes = append(notes, fmt.Sprintf("%s leaps from %s to %s", o.Fleet, from, o.Planet))
			if from == o.Planet {
				notes[len(notes)-1] = fmt.Sprintf("%s leaps to %s, where it is: it stays", o.Fleet, o.Planet)
			}
			r.s.Fleets[o.Fleet] = o.Planet
		}
	}
	if len(notes) == 0 {
		r.sec.Para("No Void Leap Operations this phase.")
	}
	r.note(notes...)
}

// lowLevelResistance is 2.6 Low-level Resistance: each Deploy Kill Teams,
// unless its Planet is now destroyed, rolls one D6 per opposing Alliance:
// on a 5+ that Alliance loses 1 Power Level there (the operation as
// docs/rules.md states it, "What the rules text leaves out").
func (r *rules) lowLevelResistance() {
	s := r.s
	var notes []string
	for _, o := range s.Orders {
		if o.Op != processor.DeployKillTeams {
			continue
		}
		if s.Destroyed(o.Planet) {
			notes = append(notes, fmt.Sprintf("%s's Kill Teams at %s: the planet is now destroyed, nothing happens", o.Fleet, o.Planet))
			continue
		}
		own := r.c.FleetAlliance(o.Fleet)
		for _, a := range r.c.AllianceIDs() {
			if a == own {
				continue
			}
			label := fmt.Sprintf("phase-%02d/2.6/kill-teams/%s/%s", s.Phase, o.ID(), a)
			d := r.dice.D6(label, fmt.Sprintf("%s's Kill Teams against %s at %s (5+)", o.Fleet, a, o.Planet))
			if d >= 5 {
				notes = append(notes, fmt.Sprintf("%s's Kill Teams roll %d against %s: %s", o.Fleet, d, a, s.Lower(o.Planet, a)))
			} else {
				notes = append(notes, fmt.Sprintf("%s's Kill Teams roll %d against %s: no effect", o.Fleet, d, a))
			}
		}
	}
	if len(notes) == 0 {
		r.sec.Para("No Deploy Kill Teams Operations this phase.")
	}
	r.note(notes...)
}

// resultsAndEvents is step 3, Results and Vespator Front Events: the Points
// Tracker is updated; in the final phase the campaign ends here (RULINGS 13).
func (r *run) resultsAndEvents() {
	s := r.s
	s.UpdatePoints()
	var rows [][]string
	for _, a := range r.c.AllianceIDs() {
		sh := "destroyed"
		if p, ok := s.StrongholdAt(a); ok {
			sh = string(p) + " (+3)"
		}
		rows = append(rows, []string{string(a), fmt.Sprint(s.TotalPower(a)), sh, fmt.Sprint(s.Points[a])})
	}
	r.sec.Para(processor.PointsTrackerLine)
	r.sec.Table([]string{"alliance", "total Power Level", "Stronghold", "Campaign points"}, rows)
	r.tracked[s.Phase] = maps.Clone(s.Points) // as the table has them, for the points chart
	if s.Phase < r.c.Phases {
		r.vespatorFrontEvents()
		return
	}
	r.endCampaign()
}

// endCampaign is End of the Campaign: the Alliance with the highest Campaign
// points total wins; in a tie, if only one of the tied Alliances still has
// its Stronghold on the map, it wins; otherwise the tied Alliances play a
// final battle (or battles) to decide (tiebreak.go).
func (r *run) endCampaign() {
	s := r.s
	best := -1
	var tied []processor.AllianceID
	for _, a := range r.c.AllianceIDs() {
		switch p := s.Points[a]; {
		case p > best:
			best, tied = p, []processor.AllianceID{a}
		case p == best:
			tied = append(tied, a)
		}
	}
	end := &processor.End{}
	switch {
	case len(tied) == 1:
		end.Winner, end.How = tied[0], fmt.Sprintf("the highest Campaign points total (%d)", best)
	default:
		end.Tied = tied
		var holding []processor.AllianceID
		for _, a := range tied {
			if _, ok := s.StrongholdAt(a); ok {
				holding = append(holding, a)
			}
		}
		if len(holding) == 1 {
			end.Winner = holding[0]
			end.How = fmt.Sprintf("tied on %d points with %s, and the only one of them with its Stronghold still on the map", best, report.OneOf(tied))
		} else {
			end.How = fmt.Sprintf("tied on %d points: one player from each of %s plays a final battle to decide the victor", best, report.OneOf(tied))
		}
	}
	r.concludeCampaign(end) // the Campaign Medals, or the wait for the final battle(s)
}
