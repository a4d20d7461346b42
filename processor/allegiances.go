package processor

import (
	"fmt"
	"slices"

	"github.com/warmaster/warmaster/processor/report"
)

// WithAllegiance is the campaign with players in other Alliances and
// fleets under other players; the declared campaign stays as it is.
func (c *Campaign) WithAllegiance(players map[Login]AllianceID, fleets map[FleetID]Login) *Campaign {
	if len(players) == 0 && len(fleets) == 0 {
		return c
	}
	n := *c
	if n.origin == nil {
		n.origin = c
	}
	n.Players = slices.Clone(c.Players)
	n.Fleets = slices.Clone(c.Fleets)
	for i := range n.Players {
		if a, ok := players[n.Players[i].Login]; ok {
			n.Players[i].Alliance = a
		}
	}
	for i := range n.Fleets {
		if l, ok := fleets[n.Fleets[i].ID]; ok {
			n.Fleets[i].Player = l
		}
	}
	n.index()
	return &n
}

// Declared is the campaign as campaign.toml declares it.
func (c *Campaign) Declared() *Campaign {
	if c.origin != nil {
		return c.origin
	}
	return c
}

// AllegianceChanges lists where the allegiance differs from campaign.toml.
func (c *Campaign) AllegianceChanges() (map[Login]AllianceID, map[FleetID]Login) {
	d := c.Declared()
	players, fleets := map[Login]AllianceID{}, map[FleetID]Login{}
	for _, p := range c.Players {
		if q, _ := d.PlayerOf(p.Login); p.Alliance != q.Alliance {
			players[p.Login] = p.Alliance
		}
	}
	for _, f := range c.Fleets {
		if g, _ := d.FleetOf(f.ID); f.Player != g.Player {
			fleets[f.ID] = f.Player
		}
	}
	return players, fleets
}

// A DefectionWish is a player's wish to defect (Machinations of Fate),
// with the Alliance they leave.
type DefectionWish struct {
	Defection
	From AllianceID
}

// GrantDefections is Machinations of Fate's allotment of the wishes to
// defect, as phase reads the rule (machinationsOfFate): it grants every
// wish while each Alliance's players holding fleets after the defections
// are at least one and no more than its fleets; otherwise it refuses the
// last wish into an Alliance with too many players, or out of one left
// without any, until all fits. It returns the granted defections (player
// → new Alliance) and a sentence per refusal.
func GrantDefections(c *Campaign, wishes []DefectionWish) (map[Login]AllianceID, []string) {
	var out []string
	granted := make([]bool, len(wishes))
	for i := range granted {
		granted[i] = true
	}
	movedOut := func(l Login) bool {
		for i, w := range wishes {
			if granted[i] && w.Player == l {
				return true
			}
		}
		return false
	}
	// holders: the players who hold fleets of x after the defections.
	holders := func(x AllianceID) int {
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
					if granted[i] && wishes[i].From == x {
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
	players := map[Login]AllianceID{}
	for i, w := range wishes {
		if granted[i] {
			players[w.Player] = w.To
		}
	}
	return players, out
}

// ReassignFleets is Machinations of Fate's assignment of the fleets: each
// Alliance's fleets go to its players after the defections, Alliance by
// Alliance: a player who joins takes a fleet left by one who went, else
// one from the member holding the most (the last of them, their last
// fleet); fleets left over go one by one to the member holding the
// fewest. It returns the fleets whose player changes.
func ReassignFleets(c *Campaign, players map[Login]AllianceID) map[FleetID]Login {
	owner := map[FleetID]Login{}
	for _, f := range c.Fleets {
		owner[f.ID] = f.Player
	}
	count := func(l Login, x AllianceID) int {
		n := 0
		for _, f := range c.AllianceFleets(x) {
			if owner[f] == l {
				n++
			}
		}
		return n
	}
	for _, x := range c.AllianceIDs() {
		var pool []FleetID
		for _, f := range c.AllianceFleets(x) {
			if _, gone := players[owner[f]]; gone {
				pool = append(pool, f)
				owner[f] = ""
			}
		}
		var members []Login
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
			var from Login
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
			var to Login
			for _, m := range members {
				if to == "" || count(m, x) < count(to, x) {
					to = m
				}
			}
			owner[f] = to
		}
	}
	fleets := map[FleetID]Login{}
	for _, f := range c.Fleets {
		if owner[f.ID] != f.Player {
			fleets[f.ID] = owner[f.ID]
		}
	}
	return fleets
}

// Leading is the Alliances with the highest key: the only ones a roll-off
// for the first place is between (a forced event's, RULINGS 44).
func Leading(as []AllianceID, key func(AllianceID) int) []AllianceID {
	best := slices.MaxFunc(as, func(x, y AllianceID) int { return key(x) - key(y) })
	return slices.DeleteFunc(slices.Clone(as), func(a AllianceID) bool { return key(a) != key(best) })
}
