package phase

import (
	"fmt"
	"slices"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/report"
)

// validateSetup checks the set-up files against each other: Strongholds
// must fit on their planets.
func (r checks) validateSetup(fs *processor.Faults) {
	count := map[processor.PlanetID]int{}
	for _, a := range r.c.AllianceIDs() {
		sc := r.f.Setup[a]
		if sc == nil || !r.c.Map.Has(sc.Stronghold) {
			continue
		}
		count[sc.Stronghold]++
		if loc := r.c.Map.Planet(sc.Stronghold).Locations; count[sc.Stronghold] > loc {
			fs.Add(sc.Src.At("stronghold"), "%s has %d Infrastructure locations, all taken by other Alliances' Strongholds; choose another planet", sc.Stronghold, loc)
		}
	}
	r.validateSetupBenefits(fs)
}

// setup is Setup the Campaign Map, steps 3 to 5: Strongholds and starting
// Power Levels, starting Infrastructure (lots drawn where a planet is
// oversubscribed), and each Fleet's starting planet.
func (r *rules) setup() {
	s := r.s
	ids := r.c.AllianceIDs()
	// Campaign Medals: which Alliance receives each medal's benefit.
	r.decideBenefits()
	// 3. Alliances Decide on Strongholds: 4 at the Stronghold, 3 at three
	// other Planets, 2 at four others, 1 at all other Planets.
	for _, p := range s.Planets {
		for _, a := range ids {
			p.Power[a] = 1
		}
	}
	var rows [][]string
	for _, a := range ids {
		sc := r.f.Setup[a]
		for _, p := range sc.Power2 {
			s.Planet(p).Power[a] = 2
		}
		for _, p := range sc.Power3 {
			s.Planet(p).Power[a] = 3
		}
		s.Planet(sc.Stronghold).Power[a] = 4
		s.Build(sc.Stronghold, a, processor.Stronghold)
		rows = append(rows, []string{string(a), string(sc.Stronghold), report.Joined(sc.Power3), report.Joined(sc.Power2)})
	}
	r.sec.Para("Strongholds and starting Power Levels (1 everywhere else):")
	r.sec.Table([]string{"alliance", "Stronghold (4)", "Power Level 3", "Power Level 2"}, rows)
	r.laurelAtStrongholds()
	r.wreathAtStrongholds()

	// 4. Alliances Decide on Infrastructure.
	var pieces []processor.SetupPiece
	for _, a := range ids {
		pieces = append(pieces, r.f.Setup[a].Pieces...)
	}
	r.placeSetupPieces(pieces)

	// 5. Alliances Decide on Fleet Locations.
	rows = nil
	for _, a := range ids {
		for _, m := range r.f.Setup[a].Fleets {
			s.Fleets[m.Fleet] = m.To
		}
	}
	for _, fl := range r.c.Fleets {
		rows = append(rows, []string{string(fl.ID), string(fl.Player), string(r.c.FleetAlliance(fl.ID)), string(s.Fleets[fl.ID])})
	}
	r.sec.Para("Fleets start at:")
	r.sec.Table([]string{"fleet", "player", "alliance", "planet"}, rows)
	r.daggerAtFleets()
}

// placeSetupPieces builds the starting Infrastructure. "For each Planet, if
// Alliances wish to build more pieces of Infrastructure on that Planet than
// its Infrastructure locations can accommodate, the Warmaster should randomly
// decide which pieces get built. Then, for the remaining pieces, the
// respective Alliances choose new Planets." Their new planets are the
// piece's `alternates`, in order; past those, the nearest planet with a free
// location (fewest lanes from the first choice, then map order) — our default.
// Each round places every remaining piece at its next choice, drawing lots
// wherever a planet is oversubscribed again.
func (r *rules) placeSetupPieces(pieces []processor.SetupPiece) {
	s := r.s
	type want struct {
		pc    processor.SetupPiece
		tries int // how many choices have been tried
	}
	left := make([]want, len(pieces))
	for i, pc := range pieces {
		left[i] = want{pc: pc}
	}
	for round := 1; len(left) > 0; round++ {
		// Each remaining piece's choice this round.
		byPlanet := map[processor.PlanetID][]int{}
		var order []processor.PlanetID
		var lost []string
		var next []want
		for i := range left {
			w := &left[i]
			p, why := r.setupChoice(w.pc, w.tries)
			w.tries++
			if p == "" {
				lost = append(lost, fmt.Sprintf("%s's %s cannot be built anywhere: %s", w.pc.Alliance, w.pc.Type.Title(), why))
				continue
			}
			if byPlanet[p] == nil {
				order = append(order, p)
			}
			byPlanet[p] = append(byPlanet[p], i)
		}
		slices.SortFunc(order, func(a, b processor.PlanetID) int { return r.c.Map.Index[a] - r.c.Map.Index[b] })
		var notes []string
		for _, p := range order {
			idx := byPlanet[p]
			free := s.FreeLocations(p)
			built := idx
			if len(idx) > free {
				// The Warmaster randomly decides which pieces get built: a lot per location.
				built = nil
				pool := slices.Clone(idx)
				for k := 0; k < free; k++ {
					label := fmt.Sprintf("setup/infrastructure-lot/round-%d/%s/location-%d", round, p, k+1)
					pick := r.dice.D(len(pool), label, fmt.Sprintf("which of %d pieces is built at %s", len(pool), p)) - 1
					built = append(built, pool[pick])
					pool = slices.Delete(pool, pick, pick+1)
				}
				for _, i := range pool {
					notes = append(notes, fmt.Sprintf("%s's %s loses the lot at %s", left[i].pc.Alliance, left[i].pc.Type.Title(), p))
					next = append(next, left[i])
				}
				slices.Sort(built)
			}
			for _, i := range built {
				notes = append(notes, s.Build(p, left[i].pc.Alliance, left[i].pc.Type))
			}
		}
		if round == 1 {
			r.sec.Para("Starting Infrastructure:")
		} else {
			r.sec.Para("Pieces that lost the lot, at their next choice (round %d):", round)
		}
		r.note(append(notes, lost...)...)
		left = next
	}
}

// setupChoice is a piece's planet for its try-th placement: its planet, then
// its alternates, then the nearest planet with a free location.
func (r *rules) setupChoice(pc processor.SetupPiece, try int) (processor.PlanetID, string) {
	choices := append([]processor.PlanetID{pc.Planet}, pc.Alternates...)
	for try < len(choices) {
		p := choices[try]
		if r.s.FreeLocations(p) > 0 && !processor.BarredAtSetup(r.s, pc.Alliance, p) {
			return p, ""
		}
		try++
	}
	best, bestD := processor.PlanetID(""), -1
	for _, p := range r.c.Map.Planets {
		d := r.c.Map.Distance(pc.Planet, p.ID)
		if r.s.FreeLocations(p.ID) > 0 && !processor.BarredAtSetup(r.s, pc.Alliance, p.ID) && d >= 0 && (bestD < 0 || d < bestD) {
			best, bestD = p.ID, d
		}
	}
	if best == "" {
		return "", "no planet has a free Infrastructure location"
	}
	return best, ""
}
