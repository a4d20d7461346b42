package simulate

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/report"
)

// buildable are the types a build may name (never a Stronghold).
var buildable = []processor.InfraType{processor.StagingGrounds, processor.SupportFacility, processor.FortificationLine}

// battle is one Battle Operation as the bots see it: revealed in the state.
type battle struct {
	id                 string
	fleet              processor.FleetID
	attacker, defender processor.AllianceID
	planet             processor.PlanetID
	attack             processor.AttackType
	theatre            string // Sinister Omens: the theatre rolled
}

func battleOf(c *processor.Campaign, o processor.Order) battle {
	return battle{id: o.ID(), fleet: o.Fleet, attacker: c.FleetAlliance(o.Fleet), defender: o.Defender, planet: o.Planet, attack: o.Attack, theatre: o.Theatre}
}

// targets lists the undestroyed planets a fleet can strike (RULINGS 5).
func targets(s *processor.State, a processor.AllianceID, at processor.PlanetID) []processor.PlanetID {
	var out []processor.PlanetID
	for _, p := range append([]processor.PlanetID{at}, s.Connected(a, at)...) {
		if !s.Destroyed(p) {
			out = append(out, p)
		}
	}
	return out
}

// intactConnected lists the undestroyed planets connected to p for an Alliance.
func intactConnected(s *processor.State, a processor.AllianceID, p processor.PlanetID) []processor.PlanetID {
	return slices.DeleteFunc(s.Connected(a, p), s.Destroyed)
}

// activeFor: an Event about an Alliance in force this phase.
func activeFor(s *processor.State, e processor.EventKind, a processor.AllianceID) bool {
	return slices.ContainsFunc(s.Active(e), func(x processor.Effect) bool { return x.Alliance == a })
}

func others(c *processor.Campaign, a processor.AllianceID) []processor.AllianceID {
	return slices.DeleteFunc(c.AllianceIDs(), func(x processor.AllianceID) bool { return x == a })
}

// orders writes a player's orders: one operation per fleet, a second one
// now and then under Defiant Zeal; under Sinister Omens a fleet that would
// support is left out (but one operation at least is given: false when
// none can be, and the deadline's default applies).
func (b *bot) orders(f *folder.Folder, l processor.Login) (string, bool) {
	c, s := f.Campaign, f.State
	omens := len(s.Active(processor.SinisterOmens)) > 0
	var out strings.Builder
	n := 0
	for _, fl := range c.FleetsOf(l) {
		ops := 1
		if activeFor(s, processor.DefiantZeal, c.FleetAlliance(fl)) && !b.chance(6) {
			ops = 2
		}
		for k := 0; k < ops; k++ {
			op := b.operation(f, fl)
			if op == "" {
				if omens {
					break // Logistical Auxilia cannot be declared: leave the fleet out
				}
				op = "operation = \"logistical-auxilia\"\n"
			}
			fmt.Fprintf(&out, "[[operations]]\nfleet = %q\n%s\n", fl, op)
			n++
		}
	}
	if n == 0 {
		for _, fl := range c.FleetsOf(l) {
			if op := b.anyOperation(f, fl); op != "" {
				return fmt.Sprintf("[[operations]]\nfleet = %q\n%s", fl, op), true
			}
		}
		return "", false
	}
	return out.String(), true
}

// anyOperation is an operation other than Logistical Auxilia, if the fleet
// can perform one.
func (b *bot) anyOperation(f *folder.Folder, fl processor.FleetID) string {
	for range 20 {
		if op := b.operation(f, fl); op != "" {
			return op
		}
	}
	return ""
}

// operation is one operation's keys, or "" for Logistical Auxilia.
func (b *bot) operation(f *folder.Folder, fl processor.FleetID) string {
	c, s := f.Campaign, f.State
	a, at := c.FleetAlliance(fl), s.Fleets[fl]
	ts := targets(s, a, at)
	switch r := b.rng.IntN(10); {
	case r < 6 && len(ts) > 0:
		return b.battleOrder(f, fl, ts)
	case r == 6 && len(ts) > 0:
		return fmt.Sprintf("operation = \"deploy-kill-teams\"\nplanet = %q\n", pick(b, ts))
	case r == 7 && len(s.Active(processor.VoidPiracy)) == 0:
		var leap []processor.PlanetID
		for _, p := range c.Map.IDs() {
			if p != at && !s.Destroyed(p) {
				leap = append(leap, p)
			}
		}
		if len(leap) > 0 {
			return fmt.Sprintf("operation = \"void-leap\"\nplanet = %q\n", pick(b, leap))
		}
	case r == 8:
		if t := pick(b, buildable); s.CanBuild(at, a, t) == "" {
			return fmt.Sprintf("operation = \"raise-edifices\"\ninfrastructure = %q\n", t)
		}
	}
	return ""
}

// battleOrder picks an attack type, a target and a defender; a Boarding
// Action only where a Fleet of the defender is (RULINGS 15; any target now
// and then under [rules] boarding_action_without_fleet). Now and then
// it gives the attacker's outcome choices for a battle that goes unplayed.
func (b *bot) battleOrder(f *folder.Folder, fl processor.FleetID, ts []processor.PlanetID) string {
	c, s := f.Campaign, f.State
	a := c.FleetAlliance(fl)
	bt := battle{fleet: fl, attacker: a, attack: processor.AttackType(b.rng.IntN(int(processor.BoardingAction) + 1))}
	if bt.attack == processor.BoardingAction {
		type target struct {
			p processor.PlanetID
			d processor.AllianceID
		}
		var boardable []target
		b.lookup(s)
		byPlanet := b.look.byPlanet
		for _, p := range ts {
			for _, d := range others(c, a) {
				if slices.ContainsFunc(byPlanet[p], func(x processor.FleetID) bool { return c.FleetAlliance(x) == d }) {
					boardable = append(boardable, target{p, d})
				}
			}
		}
		switch {
		case c.Rules.BoardingActionWithoutFleet && b.chance(2):
			// [rules] boarding_action_without_fleet: any target will do.
		case len(boardable) > 0:
			t := pick(b, boardable)
			bt.planet, bt.defender = t.p, t.d
		default:
			bt.attack = processor.AttackType(b.rng.IntN(int(processor.BoardingAction)))
		}
	}
	if bt.planet == "" {
		bt.planet, bt.defender = pick(b, ts), pick(b, others(c, a))
	}
	text := fmt.Sprintf("operation = \"battle\"\nattack = %q\nplanet = %q\ndefender = %q\n", bt.attack, bt.planet, bt.defender)
	if b.chance(3) {
		if o := b.outcome(f, bt, processor.Attacker, true); o != "" {
			text += "[operations.outcome]\n" + o
		}
	}
	return text
}

// result writes a battle's result: a winner or VPs, now and then who
// defended, the theatre and twist, the victor's outcome choices and what
// happened to the war engines.
func (b *bot) result(f *folder.Folder, id string, now time.Time) string {
	c, s := f.Campaign, f.State
	var bt battle
	b.lookup(s)
	if o, ok := b.look.battles[id]; ok {
		bt = battleOf(c, o)
	}
	var out strings.Builder
	if f.Campaign.Rules.ConfirmResults {
		// Either side files it; the other confirms it (fill).
		filer := bt.attacker
		if b.chance(3) {
			filer = bt.defender
		}
		fmt.Fprintf(&out, "filed_by = %q\n", filer)
	}
	if b.rng.IntN(5) > 0 {
		played := now.Add(-time.Duration(1+b.rng.IntN(6*24)) * time.Hour)
		fmt.Fprintf(&out, "played = %s\n", played.Format(time.RFC3339))
	}
	var victor processor.Side
	if b.chance(2) {
		victor = processor.Side(b.rng.IntN(3))
		fmt.Fprintf(&out, "winner = %q\n", victor)
	} else {
		av, dv := b.rng.IntN(100), b.rng.IntN(100)
		fmt.Fprintf(&out, "attacker_vp = %d\ndefender_vp = %d\n", av, dv)
		if b.chance(3) {
			out.WriteString("battle_ready = [\"defender\"]\n")
			dv += 10
		}
		switch {
		case av > dv:
			victor = processor.Attacker
		case dv > av:
			victor = processor.Defender
		default:
			victor = processor.Draw
		}
	}
	if b.chance(3) {
		fmt.Fprintf(&out, "defender_player = %q\n", pick(b, c.PlayersOf(bt.defender)))
	}
	// A Boarding Action has no Theatre ("excluding a Boarding Actions
	// game"): its result names none.
	if theatre := bt.theatre; bt.attack != processor.BoardingAction && (theatre != "" || b.chance(3)) {
		if theatre == "" {
			theatre = pick(b, c.Map.Planet(bt.planet).Theatres)
		}
		fmt.Fprintf(&out, "theatre = %q\n", theatre)
		if b.chance(2) {
			fmt.Fprintf(&out, "twist = %d\n", 1+b.rng.IntN(6))
		}
	}
	out.WriteString(b.engineEntries(f, bt))
	if !b.chance(4) {
		if o := b.outcome(f, bt, victor, false); o != "" {
			out.WriteString("\n[outcome]\n" + o)
		}
	}
	return out.String()
}

// takesPowerAdjust: the results whose outcome compares or tests the
// victor's Power Level (README's outcome table).
func takesPowerAdjust(t processor.AttackType, victor processor.Side) bool {
	switch {
	case victor == processor.Draw || t == processor.BoardingAction:
		return false
	case victor == processor.Attacker:
		return true
	}
	return t == processor.SeizePowerBase || t == processor.PlanetaryBombardment || t == processor.SupplyBaseRaid
}

// strikeable lists the locations (1-based) a Planetary Bombardment strike
// may select at p: undestroyed; for the Attacker unoccupied or the
// Defending Alliance's (own = D); not a Stronghold while another can be.
func strikeable(s *processor.State, p processor.PlanetID, attackerStrike bool, d processor.AllianceID) []int {
	ps := s.Planets[slices.IndexFunc(s.Planets, func(x *processor.PlanetState) bool { return x.ID == p })]
	ok := func(l processor.Location) bool {
		return l.Status == processor.Empty || (l.Status == processor.Built && (!attackerStrike || l.Alliance == d))
	}
	var plain, strongholds []int
	for i, l := range ps.Locations {
		switch {
		case !ok(l):
		case l.Status == processor.Built && l.Type == processor.Stronghold:
			strongholds = append(strongholds, i+1)
		default:
			plain = append(plain, i+1)
		}
	}
	if len(plain) > 0 {
		return plain
	}
	return strongholds
}

// outcome writes the victor's `[outcome]` keys for a battle, each legal on
// the map as it stands (RULINGS 9), each given now and then; "" for none.
// In orders (ordered), for the battle left unplayed, only the attacker's
// choices: the loser's ±1 is the Defender's, given in a result.
func (b *bot) outcome(f *folder.Folder, bt battle, victor processor.Side, ordered bool) string {
	if victor == processor.Draw {
		return ""
	}
	c, s := f.Campaign, f.State
	p, A, D := bt.planet, bt.attacker, bt.defender
	va, foe := A, D
	if victor == processor.Defender {
		va, foe = D, A
	}
	var lines []string
	add := func(format string, args ...any) { lines = append(lines, fmt.Sprintf(format, args...)) }
	maybe := func() bool { return !b.chance(3) }
	coordinated := activeFor(s, processor.CoordinatedOpposition, foe)
	adj := 0
	if takesPowerAdjust(bt.attack, victor) && (s.AppliesAt(va, processor.Stronghold, p) || coordinated) && maybe() {
		adj = pick(b, []int{1, -1})
		add("power_adjust = %d", adj)
	}
	// threeOrMore: the victor's level "3 or more" with its ±1, as check
	// judges a choice that needs it (RULINGS 9): s is the map the battle is
	// fought on. A level only rises through the first part of Seize Power
	// Base, so the level now is a safe floor for its further piece.
	threeOrMore := s.Power(p, va)+adj >= 3
	// Coordinated Opposition for the loser: the Defender that lost to the
	// dominating Alliance, in the outcomes that compare its level (RULINGS 8).
	if !ordered && victor == processor.Attacker && (bt.attack == processor.PurgeAndBurn || bt.attack == processor.OrbitalInvasion) &&
		activeFor(s, processor.CoordinatedOpposition, va) && maybe() {
		add("loser_power_adjust = %d", pick(b, []int{1, -1}))
	}
	within := func(a processor.AllianceID, ts ...processor.InfraType) []processor.InfraType {
		return slices.DeleteFunc(slices.Clone(ts), func(t processor.InfraType) bool { return s.Count(a, t) >= t.Limit() })
	}
	ps := s.Planets[slices.IndexFunc(s.Planets, func(x *processor.PlanetState) bool { return x.ID == p })]
	switch {
	case bt.attack == processor.SeizePowerBase && victor == processor.Attacker:
		var there []processor.InfraType
		for _, l := range ps.Locations {
			if l.Status == processor.Built && l.Alliance == D && l.Type != processor.Stronghold {
				there = append(there, l.Type)
			}
		}
		if len(there) > 0 && maybe() {
			add("take = %q", pick(b, there))
		}
		// What is built when there is nothing to take needs a free
		// location; the further piece needs one after the take or the
		// build (RULINGS 29), and room within the limits after it.
		free := s.FreeLocations(p)
		if s.LaurelBar(p, A) != "" {
			free = 0 // another Alliance's Laurel of Victory planet: nothing built there (RULINGS 40)
		}
		if ts := within(A, buildable...); len(ts) > 0 && (len(there) > 0 || free > 0) && maybe() {
			add("build = %q", pick(b, ts))
		}
		if len(there) == 0 && free > 0 {
			free-- // the build
		}
		roomAfter := slices.DeleteFunc(slices.Clone(buildable), func(t processor.InfraType) bool { return s.Count(A, t)+1 >= t.Limit() })
		if free > 0 && len(roomAfter) > 0 && threeOrMore && maybe() {
			add("extra = %q", pick(b, roomAfter))
		}
	case bt.attack == processor.SeizePowerBase:
		ts := within(D, processor.FortificationLine, processor.StagingGrounds)
		if !threeOrMore {
			ts = slices.DeleteFunc(ts, func(t processor.InfraType) bool { return t == processor.StagingGrounds })
		}
		if b.chance(12) { // "can build": now and then the Defender declines
			add("build = \"none\"")
			break
		}
		if len(ts) > 0 && maybe() {
			add("build = %q", pick(b, ts))
		}
		var where []processor.PlanetID
		for _, q := range append([]processor.PlanetID{p}, s.Connected(D, p)...) {
			if !s.Destroyed(q) && s.FreeLocations(q) > 0 && s.LaurelBar(q, D) == "" {
				where = append(where, q)
			}
		}
		if len(where) > 0 && maybe() {
			add("planet = %q", pick(b, where))
		}
	case bt.attack == processor.PurgeAndBurn && victor == processor.Defender:
		if ic := intactConnected(s, D, p); len(ic) > 0 {
			// Each transfer takes a level above the minimum here to a
			// connected planet below 4, as check judges them (RULINGS 28).
			var transfer []processor.PlanetID
			added := map[processor.PlanetID]int{}
			for range min(1+b.rng.IntN(3), s.Power(p, D)-s.MinPower(p, D)) {
				room := slices.DeleteFunc(slices.Clone(ic), func(q processor.PlanetID) bool { return s.Power(q, D)+added[q] >= 4 })
				if len(room) == 0 {
					break
				}
				q := pick(b, room)
				added[q]++
				transfer = append(transfer, q)
			}
			if len(transfer) > 0 && maybe() {
				add("transfer = [%s]", report.Quoted(transfer))
			}
			if maybe() {
				add("reinforce = %q", pick(b, ic))
			}
		}
	case bt.attack == processor.OrbitalInvasion && victor == processor.Defender:
		if ic := intactConnected(s, D, p); len(ic) > 0 && maybe() {
			q := pick(b, ic)
			dir, from := "to-connected", p
			if b.chance(2) {
				dir, from = "from-connected", q
			}
			add("planet = %q", q)
			add("direction = %q", dir)
			var pieces []processor.InfraType
			for _, l := range s.Planets[slices.IndexFunc(s.Planets, func(x *processor.PlanetState) bool { return x.ID == from })].Locations {
				if l.Status == processor.Built && l.Alliance == D && !b.chance(3) {
					pieces = append(pieces, l.Type)
				}
			}
			to := q
			if dir == "from-connected" {
				to = p
			}
			pieces = pieces[:min(len(pieces), s.FreeLocations(to))] // as many as there is room for
			if len(pieces) > 0 && s.LaurelBar(to, D) == "" {        // none to another Alliance's Laurel of Victory planet (RULINGS 40)
				add("pieces = [%s]", report.Quoted(pieces))
			}
		}
	case bt.attack == processor.PlanetaryBombardment && victor == processor.Attacker:
		if locs := strikeable(s, p, true, D); len(locs) > 0 && maybe() {
			add("location = %d", pick(b, locs))
		}
	case bt.attack == processor.PlanetaryBombardment:
		if ic := intactConnected(s, D, p); len(ic) > 0 && maybe() {
			q := pick(b, ic)
			add("planet = %q", q)
			if locs := strikeable(s, q, false, ""); len(locs) > 0 && maybe() {
				strikes := []string{fmt.Sprint(pick(b, locs))}
				if threeOrMore && b.chance(2) {
					strikes = append(strikes, fmt.Sprint(pick(b, locs)))
				}
				add("locations = [%s]", strings.Join(strikes, ", "))
			}
		}
	case bt.attack == processor.SupplyBaseRaid:
		reach := intactConnected(s, va, p)
		if !s.Destroyed(p) {
			reach = append([]processor.PlanetID{p}, reach...)
		}
		switch {
		case len(reach) == 0 || !maybe():
		case victor == processor.Attacker:
			planets := []processor.PlanetID{pick(b, reach)}
			if threeOrMore && b.chance(2) {
				planets = append(planets, pick(b, reach))
			}
			add("planets = [%s]", report.Quoted(planets))
		case threeOrMore:
			add("planet = %q", pick(b, reach))
		case !s.Destroyed(p):
			add("planet = %q", p) // a connected planet needs 3 or more
		}
	case bt.attack == processor.BoardingAction:
		var there []processor.FleetID
		for _, fl := range c.AllianceFleets(D) {
			if s.Fleets[fl] == p {
				there = append(there, fl)
			}
		}
		if len(there) > 0 && maybe() {
			fl := pick(b, there)
			n := 1
			if victor == processor.Attacker {
				n = 1 + b.rng.IntN(2)
			}
			var moves []processor.PlanetID
			at := p
			for range n {
				to := s.Connected(D, at)
				if len(to) == 0 {
					break
				}
				at = pick(b, to)
				moves = append(moves, at)
			}
			if len(moves) > 0 {
				add("fleet = %q", fl)
				add("moves = [%s]", report.Quoted(moves))
			}
		}
	}
	if len(lines) == 0 {
		return ""
	}
	return strings.Join(lines, "\n") + "\n"
}
