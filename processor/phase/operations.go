package phase

import (
	"bytes"
	"cmp"
	"fmt"
	"path"
	"slices"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/attacks"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/folder/owntoml"
	"github.com/warmaster/warmaster/processor/report"
)

// battles lists this phase's Battle Operations in fleet order. The list is
// made once for the orders as they stand, and made again only when they
// change (ordersChanged): a step asks for it several times, and drafts and
// checks once per file. Callers must not change it.
func (r *rules) battles() []processor.BattleOp {
	c := &r.battleList
	if c.valid && c.s == r.s && len(r.s.Orders) == c.n && (c.n == 0 || &r.s.Orders[0] == c.first) {
		return c.list
	}
	n := 0
	for _, o := range r.s.Orders {
		if o.Op == processor.Battle {
			n++
		}
	}
	out := make([]processor.BattleOp, 0, n)
	for i := range r.s.Orders {
		o := &r.s.Orders[i]
		if o.Op != processor.Battle {
			continue
		}
		f, _ := r.c.FleetOf(o.Fleet)
		out = append(out, processor.BattleOp{ID: o.ID(), Fleet: o.Fleet, Player: f.Player, Attacker: r.c.FleetAlliance(o.Fleet), Defender: o.Defender, Planet: o.Planet, Attack: o.Attack, Order: o})
	}
	*c = battleList{valid: true, s: r.s, n: len(r.s.Orders), list: out}
	if c.n > 0 {
		c.first = &r.s.Orders[0]
	}
	return out
}

// battle finds this phase's Battle Operation by its id.
func (r *rules) battle(id string) (processor.BattleOp, bool) {
	bs := r.battles()
	if i, ok := r.battleList.index()[id]; ok {
		return bs[i], true
	}
	return processor.BattleOp{}, false
}

// index is each battle's index in the list by its id, made once a list
// (100,000 battles a phase: the results' checks, the confirmations' and
// each lookup share it); battles() first, so that the list is the orders'
// as they stand. The first battle of an id, were two to share one.
func (c *battleList) index() map[string]int {
	bs := c.list
	if c.byID == nil {
		c.byID = make(map[string]int, len(bs))
		for i, b := range bs {
			if _, dup := c.byID[b.ID]; !dup {
				c.byID[b.ID] = i
			}
		}
	}
	return c.byID
}

// battleIDs are the battles' ids, in order (for a fault's list of them).
func battleIDs(bs []processor.BattleOp) []string {
	ids := make([]string, len(bs))
	for i, b := range bs {
		ids[i] = b.ID
	}
	return ids
}

// battleList is battles() as last made, and the orders it was made from.
type battleList struct {
	valid bool
	s     *processor.State
	first *processor.Order // &s.Orders[0] then
	n     int              // len(s.Orders) then
	list  []processor.BattleOp
	byID  map[string]int // index in list by battle id, made when first asked for
}

// ordersChanged forgets battles(): every change to s.Orders calls it.
func (r *rules) ordersChanged() { r.battleList = battleList{} }

// validateOrders checks this phase's orders against the map as it stands.
func (r checks) validateOrders(fs *processor.Faults) {
	// The Fleets as they stand, looked up by Alliance and planet for every
	// Boarding Action ordered: found once, not for each.
	r.places = r.attackRules().FleetPlaces()
	defer func() { r.places, r.edified = nil, nil }()
	orders := r.f.Orders[r.s.Phase]
	first := r.openTomeLogins() // An Open Tome: their orders were taken first
	for _, login := range r.c.Commanders() {
		if list, ok := orders[login]; ok && !slices.Contains(first, login) {
			r.validatePlayerOrders(login, list, false, fs)
		}
	}
}

// validatePlayerOrders checks one player's orders against the map as it
// stands. A fleet the orders leave out performs Logistical Auxilia (Select
// Operations: "If a player does not provide the Warmaster with a Campaign
// Operation for a Fleet within an agreed time frame, that Fleet will
// default to performing the Logistical Auxillia Operation"; RULINGS 26):
// a note, not a fault — unless all is set, for An Open Tome's "must declare
// all of their Fleets' Campaign Operations".
func (r checks) validatePlayerOrders(login processor.Login, list []processor.Order, all bool, fs *processor.Faults) {
	file := processor.InputPath(r.s.Phase, "orders", string(login))
	all = all && !r.sinisterOmens() // Sinister Omens: a fleet may be left out
	// Past the open_tome deadline a fleet left out performs Logistical
	// Auxilia (RULINGS 26), as one whose operation is set aside does.
	_, late := r.pastDeadline(file)
	all = all && !late
	var missing []processor.FleetID
	given := map[processor.FleetID]bool{}
	for _, o := range list {
		given[o.Fleet] = true
	}
	for _, fl := range r.c.FleetsOf(login) {
		if !given[fl] {
			missing = append(missing, fl)
		}
	}
	// One mistake, one fault: an operation whose fleet is misspelt or not
	// the player's was meant for a fleet that has none (the one it is a
	// near miss of, else the first), and a second operation for a fleet
	// (a copy-paste) for the first fleet left without one; the fault about
	// the operation says so, and that fleet is not said to have none.
	claim := func(fl processor.FleetID) {
		missing = slices.DeleteFunc(missing, func(m processor.FleetID) bool { return m == fl })
	}
	for _, o := range list {
		if o.Fleet != "" || len(missing) == 0 {
			continue
		}
		if near := processor.Closest(fs, o.Unresolved, missing); len(near) > 0 {
			claim(near[0])
		} else {
			claim(missing[0])
		}
	}
	first := map[processor.FleetID]int{} // the operation each fleet has first, counting from 1
	for i, o := range list {
		if _, ok := first[o.Fleet]; !ok {
			first[o.Fleet] = i + 1
		}
		meant := processor.FleetID("")
		if o.Second && !r.defiantZeal(o.Fleet) && len(missing) > 0 {
			meant = missing[0]
			claim(meant)
		}
		if r.validateEventOrder(login, o, first[o.Fleet], meant, fs) {
			r.validateOrder(o, fs)
		}
	}
	for _, fl := range missing {
		if r.operationSetAside(fl) {
			continue // its operation was set aside: the report says so
		}
		if all {
			fs.Add(processor.Src{File: file}, "An Open Tome: %s's players must declare all of their fleets' operations, and fleet %q has none; give it one (logistical-auxilia if it should support)", r.c.PlayerAlliance(login), fl)
			continue
		}
		r.f.Note(processor.Fault{File: file, Message: fmt.Sprintf("fleet %q has no operation in this file: it performs Logistical Auxilia, the default for a fleet without one", fl)})
	}
}

func (r checks) validateOrder(o processor.Order, fs *processor.Faults) {
	s := r.s
	if o.Fleet == "" {
		return // already reported
	}
	a := r.c.FleetAlliance(o.Fleet)
	at := s.Fleets[o.Fleet]
	switch o.Op {
	case processor.Battle, processor.DeployKillTeams:
		// RULINGS 5: the Fleet's Planet or a Planet connected to it, never a destroyed Planet.
		if !r.c.Map.Has(o.Planet) {
			return
		}
		switch {
		case s.Destroyed(o.Planet):
			fs.Add(o.Src.At("planet"), "%s is destroyed and cannot be selected for any Campaign Operation; in reach of %s at %s: %s", o.Planet, o.Fleet, at, report.OneOf(r.s.Reachable(a, at)))
		case !s.InReach(a, at, o.Planet):
			fs.Add(o.Src.At("planet"), "%s is out of reach of %s at %s: a %s targets the fleet's planet or a connected one: %s", o.Planet, o.Fleet, at, o.Op.Title(), report.OneOf(r.s.Reachable(a, at)))
		}
		if o.Op == processor.Battle {
			r.attackRules().ValidateBoardingActionTarget(o, fs)
			r.validateOrderOutcome(o, fs)
		}
	case processor.VoidLeap:
		switch {
		case !r.c.Map.Has(o.Planet):
		case s.Destroyed(o.Planet):
			fs.Add(o.Src.At("planet"), "%s is destroyed: a Void Leap goes to any planet that is not destroyed", o.Planet)
		}
	case processor.RaiseEdifices:
		if o.Infra == processor.Stronghold {
			return
		}
		// RULINGS 17: one that cannot be built is cancelled in 2.2 and
		// reported — also one that cannot already: no mistake to set
		// aside (its fleet would perform Logistical Auxilia instead).
		if why := s.CanBuild(at, a, o.Infra); why != "" {
			folder.NoteAt(r.f)(o.Src.At("infrastructure"), fmt.Sprintf("Raise Edifices builds on the fleet's own planet, %s, and cannot: %s; 2.2 Edifice Raising Complete cancels it (the fleet raises nothing and performs no other operation): choose another operation if you meant one", at, why))
		}
	}
}

// validateOrderOutcome checks the Campaign Outcome choices an attacker lists
// in its orders for a battle that goes unplayed (RULINGS 18): the attacker
// is the victor then, so only the attacker's choices apply.
func (r checks) validateOrderOutcome(o processor.Order, fs *processor.Faults) {
	if o.Choices().Empty() || !r.c.HasAlliance(o.Defender) || o.Defender == r.c.FleetAlliance(o.Fleet) {
		return // nothing to check, or the defender is already a fault
	}
	b := processor.BattleOp{ID: string(o.Fleet), Fleet: o.Fleet, Attacker: r.c.FleetAlliance(o.Fleet), Defender: o.Defender, Planet: o.Planet, Attack: o.Attack, Order: &o}
	r.attackRules().ValidateOrderOutcome(b, o.Choices(), func() *processor.State {
		if r.edified == nil { // found once
			r.edified = attacks.AfterEdifices(r.s, r.f.Orders[r.s.Phase])
		}
		return r.edified
	}, fs)
}

// selectOperations is step 1, Select Operations: each Fleet performs the
// operation its player ordered; "If a player does not provide the Warmaster
// with a Campaign Operation for a Fleet within an agreed time frame, that
// Fleet will default to performing the Logistical Auxilia Operation."
func (r *run) selectOperations() {
	s := r.s
	// A fleet's orders: the ones declared first under An Open Tome (in the
	// state already), else its player's; two under Defiant Zeal.
	// By the fleet's index in the campaign, pointing at the orders where
	// they are (a public campaign's are 100,000): an order for a fleet the
	// campaign has not has no place.
	given := make([][]*processor.Order, len(r.c.Fleets))
	early := make([]bool, len(r.c.Fleets))
	for i := range s.Orders {
		if j, ok := r.c.Fleet[s.Orders[i].Fleet]; ok {
			given[j] = append(given[j], &s.Orders[i])
			early[j] = true
		}
	}
	for _, login := range r.c.Commanders() {
		list := r.f.Orders[s.Phase][login]
		for i := range list {
			if j, ok := r.c.Fleet[list[i].Fleet]; ok && !early[j] {
				given[j] = append(given[j], &list[i])
			}
		}
	}
	s.Orders = make([]processor.Order, 0, len(r.c.Fleets))
	r.ordersChanged()
	var rows [][]string
	for j, fl := range r.c.Fleets {
		list, ok := given[j], len(given[j]) > 0
		if !ok {
			list = []*processor.Order{{Fleet: fl.ID, Op: processor.LogisticalAuxilia, Default: true}}
		}
		for _, o := range list {
			o := *o
			s.Orders = append(s.Orders, o)
			if r.mode.checkOnly {
				continue // the table is the report's, which a check discards
			}
			what := r.describeOrder(o)
			switch u, rejected := r.rejected[fl.Player]; {
			case rejected && !ok && u.ops == nil:
				what = "Logistical Auxilia (sealed orders not used, see below: the default)"
			case rejected && !ok && slices.ContainsFunc(u.ops, func(o processor.Order) bool { return o.Fleet == fl.ID }):
				what = "Logistical Auxilia (its sealed operation was not used, see below: the default)"
			case !ok:
				what = r.defaultOperation(fl.ID, fl.Player)
			case early[j]:
				if o.Default && slices.ContainsFunc(r.journal, func(e owntoml.JournalEntry) bool { return e.Step == processor.StepOpenTome }) {
					what = r.defaultOperation(fl.ID, fl.Player) // why, known in the run that took them
				}
				what += " (declared first: An Open Tome)"
			}
			rows = append(rows, []string{o.ID(), string(fl.Player), string(r.c.FleetAlliance(fl.ID)), string(s.Fleets[fl.ID]), what})
		}
	}
	r.sec.Table([]string{"fleet", "player", "alliance", "at", "operation"}, rows)
	r.reportRejected()
}

// defaultOperation is the Logistical Auxilia of a fleet without an
// operation, for the report, saying why it has none.
func (r choiceRules) defaultOperation(fl processor.FleetID, player processor.Login) string {
	_, hasFile := r.f.Orders[r.s.Phase][player]
	switch {
	case r.operationSetAside(fl):
		return "Logistical Auxilia (its operation was not applied, see above: the default)"
	case hasFile:
		return "Logistical Auxilia (left out of its player's orders: the default)"
	case r.setAsideHere("orders", string(player)):
		return "Logistical Auxilia (its orders were not applied, see above: the default)"
	}
	return "Logistical Auxilia (no orders by the deadline: the default)"
}

// operationSetAside reports whether an operation of fleet's was set aside
// this phase (its orders file applied in part).
func (r *rules) operationSetAside(fleet processor.FleetID) bool {
	return slices.ContainsFunc(r.setAsideFiles, func(n notApplied) bool {
		return n.phase == r.s.Phase && slices.ContainsFunc(n.ops, func(o processor.Order) bool { return o.Fleet == fleet })
	})
}

func (r *rules) describeOrder(o processor.Order) string {
	switch o.Op {
	case processor.Battle:
		return fmt.Sprintf("Battle: %s against %s at %s", o.Attack.Title(), o.Defender, o.Planet)
	case processor.VoidLeap:
		return fmt.Sprintf("Void Leap to %s", o.Planet)
	case processor.RaiseEdifices:
		return fmt.Sprintf("Raise Edifices: %s", o.Infra.Title())
	case processor.DeployKillTeams:
		return fmt.Sprintf("Deploy Kill Teams at %s", o.Planet)
	}
	if o.Default {
		return "Logistical Auxilia (no orders by the deadline: the default)"
	}
	return "Logistical Auxilia"
}

// revealOperations is 2.1 Reveal Alliance Operations: every Alliance's
// operations are shown (step 1's table), and each Alliance gets the list of
// Battle Operations against it. The battle sheets follow 2.2, so that they
// give the Power Levels the battles are fought at.
func (r *run) revealOperations() {
	bs := r.battles()
	if len(bs) == 0 {
		r.sec.Para("No Battle Operations this phase.")
		return
	}
	if r.mode.checkOnly {
		return // the table, and who chooses each Theatre as revealed, are the report's, which a check discards
	}
	var rows [][]string
	choose := attacks.TheatreChoosers(r.c, r.s)
	r.revealed = make(map[string]processor.Side, len(bs))
	for _, b := range bs {
		who := "attacker"
		chooser, la := choose(b)
		if r.revealed[b.ID] = chooser; chooser == processor.Defender {
			who = fmt.Sprintf("defender (Logistical Auxilia: %s's fleet %s at %s)", b.Defender, la, r.s.Fleets[la])
		}
		if r.sinisterOmens() {
			who = "random (Sinister Omens): rolled with the battle sheet"
		}
		if !b.HasTheatre() {
			who = "none: a Boarding Actions game has no Theatre"
		}
		rows = append(rows, []string{b.ID, fmt.Sprintf("%s (%s)", b.Player, b.Attacker), string(b.Defender), string(b.Planet), b.Attack.Title(), who})
	}
	r.sec.Para("Battle Operations (battle sheets in `battles/`; results go in `results/<battle>.toml`):")
	r.sec.Table([]string{"battle", "attacker", "defender", "planet", "attack type", "theatre chosen by"}, rows)
}

// writeBattleSheets writes phases/NN/battles/<fleet>.toml for every battle
// once 2.2 is done: who fights where (the attacking fleet and its player,
// the defending Alliance), the Power Levels and the ±1 each side may use as
// the battles will be fought.
func (r *run) writeBattleSheets() {
	s := r.s
	bs := r.battles()
	if len(bs) == 0 {
		return
	}
	var rows [][]string
	yesNo := func(a, d bool) string { return fmt.Sprintf("%s / %s", report.YesNo(a), report.YesNo(d)) }
	choose := attacks.TheatreChoosers(r.c, r.s)
	// Each battle's order in s.Orders, found once (Sinister Omens keeps its
	// theatre there): looking for it for each battle was every order for
	// every battle.
	var orderOf map[string]int
	order := func(id string) int {
		if orderOf == nil {
			orderOf = map[string]int{}
			for i, o := range s.Orders {
				if _, seen := orderOf[o.ID()]; o.Op == processor.Battle && !seen {
					orderOf[o.ID()] = i
				}
			}
		}
		if i, ok := orderOf[id]; ok {
			return i
		}
		return -1
	}
	var changed []string // battles whose Theatre chooser 2.2 changed
	var buf []byte       // a sheet is written here, then copied at its size (~510 bytes a sheet, 100,000 a phase)
	for _, b := range bs {
		sheet := folder.BattleSheet{
			Battle: b.ID, Phase: s.Phase, Attack: b.Attack, Planet: string(b.Planet),
			Attacker: r.sheetSide(b.Attacker, b.Planet, []processor.Login{b.Player}),
			// Resolve Battle Operations: "each Alliance will select players
			// from their Alliance to defend" — any of the defending
			// Alliance's players may fight it, so its side names the
			// Alliance, not its roster (campaign.toml has that): a sheet
			// listing every defender was a phase's battles times its players.
			Defender: r.sheetSide(b.Defender, b.Planet, nil),
		}
		sheet.Attacker.Fleet = string(b.Fleet)
		if b.HasTheatre() {
			chooser, la := choose(b)
			sheet.Theatres, sheet.TheatreChosenBy = r.c.Map.Planet(b.Planet).Theatres, chooser.String()
			if chooser == processor.Defender {
				sheet.TheatreWhy = fmt.Sprintf("Logistical Auxilia: %s's fleet %s at %s", b.Defender, la, s.Fleets[la])
			}
			if was, ok := r.revealed[b.ID]; ok && was != chooser && !r.sinisterOmens() { // 2.2 changed who reaches it
				changed = append(changed, fmt.Sprintf("%s: the %s chooses the Theatre, not the %s as revealed (%s)", b.ID, chooser, was, cmp.Or(sheet.TheatreWhy, "no Logistical Auxilia reaches it now")))
			}
		}
		r.eventSheet(&sheet, b, order)
		if r.mode.checkOnly {
			continue // what the sheet says is decided (eventSheet); nobody reads its text
		}
		buf = append(buf[:0], "# Written by warmaster at 2.1 Reveal Alliance Operations, with the map as after 2.2.\n# Do not edit: report the battle in ../results/"+b.ID+".toml.\n"...)
		file := path.Join(processor.PhaseDir(s.Phase), "battles", b.ID+".toml")
		buf = sheet.AppendTOML(buf)
		r.out[file] = output{data: bytes.Clone(buf)}
		if r.mode.plan {
			if r.sheets == nil {
				r.sheets = make(map[string]folder.BattleSheet, len(bs))
			}
			r.sheets[file] = sheet
		}
		rows = append(rows, []string{b.ID, string(b.Planet), fmt.Sprintf("%d / %d", sheet.Attacker.Power, sheet.Defender.Power),
			yesNo(sheet.Attacker.MissionAdjust, sheet.Defender.MissionAdjust), yesNo(sheet.Attacker.OutcomeAdjust, sheet.Defender.OutcomeAdjust)})
	}
	r.sec.Para("The battles as they will be fought (battle sheets written):")
	r.sec.Table([]string{"battle", "planet", "Power Levels (att / def)", "Staging Grounds ±1, mission rules (att / def)", "Stronghold ±1, outcomes (att / def)"}, rows)
	if len(changed) > 0 {
		r.sec.Para("The Theatre's chooser as 2.2 left the map (the battle sheets have it):")
		r.sec.List(changed)
	}
}

func (r *rules) sheetSide(a processor.AllianceID, p processor.PlanetID, players []processor.Login) folder.SheetSide {
	ss := folder.SheetSide{Alliance: string(a), Power: r.s.Power(p, a),
		MissionAdjust: r.s.AppliesAt(a, processor.StagingGrounds, p), OutcomeAdjust: r.s.AppliesAt(a, processor.Stronghold, p)}
	for _, l := range players {
		ss.Players = append(ss.Players, string(l))
	}
	return ss
}

// raiseEdifices is 2.2 Edifice Raising Complete: each Raise Edifices builds
// its piece on the Fleet's planet. Where several would be built at the same
// Planet, the Alliance with the highest Power Level there goes first, a
// roll-off among those tied (RULINGS 10: the Power Level at that Planet
// alone, not the total); once the planet is full the rest are cancelled. One that cannot be built is cancelled and
// reported (RULINGS 17).
func (r *run) raiseEdifices() {
	defer r.writeBattleSheets()
	s, m := r.s, r.c.Map
	// Each planet's orders, by their index in s.Orders (which nothing here
	// changes), not copied: a public campaign's are tens of thousands.
	byPlanet, raised := make([][]int, len(m.Planets)), false
	for i := range s.Orders {
		if o := &s.Orders[i]; o.Op == processor.RaiseEdifices {
			raised = true
			if j, ok := m.Index[s.Fleets[o.Fleet]]; ok {
				byPlanet[j] = append(byPlanet[j], i)
			}
		}
	}
	if !raised {
		r.sec.Para("No Raise Edifices Operations this phase.")
		return
	}
	var notes []string
	for j, list := range byPlanet {
		if len(list) == 0 {
			continue
		}
		p := m.Planets[j].ID
		var as []processor.AllianceID
		for _, i := range list {
			if a := r.c.FleetAlliance(s.Orders[i].Fleet); !slices.Contains(as, a) {
				as = append(as, a)
			}
		}
		// Edifice Raising Complete — "begin with the Alliance with the
		// highest Power Level at that Planet (rolling off in the event of
		// a tie)": the Power Level there is the only key.
		order := r.orderAlliances(as, fmt.Sprintf("phase-%02d/2.2/edifice-order/%s", s.Phase, p), "Edifice Raising order at "+string(p),
			func(a processor.AllianceID) int { return s.Power(p, a) })
		for _, a := range order {
			for _, i := range list {
				o := &s.Orders[i]
				if r.c.FleetAlliance(o.Fleet) != a {
					continue
				}
				if why := s.CanBuild(p, a, o.Infra); why != "" {
					notes = append(notes, fmt.Sprintf("%s's Raise Edifices (%s) is cancelled: %s", o.Fleet, o.Infra.Title(), why))
					continue
				}
				notes = append(notes, fmt.Sprintf("%s: %s", o.Fleet, s.Build(p, a, o.Infra)))
			}
		}
	}
	r.note(notes...)
}

// orderAlliances sorts Alliances by the keys, highest first, rolling off
// among those equal on every key.
func (r *rules) orderAlliances(as []processor.AllianceID, label, why string, keys ...func(processor.AllianceID) int) []processor.AllianceID {
	as = slices.Clone(as)
	cmp := func(x, y processor.AllianceID) int {
		for _, k := range keys {
			if d := k(y) - k(x); d != 0 {
				return d
			}
		}
		return 0
	}
	slices.SortStableFunc(as, cmp)
	var out []processor.AllianceID
	for i := 0; i < len(as); {
		j := i + 1
		for j < len(as) && cmp(as[i], as[j]) == 0 {
			j++
		}
		if j-i == 1 {
			out = append(out, as[i])
		} else {
			names := make([]string, j-i)
			for k := range names {
				names[k] = string(as[i+k])
			}
			for _, n := range r.dice.RollOff(label, "roll-off: "+why, names) {
				out = append(out, processor.AllianceID(n))
			}
		}
		i = j
	}
	return out
}
