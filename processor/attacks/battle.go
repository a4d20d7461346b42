package attacks

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/dice"
	"github.com/warmaster/warmaster/processor/report"
)

// Fought is a battle with its result, played or not.
type Fought struct {
	processor.BattleOp
	Result  *processor.Result // nil: unplayed
	Victor  processor.Side
	Choices processor.Choices
}

// threeOrMore is the Campaign Outcomes' "if the <Alliance>'s Power Level at
// this Planet is 3 or more", with the level as it stands when the battle is
// processed (RULINGS 9) and the victor's Stronghold ±1, adj (RULINGS 8). It
// also words the test for the report.
func (r Rules) threeOrMore(p processor.PlanetID, a processor.AllianceID, adj int) (bool, string) {
	lvl := r.S.Power(p, a)
	what := fmt.Sprintf("%s's Power Level at %s is %d", a, p, lvl)
	if adj != 0 {
		by := "with its Stronghold"
		if !r.S.AppliesAt(a, processor.Stronghold, p) {
			by = "with Coordinated Opposition" // the only other source of the ±1 (RULINGS 8)
		}
		what += fmt.Sprintf(", treated as %d %s", lvl+adj, by)
	}
	if lvl+adj >= 3 {
		return true, what + " (3 or more)"
	}
	return false, what + " (less than 3)"
}

// outcomeLabel is the dice stream of an outcome's nth roll of a kind, e.g.
// phase-01/2.4/blue-1/bombardment/1.
func (r Rules) outcomeLabel(f Fought, kind string, n int) string {
	return fmt.Sprintf("phase-%02d/2.4/%s/%s/%d", r.S.Phase, f.ID, kind, n)
}

// Rules is what the attack types' outcomes read and change: the campaign,
// the map as it stands when the battle is processed, and the step's dice.
type Rules struct {
	C    *processor.Campaign
	S    *processor.State
	Dice *dice.Roller
}

// OutcomeKeys are the `[outcome]` keys each attack type's result takes.
// power_adjust, the Stronghold's ±1 (RULINGS 8), goes with every result
// whose outcome compares or tests the victor's Power Level.
func OutcomeKeys(a processor.AttackType, victor processor.Side) []string {
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

// ValidateOutcome checks a victor's Campaign Outcome choices: only the keys
// the attack type's result takes, and planets and pieces that fit the map
// now (a choice impossible now is a fault saying what would be valid;
// RULINGS 9). why, if any, ends the message of a key the result does not take.
func (r Rules) ValidateOutcome(b processor.BattleOp, victor processor.Side, ch processor.Choices, fs *processor.Faults, why string) {
	s := r.S
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
	takes := OutcomeKeys(b.Attack, victor)
	result := fmt.Sprintf("%s — %s", b.Attack.Title(), ResultTitle(victor))
	for _, k := range keys {
		if k.set && !slices.Contains(takes, k.name) {
			fs.AddKey(ch.Src.At(k.name), "%s has no %q choice (it takes %s)%s", result, k.name, cmp.Or(report.QuotedAnd(takes), "no choices"), why)
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

// validateRoom: Orbital Invasion — Defender wins builds "one piece of
// Infrastructure of that type" at the other planet for each piece removed,
// and a piece is built only on an undestroyed, unoccupied location
// (Infrastructure): the pieces moved need as many free locations at to.
func (r Rules) validateRoom(b processor.BattleOp, ch processor.Choices, to processor.PlanetID, fs *processor.Faults) {
	s := r.S
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
		if s.FreeLocations(q) >= len(ch.Pieces) {
			room = append(room, q)
		}
	}
	fs.Add(ch.Src.At("pieces", free), "%s; connected planets of %s with room for %s: %s", has, b.Planet, report.Plural(len(ch.Pieces), "piece", "pieces"), report.OneOf(room))
}

func ResultTitle(v processor.Side) string {
	return [...]string{"Attacker wins", "Defender wins", "Draw"}[v]
}

// Apply applies one battle's Campaign Outcome and says what happened.
func (r Rules) Apply(f Fought) []string {
	s, p, A, D := r.S, f.Planet, f.Attacker, f.Defender
	var out []string
	// Stronghold: the victor may treat its Power Level as 1 higher or lower
	// for the battle's Campaign Outcomes, where the Stronghold applies when
	// the battle is processed (RULINGS 8, 9). adj goes to every comparison
	// and "3 or more" of the victor's outcome (threeOrMore).
	adj := f.Choices.PowerAdjust
	if !slices.Contains(OutcomeKeys(f.Attack, f.Victor), "power_adjust") {
		adj = 0 // refused at check time; a Draw or an outcome without a threshold
	}
	if adj != 0 {
		victor := A
		if f.Victor == processor.Defender {
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
	case f.Victor == processor.Draw:
		// DRAW (every attack type): Add 1 to the Attacking Alliance's Power Level at this Planet.
		out = append(out, s.Raise(p, A))
	case f.Attack == processor.PurgeAndBurn && f.Victor == processor.Attacker:
		out = append(out, r.purgeAndBurnAttackerWins(p, A, D, adj)...)
	case f.Attack == processor.PurgeAndBurn:
		out = append(out, r.purgeAndBurnDefenderWins(p, D, f.Choices)...)
	case f.Attack == processor.OrbitalInvasion && f.Victor == processor.Attacker:
		out = append(out, r.orbitalInvasionAttackerWins(p, A, D, adj)...)
	case f.Attack == processor.OrbitalInvasion:
		out = append(out, r.orbitalInvasionDefenderWins(p, D, f.Choices)...)
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
