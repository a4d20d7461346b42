package processor

import (
	"fmt"
	"slices"
)

// asks reports whether an Event waiting for choices asks an Alliance.
func (r *run) asks(ev Effect, a AllianceID) bool {
	switch ev.Event {
	case ACostlyBargain, SmuggledAssets:
		return a == ev.Alliance
	case TidesOfWar:
		_, ok := r.s.StrongholdAt(a)
		return ok
	}
	return ev.Event.asksChoices()
}

// eventAlliances lists the Alliances the `events` step waits for.
func (r *run) eventAlliances() []AllianceID {
	var out []AllianceID
	for _, a := range r.c.AllianceIDs() {
		if slices.ContainsFunc(r.s.Events, func(ev Effect) bool { return r.asks(ev, a) }) {
			out = append(out, a)
		}
	}
	return out
}

// pendingFor lists the keys of the Events that ask an Alliance for choices.
func (r *run) pendingFor(a AllianceID) []string {
	var out []string
	for _, ev := range r.s.Events {
		if r.asks(ev, a) && !slices.Contains(out, "["+ev.Event.key()+"]") {
			out = append(out, "["+ev.Event.key()+"]")
		}
	}
	return out
}

func (r *run) pendingEvent(k EventKind) (Effect, bool) {
	for _, ev := range r.s.Events {
		if ev.Event == k {
			return ev, true
		}
	}
	return Effect{}, false
}

// validateEventChoices checks this phase's event choices against the
// Events waiting for them and the map as it stands.
func (r *run) validateEventChoices(fs *faults) {
	s := r.s
	for _, a := range r.c.AllianceIDs() {
		ch, ok := r.f.Events[s.Phase][a]
		if !ok {
			continue
		}
		if !slices.Contains(r.eventAlliances(), a) {
			fs.add(ch.Src, "no Vespator Front Event asks %s for choices in phase %d (they ask %s); remove this file", a, s.Phase, oneOf(r.eventAlliances()))
			continue
		}
		for _, k := range sortedEventKeys(ch.Given) {
			at := ch.Given[k]
			ev, pending := r.pendingEvent(k)
			switch {
			case !pending:
				fs.addKey(at, "no %s waits for choices in phase %d; %s's file takes %s", k.Title(), s.Phase, a, joinQuotedOr(r.pendingFor(a), "no table: no event asks it for choices"))
				continue
			case !r.asks(ev, a):
				why := "it asks only the trailing Alliance, " + string(ev.Alliance)
				if k == TidesOfWar {
					why = "its Stronghold is destroyed"
				}
				fs.addKey(at, "%s does not ask %s for choices: %s", k.Title(), a, why)
				continue
			}
			switch k {
			case LullInTheFighting:
				r.checkLull(a, ch, fs)
			case TidesOfWar:
				r.checkTides(a, ch, fs)
			case ArcheotechRiches:
				r.checkRiches(a, ch, ev, fs)
			case XenobeastMigration:
				for _, m := range ch.Xenobeast {
					if why := r.xenobeastWhy(m); why != "" {
						fs.add(m.Src, "%s", why)
					}
				}
			case ACostlyBargain:
				if why := r.bargainWhy(a, ch.Bargain); why != "" {
					fs.add(ch.Bargain.Src.At("planet"), "%s", why)
				}
			case SmuggledAssets:
				r.checkSmuggled(a, ch, fs)
			}
		}
	}
}

func sortedEventKeys(m map[EventKind]Src) []EventKind {
	out := make([]EventKind, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// buildableFor lists the planets where an Alliance can build a type now.
func (r *run) buildableFor(s *State, a AllianceID, t InfraType) []PlanetID {
	var out []PlanetID
	for _, p := range r.c.Map.IDs() {
		if s.CanBuild(p, a, t) == "" {
			out = append(out, p)
		}
	}
	return out
}

// checkLull: the build first, then the moves, as the text lists them (a
// Support Facility built first extends the moves' reach, RULINGS 4).
func (r *run) checkLull(a AllianceID, ch *EventChoices, fs *faults) {
	s := r.s.clone()
	if b := ch.LullBuild; b != nil && r.c.Map.Has(b.Planet) {
		if why := s.CanBuild(b.Planet, a, b.Type); why != "" {
			fs.add(b.Src.At("planet"), "Lull in the Fighting: %s cannot build a %s at %s: %s; planets it can build one on: %s", a, b.Type.Title(), b.Planet, why, oneOf(r.buildableFor(s, a, b.Type)))
		} else {
			s.Build(b.Planet, a, b.Type)
		}
	}
	for _, m := range ch.LullMoves {
		at := s.Fleets[m.Fleet]
		if !r.c.Map.Has(m.To) || m.To == at || s.IsConnected(a, at, m.To) {
			continue
		}
		fs.add(m.Src, "Lull in the Fighting: no lane from %s to %s: %s moves to a planet connected to %s: %s (or stays: leave it out)", at, m.To, m.Fleet, at, oneOf(s.Connected(a, at)))
	}
}

// tidesWhy says why an Alliance cannot move its Stronghold to p, or "".
func (r *run) tidesWhy(s *State, a AllianceID, p PlanetID) string {
	from, ok := s.StrongholdAt(a)
	switch {
	case !ok:
		return fmt.Sprintf("%s's Stronghold is destroyed", a)
	case p == from:
		return fmt.Sprintf("the Stronghold is at %s already: Tides of War builds it on another Planet (to keep it there, leave [tides_of_war] out)", p)
	case s.Destroyed(p):
		return fmt.Sprintf("%s is destroyed", p)
	case s.FreeLocations(p) == 0:
		return fmt.Sprintf("%s has no free Infrastructure location (%s)", p, s.describeLocations(p))
	}
	return ""
}

func (r *run) checkTides(a AllianceID, ch *EventChoices, fs *faults) {
	if !r.c.Map.Has(ch.Tides) {
		return
	}
	if why := r.tidesWhy(r.s, a, ch.Tides); why != "" {
		var open []PlanetID
		for _, p := range r.c.Map.IDs() {
			if r.tidesWhy(r.s, a, p) == "" {
				open = append(open, p)
			}
		}
		fs.add(ch.TidesSrc, "Tides of War: %s cannot build its Stronghold at %s: %s; planets it can: %s", a, ch.Tides, why, oneOf(open))
	}
}

func (r *run) checkRiches(a AllianceID, ch *EventChoices, ev Effect, fs *faults) {
	for _, p := range sortedKeys(ch.Riches) {
		at := ch.RichesSrc[p]
		if !slices.Contains(ev.Planets, p) {
			fs.addKey(at, "no archeotech riches at %s; they were found on %s", p, oneOf(ev.Planets))
			continue
		}
		for i, q := range ch.Riches[p] {
			if r.c.Map.Has(q) && !slices.Contains(r.s.reachable(a, p), q) {
				fs.add(at.At(i), "Archeotech Riches at %s raise a Power Level at that Planet or a connected one, not destroyed: %s", p, oneOf(r.s.reachable(a, p)))
			}
		}
	}
}

// xenobeastWhy says why a fleet cannot be placed at m.To, or "": "each
// Fleet's new location must be different to the Planet it was previously at
// and not connected to that Planet" (by a lane; RULINGS 21).
func (r *run) xenobeastWhy(m Move) string {
	at := r.s.Fleets[m.Fleet]
	if !r.c.Map.Has(m.To) || (m.To != at && !slices.Contains(r.c.Map.Neighbours(at), m.To)) {
		return ""
	}
	return fmt.Sprintf("Xenobeast Migration: %s must leave %s for a planet neither %s nor connected to it by a lane (%s): %s", m.Fleet, at, at, oneOf(r.c.Map.Neighbours(at)), oneOf(r.xenobeastPlanets(at)))
}

// xenobeastPlanets lists the planets a fleet at p can be placed at, nearest first.
func (r *run) xenobeastPlanets(p PlanetID) []PlanetID {
	var out []PlanetID
	for n := 2; ; n++ {
		ring := r.c.Map.AtDistance(p, n)
		if len(ring) == 0 {
			break
		}
		out = append(out, ring...)
	}
	return out
}

// bargainWhy says why an Alliance cannot strike A Costly Bargain, or "":
// "one Planet (excluding any with one or more opposing Alliances Stronghold on)".
func (r *run) bargainWhy(a AllianceID, b *BargainChoice) string {
	if !r.c.Map.Has(b.Planet) || !r.c.HasAlliance(b.With) || b.With == a {
		return ""
	}
	why := r.bargainBlocked(a, b.Planet)
	if why == "" {
		return ""
	}
	var open []PlanetID
	for _, p := range r.c.Map.IDs() {
		if r.bargainBlocked(a, p) == "" {
			open = append(open, p)
		}
	}
	return fmt.Sprintf("A Costly Bargain cannot be struck at %s: %s; planets it can be: %s", b.Planet, why, oneOf(open))
}

// bargainBlocked says why a planet is not one for A Costly Bargain, or "".
func (r *run) bargainBlocked(a AllianceID, p PlanetID) string {
	s := r.s
	if s.Destroyed(p) {
		return fmt.Sprintf("%s is destroyed", p)
	}
	for _, o := range r.c.AllianceIDs() {
		if o != a && s.Pieces(p, o, Stronghold) > 0 {
			return fmt.Sprintf("%s's Stronghold is there", o)
		}
	}
	return ""
}

// relocationWhy says why a Smuggled Assets relocation cannot be made on s,
// or "". moved counts the pieces already moved from each planet and type:
// each piece the Alliance has at the start moves at most once.
func (r *run) relocationWhy(s, start *State, a AllianceID, m Relocation, moved map[Relocation]int) string {
	key := Relocation{From: m.From, Type: m.Type}
	switch {
	case !r.c.Map.Has(m.From) || !r.c.Map.Has(m.To):
		return ""
	case start.Pieces(m.From, a, m.Type)-moved[key] <= 0 || s.Pieces(m.From, a, m.Type) == 0:
		return fmt.Sprintf("%s has no %s of its own at %s to remove (its pieces: %s)", a, m.Type.Title(), m.From, r.piecesOf(start, a))
	case m.To == m.From:
		return fmt.Sprintf("the piece is built again on another Planet, not at %s", m.From)
	case s.Destroyed(m.To):
		return fmt.Sprintf("%s cannot build it at %s: %s is destroyed", a, m.To, m.To)
	case s.FreeLocations(m.To) == 0:
		return fmt.Sprintf("%s cannot build it at %s: it has no free Infrastructure location (%s)", a, m.To, s.describeLocations(m.To))
	}
	return "" // the piece removed first, the limit holds
}

// piecesOf lists an Alliance's pieces: "fortification-line at masnet, ...".
func (r *run) piecesOf(s *State, a AllianceID) string {
	var out []string
	for _, p := range r.c.Map.IDs() {
		for _, l := range s.planet(p).Locations {
			if l.Status == Built && l.Alliance == a {
				out = append(out, fmt.Sprintf("%s at %s", l.Type, p))
			}
		}
	}
	return oneOf(out)
}

func (r *run) checkSmuggled(a AllianceID, ch *EventChoices, fs *faults) {
	s := r.s.clone()
	moved := map[Relocation]int{}
	for _, m := range ch.Relocations {
		if why := r.relocationWhy(s, r.s, a, m, moved); why != "" {
			if r.c.Map.Has(m.To) && s.Pieces(m.From, a, m.Type) > 0 && (m.To == m.From || s.FreeLocations(m.To) == 0) {
				// The piece is there; where it goes is the problem (a destroyed planet has no free location).
				var to []PlanetID
				for _, p := range r.c.Map.IDs() {
					if p != m.From && s.FreeLocations(p) > 0 {
						to = append(to, p)
					}
				}
				why += "; planets it can go to: " + oneOf(to)
			}
			fs.add(m.Src, "Smuggled Assets: %s", why)
			continue
		}
		if r.c.Map.Has(m.From) && r.c.Map.Has(m.To) {
			s.removePiece(m.From, a, m.Type)
			s.Build(m.To, a, m.Type)
			moved[Relocation{From: m.From, Type: m.Type}]++
		}
	}
	if b := ch.SmuggledBuild; b != nil && r.c.Map.Has(b.Planet) {
		if b.Type == Stronghold {
			fs.add(b.Src.At("type"), "Smuggled Assets: the additional piece is not a Stronghold; build a fortification-line, support-facility or staging-grounds")
		} else if why := s.CanBuild(b.Planet, a, b.Type); why != "" {
			fs.add(b.Src.At("planet"), "Smuggled Assets: %s cannot build a %s at %s: %s; planets it can build one on: %s", a, b.Type.Title(), b.Planet, why, oneOf(r.buildableFor(s, a, b.Type)))
		}
	}
}
