package phase

import (
	"cmp"
	"fmt"
	"strings"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/report"
	"github.com/warmaster/warmaster/schema"
)

// validateMoves checks this phase's moves: "To move a Fleet, its player
// selects one Planet connected to the one it is currently on" (Move Fleets;
// a Support Facility's reach counts, RULINGS 4).
func (r checks) validateMoves(fs *processor.Faults) {
	s := r.s
	for _, login := range r.c.Commanders() {
		for _, m := range r.f.Moves[s.Phase][login] {
			a, at := r.c.FleetAlliance(m.Fleet), s.Fleets[m.Fleet]
			if (m.To != at || len(m.Via) > 0) && s.IsStalled(m.Fleet) {
				// Boarding Action — Defender wins: "The Attacking Fleet cannot
				// move in this Campaign phase's Move Fleets step."
				fs.Add(m.Src, "%s cannot move in this Campaign phase's Move Fleets step: it lost its Boarding Action (Defender wins); leave it out (it stays at %s)", m.Fleet, at)
				continue
			}
			if len(m.Via) > 0 {
				r.validateDoubleMove(m, fs) // Star of the Voidfarer
				continue
			}
			if !r.c.Map.Has(m.To) || m.To == at || s.IsConnected(a, at, m.To) {
				continue
			}
			fs.Add(m.Src, "no lane from %s to %s: %s moves to a planet connected to %s: %s (or stays: leave it out)", at, m.To, m.Fleet, at, report.OneOf(s.Connected(a, at)))
		}
	}
}

// moveFleets is step 4, Move Fleets: every fleet with a move goes to its
// connected planet; the others stay.
func (r *rules) moveFleets() {
	s := r.s
	moves := map[processor.FleetID]processor.PlanetID{}
	via := map[processor.FleetID][]processor.PlanetID{} // Star of the Voidfarer: a first move
	for _, login := range r.c.Commanders() {
		for _, m := range r.f.Moves[s.Phase][login] {
			moves[m.Fleet] = m.To
			via[m.Fleet] = m.Via
		}
	}
	var rows [][]string
	for _, fl := range r.c.Fleets {
		from := s.Fleets[fl.ID]
		to, ok := moves[fl.ID]
		what := "stays"
		switch {
		case s.IsStalled(fl.ID):
			what = "stays: it cannot move this phase (Boarding Action — Defender wins)"
		case ok && (to != from || len(via[fl.ID]) > 0):
			what = processor.MoveText(via[fl.ID], to)
			s.Fleets[fl.ID] = to
		case r.setAsideHere("moves", string(fl.Player)):
			what = "stays (its moves were not applied: see above)"
		case !r.hasMovesFile(fl.Player):
			what = "stays (no moves by the deadline)"
		}
		rows = append(rows, []string{string(fl.ID), string(fl.Player), string(from), what})
	}
	r.sec.Table([]string{"fleet", "player", "from", "move"}, rows)
	s.Stalled = nil // only this phase's Move Fleets step
}

func (r *rules) hasMovesFile(l processor.Login) bool {
	_, ok := r.f.Moves[r.s.Phase][l]
	return ok
}

// buildReach says why an Alliance cannot build at a planet: Build
// Infrastructure allows "one of the Planets that has any of their Fleets at
// it, or one that is connected to such a Planet".
func (r *rules) buildReach(a processor.AllianceID, p processor.PlanetID) string {
	var fleets []processor.PlanetID
	for _, f := range r.c.AllianceFleets(a) {
		at := r.s.Fleets[f]
		if r.s.InReach(a, at, p) {
			return ""
		}
		fleets = append(fleets, at)
	}
	return fmt.Sprintf("%s has no fleet at %s or at a planet connected to it (its fleets are at %s)", a, p, report.OneOf(fleets))
}

// validateBuilds checks this phase's builds, and each of their alternates,
// against the map as it stands: one impossible now is impossible in the
// Alliance's turn too (earlier Alliances' builds only fill planets).
func (r checks) validateBuilds(fs *processor.Faults) {
	s := r.s
	for _, a := range r.c.AllianceIDs() {
		b, ok := r.f.Builds[s.Phase][a]
		if !ok {
			continue
		}
		for _, ch := range b.Choices() {
			if ch.Type == processor.Stronghold || !r.c.Map.Has(ch.Planet) {
				continue
			}
			if why := r.buildReach(a, ch.Planet); why != "" {
				fs.Add(ch.Src.At("planet"), "%s cannot build at %s: %s", a, ch.Planet, why)
				continue
			}
			if why := s.CanBuild(ch.Planet, a, ch.Type); why != "" {
				if s.Count(a, ch.Type) < ch.Type.Limit() {
					// The planet is the problem: say where it can build.
					var open []processor.PlanetID
					for _, p := range r.c.Map.IDs() {
						if r.buildReach(a, p) == "" && s.CanBuild(p, a, ch.Type) == "" {
							open = append(open, p)
						}
					}
					why += "; planets it can build on: " + report.OneOf(open)
				}
				fs.Add(ch.Src.At("planet"), "%s cannot build a %s at %s: %s", a, ch.Type.Title(), ch.Planet, why)
			}
		}
	}
}

// buildInTurn builds, in an Alliance's turn, the first of its choices (a
// build, then its alternates in order) still possible; whyNot says why one
// is not. It says what was built, and why not the choices before it.
func (r *rules) buildInTurn(a processor.AllianceID, choices []processor.PieceChoice, whyNot func(processor.PieceChoice) string) string {
	name := func(i int) string {
		if i == 0 {
			return "its build"
		}
		return "its " + schema.Ordinal(i) + " alternate"
	}
	var not []string
	for i, ch := range choices {
		if why := whyNot(ch); why != "" {
			not = append(not, fmt.Sprintf("%s, the %s at %s, is no longer possible: %s", name(i), ch.Type.Title(), ch.Planet, why))
			continue
		}
		built := r.s.Build(ch.Planet, a, ch.Type)
		if i == 0 {
			return built
		}
		return fmt.Sprintf("%s; so %s: %s", strings.Join(not, "; "), name(i), built)
	}
	return strings.Join(not, "; ") + ": it builds nothing"
}

// validateEarlyBuilds judges the builds of this phase sent before step 5
// for what no step before it can change: a planet destroyed stays
// destroyed (RULINGS 1; "If a Planet does not have any undestroyed,
// unoccupied Infrastructure locations left on it, then a player cannot
// build any pieces of Infrastructure on that Planet"). What the steps
// before it can change — pieces, fleets, free locations — waits for step 5
// (validateBuilds), which judges the map as they leave it.
func (r checks) validateEarlyBuilds(fs *processor.Faults) {
	s := r.s
	if s.Step == processor.StepSetup || s.Step >= processor.StepBuilds {
		return
	}
	for _, a := range r.c.AllianceIDs() {
		b, ok := r.f.Builds[s.Phase][a]
		if !ok || b.None || b.Type == processor.Stronghold || !r.c.Map.Has(b.Planet) {
			continue
		}
		if why := s.LaurelBar(b.Planet, a); why != "" {
			// Laurel of Victory: the planet stays the holder's (RULINGS 40).
			fs.Add(b.Src.At("planet"), "%s cannot build at %s: %s; choose another planet", a, b.Planet, why)
			continue
		}
		if !s.Destroyed(b.Planet) {
			continue
		}
		var open []processor.PlanetID
		for _, p := range r.c.Map.IDs() {
			if !s.Destroyed(p) && s.FreeLocations(p) > 0 {
				open = append(open, p)
			}
		}
		fs.Add(b.Src.At("planet"), "%s cannot build at %s: it is destroyed, and a destroyed planet stays destroyed (RULINGS 1); planets with a free Infrastructure location now (step 5 judges fleets and pieces as the map then stands): %s", a, b.Planet, report.OneOf(open))
	}
}

// buildInfrastructure is step 5, Build Infrastructure: "Working in order from
// the Alliance with the highest total Power Level across all Planets to the
// Alliance with the lowest total (rolling off for any ties), each Alliance
// can build one piece of Infrastructure of any type (excluding Strongholds)".
// Each Alliance builds in its turn knowing what the earlier ones built: the
// first of its build and its alternates still possible (buildInTurn); a
// build without alternates that an earlier Alliance has made impossible is
// cancelled and reported.
func (r *run) buildInfrastructure() {
	s := r.s
	order := r.orderAlliances(r.c.AllianceIDs(), fmt.Sprintf("phase-%02d/5/build-order", s.Phase), "Build Infrastructure order", s.TotalPower)
	var notes []string
	for _, a := range order {
		b, ok := r.f.Builds[s.Phase][a]
		switch {
		case !ok && r.setAsideHere("builds", string(a)):
			notes = append(notes, fmt.Sprintf("%s (total Power Level %d): its build was not applied (see above): it builds nothing", a, s.TotalPower(a)))
		case !ok:
			notes = append(notes, fmt.Sprintf("%s (total Power Level %d): no build by the deadline", a, s.TotalPower(a)))
		case b.None:
			notes = append(notes, fmt.Sprintf("%s (total Power Level %d): builds nothing", a, s.TotalPower(a)))
		case len(b.Alternates) > 0:
			notes = append(notes, fmt.Sprintf("%s (total Power Level %d): %s", a, s.TotalPower(a), r.buildInTurn(a, b.Choices(), func(ch processor.PieceChoice) string {
				return cmp.Or(r.buildReach(a, ch.Planet), s.CanBuild(ch.Planet, a, ch.Type))
			})))
		default:
			why := r.buildReach(a, b.Planet)
			if why == "" {
				why = s.CanBuild(b.Planet, a, b.Type)
			}
			if why != "" {
				notes = append(notes, fmt.Sprintf("%s (total Power Level %d): the %s at %s is cancelled: %s", a, s.TotalPower(a), b.Type.Title(), b.Planet, why))
				continue
			}
			notes = append(notes, fmt.Sprintf("%s (total Power Level %d): %s", a, s.TotalPower(a), s.Build(b.Planet, a, b.Type)))
		}
	}
	r.note(notes...)
	s.Orders = nil // the phase is over
	r.ordersChanged()
	r.phaseOver()
}
