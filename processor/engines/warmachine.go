package engines

import (
	"fmt"
	"slices"
	"strings"
)

// Hit is one glancing or penetrating hit on a War Machine.
type Hit struct {
	Penetrating bool
	// CloseCombat: the hit was scored by an opponent's Titan close combat
	// weapon, which "causes an additional D3 structure points of damage …
	// in addition to any damage rolled on the damage table".
	CloseCombat bool
}

var hitNames = []string{"glancing", "penetrating", "close-combat-glancing", "close-combat-penetrating"}

func (h Hit) index() int {
	i := 0
	if h.Penetrating {
		i++
	}
	if h.CloseCombat {
		i += 2
	}
	return i
}

// String is the hit as results write it: glancing, penetrating,
// close-combat-glancing, close-combat-penetrating.
func (h Hit) String() string { return hitNames[h.index()] }

// Title is the hit in words: "Glancing hit", "Close combat penetrating hit".
func (h Hit) Title() string {
	return [...]string{"Glancing hit", "Penetrating hit", "Close combat glancing hit", "Close combat penetrating hit"}[h.index()]
}

// ParseHit reads a hit's name.
func ParseHit(s string) (Hit, bool) {
	switch i := slices.Index(hitNames, s); i {
	case -1:
		return Hit{}, false
	default:
		return Hit{Penetrating: i%2 == 1, CloseCombat: i >= 2}, true
	}
}

// HitNames lists the names of hits.
func HitNames() []string { return slices.Clone(hitNames) }

// warMachine resolves damage to one War Machine.
type warMachine struct {
	table
	w      *WarMachine
	c      WarMachineCondition
	rules  Rules
	stream string
	lost   []string // the opponent's choices for Weapon Destroyed, in order
	used   int
}

func newWarMachine(w *WarMachine, c WarMachineCondition, rules Rules, roll Roller) *warMachine {
	return &warMachine{table: table{roll: roll}, w: w, c: c.clone(), rules: rules}
}

func (m *warMachine) outcome() Outcome[WarMachineCondition] {
	if m.used < len(m.lost) && !m.c.Destroyed {
		m.say("Not needed: %s (no Weapon Destroyed result left to choose for)", quoteAll(m.lost[m.used:]))
	}
	return Outcome[WarMachineCondition]{Condition: m.c, Events: m.events, Rolls: m.rolls}
}

// Hits resolves glancing and penetrating hits on a War Machine in the order
// they were suffered: fields first ("Fields"), then the War Machine Damage
// Tables, then a Titan close combat weapon's extra D3 structure points.
// weaponsLost are the opponent's choices for each Weapon Destroyed result.
// Each hit rolls from its own stream: <base>/<hit>/<n>, n its place in hits.
func Hits(w *WarMachine, c WarMachineCondition, hits []Hit, weaponsLost []string, rules Rules, roll Roller, base string) Outcome[WarMachineCondition] {
	m := newWarMachine(w, c, rules, roll)
	m.lost = weaponsLost
	for i, h := range hits {
		m.stream = Label(base, h.String(), fmt.Sprint(i+1))
		m.hit(fmt.Sprintf("%s %d", h.Title(), i+1), h)
	}
	return m.outcome()
}

// Catastrophic rolls on the Catastrophic Damage Table, as for a War Machine
// reduced to 0 structure points. Dice stream: <base>/catastrophic.
func Catastrophic(w *WarMachine, c WarMachineCondition, rules Rules, roll Roller, base string) Outcome[WarMachineCondition] {
	m := newWarMachine(w, c, rules, roll)
	m.stream = Label(base, "catastrophic")
	if m.c.Destroyed {
		m.say("The War Machine is destroyed already: nothing happens")
		return m.outcome()
	}
	m.c.StructurePoints = 0
	m.catastrophic()
	return m.outcome()
}

// StartBattle readies a War Machine for a battle: "The Imperial player can
// roll to repair damaged void fields at the start of each of his turns.
// Roll 1D6 per field, and it comes back on line on a roll of 6+." The
// campaign rolls for the start of the first turn; repairs in later turns
// happen at the table (our reading). Ork Power Fields "can't be repaired".
// Dice stream: <base>/void-fields.
func StartBattle(w *WarMachine, c WarMachineCondition, roll Roller, base string) Outcome[WarMachineCondition] {
	m := newWarMachine(w, c, Rules{}, roll)
	down := w.Fields - m.c.Fields
	if m.c.Destroyed || down <= 0 {
		return m.outcome()
	}
	switch w.Field {
	case OrkPowerField:
		m.say("%s down: Ork Power Fields can't be repaired", plural(down, "Ork Power Field"))
	case ImperialVoidField:
		label := Label(base, "void-fields")
		back := 0
		for i := 0; i < down; i++ {
			if m.d(6, label, fmt.Sprintf("Imperial Void Field %d of %d down: back on line on a 6+", i+1, down)) >= 6 {
				back++
			}
		}
		m.c.Fields += back
		m.say("Start of the battle: %s down, rolled to repair: %d back on line (%d/%d up)", plural(down, "Imperial Void Field"), back, m.c.Fields, w.Fields)
	}
	return m.outcome()
}

// EndBattle ends what lasts the battle only: Engines Damaged (inches off
// the move, immobilised), unless the campaign keeps it (Rules).
// Gun Crew Shaken and Driver Stunned last a turn and are never carried.
func EndBattle(w *WarMachine, c WarMachineCondition, rules Rules) Outcome[WarMachineCondition] {
	m := newWarMachine(w, c, rules, nil)
	if m.c.Destroyed || rules.KeepEnginesDamaged || (m.c.MoveLost == 0 && !m.c.Immobilised) {
		return m.outcome()
	}
	m.c.MoveLost, m.c.Immobilised = 0, false
	m.say("After the battle: Engines Damaged lasts the battle only, its move is %d\" again", w.Speed.Move())
	return m.outcome()
}

// RepairWarMachine gives a War Machine back up to points structure points
// between phases (a campaign's Rules.WarMachineRepair), never above its profile's.
func RepairWarMachine(w *WarMachine, c WarMachineCondition, points int) Outcome[WarMachineCondition] {
	m := newWarMachine(w, c, Rules{}, nil)
	if m.c.Destroyed || points <= 0 {
		return m.outcome()
	}
	n := min(points, w.StructurePoints-m.c.StructurePoints)
	if n == 0 {
		m.say("Repairs: nothing to repair")
		return m.outcome()
	}
	m.c.StructurePoints += n
	m.say("Repairs: regains %s (now %d/%d)", plural(n, "structure point"), m.c.StructurePoints, w.StructurePoints)
	return m.outcome()
}

func (m *warMachine) hit(name string, h Hit) {
	if m.c.Destroyed {
		m.say("%s: the War Machine is destroyed already, nothing happens", name)
		return
	}
	// Fields: "Fields don't work against close combat attacks" (our
	// reading: every kind of field, as the sentence says "Fields").
	switch {
	case h.CloseCombat && m.w.Field != NoField:
		m.say("%s: fields don't work against close combat attacks", name)
	case m.w.Field == EldarForceField:
		// "a 4+ invulnerable save against any glancing or penetrating hits"
		if v := m.d(6, m.stream, "Eldar Force Field: 4+ invulnerable save"); v >= 4 {
			m.say("%s: the Eldar Force Field saves it (rolled %d, 4+)", name, v)
			return
		} else {
			m.say("%s: the Eldar Force Field fails (rolled %d, 4+ needed)", name, v)
		}
	case (m.w.Field == ImperialVoidField || m.w.Field == OrkPowerField) && m.c.Fields > 0:
		// "absorb the damage from one glancing or penetrating hit and then go down"
		m.c.Fields--
		m.say("%s: an %s absorbs it and goes down (%d/%d up)", name, m.w.Field.Title(), m.c.Fields, m.w.Fields)
		return
	}
	if h.Penetrating {
		m.penetrating(name)
	} else {
		m.glancing(name)
	}
	if h.CloseCombat && !m.c.Destroyed {
		v := m.d(3, m.stream, "Titan close combat weapon: an additional D3 structure points")
		m.say("%s: the Titan close combat weapon causes an additional %s of damage", name, plural(v, "structure point"))
		m.loseStructure(v)
	}
}

// glancing rolls on the Glancing Hits table (again, after Major Damage).
func (m *warMachine) glancing(name string) {
	for !m.c.Destroyed {
		v := m.d(6, m.stream, "Glancing Hits table")
		at := fmt.Sprintf("%s: Glancing Hits %d", name, v)
		switch v {
		case 1, 2:
			m.say("%s — Gun Crew Shaken: one weapon may not shoot next turn (chosen by the opponent)", at)
		case 3:
			m.driverStunned(at, true)
		case 4:
			m.enginesDamaged(at)
		case 5:
			m.weaponDestroyed(at)
		case 6:
			m.say("%s — Major Damage: loses one structure point and rolls again on this table", at)
			if m.loseStructure(1) {
				return
			}
			continue
		}
		return
	}
}

// penetrating rolls on the Penetrating Hits table (again, after Chain Reaction).
func (m *warMachine) penetrating(name string) {
	for !m.c.Destroyed {
		v := m.d(6, m.stream, "Penetrating Hits table")
		at := fmt.Sprintf("%s: Penetrating Hits %d", name, v)
		switch v {
		case 1:
			m.driverStunned(at, false)
		case 2:
			m.enginesDamaged(at)
		case 3:
			m.weaponDestroyed(at)
		case 4, 5:
			m.say("%s — Major Damage: loses one structure point and rolls again on the Glancing Hit table", at)
			if !m.loseStructure(1) {
				m.glancing(name)
			}
		case 6:
			m.say("%s — Chain Reaction: loses one structure point and rolls again on this table", at)
			if m.loseStructure(1) {
				return
			}
			continue
		}
		return
	}
}

func (m *warMachine) driverStunned(at string, drift bool) {
	m.say("%s — Driver Stunned: may not move next turn", at)
	if drift && m.w.Skimmer {
		v := m.d(6, m.stream, "Driver Stunned: the skimmer drifts D6\"")
		m.say("The skimmer drifts %d\" straight ahead", v)
	}
}

// enginesDamaged: "Knock D3" off the vehicles move (vehicles reduced to a
// move of '0' are immobilised, skimmers destroyed)."
func (m *warMachine) enginesDamaged(at string) {
	if m.c.Immobilised {
		m.say("%s — Engines Damaged: it is immobilised already", at)
		return
	}
	v := m.d(3, m.stream, "Engines Damaged: D3\" off the move")
	m.c.MoveLost += v
	move := m.c.Move(m.w)
	switch {
	case move > 0:
		m.say("%s — Engines Damaged: %d\" knocked off its move, now %d\"", at, v, move)
	case m.w.Skimmer:
		m.c.Destroyed = true
		m.say("%s — Engines Damaged: %d\" knocked off its move, reduced to 0: a skimmer is destroyed", at, v)
	default:
		m.c.Immobilised = true
		m.say("%s — Engines Damaged: %d\" knocked off its move, reduced to 0: immobilised", at, v)
	}
}

// weaponDestroyed: "One weapon chosen by opponent." Their next choice if it
// is still standing; otherwise the first weapon standing in profile order.
func (m *warMachine) weaponDestroyed(at string) {
	var standing []string
	for _, n := range m.w.WeaponNames() {
		if !slices.Contains(m.c.WeaponsLost, n) {
			standing = append(standing, n)
		}
	}
	if len(standing) == 0 {
		m.say("%s — Weapon Destroyed: no weapon is left to destroy", at)
		return
	}
	pick := standing[0]
	switch {
	case m.used >= len(m.lost):
		m.say("%s — Weapon Destroyed: the result names no weapon for it, so the first standing, %s", at, pick)
	case !slices.Contains(standing, m.lost[m.used]):
		m.say("%s — Weapon Destroyed: the opponent chose %s, which is destroyed already, so the first standing, %s", at, m.lost[m.used], pick)
		m.used++
	default:
		pick = m.lost[m.used]
		m.used++
		m.say("%s — Weapon Destroyed: the opponent chooses the %s", at, pick)
	}
	m.c.WeaponsLost = append(m.c.WeaponsLost, pick)
}

// loseStructure takes structure points; at 0 it rolls on the Catastrophic
// Damage Table ("If reduced to '0' damage points then roll on the
// Catastrophic Damage table below" — instead of rolling again, our
// reading). It reports whether the War Machine reached 0.
func (m *warMachine) loseStructure(n int) bool {
	before := m.c.StructurePoints
	m.c.StructurePoints = max(0, before-n)
	m.say("Structure points %d → %d", before, m.c.StructurePoints)
	if m.c.StructurePoints > 0 {
		return false
	}
	m.say("Reduced to 0 structure points: roll on the Catastrophic Damage Table")
	m.catastrophic()
	return true
}

// catastrophic rolls on the Catastrophic Damage Table until a result sticks.
func (m *warMachine) catastrophic() {
	for !m.c.Destroyed {
		v := m.d(6, m.stream, "Catastrophic Damage Table")
		at := fmt.Sprintf("Catastrophic Damage %d", v)
		if v == 3 {
			// The table has no result 3 (RULINGS: [rules] war_machine_catastrophic_3).
			switch m.rules.Catastrophic3 {
			case ThreeRollAgain:
				m.say("%s — the table has no result 3: rolled again (war_machine_catastrophic_3 = \"roll-again\")", at)
				continue
			case ThreeExplosion:
				at += " (read as Explosion, war_machine_catastrophic_3 = \"explosion\")"
				v = 4
			default:
				at += " (read as Destroyed: the table has no 3)"
				v = 2
			}
		}
		switch v {
		case 1:
			if m.damageControl(at) {
				return
			}
		case 2:
			m.c.Destroyed = true
			m.say("%s — Destroyed: the vehicle is wrecked. Walkers collapse and others in a random direction (models in the way leap aside automatically)", at)
		case 4, 5:
			r := m.d(6, m.stream, "Explosion: D6\" radius")
			m.c.Destroyed = true
			m.say("%s — Explosion: models within %d\" suffer one wound on a D6 roll of 4+ (saving throws allowed); vehicles are unaffected. The vehicle is wrecked", at, r)
		case 6:
			var faces []string
			r := 0
			for i := 0; i < m.w.StructurePoints; i++ {
				x := m.d(3, m.stream, fmt.Sprintf("Huge Explosion: radius, D3 %d of %d (1D3 per original structure point)", i+1, m.w.StructurePoints))
				faces = append(faces, fmt.Sprint(x))
				r += x
			}
			m.c.Destroyed = true
			m.say("%s — Huge Explosion: the vehicle is vaporised. Radius %s = %d\": models in range suffer a wound on a roll of 4+ (saving throws allowed); vehicles suffer a glancing hit on a roll of 4+", at, strings.Join(faces, "+"), r)
		}
	}
}

// damageControl: "take a Ld test … If the test is passed … 1 structure
// point is 'repaired'. If the test is failed your opponent must roll again
// on this table." A Ld test passes on 2D6 at or under the Leadership.
func (m *warMachine) damageControl(at string) bool {
	ld := m.w.Leadership
	a := m.d(6, m.stream, fmt.Sprintf("Damage Control: Ld %d test, first die", ld))
	b := m.d(6, m.stream, fmt.Sprintf("Damage Control: Ld %d test, second die", ld))
	if a+b <= ld {
		m.c.StructurePoints = 1
		m.say("%s — Damage Control: Ld test %d+%d = %d against Ld %d, passed: the damage is contained and 1 structure point is repaired", at, a, b, a+b, ld)
		return true
	}
	m.say("%s — Damage Control: Ld test %d+%d = %d against Ld %d, failed: the opponent rolls again on the table", at, a, b, a+b, ld)
	return false
}
