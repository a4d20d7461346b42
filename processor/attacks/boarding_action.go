package attacks

import (
	"fmt"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/report"
)

// Boarding Action — Attacker wins.
//   - The Attacker can select one of the Defending Alliance's Fleets at this
//     Planet and move that Fleet up to two times, following the rules in the
//     Move Fleets step. (`fleet`, `moves`. A Fleet no longer at this Planet,
//     RULINGS 9: the first other Fleet of the Defending Alliance there, in
//     campaign order, makes the same moves; none, no move.)
//   - Add 1 to the Attacking Alliance's Power Level at this Planet.
func (r Rules) boardingActionAttackerWins(f Fought) []string {
	out := r.boardingMove(f)
	return append(out, r.S.Raise(f.Planet, f.Attacker))
}

// Boarding Action — Defender wins.
//   - The Attacking Fleet cannot move in this Campaign phase's Move Fleets
//     step. (State.Stalled; step 4 refuses its move.)
//   - The Defender can select one of the Defending Alliance's Fleets at this
//     Planet and move it one time, following the rules in the Move Fleets
//     step. (`fleet`, `moves`; a Fleet no longer there as above.)
//   - Add 1 to the Defending Alliance's Power Level at this Planet.
func (r Rules) boardingActionDefenderWins(f Fought) []string {
	s := r.S
	if !s.IsStalled(f.Fleet) {
		s.Stalled = append(s.Stalled, f.Fleet)
	}
	out := []string{fmt.Sprintf("%s cannot move in this Campaign phase's Move Fleets step", f.Fleet)}
	out = append(out, r.boardingMove(f)...)
	return append(out, s.Raise(f.Planet, f.Defender))
}

// boardingMove moves the victor's choice of the Defending Alliance's Fleets
// at this Planet, each move to a planet connected to the one it is on (Move
// Fleets; a Support Facility of the Fleet's Alliance counts, RULINGS 4;
// fleets may move to a destroyed planet). A move no longer possible ends the
// Fleet's moves where it is.
func (r Rules) boardingMove(f Fought) []string {
	s, p, D, ch := r.S, f.Planet, f.Defender, f.Choices()
	if ch.Fleet == "" || len(ch.Moves) == 0 {
		return []string{"no Fleet is moved"}
	}
	var out []string
	fleet := ch.Fleet
	if s.Fleets[fleet] != p {
		there := r.DefendingFleetsAt(D, p)
		if len(there) == 0 {
			return []string{fmt.Sprintf("%s is no longer at %s, and no other Fleet of %s is: no Fleet is moved", ch.Fleet, p, D)}
		}
		fleet = there[0]
		out = append(out, fmt.Sprintf("%s is no longer at %s: %s, the first Fleet of %s there, makes the moves instead", ch.Fleet, p, fleet, D))
	}
	for _, to := range ch.Moves {
		at := s.Fleets[fleet]
		if !s.IsConnected(D, at, to) {
			out = append(out, fmt.Sprintf("%s is not connected to %s: %s stays at %s", to, at, fleet, at))
			break
		}
		s.Fleets[fleet] = to
		out = append(out, fmt.Sprintf("%s moves from %s to %s", fleet, at, to))
	}
	return out
}

// DefendingFleetsAt lists the Defending Alliance's Fleets at a planet.
func (r Rules) DefendingFleetsAt(d processor.AllianceID, p processor.PlanetID) []processor.FleetID {
	var out []processor.FleetID
	if r.Places != nil {
		if i, ok := r.C.Map.Index[p]; ok {
			for _, x := range r.Places[i] {
				if x.a == d {
					out = append(out, x.f)
				}
			}
		}
		return out
	}
	for _, fl := range r.C.AllianceFleets(d) {
		if r.S.Fleets[fl] == p {
			out = append(out, fl)
		}
	}
	return out
}

// ValidateBoardingActionTarget: a Boarding Action needs a Fleet of the
// defending Alliance at the target Planet when ordered (RULINGS 15), unless
// `[rules] boarding_action_without_fleet`.
func (r Rules) ValidateBoardingActionTarget(o processor.Order, fs *processor.Faults) {
	if o.Attack != processor.BoardingAction || r.C.Rules.BoardingActionWithoutFleet || !r.C.HasAlliance(o.Defender) || !r.C.Map.Has(o.Planet) {
		return
	}
	if len(r.DefendingFleetsAt(o.Defender, o.Planet)) > 0 {
		return
	}
	a, at := r.C.FleetAlliance(o.Fleet), r.S.Fleets[o.Fleet]
	var with []processor.PlanetID
	for _, p := range r.S.Reachable(a, at) {
		if len(r.DefendingFleetsAt(o.Defender, p)) > 0 {
			with = append(with, p)
		}
	}
	where := fmt.Sprintf("no planet in reach of %s has one", o.Fleet)
	if len(with) > 0 {
		where = fmt.Sprintf("planets in reach of %s with one: %s", o.Fleet, report.OneOf(with))
	}
	fs.Add(o.Src.At("planet"), "a Boarding Action needs a Fleet of %s at the target planet, and %s has none at %s (RULINGS 15); %s; your Warmaster may allow it in campaign.toml: boarding_action_without_fleet = true under [rules]", o.Defender, o.Defender, o.Planet, where)
}

// validateBoardingAction checks Boarding Action choices against the map now:
// a Fleet of the Defending Alliance at this Planet and its moves, each to a
// planet connected to the one before (two at most when the Attacker wins,
// one when the Defender wins).
func (r Rules) validateBoardingAction(b processor.BattleOp, victor processor.Side, ch processor.Choices, fs *processor.Faults) {
	s, p, D := r.S, b.Planet, b.Defender
	switch {
	case ch.Fleet == "" && len(ch.Moves) == 0:
		return
	case ch.Fleet == "":
		fs.Add(ch.Src.At("moves"), "moves need fleet: the Fleet of %s at %s that moves; %s's Fleets there: %s", D, p, D, report.OneOf(r.DefendingFleetsAt(D, p)))
		return
	case len(ch.Moves) == 0:
		fs.Add(ch.Src.At("fleet"), "fleet needs moves: the planets %s moves to, in order", ch.Fleet)
	}
	if _, ok := r.C.FleetOf(ch.Fleet); !ok {
		return // already reported
	}
	if r.C.FleetAlliance(ch.Fleet) != D || s.Fleets[ch.Fleet] != p {
		fs.Add(ch.Src.At("fleet"), "%s is not a Fleet of %s at %s; %s's Fleets there: %s", ch.Fleet, D, p, D, report.OneOf(r.DefendingFleetsAt(D, p)))
		return
	}
	if victor == processor.Defender && len(ch.Moves) > 1 {
		fs.Add(ch.Src.At("moves", 1), "Boarding Action — Defender wins moves the Fleet one time: give one planet")
	}
	at := p
	for i, to := range ch.Moves {
		if !r.C.Map.Has(to) {
			return
		}
		if !s.IsConnected(D, at, to) {
			fs.Add(ch.Src.At("moves", i), "no lane from %s to %s: %s moves to a planet connected to %s: %s", at, to, ch.Fleet, at, report.OneOf(s.Connected(D, at)))
			return
		}
		at = to
	}
}

// FleetPlaces are the Fleets at each planet of the map, by its index, in
// campaign order, each with its Alliance: made once (Rules.FleetPlaces)
// where the Fleets stand still and many look them up — every order
// checked, where a campaign of thousands of Boarding Actions looked
// through an Alliance's Fleets for each and grew as the square of its
// Fleets. By the planet's index, the lists in one array, and the Fleets'
// Alliances by theirs: a map keyed by Alliance and planet cost each of
// 100,000 Fleets two more look-ups in maps of that size, and a list to
// grow (BenchmarkFleetPlaces).
type FleetPlaces [][]fleetAt

type fleetAt struct {
	a processor.AllianceID
	f processor.FleetID
}

// FleetPlaces are the Fleets of r.C where r.S has them; a Fleet at no
// planet of the map is at none of them.
func (r Rules) FleetPlaces() FleetPlaces {
	m := r.C.Map
	at := make([]int32, len(r.C.Fleets)) // each Fleet's planet, -1 for none
	n := make([]int32, len(m.Planets))   // Fleets at each
	for j, f := range r.C.Fleets {
		i, ok := m.Index[r.S.Fleets[f.ID]]
		if !ok {
			at[j] = -1
			continue
		}
		at[j] = int32(i)
		n[i]++
	}
	// Every list in one array, each made at its length.
	all := make([]fleetAt, 0, len(r.C.Fleets))
	out := make(FleetPlaces, len(m.Planets))
	for i, k := range n {
		out[i] = all[len(all) : len(all) : len(all)+int(k)]
		all = all[:len(all)+int(k)]
	}
	alliances := r.C.FleetAlliances()
	for j, f := range r.C.Fleets {
		if i := at[j]; i >= 0 {
			out[i] = append(out[i], fleetAt{alliances[j], f.ID})
		}
	}
	return out
}
