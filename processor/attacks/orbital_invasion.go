package attacks

import (
	"fmt"

	"github.com/warmaster/warmaster/processor"
)

// Orbital Invasion — Attacker wins. In order:
//   - If the Attacking Alliance's Power Level at this Planet is less than the
//     Defending Alliance's Power Level at this Planet, subtract 1 from that
//     Defending Alliance's Power Level.
//   - Add 1 to the Attacking Alliance's Power Level at this Planet.
//
// adj is the Attacking Alliance's ±1 (Stronghold or Coordinated
// Opposition), ladj the Defending Alliance's (Coordinated Opposition), RULINGS 8.
func (r Rules) orbitalInvasionAttackerWins(p processor.PlanetID, A, D processor.AllianceID, adj, ladj int) []string {
	return r.attackerWins(p, A, D, adj, ladj, func(att, def int) bool { return att < def }, "is less than", "is not less than")
}

// Orbital Invasion — Defender wins. The Defender can select one connected
// Planet and do one of the following:
//   - Remove any number of the Defending Alliance's pieces of Infrastructure
//     at this Planet. For each of those pieces, the Defending Alliance can
//     build one piece of that type at that connected Planet. (`direction =
//     "to-connected"`)
//   - Remove any number of the Defending Alliance's pieces at that connected
//     Planet. For each, the Defending Alliance can build one piece of that
//     type at this Planet. (`direction = "from-connected"`)
//
// A piece that is no longer there, or has no free location to go to, stays
// where it is (RULINGS 9), as one going to another Alliance's Laurel of
// Victory planet does (RULINGS 40). With `[rules] orbital_invasion_defender_power`,
// also add 1 to the Defending Alliance's Power Level at this Planet (RULINGS 14).
func (r Rules) orbitalInvasionDefenderWins(p processor.PlanetID, D processor.AllianceID, ch processor.Choices) []string {
	s := r.S
	var out []string
	switch {
	case ch.Planet == "":
		out = append(out, fmt.Sprintf("%s makes no choice: no Infrastructure moves", D))
	case s.Destroyed(ch.Planet) || !s.IsConnected(D, p, ch.Planet):
		out = append(out, fmt.Sprintf("%s is no longer an undestroyed planet connected to %s: no Infrastructure moves", ch.Planet, p))
	default:
		from, to := p, ch.Planet
		if ch.Direction == "from-connected" {
			from, to = ch.Planet, p
		}
		if len(ch.Pieces) == 0 {
			out = append(out, fmt.Sprintf("%s selects %s and moves no Infrastructure", D, ch.Planet))
		}
		for _, t := range ch.Pieces {
			switch {
			case s.Pieces(from, D, t) == 0:
				out = append(out, fmt.Sprintf("%s has no %s left at %s to move: skipped", D, t.Title(), from))
			case s.LaurelBar(to, D) != "":
				// Laurel of Victory: no other Alliance builds there (RULINGS 40).
				out = append(out, fmt.Sprintf("%s: the %s stays at %s", s.LaurelBar(to, D), t.Title(), from))
			case s.FreeLocations(to) == 0:
				out = append(out, fmt.Sprintf("%s has no free Infrastructure location: the %s stays at %s", to, t.Title(), from))
			default:
				s.RemovePiece(from, D, t)
				out = append(out, fmt.Sprintf("%s's %s is removed from %s; %s", D, t.Title(), from, s.Build(to, D, t)))
			}
		}
	}
	if r.C.Rules.OrbitalInvasionDefenderPower {
		out = append(out, s.Raise(p, D)+" ([rules] orbital_invasion_defender_power)")
	}
	return out
}
