package processor

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/warmaster/warmaster/processor/engines"
	"github.com/warmaster/warmaster/processor/report"
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
func (k Checker) decodeEngineEntries(d Obj) []EngineEntry {
	var out []EngineEntry
	seen := map[EngineID]bool{}
	roster := &k.C.Engines
	for _, o := range d.Objs("war_engines") {
		e := EngineEntry{Engine: EngineID(o.Str("engine")), Removed: o.bool("removed"), Src: o.Src}
		we, ok := roster.Engine(e.Engine)
		switch {
		case !ok:
			k.Fs.Add(o.Src.At("engine"), "unknown war engine %q; %s", e.Engine, Hint(k.Fs, string(e.Engine), roster.Ids(), "campaign.toml's [[war_engines]]: "+report.OneOf(roster.Ids())))
			continue
		case seen[e.Engine]:
			k.Fs.Add(o.Src.At("engine"), "%s has an entry already in this result: one [[war_engines]] entry per engine", e.Engine)
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
				k.Fs.AddKey(o.Src.At(key), "%q is for %s; %s is %s %s, whose entry takes %s", key, kind, e.Engine, article(p.Kind()), p.Kind(), report.QuotedAnd(append(slices.Clone(own), "removed")))
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

func (k Checker) zones(at Src, names []string) []engines.Zone {
	var out []engines.Zone
	for _, n := range names {
		z, _ := engines.ParseZone(n) // the schema allows only zone names
		out = append(out, z)
	}
	return out
}

func (k Checker) behemothEntry(o Obj, e *EngineEntry, p *engines.Profile) {
	b := p.Behemoth
	options := b.AllOptions()
	crippled := func(x Obj) []string {
		for i, c := range x.strs("crippled") {
			switch {
			case !slices.Contains(options, c):
				k.Fs.Add(x.Src.At("crippled", i), "%q is not a Crippled option of %s; its options: %s", c, p.Name, cmp.Or(report.QuotedAnd(options), "(none)"))
			case b.IsStructural(c):
				// "Weapons with the Structural special rule cannot be affected by Crippled results."
				var open []string
				for _, o := range options {
					if !b.IsStructural(o) {
						open = append(open, o)
					}
				}
				k.Fs.Add(x.Src.At("crippled", i), "%q is structural (structural = true in engines/%s.toml): Crippled results never take it; options they can take: %s", c, p.ID, cmp.Or(report.QuotedAnd(open), "(none)"))
			}
		}
		return x.strs("crippled")
	}
	// A chain reaction of landing or stomp damage has no targeting player:
	// with behemoth_untargeted_chain = "random" its Zone is rolled, and a
	// chain list there would be read and never used.
	untargeted := func(x Obj) {
		if x.has("chain") && k.C.Engines.Rules.UntargetedChain == engines.ChainRandom {
			k.Fs.AddKey(x.Src.At("chain"), "chain is never used here: this campaign rolls the Zone of a chain reaction from landing or stomp damage ([rules] behemoth_untargeted_chain = \"random\"); remove it (with behemoth_untargeted_chain = \"opponent\" the opposing player's chain is used)")
		}
	}
	if o.has("landing") {
		l := o.Obj("landing")
		untargeted(l)
		e.Landing = &engines.Landing{Impassable: l.int("impassable"), Tough: l.int("tough"), EnemyNear: l.int("enemy_within_3"), Units: l.int("units"), AntiAircraft: l.int("anti_aircraft")}
		e.LandingSrc = l.Src
		e.LandingTaken = engines.Choices{Crippled: crippled(l), Chain: k.zones(l.Src.At("chain"), l.strs("chain"))}
	}
	for _, x := range o.Objs("damage") {
		dm := EngineDamage{Src: x.Src, Stomp: x.int("stomp"), Points: x.int("points")}
		hasZone, hasPoints, hasStomp := x.has("zone"), x.has("points"), x.has("stomp")
		if hasStomp {
			untargeted(x)
		}
		// zone with points, or stomp: the schema's (anyOf,
		// if/then); not both is checked here.
		if hasStomp && (hasZone || hasPoints) {
			k.Fs.Add(x.Src, "give either zone and points (a weapon's damage to one zone) or stomp (hits from moving through Impassable scenery), not both")
		}
		if hasZone {
			dm.Zone, _ = engines.ParseZone(x.Str("zone"))
			// points is what the weapon took from the zone: never more
			// than its full Damage Points (a zone stops at 0).
			if full := b.Zones[dm.Zone].DamagePoints; hasPoints && dm.Points > full {
				k.Fs.Add(x.Src.At("points"), "%d Damage Points is more than the %s can take: %s's %s has %d", dm.Points, dm.Zone.Title(), p.Name, dm.Zone.Title(), full)
			}
		}
		dm.Choices = engines.Choices{Crippled: crippled(x), Chain: k.zones(x.Src.At("chain"), x.strs("chain"))}
		e.Damage = append(e.Damage, dm)
	}
}

func (k Checker) warMachineEntry(o Obj, e *EngineEntry, p *engines.Profile) {
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
		e.CloseCombatBy = EngineID(o.Str("close_combat_by"))
		by, ok := k.C.Engines.Engine(e.CloseCombatBy)
		at := o.Src.At("close_combat_by")
		switch {
		case !ok:
			k.Fs.Add(at, "unknown war engine %q; %s", e.CloseCombatBy, Hint(k.Fs, string(e.CloseCombatBy), k.C.Engines.Ids(), "campaign.toml's [[war_engines]]: "+report.OneOf(k.C.Engines.Ids())))
		case by.Profile.WarMachine == nil || !by.Profile.WarMachine.CloseCombatWeapon:
			k.Fs.Add(at, "%s (%s) has no Titan close combat weapon (close_combat_weapon = true in engines/%s.toml)", by.ID, by.Profile.Name, by.Profile.ID)
		case by.ID == e.Engine:
			k.Fs.Add(at, "%s cannot strike itself in close combat", by.ID)
		case !closeCombat:
			k.Fs.Add(at, "no close-combat hit names it: list the hits its Titan close combat weapon scored as \"close-combat-glancing\" or \"close-combat-penetrating\"")
		}
		for i := range b.Hits {
			b.Hits[i].TitanWeapon = b.Hits[i].Source == engines.CloseCombat
		}
	}
	for i, n := range o.strs("weapons_lost") {
		if msg := WeaponLostProblem(p, n); msg != "" {
			k.Fs.Add(o.Src.At("weapons_lost", i), "%s", msg)
		}
	}
	b.WeaponsLost = o.strs("weapons_lost")
	b.Turns = o.int("turns")
	if o.has("hit_turns") {
		b.HitTurns = o.ints("hit_turns")
	}
	// Imperial Void Field: "The Imperial player can roll to repair damaged
	// void fields at the start of each of his turns" — what the turns time.
	if !p.WarMachine.RepairsVoidFields() {
		for _, key := range []string{"turns", "hit_turns"} {
			if o.has(key) {
				k.Fs.Add(o.Src.At(key), "%s has no Imperial Void Fields (engines/%s.toml): %s times only their repair rolls; leave it out", p.Name, p.ID, key)
			}
		}
	}
	for _, f := range b.Check() {
		at := o.Src
		for _, seg := range strings.Split(f.Key, "/") {
			at = at.At(seg)
		}
		k.Fs.Add(at, "%s", f.Message)
	}
}

// WeaponLostProblem says why a War Machine's battle may not name a weapon
// as the opponent's pick for a Weapon Destroyed result (a result's
// weapons_lost, engine hits' --weapon-lost), or "".
func WeaponLostProblem(p *engines.Profile, weapon string) string {
	w := p.WarMachine
	switch {
	case !slices.Contains(w.WeaponNames(), weapon):
		return fmt.Sprintf("%s has no weapon %q; its weapons: %s", p.Name, weapon, cmp.Or(report.QuotedAnd(w.WeaponNames()), "(none)"))
	case w.IsStructural(weapon):
		// "Weapons with the Structural special rule cannot be affected by Crippled results."
		return fmt.Sprintf("the %s is structural (structural = true in engines/%s.toml): Weapon Destroyed never takes it; weapons it can take: %s", weapon, p.ID, cmp.Or(report.QuotedAnd(w.Destructible()), "(none)"))
	}
	return ""
}
