package phase

import (
	"fmt"
	"slices"
	"strings"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/report"
)

// Vespator Front Events. In step 3 of every phase but the last (RULINGS 13)
// the Warmaster generates them: a Perils of Power Event for a dominating
// Alliance (D6 4+), a Desperate Measures Event for a trailing one (D6 4+),
// then a Fortunes of War Event (D6 4+, +1 from the fourth phase). They take
// effect in that order: events that ask the Alliances for choices wait for
// phases/NN/events/<alliance>.toml in the `events` step, and hold the events
// generated after them there (RULINGS 45); the others take effect at once;
// events "in the next Campaign phase" are kept in state.toml's [[effects]]
// until that phase is over.

// eventText is what each Event does, in short, for reports.
var eventText = map[processor.EventKind]string{
	processor.LullInTheFighting:     "starting with the Alliance highest on the Points Tracker, each Alliance can build one Fortification Line, Support Facility or Staging Grounds on a Planet, and move each of its Fleets to one connected Planet",
	processor.VoidPiracy:            "in the next Campaign phase, Fleets cannot declare the Void Leap Operation, and the Support Facility rules do not take effect",
	processor.TidesOfWar:            "starting with the Alliance highest on the Points Tracker, each Alliance whose Stronghold is not destroyed can remove it and build a Stronghold on another Planet",
	processor.SinisterOmens:         "in the next Campaign phase, Fleets cannot declare the Logistical Auxilia Operation, and the Theatre of each battle is selected randomly",
	processor.ArcheotechRiches:      "riches are found on the three Planets with the lowest combined Power Level; at the end of 2.4 of the next Campaign phase, the Alliance that won the most battles at each secures it and can increase its Power Level by 1 up to three times at that Planet or a connected one",
	processor.StarvationAndDisease:  "subtract 1 from each Alliance's Power Level at every Planet",
	processor.XenobeastMigration:    "each Alliance places each of its Fleets at a new Planet, neither the one it was at nor connected to it",
	processor.MachinationsOfFate:    "each player can defect to another Alliance; the Warmaster moves players around so that each has at least one Fleet of their desired Alliance",
	processor.StellarStorms:         "one D6 for each Planet with only one undestroyed Infrastructure location: on a 4+, that location is destroyed",
	processor.CultUprisings:         "at a Planet where the dominating Alliance has its highest Power Level (not its Stronghold's), each piece of Infrastructure is destroyed on a 3+ (and its location on a 6), then each of the dominating Alliance's Power Levels there is lost on a 4+ (-1 with one of its Fleets there)",
	processor.CoordinatedOpposition: "in the next Campaign phase, each time a player fights a battle against the dominating Alliance, they can treat their Alliance's Power Level at that Planet as 1 higher or lower for the Mission Rules and Campaign Outcomes",
	processor.AnOpenTome:            "in the next Campaign phase, the dominating Alliance's players declare their Campaign Operations first, openly, before the other players declare theirs",
	processor.ACostlyBargain:        "the trailing Alliance can select one Planet (without an opposing Alliance's Stronghold) and one opposing Alliance: they switch their Power Levels there",
	processor.DefiantZeal:           "in the next Campaign phase, each of the trailing Alliance's Fleets can declare one additional Campaign Operation",
	processor.SmuggledAssets:        "the trailing Alliance can remove any of its pieces of Infrastructure and build each again on another Planet, then build one more piece (not a Stronghold) on any Planet",
}

// eventLabel is the label of an event die: phase-02/3/events/fortunes/d33-tens.
func (r eventRules) eventLabel(parts ...string) string {
	return fmt.Sprintf("phase-%02d/3/events/%s", r.s.Phase, strings.Join(parts, "/"))
}

// dominating is the Alliance more than 5 Campaign points ahead of each of
// the others on the Points Tracker, if any (RULINGS 12).
func (r eventRules) dominating() (processor.AllianceID, bool) {
	return r.beyond(func(a, b processor.AllianceID) bool { return r.s.Points[a]-r.s.Points[b] > 5 })
}

// trailing is the Alliance more than 5 Campaign points behind each of the
// others on the Points Tracker, if any (RULINGS 12).
func (r eventRules) trailing() (processor.AllianceID, bool) {
	return r.beyond(func(a, b processor.AllianceID) bool { return r.s.Points[b]-r.s.Points[a] > 5 })
}

func (r eventRules) beyond(than func(a, b processor.AllianceID) bool) (processor.AllianceID, bool) {
	ids := r.c.AllianceIDs()
	for _, a := range ids {
		all := true
		for _, b := range ids {
			if b != a && !than(a, b) {
				all = false
			}
		}
		if all {
			return a, true
		}
	}
	return "", false
}

// vespatorFrontEvents is the second half of step 3: "at this point, a
// number of Vespator Front Events may take place ... The Warmaster
// generates these now." Forced events of campaign.toml replace the
// generated ones.

// eventChoicesGuide is where the players' guide explains the event choices
// file, for the reports (a test holds the link to the guide's headings).
// PlayersCard is the players' card, docs/card.md, which every campaign
// README links at its top.
const PlayersCard = "https://github.com/warmaster/warmaster/blob/main/docs/card.md"

// RulesOptions is where the guide lists every [rules] option.
const RulesOptions = "https://github.com/warmaster/warmaster/blob/main/docs/rules.md#the-rules-options"

const eventChoicesGuide = "https://github.com/warmaster/warmaster/blob/main/docs/players.md#event-choices-phasesnneventsalliancetoml"

func (r choiceRules) vespatorFrontEvents() {
	s := r.s
	if !r.c.Rules.Events {
		r.sec.Para("Vespator Front Events are off in this campaign (`[rules] events = false`): none are generated.")
		return
	}
	var evs []processor.Effect
	if forced, ok := r.c.ForcedEvents[s.Phase]; ok {
		evs = r.forcedEvents(forced)
	} else {
		evs = r.generateEvents()
	}
	if len(evs) == 0 {
		r.sec.Para("No Vespator Front Event takes effect this phase.")
		return
	}
	// Each Event takes effect in its place in the order generated; one
	// that waits for the Alliances' choices holds the later ones, which
	// take effect after it in the `events` step (RULINGS 45).
	var waiting *processor.Effect
	for i, ev := range evs {
		ev.Phase = s.Phase
		r.announce(i+1, ev)
		if waiting != nil && !ev.Event.Holds() {
			ev.Held = true
			s.Events = append(s.Events, ev)
			r.note(fmt.Sprintf("It takes effect after the Alliances' choices for %s are applied (%s), in its place in the order generated.", waiting.Event.Title(), processor.Ruling(45)))
			continue
		}
		r.takeEffect(ev)
		if ev.Event.Holds() {
			waiting = &ev
		}
	}
	if len(s.Events) > 0 {
		var files []string
		for _, a := range r.eventAlliances() {
			files = append(files, "`"+processor.InputPath(s.Phase, "events", string(a))+"`")
		}
		when := "waits for every file"
		if dl := r.c.Deadlines[s.Phase].For(processor.StepEvents); !dl.IsZero() {
			when = "deadline " + r.c.When(dl) + "; past it the defaults apply"
		}
		r.sec.Para("The Alliances' choices are due in %s (%s): see [the players' guide](%s) for their keys.", strings.Join(files, ", "), when, eventChoicesGuide)
	}
}

// generateEvents rolls for this phase's events as the text says.
func (r eventRules) generateEvents() []processor.Effect {
	s := r.s
	var out []processor.Effect
	var lines []string
	if a, ok := r.dominating(); ok {
		d := r.dice.D6(r.eventLabel("dominating"), fmt.Sprintf("%s dominates: a Perils of Power Event on a 4+", a))
		if d >= 4 {
			k := processor.CultUprisings + processor.EventKind(r.dice.D(3, r.eventLabel("perils"), "Perils of Power Event (D3)")-1)
			lines = append(lines, fmt.Sprintf("%s is the dominating Alliance (more than 5 Campaign points ahead of each of the others): D6 %d, a Perils of Power Event — %s.", a, d, k.Title()))
			out = append(out, processor.Effect{Event: k, Alliance: a})
		} else {
			lines = append(lines, fmt.Sprintf("%s is the dominating Alliance (more than 5 Campaign points ahead of each of the others): D6 %d, no Perils of Power Event (4+).", a, d))
		}
	} else {
		lines = append(lines, "No dominating Alliance: none is more than 5 Campaign points ahead of each of the others.")
	}
	if a, ok := r.trailing(); ok {
		d := r.dice.D6(r.eventLabel("trailing"), fmt.Sprintf("%s trails: a Desperate Measures Event on a 4+", a))
		if d >= 4 {
			k := processor.ACostlyBargain + processor.EventKind(r.dice.D(3, r.eventLabel("desperate"), "Desperate Measures Event (D3)")-1)
			lines = append(lines, fmt.Sprintf("%s is the trailing Alliance (more than 5 Campaign points behind each of the others): D6 %d, a Desperate Measures Event — %s.", a, d, k.Title()))
			out = append(out, processor.Effect{Event: k, Alliance: a})
		} else {
			lines = append(lines, fmt.Sprintf("%s is the trailing Alliance (more than 5 Campaign points behind each of the others): D6 %d, no Desperate Measures Event (4+).", a, d))
		}
	} else {
		lines = append(lines, "No trailing Alliance: none is more than 5 Campaign points behind each of the others.")
	}
	why, plus := "Fortunes of War Event on a 4+", 0
	if s.Phase >= 4 {
		why, plus = "Fortunes of War Event on a 4+ (+1: the fourth Campaign phase or later)", 1
	}
	d := r.dice.D6(r.eventLabel("fortunes"), why)
	total := fmt.Sprint(d)
	if plus > 0 {
		total = fmt.Sprintf("%d+1 = %d", d, d+plus)
	}
	if d+plus >= 4 {
		k, how := r.rollFortunes("fortunes")
		lines = append(lines, fmt.Sprintf("Fortunes of War: D6 %s, an Event — %s.", total, how))
		out = append(out, processor.Effect{Event: k})
	} else {
		lines = append(lines, fmt.Sprintf("Fortunes of War: D6 %s, no Event (4+).", total))
	}
	r.note(lines...)
	return out
}

// rollFortunes rolls a D33 on the Fortunes of War table: two D3, the first
// the tens, the second the units. Stellar Storms takes effect at most once
// in a campaign: once it has, a 33 is rolled again (RULINGS 13).
func (r eventRules) rollFortunes(prefix string) (processor.EventKind, string) {
	var how []string
	for n := 0; ; n++ {
		base := prefix
		if n > 0 {
			base = fmt.Sprintf("%s/reroll-%d", prefix, n)
		}
		tens := r.dice.D(3, r.eventLabel(base, "d33-tens"), "Fortunes of War Event (D33): tens")
		units := r.dice.D(3, r.eventLabel(base, "d33-units"), "Fortunes of War Event (D33): units")
		k := processor.EventKind((tens-1)*3 + units - 1)
		if k == processor.StellarStorms && r.s.StellarStorms > 0 {
			how = append(how, fmt.Sprintf("D33 %d%d: Stellar Storms has already taken effect (phase %d), so a new Fortunes of War Event is generated", tens, units, r.s.StellarStorms))
			continue
		}
		how = append(how, fmt.Sprintf("D33 %d%d: %s", tens, units, k.Title()))
		return k, strings.Join(how, "; ")
	}
}

// forcedEvents are campaign.toml's [[forced_events]] for this phase, in
// file order, instead of the generated ones. A Perils of Power Event with
// no dominating Alliance is about the Alliance with the most Campaign points
// (a Desperate Measures one: the fewest), roll-off on ties; a Stellar Storms
// that has already taken effect generates a new Fortunes of War Event.
func (r eventRules) forcedEvents(forced []processor.EventKind) []processor.Effect {
	s := r.s
	var out []processor.Effect
	var lines []string
	for i, k := range forced {
		ev := processor.Effect{Event: k}
		line := fmt.Sprintf("%s (%s), forced by campaign.toml's [[forced_events]]", k.Title(), k.Table())
		switch {
		case k == processor.StellarStorms && s.StellarStorms > 0:
			nk, how := r.rollFortunes(fmt.Sprintf("forced-%d", i+1))
			ev.Event = nk
			line += fmt.Sprintf(": Stellar Storms has already taken effect (phase %d), so a new Fortunes of War Event is generated — %s", s.StellarStorms, how)
		case k.Perils():
			if a, ok := r.dominating(); ok {
				ev.Alliance = a
				line += fmt.Sprintf(", against the dominating Alliance, %s", a)
			} else {
				most := func(a processor.AllianceID) int { return s.Points[a] }
				ev.Alliance = r.orderAlliances(processor.Leading(r.c.AllianceIDs(), most), r.eventLabel(fmt.Sprintf("forced-%d", i+1), "most-points"), "most Campaign points", most)[0]
				line += fmt.Sprintf(": no Alliance dominates, so it is against the one with the most Campaign points, %s", ev.Alliance)
			}
		case k.Desperate():
			if a, ok := r.trailing(); ok {
				ev.Alliance = a
				line += fmt.Sprintf(", for the trailing Alliance, %s", a)
			} else {
				fewest := func(a processor.AllianceID) int { return -s.Points[a] }
				ev.Alliance = r.orderAlliances(processor.Leading(r.c.AllianceIDs(), fewest), r.eventLabel(fmt.Sprintf("forced-%d", i+1), "fewest-points"), "fewest Campaign points", fewest)[0]
				line += fmt.Sprintf(": no Alliance trails, so it is for the one with the fewest Campaign points, %s", ev.Alliance)
			}
		}
		lines = append(lines, line+".")
		out = append(out, ev)
	}
	r.note(lines...)
	return out
}

// announce heads one generated Event in step 3's report.
func (r choiceRules) announce(n int, ev processor.Effect) {
	about := ""
	switch {
	case ev.Event.Perils():
		about = ", against " + string(ev.Alliance)
	case ev.Event.Desperate():
		about = ", for " + string(ev.Alliance)
	}
	r.sec.Heading(3, "Event %d: %s (%s%s)", n, ev.Event.Title(), ev.Event.Table(), about)
	r.sec.Para("%s.", report.UpperFirst(eventText[ev.Event]))
}

// takeEffect makes one generated Event take effect: at once when it asks
// for no choices, as an effect for the next phase, or as an Event waiting
// for the Alliances' choices. A held Event takes effect the same way in the
// `events` step (held Archeotech Riches asks no choices, RULINGS 45).
func (r choiceRules) takeEffect(ev processor.Effect) {
	s := r.s
	next := processor.Effect{Event: ev.Event, Phase: s.Phase + 1, Alliance: ev.Alliance}
	switch ev.Event {
	case processor.VoidPiracy, processor.SinisterOmens:
		s.Effects = append(s.Effects, next)
		r.note(fmt.Sprintf("In force in phase %d.", next.Phase))
	case processor.CoordinatedOpposition:
		s.Effects = append(s.Effects, next)
		r.note(fmt.Sprintf("In force in phase %d: every battle against %s.", next.Phase, ev.Alliance))
	case processor.AnOpenTome:
		s.Effects = append(s.Effects, next)
		r.note(fmt.Sprintf("In phase %d, %s's orders are due first (%s) and cannot be sealed.", next.Phase, ev.Alliance, r.openTomeDue(next.Phase)))
	case processor.DefiantZeal:
		s.Effects = append(s.Effects, next)
		r.note(fmt.Sprintf("In phase %d, each of %s's fleets (%s) can declare a second operation: a second [[operations]] entry for the fleet; a second battle's id is <fleet>-2.", next.Phase, ev.Alliance, report.OneOf(r.c.AllianceFleets(ev.Alliance))))
	case processor.StarvationAndDisease:
		r.note(r.starvationAndDisease()...)
	case processor.StellarStorms:
		r.note(r.stellarStorms()...)
	case processor.CultUprisings:
		r.note(r.cultUprisings(ev.Alliance)...)
	case processor.ArcheotechRiches:
		ev.Planets = r.richesPlanets()
		next.Planets = ev.Planets
		s.Effects = append(s.Effects, next)
		found := fmt.Sprintf("Archeotech riches are found on %s; they are secured at the end of 2.4 of phase %d.", report.OneOf(ev.Planets), next.Phase)
		if ev.Held {
			r.note(found, fmt.Sprintf("They are found after the Alliances' choices were due: the defaults apply should an Alliance secure them (%s).", processor.Ruling(45)))
			return
		}
		s.Events = append(s.Events, ev)
		r.note(found, "Each Alliance may say now where its up to three +1s go should it secure them: "+r.askedLine(ev)+".")
	default:
		if !ev.Held {
			s.Events = append(s.Events, ev)
			r.note("Choices: " + r.askedLine(ev) + ".")
		}
	}
}

func (r choiceRules) askedLine(ev processor.Effect) string {
	var files []string
	for _, a := range r.c.AllianceIDs() {
		if r.asks(ev, a) {
			files = append(files, fmt.Sprintf("`[%s]` in `%s`", ev.Event.Key(), processor.InputPath(r.s.Phase, "events", string(a))))
		}
	}
	if len(files) == 0 {
		return "no Alliance can choose anything"
	}
	return strings.Join(files, ", ")
}

// starvationAndDisease: "Subtract 1 from each Alliance's Power Level at
// every Planet" (RULINGS 1, 2: not below 1; a Fortification Line absorbs it).
func (r eventRules) starvationAndDisease() []string {
	s := r.s
	var out []string
	unchanged := 0
	for _, p := range r.c.Map.IDs() {
		if s.Destroyed(p) {
			continue
		}
		for _, a := range r.c.AllianceIDs() {
			before := s.Power(p, a)
			lines := s.Pieces(p, a, processor.FortificationLine)
			msg := s.Lower(p, a)
			if s.Power(p, a) == before && s.Pieces(p, a, processor.FortificationLine) == lines {
				unchanged++
				continue
			}
			out = append(out, msg)
		}
	}
	if unchanged > 0 {
		out = append(out, fmt.Sprintf("%s already at 1, the minimum", report.Plural(unchanged, "other Power Level is", "other Power Levels are")))
	}
	return out
}

// stellarStorms: "The Warmaster rolls one D6 for each Planet with only one
// undestroyed Infrastructure location: on a 4+, that Infrastructure location
// is destroyed (note this can cause the Planet to be destroyed)." It takes
// effect at most once (RULINGS 13).
func (r eventRules) stellarStorms() []string {
	s := r.s
	s.StellarStorms = s.Phase
	var out []string
	for _, p := range r.c.Map.IDs() {
		last := -1
		intact := 0
		for i, l := range s.Planet(p).Locations {
			if l.Status != processor.Ruined {
				intact++
				last = i
			}
		}
		if intact != 1 {
			continue
		}
		d := r.dice.D6(r.eventLabel("stellar-storms", string(p)), fmt.Sprintf("Stellar Storms at %s, its one undestroyed location (4+)", p))
		if d < 4 {
			out = append(out, fmt.Sprintf("%s: D6 %d, its last location holds", p, d))
			continue
		}
		out = append(out, fmt.Sprintf("%s: D6 %d: %s", p, d, strings.Join(s.DestroyLocation(p, last), "; ")))
	}
	if len(out) == 0 {
		out = append(out, "No Planet has only one undestroyed Infrastructure location: nothing happens")
	}
	return out
}

// cultUprisings: "The Warmaster selects one of the Planets that the
// dominating Alliance has its highest Power Level at (excluding one with
// their Stronghold on)": several such Planets are decided by a die. Then
// each piece of Infrastructure there: 3–5 destroyed, 6 destroyed with its
// location; then one D6 per Power Level of the dominating Alliance there
// (as it is after the Infrastructure rolls, none on a destroyed Planet;
// RULINGS 19), -1 with a Fleet of its there: each 4+ subtracts 1.
func (r eventRules) cultUprisings(a processor.AllianceID) []string {
	s := r.s
	best := 0
	var sites []processor.PlanetID
	for _, p := range r.c.Map.IDs() {
		if s.Destroyed(p) || s.Pieces(p, a, processor.Stronghold) > 0 {
			continue
		}
		switch lvl := s.Power(p, a); {
		case lvl > best:
			best, sites = lvl, []processor.PlanetID{p}
		case lvl == best:
			sites = append(sites, p)
		}
	}
	if len(sites) == 0 {
		return []string{fmt.Sprintf("%s has no Power Level on any undestroyed Planet without its Stronghold: there is no site for the uprising", a)}
	}
	var out []string
	site := sites[0]
	if len(sites) > 1 {
		d := r.dice.D(len(sites), r.eventLabel("cult-uprisings", "site"), fmt.Sprintf("the site of the uprising among %s", report.OneOf(sites)))
		site = sites[d-1]
		out = append(out, fmt.Sprintf("%s's highest Power Level, %d, is at %s: D%d %d picks %s", a, best, report.OneOf(sites), len(sites), d, site))
	} else {
		out = append(out, fmt.Sprintf("%s's highest Power Level, %d, is at %s: the site of the uprising", a, best, site))
	}
	ps := s.Planet(site)
	for i, l := range slices.Clone(ps.Locations) {
		if l.Status != processor.Built {
			continue
		}
		piece := fmt.Sprintf("%s's %s (location %d)", l.Alliance, l.Type.Title(), i+1)
		d := r.dice.D6(r.eventLabel("cult-uprisings", "infrastructure", fmt.Sprint(i+1)), fmt.Sprintf("Cult Uprisings at %s: %s (3–5 destroyed, 6 with its location)", site, piece))
		switch {
		case d == 6:
			out = append(out, fmt.Sprintf("%s: D6 %d: %s", piece, d, strings.Join(s.DestroyLocation(site, i), "; ")))
		case d >= 3:
			s.SetLocation(site, i, processor.Location{})
			out = append(out, fmt.Sprintf("%s: D6 %d: the piece is destroyed", piece, d))
		default:
			out = append(out, fmt.Sprintf("%s: D6 %d: it stands", piece, d))
		}
	}
	if s.Destroyed(site) {
		return append(out, fmt.Sprintf("%s is destroyed: no Power Level rolls (%s)", site, processor.Ruling(19)))
	}
	fleet := slices.ContainsFunc(r.c.AllianceFleets(a), func(f processor.FleetID) bool { return s.Fleets[f] == site })
	n := s.Power(site, a)
	why := fmt.Sprintf("Cult Uprisings: %s's Power Level at %s (4+)", a, site)
	if fleet {
		why = fmt.Sprintf("Cult Uprisings: %s's Power Level at %s (4+, -1: one of its fleets is there)", a, site)
	}
	hits := 0
	var rolls []string
	for i := 1; i <= n; i++ {
		d := r.dice.D6(r.eventLabel("cult-uprisings", "power", fmt.Sprint(i)), why)
		v := d
		if fleet {
			v--
		}
		rolls = append(rolls, fmt.Sprint(v))
		if v >= 4 {
			hits++
		}
	}
	mod := ""
	if fleet {
		mod = " (-1: a fleet of its is there)"
	}
	out = append(out, fmt.Sprintf("%s's Power Level there is %d: %s rolled%s, %s", a, n, report.OneOf(rolls), mod, report.Plural(hits, "success", "successes")))
	for range hits {
		out = append(out, s.Lower(site, a))
	}
	return out
}

// richesPlanets: "The Warmaster selects the three Planets with the lowest
// total combined Power Level of all Alliances" — intact Planets, ties at
// the cut by roll-off (RULINGS 20).
func (r eventRules) richesPlanets() []processor.PlanetID {
	s := r.s
	type cand struct {
		p   processor.PlanetID
		sum int
	}
	var cs []cand
	for _, p := range r.c.Map.IDs() {
		if s.Destroyed(p) {
			continue
		}
		sum := 0
		for _, a := range r.c.AllianceIDs() {
			sum += s.Power(p, a)
		}
		cs = append(cs, cand{p, sum})
	}
	slices.SortStableFunc(cs, func(x, y cand) int { return x.sum - y.sum })
	if len(cs) <= 3 {
		out := make([]processor.PlanetID, len(cs))
		for i, c := range cs {
			out[i] = c.p
		}
		return out
	}
	cut := cs[2].sum
	var out []processor.PlanetID
	var tied []string
	for _, c := range cs {
		switch {
		case c.sum < cut:
			out = append(out, c.p)
		case c.sum == cut:
			tied = append(tied, string(c.p))
		}
	}
	if len(out)+len(tied) > 3 {
		tied = r.dice.RollOff(r.eventLabel("archeotech-riches", "cut"), fmt.Sprintf("Archeotech Riches: planets tied at combined Power Level %d", cut), tied)
	}
	for _, p := range tied[:3-len(out)] {
		out = append(out, processor.PlanetID(p))
	}
	slices.SortFunc(out, func(x, y processor.PlanetID) int { return r.c.Map.Index[x] - r.c.Map.Index[y] })
	return out
}
