package phase

import (
	"fmt"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/report"
)

// Allegiance: who serves whom. campaign.toml declares each player's
// Alliance and each Fleet's player; Machinations of Fate changes them from
// the next phase on, and state.toml keeps the changes ([players.<login>]
// alliance, [fleets.<id>] player). The Campaign is the one accessor: its
// PlayerOf, PlayersOf, FleetsOf, FleetOf(…).Player and Commanders give the
// allegiance as the campaign stands. A Fleet stays with its Alliance
// (FleetAlliance, AllianceFleets never change): players move between
// Alliances and take over Fleets there.

// machinationsOfFate: "Each player can notify the Warmaster that they wish
// to defect to another Alliance ... the Warmaster should try to move all
// players around so that each has at least one Fleet for their desired
// Alliance. If this is not possible then some players may not be able to
// defect ... Any unclaimed Fleets are then assigned amongst the remaining
// players of the relevant Alliances."
//
// Read deterministically: every wish is granted while, for each Alliance,
// its players who hold fleets after the defections (those who stay and hold
// fleets now, and those who join) are at least one and no more than its
// fleets; otherwise the last wish (campaign order of players) into an
// Alliance with too many players, or out of one left without any, is
// refused, until all fits. A player who joins takes a fleet left by one who
// went, else one from the player of the new Alliance holding the most
// (the last of them, their last fleet); fleets left over go one by one to
// the Alliance's player holding the fewest (campaign order). The defections
// take effect from the next phase.
func (r choiceRules) machinationsOfFate() []string {
	c := r.c
	wishes := r.defectionWishes()
	var out []string
	for _, a := range c.AllianceIDs() {
		if _, why := r.choicesOf(a, processor.MachinationsOfFate); why != "" {
			out = append(out, why+": none of its players defects")
		}
	}
	if len(wishes) == 0 {
		return append(out, "Nobody defects")
	}
	players, refusals := grantDefections(c, wishes)
	out = append(out, refusals...)
	if len(players) == 0 {
		return append(out, "Nobody defects")
	}
	e := processor.Effect{Event: processor.MachinationsOfFate, Phase: r.s.Phase + 1, Players: players, Fleets: reassignFleets(c, players)}
	r.s.Effects = append(r.s.Effects, e)
	out = append(out, fmt.Sprintf("From phase %d:", e.Phase))
	return append(out, r.allegianceLines(e)...)
}

// defection is a player's wish to defect, with the Alliance they leave.
type defection struct {
	processor.Defection
	from processor.AllianceID
}

// defectionWishes are this phase's wishes to defect, in campaign order of
// players: each player's own, from their Alliance's event choices.
func (r choiceRules) defectionWishes() []defection {
	var wishes []defection
	for _, p := range r.c.Players {
		a := p.Alliance
		ch, ok := r.f.Events[r.s.Phase][a]
		if !ok {
			continue
		}
		for _, d := range ch.Defections {
			if d.Player == p.Login {
				wishes = append(wishes, defection{d, a})
			}
		}
	}
	return wishes
}

// grantDefections grants every wish while each Alliance's players holding
// fleets after the defections are at least one and no more than its
// fleets; otherwise it refuses the last wish into an Alliance with too many
// players, or out of one left without any, until all fits. It returns the
// granted defections (player → new Alliance) and a sentence per refusal.
func grantDefections(c *processor.Campaign, wishes []defection) (map[processor.Login]processor.AllianceID, []string) {
	var out []string
	granted := make([]bool, len(wishes))
	for i := range granted {
		granted[i] = true
	}
	movedOut := func(l processor.Login) bool {
		for i, w := range wishes {
			if granted[i] && w.Player == l {
				return true
			}
		}
		return false
	}
	// holders: the players who hold fleets of x after the defections.
	holders := func(x processor.AllianceID) int {
		n := 0
		for _, p := range c.Players {
			if !movedOut(p.Login) && p.Alliance == x && len(c.FleetsOf(p.Login)) > 0 {
				n++
			}
		}
		for i, w := range wishes {
			if granted[i] && w.To == x {
				n++
			}
		}
		return n
	}
	for {
		refused := false
		for _, x := range c.AllianceIDs() {
			fleets := len(c.AllianceFleets(x))
			switch h := holders(x); {
			case h > fleets:
				for i := len(wishes) - 1; i >= 0; i-- {
					if granted[i] && wishes[i].To == x {
						granted[i] = false
						out = append(out, fmt.Sprintf("%s cannot defect to %s: %s has %s for %d players", wishes[i].Player, x, x, report.Plural(fleets, "fleet", "fleets"), h))
						break
					}
				}
				refused = true
			case h == 0 && fleets > 0:
				for i := len(wishes) - 1; i >= 0; i-- {
					if granted[i] && wishes[i].from == x {
						granted[i] = false
						out = append(out, fmt.Sprintf("%s cannot defect from %s: nobody would be left to command its fleets", wishes[i].Player, x))
						break
					}
				}
				refused = true
			}
			if refused {
				break
			}
		}
		if !refused {
			break
		}
	}
	players := map[processor.Login]processor.AllianceID{}
	for i, w := range wishes {
		if granted[i] {
			players[w.Player] = w.To
		}
	}
	return players, out
}

// reassignFleets gives each Alliance's fleets to its players after the
// defections, Alliance by Alliance: a player who joins takes a fleet left
// by one who went, else one from the member holding the most (the last of
// them, their last fleet); fleets left over go one by one to the member
// holding the fewest. It returns the fleets whose player changes.
func reassignFleets(c *processor.Campaign, players map[processor.Login]processor.AllianceID) map[processor.FleetID]processor.Login {
	owner := map[processor.FleetID]processor.Login{}
	for _, f := range c.Fleets {
		owner[f.ID] = f.Player
	}
	count := func(l processor.Login, x processor.AllianceID) int {
		n := 0
		for _, f := range c.AllianceFleets(x) {
			if owner[f] == l {
				n++
			}
		}
		return n
	}
	for _, x := range c.AllianceIDs() {
		var pool []processor.FleetID
		for _, f := range c.AllianceFleets(x) {
			if _, gone := players[owner[f]]; gone {
				pool = append(pool, f)
				owner[f] = ""
			}
		}
		var members []processor.Login
		for _, p := range c.Players {
			to, moved := players[p.Login]
			switch {
			case moved && to == x:
				members = append(members, p.Login)
			case !moved && p.Alliance == x && len(c.FleetsOf(p.Login)) > 0:
				members = append(members, p.Login)
			}
		}
		for _, p := range c.Players {
			if players[p.Login] != x {
				continue
			}
			if len(pool) > 0 {
				owner[pool[0]], pool = p.Login, pool[1:]
				continue
			}
			// From the member holding the most, the last of them: their last fleet.
			var from processor.Login
			most := 2
			for _, m := range members {
				if n := count(m, x); m != p.Login && n >= most {
					from, most = m, n
				}
			}
			fl := c.AllianceFleets(x)
			for i := len(fl) - 1; i >= 0; i-- {
				if owner[fl[i]] == from {
					owner[fl[i]] = p.Login
					break
				}
			}
		}
		for _, f := range pool {
			var to processor.Login
			for _, m := range members {
				if to == "" || count(m, x) < count(to, x) {
					to = m
				}
			}
			owner[f] = to
		}
	}
	fleets := map[processor.FleetID]processor.Login{}
	for _, f := range c.Fleets {
		if owner[f.ID] != f.Player {
			fleets[f.ID] = owner[f.ID]
		}
	}
	return fleets
}

// allegianceLines says who defects and who commands which fleet.
func (r eventRules) allegianceLines(e processor.Effect) []string {
	var out []string
	for _, p := range r.c.Declared().Players {
		if to, ok := e.Players[p.Login]; ok {
			out = append(out, fmt.Sprintf("%s defects to %s", p.Login, to))
		}
	}
	for _, f := range r.c.Fleets {
		if l, ok := e.Fleets[f.ID]; ok {
			out = append(out, fmt.Sprintf("fleet %s (%s) is commanded by %s", f.ID, r.c.FleetAlliance(f.ID), l))
		}
	}
	return out
}
