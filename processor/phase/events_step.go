package phase

import (
	"fmt"
	"slices"
	"strings"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/attacks"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/report"
	"github.com/warmaster/warmaster/schema"
)

// applyEventChoices is the `events` step: every Event of step 3 that asks
// the Alliances for choices takes effect, in the order generated, with the
// choices of phases/NN/events/<alliance>.toml, and each Event generated
// after one of them (held) takes effect in its place among them. An Alliance without a file
// by the `events` deadline, or without the Event's table, gets the Event's
// default; a choice that has become impossible falls back and is reported.
func (r choiceRules) applyEventChoices() {
	s := r.s
	for i, ev := range s.Events {
		r.sec.Heading(3, "%s", ev.Event.Title())
		if ev.Held && !ev.Asks() {
			// Generated after an Event that waits for choices, it takes
			// effect now, in its place (RULINGS 45).
			r.takeEffect(ev)
			continue
		}
		var notes []string
		switch ev.Event {
		case processor.LullInTheFighting:
			notes = r.lullInTheFighting(i)
		case processor.TidesOfWar:
			notes = r.tidesOfWar(i)
		case processor.ArcheotechRiches:
			notes = r.archeotechChoices(ev)
		case processor.XenobeastMigration:
			notes = r.xenobeastMigration()
		case processor.MachinationsOfFate:
			notes = r.machinationsOfFate()
		case processor.ACostlyBargain:
			notes = r.aCostlyBargain(ev.Alliance)
		case processor.SmuggledAssets:
			notes = r.smuggledAssets(ev.Alliance)
		}
		r.note(notes...)
	}
	s.Events = nil
}

// choicesOf is an Alliance's choices for an Event, or nil with what
// happens instead: no file by the deadline, or no table for the Event.
func (r choiceRules) choicesOf(a processor.AllianceID, k processor.EventKind) (*processor.EventChoices, string) {
	ch, ok := r.f.Events[r.s.Phase][a]
	switch {
	case !ok && r.setAsideHere("events", string(a)):
		return nil, fmt.Sprintf("%s: its choices were not applied (see above)", a)
	case !ok:
		return nil, fmt.Sprintf("%s: no choices by the deadline", a)
	case ch.Given[k] == (processor.Src{}):
		return nil, fmt.Sprintf("%s: no [%s] in its file", a, k.Key())
	}
	return ch, ""
}

// pointsOrder is "Starting with the Alliance with the highest score on the
// Points Tracker and proceeding in descending order" (RULINGS 10: roll-off
// on ties).
func (r choiceRules) pointsOrder(k processor.EventKind, as []processor.AllianceID, n int) []processor.AllianceID {
	return r.orderAlliances(as, r.eventLabel(k.String(), fmt.Sprintf("order-%d", n+1)), k.Title()+" order", func(a processor.AllianceID) int { return r.s.Points[a] })
}

// lullInTheFighting: in Points Tracker order, each Alliance "can build one
// of the following pieces of Infrastructure on a Planet: Fortification
// Line; Support Facility; Staging Grounds" and "can move each of its Fleets
// to one connected Planet". Default: nothing.
func (r choiceRules) lullInTheFighting(n int) []string {
	s := r.s
	var out []string
	for _, a := range r.pointsOrder(processor.LullInTheFighting, r.c.AllianceIDs(), n) {
		ch, why := r.choicesOf(a, processor.LullInTheFighting)
		if ch == nil {
			out = append(out, why+": it builds nothing and its fleets stay")
			continue
		}
		if b := ch.LullBuild; b == nil {
			out = append(out, fmt.Sprintf("%s builds nothing", a))
		} else if len(ch.LullAlternates) > 0 {
			// In order, each Alliance knows what the earlier ones built: the
			// first of its build and its alternates still possible.
			choices := append([]processor.PieceChoice{*b}, ch.LullAlternates...)
			out = append(out, fmt.Sprintf("%s: %s", a, r.buildInTurn(a, choices, func(c processor.PieceChoice) string { return s.CanBuild(c.Planet, a, c.Type) })))
		} else if why := s.CanBuild(b.Planet, a, b.Type); why != "" {
			out = append(out, fmt.Sprintf("%s's %s at %s is cancelled: %s", a, b.Type.Title(), b.Planet, why))
		} else {
			out = append(out, s.Build(b.Planet, a, b.Type))
		}
		for _, m := range ch.LullMoves {
			at := s.Fleets[m.Fleet]
			switch {
			case m.To == at:
				out = append(out, fmt.Sprintf("%s stays at %s", m.Fleet, at))
			case s.IsConnected(a, at, m.To):
				s.Fleets[m.Fleet] = m.To
				out = append(out, fmt.Sprintf("%s moves from %s to %s", m.Fleet, at, m.To))
			default:
				out = append(out, fmt.Sprintf("%s's move to %s is cancelled: %s is no longer connected to %s; it stays", m.Fleet, m.To, m.To, at))
			}
		}
	}
	return out
}

// tidesOfWar: in Points Tracker order, each Alliance "can, if its
// Stronghold Infrastructure is not destroyed, remove it from the campaign
// map and then build a Stronghold Infrastructure on another Planet".
// Default: the Stronghold stays; one that cannot be built there any more
// stays too.
func (r choiceRules) tidesOfWar(n int) []string {
	s := r.s
	var as []processor.AllianceID
	for _, a := range r.c.AllianceIDs() {
		if _, ok := s.StrongholdAt(a); ok {
			as = append(as, a)
		}
	}
	if len(as) == 0 {
		return []string{"No Alliance has its Stronghold on the map: nothing happens"}
	}
	var out []string
	for _, a := range r.pointsOrder(processor.TidesOfWar, as, n) {
		from, _ := s.StrongholdAt(a)
		ch, why := r.choicesOf(a, processor.TidesOfWar)
		if ch == nil {
			out = append(out, fmt.Sprintf("%s: its Stronghold stays at %s", why, from))
			continue
		}
		if why := r.tidesWhy(s, a, ch.Tides, true); why != "" {
			out = append(out, fmt.Sprintf("%s's Stronghold cannot go to %s any more (%s): it stays at %s", a, ch.Tides, why, from))
			continue
		}
		s.RemovePiece(from, a, processor.Stronghold)
		s.Build(ch.Tides, a, processor.Stronghold)
		out = append(out, fmt.Sprintf("%s removes its Stronghold from %s and builds it at %s", a, from, ch.Tides))
	}
	return out
}

// archeotechChoices keeps each Alliance's choices for the riches in the
// effect that resolves them in the next phase (defaults then).
func (r choiceRules) archeotechChoices(ev processor.Effect) []string {
	s := r.s
	i := slices.IndexFunc(s.Effects, func(x processor.Effect) bool { return x.Event == processor.ArcheotechRiches && x.Phase == s.Phase+1 })
	if i < 0 {
		return nil
	}
	riches := map[processor.AllianceID]map[processor.PlanetID][]processor.PlanetID{}
	var out []string
	for _, a := range r.c.AllianceIDs() {
		ch, why := r.choicesOf(a, processor.ArcheotechRiches)
		if ch == nil {
			out = append(out, why+": the defaults apply should it secure riches")
			continue
		}
		if len(ch.Riches) > 0 {
			riches[a] = ch.Riches
		}
		var parts []string
		for _, p := range ev.Planets {
			switch list, ok := ch.Riches[p]; {
			case ok && len(list) == 0:
				parts = append(parts, fmt.Sprintf("at %s: no +1s", p))
			case ok:
				parts = append(parts, fmt.Sprintf("at %s: +1 at %s", p, report.OneOf(list)))
			}
		}
		if len(parts) == 0 {
			parts = append(parts, "the defaults everywhere")
		}
		out = append(out, fmt.Sprintf("%s, should it secure riches: %s", a, strings.Join(parts, "; ")))
	}
	if len(riches) > 0 {
		s.Effects[i].Riches = riches
	}
	return append(out, fmt.Sprintf("The riches at %s are secured at the end of 2.4 of phase %d", report.OneOf(ev.Planets), s.Phase+1))
}

// archeotechRiches resolves Archeotech Riches at the end of 2.4: "for each
// of those Planets, the Alliance that won the most battles at that Planet
// during that Campaign phase has secured those archeotech riches" (tied:
// nobody, RULINGS 20), and "can do the following up to three times: select
// that Planet or one connected to it, and increase their Power Level by 1".
// Without choices, or for a choice that is no longer possible (a planet not
// in reach, or where the Alliance is at 4 already), a +1 goes to
// the riches planet while it is not destroyed and below 4, else to the
// connected planet, not destroyed, where the Alliance's level is lowest
// (map order; richesDefault).
func (r *run) archeotechRiches() {
	s := r.s
	for _, e := range s.Active(processor.ArcheotechRiches) {
		r.sec.Heading(3, "Archeotech Riches (phase %d's event)", e.Phase-1)
		var notes []string
		for _, p := range e.Planets {
			who, tally, tied := attacks.MostWins(r.fought, p, r.c.AllianceIDs())
			switch {
			case who == "":
				notes = append(notes, fmt.Sprintf("%s: no battle was won there this phase: nobody secures the riches", p))
				continue
			case tied:
				notes = append(notes, fmt.Sprintf("%s: battles won %s, a tie: nobody secures the riches (%s)", p, report.OneOf(tally), processor.Ruling(20)))
				continue
			}
			notes = append(notes, fmt.Sprintf("%s: battles won %s: %s secures the riches", p, report.OneOf(tally), who))
			// "up to three times": one +1 a planet its list for p gives; with
			// no list, the three by default (RULINGS 20, 47).
			chosen, gave := e.Riches[who][p]
			n := 3
			if gave && len(chosen) < n {
				n = len(chosen)
				notes = append(notes, fmt.Sprintf("%s's list for %s has %s: it takes %d of its up to three +1s", who, p, report.Plural(n, "planet", "planets"), n))
			}
			for i := range n {
				q := processor.PlanetID("")
				if i < len(chosen) {
					q = chosen[i]
					switch {
					case !slices.Contains(r.s.Reachable(who, p), q):
						notes = append(notes, fmt.Sprintf("%s's +1 at %s is no longer possible (%s is not %s or an undestroyed planet connected to it): the default instead", who, q, q, p))
						q = ""
					case s.Power(q, who) >= 4:
						// Archeotech Riches — "increase their Power Level by 1": at
						// 4 (the list's earlier +1s counted) it cannot (RULINGS 20).
						notes = append(notes, fmt.Sprintf("%s's +1 at %s is no longer possible (%s is at Power Level 4 there already, the maximum): the default instead", who, q, who))
						q = ""
					}
				}
				if q == "" {
					q = r.richesDefault(who, p)
				}
				notes = append(notes, s.Raise(q, who))
			}
		}
		r.note(notes...)
	}
}

// richesDefault: "select that Planet or one connected to it" — the riches
// planet while it is not destroyed and below 4, else the planet, not
// destroyed, connected to it where the Alliance's level is lowest (first in
// map order): a destroyed riches planet never takes the +1 while a connected
// one can (RULINGS 20). With none not destroyed, the +1 is lost there.
func (r choiceRules) richesDefault(a processor.AllianceID, p processor.PlanetID) processor.PlanetID {
	s := r.s
	if !s.Destroyed(p) && s.Power(p, a) < 4 {
		return p
	}
	reach := s.Reachable(a, p) // p first, if not destroyed
	if len(reach) == 0 {
		return p
	}
	best := reach[0]
	for _, q := range reach[1:] {
		if s.Power(q, a) < s.Power(best, a) {
			best = q
		}
	}
	return best
}

// xenobeastMigration: "Players in each Alliance must secretly select new
// Planets for their Fleets to be placed at ... different to the Planet it
// was previously at and not connected to that Planet" (RULINGS 21:
// xenobeastBarred). A fleet without a (still possible) choice goes to the nearest such
// planet not destroyed (fewest lanes, then map order).
func (r choiceRules) xenobeastMigration() []string {
	s := r.s
	var out []string
	for _, a := range r.c.AllianceIDs() {
		ch, why := r.choicesOf(a, processor.XenobeastMigration)
		given := map[processor.FleetID]processor.PlanetID{}
		if ch != nil {
			for _, m := range ch.Xenobeast {
				given[m.Fleet] = m.To
			}
		}
		var moves []processor.Move
		for _, f := range r.c.AllianceFleets(a) {
			at := s.Fleets[f]
			to, ok := given[f]
			how := ""
			switch {
			case ok && r.xenobeastWhy(s, processor.Move{Fleet: f, To: to}) == "":
			case ok:
				how = fmt.Sprintf(" (its choice, %s, is not possible any more: the nearest planet instead)", to)
				to = r.xenobeastDefault(s, a, at)
			case ch == nil:
				how = fmt.Sprintf(" (%s: the nearest planet)", strings.TrimPrefix(why, string(a)+": "))
				to = r.xenobeastDefault(s, a, at)
			default:
				how = " (not in its Alliance's file: the nearest planet)"
				to = r.xenobeastDefault(s, a, at)
			}
			moves = append(moves, processor.Move{Fleet: f, To: to})
			out = append(out, fmt.Sprintf("%s leaves %s for %s%s", f, at, to, how))
		}
		for _, m := range moves {
			s.Fleets[m.Fleet] = m.To
		}
	}
	return out
}

// xenobeastDefault is the nearest planet, not destroyed, a fleet of
// Alliance a at `at` can be placed at on s (RULINGS 21, 47).
func (r choiceRules) xenobeastDefault(s *processor.State, a processor.AllianceID, at processor.PlanetID) processor.PlanetID {
	all := r.xenobeastPlanets(s, a, at)
	for _, p := range all {
		if !s.Destroyed(p) {
			return p
		}
	}
	if len(all) > 0 {
		return all[0]
	}
	return at // a map too small to leave: the fleet stays
}

// aCostlyBargain: "The trailing Alliance can select one Planet (excluding
// any with one or more opposing Alliances Stronghold on) and one opposing
// Alliance. Those two Alliances switch their Power Level at that Planet
// with one another." A switch that would take an Alliance below its
// Fortification Line minimum there destroys one of its Lines instead, and
// its level stays (RULINGS 2). Default: no bargain.
func (r choiceRules) aCostlyBargain(a processor.AllianceID) []string {
	s := r.s
	ch, why := r.choicesOf(a, processor.ACostlyBargain)
	if ch == nil || ch.Bargain == nil {
		return []string{why + ": no bargain is struck"}
	}
	b := ch.Bargain
	if why := r.bargainWhy(a, b); why != "" {
		return []string{fmt.Sprintf("%s: no bargain is struck", why)}
	}
	p, o := b.Planet, b.With
	pa, po := s.Power(p, a), s.Power(p, o)
	out := []string{fmt.Sprintf("%s and %s switch their Power Levels at %s (%d and %d)", a, o, p, pa, po)}
	return append(out, processor.SwitchPower(s, p, a, po), processor.SwitchPower(s, p, o, pa))
}

// smuggledAssets: "For each piece of Infrastructure the trailing Alliance
// has on the campaign map, they can remove it from the map. Each time they
// do, they can build one piece of that type of Infrastructure on another
// Planet. They can then build one additional piece of Infrastructure
// (excluding a Stronghold) on any Planet." In file order; one that is no
// longer possible is skipped. Default: nothing.
func (r choiceRules) smuggledAssets(a processor.AllianceID) []string {
	s := r.s
	ch, why := r.choicesOf(a, processor.SmuggledAssets)
	if ch == nil {
		return []string{why + ": nothing moves"}
	}
	var out []string
	start := s.Clone()
	moved := map[processor.Relocation]int{}
	for _, m := range ch.Relocations {
		if why := r.relocationWhy(s, start, a, m, moved); why != "" {
			out = append(out, fmt.Sprintf("the %s from %s to %s is skipped: %s", m.Type.Title(), m.From, m.To, why))
			continue
		}
		s.RemovePiece(m.From, a, m.Type)
		moved[processor.Relocation{From: m.From, Type: m.Type}]++
		out = append(out, fmt.Sprintf("%s removes its %s from %s; %s", a, m.Type.Title(), m.From, s.Build(m.To, a, m.Type)))
	}
	if b := ch.SmuggledBuild; b != nil {
		if why := s.CanBuild(b.Planet, a, b.Type); why != "" || b.Type == processor.Stronghold {
			out = append(out, fmt.Sprintf("the additional %s at %s is cancelled: %s", b.Type.Title(), b.Planet, why))
		} else {
			out = append(out, "additional piece: "+s.Build(b.Planet, a, b.Type))
		}
	}
	if len(out) == 0 {
		out = append(out, fmt.Sprintf("%s moves and builds nothing", a))
	}
	return out
}

// openTomeDue says when the dominating Alliance's orders are due in an An
// Open Tome phase: [[deadlines]] open_tome, else 72 hours before the
// operations deadline, else before anyone else's (no deadline).
func (r choiceRules) openTomeDue(phase int) string {
	dl := r.c.Deadlines[phase].For(processor.StepOpenTome)
	if dl.IsZero() {
		return "before the other Alliances' orders: no deadline, step 1 waits for them first"
	}
	return "by " + r.c.When(dl)
}

// openTome is the dominating Alliance of an An Open Tome in force, if any.
func (r choiceRules) openTome() (processor.AllianceID, bool) {
	for _, e := range r.s.Active(processor.AnOpenTome) {
		return e.Alliance, true
	}
	return "", false
}

// openTomeLogins are the players whose orders An Open Tome wants first.
func (r choiceRules) openTomeLogins() []processor.Login {
	a, ok := r.openTome()
	if !ok {
		return nil
	}
	var out []processor.Login
	for _, l := range r.c.Commanders() {
		if p, _ := r.c.PlayerOf(l); p.Alliance == a {
			out = append(out, l)
		}
	}
	return out
}

// openTomeOperations is step 1 for the dominating Alliance under An Open
// Tome: "the players of the dominating Alliance must declare all of their
// Fleets' Campaign Operations and reveal them to the players of the other
// Alliances before those players declare their own". Their orders are
// taken now (without orders by the open_tome deadline a fleet performs
// Logistical Auxilia) and shown; the other players' orders follow.
func (r choiceRules) openTomeOperations() {
	s := r.s
	a, _ := r.openTome()
	s.Orders = nil
	r.ordersChanged()
	var rows [][]string
	for _, l := range r.openTomeLogins() {
		list := r.f.Orders[s.Phase][l]
		for _, fl := range r.c.FleetsOf(l) {
			n := 0
			for _, o := range list {
				if o.Fleet == fl {
					s.Orders = append(s.Orders, o)
					rows = append(rows, []string{o.ID(), string(l), string(s.Fleets[fl]), r.describeOrder(o)})
					n++
				}
			}
			if n == 0 {
				o := processor.Order{Fleet: fl, Op: processor.LogisticalAuxilia, Default: true}
				s.Orders = append(s.Orders, o)
				rows = append(rows, []string{string(fl), string(l), string(s.Fleets[fl]), r.defaultOperation(fl, l)})
			}
		}
	}
	r.sec.Para("An Open Tome: %s declares its Campaign Operations first, openly; the other Alliances declare theirs after.", a)
	r.sec.Table([]string{"fleet", "player", "at", "operation"}, rows)
}

// defiantZeal reports whether a fleet may declare a second operation.
func (r choiceRules) defiantZeal(f processor.FleetID) bool {
	return r.s.ActiveFor(processor.DefiantZeal, r.c.FleetAlliance(f))
}

// phaseOver is the end of a phase's step 5: effects of the phase are over,
// and Machinations of Fate's defections take effect for the next phase.
func (r choiceRules) phaseOver() {
	s := r.s
	next := s.Phase + 1
	for _, e := range s.Effects {
		if e.Event != processor.MachinationsOfFate || e.Phase != next {
			continue
		}
		r.c = r.c.WithAllegiance(e.Players, e.Fleets)
		s.C = r.c
		r.sec.Para("Machinations of Fate (phase %d's event) takes effect for phase %d:", e.Phase-1, next)
		r.note(r.allegianceLines(e)...)
	}
}

// validateEventOrder checks an order against the Events in force; it
// reports whether the order's other checks still make sense. first is the
// fleet's first operation in the file (counting from 1), meant the fleet
// without one that a second operation was likely meant for ("" if none).
func (r checks) validateEventOrder(login processor.Login, o processor.Order, first int, meant processor.FleetID, fs *processor.Faults) bool {
	s := r.s
	if o.Fleet == "" {
		return false
	}
	if f, _ := r.c.FleetOf(o.Fleet); f.Player != login {
		fs.Add(o.Src.At("fleet"), "fleet %q is commanded by %s in phase %d (Machinations of Fate); %s controls %s", o.Fleet, f.Player, s.Phase, login, report.OneOf(r.c.FleetsOf(login)))
		return false
	}
	if o.Second && !r.defiantZeal(o.Fleet) {
		if meant != "" {
			fs.Add(o.Src.At("fleet"), "fleet %q has an operation already (the %s); %s has none: was this one meant for it?", o.Fleet, schema.Ordinal(first), meant)
		} else {
			fs.Add(o.Src.At("fleet"), "fleet %q has an operation already (the %s); one operation per fleet", o.Fleet, schema.Ordinal(first))
		}
		return false
	}
	refused := map[processor.Operation]processor.EventKind{}
	for _, e := range s.Active(processor.VoidPiracy) {
		refused[processor.VoidLeap] = e.Event
	}
	for _, e := range s.Active(processor.SinisterOmens) {
		refused[processor.LogisticalAuxilia] = e.Event
	}
	if e, ok := refused[o.Op]; ok {
		var allowed []string
		for op := processor.Battle; op <= processor.DeployKillTeams; op++ {
			if _, no := refused[op]; !no {
				allowed = append(allowed, op.String())
			}
		}
		leave := ""
		if o.Op == processor.LogisticalAuxilia {
			leave = ", or leave the fleet out"
		}
		fs.Add(o.Src.At("operation"), "%s (phase %d's event): fleets cannot declare the %s Operation in phase %d; choose %s%s", e.Title(), s.Phase-1, o.Op.Title(), s.Phase, report.Either(allowed), leave)
		return false
	}
	return true
}

// sinisterOmens reports whether Sinister Omens is in force: "Each time a
// Planet is attacked, the Theatre used is selected randomly, instead of by
// the player from the attacking Alliance."
func (r choiceRules) sinisterOmens() bool { return len(r.s.Active(processor.SinisterOmens)) > 0 }

// eventSheet puts the Events in force on a battle sheet: Sinister Omens'
// theatre, rolled now (one die with a face per theatre of the planet) and
// kept with the order — none for a Boarding Action, which has no Theatre
// (HasTheatre); Coordinated Opposition's ±1 for the side fighting the
// dominating Alliance. order finds the index in s.Orders of a battle's
// order (-1: none).
func (r choiceRules) eventSheet(sheet *folder.BattleSheet, b processor.BattleOp, order func(id string) int) {
	s := r.s
	// Sinister Omens — "the Theatre used is selected randomly": only where
	// there is a Theatre to select, so not in a Boarding Actions game.
	if r.sinisterOmens() && b.HasTheatre() && len(sheet.Theatres) > 0 {
		i := order(b.ID)
		// Where the book is silent and we chose: a planet with one theatre
		// has it "selected randomly" without a die (a die of one face
		// decides nothing, and the rules roll none).
		only := len(sheet.Theatres) == 1
		if i >= 0 && s.Orders[i].Theatre == "" {
			if only {
				s.SetTheatre(i, sheet.Theatres[0])
				r.ordersChanged()
			} else {
				d := r.dice.D(len(sheet.Theatres), fmt.Sprintf("phase-%02d/2.2/sinister-omens/theatre/%s", s.Phase, b.ID),
					fmt.Sprintf("Sinister Omens: the theatre of %s at %s (%s)", b.ID, b.Planet, strings.Join(sheet.Theatres, ", ")))
				s.SetTheatre(i, sheet.Theatres[d-1])
				r.ordersChanged()
			}
		}
		if i >= 0 {
			sheet.Theatre = s.Orders[i].Theatre
		}
		sheet.TheatreChosenBy = "random"
		sheet.TheatreWhy = "Sinister Omens: the theatre is selected randomly"
		how := "rolled"
		if only {
			how = "the planet's only theatre: no die"
		}
		r.note(fmt.Sprintf("Sinister Omens: %s at %s is fought in the %s theatre (%s)", b.ID, b.Planet, sheet.Theatre, how))
	}
	if s.CoordinatedOpposition(b.Attacker, b.Defender) {
		sheet.Attacker.CoordinatedOpposition = true
		r.note(fmt.Sprintf("Coordinated Opposition: in %s, %s fights the dominating Alliance, %s, and may treat its Power Level at %s as 1 higher or lower for the Mission Rules and the Campaign Outcomes", b.ID, b.Attacker, b.Defender, b.Planet))
	}
	if s.CoordinatedOpposition(b.Defender, b.Attacker) {
		sheet.Defender.CoordinatedOpposition = true
		r.note(fmt.Sprintf("Coordinated Opposition: in %s, %s fights the dominating Alliance, %s, and may treat its Power Level at %s as 1 higher or lower for the Mission Rules and the Campaign Outcomes", b.ID, b.Defender, b.Attacker, b.Planet))
	}
}

// validateOpenTome checks the orders An Open Tome wants first: plain
// orders, checked as any, never sealed.
func (r checks) validateOpenTome(fs *processor.Faults) {
	s := r.s
	defer func() { r.edified = nil }()
	for _, l := range r.openTomeLogins() {
		if file, ok := r.f.Sealed[s.Phase][l]; ok {
			fs.Add(processor.Src{File: file}, "An Open Tome: %s's players declare their operations openly in phase %d, so their orders cannot be sealed; commit %s instead", r.c.PlayerAlliance(l), s.Phase, processor.InputPath(s.Phase, "orders", string(l)))
		}
		if list, ok := r.f.Orders[s.Phase][l]; ok {
			r.validatePlayerOrders(l, list, true, fs)
		}
	}
}

// standingEvents lists, where things stand, the Vespator Front Events
// waiting for choices and the effects in force or to come.
func (r choiceRules) standingEvents(d *report.Doc, level int) {
	s := r.s
	if s.Step == processor.StepEnded || s.Step == processor.StepTiebreak {
		return // the campaign is over: no effect is waiting for anything
	}
	var lines []string
	for _, e := range s.Events {
		if e.Held && !e.Asks() {
			lines = append(lines, fmt.Sprintf("%s (phase %d): takes effect after the choices of the events before it", e.Event.Title(), e.Phase))
			continue
		}
		lines = append(lines, fmt.Sprintf("%s (phase %d): waiting for the Alliances' choices", e.Event.Title(), e.Phase))
	}
	for _, e := range s.Effects {
		when := fmt.Sprintf("in phase %d", e.Phase)
		if e.Phase == s.Phase {
			when = "in force this phase"
		}
		about := ""
		switch {
		case e.Event.Perils():
			about = ", against " + string(e.Alliance)
		case e.Event.Desperate():
			about = ", for " + string(e.Alliance)
		case e.Event == processor.ArcheotechRiches:
			about = ", riches at " + report.OneOf(e.Planets)
		}
		lines = append(lines, fmt.Sprintf("%s (phase %d's event%s): %s", e.Event.Title(), e.Phase-1, about, when))
	}
	if len(lines) == 0 {
		return
	}
	d.Heading(level, "Vespator Front Events")
	d.List(lines)
}
