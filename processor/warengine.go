package processor

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/warmaster/warmaster/processor/engines"
	"github.com/warmaster/warmaster/processor/report"
)

// EngineID identifies a war engine on the roster.
type EngineID string

// WarEngine is one war engine of the roster: campaign.toml [[war_engines]].
type WarEngine struct {
	ID      EngineID
	Fleet   FleetID
	Profile *engines.Profile
	Src     Src
}

// Title is the engine for a report: "titan-1 (blue-1's Warhound Scout Titan)".
func (e WarEngine) Title() string {
	return fmt.Sprintf("%s (%s's %s)", e.ID, e.Fleet, e.Profile.Name)
}

// Roster is the campaign's war engines, the profiles they use and the
// readings of the war-engine rules ([rules] options).
type Roster struct {
	Engines  []WarEngine
	Profiles map[string]*engines.Profile
	Rules    engines.Rules

	Index map[EngineID]int
}

// EngineCondition is a war engine's condition: its Behemoth or War Machine
// condition, as its profile says which.
type EngineCondition struct {
	Behemoth   engines.BehemothCondition
	WarMachine engines.WarMachineCondition
}

// newEngineCondition is an engine as its profile gives it.
func newEngineCondition(p *engines.Profile) EngineCondition {
	if p.Behemoth != nil {
		return EngineCondition{Behemoth: engines.NewBehemothCondition(p.Behemoth)}
	}
	return EngineCondition{WarMachine: engines.NewWarMachineCondition(p.WarMachine)}
}

// initialEngines is every engine of the roster as its profile gives it:
// the condition at set-up, or when an engine is first seen.
func (c *Campaign) initialEngines() map[EngineID]EngineCondition {
	out := map[EngineID]EngineCondition{}
	for _, e := range c.Engines.Engines {
		out[e.ID] = newEngineCondition(e.Profile)
	}
	return out
}

var ProfileIDRE = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

// MaxProfiles is the most war-engine profiles (engines/<profile>.toml) a
// campaign may have: past it the rest are not read, so that a pull
// request adding thousands costs a listing. A profile is a kind of engine
// with its weapons: the example campaign has 3; the texts' war engines are
// Behemoths and four classes of War Machine (super-heavy vehicles, scout
// titans, titans, leviathans), and a big campaign's roster uses some ten
// kinds of them.
const MaxProfiles = 100

// profileKeys are the keys that go with each type of profile.
var profileKeys = map[string][]string{
	"behemoth":    {"spread", "zones"},
	"war-machine": {"class", "structure_points", "speed", "skimmer", "leadership", "close_combat_weapon", "fields", "weapons"},
}

// DecodeProfile reads a schema-valid profile and checks what the schema
// cannot: the keys of its type, structure points by class, thresholds.
func DecodeProfile(id string, d Obj, fs *Faults) *engines.Profile {
	p := &engines.Profile{ID: id, Name: d.Str("name")}
	typ := d.Str("type")
	other := "war-machine"
	if typ == "war-machine" {
		other = "behemoth"
	}
	for _, k := range profileKeys[other] {
		if d.has(k) {
			fs.AddKey(d.Src.At(k), "%q is for a %s profile; a %s takes %s", k, other, typ, report.QuotedAnd(profileKeys[typ]))
		}
	}
	addAll := func(kf []engines.KeyFault) {
		for _, f := range kf {
			at := d.Src
			for _, seg := range strings.Split(f.Key, "/") {
				at = at.At(seg)
			}
			fs.Add(at, "%s", f.Message)
		}
	}
	// The keys each type needs: the schema's (engine.schema.json, if/then).
	if typ == "behemoth" {
		b := &engines.Behemoth{Spread: d.int("spread")}
		zones := d.Obj("zones")
		for _, z := range engines.Zones {
			zo := zones.Obj(z.String())
			zp := engines.ZoneProfile{DamagePoints: zo.int("damage_points")}
			for _, t := range zo.Objs("thresholds") {
				zp.Thresholds = append(zp.Thresholds, decodeThreshold(t, fs))
			}
			b.Zones[z] = zp
		}
		addAll(b.Check())
		p.Behemoth = b
		return p
	}
	w := &engines.WarMachine{StructurePoints: d.int("structure_points"), Skimmer: d.bool("skimmer"), Leadership: d.int("leadership"), CloseCombatWeapon: d.bool("close_combat_weapon")}
	w.Class, _ = engines.ParseClass(d.Str("class"))
	w.Speed, _ = engines.ParseSpeed(d.Str("speed"))
	fl := d.Obj("fields")
	switch {
	case fl.bool("eldar_force_field"):
		w.Field = engines.EldarForceField
	case fl.has("imperial_void_fields"):
		w.Field, w.Fields = engines.ImperialVoidField, fl.int("imperial_void_fields")
	case fl.has("ork_power_fields"):
		w.Field, w.Fields = engines.OrkPowerField, fl.int("ork_power_fields")
	}
	for _, o := range d.Objs("weapons") {
		w.Weapons = append(w.Weapons, engines.Weapon{Name: o.Str("name"), Mega: o.bool("mega"), Gatling: o.bool("gatling"), TwinLinked: o.bool("twin_linked"), Structural: o.bool("structural")})
	}
	if d.has("class") && d.has("structure_points") {
		addAll(w.Check())
	}
	p.WarMachine = w
	return p
}

// decodeThreshold reads a Damage Threshold. Its options are names, or
// tables { name = "…", structural = true } for a weapon with the Structural
// special rule.
func decodeThreshold(t Obj, fs *Faults) engines.Threshold {
	th := engines.Threshold{Below: t.int("below"), Effect: t.Str("crippled")}
	list, _ := t.m["options"].([]any)
	for i, v := range list {
		name, _ := v.(string)
		if m, ok := v.(map[string]any); ok {
			o := Obj{m, t.Src.At("options", i)}
			name = o.Str("name")
			if o.bool("structural") {
				th.Structural = append(th.Structural, name)
			}
		}
		if slices.Contains(th.Options, name) {
			fs.Add(t.Src.At("options", i), "%q is an option of this Crippled result already: list each option once", name)
			continue
		}
		th.Options = append(th.Options, name)
	}
	return th
}

// DecodeEngineRules reads the war-engine options of [rules].
func DecodeEngineRules(rules Obj, fs *Faults) engines.Rules {
	var r engines.Rules
	if rules.has("war_machine_catastrophic_3") {
		_ = r.Catastrophic3.UnmarshalText([]byte(rules.Str("war_machine_catastrophic_3"))) // the schema allows only valid names
	}
	if rules.has("behemoth_untargeted_chain") {
		_ = r.UntargetedChain.UnmarshalText([]byte(rules.Str("behemoth_untargeted_chain")))
	}
	r.KeepEnginesDamaged = rules.bool("war_machine_keep_engines_damaged")
	if rules.int("behemoth_landing_enemy_dice") == 1 {
		r.LandingEnemyDice = 1 // 2, the default, is the zero Rules' (enemyDice)
	}
	r.BehemothRepair = rules.int("behemoth_repair")
	r.WarMachineRepair = rules.int("war_machine_repair")
	if rules.has("volcano_cannon_pick") {
		_ = r.VolcanoPick.UnmarshalText([]byte(rules.Str("volcano_cannon_pick")))
	}
	return r
}

// Engine returns the roster's engine with this id.
func (r *Roster) Engine(id EngineID) (WarEngine, bool) {
	i, ok := r.Index[id]
	if !ok {
		return WarEngine{}, false
	}
	return r.Engines[i], true
}

func (r *Roster) Ids() []EngineID {
	out := make([]EngineID, len(r.Engines))
	for i, e := range r.Engines {
		out[i] = e.ID
	}
	return out
}

// Destroyed reports whether the engine is destroyed.
func (c EngineCondition) Destroyed(p *engines.Profile) bool {
	if p.Behemoth != nil {
		return c.Behemoth.Destroyed
	}
	return c.WarMachine.Destroyed
}

// Describe is the condition in a few words.
func (c EngineCondition) Describe(p *engines.Profile) string {
	if p.Behemoth != nil {
		return c.Behemoth.Describe(p.Behemoth)
	}
	return c.WarMachine.Describe(p.WarMachine)
}
