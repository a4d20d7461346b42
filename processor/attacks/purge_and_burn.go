package attacks

import (
	"fmt"

	"github.com/warmaster/warmaster/processor"
)

// Purge and Burn — Attacker wins. In order:
//   - If the Attacking Alliance's Power Level at this Planet is equal to or
//     greater than the Defending Alliance's Power Level at this Planet,
//     subtract 1 from that Defending Alliance's Power Level.
//   - Add 1 to the Attacking Alliance's Power Level at this Planet.
//
// adj is the Attacking Alliance's ±1 (Stronghold or Coordinated
// Opposition), ladj the Defending Alliance's (Coordinated Opposition), RULINGS 8.
func (r Rules) purgeAndBurnAttackerWins(p processor.PlanetID, A, D processor.AllianceID, adj, ladj int) []string {
	return r.attackerWins(p, A, D, adj, ladj, func(att, def int) bool { return att >= def }, "is at least", "is below")
}

// attackerWins is the shape Purge and Burn and Orbital Invasion — Attacker
// wins share: compare the Attacking Alliance's Power Level (with its ±1,
// adj) to the Defending Alliance's (with its ±1, ladj), both as the battle
// is judged (judged: by default the levels it was fought at, RULINGS 9); if
// reduce says so, subtract 1 from the Defending Alliance's Power Level as it
// stands; then add 1 to the Attacking Alliance's. holds and fails word the
// comparison for the report.
func (r Rules) attackerWins(p processor.PlanetID, A, D processor.AllianceID, adj, ladj int, reduce func(att, def int) bool, holds, fails string) []string {
	s, j := r.S, r.judged()
	att, def := j.Power(p, A), j.Power(p, D)
	cmp := fmt.Sprintf("%s's Power Level %d", A, att)
	if adj != 0 {
		by := j.AdjustBy(A, D, p)
		if by == "Stronghold" && !s.AppliesAt(A, processor.Stronghold, p) {
			by += ", as it stood when the battle was fought"
		}
		cmp = fmt.Sprintf("%s's Power Level %d, treated as %d (%s)", A, att, att+adj, by)
	}
	foe := fmt.Sprintf("%s's %d", D, def)
	if ladj != 0 {
		foe = fmt.Sprintf("%s's %d, treated as %d (Coordinated Opposition, as the loser)", D, def, def+ladj)
	}
	if nowA, nowD := s.Power(p, A), s.Power(p, D); nowA != att || nowD != def {
		foe += fmt.Sprintf(" (the levels the battle was fought at; now %s %d, %s %d)", A, nowA, D, nowD)
	}
	var out []string
	if reduce(att+adj, def+ladj) {
		out = append(out, fmt.Sprintf("%s %s %s: %s", cmp, holds, foe, s.Lower(p, D)))
	} else {
		out = append(out, fmt.Sprintf("%s %s %s: no reduction", cmp, fails, foe))
	}
	return append(out, s.Raise(p, A))
}

// Purge and Burn — Defender wins. In order:
//   - The Defender can subtract 1 from their Alliance's Power Level at this
//     Planet any number of times. Each time they do, they can add 1 to their
//     Alliance's Power Level at a connected Planet. (`transfer`: one
//     connected planet per level moved. A level that cannot be subtracted —
//     at 1, or at the Fortification Line minimum: no Line is paid for it,
//     RULINGS 28 — or added — already 4 — is not moved. Check refuses such
//     a transfer on the map as it stands (validateTransfers); here, one an
//     earlier battle has made impossible is skipped, the line naming the
//     file.)
//   - Add 1 to the Defending Alliance's Power Level at a connected Planet.
//     (`reinforce`; without a valid choice, our default: the undestroyed
//     connected planet where the Defender's Power Level is lowest, first in
//     map order on ties.)
func (r Rules) purgeAndBurnDefenderWins(p processor.PlanetID, D processor.AllianceID, ch processor.Choices) []string {
	s := r.S
	var out []string
	// Each choice not made says which file gave it: check accepted it on
	// the map as it stood, and an earlier battle of 2.4 changed that map.
	file := "the result"
	if ch.Src.File != "" {
		file = ch.Src.File
	}
	usable := func(q processor.PlanetID) string {
		switch {
		case s.Destroyed(q):
			return fmt.Sprintf("%s is destroyed", q)
		case !s.IsConnected(D, p, q):
			return fmt.Sprintf("%s is not connected to %s", q, p)
		}
		return ""
	}
	for _, q := range ch.Transfer {
		if why := usable(q); why != "" {
			out = append(out, fmt.Sprintf("%s's transfer to %s is not possible now (%s): skipped", file, q, why))
			continue
		}
		if s.Destroyed(p) {
			out = append(out, fmt.Sprintf("%s's transfer to %s is not possible now (%s is destroyed: no Power Level there to transfer): skipped", file, q, p))
			continue
		}
		if lvl := s.Power(p, D); lvl-1 < s.MinPower(p, D) {
			out = append(out, fmt.Sprintf("%s's transfer to %s is not possible now: %s's Power Level at %s is %d, its minimum there: skipped", file, q, D, p, lvl))
			continue
		}
		if s.Power(q, D) >= 4 {
			out = append(out, fmt.Sprintf("%s's transfer to %s is not possible now: %s's Power Level there is already 4: skipped", file, q, D))
			continue
		}
		out = append(out, fmt.Sprintf("transfer: %s; %s", s.Lower(p, D), s.Raise(q, D)))
	}
	target := ch.Reinforce
	if target != "" {
		if why := usable(target); why != "" {
			out = append(out, fmt.Sprintf("%s's reinforce %s is not possible now (%s): the default applies", file, target, why))
			target = ""
		}
	}
	if target == "" {
		best := -1
		for _, q := range r.S.IntactConnected(D, p) {
			if lvl := s.Power(q, D); best < 0 || lvl < best {
				target, best = q, lvl
			}
		}
		if target == "" {
			return append(out, fmt.Sprintf("no undestroyed planet is connected to %s: the +1 at a connected planet is lost", p))
		}
		out = append(out, fmt.Sprintf("reinforce: %s, by default (lowest %s Power Level among connected planets)", target, D))
	}
	return append(out, s.Raise(target, D))
}
