package phase

import (
	"cmp"
	"fmt"
	"slices"
	"time"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/report"
)

// validateResults checks this phase's battle results against the battles
// revealed and the map as it stands.
func (r *run) validateResults(fs *processor.Faults) {
	s := r.s
	bs := r.battles()
	ids := make([]string, len(bs))
	byID := make(map[string]int, len(bs))
	for i, b := range bs {
		ids[i] = b.ID
		byID[b.ID] = i
	}
	results := r.f.Results[s.Phase]
	for _, id := range processor.SortedKeys(results) {
		res := results[id]
		i, ok := byID[id]
		if !ok {
			fs.Add(processor.Src{File: res.Src.File}, "no battle %q in phase %d; %s", id, s.Phase, processor.Hint(fs, id, ids, "results are named after the attacking fleet of a battle: "+processor.OneOf(ids)))
			continue
		}
		b := bs[i]
		if res.HasPlayed {
			r.checkPlayed(res.Src.At("played"), res.Played, r.c.Deadlines[s.Phase].Battles, fs)
		}
		if res.DefenderPlayer != "" {
			if p, ok := r.c.PlayerOf(res.DefenderPlayer); ok && p.Alliance != b.Defender {
				fs.Add(res.Src.At("defender_player"), "%s is in %s, not the defending alliance %s: %s", res.DefenderPlayer, p.Alliance, b.Defender, processor.OneOf(r.c.PlayersOf(b.Defender)))
			}
		}
		if res.Theatre != "" && !slices.Contains(r.c.Map.Planet(b.Planet).Theatres, res.Theatre) {
			fs.Add(res.Src.At("theatre"), "%s has no %s theatre; its theatres: %s", b.Planet, res.Theatre, processor.OneOf(r.c.Map.Planet(b.Planet).Theatres))
		} else if t := b.Order.Theatre; res.Theatre != "" && t != "" && res.Theatre != t {
			fs.Add(res.Src.At("theatre"), "Sinister Omens rolled the %s theatre for this battle (see its battle sheet), not %s", t, res.Theatre)
		}
		r.validateEngineEntries(b, res, fs)
		r.validateOutcome(b, res.Victor(), res.Outcome, fs, "")
	}
}

// checkPlayed bounds when a battle of this phase can have been played: it
// decides the order of 2.4 Process Battle Results ("starting with the ones
// that occurred first"), so a date in year 0 or 2099 would put a battle
// first or last. Where the rules are silent we chose the window (RULINGS
// 69): from a year before the run to a day after the later of the run and
// the phase's deadline for it (a date without a time is midnight UTC: a
// day's slack for time zones).
func (r *run) checkPlayed(at processor.Src, played, deadline time.Time, fs *processor.Faults) {
	last := r.now
	if deadline.After(last) {
		last = deadline
	}
	first, last := r.now.AddDate(-1, 0, 0), last.Add(24*time.Hour)
	if played.Before(first) || played.After(last) {
		fs.Add(at, "played %s is not when a battle of phase %d can have been played: give a date from %s to %s (a year before this run, to a day after the later of the run and the phase's deadline)",
			played.Format("2006-01-02"), r.s.Phase, first.Format("2006-01-02"), last.Format("2006-01-02"))
	}
}

// outcomeKeys are the `[outcome]` keys each attack type's result takes.
// power_adjust, the Stronghold's ±1 (RULINGS 8), goes with every result
// whose outcome compares or tests the victor's Power Level.
func outcomeKeys(a processor.AttackType, victor processor.Side) []string {
	if victor == processor.Draw {
		return nil
	}
	return map[processor.AttackType][2][]string{
		processor.SeizePowerBase:       {{"power_adjust", "take", "build", "extra"}, {"power_adjust", "planet", "build"}},
		processor.PurgeAndBurn:         {{"power_adjust"}, {"transfer", "reinforce"}},
		processor.OrbitalInvasion:      {{"power_adjust"}, {"planet", "direction", "pieces"}},
		processor.PlanetaryBombardment: {{"power_adjust", "location"}, {"power_adjust", "planet", "locations"}},
		processor.SupplyBaseRaid:       {{"power_adjust", "planets"}, {"power_adjust", "planet"}},
		processor.BoardingAction:       {{"fleet", "moves"}, {"fleet", "moves"}},
	}[a][victor]
}

// validateOutcome checks a victor's Campaign Outcome choices: only the keys
// the attack type's result takes, and planets and pieces that fit the map
// now (a choice impossible now is a fault saying what would be valid;
// RULINGS 9). why, if any, ends the message of a key the result does not take.
func (r *run) validateOutcome(b processor.BattleOp, victor processor.Side, ch processor.Choices, fs *processor.Faults, why string) {
	s := r.s
	type key struct {
		name string
		set  bool
	}
	keys := []key{
		{"power_adjust", ch.PowerAdjust != 0},
		{"transfer", len(ch.Transfer) > 0},
		{"reinforce", ch.Reinforce != ""},
		{"planet", ch.Planet != ""},
		{"direction", ch.Direction != ""},
		{"pieces", len(ch.Pieces) > 0},
		{"take", ch.HasTake},
		{"build", ch.HasBuild},
		{"extra", ch.HasExtra},
		{"location", ch.Location != 0},
		{"locations", len(ch.Locations) > 0},
		{"planets", len(ch.Planets) > 0},
		{"fleet", ch.Fleet != ""},
		{"moves", len(ch.Moves) > 0},
	}
	takes := outcomeKeys(b.Attack, victor)
	result := fmt.Sprintf("%s — %s", b.Attack.Title(), resultTitle(victor))
	for _, k := range keys {
		if k.set && !slices.Contains(takes, k.name) {
			fs.AddKey(ch.Src.At(k.name), "%s has no %q choice (it takes %s)%s", result, k.name, processor.JoinQuotedOr(takes, "no choices"), why)
		}
	}
	if !r.c.Map.Has(b.Planet) || victor == processor.Draw {
		return
	}
	if slices.Contains(takes, "power_adjust") {
		victorAlliance, foe := b.Attacker, b.Defender
		if victor == processor.Defender {
			victorAlliance, foe = b.Defender, b.Attacker
		}
		r.validatePowerAdjust(ch, victorAlliance, b.Planet, fs, foe)
	}
	switch b.Attack {
	case processor.SeizePowerBase:
		r.validateSeizePowerBase(b, victor, ch, fs)
		return
	case processor.PlanetaryBombardment:
		r.validatePlanetaryBombardment(b, victor, ch, fs)
		return
	case processor.SupplyBaseRaid:
		r.validateSupplyBaseRaid(b, victor, ch, fs)
		return
	case processor.BoardingAction:
		r.validateBoardingAction(b, victor, ch, fs)
		return
	}
	if victor != processor.Defender {
		return
	}
	// connected reports whether p is an undestroyed planet connected to
	// this one, else adds the fault (an unknown planet is reported already).
	connected := func(at processor.Src, p processor.PlanetID) bool {
		switch {
		case !r.c.Map.Has(p):
		case s.Destroyed(p):
			fs.Add(at, "%s is destroyed; connected planets of %s: %s", p, b.Planet, processor.OneOf(r.s.IntactConnected(b.Defender, b.Planet)))
		case !s.IsConnected(b.Defender, b.Planet, p):
			fs.Add(at, "%s is not connected to %s; connected planets: %s", p, b.Planet, processor.OneOf(r.s.IntactConnected(b.Defender, b.Planet)))
		default:
			return true
		}
		return false
	}
	for i, p := range ch.Transfer {
		connected(ch.Src.At("transfer", i), p)
	}
	if len(ch.Transfer) > 3 {
		fs.Add(ch.Src.At("transfer"), "%d transfers: a Power Level goes from at most 4 down to 1, so at most 3", len(ch.Transfer))
	}
	if ch.Reinforce != "" {
		connected(ch.Src.At("reinforce"), ch.Reinforce)
	}
	if ch.Planet != "" {
		ok := connected(ch.Src.At("planet"), ch.Planet)
		from, to := b.Planet, ch.Planet
		if ch.Direction == "from-connected" {
			from, to = ch.Planet, b.Planet
		}
		if r.c.Map.Has(from) {
			need := map[processor.InfraType]int{}
			for i, t := range ch.Pieces {
				need[t]++
				if have := s.Pieces(from, b.Defender, t); need[t] > have {
					fs.Add(ch.Src.At("pieces", i), "%s has %s at %s", b.Defender, report.Plural(have, t.Title(), t.Title()+" pieces"), from)
				}
			}
			if ok {
				r.validateRoom(b, ch, to, fs)
			}
		}
	}
}

// validateRoom: Orbital Invasion — Defender wins builds "one piece of
// Infrastructure of that type" at the other planet for each piece removed,
// and a piece is built only on an undestroyed, unoccupied location
// (Infrastructure): the pieces moved need as many free locations at to.
func (r *run) validateRoom(b processor.BattleOp, ch processor.Choices, to processor.PlanetID, fs *processor.Faults) {
	s := r.s
	free := s.FreeLocations(to)
	if len(ch.Pieces) <= free {
		return
	}
	has := fmt.Sprintf("%s has no free Infrastructure location (%s)", to, s.DescribeLocations(to))
	if free > 0 {
		has = fmt.Sprintf("%s has %s (%s): %s can move there, not %d", to, report.Plural(free, "free Infrastructure location", "free Infrastructure locations"), s.DescribeLocations(to), report.Plural(free, "piece", "pieces"), len(ch.Pieces))
	}
	if to == b.Planet {
		fs.Add(ch.Src.At("pieces", free), "%s; move fewer pieces", has)
		return
	}
	var room []processor.PlanetID // connected planets with room for every piece
	for _, q := range r.s.IntactConnected(b.Defender, b.Planet) {
		if s.FreeLocations(q) >= len(ch.Pieces) {
			room = append(room, q)
		}
	}
	fs.Add(ch.Src.At("pieces", free), "%s; connected planets of %s with room for %s: %s", has, b.Planet, report.Plural(len(ch.Pieces), "piece", "pieces"), processor.OneOf(room))
}

func resultTitle(v processor.Side) string {
	return [...]string{"Attacker wins", "Defender wins", "Draw"}[v]
}

// resolveBattles is 2.3 Resolve Battle Operations: each battle's result as
// reported; "if any Battle Operations have not been resolved by playing a
// battle, the attacking Fleet is considered to have been victorious" and its
// player's choices are those in its orders (RULINGS 18).
func (r *run) resolveBattles() {
	bs := r.battles()
	out := make([]fought, 0, len(bs))
	rows := make([][]string, 0, len(bs))
	for _, b := range bs {
		f := fought{BattleOp: b, res: r.f.Results[r.s.Phase][b.ID]}
		played, score, theatre, players := "not played: the attacker is victorious", "", "", string(b.Player)
		if f.res == nil && r.setAsideHere("results", b.ID) {
			played = "result not applied (see above): the attacker is victorious"
		}
		if f.res == nil {
			f.victor, f.choices = processor.Attacker, b.Order.Outcome
		} else {
			f.victor, f.choices = f.res.Victor(), f.res.Outcome
			played = "reported, no date"
			if f.res.HasPlayed {
				played = f.res.Played.Format("2006-01-02 15:04 MST")
			}
			if f.res.DefenderPlayer != "" {
				players += " vs " + string(f.res.DefenderPlayer)
			}
			if f.res.HasVP {
				a, d := f.res.VpWithBonus()
				score = fmt.Sprintf("%d–%d", a, d)
			}
			if f.res.Theatre != "" {
				theatre = f.res.Theatre
				if f.res.Twist > 0 {
					theatre += fmt.Sprintf(" (twist %d: %s)", f.res.Twist, processor.TwistName(f.res.Theatre, f.res.Twist))
				}
			}
		}
		out = append(out, f)
		rows = append(rows, []string{b.ID, string(b.Planet), b.Attack.Title(), players, played, resultTitle(f.victor), score, theatre})
	}
	if len(rows) == 0 {
		r.sec.Para("No battles this phase.")
	}
	r.sec.Table([]string{"battle", "planet", "attack type", "players", "played", "result", "VP (with Battle Ready)", "theatre"}, rows)
	r.fought = out
}

// processBattleResults is 2.4 Process Battle Results: battles with a played
// time first, oldest first, then the rest by battle id (RULINGS 6), each
// applied to the map as it stands when processed (RULINGS 9).
func (r *run) processBattleResults() {
	engineBefore := r.engineRepairs() // between phases; and every war engine's condition before the battles
	// Battle ids are unique: the order is total. Pointers: a fought is large.
	order := make([]*fought, len(r.fought))
	for i := range r.fought {
		order[i] = &r.fought[i]
	}
	slices.SortFunc(order, func(x, y *fought) int {
		px, py := x.res != nil && x.res.HasPlayed, y.res != nil && y.res.HasPlayed
		switch {
		case px && py:
			return cmp.Or(x.res.Played.Compare(y.res.Played), cmp.Compare(x.ID, y.ID))
		case px:
			return -1
		case py:
			return 1
		}
		return cmp.Compare(x.ID, y.ID)
	})
	if len(order) == 0 {
		r.sec.Para("No battles to process.")
	}
	for i, f := range order {
		r.sec.Heading(3, "%d. %s: %s at %s — %s", i+1, f.ID, f.Attack.Title(), f.Planet, resultTitle(f.victor))
		r.note(r.applyOutcome(*f)...)
		r.engineBattle(*f)
	}
	r.engineChanges(engineBefore)
	r.archeotechRiches() // "At the end of the Process Battle Results step of the next Campaign phase"
}

// applyOutcome applies one battle's Campaign Outcome and says what happened.
func (r *run) applyOutcome(f fought) []string {
	s, p, A, D := r.s, f.Planet, f.Attacker, f.Defender
	var out []string
	// Stronghold: the victor may treat its Power Level as 1 higher or lower
	// for the battle's Campaign Outcomes, where the Stronghold applies when
	// the battle is processed (RULINGS 8, 9). adj goes to every comparison
	// and "3 or more" of the victor's outcome (threeOrMore).
	adj := f.choices.PowerAdjust
	if !slices.Contains(outcomeKeys(f.Attack, f.victor), "power_adjust") {
		adj = 0 // refused at check time; a Draw or an outcome without a threshold
	}
	if adj != 0 {
		victor := A
		if f.victor == processor.Defender {
			victor = D
		}
		foe := D
		if victor == D {
			foe = A
		}
		if !s.AppliesAt(victor, processor.Stronghold, p) && !s.CoordinatedOpposition(victor, foe) {
			out = append(out, fmt.Sprintf("%s's power_adjust %+d no longer applies (no Stronghold at or connected to %s): ignored", victor, adj, p))
			adj = 0
		}
	}
	switch {
	case f.victor == processor.Draw:
		// DRAW (every attack type): Add 1 to the Attacking Alliance's Power Level at this Planet.
		out = append(out, s.Raise(p, A))
	case f.Attack == processor.PurgeAndBurn && f.victor == processor.Attacker:
		out = append(out, r.purgeAndBurnAttackerWins(p, A, D, adj)...)
	case f.Attack == processor.PurgeAndBurn:
		out = append(out, r.purgeAndBurnDefenderWins(p, D, f.choices)...)
	case f.Attack == processor.OrbitalInvasion && f.victor == processor.Attacker:
		out = append(out, r.orbitalInvasionAttackerWins(p, A, D, adj)...)
	case f.Attack == processor.OrbitalInvasion:
		out = append(out, r.orbitalInvasionDefenderWins(p, D, f.choices)...)
	case f.Attack == processor.SeizePowerBase && f.victor == processor.Attacker:
		out = append(out, r.seizePowerBaseAttackerWins(f, adj)...)
	case f.Attack == processor.SeizePowerBase:
		out = append(out, r.seizePowerBaseDefenderWins(f, adj)...)
	case f.Attack == processor.PlanetaryBombardment && f.victor == processor.Attacker:
		out = append(out, r.planetaryBombardmentAttackerWins(f, adj)...)
	case f.Attack == processor.PlanetaryBombardment:
		out = append(out, r.planetaryBombardmentDefenderWins(f, adj)...)
	case f.Attack == processor.SupplyBaseRaid && f.victor == processor.Attacker:
		out = append(out, r.supplyBaseRaidAttackerWins(f, adj)...)
	case f.Attack == processor.SupplyBaseRaid:
		out = append(out, r.supplyBaseRaidDefenderWins(f, adj)...)
	case f.Attack == processor.BoardingAction && f.victor == processor.Attacker:
		out = append(out, r.boardingActionAttackerWins(f)...)
	case f.Attack == processor.BoardingAction:
		out = append(out, r.boardingActionDefenderWins(f)...)
	default:
		panic(fmt.Sprintf("processor: unknown attack type %d", f.Attack))
	}
	return out
}

// fleetArrival is 2.5 Fleet Arrival: each Fleet that selected Void Leap moves
// to the selected Planet. It was not destroyed when selected; should it be
// destroyed since, the fleet still arrives (Fleets can be moved to a
// destroyed Planet).
func (r *run) fleetArrival() {
	var notes []string
	for _, o := range r.s.Orders {
		if o.Op == processor.VoidLeap {
			notes = append(notes, fmt.Sprintf("%s leaps from %s to %s", o.Fleet, r.s.Fleets[o.Fleet], o.Planet))
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
func (r *run) lowLevelResistance() {
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
	r.sec.Para("Points Tracker:")
	r.sec.Table([]string{"alliance", "total Power Level", "Stronghold", "Campaign points"}, rows)
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
			end.How = fmt.Sprintf("tied on %d points with %s, and the only one of them with its Stronghold still on the map", best, processor.OneOf(tied))
		} else {
			end.How = fmt.Sprintf("tied on %d points: one player from each of %s plays a final battle to decide the victor", best, processor.OneOf(tied))
		}
	}
	r.concludeCampaign(end) // the Campaign Medals, or the wait for the final battle(s)
}
