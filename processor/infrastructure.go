package processor

import "fmt"

// BarredAtSetup reports whether an Alliance may not build at a planet during
// set-up: another Alliance's Laurel of Victory planet (whichever the
// reading of laurel_of_victory_builds, RULINGS 40).
func BarredAtSetup(s *State, a AllianceID, p PlanetID) bool {
	holder, ok := s.Benefits[LaurelOfVictory]
	return ok && s.LaurelPlanet == p && holder != a
}

// SwitchPower sets an Alliance's Power Level at a planet to the level a
// swap or switch gives it (Sable Dagger, A Costly Bargain). A level that
// would fall below the Alliance's Fortification Line minimum there stays,
// and one of its Lines there is destroyed instead (Fortification Line:
// "Each time a rule would reduce that Alliance's Power Level below that
// point, one of that Alliance's Fortification Lines at this Planet is
// destroyed instead"; RULINGS 2, 41, 51). It says what happened.
func SwitchPower(s *State, p PlanetID, a AllianceID, to int) string {
	ps := s.Planet(p)
	if to < ps.Power[a] && to < s.MinPower(p, a) && s.Pieces(p, a, FortificationLine) > 0 {
		s.RemovePiece(p, a, FortificationLine)
		return fmt.Sprintf("a Fortification Line of %s at %s is destroyed instead; its Power Level stays %d", a, p, ps.Power[a])
	}
	ps.Power[a] = to
	return fmt.Sprintf("%s's Power Level at %s is now %d", a, p, to)
}

// InfraNames are the types' ids, as files write them.
func InfraNames(ts []InfraType) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.String()
	}
	return out
}

// AlternatePiece is a draft's example alternate: the first open choice on
// another planet than first, else of another type there.
func AlternatePiece(open []PieceChoice, first PlanetID) (PieceChoice, bool) {
	for _, c := range open {
		if c.Planet != first {
			return c, true
		}
	}
	for _, c := range open {
		if c.Type != FortificationLine {
			return c, true
		}
	}
	return PieceChoice{}, false
}
