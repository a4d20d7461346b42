package attacks

import (
	"fmt"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/report"
)

// Supply Base Raid — Attacker wins. In order:
//   - The Attacker selects this Planet or one connected Planet and rolls one
//     D6: on a 4+, subtract 1 from the Defending Alliance's Power Level at
//     the selected Planet. If the Attacking Alliance's Power Level at this
//     Planet is 3 or more, the Attacker can repeat this one additional time.
//     (`planets`: the planet of each D6, a second only at 3 or more, with the
//     Stronghold ±1, adj. Without `planets`: this Planet, twice at 3 or
//     more. A planet no longer possible, RULINGS 9: this Planet. This
//     Planet destroyed: the connected planet, not destroyed, where the
//     Defending Alliance is highest, RULINGS 32; with none, no roll.)
//   - Add 1 to the Attacking Alliance's Power Level at this Planet.
func (r Rules) supplyBaseRaidAttackerWins(f Fought, adj int) []string {
	s, p, A, D, ch := r.S, f.Planet, f.Attacker, f.Defender, f.Choices()
	var out []string
	rolls := len(ch.Planets)
	if rolls != 1 {
		ok, why := r.threeOrMore(p, A, adj)
		switch {
		case ok && rolls == 0:
			rolls = 2
			out = append(out, why+": two D6 at "+string(p)+" (by default)")
		case ok:
			out = append(out, why+": a second D6")
		case rolls == 2:
			rolls = 1
			out = append(out, why+": no second D6")
		default:
			rolls = 1
			out = append(out, why+": one D6 at "+string(p)+" (by default)")
		}
	}
	for k := range rolls {
		q := p
		if k < len(ch.Planets) {
			q = ch.Planets[k]
			if why := r.raidProblem(A, p, q); why != "" {
				out = append(out, fmt.Sprintf("D6 %d: %s is not possible now (%s): %s instead", k+1, q, why, p))
				q = p
			}
		}
		if s.Destroyed(q) {
			// "this Planet or one connected Planet": a destroyed Planet has
			// no Power Level to lose, so the D6 goes to a connected one.
			alt, ok := r.raidConnected(A, D, p)
			if !ok {
				out = append(out, fmt.Sprintf("D6 %d: %s is destroyed, and so is every planet connected to it: no roll", k+1, q))
				continue
			}
			out = append(out, fmt.Sprintf("D6 %d: %s is destroyed: at %s instead, the connected planet where %s's Power Level is highest", k+1, q, alt, D))
			q = alt
		}
		d := r.Dice.D6(r.outcomeLabel(f, "raid", k+1), fmt.Sprintf("Supply Base Raid — Attacker wins: on a 4+, %s loses 1 Power Level at %s", D, q))
		if d >= 4 {
			out = append(out, fmt.Sprintf("D6 %d at %s: %d, 4+: %s", k+1, q, d, s.Lower(q, D)))
		} else {
			out = append(out, fmt.Sprintf("D6 %d at %s: %d, no effect", k+1, q, d))
		}
	}
	return append(out, s.Raise(p, A))
}

// raidConnected is the planet, not destroyed, connected to p for the
// Attacking Alliance where the Defending Alliance's Power Level is highest
// (first in map order): where the D6 goes when this Planet is destroyed
// (RULINGS 32).
func (r Rules) raidConnected(A, D processor.AllianceID, p processor.PlanetID) (processor.PlanetID, bool) {
	best, ok := processor.PlanetID(""), false
	for _, q := range r.S.IntactConnected(A, p) {
		if !ok || r.S.Power(q, D) > r.S.Power(best, D) {
			best, ok = q, true
		}
	}
	return best, ok
}

// raidProblem says why an Alliance cannot select q — this Planet p or a
// planet connected to it, not destroyed — or "" if it can.
func (r Rules) raidProblem(a processor.AllianceID, p, q processor.PlanetID) string {
	switch {
	case !r.S.InReach(a, p, q):
		return fmt.Sprintf("%s is not %s or a planet connected to it", q, p)
	case r.S.Destroyed(q):
		return fmt.Sprintf("%s is destroyed", q)
	}
	return ""
}

// Supply Base Raid — Defender wins. In order:
//   - Subtract 1 from the Attacking Alliance's Power Level at this Planet. If
//     the Defending Alliance's Power Level at this Planet is 3 or more, they
//     can do this at one connected Planet instead. (`planet`; the "3 or more"
//     with the Stronghold ±1, adj. A connected planet no longer possible, or
//     below 3: this Planet, RULINGS 9.)
//   - Add 1 to the Defending Alliance's Power Level at this Planet.
func (r Rules) supplyBaseRaidDefenderWins(f Fought, adj int) []string {
	s, p, A, D, ch := r.S, f.Planet, f.Attacker, f.Defender, f.Choices()
	var out []string
	q := p
	if ch.Planet != "" && ch.Planet != p {
		ok, why := r.threeOrMore(p, D, adj)
		switch {
		case !ok:
			out = append(out, fmt.Sprintf("%s: at %s, not at %s", why, p, ch.Planet))
		case s.Destroyed(ch.Planet) || !s.IsConnected(D, p, ch.Planet):
			out = append(out, fmt.Sprintf("%s; but %s: at %s instead", why, r.raidProblem(D, p, ch.Planet), p))
		default:
			out = append(out, fmt.Sprintf("%s: at %s instead", why, ch.Planet))
			q = ch.Planet
		}
	}
	out = append(out, s.Lower(q, A))
	return append(out, s.Raise(p, D))
}

// validateSupplyBaseRaid checks Supply Base Raid choices against the map now.
func (r Rules) validateSupplyBaseRaid(b processor.BattleOp, victor processor.Side, ch processor.Choices, fs *processor.Faults) {
	p := b.Planet
	check := func(at processor.Src, a processor.AllianceID, q processor.PlanetID) {
		if !r.C.Map.Has(q) {
			return
		}
		valid := r.S.IntactConnected(a, p)
		if !r.S.Destroyed(p) {
			valid = append([]processor.PlanetID{p}, valid...)
		}
		if why := r.raidProblem(a, p, q); why != "" {
			fs.Add(at, "%s; valid: %s", why, report.OneOf(valid))
		}
	}
	if victor == processor.Attacker {
		for i, q := range ch.Planets {
			check(ch.Src.At("planets", i), b.Attacker, q)
		}
		if len(ch.Planets) == 2 {
			// Supply Base Raid — Attacker wins: "If the Attacking Alliance's
			// Power Level at this Planet is 3 or more, the Attacker can
			// repeat this one additional time."
			r.lessThanThree(ch.Src.At("planets", 1), p, b.Attacker, ch.PowerAdjust, fs, "a second D6", "give one planet")
		}
		return
	}
	if ch.Planet != "" {
		check(ch.Src.At("planet"), b.Defender, ch.Planet)
		if ch.Planet != p {
			// Supply Base Raid — Defender wins: "If the Defending Alliance's
			// Power Level at this Planet is 3 or more, they can do this at
			// one connected Planet instead."
			r.lessThanThree(ch.Src.At("planet"), p, b.Defender, ch.PowerAdjust, fs, "the raid at a connected planet", fmt.Sprintf("leave planet out (the raid is at %s)", p))
		}
	}
}
