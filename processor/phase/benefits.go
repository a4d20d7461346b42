package phase

import (
	"fmt"
	"slices"
	"strings"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/dice"
	"github.com/warmaster/warmaster/processor/report"
)

// Campaign Medal benefits in a follow-up campaign: "once players have formed
// their new Alliances, the Warmaster should check to see which Alliance has
// the most players with each Campaign Medal (rolling off in the event of a
// tie); in each case, that Alliance will receive the benefit of that
// Campaign Medal for the duration of that campaign." Who holds which medal
// is campaign.toml's [[medals]]; an Alliance uses a benefit through its
// set-up file (Laurel, Wreath, Dagger) or its phase 1 moves (Star).

// benefitDraw is who receives one medal's benefit in this campaign.
type benefitDraw struct {
	medal  processor.Medal
	counts map[processor.AllianceID]int // players of each Alliance holding the medal
	top    []processor.AllianceID       // the Alliances with the most (at least 1)
	holder processor.AllianceID         // "" when nobody holds the medal, or undecided
	// undecided: a roll-off this run cannot make (check without the
	// secret dice key): any Alliance in it may use the benefit's keys.
	undecided bool
	rolls     []string // the roll-off's order, when there was one
}

// MedalBenefitLabel begins the labels of the benefits' roll-offs at set-up.
// They decide what the set-up files may hold, so they are rolled with the
// dice key as it was before the set-up's inputs (dice.Roller's Prior): a
// check of the set-up and the set-up itself roll the same.
const MedalBenefitLabel = "setup/medal-benefit/"

// benefitDraws decides each medal's benefit: "which Alliance has the most
// players with each Campaign Medal (rolling off in the event of a tie)".
// Each roll-off has a stream of its own, so the Roller of a validation
// (a fork) and the Roller of the set-up roll the same dice.
func (r *rules) benefitDraws(roller *dice.Roller, standIn bool) []benefitDraw {
	var out []benefitDraw
	for _, m := range processor.Medals {
		d := benefitDraw{medal: m, counts: map[processor.AllianceID]int{}}
		seen := map[processor.Login]bool{}
		for _, rec := range r.c.Medals {
			if rec.Medal != m {
				continue
			}
			for _, l := range rec.Players {
				p, ok := r.c.PlayerOf(l)
				if !ok || seen[l] {
					continue
				}
				seen[l] = true
				d.counts[p.Alliance]++
			}
		}
		best := 0
		for _, a := range r.c.AllianceIDs() {
			switch n := d.counts[a]; {
			case n < 1:
			case n > best:
				best, d.top = n, []processor.AllianceID{a}
			case n == best:
				d.top = append(d.top, a)
			}
		}
		switch {
		case len(d.top) == 1:
			d.holder = d.top[0]
		case len(d.top) > 1 && standIn:
			d.undecided = true
		case len(d.top) > 1:
			names := make([]string, len(d.top))
			for i, a := range d.top {
				names[i] = string(a)
			}
			d.rolls = roller.RollOff(MedalBenefitLabel+m.String(), "roll-off for the "+m.Title()+"'s benefit", names)
			d.holder = processor.AllianceID(d.rolls[0])
		}
		out = append(out, d)
	}
	return out
}

// counted says how many players of each Alliance hold the medal.
func (d benefitDraw) counted(c *processor.Campaign) string {
	var parts []string
	for _, a := range c.AllianceIDs() {
		parts = append(parts, fmt.Sprintf("%s %d", a, d.counts[a]))
	}
	return strings.Join(parts, ", ")
}

// why says who holds the benefit and how it was decided.
func (d benefitDraw) why(c *processor.Campaign) string {
	switch {
	case len(d.top) == 0:
		return fmt.Sprintf("no player of this campaign holds the %s (campaign.toml's [[medals]])", d.medal.Title())
	case d.undecided:
		return fmt.Sprintf("%s tie for the most players with the %s (%s): advance rolls off, with the dice key", report.OneOf(d.top), d.medal.Title(), d.counted(c))
	case len(d.top) > 1:
		return fmt.Sprintf("%s tie for the most players with the %s (%s), and %s wins the roll-off", report.OneOf(d.top), d.medal.Title(), d.counted(c), d.holder)
	}
	return fmt.Sprintf("%s has the most players with the %s (%s)", d.holder, d.medal.Title(), d.counted(c))
}

// may reports whether an Alliance may use the benefit.
func (d benefitDraw) may(a processor.AllianceID) bool {
	return d.holder == a || d.undecided && slices.Contains(d.top, a)
}

// validateSetupBenefits checks the set-up files against the benefits: only
// the Alliance holding a benefit uses its keys, and no other Alliance's
// set-up goes against the Laurel of Victory's planet.
func (r checks) validateSetupBenefits(fs *processor.Faults) {
	draws := r.benefitDraws(r.dice.Fork(), r.standInDice)
	for _, a := range r.c.AllianceIDs() {
		sc := r.f.Setup[a]
		if sc == nil {
			continue
		}
		for _, d := range draws {
			if key := processor.SetupKey(d.medal); key != "" && sc.Benefits.Uses(d.medal) && !d.may(a) {
				fs.AddKey(sc.Src.At(key), "%s uses %s, but only the Alliance holding the %s's benefit does: %s; remove %s", a, key, d.medal.Title(), d.why(r.c), key)
			}
		}
	}
	if holder, p := r.laurelOf(draws[processor.LaurelOfVictory].holder); p != "" {
		r.validateLaurel(holder, p, fs)
	}
}

// laurelOf is the Laurel of Victory's planet, when its holder selected one.
func (r *rules) laurelOf(holder processor.AllianceID) (processor.AllianceID, processor.PlanetID) {
	if holder == "" || r.f.Setup[holder] == nil {
		return "", ""
	}
	sc := r.f.Setup[holder]
	if p := sc.Benefits.Laurel; p == sc.Stronghold && r.c.Map.Has(p) {
		return holder, p
	}
	return "", ""
}

// validateLaurel checks the other Alliances' set-up against the Laurel of
// Victory's planet: "No other Alliance can build any Infrastructure on that
// Planet. No other Alliances can select for that Planet to have a Power
// Level of more than 1 for their Alliance. No Fleets from other Alliances
// can start at that Planet." The Penumbral Wreath and the Sable Dagger are
// selections of Power Levels too: neither may name it.
func (r checks) validateLaurel(holder processor.AllianceID, p processor.PlanetID, fs *processor.Faults) {
	laurel := fmt.Sprintf("%s is %s's Laurel of Victory planet", p, holder)
	for _, a := range r.c.AllianceIDs() {
		sc := r.f.Setup[a]
		if a == holder || sc == nil {
			continue
		}
		if sc.Stronghold == p {
			fs.Add(sc.Src.At("stronghold"), "%s: no other Alliance builds any Infrastructure there, its Stronghold included; choose another planet", laurel)
		}
		for _, g := range []struct {
			key  string
			list []processor.PlanetID
		}{{"power3", sc.Power3}, {"power2", sc.Power2}, {"penumbral_wreath", sc.Benefits.Wreath}} {
			if i := slices.Index(g.list, p); i >= 0 {
				fs.Add(sc.Src.At(g.key, i), "%s: no other Alliance's Power Level there can be more than 1; %s names another planet", laurel, g.key)
			}
		}
		for i, pair := range sc.Benefits.Dagger {
			if j := slices.Index(pair[:], p); j >= 0 {
				fs.Add(sc.Src.At("sable_dagger", i, j), "%s: no other Alliance's Power Level there can be more than 1, so no swap names it", laurel)
			}
		}
		for i, pc := range sc.Pieces {
			if pc.Planet == p {
				fs.Add(pc.Src.At("planet"), "%s: no other Alliance builds any Infrastructure there; choose another planet", laurel)
			}
			if j := slices.Index(pc.Alternates, p); j >= 0 {
				fs.Add(sc.Src.At("infrastructure", i, "alternates", j), "%s: no other Alliance builds any Infrastructure there; choose another planet", laurel)
			}
		}
		for _, m := range sc.Fleets {
			if m.To == p {
				fs.Add(m.Src, "%s: no Fleet of another Alliance starts there; choose another planet", laurel)
			}
		}
	}
}

// decideBenefits is the Warmaster's check at set-up: which Alliance
// receives each medal's benefit. It reports nothing in a campaign without
// [[medals]].
func (r *rules) decideBenefits() {
	if len(r.c.Medals) == 0 {
		return
	}
	r.s.Benefits = map[processor.Medal]processor.AllianceID{}
	var rows [][]string
	for _, d := range r.benefitDraws(r.dice.Prior(), false) { // as validateSetupBenefits drew them

		holder := "nobody"
		if d.holder != "" {
			r.s.Benefits[d.medal] = d.holder
			holder = string(d.holder)
		}
		row := []string{d.medal.Title()}
		for _, a := range r.c.AllianceIDs() {
			row = append(row, fmt.Sprint(d.counts[a]))
		}
		rows = append(rows, append(row, holder))
	}
	header := []string{"Campaign Medal"}
	for _, a := range r.c.AllianceIDs() {
		header = append(header, string(a)+" players")
	}
	r.sec.Para("Campaign Medal benefits: the Alliance with the most players holding each medal receives its benefit for this campaign (a roll-off on ties):")
	r.sec.Table(append(header, "benefit to"), rows)
}

// laurelAtStrongholds is the Laurel of Victory's benefit: "This Alliance
// must select that Planet to build their Stronghold on. When doing so, they
// build 1 additional Fortification Line on that Planet." The planet is
// recorded in the state: "No other Alliance can build any Infrastructure
// on that Planet" holds for the whole campaign by default (State.LaurelBar;
// RULINGS 40), at set-up only with laurel_of_victory_builds = "setup".
func (r *rules) laurelAtStrongholds() {
	if a, p := r.laurelOf(r.s.Benefits[processor.LaurelOfVictory]); p != "" {
		r.s.LaurelPlanet = p
		how := "where no other Alliance builds, starts a Fleet or has a Power Level above 1 at set-up, and no other Alliance builds any Infrastructure for the whole campaign (RULINGS 40)"
		if r.c.Rules.LaurelOfVictoryBuilds == processor.LaurelBuildsSetup {
			how = "where no other Alliance builds, starts a Fleet or has a Power Level above 1 at set-up ([rules] laurel_of_victory_builds = \"setup\")"
		}
		r.note(fmt.Sprintf("Laurel of Victory: %s, its Stronghold planet, %s", r.s.Build(p, a, processor.FortificationLine), how))
	}
}

// wreathAtStrongholds is the Penumbral Wreath's benefit: "at the end of the
// Alliances Decide on Strongholds step, this Alliance selects two Planets.
// Their Power Level at those Planets is increased by 2." Increases stop at
// 4 (RULINGS 1).
func (r *rules) wreathAtStrongholds() {
	a, ok := r.s.Benefits[processor.PenumbralWreath]
	if !ok || r.f.Setup[a] == nil || len(r.f.Setup[a].Benefits.Wreath) == 0 {
		return
	}
	var notes []string
	for _, p := range r.f.Setup[a].Benefits.Wreath {
		ps := r.s.Planet(p)
		was := ps.Power[a]
		ps.Power[a] = min(4, was+2)
		note := fmt.Sprintf("Penumbral Wreath: %s's Power Level at %s rises from %d to %d", a, p, was, ps.Power[a])
		switch {
		case was >= 4:
			note = fmt.Sprintf("Penumbral Wreath: %s's Power Level at %s is already 4 (the maximum)", a, p)
		case was+2 > 4:
			note += " (at most 4)"
		}
		notes = append(notes, note)
	}
	r.note(notes...)
}

// daggerAtFleets is the Sable Dagger's benefit: "at the end of the
// Alliances Decide on Fleet Locations step, this Alliance can select two
// Planets and swap their Power Level at those Planets around. They can do
// this up to three times." Swaps are made in the order given. A level a
// swap would put below the Alliance's Fortification Line minimum stays, and
// one of its Lines there is destroyed instead: "Each time a rule would
// reduce that Alliance's Power Level below that point, one of that
// Alliance's Fortification Lines at this Planet is destroyed instead"
// (Fortification Line; RULINGS 2, 41), as in A Costly Bargain (RULINGS 51).
func (r *rules) daggerAtFleets() {
	s := r.s
	a, ok := s.Benefits[processor.SableDagger]
	if !ok || r.f.Setup[a] == nil || len(r.f.Setup[a].Benefits.Dagger) == 0 {
		return
	}
	var notes []string
	for _, pair := range r.f.Setup[a].Benefits.Dagger {
		px, py := s.Power(pair[0], a), s.Power(pair[1], a)
		notes = append(notes, fmt.Sprintf("Sable Dagger: %s swaps its Power Levels at %s (%d) and %s (%d)", a, pair[0], px, pair[1], py))
		notes = append(notes, processor.SwitchPower(s, pair[0], a, py), processor.SwitchPower(s, pair[1], a, px))
	}
	r.note(notes...)
}

// validateDoubleMove checks a fleet moved twice: "In the Move Fleets step of
// the first Campaign phase, each of this Alliance's Fleets can be moved up
// to twice" (Star of the Voidfarer). Each move goes to a planet connected to
// the one the fleet is on then (RULINGS 4 for Support Facilities).
func (r checks) validateDoubleMove(m processor.Move, fs *processor.Faults) {
	s := r.s
	a := r.c.FleetAlliance(m.Fleet)
	if holder, ok := s.Benefits[processor.StarOfTheVoidfarer]; s.Phase != 1 || !ok || holder != a {
		why := "no Alliance holds the Star of the Voidfarer's benefit in this campaign"
		switch {
		case ok && holder != a:
			why = fmt.Sprintf("%s holds the Star of the Voidfarer's benefit, not %s", holder, a)
		case ok:
			why = fmt.Sprintf("the Star of the Voidfarer's benefit is for the Move Fleets step of the first phase, and this is phase %d", s.Phase)
		}
		fs.Add(m.Src, "%s moves once: %s; give one planet, such as %s = %q", m.Fleet, why, m.Fleet, m.Via[0])
		return
	}
	from := s.Fleets[m.Fleet]
	for i, to := range append(slices.Clone(m.Via), m.To) {
		if r.c.Map.Has(to) && r.c.Map.Has(from) && to != from && !s.IsConnected(a, from, to) {
			nth := [...]string{"first", "second"}[min(i, 1)]
			fs.Add(m.Src.At(i), "no lane from %s to %s: %s's %s move goes to a planet connected to %s: %s", from, to, m.Fleet, nth, from, report.OneOf(s.Connected(a, from)))
		}
		from = to
	}
}
