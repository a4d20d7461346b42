package engines

import (
	"fmt"
	"slices"
	"strings"

	"github.com/warmaster/warmaster/processor/report"
)

// Choices are a player's choices for one entry of damage, each list used in
// order as the results come: an option for each Crippled result that offers
// one ("the targeting player chooses which result applies"), and the zone
// for each chain reaction ("the targeting player chooses 1 other Zone").
type Choices struct {
	Crippled []string
	Chain    []Zone
}

// Landing counts the conditions met by a Drop-harness landing, after the
// Scenery pieces and squads it destroyed are removed. "Each condition can
// be met multiple times."
type Landing struct {
	Impassable   int // Landed on Impassable Scenery: 5 dice per instance
	Tough        int // Landed on Tough scenery: 2
	EnemyNear    int // Landed within 3" of an enemy squad: 2
	Units        int // Landed on a unit: 1
	AntiAircraft int // Landed within R(C) and line of sight of an AA weapon: 1
}

// Dice is the number of dice the landing-damage table lists for the
// conditions, with the campaign's reading of the enemy-squad row.
func (l Landing) Dice(rules Rules) int {
	return 5*l.Impassable + 2*l.Tough + rules.enemyDice()*l.EnemyNear + l.Units + l.AntiAircraft
}

func (l Landing) describe(rules Rules) string {
	var parts []string
	for _, c := range []struct {
		n, per    int
		one, many string
	}{
		{l.Impassable, 5, "piece of Impassable Scenery landed on", "pieces of Impassable Scenery landed on"},
		{l.Tough, 2, "piece of Tough scenery landed on", "pieces of Tough scenery landed on"},
		{l.EnemyNear, rules.enemyDice(), "enemy squad within 3\"", "enemy squads within 3\""},
		{l.Units, 1, "unit landed on", "units landed on"},
		{l.AntiAircraft, 1, "AA weapon in range and line of sight", "AA weapons in range and line of sight"},
	} {
		if c.n > 0 {
			what := c.many
			if c.n == 1 {
				what = c.one
			}
			parts = append(parts, fmt.Sprintf("%d for %d %s", c.n*c.per, c.n, what))
		}
	}
	return strings.Join(parts, ", ")
}

// behemoth resolves damage to one Behemoth.
type behemoth struct {
	table
	b        *Behemoth
	c        BehemothCondition
	rules    Rules
	base     string // the engine's label
	stream   string // the procedure's label
	targeted bool   // a targeting player chooses (not landing or stomp damage)
	choices  Choices
	used     struct{ crippled, chain int }
}

func newBehemoth(b *Behemoth, c BehemothCondition, rules Rules, roll Roller, base string) *behemoth {
	return &behemoth{table: table{roll: roll}, b: b, c: c.clone(), rules: rules, base: base}
}

func (h *behemoth) outcome() Outcome[BehemothCondition] {
	if n := len(h.choices.Crippled) - h.used.crippled; n > 0 && !h.c.Destroyed {
		h.say("Not needed: %s (no Crippled result left to choose for)", report.Quoted(h.choices.Crippled[h.used.crippled:]))
	}
	if n := len(h.choices.Chain) - h.used.chain; n > 0 && !h.c.Destroyed {
		var zs []string
		for _, z := range h.choices.Chain[h.used.chain:] {
			zs = append(zs, z.Title())
		}
		h.say("Not needed: chain-reaction zones %s (no chain reaction left)", strings.Join(zs, ", "))
	}
	return Outcome[BehemothCondition]{Condition: h.c, Events: h.events, Rolls: h.rolls}
}

// DamageZone resolves one weapon's damage to one zone: "Whenever a unit
// shoots a Behemoth, choose a zone to target." The zone loses the points;
// every Damage Threshold it goes below Cripples it (once), and after each
// Crippled result the targeting player's chosen other zone loses 1 Damage
// Point, which may Cripple again: a chain reaction. entry numbers the
// damage among the battle's (its dice stream: <base>/damage/<entry>).
func DamageZone(b *Behemoth, c BehemothCondition, z Zone, points int, ch Choices, rules Rules, roll Roller, base string, entry int) Outcome[BehemothCondition] {
	h := newBehemoth(b, c, rules, roll, base)
	h.stream, h.targeted, h.choices = Label(base, "damage", fmt.Sprint(entry)), true, ch
	if h.c.Destroyed {
		h.say("The Behemoth is destroyed already: nothing happens")
		return h.outcome()
	}
	h.say("The targeting player's weapon hits the %s zone for %s", z.Title(), report.Plural(points, "Damage Point", "Damage Points"))
	h.lose(z, points)
	return h.outcome()
}

// Land resolves a Drop-harness landing: "roll the total number of dice
// listed. … For every 1-2 rolled, the Behemoth loses 1 Damage Point from a
// random Zone." Chain reactions of landing damage have no targeting player
// (Rules.UntargetedChain); ch.Chain holds the opponent's zones when the
// campaign lets the opponent choose. Dice stream: <base>/landing.
func Land(b *Behemoth, c BehemothCondition, l Landing, ch Choices, rules Rules, roll Roller, base string) Outcome[BehemothCondition] {
	h := newBehemoth(b, c, rules, roll, base)
	h.stream, h.choices = Label(base, "landing"), ch
	if h.c.Destroyed {
		h.say("The Behemoth is destroyed already: it cannot land")
		return h.outcome()
	}
	n := l.Dice(rules)
	if n == 0 {
		h.say("Drop-harness landing: no condition of the landing-damage table is met, no dice to roll")
		return h.outcome()
	}
	damage := 0
	var faces []string
	for i := 0; i < n; i++ {
		v := h.d(6, h.stream, fmt.Sprintf("Drop-harness landing, die %d of %d: a 1-2 costs 1 Damage Point", i+1, n))
		faces = append(faces, fmt.Sprint(v))
		if v <= 2 {
			damage++
		}
	}
	h.say("Drop-harness landing: %d dice (%s) roll %s: %s", n, l.describe(rules), strings.Join(faces, ", "), report.Plural(damage, "Damage Point", "Damage Points")+" from random Zones")
	for i := 0; i < damage && !h.c.Destroyed; i++ {
		h.lose(h.randomZone(fmt.Sprintf("Drop-harness landing damage %d of %d", i+1, damage)), 1)
	}
	return h.outcome()
}

// Stomp resolves moving through Impassable scenery: "Any of these hits that
// fail to damage are instead resolved as successful damage rolls against a
// random zone on the Behemoth." failed is the hits that failed to damage the
// scenery and that Passive Countermeasures did not stop; each costs 1
// Damage Point (our reading of a successful damage roll). Dice stream:
// <base>/damage/<entry>.
func Stomp(b *Behemoth, c BehemothCondition, failed int, ch Choices, rules Rules, roll Roller, base string, entry int) Outcome[BehemothCondition] {
	h := newBehemoth(b, c, rules, roll, base)
	h.stream, h.choices = Label(base, "damage", fmt.Sprint(entry)), ch
	if h.c.Destroyed {
		h.say("The Behemoth is destroyed already: nothing happens")
		return h.outcome()
	}
	if failed == 1 {
		h.say("Moving through Impassable scenery: 1 hit failed to damage the scenery and strikes a random Zone of the Behemoth instead")
	} else {
		h.say("Moving through Impassable scenery: %d hits failed to damage the scenery and each strikes a random Zone of the Behemoth instead", failed)
	}
	for i := 0; i < failed && !h.c.Destroyed; i++ {
		h.lose(h.randomZone(fmt.Sprintf("Impassable scenery hit %d of %d", i+1, failed)), 1)
	}
	return h.outcome()
}

// Destroy makes the destruction roll of a Behemoth "reduced to 0 Damage
// Points on 2 zones" (Destroying Behemoths), as the table does when told
// to. Dice stream: <base>/destroyed.
func Destroy(b *Behemoth, c BehemothCondition, roll Roller, base string) Outcome[BehemothCondition] {
	h := newBehemoth(b, c, Rules{}, roll, base)
	h.destroy()
	return h.outcome()
}

// RepairBehemoth gives a Behemoth back up to points Damage Points between
// phases (a campaign's Rules.BehemothRepair), one at a time to the zone
// with the most missing, Hull first on a tie. "Once a zone is completely
// destroyed, it cannot replenish damage points"; a threshold it climbs back
// above stays Crippled ("the Crippled result remains").
func RepairBehemoth(b *Behemoth, c BehemothCondition, points int) Outcome[BehemothCondition] {
	h := newBehemoth(b, c, Rules{}, nil, "")
	if h.c.Destroyed || points <= 0 {
		return h.outcome()
	}
	var got [3]int
	for i := 0; i < points; i++ {
		best, missing := Zone(-1), 0
		for _, z := range Zones {
			d := h.c.DamagePoints[z]
			if m := b.Zones[z].DamagePoints - d; d > 0 && m > missing {
				best, missing = z, m
			}
		}
		if best < 0 {
			break
		}
		h.c.DamagePoints[best]++
		got[best]++
	}
	for _, z := range Zones {
		if got[z] > 0 {
			h.say("Repairs: the %s zone regains %s (now %d/%d)", z.Title(), report.Plural(got[z], "Damage Point", "Damage Points"), h.c.DamagePoints[z], b.Zones[z].DamagePoints)
		}
	}
	for _, z := range Zones {
		if h.c.DamagePoints[z] == 0 {
			h.say("Repairs: the %s zone is completely destroyed and cannot replenish Damage Points", z.Title())
		}
	}
	if len(h.events) == 0 {
		h.say("Repairs: nothing to repair")
	}
	return h.outcome()
}

// lose takes points from a zone and resolves what follows: destruction at
// two zones on 0, else each threshold gone below Cripples, with its chain
// reaction.
func (h *behemoth) lose(z Zone, points int) {
	if h.c.Destroyed {
		return
	}
	before := h.c.DamagePoints[z]
	after := max(0, before-points)
	h.c.DamagePoints[z] = after
	switch {
	case before == 0:
		h.say("The %s zone is completely destroyed already: it has no Damage Points to lose", z.Title())
		return
	case after == 0:
		h.say("The %s zone loses %s (%d → 0): it is completely destroyed", z.Title(), report.Plural(before-after, "Damage Point", "Damage Points"), before)
	default:
		h.say("The %s zone loses %s (%d → %d)", z.Title(), report.Plural(before-after, "Damage Point", "Damage Points"), before, after)
	}
	// Destroying Behemoths: "reduced to 0 Damage Points on 2 zones, it is destroyed."
	if h.c.ZonesDestroyed() >= 2 {
		h.destroy()
		return
	}
	// Zones: "Once a zone goes below a Damage Threshold, it is Crippled" —
	// each Threshold only once, however often the zone crosses it.
	for _, t := range h.b.Zones[z].Thresholds {
		if after < t.Below && !h.c.IsCrippled(z, t.Below) {
			h.cripple(z, t)
			if h.c.Destroyed {
				return
			}
		}
	}
}

// cripple applies one Crippled result, then its chain reaction: "Every
// time a Behemoth is Crippled, after resolving the effects, the targeting
// player chooses 1 other Zone. That Zone loses 1 Damage Point."
func (h *behemoth) cripple(z Zone, t Threshold) {
	cr := Crippling{Zone: z, Below: t.Below, Effect: t.Effect}
	if len(t.Options) > 0 {
		cr.Option = h.option(t)
	}
	h.c.Crippled = append(h.c.Crippled, cr)
	msg := fmt.Sprintf("Crippled: the %s zone goes below %d Damage Points — %s", z.Title(), t.Below, t.Effect)
	if cr.Option != "" {
		msg += ": " + cr.Option
	}
	h.say("%s", msg)
	other, ok := h.chainZone(z)
	if !ok {
		h.say("Chain reaction: no other Zone has Damage Points left to lose")
		return
	}
	h.say("Chain reaction: the %s zone loses 1 Damage Point", other.Title())
	h.lose(other, 1)
}

// option is the targeting player's choice for a Crippled result with
// options: their next choice if it is one of this result's options, not
// structural and not already taken; otherwise (not chosen, or no longer
// possible) the first option neither taken yet nor structural, in the
// profile's order. "Weapons with the Structural special rule cannot be
// affected by Crippled results": a result whose options are all
// structural takes none; so does one whose options earlier results took
// (RULINGS 56).
func (h *behemoth) option(t Threshold) string {
	taken := func(o string) bool {
		return slices.ContainsFunc(h.c.Crippled, func(c Crippling) bool { return c.Option == o })
	}
	var open []string // the options a Crippled result can take
	for _, o := range t.Options {
		if !h.b.IsStructural(o) {
			open = append(open, o)
		}
	}
	if len(open) == 0 {
		h.say("Every option of this Crippled result is structural (%s): Crippled results cannot affect them, none is taken", report.Quoted(t.Options))
		return ""
	}
	// The fallback: the first option neither taken nor structural. With
	// none, what earlier Crippled results took is gone and is not taken
	// again (a War Machine's Weapon Destroyed with no weapon left takes
	// none either).
	first := slices.IndexFunc(open, func(o string) bool { return !taken(o) })
	if first < 0 {
		h.say("Every option of this Crippled result (%s) was taken by an earlier one: none is left, none is taken", report.Quoted(t.Options))
		return ""
	}
	notTaken := "not taken yet"
	if len(open) < len(t.Options) {
		notTaken = "neither taken yet nor structural"
	}
	who := "the targeting player"
	if !h.targeted {
		who = "the opposing player"
	}
	if h.used.crippled >= len(h.choices.Crippled) {
		o := open[first]
		h.say("No choice recorded for this Crippled result: %q, the first of %s %s", o, report.Quoted(t.Options), notTaken)
		return o
	}
	want := h.choices.Crippled[h.used.crippled]
	h.used.crippled++
	switch {
	case !slices.Contains(t.Options, want):
		o := open[first]
		h.say("%s chose %q, which is not an option of this Crippled result (%s): %q instead", report.UpperFirst(who), want, report.Quoted(t.Options), o)
		return o
	case h.b.IsStructural(want):
		o := open[first]
		h.say("%s chose %q, which is structural: Crippled results cannot affect it; %q instead", report.UpperFirst(who), want, o)
		return o
	case taken(want):
		o := open[first]
		h.say("%s chose %q, which an earlier Crippled result took: %q instead", report.UpperFirst(who), want, o)
		return o
	}
	return want
}

// chainZone picks the zone a chain reaction takes its Damage Point from:
// another zone with Damage Points left. With a targeting player, their
// next chosen zone; with none, by Rules.UntargetedChain. A choice that is
// missing or no longer possible falls back to a random other zone.
func (h *behemoth) chainZone(from Zone) (Zone, bool) {
	var others []Zone
	for _, z := range Zones {
		if z != from && h.c.DamagePoints[z] > 0 {
			others = append(others, z)
		}
	}
	if len(others) == 0 {
		return 0, false
	}
	if !h.targeted && h.rules.UntargetedChain == ChainRandom {
		return h.pick(others, Label(h.stream, "chain"), "Chain reaction (no targeting player): a random other Zone"), true
	}
	who := "the targeting player"
	if !h.targeted {
		who = "the opposing player"
	}
	if h.used.chain >= len(h.choices.Chain) {
		h.say("No zone recorded for this chain reaction: a random other Zone")
		return h.pick(others, Label(h.stream, "chain"), "Chain reaction (no zone chosen): a random other Zone"), true
	}
	want := h.choices.Chain[h.used.chain]
	h.used.chain++
	if !slices.Contains(others, want) {
		why := "it has no Damage Points left"
		if want == from {
			why = "it is the zone that was Crippled, not another"
		}
		h.say("%s chose the %s zone for this chain reaction, but %s: a random other Zone instead", report.UpperFirst(who), want.Title(), why)
		return h.pick(others, Label(h.stream, "chain"), "Chain reaction (chosen zone not possible): a random other Zone"), true
	}
	return want, true
}

// randomZone picks a random zone with Damage Points left.
func (h *behemoth) randomZone(why string) Zone {
	var zs []Zone
	for _, z := range Zones {
		if h.c.DamagePoints[z] > 0 {
			zs = append(zs, z)
		}
	}
	return h.pick(zs, Label(h.stream, "zone"), why+": a random Zone")
}

// pick chooses one of the zones with one D6: with three, 1-2 / 3-4 / 5-6;
// with two, 1-3 / 4-6; with one, no roll.
func (h *behemoth) pick(zs []Zone, label, why string) Zone {
	if len(zs) == 1 {
		return zs[0]
	}
	var ranges []string
	per := 6 / len(zs)
	for i, z := range zs {
		ranges = append(ranges, fmt.Sprintf("%d-%d %s", i*per+1, (i+1)*per, z.Title()))
	}
	v := h.d(6, label, why+" ("+strings.Join(ranges, ", ")+")")
	z := zs[(v-1)/per]
	h.say("Rolled %d for a random Zone: the %s zone", v, z.Title())
	return z
}

// destroy is Destroying Behemoths: "Roll 1 dice. On a 2+, the Behemoth
// explodes … On a roll of a 1 the primary core collapses … a localised
// singularity event occurs. Roll again."
func (h *behemoth) destroy() {
	h.c.Destroyed = true
	label := Label(h.base, "destroyed")
	h.say("The Behemoth is reduced to 0 Damage Points on 2 zones: it is destroyed")
	v := h.d(6, label, "Destroying Behemoths: 2+ explodes, 1 singularity")
	if v >= 2 {
		h.say("Destruction roll %d: the Behemoth explodes — every scenery piece and unit (friendly and enemy) within %d\" suffers %d Energy 10 automatic hits (Passive Countermeasures and Body Cover as normal); the wreck stays on the board as Impassable scenery", v, v, v)
		return
	}
	r := h.d(6, label, "Singularity: its radius in inches")
	h.say("Destruction roll 1: the primary core collapses — a singularity event! Rolled %d: every scenery piece and unit within %d\" is removed from the board, the Behemoth itself included (and any other Behemoth in range)", r, r)
}
