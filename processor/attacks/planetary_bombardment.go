package attacks

import (
	"fmt"
	"strings"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/report"
)

// Planetary Bombardment — Attacker wins. In order:
//   - The Attacker selects one Infrastructure Location at this Planet that is
//     unoccupied or that has a piece of the Defending Alliance's
//     Infrastructure built on it. If possible, this cannot be a location with
//     a Stronghold built on it. (`location`, counted from 1. Without one that
//     is still possible, RULINGS 9, the first by strikeRank.)
//   - The Attacker rolls one D6, adding 1 to the result if their Alliance's
//     Power Level at this Planet is 3 or more: on a 3+, that Infrastructure
//     Location is destroyed (as is any Infrastructure built on it). (The
//     Stronghold ±1, adj, counts for the "3 or more"; the last location
//     destroyed destroys the Planet.)
//   - Add 1 to the Attacking Alliance's Power Level at this Planet.
func (r Rules) planetaryBombardmentAttackerWins(f Fought, adj int) []string {
	s, p, A, D, ch := r.S, f.Planet, f.Attacker, f.Defender, f.Choices()
	var out []string
	rank := AttackerStrikeRank(D)
	i, how := -1, ""
	if ch.Location > 0 {
		if why := r.strikeProblem(p, ch.Location, rank); why != "" {
			out = append(out, fmt.Sprintf("location %d of %s is not possible now (%s)", ch.Location, p, why))
		} else {
			i = ch.Location - 1
		}
	}
	if i < 0 {
		i, how = bestLocation(s, p, rank), ", by default"
	}
	if i < 0 {
		out = append(out, fmt.Sprintf("no Infrastructure location at %s is unoccupied or %s's (%s): nothing to strike", p, D, s.DescribeLocations(p)))
		return append(out, s.Raise(p, A))
	}
	ok, why := r.threeOrMore(p, A, adj)
	bonus, plus, on := 0, "", "3+"
	if ok {
		bonus, plus, on = 1, " + 1", "3+, adding 1 (Power Level 3 or more)"
	}
	out = append(out, fmt.Sprintf("%s strikes location %d of %s (%s)%s; %s", A, i+1, p, describeLocation(s.Planet(p).Locations[i]), how, why))
	d := r.Dice.D6(r.outcomeLabel(f, "bombardment", 1), fmt.Sprintf("Planetary Bombardment — Attacker wins: location %d of %s is destroyed on a %s", i+1, p, on))
	if d+bonus >= 3 {
		out = append(out, fmt.Sprintf("D6 %d%s = %d, 3+: %s", d, plus, d+bonus, strings.Join(s.DestroyLocation(p, i), "; ")))
	} else {
		out = append(out, fmt.Sprintf("D6 %d%s = %d, less than 3: the location holds", d, plus, d+bonus))
	}
	return append(out, s.Raise(p, A))
}

// Planetary Bombardment — Defender wins. In order:
//   - The Defender selects one connected Planet and one Infrastructure
//     Location at that Planet. If possible, this cannot be a Location with a
//     Stronghold built on it. Then they roll one D6: on a 4-5, any
//     Infrastructure built on that location is destroyed; on a 6, that
//     Infrastructure Location is destroyed (as is any Infrastructure built on
//     it). If the Defending Alliance's Power Level at this Planet is 3 or
//     more, the Defender can repeat this one additional time at that
//     connected Planet. (`planet`, `locations`: one location per strike, a
//     second only at 3 or more, with the Stronghold ±1, adj. Without a
//     planet still possible, RULINGS 9: the first undestroyed connected
//     planet in map order with a piece of the Attacking Alliance other than
//     a Stronghold, else the first undestroyed connected planet, struck
//     twice at 3 or more unless one location was given, RULINGS 31; a
//     location no longer possible: the first by strikeRank. A second
//     strike at a location the first destroyed is lost, RULINGS 22.)
//   - Add 1 to the Defending Alliance's Power Level at this Planet.
func (r Rules) planetaryBombardmentDefenderWins(f Fought, adj int) []string {
	s, p, A, D, ch := r.S, f.Planet, f.Attacker, f.Defender, f.Choices()
	var out []string
	// strikes: as many as locations given (one declines the second, which
	// stays declined when the planet falls back to the default).
	q, wanted, strikes := ch.Planet, ch.Locations, len(ch.Locations)
	if q != "" && (s.Destroyed(q) || !s.IsConnected(D, p, q)) {
		why := fmt.Sprintf("%s is destroyed", q)
		if !s.IsConnected(D, p, q) {
			why = fmt.Sprintf("%s is not connected to %s", q, p)
		}
		out = append(out, fmt.Sprintf("planet = %q is not possible now (%s)", q, why))
		if strikes == 1 {
			out = append(out, "one location was given: one strike, at the planet by default")
		}
		q, wanted = "", nil
	}
	if q == "" {
		for _, c := range r.S.IntactConnected(D, p) {
			if q == "" {
				q = c
			}
			if enemyPieceAt(s, c, A) {
				q = c
				break
			}
		}
		if q == "" {
			out = append(out, fmt.Sprintf("no undestroyed planet is connected to %s: nothing to strike", p))
			return append(out, s.Raise(p, D))
		}
		out = append(out, fmt.Sprintf("%s strikes at %s (by default)", D, q))
	}
	if strikes != 1 {
		ok, why := r.threeOrMore(p, D, adj)
		switch {
		case ok && strikes == 0:
			strikes = 2
			out = append(out, why+": two strikes")
		case ok:
			out = append(out, why+": a second strike")
		case strikes == 2:
			strikes = 1
			out = append(out, why+": no second strike")
		default:
			strikes = 1
			out = append(out, why+": one strike")
		}
	}
	rank := DefenderStrikeRank(A, D)
	struck := map[int]bool{} // locations this outcome destroyed
	for k := range strikes {
		if s.Destroyed(q) {
			out = append(out, fmt.Sprintf("strike %d: %s is destroyed, the strike is lost", k+1, q))
			break
		}
		i, how := -1, ""
		if k < len(wanted) {
			switch why := r.strikeProblem(q, wanted[k], rank); {
			case struck[wanted[k]-1]:
				out = append(out, fmt.Sprintf("strike %d: location %d of %s was destroyed by the first strike: the strike is lost (%s)", k+1, wanted[k], q, processor.Ruling(22)))
				continue
			case why != "":
				out = append(out, fmt.Sprintf("strike %d: location %d of %s is not possible now (%s)", k+1, wanted[k], q, why))
			default:
				i = wanted[k] - 1
			}
		}
		if i < 0 {
			if i, how = bestLocation(s, q, rank), ", by default"; i < 0 {
				continue // every location destroyed: the planet is, see above
			}
		}
		l := s.Planet(q).Locations[i]
		d := r.Dice.D6(r.outcomeLabel(f, "bombardment", k+1), fmt.Sprintf("Planetary Bombardment — Defender wins: strike %d at location %d of %s (4–5: its Infrastructure is destroyed; 6: the location)", k+1, i+1, q))
		what := fmt.Sprintf("strike %d at location %d of %s (%s)%s: D6 %d", k+1, i+1, q, describeLocation(l), how, d)
		switch {
		case d == 6:
			struck[i] = true
			out = append(out, what+": "+strings.Join(s.DestroyLocation(q, i), "; "))
		case d >= 4 && l.Status == processor.Built:
			s.SetLocation(q, i, processor.Location{})
			out = append(out, fmt.Sprintf("%s: %s's %s at %s is destroyed", what, l.Alliance, l.Type.Title(), q))
		case d >= 4:
			out = append(out, what+": nothing is built there, no effect")
		default:
			out = append(out, what+": no effect")
		}
	}
	return append(out, s.Raise(p, D))
}

// A strike rank orders the locations a strike may select, lowest first (then
// location order); -1 is a location it may not select. Stronghold locations
// rank after every other ("If possible, this cannot be a location with a
// Stronghold built on it").
type strikeRank func(processor.Location) int

// AttackerStrikeRank: Planetary Bombardment — Attacker wins selects a
// location "that is unoccupied or that has a piece of the Defending
// Alliance's Infrastructure"; by default the Defending Alliance's pieces
// first, then an unoccupied location, then its Stronghold.
func AttackerStrikeRank(D processor.AllianceID) strikeRank {
	return func(l processor.Location) int {
		switch {
		case l.Status == processor.Ruined:
			return -1
		case l.Status == processor.Empty:
			return 1
		case l.Alliance != D:
			return -1
		case l.Type == processor.Stronghold:
			return 2
		}
		return 0
	}
}

// DefenderStrikeRank: Planetary Bombardment — Defender wins may select any
// undestroyed location; by default the Attacking Alliance's pieces first,
// then an unoccupied location, then other Alliances' pieces, then the
// Defending Alliance's own; Strongholds last, in the same order (RULINGS
// 31: the Defender strikes its own Stronghold only when no other is left).
func DefenderStrikeRank(A, D processor.AllianceID) strikeRank {
	return func(l processor.Location) int {
		switch {
		case l.Status == processor.Ruined:
			return -1
		case l.Status == processor.Empty:
			return 1
		}
		n := 2
		switch l.Alliance {
		case A:
			n = 0
		case D:
			n = 3
		}
		if l.Type == processor.Stronghold {
			n += 4
		}
		return n
	}
}

// strikeProblem says why a strike may not select location n (1-based) of a
// planet, or "" if it may.
func (r Rules) strikeProblem(p processor.PlanetID, n int, rank strikeRank) string {
	s := r.S
	locs := s.Planet(p).Locations
	if n < 1 || n > len(locs) {
		return fmt.Sprintf("%s has %s", p, report.Plural(len(locs), "Infrastructure location", "Infrastructure locations"))
	}
	l := locs[n-1]
	switch {
	case l.Status == processor.Ruined:
		return "it is destroyed"
	case rank(l) < 0:
		return fmt.Sprintf("it holds %s's %s", l.Alliance, l.Type.Title())
	case l.Type == processor.Stronghold && l.Status == processor.Built:
		for _, o := range locs {
			if rank(o) >= 0 && (o.Status != processor.Built || o.Type != processor.Stronghold) {
				return "it holds a Stronghold, and a location without one can be selected"
			}
		}
	}
	return ""
}

// StrikeChoices lists the locations a strike may select, for a message:
// "1 (empty), 3 (red fortification-line)".
func (r Rules) StrikeChoices(p processor.PlanetID, rank strikeRank) string {
	var out []string
	for i, l := range r.S.Planet(p).Locations {
		if r.strikeProblem(p, i+1, rank) == "" {
			out = append(out, fmt.Sprintf("%d (%s)", i+1, describeLocation(l)))
		}
	}
	return report.OneOf(out)
}

func describeLocation(l processor.Location) string {
	switch l.Status {
	case processor.Empty:
		return "unoccupied"
	case processor.Ruined:
		return "destroyed"
	}
	return fmt.Sprintf("%s %s", l.Alliance, l.Type)
}

// validatePlanetaryBombardment checks Planetary Bombardment choices against the map now.
func (r Rules) validatePlanetaryBombardment(b processor.BattleOp, victor processor.Side, ch processor.Choices, fs *processor.Faults) {
	s, p, A, D := r.S, b.Planet, b.Attacker, b.Defender
	if victor == processor.Attacker {
		if ch.Location != 0 {
			rank := AttackerStrikeRank(D)
			if why := r.strikeProblem(p, ch.Location, rank); why != "" {
				fs.Add(ch.Src.At("location"), "location %d of %s cannot be selected: %s; valid: %s", ch.Location, p, why, r.StrikeChoices(p, rank))
			}
		}
		return
	}
	if len(ch.Locations) > 0 && ch.Planet == "" {
		fs.Add(ch.Src.At("locations"), "locations need planet: the connected planet they are at")
	}
	q := ch.Planet
	if q == "" || !r.C.Map.Has(q) {
		return
	}
	switch {
	case s.Destroyed(q):
		fs.Add(ch.Src.At("planet"), "%s is destroyed; connected planets of %s: %s", q, p, report.OneOf(r.S.IntactConnected(D, p)))
		return
	case !s.IsConnected(D, p, q):
		fs.Add(ch.Src.At("planet"), "%s is not connected to %s; connected planets: %s", q, p, report.OneOf(r.S.IntactConnected(D, p)))
		return
	}
	if len(ch.Locations) == 2 {
		// Planetary Bombardment — Defender wins: "If the Defending Alliances
		// Power Level at this Planet is 3 or more, the Defender can repeat
		// this one additional time".
		r.lessThanThree(ch.Src.At("locations", 1), p, D, ch.PowerAdjust, fs, "a second strike", "give one location")
	}
	rank := DefenderStrikeRank(A, D)
	for i, n := range ch.Locations {
		if why := r.strikeProblem(q, n, rank); why != "" {
			fs.Add(ch.Src.At("locations", i), "location %d of %s cannot be selected: %s; valid: %s", n, q, why, r.StrikeChoices(q, rank))
		}
	}
}

// bestLocation is the index of the location a strike selects by default, or -1.
func bestLocation(s *processor.State, p processor.PlanetID, rank strikeRank) int {
	best, at := -1, -1
	for i, l := range s.Planet(p).Locations {
		if n := rank(l); n >= 0 && (best < 0 || n < best) {
			best, at = n, i
		}
	}
	return at
}

// enemyPieceAt reports whether an Alliance has a piece other than a
// Stronghold at a planet.
func enemyPieceAt(s *processor.State, p processor.PlanetID, a processor.AllianceID) bool {
	return s.FirstPiece(p, a) >= 0
}
