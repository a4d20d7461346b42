package attacks

import "github.com/warmaster/warmaster/processor"

// TheatreChooser is who selects the Theatre of a battle that has one
// (HasTheatre): the Attacker, unless a Fleet of
// the defending Alliance performs Logistical Auxilia at the attacked Planet
// or a connected one — then the Defender (Logistical Auxilia, RULINGS 27).
func TheatreChooser(c *processor.Campaign, s *processor.State, b processor.BattleOp) (processor.Side, processor.FleetID) {
	return TheatreChoosers(c, s)(b)
}

// TheatreChoosers is TheatreChooser for every battle of a step: the first
// Logistical Auxilia order (in order) of each Alliance at each planet,
// found once, so that each battle looks only at the planets that can
// reach it — its own, its neighbours, and those 2 lanes away (a Support
// Facility's) — instead of at every order.
func TheatreChoosers(c *processor.Campaign, s *processor.State) func(processor.BattleOp) (processor.Side, processor.FleetID) {
	type at struct {
		a processor.AllianceID
		p processor.PlanetID
	}
	first := map[at]int{}                   // index in s.Orders of the first LA order there
	some := map[processor.AllianceID]bool{} // the Alliances with one anywhere
	for i := range s.Orders {
		o := &s.Orders[i]
		if o.Op != processor.LogisticalAuxilia {
			continue
		}
		k := at{c.FleetAlliance(o.Fleet), s.Fleets[o.Fleet]}
		if _, ok := first[k]; !ok {
			first[k] = i
		}
		some[k.a] = true
	}
	return func(b processor.BattleOp) (processor.Side, processor.FleetID) {
		if !some[b.Defender] {
			return processor.Attacker, "" // none to look for, nor the planets 2 lanes away to find
		}
		best := -1
		consider := func(q processor.PlanetID) {
			if i, ok := first[at{b.Defender, q}]; ok && (best < 0 || i < best) && s.InReach(b.Defender, q, b.Planet) {
				best = i
			}
		}
		consider(b.Planet)
		for _, q := range c.Map.Neighbours(b.Planet) {
			consider(q)
		}
		for _, q := range c.Map.AtDistance(b.Planet, 2) {
			consider(q)
		}
		if best < 0 {
			return processor.Attacker, ""
		}
		return processor.Defender, s.Orders[best].Fleet
	}
}
