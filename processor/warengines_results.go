package processor

import (
	"fmt"
	"slices"
	"strings"

	"github.com/warmaster/warmaster/processor/engines"
)

// EngineEntry is one war engine's entry in a battle result
// (results/<fleet>.toml [[war_engines]]): what happened to it at the table.
type EngineEntry struct {
	Engine EngineID
	// Removed: removed from the board (a Behemoth's singularity): destroyed.
	Removed bool

	// Behemoth: a Drop-harness landing, then damage in the order it came.
	Landing      *engines.Landing
	LandingSrc   Src
	LandingTaken engines.Choices // the opposing player's choices for the landing's results
	Damage       []EngineDamage

	// War Machine: glancing and penetrating hits in the order suffered, the
	// opponent's pick for each Weapon Destroyed, the turns its owner played
	// and the turn of each hit (Battle); the opponent's War Machine whose
	// Titan close combat weapon scored the close-combat hits, if one did.
	Battle        engines.Battle
	CloseCombatBy EngineID

	Src Src
}

// EngineDamage is one [[war_engines.damage]] entry: a weapon's damage to a
// zone (Zone, Points), or hits from moving through Impassable scenery that
// failed to damage it (Stomp); with the players' choices for its results.
type EngineDamage struct {
	Zone    engines.Zone
	Points  int
	Stomp   int
	Choices engines.Choices
	Src     Src
}

var (
	behemothEntryKeys   = []string{"landing", "damage"}
	warMachineEntryKeys = []string{"hits", "close_combat_by", "weapons_lost", "turns", "hit_turns"}
)

// decodeEngineEntries reads a result's [[war_engines]] and checks what does
// not depend on the map: known engines, the keys of each engine's kind, what
// its profile can take.
func (k checker) decodeEngineEntries(d obj) []EngineEntry {
	var out []EngineEntry
	seen := map[EngineID]bool{}
	roster := &k.c.Engines
	for _, o := range d.objs("war_engines") {
		e := EngineEntry{Engine: EngineID(o.str("engine")), Removed: o.bool("removed"), Src: o.src}
		we, ok := roster.Engine(e.Engine)
		switch {
		case !ok:
			k.fs.add(o.src.At("engine"), "unknown war engine %q; %s", e.Engine, hint(k.fs, string(e.Engine), roster.ids(), "campaign.toml's [[war_engines]]: "+oneOf(roster.ids())))
			continue
		case seen[e.Engine]:
			k.fs.add(o.src.At("engine"), "%s has an entry already in this result: one [[war_engines]] entry per engine", e.Engine)
			continue
		}
		seen[e.Engine] = true
		p := we.Profile
		own, other, kind := behemothEntryKeys, warMachineEntryKeys, "a War Machine"
		if p.Behemoth == nil {
			own, other, kind = warMachineEntryKeys, behemothEntryKeys, "a Behemoth"
		}
		for _, key := range other {
			if o.has(key) {
				k.fs.addKey(o.src.At(key), "%q is for %s; %s is %s %s, whose entry takes %s", key, kind, e.Engine, article(p.Kind()), p.Kind(), joinQuoted(append(slices.Clone(own), "removed")))
			}
		}
		if p.Behemoth != nil {
			k.behemothEntry(o, &e, p)
		} else {
			k.warMachineEntry(o, &e, p)
		}
		out = append(out, e)
	}
	return out
}

func article(s string) string {
	if s != "" && slices.Contains([]byte("AEIOU"), s[0]) {
		return "an"
	}
	return "a"
}

func (k checker) zones(at Src, names []string) []engines.Zone {
	var out []engines.Zone
	for _, n := range names {
		z, _ := engines.ParseZone(n) // the schema allows only zone names
		out = append(out, z)
	}
	return out
}

func (k checker) behemothEntry(o obj, e *EngineEntry, p *engines.Profile) {
	b := p.Behemoth
	options := b.AllOptions()
	crippled := func(x obj) []string {
		for i, c := range x.strs("crippled") {
			switch {
			case !slices.Contains(options, c):
				k.fs.add(x.src.At("crippled", i), "%q is not a Crippled option of %s; its options: %s", c, p.Name, quoted(options))
			case b.IsStructural(c):
				// "Weapons with the Structural special rule cannot be affected by Crippled results."
				var open []string
				for _, o := range options {
					if !b.IsStructural(o) {
						open = append(open, o)
					}
				}
				k.fs.add(x.src.At("crippled", i), "%q is structural (structural = true in engines/%s.toml): Crippled results never take it; options they can take: %s", c, p.ID, quoted(open))
			}
		}
		return x.strs("crippled")
	}
	if o.has("landing") {
		l := o.obj("landing")
		e.Landing = &engines.Landing{Impassable: l.int("impassable"), Tough: l.int("tough"), EnemyNear: l.int("enemy_within_3"), Units: l.int("units"), AntiAircraft: l.int("anti_aircraft")}
		e.LandingSrc = l.src
		e.LandingTaken = engines.Choices{Crippled: crippled(l), Chain: k.zones(l.src.At("chain"), l.strs("chain"))}
	}
	for _, x := range o.objs("damage") {
		dm := EngineDamage{Src: x.src, Stomp: x.int("stomp"), Points: x.int("points")}
		hasZone, hasPoints, hasStomp := x.has("zone"), x.has("points"), x.has("stomp")
		// zone with points, or stomp: the schema's (anyOf,
		// if/then); not both is checked here.
		if hasStomp && (hasZone || hasPoints) {
			k.fs.add(x.src, "give either zone and points (a weapon's damage to one zone) or stomp (hits from moving through Impassable scenery), not both")
		}
		if hasZone {
			dm.Zone, _ = engines.ParseZone(x.str("zone"))
			// More damage than the zone has cannot come from one weapon's volley.
			if full := b.Zones[dm.Zone].DamagePoints; hasPoints && dm.Points > full {
				k.fs.add(x.src.At("points"), "%d Damage Points is more than the %s can take: %s's %s has %d", dm.Points, dm.Zone.Title(), p.Name, dm.Zone.Title(), full)
			}
		}
		dm.Choices = engines.Choices{Crippled: crippled(x), Chain: k.zones(x.src.At("chain"), x.strs("chain"))}
		e.Damage = append(e.Damage, dm)
	}
}

func (k checker) warMachineEntry(o obj, e *EngineEntry, p *engines.Profile) {
	b := &e.Battle
	closeCombat := false
	for _, s := range o.strs("hits") {
		h, _ := engines.ParseHit(s) // the schema allows only hit names
		b.Hits = append(b.Hits, h)
		closeCombat = closeCombat || h.Source == engines.CloseCombat
	}
	// Titan Close Combat Weapons: close_combat_by names the War Machine
	// whose weapon scored the entry's close-combat hits; without it they
	// are other close combat attacks (infantry assaulting a Titan).
	if o.has("close_combat_by") {
		e.CloseCombatBy = EngineID(o.str("close_combat_by"))
		by, ok := k.c.Engines.Engine(e.CloseCombatBy)
		at := o.src.At("close_combat_by")
		switch {
		case !ok:
			k.fs.add(at, "unknown war engine %q; %s", e.CloseCombatBy, hint(k.fs, string(e.CloseCombatBy), k.c.Engines.ids(), "campaign.toml's [[war_engines]]: "+oneOf(k.c.Engines.ids())))
		case by.Profile.WarMachine == nil || !by.Profile.WarMachine.CloseCombatWeapon:
			k.fs.add(at, "%s (%s) has no Titan close combat weapon (close_combat_weapon = true in engines/%s.toml)", by.ID, by.Profile.Name, by.Profile.ID)
		case by.ID == e.Engine:
			k.fs.add(at, "%s cannot strike itself in close combat", by.ID)
		case !closeCombat:
			k.fs.add(at, "no close-combat hit names it: list the hits its Titan close combat weapon scored as \"close-combat-glancing\" or \"close-combat-penetrating\"")
		}
		for i := range b.Hits {
			b.Hits[i].TitanWeapon = b.Hits[i].Source == engines.CloseCombat
		}
	}
	for i, n := range o.strs("weapons_lost") {
		if msg := WeaponLostProblem(p, n); msg != "" {
			k.fs.add(o.src.At("weapons_lost", i), "%s", msg)
		}
	}
	b.WeaponsLost = o.strs("weapons_lost")
	b.Turns = o.int("turns")
	if o.has("hit_turns") {
		b.HitTurns = o.ints("hit_turns")
	}
	for _, f := range b.Check() {
		at := o.src
		for _, seg := range strings.Split(f.Key, "/") {
			at = at.At(seg)
		}
		k.fs.add(at, "%s", f.Message)
	}
}

// WeaponLostProblem says why a War Machine's battle may not name a weapon
// as the opponent's pick for a Weapon Destroyed result (a result's
// weapons_lost, engine hits' --weapon-lost), or "".
func WeaponLostProblem(p *engines.Profile, weapon string) string {
	w := p.WarMachine
	switch {
	case !slices.Contains(w.WeaponNames(), weapon):
		return fmt.Sprintf("%s has no weapon %q; its weapons: %s", p.Name, weapon, quoted(w.WeaponNames()))
	case w.IsStructural(weapon):
		// "Weapons with the Structural special rule cannot be affected by Crippled results."
		return fmt.Sprintf("the %s is structural (structural = true in engines/%s.toml): Weapon Destroyed never takes it; weapons it can take: %s", weapon, p.ID, quoted(w.Destructible()))
	}
	return ""
}

func quoted(ss []string) string {
	if len(ss) == 0 {
		return "(none)"
	}
	return joinQuoted(ss)
}

// validateEngineEntries checks a result's war engines against the battle
// and the state: each engine, and the War Machine whose close combat weapon
// struck, belongs to a fleet of one of the two Alliances that fought, and
// none is destroyed already.
func (r *run) validateEngineEntries(b BattleOp, res *Result, fs *faults) {
	fought := []AllianceID{b.Attacker, b.Defender}
	side := func(at Src, id EngineID) (AllianceID, bool) {
		e, ok := r.c.Engines.Engine(id)
		if !ok {
			return "", false // refused when the file was read
		}
		a := r.c.FleetAlliance(e.Fleet)
		switch {
		case !slices.Contains(fought, a):
			var could []EngineID
			for _, x := range r.c.Engines.Engines {
				if slices.Contains(fought, r.c.FleetAlliance(x.Fleet)) && !r.s.Engines[x.ID].Destroyed(x.Profile) {
					could = append(could, x.ID)
				}
			}
			fs.add(at, "%s is %s's (fleet %s), which did not fight this battle (%s against %s); engines that could: %s", id, a, e.Fleet, b.Attacker, b.Defender, oneOf(could))
			return a, false
		case r.s.Engines[id].Destroyed(e.Profile):
			fs.add(at, "%s was destroyed in an earlier battle (state.toml): a destroyed war engine cannot fight again", id)
			return a, false
		}
		return a, true
	}
	for _, e := range res.WarEngines {
		own, ok := side(e.Src.At("engine"), e.Engine)
		if e.CloseCombatBy == "" || e.CloseCombatBy == e.Engine {
			continue // none, or refused when the file was read
		}
		if by, byOK := side(e.Src.At("close_combat_by"), e.CloseCombatBy); ok && byOK && by == own {
			fs.add(e.Src.At("close_combat_by"), "%s is on %s's side, like %s: close combat is against an opponent", e.CloseCombatBy, by, e.Engine)
		}
	}
}

// engineRepairs begins 2.4: between phases (from the second on), each
// engine regains what the campaign's repair options give; it returns every
// engine's condition before, for the phase's changes.
func (r *run) engineRepairs() map[EngineID]EngineCondition {
	before := cloneMap(r.s.Engines)
	rules := r.c.Engines.Rules
	if r.s.Phase < 2 || (rules.BehemothRepair == 0 && rules.WarMachineRepair == 0) {
		return before
	}
	for _, e := range r.c.Engines.Engines {
		c := r.s.Engines[e.ID]
		var events []string
		if b := e.Profile.Behemoth; b != nil && rules.BehemothRepair > 0 {
			out := engines.RepairBehemoth(b, c.Behemoth, rules.BehemothRepair)
			c.Behemoth, events = out.Condition, out.Events
		} else if w := e.Profile.WarMachine; w != nil && rules.WarMachineRepair > 0 {
			out := engines.RepairWarMachine(w, c.WarMachine, rules.WarMachineRepair)
			c.WarMachine, events = out.Condition, out.Events
		}
		if len(events) > 0 {
			r.sec.Para("Repairs between phases (behemoth_repair = %d, war_machine_repair = %d), %s:", rules.BehemothRepair, rules.WarMachineRepair, engineName(e))
			r.note(events...)
		}
		r.s.Engines[e.ID] = c
	}
	return before
}

// engineBattle applies a battle's [[war_engines]] entries, in the order
// written, with the campaign's dice (streams phase-NN/2.4/<battle>/engines/<id>/…).
func (r *run) engineBattle(f fought) {
	if f.res == nil {
		return
	}
	rules := r.c.Engines.Rules
	for _, x := range f.res.WarEngines {
		e, _ := r.c.Engines.Engine(x.Engine)
		c := r.s.Engines[x.Engine]
		base := r.engineLabel(f.ID, x.Engine)
		var events []string
		if c.Destroyed(e.Profile) {
			// Destroyed by a battle processed earlier in this 2.4.
			r.sec.Para("%s:", engineName(e))
			r.note("It was destroyed in an earlier battle this phase: its entry here is ignored")
			continue
		}
		if b := e.Profile.Behemoth; b != nil {
			bc := c.Behemoth
			if x.Landing != nil {
				out := engines.Land(b, bc, *x.Landing, x.LandingTaken, rules, r.dice, base)
				bc, events = out.Condition, append(events, out.Events...)
			}
			for i, dm := range x.Damage {
				var out engines.Outcome[engines.BehemothCondition]
				if dm.Stomp > 0 {
					out = engines.Stomp(b, bc, dm.Stomp, dm.Choices, rules, r.dice, base, i+1)
				} else {
					out = engines.DamageZone(b, bc, dm.Zone, dm.Points, dm.Choices, rules, r.dice, base, i+1)
				}
				bc, events = out.Condition, append(events, out.Events...)
			}
			if x.Removed && !bc.Destroyed {
				bc.Destroyed = true
				events = append(events, "Removed from the board (a singularity): destroyed")
			}
			c.Behemoth = bc
		} else {
			w := e.Profile.WarMachine
			out := engines.Fight(w, c.WarMachine, x.Battle, rules, r.dice, base)
			wc := out.Condition
			events = append(events, out.Events...)
			if x.Removed && !wc.Destroyed {
				wc.Destroyed = true
				events = append(events, "Removed from the board (a singularity): destroyed")
			}
			end := engines.EndBattle(w, wc, rules)
			c.WarMachine, events = end.Condition, append(events, end.Events...)
		}
		if len(events) == 0 {
			events = []string{"No damage"}
		}
		r.sec.Para("%s:", engineName(e))
		r.note(events...)
		r.s.Engines[x.Engine] = c
	}
}

// engineChanges ends 2.4 with what this phase did to the war engines.
func (r *run) engineChanges(before map[EngineID]EngineCondition) {
	if len(r.c.Engines.Engines) == 0 {
		return
	}
	var rows [][]string
	for _, e := range r.c.Engines.Engines {
		was, now := before[e.ID].Describe(e.Profile), r.s.Engines[e.ID].Describe(e.Profile)
		if was != now {
			rows = append(rows, []string{string(e.ID), string(e.Fleet), e.Profile.Name, was, now})
		}
	}
	if len(rows) == 0 {
		r.sec.Para("No war engine changed this phase.")
		return
	}
	r.sec.Para("War engines changed this phase:")
	r.sec.Table([]string{"engine", "fleet", "profile", "before", "after"}, rows)
}
