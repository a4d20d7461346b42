package processor

import (
	"errors"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/warmaster/warmaster/processor/disk"
	"github.com/warmaster/warmaster/processor/engines"
	"github.com/warmaster/warmaster/schema"
)

// War engines: Behemoths and War Machines whose damage a campaign carries
// from battle to battle. The rules are package engines'; here are the
// campaign's side of them: the profiles (engines/<profile>.toml), the roster
// (campaign.toml [[war_engines]]), each engine's condition in state.toml,
// the results' [[war_engines]] entries and their place in 2.4.

// EnginesDir is the folder of a campaign's war-engine profiles.
const EnginesDir = "engines"

// EngineID identifies a war engine on the roster.
type EngineID string

// WarEngine is one war engine of the roster: campaign.toml [[war_engines]].
type WarEngine struct {
	ID      EngineID
	Fleet   FleetID
	Profile *engines.Profile
	src     Src
}

// Roster is the campaign's war engines, the profiles they use and the
// readings of the war-engine rules ([rules] options).
type Roster struct {
	Engines  []WarEngine
	Profiles map[string]*engines.Profile
	Rules    engines.Rules

	index map[EngineID]int
}

// Engine returns the roster's engine with this id.
func (r *Roster) Engine(id EngineID) (WarEngine, bool) {
	i, ok := r.index[id]
	if !ok {
		return WarEngine{}, false
	}
	return r.Engines[i], true
}

func (r *Roster) ids() []EngineID {
	out := make([]EngineID, len(r.Engines))
	for i, e := range r.Engines {
		out[i] = e.ID
	}
	return out
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

// initialEngines is every engine of the roster as its profile gives it:
// the condition at set-up, or when an engine is first seen.
func (c *Campaign) initialEngines() map[EngineID]EngineCondition {
	out := map[EngineID]EngineCondition{}
	for _, e := range c.Engines.Engines {
		out[e.ID] = newEngineCondition(e.Profile)
	}
	return out
}

var profileIDRE = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

// MaxProfiles is the most war-engine profiles (engines/<profile>.toml) a
// campaign may have: past it the rest are not read, so that a pull
// request adding thousands costs a listing. A profile is a kind of engine
// with its weapons: the example campaign has 3; the texts' war engines are
// Behemoths and four classes of War Machine (super-heavy vehicles, scout
// titans, titans, leviathans), and a big campaign's roster uses some ten
// kinds of them.
const MaxProfiles = 100

// loadWarEngines reads the profiles in engines/ and campaign.toml's roster
// and war-engine [rules] options into c.Engines.
func (f *Folder) loadWarEngines(c *Campaign, d obj, fs *faults) error {
	c.Engines = Roster{Profiles: map[string]*engines.Profile{}, index: map[EngineID]int{}}
	r := &refusals{fs: fs, dir: EnginesDir}
	names, _ := f.tomlFiles(EnginesDir, r, "profile", false)
	valid := 0
	for _, name := range names {
		if profileIDRE.MatchString(name) {
			valid++
		}
	}
	profiles := 0
	for _, name := range names {
		file := path.Join(EnginesDir, name+".toml")
		if !profileIDRE.MatchString(name) {
			if r.listed() {
				fs.add(Src{File: file}, "a profile's file name is its id: lowercase letters, digits and hyphens, such as engines/warhound.toml")
			}
			continue
		}
		if profiles++; profiles == MaxProfiles+1 {
			fs.add(Src{File: file}, "a campaign has at most %d war-engine profiles, and %s/ holds %d: this one and the %d after it were not read; remove the profiles no [[war_engines]] uses", MaxProfiles, EnginesDir, valid, valid-profiles)
		}
		if profiles > MaxProfiles {
			continue
		}
		doc, err := f.decode(file, schema.Engine, fs)
		if err != nil {
			return err
		}
		if doc != nil {
			c.Engines.Profiles[name] = decodeProfile(name, obj{doc, Src{File: file}}, fs)
		}
	}
	r.summarise()
	c.Engines.Rules = decodeEngineRules(d.obj("rules"), fs)
	for _, o := range d.objs("war_engines") {
		e := WarEngine{ID: EngineID(o.str("id")), Fleet: FleetID(o.str("fleet")), src: o.src}
		if _, dup := c.Engines.index[e.ID]; dup {
			fs.add(o.src.At("id"), "war engine %q is declared twice", e.ID)
			continue
		}
		if _, ok := c.FleetOf(e.Fleet); !ok {
			fs.add(o.src.At("fleet"), "unknown fleet %q; %s", e.Fleet, hint(fs, string(e.Fleet), c.fleetIDs(), "fleets: "+oneOf(c.fleetIDs())))
		}
		profile := o.str("profile")
		if e.Profile = c.Engines.Profiles[profile]; e.Profile == nil {
			if slices.Contains(names, profile) {
				continue // the profile's own file has faults, reported there
			}
			fs.add(o.src.At("profile"), "no profile %q: profiles are the files of engines/ (engines/%s.toml); %s", profile, profile, hint(fs, profile, sortedKeys(c.Engines.Profiles), "profiles: "+oneOf(sortedKeys(c.Engines.Profiles))))
			continue
		}
		c.Engines.index[e.ID] = len(c.Engines.Engines)
		c.Engines.Engines = append(c.Engines.Engines, e)
	}
	return nil
}

// ReadProfile reads and checks one war-engine profile file, as a campaign
// reads engines/<profile>.toml; its id is the file's name. Faults are an
// *InvalidError naming the file as given.
func ReadProfile(file string) (*engines.Profile, error) {
	data, err := disk.ReadPath(file, schema.LimitOf(schema.Engine).Bytes)
	if errors.Is(err, disk.ErrTooLarge) {
		err = nil // refused at its limit, below, without reading the rest
	}
	if err != nil {
		return nil, fmt.Errorf("read profile: %w", err)
	}
	var fs faults
	text := func(string) []byte { return data }
	doc, sf := schema.Decode(schema.Engine, data)
	if len(sf) > 0 {
		fs.addSchema(file, sf)
		return nil, fs.err(text)
	}
	id := strings.TrimSuffix(path.Base(strings.ReplaceAll(file, "\\", "/")), ".toml")
	p := decodeProfile(id, obj{doc, Src{File: file}}, &fs)
	if err := fs.err(text); err != nil {
		return nil, err
	}
	return p, nil
}

// profileKeys are the keys that go with each type of profile.
var profileKeys = map[string][]string{
	"behemoth":    {"spread", "zones"},
	"war-machine": {"class", "structure_points", "speed", "skimmer", "leadership", "close_combat_weapon", "fields", "weapons"},
}

// decodeProfile reads a schema-valid profile and checks what the schema
// cannot: the keys of its type, structure points by class, thresholds.
func decodeProfile(id string, d obj, fs *faults) *engines.Profile {
	p := &engines.Profile{ID: id, Name: d.str("name")}
	typ := d.str("type")
	other := "war-machine"
	if typ == "war-machine" {
		other = "behemoth"
	}
	for _, k := range profileKeys[other] {
		if d.has(k) {
			fs.addKey(d.src.At(k), "%q is for a %s profile; a %s takes %s", k, other, typ, joinQuoted(profileKeys[typ]))
		}
	}
	addAll := func(kf []engines.KeyFault) {
		for _, f := range kf {
			at := d.src
			for _, seg := range strings.Split(f.Key, "/") {
				at = at.At(seg)
			}
			fs.add(at, "%s", f.Message)
		}
	}
	// The keys each type needs: the schema's (engine.schema.json, if/then).
	if typ == "behemoth" {
		b := &engines.Behemoth{Spread: d.int("spread")}
		zones := d.obj("zones")
		for _, z := range engines.Zones {
			zo := zones.obj(z.String())
			zp := engines.ZoneProfile{DamagePoints: zo.int("damage_points")}
			for _, t := range zo.objs("thresholds") {
				zp.Thresholds = append(zp.Thresholds, decodeThreshold(t, fs))
			}
			b.Zones[z] = zp
		}
		addAll(b.Check())
		p.Behemoth = b
		return p
	}
	w := &engines.WarMachine{StructurePoints: d.int("structure_points"), Skimmer: d.bool("skimmer"), Leadership: d.int("leadership"), CloseCombatWeapon: d.bool("close_combat_weapon")}
	w.Class, _ = engines.ParseClass(d.str("class"))
	w.Speed, _ = engines.ParseSpeed(d.str("speed"))
	fl := d.obj("fields")
	switch {
	case fl.bool("eldar_force_field"):
		w.Field = engines.EldarForceField
	case fl.has("imperial_void_fields"):
		w.Field, w.Fields = engines.ImperialVoidField, fl.int("imperial_void_fields")
	case fl.has("ork_power_fields"):
		w.Field, w.Fields = engines.OrkPowerField, fl.int("ork_power_fields")
	}
	for _, o := range d.objs("weapons") {
		w.Weapons = append(w.Weapons, engines.Weapon{Name: o.str("name"), Mega: o.bool("mega"), Gatling: o.bool("gatling"), TwinLinked: o.bool("twin_linked"), Structural: o.bool("structural")})
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
func decodeThreshold(t obj, fs *faults) engines.Threshold {
	th := engines.Threshold{Below: t.int("below"), Effect: t.str("crippled")}
	list, _ := t.m["options"].([]any)
	for i, v := range list {
		name, _ := v.(string)
		if m, ok := v.(map[string]any); ok {
			o := obj{m, t.src.At("options", i)}
			name = o.str("name")
			if o.bool("structural") {
				th.Structural = append(th.Structural, name)
			}
		}
		if slices.Contains(th.Options, name) {
			fs.add(t.src.At("options", i), "%q is an option of this Crippled result already: list each option once", name)
			continue
		}
		th.Options = append(th.Options, name)
	}
	return th
}

// decodeEngineRules reads the war-engine options of [rules].
func decodeEngineRules(rules obj, fs *faults) engines.Rules {
	var r engines.Rules
	if rules.has("war_machine_catastrophic_3") {
		_ = r.Catastrophic3.UnmarshalText([]byte(rules.str("war_machine_catastrophic_3"))) // the schema allows only valid names
	}
	if rules.has("behemoth_untargeted_chain") {
		_ = r.UntargetedChain.UnmarshalText([]byte(rules.str("behemoth_untargeted_chain")))
	}
	r.KeepEnginesDamaged = rules.bool("war_machine_keep_engines_damaged")
	r.LandingEnemyDice = rules.int("behemoth_landing_enemy_dice")
	r.BehemothRepair = rules.int("behemoth_repair")
	r.WarMachineRepair = rules.int("war_machine_repair")
	if rules.has("volcano_cannon_pick") {
		_ = r.VolcanoPick.UnmarshalText([]byte(rules.str("volcano_cannon_pick")))
	}
	return r
}

// engineFile is one engine's condition in state.toml: [war_engines.<id>].
type engineFile struct {
	Profile   string `toml:"profile"`
	Destroyed bool   `toml:"destroyed,omitempty"`
	// Behemoth: Damage Points per zone, the Crippled results suffered.
	Hull     *int           `toml:"hull,omitempty"`
	Legs     *int           `toml:"legs,omitempty"`
	Weapons  *int           `toml:"weapons,omitempty"`
	Crippled []crippledFile `toml:"crippled,omitempty"`
	// War Machine: structure points and fields left, weapons destroyed,
	// Engines Damaged when the campaign keeps it.
	StructurePoints *int     `toml:"structure_points,omitempty"`
	Fields          int      `toml:"fields,omitzero"`
	WeaponsLost     []string `toml:"weapons_lost,omitempty"`
	MoveLost        int      `toml:"move_lost,omitzero"`
	Immobilised     bool     `toml:"immobilised,omitempty"`
}

type crippledFile struct {
	Zone   engines.Zone `toml:"zone"`
	Below  int          `toml:"below"`
	Effect string       `toml:"effect"`
	Option string       `toml:"option,omitempty"`
}

// encodeEngines is the roster's conditions for state.toml; nil without engines.
func (s *State) encodeEngines() map[string]engineFile {
	if len(s.c.Engines.Engines) == 0 {
		return nil
	}
	out := map[string]engineFile{}
	for _, e := range s.c.Engines.Engines {
		c := s.Engines[e.ID]
		ef := engineFile{Profile: e.Profile.ID, Destroyed: c.Destroyed(e.Profile)}
		if e.Profile.Behemoth != nil {
			b := c.Behemoth
			ef.Hull, ef.Legs, ef.Weapons = ptr(b.DamagePoints[engines.Hull]), ptr(b.DamagePoints[engines.Legs]), ptr(b.DamagePoints[engines.Weapons])
			for _, x := range b.Crippled {
				ef.Crippled = append(ef.Crippled, crippledFile{Zone: x.Zone, Below: x.Below, Effect: x.Effect, Option: x.Option})
			}
		} else {
			w := c.WarMachine
			ef.StructurePoints, ef.Fields, ef.WeaponsLost, ef.MoveLost, ef.Immobilised = ptr(w.StructurePoints), w.Fields, w.WeaponsLost, w.MoveLost, w.Immobilised
		}
		out[string(e.ID)] = ef
	}
	return out
}

func ptr(n int) *int { return &n }

// decodeEngines reads the engines' conditions from state.toml. An engine of
// the roster the state does not hold yet starts as its profile gives it.
func (s *State) decodeEngines(files map[string]engineFile, at Src, bad func(Src, string, ...any)) {
	c := s.c
	for _, id := range sortedKeys(files) {
		ef := files[id]
		e, ok := c.Engines.Engine(EngineID(id))
		here := at.At(id)
		switch {
		case !ok:
			bad(here, "unknown war engine %q: campaign.toml's [[war_engines]] has %s", id, oneOf(c.Engines.ids()))
			continue
		case ef.Profile != e.Profile.ID:
			bad(here.At("profile"), "%s is a %s here but campaign.toml makes it a %s: an engine keeps its profile (add a new engine instead)", id, ef.Profile, e.Profile.ID)
			continue
		}
		var cond EngineCondition
		var fits []engines.KeyFault
		if b := e.Profile.Behemoth; b != nil {
			if ef.Hull == nil || ef.Legs == nil || ef.Weapons == nil {
				bad(here, "%s is a Behemoth: it needs hull, legs and weapons", id)
				continue
			}
			cond.Behemoth = engines.BehemothCondition{DamagePoints: [3]int{*ef.Hull, *ef.Legs, *ef.Weapons}, Destroyed: ef.Destroyed}
			for _, x := range ef.Crippled {
				cond.Behemoth.Crippled = append(cond.Behemoth.Crippled, engines.Crippling{Zone: x.Zone, Below: x.Below, Effect: x.Effect, Option: x.Option})
			}
			fits = cond.Behemoth.Fits(b)
		} else {
			if ef.StructurePoints == nil {
				bad(here, "%s is a War Machine: it needs structure_points", id)
				continue
			}
			cond.WarMachine = engines.WarMachineCondition{StructurePoints: *ef.StructurePoints, Fields: ef.Fields, WeaponsLost: ef.WeaponsLost, MoveLost: ef.MoveLost, Immobilised: ef.Immobilised, Destroyed: ef.Destroyed}
			fits = cond.WarMachine.Fits(e.Profile.WarMachine)
		}
		for _, f := range fits {
			to := here
			for _, seg := range strings.Split(f.Key, "/") {
				to = to.At(seg)
			}
			bad(to, "%s", f.Message)
		}
		s.Engines[e.ID] = cond
	}
}

// engineLabel is the dice stream of an engine in a battle:
// phase-01/2.4/blue-1/engines/titan-1.
func (r *run) engineLabel(battle string, id EngineID) string {
	return fmt.Sprintf("phase-%02d/2.4/%s/engines/%s", r.s.Phase, battle, id)
}

// engineName is an engine for a report: "titan-1 (blue-1's Warhound Scout Titan)".
func engineName(e WarEngine) string {
	return fmt.Sprintf("%s (%s's %s)", e.ID, e.Fleet, e.Profile.Name)
}

// engineStanding writes where the war engines stand, when the campaign has any.
func (r *run) engineStanding(d interface {
	Heading(int, string, ...any)
	Table([]string, [][]string)
}, level int) {
	if len(r.c.Engines.Engines) == 0 {
		return
	}
	d.Heading(level, "War engines")
	var rows [][]string
	for _, e := range r.c.Engines.Engines {
		rows = append(rows, []string{string(e.ID), string(e.Fleet), string(r.c.FleetAlliance(e.Fleet)), e.Profile.Name, r.s.Engines[e.ID].Describe(e.Profile)})
	}
	d.Table([]string{"engine", "fleet", "alliance", "profile", "condition"}, rows)
}

// engineProfileRE matches a war-engine profile's path: the Warmaster's file,
// like campaign.toml.
var engineProfileRE = regexp.MustCompile(`^engines/[^/]+\.toml$`)

// copyProfiles writes the war-engine profiles as read into another
// campaign folder (a replay's scratch folder).
func (f *Folder) copyProfiles(dir *disk.Dir) error {
	for _, file := range sortedKeys(f.text) {
		if !engineProfileRE.MatchString(file) {
			continue
		}
		if err := dir.WriteFile(file, f.text[file]); err != nil {
			return err
		}
	}
	return nil
}
