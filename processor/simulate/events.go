package simulate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/report"
)

// asks reports whether an Event waiting for choices asks an Alliance (the
// README's events file: the trailing Alliance only for A Costly Bargain and
// Smuggled Assets, the Alliances whose Stronghold stands for Tides of War).
func asks(s *processor.State, ev processor.Effect, a processor.AllianceID) bool {
	if !ev.Asks() {
		return false // held behind an earlier event, without choices of its own
	}
	switch ev.Event {
	case processor.ACostlyBargain, processor.SmuggledAssets:
		return a == ev.Alliance
	case processor.TidesOfWar:
		_, ok := s.StrongholdAt(a)
		return ok
	}
	return true
}

// eventChoices writes an Alliance's choices file for the events that ask
// it, each choice legal on the map as it stands; now and then an event's
// table is left out, for its default.
func (b *bot) eventChoices(f *folder.Folder, a processor.AllianceID) string {
	s := f.State
	var out strings.Builder
	done := map[processor.EventKind]bool{}
	for _, ev := range s.Events {
		if done[ev.Event] || !asks(s, ev, a) || b.chance(5) {
			continue
		}
		done[ev.Event] = true
		out.WriteString(b.eventTable(f, a, ev))
	}
	if out.Len() == 0 {
		return "# the defaults\n"
	}
	return out.String()
}

func (b *bot) eventTable(f *folder.Folder, a processor.AllianceID, ev processor.Effect) string {
	c, s := f.Campaign, f.State
	var lines []string
	add := func(format string, args ...any) { lines = append(lines, fmt.Sprintf(format, args...)) }
	free := map[processor.PlanetID]int{}
	for _, p := range c.Map.IDs() {
		free[p] = s.FreeLocations(p)
		if s.LaurelBar(p, a) != "" {
			free[p] = 0 // another Alliance's Laurel of Victory planet: it builds nothing there (RULINGS 40)
		}
	}
	// builds lists "planet = …, type = …" pieces the Alliance can build
	// anywhere, with free the free locations as they will be.
	builds := func() []string {
		var out []string
		for _, p := range c.Map.IDs() {
			for _, t := range buildable {
				if !s.Destroyed(p) && free[p] > 0 && s.Count(a, t) < t.Limit() {
					out = append(out, fmt.Sprintf("{ planet = %q, type = %q }", p, t))
				}
			}
		}
		return out
	}
	switch ev.Event {
	case processor.LullInTheFighting:
		if bs := builds(); len(bs) > 0 && !b.chance(3) {
			add("build = %s", pick(b, bs))
		}
		var moves []string
		for _, fl := range c.AllianceFleets(a) {
			if to := s.Connected(a, s.Fleets[fl]); len(to) > 0 && b.chance(2) {
				moves = append(moves, fmt.Sprintf("%s = %q", fl, pick(b, to)))
			}
		}
		if len(moves) > 0 {
			add("moves = { %s }", strings.Join(moves, ", "))
		}
	case processor.TidesOfWar:
		from, _ := s.StrongholdAt(a)
		var to []processor.PlanetID
		for _, p := range c.Map.IDs() {
			if p != from && !s.Destroyed(p) && free[p] > 0 {
				to = append(to, p)
			}
		}
		if len(to) == 0 {
			return ""
		}
		add("stronghold = %q", pick(b, to))
	case processor.ArcheotechRiches:
		for _, p := range ev.Planets {
			reach := intactConnected(s, a, p)
			if !s.Destroyed(p) {
				reach = append([]processor.PlanetID{p}, reach...)
			}
			if len(reach) == 0 || b.chance(3) {
				continue
			}
			var plus []processor.PlanetID // "up to three times": none now and then
			for range b.rng.IntN(4) {
				plus = append(plus, pick(b, reach))
			}
			add("%s = [%s]", p, report.Quoted(plus))
		}
	case processor.XenobeastMigration:
		for _, fl := range c.AllianceFleets(a) {
			at := s.Fleets[fl]
			// Neither its planet nor one connected to it: a Support Facility
			// of its Alliance counts (RULINGS 4, 21), unless lanes only —
			// on the map as the events before it leave it (RULINGS 47), where
			// Smuggled Assets may have moved one to its planet: every planet
			// 2 lanes away is barred too, whichever map it is judged on.
			barred := c.Map.Neighbours(at)
			if !c.Rules.XenobeastLanesOnly {
				for _, n := range slices.Clone(barred) {
					barred = append(barred, c.Map.Neighbours(n)...)
				}
			}
			away := slices.DeleteFunc(c.Map.IDs(), func(p processor.PlanetID) bool {
				return p == at || slices.Contains(barred, p)
			})
			if len(away) > 0 && !b.chance(4) {
				add("%s = %q", fl, pick(b, away))
			}
		}
	case processor.MachinationsOfFate:
		for _, l := range c.PlayersOf(a) {
			if b.chance(2) {
				add("%s = %q", l, pick(b, others(c, a)))
			}
		}
	case processor.ACostlyBargain:
		var where []processor.PlanetID
		for _, p := range c.Map.IDs() {
			if !s.Destroyed(p) && !slices.ContainsFunc(others(c, a), func(o processor.AllianceID) bool { return s.Pieces(p, o, processor.Stronghold) > 0 }) {
				where = append(where, p)
			}
		}
		if len(where) == 0 {
			return ""
		}
		add("planet = %q", pick(b, where))
		add("alliance = %q", pick(b, others(c, a)))
	case processor.SmuggledAssets:
		type piece struct {
			p processor.PlanetID
			t processor.InfraType
		}
		var mine []piece
		for _, ps := range s.Planets {
			for _, l := range ps.Locations {
				if l.Status == processor.Built && l.Alliance == a {
					mine = append(mine, piece{ps.ID, l.Type})
				}
			}
		}
		b.rng.Shuffle(len(mine), func(i, j int) { mine[i], mine[j] = mine[j], mine[i] })
		var moved []string
		for _, m := range mine[:min(len(mine), b.rng.IntN(3))] {
			var to []processor.PlanetID
			for _, p := range c.Map.IDs() {
				if p != m.p && !s.Destroyed(p) && free[p] > 0 {
					to = append(to, p)
				}
			}
			if len(to) == 0 {
				continue
			}
			q := pick(b, to)
			free[m.p]++
			free[q]--
			moved = append(moved, fmt.Sprintf("{ from = %q, to = %q, type = %q }", m.p, q, m.t))
		}
		if len(moved) > 0 {
			add("relocate = [%s]", strings.Join(moved, ", "))
		}
		if bs := builds(); len(bs) > 0 && !b.chance(3) {
			add("build = %s", pick(b, bs))
		}
	}
	return fmt.Sprintf("[%s]\n%s\n", strings.ReplaceAll(ev.Event.String(), "-", "_"), strings.Join(append(lines, ""), "\n"))
}
