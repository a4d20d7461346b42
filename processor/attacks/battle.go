package attacks

import (
	"fmt"
	"maps"
	"slices"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/dice"
	"github.com/warmaster/warmaster/processor/report"
)

// Fought is a battle with its result, played or not.
type Fought struct {
	// The battle, in the step's list of them (a pointer: 100,000 battles'
	// copies were 10 MB held from 2.3 to 2.4); nothing changes it.
	*processor.BattleOp
	Result *processor.Result // nil: unplayed
	Victor processor.Side
	// Outcome is the victor's Campaign Outcome choices: the result's, or
	// an unplayed battle's order's; nil for none (a step holds a Fought
	// for each of its battles). Choices gives them.
	Outcome *processor.Choices
}

// Choices are the victor's Campaign Outcome choices, none when none were
// given.
func (f Fought) Choices() processor.Choices {
	if f.Outcome == nil {
		return processor.Choices{}
	}
	return *f.Outcome
}

// threeOrMore is the Campaign Outcomes' "if the <Alliance>'s Power Level at
// this Planet is 3 or more", with the level the battle is judged with
// (judged; RULINGS 9) and the victor's ±1, adj (RULINGS 8). It also words
// the test for the report.
func (r Rules) threeOrMore(p processor.PlanetID, a processor.AllianceID, adj int) (bool, string) {
	return r.threeOrMoreAt(p, a, r.judged().Power(p, a), adj)
}

// threeOrMoreAt is threeOrMore with the level given: lvl, as judged.
func (r Rules) threeOrMoreAt(p processor.PlanetID, a processor.AllianceID, lvl, adj int) (bool, string) {
	what, now := fmt.Sprintf("%s's Power Level at %s is %d", a, p, lvl), ""
	if n := r.S.Power(p, a); n != lvl {
		what, now = fmt.Sprintf("%s's Power Level at %s was %d when the battle was fought", a, p, lvl), fmt.Sprintf("; %d now", n)
	}
	if adj != 0 {
		by := "with its Stronghold"
		if !r.judged().AppliesAt(a, processor.Stronghold, p) {
			by = "with Coordinated Opposition" // the only other source of the ±1 (RULINGS 8)
		} else if !r.S.AppliesAt(a, processor.Stronghold, p) {
			by += " (as it stood when the battle was fought)"
		}
		what += fmt.Sprintf(", treated as %d %s", lvl+adj, by)
	}
	if lvl+adj >= 3 {
		return true, what + " (3 or more" + now + ")"
	}
	return false, what + " (less than 3" + now + ")"
}

// outcomeLabel is the dice stream of an outcome's nth roll of a kind, e.g.
// phase-01/2.4/blue-1/bombardment/1.
func (r Rules) outcomeLabel(f Fought, kind string, n int) string {
	return fmt.Sprintf("phase-%02d/2.4/%s/%s/%d", r.S.Phase, f.ID, kind, n)
}

// Rules is what the attack types' outcomes read and change: the campaign,
// the map as it stands when the battle is processed, and the step's dice;
// in 2.4, also the map the battles were fought on.
type Rules struct {
	C    *processor.Campaign
	S    *processor.State
	Dice *dice.Roller
	// AtBattle is the map as it stood when the battles were fought and their
	// victors decided: 2.4's map before it processes its first battle, whose
	// Power Levels are those the battle sheets show (phase.processBattleResults
	// says why it is taken there). nil outside 2.4: S.
	AtBattle *processor.State
	// Fought: ValidateOutcome checks a result at the battles step, where S
	// is the map the battle was fought on and is judged with (RULINGS 9):
	// an outcome's "3 or more" can be judged then (lessThanThree). Not so
	// for orders, checked before step 1 and 2.2 change the map, nor with
	// `[rules] outcome_power_levels = "processing"`.
	Fought bool
	// Places, when not nil, are S's Fleets by Alliance and planet
	// (FleetPlaces), for a caller that looks them up while none moves.
	Places FleetPlaces
}

// lessThanThree adds a fault at at when a choice needs the Alliance's Power
// Level at this Planet to be "3 or more" and it is not, on the map the
// battle is judged with (Fought), with the victor's ±1 (power_adjust; a
// ±1 it cannot use is a fault of its own). need words the choice, fix what
// would be valid.
func (r Rules) lessThanThree(at processor.Src, p processor.PlanetID, a processor.AllianceID, adj int, fs *processor.Faults, need, fix string) {
	if !r.Fought || r.C.Rules.JudgedAtProcessing() {
		return
	}
	lvl := r.S.Power(p, a)
	if lvl+adj >= 3 {
		return
	}
	with := ""
	if adj != 0 {
		with = fmt.Sprintf(", treated as %d", lvl+adj)
	}
	fs.Add(at, "%s needs %s's Power Level at %s to be 3 or more, and it was %d%s when the battle was fought; %s", need, a, p, lvl, with, fix)
}

// judged is the map a Campaign Outcome reads its Power Levels and its ±1
// sources from. 2.4 Process Battle Results: the levels "may well have
// changed between the point when the victor made their decisions and when
// they are being processed ... it does not change the Campaign Outcome of
// the battle currently being processed": by default the map the battle was
// fought on (AtBattle); with `[rules] outcome_power_levels = "processing"`,
// the map as it stands (RULINGS 9). What an outcome changes — a level
// raised or lowered, a piece built, a location struck — is always S, and
// what has become impossible there falls back (RULINGS 9).
func (r Rules) judged() *processor.State {
	if r.AtBattle == nil || r.C.Rules.JudgedAtProcessing() {
		return r.S
	}
	return r.AtBattle
}

// ValidateOutcome checks a victor's Campaign Outcome choices: only the keys
// the attack type's result takes, and planets and pieces that fit the map
// now (a choice impossible now is a fault saying what would be valid;
// RULINGS 9). why, if any, ends the message of a key the result does not take:
// an orders file's (whose outcome takes no loser_power_adjust).
func (r Rules) ValidateOutcome(b processor.BattleOp, victor processor.Side, ch processor.Choices, fs *processor.Faults, why string) {
	s := r.S
	type key struct {
		name string
		set  bool
	}
	keys := []key{
		{"power_adjust", ch.PowerAdjust != 0},
		{"loser_power_adjust", ch.LoserPowerAdjust != 0},
		{"transfer", len(ch.Transfer) > 0},
		{"reinforce", ch.Reinforce != ""},
		{"planet", ch.Planet != ""},
		{"direction", ch.Direction != ""},
		{"pieces", len(ch.Pieces) > 0},
		{"take", ch.HasTake},
		{"build", ch.HasBuild || ch.NoBuild},
		{"extra", ch.HasExtra},
		{"location", ch.Location != 0},
		{"locations", len(ch.Locations) > 0},
		{"planets", len(ch.Planets) > 0},
		{"fleet", ch.Fleet != ""},
		{"moves", len(ch.Moves) > 0},
	}
	takes := processor.OutcomeKeys(b.Attack, victor)
	for _, k := range keys {
		if !k.set {
			continue
		}
		if msg := processor.NoOutcomeChoice(b.Attack, victor, k.name, why); msg != "" {
			fs.AddKey(ch.Src.At(k.name), "%s", msg)
		}
	}
	if !r.C.Map.Has(b.Planet) || victor == processor.Draw {
		return
	}
	if slices.Contains(takes, "power_adjust") {
		victorAlliance, foe := b.Attacker, b.Defender
		if victor == processor.Defender {
			victorAlliance, foe = b.Defender, b.Attacker
		}
		r.validatePowerAdjust(ch, victorAlliance, b.Planet, fs, foe)
	}
	if slices.Contains(takes, "loser_power_adjust") {
		loser, victorAlliance := b.Defender, b.Attacker
		if victor == processor.Defender {
			loser, victorAlliance = b.Attacker, b.Defender
		}
		r.validateLoserPowerAdjust(ch, loser, victorAlliance, fs)
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
		case !r.C.Map.Has(p):
		case s.Destroyed(p):
			fs.Add(at, "%s is destroyed; connected planets of %s: %s", p, b.Planet, report.OneOf(r.S.IntactConnected(b.Defender, b.Planet)))
		case !s.IsConnected(b.Defender, b.Planet, p):
			fs.Add(at, "%s is not connected to %s; connected planets: %s", p, b.Planet, report.OneOf(r.S.IntactConnected(b.Defender, b.Planet)))
		default:
			return true
		}
		return false
	}
	if len(ch.Transfer) > 3 {
		fs.Add(ch.Src.At("transfer"), "%d transfers: a Power Level goes from at most 4 down to 1, so at most 3", len(ch.Transfer))
	} else {
		r.validateTransfers(b, ch, fs, connected)
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
		if r.C.Map.Has(from) {
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

// validateTransfers: Purge and Burn — Defender wins, "The Defender can
// subtract 1 from their Alliance's Power Level at this Planet any number of
// times. Each time they do, they can add 1 to their Alliance's Power Level
// at a connected Planet." Each transfer is judged in order on the map as it
// stands when the file is checked: a level that cannot be subtracted (at 1,
// or at the Fortification Line minimum: no Line is paid for it, RULINGS 28)
// or added (already 4, RULINGS 1) is a fault, so what check accepts,
// processing applies — unless an earlier battle of 2.4 changes the levels
// first (RULINGS 9), when processing skips it and says so.
func (r Rules) validateTransfers(b processor.BattleOp, ch processor.Choices, fs *processor.Faults, connected func(processor.Src, processor.PlanetID) bool) {
	s, p, D := r.S, b.Planet, b.Defender
	lvl, lowest := s.Power(p, D), s.MinPower(p, D)
	added := map[processor.PlanetID]int{}
	for i, q := range ch.Transfer {
		at := ch.Src.At("transfer", i)
		if !connected(at, q) {
			continue
		}
		if lvl-1 < lowest {
			can := max(s.Power(p, D)-lowest, 0)
			floor := "the lowest a Power Level goes"
			if lowest > 1 {
				floor = fmt.Sprintf("its minimum there with %s (RULINGS 2; a transfer is not paid for with a Line, RULINGS 28)", report.Plural(lowest-1, "Fortification Line", "Fortification Lines"))
			}
			fs.Add(at, "%s's Power Level at %s is %d and %d is %s: %s from %s, not %d; leave the rest out", D, p, s.Power(p, D), lowest, floor, report.Plural(can, "transfer", "transfers"), p, len(ch.Transfer))
			return
		}
		if s.Power(q, D)+added[q] >= 4 {
			var room []processor.PlanetID
			for _, c := range s.IntactConnected(D, p) {
				if s.Power(c, D)+added[c] < 4 {
					room = append(room, c)
				}
			}
			already := fmt.Sprintf("is %d", s.Power(q, D))
			if added[q] > 0 {
				already = fmt.Sprintf("is %d, %d with the transfers before this one", s.Power(q, D), s.Power(q, D)+added[q])
			}
			fs.Add(at, "%s's Power Level at %s %s, and a Power Level goes no higher than 4 (RULINGS 1); connected planets where it can rise: %s", D, q, already, report.OneOf(room))
			continue
		}
		lvl--
		added[q]++
	}
}

// validateRoom: Orbital Invasion — Defender wins builds "one piece of
// Infrastructure of that type" at the other planet for each piece removed,
// and a piece is built only on an undestroyed, unoccupied location
// (Infrastructure): the pieces moved need as many free locations at to.
func (r Rules) validateRoom(b processor.BattleOp, ch processor.Choices, to processor.PlanetID, fs *processor.Faults) {
	s := r.S
	if why := s.LaurelBar(to, b.Defender); why != "" && len(ch.Pieces) > 0 {
		// Laurel of Victory: "No other Alliance can build any
		// Infrastructure on that Planet" (RULINGS 40).
		var room []processor.PlanetID
		for _, q := range r.S.IntactConnected(b.Defender, b.Planet) {
			if s.FreeLocations(q) >= len(ch.Pieces) && s.LaurelBar(q, b.Defender) == "" {
				room = append(room, q)
			}
		}
		if to == b.Planet {
			fs.Add(ch.Src.At("pieces"), "%s: no piece moves there; leave pieces out", why)
		} else {
			fs.Add(ch.Src.At("planet"), "%s: no piece moves there; connected planets of %s with room for %s: %s", why, b.Planet, report.Plural(len(ch.Pieces), "piece", "pieces"), report.OneOf(room))
		}
		return
	}
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
	for _, q := range r.S.IntactConnected(b.Defender, b.Planet) {
		if s.FreeLocations(q) >= len(ch.Pieces) && s.LaurelBar(q, b.Defender) == "" {
			room = append(room, q)
		}
	}
	fs.Add(ch.Src.At("pieces", free), "%s; connected planets of %s with room for %s: %s", has, b.Planet, report.Plural(len(ch.Pieces), "piece", "pieces"), report.OneOf(room))
}

// Apply applies one battle's Campaign Outcome and says what happened.
func (r Rules) Apply(f Fought) []string {
	s, p, A, D := r.S, f.Planet, f.Attacker, f.Defender
	var out []string
	// Stronghold: the victor may treat its Power Level as 1 higher or lower
	// for the battle's Campaign Outcomes; Coordinated Opposition, the side
	// fighting the dominating Alliance, victor or loser. Each counts where it
	// applied on the map the battle is judged with (judged; RULINGS 8, 9).
	// adj goes to every comparison and "3 or more" of the victor's level in
	// the outcome (threeOrMore), ladj to every comparison of the loser's.
	j := r.judged()
	victor, loser := A, D
	if f.Victor == processor.Defender {
		victor, loser = D, A
	}
	applies := "no longer applies"
	if j != s {
		applies = "did not apply when the battle was fought"
	}
	adj := f.Choices().PowerAdjust
	if !slices.Contains(processor.OutcomeKeys(f.Attack, f.Victor), "power_adjust") {
		adj = 0 // refused at check time; a Draw or an outcome without a threshold
	}
	if adj != 0 && !j.AppliesAt(victor, processor.Stronghold, p) && !j.CoordinatedOpposition(victor, loser) {
		out = append(out, fmt.Sprintf("%s's power_adjust %+d %s (no Stronghold at or connected to %s): ignored", victor, adj, applies, p))
		adj = 0
	}
	ladj := f.Choices().LoserPowerAdjust
	if !slices.Contains(processor.OutcomeKeys(f.Attack, f.Victor), "loser_power_adjust") {
		ladj = 0 // refused at check time: the outcome compares no level of the loser
	}
	if ladj != 0 && !j.CoordinatedOpposition(loser, victor) {
		out = append(out, fmt.Sprintf("%s's loser_power_adjust %+d %s (%s is not the dominating Alliance of a Coordinated Opposition): ignored", loser, ladj, applies, victor))
		ladj = 0
	}
	switch {
	case f.Victor == processor.Draw:
		// DRAW (every attack type): Add 1 to the Attacking Alliance's Power Level at this Planet.
		out = append(out, s.Raise(p, A))
	case f.Attack == processor.PurgeAndBurn && f.Victor == processor.Attacker:
		out = append(out, r.purgeAndBurnAttackerWins(p, A, D, adj, ladj)...)
	case f.Attack == processor.PurgeAndBurn:
		out = append(out, r.purgeAndBurnDefenderWins(p, D, f.Choices())...)
	case f.Attack == processor.OrbitalInvasion && f.Victor == processor.Attacker:
		out = append(out, r.orbitalInvasionAttackerWins(p, A, D, adj, ladj)...)
	case f.Attack == processor.OrbitalInvasion:
		out = append(out, r.orbitalInvasionDefenderWins(p, D, f.Choices())...)
	case f.Attack == processor.SeizePowerBase && f.Victor == processor.Attacker:
		out = append(out, r.seizePowerBaseAttackerWins(f, adj)...)
	case f.Attack == processor.SeizePowerBase:
		out = append(out, r.seizePowerBaseDefenderWins(f, adj)...)
	case f.Attack == processor.PlanetaryBombardment && f.Victor == processor.Attacker:
		out = append(out, r.planetaryBombardmentAttackerWins(f, adj)...)
	case f.Attack == processor.PlanetaryBombardment:
		out = append(out, r.planetaryBombardmentDefenderWins(f, adj)...)
	case f.Attack == processor.SupplyBaseRaid && f.Victor == processor.Attacker:
		out = append(out, r.supplyBaseRaidAttackerWins(f, adj)...)
	case f.Attack == processor.SupplyBaseRaid:
		out = append(out, r.supplyBaseRaidDefenderWins(f, adj)...)
	case f.Attack == processor.BoardingAction && f.Victor == processor.Attacker:
		out = append(out, r.boardingActionAttackerWins(f)...)
	case f.Attack == processor.BoardingAction:
		out = append(out, r.boardingActionDefenderWins(f)...)
	default:
		panic(fmt.Sprintf("processor: unknown attack type %d", f.Attack))
	}
	return out
}

// validatePowerAdjust: the Stronghold's "treat the Power Level as 1 higher or
// lower" is the victor's choice only where a Stronghold of theirs is at this
// or a connected Planet (Stronghold; RULINGS 8).
// Coordinated Opposition gives the same ±1 against the dominating Alliance
// (foe, when given); the two do not stack (RULINGS 8).
func (r Rules) validatePowerAdjust(ch processor.Choices, victor processor.AllianceID, p processor.PlanetID, fs *processor.Faults, foe ...processor.AllianceID) {
	if ch.PowerAdjust == 0 || !r.C.Map.Has(p) {
		return
	}
	if len(foe) > 0 && r.S.CoordinatedOpposition(victor, foe[0]) {
		return
	}
	if !r.S.AppliesAt(victor, processor.Stronghold, p) {
		sh, ok := r.S.StrongholdAt(victor)
		where := "it has no Stronghold on the map"
		if ok {
			where = fmt.Sprintf("its Stronghold at %s is not at or connected to %s", sh, p)
		}
		fs.Add(ch.Src.At("power_adjust"), "%s cannot treat its Power Level as 1 higher or lower: %s; use 0", victor, where)
	}
}

// validateLoserPowerAdjust: Coordinated Opposition — "each time a player
// fights a battle on a Planet against the dominating Alliance, they can
// treat their Alliance's Power Level at that Planet as 1 higher or lower
// ... for the purposes of that battle's Mission Rules and Campaign
// Outcomes": the loser's ±1 only where the victor is the dominating
// Alliance of a Coordinated Opposition in force (RULINGS 8).
func (r Rules) validateLoserPowerAdjust(ch processor.Choices, loser, victor processor.AllianceID, fs *processor.Faults) {
	if ch.LoserPowerAdjust == 0 || r.S.CoordinatedOpposition(loser, victor) {
		return
	}
	fs.Add(ch.Src.At("loser_power_adjust"), "%s lost to %s, which is not the dominating Alliance of a Coordinated Opposition in force this phase: only that gives the losing side a ±1; leave loser_power_adjust out", loser, victor)
}

// MostWins is the Alliance that won the most of the battles fought at
// planet p — Archeotech Riches' "the Alliance that won the most battles at
// that Planet" (a draw counts for nobody; tied: nobody, RULINGS 20) — ""
// when none was won, tied when the most are shared; with each Alliance's
// wins ("blue 2"), in the order of alliances.
func MostWins(fought []Fought, p processor.PlanetID, alliances []processor.AllianceID) (who processor.AllianceID, tally []string, tied bool) {
	wins := map[processor.AllianceID]int{}
	for _, f := range fought {
		switch {
		case f.Planet != p || f.Victor == processor.Draw:
		case f.Victor == processor.Attacker:
			wins[f.Attacker]++
		default:
			wins[f.Defender]++
		}
	}
	best := 0
	for _, a := range alliances {
		if wins[a] > 0 {
			tally = append(tally, fmt.Sprintf("%s %d", a, wins[a]))
		}
		switch {
		case wins[a] > best:
			best, who, tied = wins[a], a, false
		case wins[a] == best && best > 0:
			tied = true
		}
	}
	return who, tally, tied
}

// AfterEdifices is the map as 2.2 Edifice Raising Complete may leave it:
// a copy of s with each Raise Edifices of s.Orders and of orders (by login)
// built where it can be, fleet by fleet in that order — or s, when none is
// ordered. The orders' outcome choices are for a battle fought on the map
// 2.2 leaves (RULINGS 9, 18), and 2.2 only adds pieces: judged on this, a
// choice a Support Facility or a filled location makes possible is not
// refused; one the builds' real order (rolled then) makes impossible falls
// back to its default when the battle is processed.
func AfterEdifices(s *processor.State, orders map[processor.Login][]processor.Order) *processor.State {
	raise := slices.DeleteFunc(slices.Clone(s.Orders), func(o processor.Order) bool { return o.Op != processor.RaiseEdifices })
	taken := map[processor.FleetID]bool{} // An Open Tome's, in s.Orders already
	for _, o := range s.Orders {
		taken[o.Fleet] = true
	}
	for _, l := range slices.Sorted(maps.Keys(orders)) {
		for _, o := range orders[l] {
			if o.Op == processor.RaiseEdifices && !taken[o.Fleet] {
				raise = append(raise, o)
			}
		}
	}
	if len(raise) == 0 {
		return s
	}
	c := s.Clone()
	for _, o := range raise {
		at, ok := c.Fleets[o.Fleet]
		if a := s.C.FleetAlliance(o.Fleet); ok && a != "" && c.CanBuild(at, a, o.Infra) == "" {
			c.Build(at, a, o.Infra)
		}
	}
	return c
}

// ValidateOrderOutcome is ValidateOutcome of the choices an attacker's
// orders give for a battle left unplayed (RULINGS 18), refused only when
// impossible both on r.S and on after(), the map 2.2 may leave
// (AfterEdifices; the battle's map, where others' Raise Edifices may also
// fill a location): the rest falls back, if need be, when the battle is
// processed (RULINGS 9). after is called only when r.S refuses them.
func (r Rules) ValidateOrderOutcome(b processor.BattleOp, ch processor.Choices, after func() *processor.State, fs *processor.Faults) {
	var now, then processor.Faults
	if r.ValidateOutcome(b, processor.Attacker, ch, &now, processor.OrderOutcomeWhy); now.Empty() {
		return
	}
	r.S = after()
	if r.ValidateOutcome(b, processor.Attacker, ch, &then, ""); !then.Empty() {
		fs.Merge(now)
	}
}
