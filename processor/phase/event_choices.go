package phase

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/report"
)

// asks reports whether an Event waiting for choices asks an Alliance.
func (r choiceRules) asks(ev processor.Effect, a processor.AllianceID) bool {
	if !ev.Asks() {
		return false // a held Event without choices (RULINGS 45)
	}
	switch ev.Event {
	case processor.ACostlyBargain, processor.SmuggledAssets:
		return a == ev.Alliance
	case processor.TidesOfWar:
		_, ok := r.s.StrongholdAt(a)
		return ok
	}
	return true
}

// eventAlliances lists the Alliances the `events` step waits for.
func (r choiceRules) eventAlliances() []processor.AllianceID {
	var out []processor.AllianceID
	for _, a := range r.c.AllianceIDs() {
		if slices.ContainsFunc(r.s.Events, func(ev processor.Effect) bool { return r.asks(ev, a) }) {
			out = append(out, a)
		}
	}
	return out
}

// pendingFor lists the keys of the Events that ask an Alliance for choices.
func (r choiceRules) pendingFor(a processor.AllianceID) []string {
	var out []string
	for _, ev := range r.s.Events {
		if r.asks(ev, a) && !slices.Contains(out, "["+ev.Event.Key()+"]") {
			out = append(out, "["+ev.Event.Key()+"]")
		}
	}
	return out
}

func (r choiceRules) pendingEvent(k processor.EventKind) (processor.Effect, bool) {
	for _, ev := range r.s.Events {
		if ev.Event == k && ev.Asks() {
			return ev, true
		}
	}
	return processor.Effect{}, false
}

// validateEventChoices checks this phase's event choices against the
// Events waiting for them and the map as it stands.
func (r checks) validateEventChoices(fs *processor.Faults) {
	s := r.s
	for _, a := range r.c.AllianceIDs() {
		ch, ok := r.f.Events[s.Phase][a]
		if !ok {
			continue
		}
		if !slices.Contains(r.eventAlliances(), a) {
			fs.Add(ch.Src, "no Vespator Front Event asks %s for choices in phase %d (they ask %s); remove this file", a, s.Phase, report.OneOf(r.eventAlliances()))
			continue
		}
		// In the events' order (RULINGS 45), each judged on the map the
		// Alliance's earlier choices leave (RULINGS 47): its Smuggled Assets'
		// pieces moved before its Lull in the Fighting or Tides of War, or
		// its Lull's piece and Tides' Stronghold before its Smuggled Assets.
		base := r.s
		for _, k := range slices.SortedFunc(maps.Keys(ch.Given), func(x, y processor.EventKind) int {
			return cmp.Or(processor.EventIndex(s.Events, x)-processor.EventIndex(s.Events, y), strings.Compare(x.Key(), y.Key()))
		}) {
			at := ch.Given[k]
			ev, pending := r.pendingEvent(k)
			switch {
			case !pending && slices.ContainsFunc(s.Events, func(x processor.Effect) bool { return x.Event == k && x.Held }):
				fs.AddKey(at, "%s waits behind an earlier event's choices in phase %d: it takes effect after them, so it takes no choices and its defaults apply (RULINGS 45); remove [%s]", k.Title(), s.Phase, k.Key())
				continue
			case !pending:
				fs.AddKey(at, "no %s waits for choices in phase %d; %s's file takes %s", k.Title(), s.Phase, a, cmp.Or(report.QuotedAnd(r.pendingFor(a)), "no table: no event asks it for choices"))
				continue
			case !r.asks(ev, a):
				why := "it asks only the trailing Alliance, " + string(ev.Alliance)
				if k == processor.TidesOfWar {
					why = "its Stronghold is destroyed"
				}
				fs.AddKey(at, "%s does not ask %s for choices: %s", k.Title(), a, why)
				continue
			}
			switch k {
			case processor.LullInTheFighting:
				base = r.checkLull(base, a, ch, fs)
			case processor.TidesOfWar:
				base = r.checkTides(base, a, ch, fs)
			case processor.ArcheotechRiches:
				r.checkRiches(a, ch, ev, fs)
			case processor.XenobeastMigration:
				base = r.checkXenobeast(base, a, ch, fs)
			case processor.ACostlyBargain:
				if why := r.bargainWhy(a, ch.Bargain); why != "" {
					fs.Add(ch.Bargain.Src.At("planet"), "%s", why)
				}
			case processor.SmuggledAssets:
				base = r.checkSmuggled(base, a, ch, fs)
			}
		}
	}
}

// checkLull: the build first, then the moves, as the text lists them (a
// Support Facility built first extends the moves' reach, RULINGS 4). It
// returns the map with the piece built and the fleets moved, for the
// Alliance's later events (RULINGS 47).
func (r checks) checkLull(base *processor.State, a processor.AllianceID, ch *processor.EventChoices, fs *processor.Faults) *processor.State {
	s := base.Clone()
	if b := ch.LullBuild; b != nil {
		// A full planet is judged in the Alliance's turn (an earlier event or
		// Alliance may free it, RULINGS 47); the moves after the first build.
		built := false
		for _, c := range append([]processor.PieceChoice{*b}, ch.LullAlternates...) {
			if !r.c.Map.Has(c.Planet) {
				continue
			}
			switch why := base.CanBuild(c.Planet, a, c.Type); {
			case why != "" && (base.FreeLocations(c.Planet) > 0 || base.Destroyed(c.Planet) || base.LaurelBar(c.Planet, a) != "" || base.Count(a, c.Type) >= c.Type.Limit()):
				fs.Add(c.Src.At("planet"), "Lull in the Fighting: %s cannot build a %s at %s: %s; planets it can build one on: %s", a, c.Type.Title(), c.Planet, why, report.OneOf(processor.BuildableFor(base, a, c.Type)))
			case why == "" && !built:
				s.Build(c.Planet, a, c.Type)
				built = true
			}
		}
	}
	for _, m := range ch.LullMoves {
		at := s.Fleets[m.Fleet]
		if !r.c.Map.Has(m.To) || m.To == at {
			continue
		}
		if s.IsConnected(a, at, m.To) {
			s.Fleets[m.Fleet] = m.To // where its later events find it
			continue
		}
		fs.Add(m.Src, "Lull in the Fighting: no lane from %s to %s: %s moves to a planet connected to %s: %s (or stays: leave it out)", at, m.To, m.Fleet, at, report.OneOf(s.Connected(a, at)))
	}
	return s
}

// tidesWhy says why an Alliance cannot move its Stronghold to p, or "";
// inTurn, in its turn (a full planet may be free by then: an Alliance before
// it moved its Stronghold away, RULINGS 47).
func (r choiceRules) tidesWhy(s *processor.State, a processor.AllianceID, p processor.PlanetID, inTurn bool) string {
	from, ok := s.StrongholdAt(a)
	switch {
	case !ok:
		return fmt.Sprintf("%s's Stronghold is destroyed", a)
	case p == from:
		return fmt.Sprintf("the Stronghold is at %s already: Tides of War builds it on another Planet (to keep it there, leave [tides_of_war] out)", p)
	case s.Destroyed(p):
		return fmt.Sprintf("%s is destroyed", p)
	case s.LaurelBar(p, a) != "":
		return s.LaurelBar(p, a) // Laurel of Victory (RULINGS 40): the Stronghold stays
	case inTurn && s.FreeLocations(p) == 0:
		return fmt.Sprintf("%s has no free Infrastructure location (%s)", p, s.DescribeLocations(p))
	}
	return ""
}

// checkTides returns the map with the Stronghold moved, if it can be now.
func (r checks) checkTides(base *processor.State, a processor.AllianceID, ch *processor.EventChoices, fs *processor.Faults) *processor.State {
	if !r.c.Map.Has(ch.Tides) {
		return base
	}
	if why := r.tidesWhy(base, a, ch.Tides, false); why != "" {
		var open []processor.PlanetID
		for _, p := range r.c.Map.IDs() {
			if r.tidesWhy(base, a, p, true) == "" {
				open = append(open, p)
			}
		}
		fs.Add(ch.TidesSrc, "Tides of War: %s cannot build its Stronghold at %s: %s; planets it can: %s", a, ch.Tides, why, report.OneOf(open))
	}
	s := base.Clone()
	if from, ok := s.StrongholdAt(a); ok && r.tidesWhy(s, a, ch.Tides, true) == "" {
		s.RemovePiece(from, a, processor.Stronghold)
		s.Build(ch.Tides, a, processor.Stronghold)
	}
	return s
}

func (r checks) checkRiches(a processor.AllianceID, ch *processor.EventChoices, ev processor.Effect, fs *processor.Faults) {
	for _, p := range slices.Sorted(maps.Keys(ch.Riches)) {
		at := ch.RichesSrc[p]
		if !slices.Contains(ev.Planets, p) {
			fs.AddKey(at, "no archeotech riches at %s; they were found on %s", p, report.OneOf(ev.Planets))
			continue
		}
		// "connected" when secured, next phase: a Support Facility's 2 lanes
		// may count then (RULINGS 20); only what never can is refused now.
		for i, q := range ch.Riches[p] {
			if r.c.Map.Has(q) && (r.s.Destroyed(q) || q != p && !slices.Contains(r.c.Map.Neighbours(p), q) && !slices.Contains(r.c.Map.AtDistance(p, 2), q)) {
				fs.Add(at.At(i), "Archeotech Riches at %s raise a Power Level at that Planet or a connected one, not destroyed (now: %s)", p, report.OneOf(r.s.Reachable(a, p)))
			}
		}
	}
}

// checkXenobeast judges Xenobeast Migration on base, the map the Alliance's
// earlier events leave (RULINGS 47), and returns it with the Alliance's
// fleets placed, as the events step will place them.
func (r checks) checkXenobeast(base *processor.State, a processor.AllianceID, ch *processor.EventChoices, fs *processor.Faults) *processor.State {
	s := base.Clone()
	for _, f := range r.c.AllianceFleets(a) {
		s.Fleets[f] = r.xenobeastDefault(base, a, base.Fleets[f])
	}
	for _, m := range ch.Xenobeast {
		if why := r.xenobeastWhy(base, m); why != "" {
			fs.Add(m.Src, "%s", why)
		} else if r.c.Map.Has(m.To) && r.c.FleetAlliance(m.Fleet) == a {
			s.Fleets[m.Fleet] = m.To
		}
	}
	return s
}

// xenobeastWhy says why a fleet cannot be placed at m.To on s, or "": "each
// Fleet's new location must be different to the Planet it was previously at
// and not connected to that Planet" (RULINGS 21).
func (r choiceRules) xenobeastWhy(s *processor.State, m processor.Move) string {
	at, a := s.Fleets[m.Fleet], r.c.FleetAlliance(m.Fleet)
	barred := r.xenobeastBarred(s, a, at)
	if !r.c.Map.Has(m.To) || (m.To != at && !slices.Contains(barred, m.To)) {
		return ""
	}
	how := "by a lane"
	if len(barred) > len(r.c.Map.Neighbours(at)) {
		how = "by a lane or, for its Alliance, a Support Facility"
	}
	return fmt.Sprintf("Xenobeast Migration: %s must leave %s for a planet neither %s nor connected to it %s (%s): %s", m.Fleet, at, at, how, report.OneOf(barred), report.OneOf(r.xenobeastPlanets(s, a, at)))
}

// xenobeastBarred are the planets "connected to" p for a fleet of Alliance
// a: as everywhere, those a lane joins and, for the Alliance of a Support
// Facility at p, those 2 lanes away ("For players who are part of this
// Infrastructure's Alliance, Planets at a distance of 2 from this Planet
// are considered connected to it"; RULINGS 4, 21). With `[rules]
// xenobeast_lanes_only`, lanes only. s is the map judged on.
func (r choiceRules) xenobeastBarred(s *processor.State, a processor.AllianceID, p processor.PlanetID) []processor.PlanetID {
	if r.c.Rules.XenobeastLanesOnly {
		return r.c.Map.Neighbours(p)
	}
	return s.Connected(a, p)
}

// xenobeastPlanets lists the planets a fleet of Alliance a at p can be
// placed at, nearest first.
func (r choiceRules) xenobeastPlanets(s *processor.State, a processor.AllianceID, p processor.PlanetID) []processor.PlanetID {
	barred := r.xenobeastBarred(s, a, p)
	var out []processor.PlanetID
	for n := 2; ; n++ {
		ring := r.c.Map.AtDistance(p, n)
		if len(ring) == 0 {
			break
		}
		for _, q := range ring {
			if !slices.Contains(barred, q) {
				out = append(out, q)
			}
		}
	}
	return out
}

// bargainWhy says why an Alliance cannot strike A Costly Bargain, or "":
// "one Planet (excluding any with one or more opposing Alliances Stronghold on)".
func (r choiceRules) bargainWhy(a processor.AllianceID, b *processor.BargainChoice) string {
	if !r.c.Map.Has(b.Planet) || !r.c.HasAlliance(b.With) || b.With == a {
		return ""
	}
	why := r.bargainBlocked(a, b.Planet)
	if why == "" {
		return ""
	}
	var open []processor.PlanetID
	for _, p := range r.c.Map.IDs() {
		if r.bargainBlocked(a, p) == "" {
			open = append(open, p)
		}
	}
	return fmt.Sprintf("A Costly Bargain cannot be struck at %s: %s; planets it can be: %s", b.Planet, why, report.OneOf(open))
}

// bargainBlocked says why a planet is not one for A Costly Bargain, or "".
func (r choiceRules) bargainBlocked(a processor.AllianceID, p processor.PlanetID) string {
	s := r.s
	if s.Destroyed(p) {
		return fmt.Sprintf("%s is destroyed", p)
	}
	for _, o := range r.c.AllianceIDs() {
		if o != a && s.Pieces(p, o, processor.Stronghold) > 0 {
			return fmt.Sprintf("%s's Stronghold is there", o)
		}
	}
	return ""
}

// relocationWhy says why a Smuggled Assets relocation cannot be made on s,
// or "". moved counts the pieces already moved from each planet and type:
// each piece the Alliance has at the start moves at most once.
func (r choiceRules) relocationWhy(s, start *processor.State, a processor.AllianceID, m processor.Relocation, moved map[processor.Relocation]int) string {
	key := processor.Relocation{From: m.From, Type: m.Type}
	switch {
	case !r.c.Map.Has(m.From) || !r.c.Map.Has(m.To):
		return ""
	case start.Pieces(m.From, a, m.Type)-moved[key] <= 0 || s.Pieces(m.From, a, m.Type) == 0:
		return fmt.Sprintf("%s has no %s of its own at %s to remove (its pieces: %s)", a, m.Type.Title(), m.From, r.piecesOf(start, a))
	case m.To == m.From:
		return fmt.Sprintf("the piece is built again on another Planet, not at %s", m.From)
	case s.Destroyed(m.To):
		return fmt.Sprintf("%s cannot build it at %s: %s is destroyed", a, m.To, m.To)
	case s.LaurelBar(m.To, a) != "":
		return fmt.Sprintf("%s cannot build it at %s: %s", a, m.To, s.LaurelBar(m.To, a)) // Laurel of Victory (RULINGS 40): skipped
	case s.FreeLocations(m.To) == 0:
		return fmt.Sprintf("%s cannot build it at %s: it has no free Infrastructure location (%s)", a, m.To, s.DescribeLocations(m.To))
	}
	return "" // the piece removed first, the limit holds
}

// piecesOf lists an Alliance's pieces: "fortification-line at masnet, ...".
func (r choiceRules) piecesOf(s *processor.State, a processor.AllianceID) string {
	var out []string
	for _, p := range r.c.Map.IDs() {
		for _, l := range s.Planet(p).Locations {
			if l.Status == processor.Built && l.Alliance == a {
				out = append(out, fmt.Sprintf("%s at %s", l.Type, p))
			}
		}
	}
	return report.OneOf(out)
}

// checkSmuggled judges Smuggled Assets on base, the map the Alliance's
// earlier events leave (its pieces "at the start" are base's, RULINGS 53).
func (r checks) checkSmuggled(base *processor.State, a processor.AllianceID, ch *processor.EventChoices, fs *processor.Faults) *processor.State {
	s := base.Clone()
	moved := map[processor.Relocation]int{}
	for _, m := range ch.Relocations {
		if why := r.relocationWhy(s, base, a, m, moved); why != "" {
			if r.c.Map.Has(m.To) && s.Pieces(m.From, a, m.Type) > 0 && (m.To == m.From || s.FreeLocations(m.To) == 0 || s.LaurelBar(m.To, a) != "") {
				// The piece is there; where it goes is the problem (a destroyed planet has no free location).
				var to []processor.PlanetID
				for _, p := range r.c.Map.IDs() {
					if p != m.From && s.FreeLocations(p) > 0 && s.LaurelBar(p, a) == "" {
						to = append(to, p)
					}
				}
				why += "; planets it can go to: " + report.OneOf(to)
			}
			fs.Add(m.Src, "Smuggled Assets: %s", why)
			continue
		}
		if r.c.Map.Has(m.From) && r.c.Map.Has(m.To) {
			s.RemovePiece(m.From, a, m.Type)
			s.Build(m.To, a, m.Type)
			moved[processor.Relocation{From: m.From, Type: m.Type}]++
		}
	}
	if b := ch.SmuggledBuild; b != nil && r.c.Map.Has(b.Planet) {
		if b.Type == processor.Stronghold {
			fs.Add(b.Src.At("type"), "Smuggled Assets: the additional piece is not a Stronghold; build a fortification-line, support-facility or staging-grounds")
		} else if why := s.CanBuild(b.Planet, a, b.Type); why != "" {
			fs.Add(b.Src.At("planet"), "Smuggled Assets: %s cannot build a %s at %s: %s; planets it can build one on: %s", a, b.Type.Title(), b.Planet, why, report.OneOf(processor.BuildableFor(s, a, b.Type)))
		} else {
			s.Build(b.Planet, a, b.Type)
		}
	}
	return s // the map its later events' choices are judged on
}
