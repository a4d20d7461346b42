// Package engines is the war-engine module: Behemoths (27th-century
// colossi whose Zones cross Damage Thresholds and are Crippled) and War
// Machines in 40K3 (Super-Heavy vehicles, Scout Titans, Titans and
// Leviathans with structure points, fields and the War Machine damage
// tables), whose damage a campaign carries from battle to battle.
//
// Its vocabulary is the two rules texts': Profile, Behemoth, Zone,
// Threshold, WarMachine, Class, and the Condition each engine is in. Each
// procedure of the texts — a Drop-harness landing, damage to a Zone, a
// stomp through Impassable scenery, glancing and penetrating hits, the
// destruction roll — is a function that takes the engine's profile and
// condition, what happened at the table, the campaign's readings (Rules)
// and a dice Roller, and returns the new condition with a narrative of
// every event and every die. It knows no files and no campaign.
package engines

import (
	"fmt"
	"slices"
	"strings"

	"github.com/warmaster/warmaster/processor/enum"
)

// Profile is one kind of war engine: engines/<id>.toml of a campaign.
// Exactly one of Behemoth and WarMachine is set.
type Profile struct {
	ID         string // the file's name: engines/<id>.toml
	Name       string // as the players call it, e.g. "Warhound Scout Titan"
	Behemoth   *Behemoth
	WarMachine *WarMachine
}

// Kind names the profile's kind as the texts do.
func (p *Profile) Kind() string {
	if p.Behemoth != nil {
		return "Behemoth"
	}
	return "War Machine"
}

// Zone is one of a Behemoth's three zones (Zones).
type Zone int

const (
	Hull Zone = iota
	Legs
	Weapons
)

// Zones are a Behemoth's zones in the text's order: "Hull, Legs, and Weapons".
var Zones = []Zone{Hull, Legs, Weapons}

var zoneNames = enum.Names[Zone]{"hull", "legs", "weapons"}

func (z Zone) String() string                { return zoneNames.Name(z) }
func (z Zone) MarshalText() ([]byte, error)  { return []byte(z.String()), nil }
func (z *Zone) UnmarshalText(b []byte) error { return zoneNames.Unmarshal(z, b) }

// Title is the zone's name as the text prints it.
func (z Zone) Title() string { return [...]string{"Hull", "Legs", "Weapons"}[z] }

// ParseZone reads "hull", "legs" or "weapons".
func ParseZone(s string) (Zone, bool) { return zoneNames.Parse(s) }

// Behemoth is a Behemoth's profile: its Spread and its three zones.
type Behemoth struct {
	// Spread is "measured in inches from the centre of the Behemoth".
	Spread int
	Zones  [3]ZoneProfile // by Zone
}

// ZoneProfile is one zone's Damage points and Damage Thresholds.
type ZoneProfile struct {
	DamagePoints int
	// Thresholds, highest first. "Once a zone goes below a Damage
	// Threshold, it is Crippled."
	Thresholds []Threshold
}

// Threshold is a Damage Threshold and its Crippled effect. A zone is
// Crippled by it when its Damage Points go below Below (we read "below" as
// strictly less than).
type Threshold struct {
	Below  int
	Effect string
	// Options, when the Crippled result offers a choice ("such as a choice
	// of weapons being destroyed"): the targeting player picks one.
	Options []string
	// Structural are the options marked structural = true: "Weapons with
	// the Structural special rule cannot be affected by Crippled results
	// unless specifically mentioned." No Crippled option ever takes one (our
	// reading: a choice among options mentions no weapon specifically).
	Structural []string
}

// IsStructural reports whether a Crippled option is a weapon with the
// Structural special rule.
func (b *Behemoth) IsStructural(option string) bool {
	for _, z := range b.Zones {
		for _, t := range z.Thresholds {
			if slices.Contains(t.Structural, option) {
				return true
			}
		}
	}
	return false
}

// AllOptions lists every Crippled option of the profile, zone by zone,
// structural ones included.
func (b *Behemoth) AllOptions() []string {
	var out []string
	for _, z := range b.Zones {
		for _, t := range z.Thresholds {
			for _, o := range t.Options {
				if !slices.Contains(out, o) {
					out = append(out, o)
				}
			}
		}
	}
	return out
}

// MaxDamage is the most Damage Points the Behemoth has in all.
func (b *Behemoth) MaxDamage() int {
	n := 0
	for _, z := range b.Zones {
		n += z.DamagePoints
	}
	return n
}

// Class is a War Machine's class (Structure Points).
type Class int

const (
	SuperHeavy Class = iota
	ScoutTitan
	Titan
	Leviathan
)

var classNames = enum.Names[Class]{"super-heavy", "scout-titan", "titan", "leviathan"}

func (c Class) String() string                { return classNames.Name(c) }
func (c Class) MarshalText() ([]byte, error)  { return []byte(c.String()), nil }
func (c *Class) UnmarshalText(b []byte) error { return classNames.Unmarshal(c, b) }

// ParseClass reads a class name.
func ParseClass(s string) (Class, bool) { return classNames.Parse(s) }

// Title is the class as the text prints it.
func (c Class) Title() string {
	return [...]string{"Super-Heavy vehicle", "Scout Titan", "Titan", "Leviathan"}[c]
}

// StructureRange is how many structure points the class may have: "two or
// more"; "Super Heavy vehicles and Scout Titans can have a maximum of 3
// structure points, while Titans and Leviathans must have four or more".
// max is 0 when there is no maximum.
func (c Class) StructureRange() (lo, hi int) {
	if c == SuperHeavy || c == ScoutTitan {
		return 2, 3
	}
	return 4, 0
}

// Speed is a War Machine's speed class (Speed).
type Speed int

const (
	Normal Speed = iota
	Agile
	Lumbering
)

var speedNames = enum.Names[Speed]{"normal", "agile", "lumbering"}

func (s Speed) String() string                { return speedNames.Name(s) }
func (s Speed) MarshalText() ([]byte, error)  { return []byte(s.String()), nil }
func (s *Speed) UnmarshalText(b []byte) error { return speedNames.Unmarshal(s, b) }

// ParseSpeed reads a speed name.
func ParseSpeed(s string) (Speed, bool) { return speedNames.Parse(s) }

// Move is the most the War Machine moves in a turn, in inches, which
// Engines Damaged knocks inches off: "Lumbering vehicles … can move up to 6"
// a turn"; Agile vehicles "up to 12"" (and fire one weapon); a normal
// vehicle, 12" (our reading: 40K3's most a vehicle moves in a turn).
func (s Speed) Move() int {
	if s == Lumbering {
		return 6
	}
	return 12
}

// Field is the kind of field a War Machine has (Fields).
type Field int

const (
	NoField Field = iota
	EldarForceField
	ImperialVoidField
	OrkPowerField
)

var fieldNames = enum.Names[Field]{"none", "eldar-force-field", "imperial-void-field", "ork-power-field"}

func (f Field) String() string { return fieldNames.Name(f) }

// Title is the field as the text prints it.
func (f Field) Title() string {
	return [...]string{"no field", "Eldar Force Field", "Imperial Void Field", "Ork Power Field"}[f]
}

// Weapon is one weapon of a War Machine (Weapon Options).
type Weapon struct {
	Name       string
	Mega       bool // "roll twice to wound or penetrate the armour of each target they hit"
	Gatling    bool // "D3 shots for each shot they would normally fire"
	TwinLinked bool
	// Structural: "Weapons with the Structural special rule cannot be
	// affected by Crippled results" (Behemoths), read for a War Machine as:
	// never lost to Weapon Destroyed.
	Structural bool
}

// Describe is the weapon with its options: "Plasma Blastgun (mega)".
func (w Weapon) Describe() string {
	var opts []string
	if w.Mega {
		opts = append(opts, "mega")
	}
	if w.Gatling {
		opts = append(opts, "gatling")
	}
	if w.TwinLinked {
		opts = append(opts, "twin-linked")
	}
	if w.Structural {
		opts = append(opts, "structural")
	}
	if len(opts) == 0 {
		return w.Name
	}
	return w.Name + " (" + strings.Join(opts, ", ") + ")"
}

// WarMachine is a War Machine's profile.
type WarMachine struct {
	Class           Class
	StructurePoints int
	Speed           Speed
	// Skimmer: Driver Stunned makes it drift D6" straight ahead; Engines
	// Damaged to a move of 0 destroys it.
	Skimmer bool
	Field   Field
	// Fields is the number of Imperial Void or Ork Power Fields; an Eldar
	// Force Field is one field that never goes down.
	Fields int
	// Leadership is the army's 'standard' Ld, tested by Damage Control.
	Leadership int
	Weapons    []Weapon
	// CloseCombatWeapon: a Titan close combat weapon. "Any glancing or
	// penetrating hit causes an additional D3 structure points of damage
	// against an opponent."
	CloseCombatWeapon bool
}

// RepairsVoidFields reports whether the War Machine has Imperial Void
// Fields, whose repair rolls at the start of each of the owner's turns
// are what a battle's turns time (nothing else does).
func (w *WarMachine) RepairsVoidFields() bool {
	return w.Field == ImperialVoidField && w.Fields > 0
}

// WeaponNames lists the weapons' names in profile order.
func (w *WarMachine) WeaponNames() []string {
	out := make([]string, len(w.Weapons))
	for i, x := range w.Weapons {
		out[i] = x.Name
	}
	return out
}

// Destructible lists the weapons Weapon Destroyed can take, in profile
// order: every weapon but the structural ones.
func (w *WarMachine) Destructible() []string {
	var out []string
	for _, x := range w.Weapons {
		if !x.Structural {
			out = append(out, x.Name)
		}
	}
	return out
}

// IsStructural reports whether the War Machine's weapon of this name has
// the Structural special rule.
func (w *WarMachine) IsStructural(name string) bool {
	return slices.ContainsFunc(w.Weapons, func(x Weapon) bool { return x.Name == name && x.Structural })
}

// Check says what is wrong with a War Machine's numbers, each with the key
// it is about; nothing when the profile is sound.
func (w *WarMachine) Check() (faults []KeyFault) {
	lo, hi := w.Class.StructureRange()
	switch {
	case w.StructurePoints < lo:
		faults = append(faults, KeyFault{"structure_points", fmt.Sprintf("a %s has %s structure points, not %d (Structure Points)", w.Class.Title(), rangeText(lo, hi), w.StructurePoints)})
	case hi > 0 && w.StructurePoints > hi:
		faults = append(faults, KeyFault{"structure_points", fmt.Sprintf("a %s has %s structure points, not %d (\"Super Heavy vehicles and Scout Titans can have a maximum of 3\")", w.Class.Title(), rangeText(lo, hi), w.StructurePoints)})
	}
	seen := map[string]bool{}
	for i, x := range w.Weapons {
		if seen[x.Name] {
			faults = append(faults, KeyFault{fmt.Sprintf("weapons/%d/name", i), fmt.Sprintf("weapon %q is named twice; give each weapon its own name (a result names the weapon lost)", x.Name)})
		}
		seen[x.Name] = true
	}
	return faults
}

func rangeText(lo, hi int) string {
	if hi == 0 {
		return fmt.Sprintf("%d or more", lo)
	}
	return fmt.Sprintf("%d to %d", lo, hi)
}

// KeyFault is a fault about one key of a profile: Key is a slash path below
// the profile's root, such as "zones/hull/thresholds/1/below".
type KeyFault struct {
	Key     string
	Message string
}

// Check says what is wrong with a Behemoth's numbers; nothing when sound.
// It sorts each zone's thresholds, highest first.
func (b *Behemoth) Check() (faults []KeyFault) {
	for _, z := range Zones {
		zp := &b.Zones[z]
		seen := map[int]bool{}
		for i, t := range zp.Thresholds {
			key := fmt.Sprintf("zones/%s/thresholds/%d/below", z, i)
			switch {
			case t.Below > zp.DamagePoints:
				faults = append(faults, KeyFault{key, fmt.Sprintf("a threshold of %d is above the %s's %d Damage Points: the zone would start Crippled; give 1 to %d", t.Below, z.Title(), zp.DamagePoints, zp.DamagePoints)})
			case seen[t.Below]:
				faults = append(faults, KeyFault{key, fmt.Sprintf("the %s has two thresholds at %d; each threshold Cripples once, give each its own value", z.Title(), t.Below)})
			}
			seen[t.Below] = true
			// A weapon has the Structural special rule or not: marked in one
			// list, it is marked in every list that names it.
			for j, o := range t.Options {
				if b.IsStructural(o) && !slices.Contains(t.Structural, o) {
					faults = append(faults, KeyFault{fmt.Sprintf("zones/%s/thresholds/%d/options/%d", z, i, j), fmt.Sprintf("%q is structural in another Crippled result of this profile: a weapon has the Structural special rule everywhere or nowhere; write it here too as { name = %q, structural = true }", o, o)})
				}
			}
		}
		slices.SortStableFunc(zp.Thresholds, func(x, y Threshold) int { return y.Below - x.Below })
	}
	return faults
}
