package processor

import "slices"

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
