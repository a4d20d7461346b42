package simulate

import (
	"fmt"
	"strings"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/report"
)

// engineProfiles are the war-engine profiles a simulated campaign may
// field (engines/<id>.toml): a Behemoth, a Scout Titan with Void Fields and
// a Titan with a close combat weapon; the Behemoth and the Titan each with
// a structural weapon.
var engineProfiles = map[string]string{
	"colossus": `name = "Colossus-class Behemoth"
type = "behemoth"
spread = 4

[zones.hull]
damage_points = 12

[[zones.hull.thresholds]]
below = 8
crippled = "Reactor breach"

[[zones.hull.thresholds]]
below = 4
crippled = "Command deck ablaze"

[zones.legs]
damage_points = 10

[[zones.legs.thresholds]]
below = 7
crippled = "Leg actuator fails"

[zones.weapons]
damage_points = 8

[[zones.weapons.thresholds]]
below = 6
crippled = "A weapon is destroyed"
options = ["Siege cannon", "Port battery", "Starboard battery", { name = "Keel ram", structural = true }]

[[zones.weapons.thresholds]]
below = 3
crippled = "A weapon is destroyed"
options = ["Siege cannon", "Port battery", "Starboard battery", { name = "Keel ram", structural = true }]
`,
	"warhound": `name = "Warhound Scout Titan"
type = "war-machine"
class = "scout-titan"
structure_points = 3
speed = "agile"
leadership = 8

[fields]
imperial_void_fields = 2

[[weapons]]
name = "Plasma Blastgun"
mega = true

[[weapons]]
name = "Vulcan Mega-Bolter"
gatling = true
`,
	"doomwalker": `name = "Doomwalker Titan"
type = "war-machine"
class = "titan"
structure_points = 5
speed = "lumbering"
leadership = 10
close_combat_weapon = true

[[weapons]]
name = "Gauss Flayer Array"
structural = true

[[weapons]]
name = "Gauss Annihilator"
mega = true
twin_linked = true

[[weapons]]
name = "Tesla Destructor"
`,
}

// engineRules are the war-engine [rules] options, each now and then.
func (b *bot) engineRules() string {
	var out strings.Builder
	if b.chance(3) {
		fmt.Fprintf(&out, "war_machine_catastrophic_3 = %q\n", pick(b, []string{"destroyed", "explosion", "roll-again"}))
	}
	for _, line := range []string{"war_machine_keep_engines_damaged = true", "war_machine_repair = 1", "behemoth_repair = 2",
		`behemoth_untargeted_chain = "opponent"`, "behemoth_landing_enemy_dice = 1", `volcano_cannon_pick = "lower"`} {
		b.sometimes(&out, 3, line)
	}
	return out.String()
}

// engineRoster is campaign.toml's [[war_engines]]: one to three engines
// on random fleets.
func (b *bot) engineRoster() string {
	var out strings.Builder
	profiles := []string{"colossus", "warhound", "doomwalker"}
	for i := range 1 + b.rng.IntN(3) {
		fmt.Fprintf(&out, "\n[[war_engines]]\nid = \"engine-%d\"\nfleet = %q\nprofile = %q\n", i+1, fleetID(b.rng.IntN(b.p.Fleets)), pick(b, profiles))
	}
	return out.String()
}

// engineEntries are a result's [[war_engines]]: now and then an entry for
// an engine of either Alliance that fought, not destroyed already.
func (b *bot) engineEntries(f *folder.Folder, bt battle) string {
	c, s := f.Campaign, f.State
	var out strings.Builder
	for _, e := range c.Engines.Engines {
		side := c.FleetAlliance(e.Fleet)
		if (side != bt.attacker && side != bt.defender) || s.Engines[e.ID].Destroyed(e.Profile) || b.chance(3) {
			continue
		}
		fmt.Fprintf(&out, "\n[[war_engines]]\nengine = %q\n", e.ID)
		if b.chance(15) {
			out.WriteString("removed = true\n")
		}
		if be := e.Profile.Behemoth; be != nil {
			if b.chance(3) {
				fmt.Fprintf(&out, "[war_engines.landing]\nimpassable = %d\nenemy_within_3 = %d\nunits = %d\n", b.rng.IntN(2), b.rng.IntN(3), b.rng.IntN(2))
			}
			for range b.rng.IntN(3) {
				out.WriteString("[[war_engines.damage]]\n")
				if b.chance(4) {
					fmt.Fprintf(&out, "stomp = %d\n", 1+b.rng.IntN(3))
					continue
				}
				z := b.rng.IntN(3)
				fmt.Fprintf(&out, "zone = %q\npoints = %d\n", []string{"hull", "legs", "weapons"}[z], 1+b.rng.IntN(min(5, be.Zones[z].DamagePoints)))
				var opts []string // a random pick never names a structural weapon
				for _, o := range be.AllOptions() {
					if !be.IsStructural(o) {
						opts = append(opts, o)
					}
				}
				if len(opts) > 0 && b.chance(2) {
					fmt.Fprintf(&out, "crippled = [%q]\n", pick(b, opts))
				}
				if b.chance(3) {
					fmt.Fprintf(&out, "chain = [%q]\n", pick(b, []string{"hull", "legs", "weapons"}))
				}
			}
			continue
		}
		w := e.Profile.WarMachine
		hits := []string{}
		for range b.rng.IntN(4) {
			hits = append(hits, pick(b, []string{"glancing", "penetrating", "volcano-glancing", "volcano-penetrating"}))
		}
		if b.chance(4) { // infantry assaulting it
			hits = append(hits, pick(b, []string{"close-combat-glancing", "close-combat-penetrating"}))
		}
		// A Titan close combat weapon on the other side, still standing.
		var by []processor.EngineID
		for _, o := range c.Engines.Engines {
			os := c.FleetAlliance(o.Fleet)
			if o.ID != e.ID && os != side && (os == bt.attacker || os == bt.defender) && o.Profile.WarMachine != nil &&
				o.Profile.WarMachine.CloseCombatWeapon && !s.Engines[o.ID].Destroyed(o.Profile) {
				by = append(by, o.ID)
			}
		}
		if len(by) > 0 && b.chance(2) {
			hits = append(hits, pick(b, []string{"close-combat-glancing", "close-combat-penetrating"}))
			fmt.Fprintf(&out, "close_combat_by = %q\n", pick(b, by))
		}
		fmt.Fprintf(&out, "hits = [%s]\n", report.Quoted(hits))
		if w.RepairsVoidFields() && b.chance(3) { // turns time Void Field repairs alone
			turns := 1 + b.rng.IntN(6)
			fmt.Fprintf(&out, "turns = %d\n", turns)
			if b.chance(2) {
				at := make([]string, len(hits))
				t := 0
				for i := range at {
					t += b.rng.IntN(turns + 1 - t)
					at[i] = fmt.Sprint(t)
				}
				fmt.Fprintf(&out, "hit_turns = [%s]\n", strings.Join(at, ", "))
			}
		}
		if lose := w.Destructible(); len(lose) > 0 && b.chance(3) {
			fmt.Fprintf(&out, "weapons_lost = [%q]\n", pick(b, lose)) // never a structural weapon
		}
	}
	return out.String()
}
