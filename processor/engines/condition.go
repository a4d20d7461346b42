package engines

import (
	"fmt"
	"slices"
	"strings"
)

// Crippling is one Crippled result a Behemoth has suffered: the zone, the
// threshold crossed (its value), the effect and, when the result offered a
// choice, the option the targeting player took. "Each Threshold can only
// cause one Crippled result", so a crossed threshold never Cripples again.
type Crippling struct {
	Zone   Zone
	Below  int
	Effect string
	Option string
}

// Describe is the Crippled result in words.
func (c Crippling) Describe() string {
	s := fmt.Sprintf("%s below %d: %s", c.Zone.Title(), c.Below, c.Effect)
	if c.Option != "" {
		s += ": " + c.Option
	}
	return s
}

// BehemothCondition is what a Behemoth carries from battle to battle.
type BehemothCondition struct {
	DamagePoints [3]int // by Zone
	Crippled     []Crippling
	Destroyed    bool
}

// NewBehemothCondition is a Behemoth as its profile gives it: every zone at
// its full Damage points, nothing Crippled.
func NewBehemothCondition(b *Behemoth) BehemothCondition {
	var c BehemothCondition
	for _, z := range Zones {
		c.DamagePoints[z] = b.Zones[z].DamagePoints
	}
	return c
}

func (c BehemothCondition) clone() BehemothCondition {
	c.Crippled = slices.Clone(c.Crippled)
	return c
}

// IsCrippled reports whether the zone's threshold has Crippled it already.
func (c BehemothCondition) IsCrippled(z Zone, below int) bool {
	return slices.ContainsFunc(c.Crippled, func(x Crippling) bool { return x.Zone == z && x.Below == below })
}

// ZonesDestroyed counts the zones at 0 Damage Points.
func (c BehemothCondition) ZonesDestroyed() int {
	n := 0
	for _, d := range c.DamagePoints {
		if d == 0 {
			n++
		}
	}
	return n
}

// Fits says what in the condition does not fit the profile, each with its
// key; nothing when it fits.
func (c BehemothCondition) Fits(b *Behemoth) (faults []KeyFault) {
	for _, z := range Zones {
		if d, full := c.DamagePoints[z], b.Zones[z].DamagePoints; d < 0 || d > full {
			faults = append(faults, KeyFault{z.String(), fmt.Sprintf("the %s has %d Damage Points in the profile; %d is out of 0–%d", z.Title(), full, d, full)})
		}
	}
	for i, x := range c.Crippled {
		if !slices.ContainsFunc(b.Zones[x.Zone].Thresholds, func(t Threshold) bool { return t.Below == x.Below }) {
			faults = append(faults, KeyFault{fmt.Sprintf("crippled/%d/below", i), fmt.Sprintf("the profile's %s has no threshold at %d", x.Zone.Title(), x.Below)})
		}
	}
	return faults
}

// Describe is the condition in a few words: "Hull 9/12, Legs 0/10
// (destroyed), Weapons 8/8; Crippled: Legs below 7 (…)".
func (c BehemothCondition) Describe(b *Behemoth) string {
	if c.Destroyed {
		return "destroyed"
	}
	var parts []string
	for _, z := range Zones {
		s := fmt.Sprintf("%s %d/%d", z.Title(), c.DamagePoints[z], b.Zones[z].DamagePoints)
		if c.DamagePoints[z] == 0 {
			s += " (destroyed)"
		}
		parts = append(parts, s)
	}
	s := strings.Join(parts, ", ")
	if len(c.Crippled) > 0 {
		var cr []string
		for _, x := range c.Crippled {
			cr = append(cr, x.Describe())
		}
		s += "; Crippled: " + strings.Join(cr, "; ")
	}
	return s
}

// WarMachineCondition is what a War Machine carries from battle to battle.
// MoveLost and Immobilised are Engines Damaged, which last the battle
// unless the campaign's Rules carry them over.
type WarMachineCondition struct {
	StructurePoints int
	WeaponsLost     []string // by name, in the order destroyed
	Fields          int      // Imperial Void or Ork Power Fields still up
	MoveLost        int      // inches Engines Damaged knocked off the move
	Immobilised     bool
	Destroyed       bool
}

// NewWarMachineCondition is a War Machine as its profile gives it.
func NewWarMachineCondition(w *WarMachine) WarMachineCondition {
	return WarMachineCondition{StructurePoints: w.StructurePoints, Fields: w.Fields}
}

func (c WarMachineCondition) clone() WarMachineCondition {
	c.WeaponsLost = slices.Clone(c.WeaponsLost)
	return c
}

// Fits says what in the condition does not fit the profile; nothing when it fits.
func (c WarMachineCondition) Fits(w *WarMachine) (faults []KeyFault) {
	if c.StructurePoints < 0 || c.StructurePoints > w.StructurePoints {
		faults = append(faults, KeyFault{"structure_points", fmt.Sprintf("the profile has %d structure points; %d is out of 0–%d", w.StructurePoints, c.StructurePoints, w.StructurePoints)})
	}
	if c.Fields < 0 || c.Fields > w.Fields {
		faults = append(faults, KeyFault{"fields", fmt.Sprintf("the profile has %d fields; %d is out of 0–%d", w.Fields, c.Fields, w.Fields)})
	}
	for i, n := range c.WeaponsLost {
		if !slices.Contains(w.WeaponNames(), n) {
			faults = append(faults, KeyFault{fmt.Sprintf("weapons_lost/%d", i), fmt.Sprintf("the profile has no weapon %q", n)})
		}
	}
	return faults
}

// Move is the War Machine's move in inches as it stands.
func (c WarMachineCondition) Move(w *WarMachine) int {
	if c.Immobilised {
		return 0
	}
	return max(0, w.Speed.Move()-c.MoveLost)
}

// Describe is the condition in a few words: "2/3 structure points, 1/2
// Imperial Void Fields up, weapons lost: Plasma Blastgun".
func (c WarMachineCondition) Describe(w *WarMachine) string {
	if c.Destroyed {
		return "destroyed"
	}
	parts := []string{fmt.Sprintf("%d/%d structure points", c.StructurePoints, w.StructurePoints)}
	switch w.Field {
	case ImperialVoidField, OrkPowerField:
		parts = append(parts, fmt.Sprintf("%d/%d %ss up", c.Fields, w.Fields, w.Field.Title()))
	case EldarForceField:
		parts = append(parts, "Eldar Force Field")
	}
	if len(c.WeaponsLost) > 0 {
		parts = append(parts, "weapons lost: "+strings.Join(c.WeaponsLost, ", "))
	}
	switch {
	case c.Immobilised:
		parts = append(parts, "immobilised")
	case c.MoveLost > 0:
		parts = append(parts, fmt.Sprintf("move %d\" (Engines Damaged)", c.Move(w)))
	}
	return strings.Join(parts, ", ")
}
