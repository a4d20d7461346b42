package engines

import (
	"fmt"
	"slices"
	"strings"

	"github.com/warmaster/warmaster/processor/report"
)

// Source is what scored a hit on a War Machine.
type Source int

const (
	// Ranged: shooting, ordnance (as the tables say, "Ordnance rolls on
	// these tables").
	Ranged Source = iota
	// CloseCombat: a close combat attack. "Fields don't work against close
	// combat attacks."
	CloseCombat
	// Volcano: a Volcano Cannon. "Roll 2D6 on damage table vs vehicles,
	// and pick which dice to use."
	Volcano
)

// Hit is one glancing or penetrating hit on a War Machine.
type Hit struct {
	Penetrating bool
	Source      Source
	// TitanWeapon: a close-combat hit scored by an opponent's Titan close
	// combat weapon, which "causes an additional D3 structure points of
	// damage … in addition to any damage rolled on the damage table". A
	// close-combat hit without it is any other close combat attack, such
	// as infantry assaulting a Titan: no extra D3.
	TitanWeapon bool
}

var hitNames = []string{"glancing", "penetrating", "close-combat-glancing", "close-combat-penetrating", "volcano-glancing", "volcano-penetrating"}

func (h Hit) index() int {
	i := 2 * int(h.Source)
	if h.Penetrating {
		i++
	}
	return i
}

// String is the hit as results write it: glancing, penetrating,
// close-combat-glancing, close-combat-penetrating, volcano-glancing,
// volcano-penetrating.
func (h Hit) String() string { return hitNames[h.index()] }

// Title is the hit in words: "Glancing hit", "Close combat penetrating hit".
func (h Hit) Title() string {
	return [...]string{"Glancing hit", "Penetrating hit", "Close combat glancing hit", "Close combat penetrating hit", "Volcano Cannon glancing hit", "Volcano Cannon penetrating hit"}[h.index()]
}

// ParseHit reads a hit's name.
func ParseHit(s string) (Hit, bool) {
	switch i := slices.Index(hitNames, s); i {
	case -1:
		return Hit{}, false
	default:
		return Hit{Penetrating: i%2 == 1, Source: Source(i / 2)}, true
	}
}

// HitNames lists the names of hits.
func HitNames() []string { return slices.Clone(hitNames) }

// MaxTurns is the most turns of its owner a battle records: a result's
// turns is at most this (the results schema's maximum; a game of the
// texts lasts a handful of turns).
const MaxTurns = 10

// Battle is what a War Machine went through in one battle, as its result
// records it: the hits in the order suffered, the opponent's pick for each
// Weapon Destroyed, and the turns its owner played.
type Battle struct {
	Hits        []Hit
	WeaponsLost []string
	// Turns is how many turns the War Machine's owner played: "The
	// Imperial player can roll to repair damaged void fields at the start
	// of each of his turns." 0 when not recorded: once, at the start of
	// the battle.
	Turns int
	// HitTurns, when given, is the owner's turn each hit came in, in the
	// order of Hits: after the repairs at the start of that turn, before
	// the next turn's (0: before its first turn). Without it every hit
	// comes in the first turn.
	HitTurns []int
}

// Check says what in the battle does not fit together, each fault keyed
// "hit_turns" or "hit_turns/<n>"; nothing when it fits.
func (b Battle) Check() (faults []KeyFault) {
	if b.HitTurns == nil {
		return nil
	}
	switch {
	case b.Turns == 0:
		return []KeyFault{{"hit_turns", "the turn of each hit needs the turns played (turns): how many turns the War Machine's owner played"}}
	case len(b.HitTurns) != len(b.Hits):
		return []KeyFault{{"hit_turns", fmt.Sprintf("%s for %s: give the owner's turn of each hit, in the order of the hits", report.Plural(len(b.HitTurns), "turn", "turns"), report.Plural(len(b.Hits), "hit", "hits"))}}
	}
	for i, t := range b.HitTurns {
		key := fmt.Sprintf("hit_turns/%d", i)
		switch {
		case t < 0 || t > b.Turns:
			faults = append(faults, KeyFault{key, fmt.Sprintf("turn %d is not one of the %d turns played: give 0 (before the owner's first turn) to %d", t, b.Turns, b.Turns)})
		case i > 0 && t < b.HitTurns[i-1]:
			faults = append(faults, KeyFault{key, fmt.Sprintf("turn %d after turn %d: the hits are listed in the order suffered, so their turns never go back", t, b.HitTurns[i-1])})
		}
	}
	return faults
}

// turnOf is the owner's turn the hit came in.
func (b Battle) turnOf(i int) int {
	if i < len(b.HitTurns) {
		return b.HitTurns[i]
	}
	return 1
}

// warMachine resolves damage to one War Machine.
type warMachine struct {
	table
	w      *WarMachine
	c      WarMachineCondition
	rules  Rules
	stream string
	lost   []string // the opponent's choices for Weapon Destroyed, in order
	used   int
	// volcano names the hit being resolved when it is a Volcano Cannon's
	// and its first roll on the damage table, 2D6, is still to come.
	volcano string
}

func newWarMachine(w *WarMachine, c WarMachineCondition, rules Rules, roll Roller) *warMachine {
	return &warMachine{table: table{roll: roll}, w: w, c: c.clone(), rules: rules}
}

func (m *warMachine) outcome() Outcome[WarMachineCondition] {
	if m.used < len(m.lost) && !m.c.Destroyed {
		m.say("Not needed: %s (no Weapon Destroyed result left to choose for)", report.Quoted(m.lost[m.used:]))
	}
	return Outcome[WarMachineCondition]{Condition: m.c, Events: m.events, Rolls: m.rolls}
}

// Fight resolves a War Machine's battle: at the start of each of its
// owner's turns the Imperial Void Fields down are rolled for, and the hits
// come in order, each in its turn — on fields first ("Fields"), then the
// War Machine Damage Tables, then a Titan close combat weapon's extra D3
// structure points; b.WeaponsLost are the opponent's choices for each
// Weapon Destroyed result. b should pass Check; a hit whose turn is out of
// order comes at the first turn after it.
// Dice streams: <base>/void-fields at the start of the battle (the first
// turn), <base>/void-fields/<turn> at the start of each later turn, and
// <base>/<hit>/<n> for each hit.
func Fight(w *WarMachine, c WarMachineCondition, b Battle, rules Rules, roll Roller, base string) Outcome[WarMachineCondition] {
	m := newWarMachine(w, c, rules, roll)
	m.lost = b.WeaponsLost
	i := 0
	for turn := range max(b.Turns, 1) + 1 {
		if turn > 0 {
			m.repairFields(turn, base)
		}
		for ; i < len(b.Hits) && b.turnOf(i) <= turn; i++ {
			m.resolve(i, b.Hits[i], base)
		}
	}
	for ; i < len(b.Hits); i++ {
		m.resolve(i, b.Hits[i], base)
	}
	return m.outcome()
}

func (m *warMachine) resolve(i int, h Hit, base string) {
	m.stream = Label(base, h.String(), fmt.Sprint(i+1))
	m.hit(fmt.Sprintf("%s %d", h.Title(), i+1), h)
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
	m.say("Repairs: regains %s (now %d/%d)", report.Plural(n, "structure point", "structure points"), m.c.StructurePoints, w.StructurePoints)
	return m.outcome()
}

// repairFields: "The Imperial player can roll to repair damaged void fields
// at the start of each of his turns. Roll 1D6 per field, and it comes back
// on line on a roll of 6+." Ork Power Fields "can't be repaired".
func (m *warMachine) repairFields(turn int, base string) {
	down := m.w.Fields - m.c.Fields
	if m.c.Destroyed || down <= 0 {
		return
	}
	switch m.w.Field {
	case OrkPowerField:
		if turn == 1 {
			m.say("%s down: Ork Power Fields can't be repaired", report.Plural(down, "Ork Power Field", "Ork Power Fields"))
		}
	case ImperialVoidField:
		when, label, why := "Start of the battle", Label(base, "void-fields"), ""
		if turn > 1 {
			when = fmt.Sprintf("Start of its turn %d", turn)
			label, why = Label(label, fmt.Sprint(turn)), when+": "
		}
		back := 0
		for i := range down {
			if m.d(6, label, fmt.Sprintf("%sImperial Void Field %d of %d down: back on line on a 6+", why, i+1, down)) >= 6 {
				back++
			}
		}
		m.c.Fields += back
		m.say("%s: %s down, rolled to repair: %d back on line (%d/%d up)", when, report.Plural(down, "Imperial Void Field", "Imperial Void Fields"), back, m.c.Fields, m.w.Fields)
	}
}

func (m *warMachine) hit(name string, h Hit) {
	if m.c.Destroyed {
		m.say("%s: the War Machine is destroyed already, nothing happens", name)
		return
	}
	// Fields: "Fields don't work against close combat attacks" (our
	// reading: every kind of field, as the sentence says "Fields").
	switch {
	case h.Source == CloseCombat && m.w.Field != NoField:
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
	if h.Source == Volcano {
		m.volcano = name
	}
	if h.Penetrating {
		m.penetrating(name)
	} else {
		m.glancing(name)
	}
	m.volcano = ""
	switch {
	case h.Source != CloseCombat || m.c.Destroyed:
	case h.TitanWeapon:
		v := m.d(3, m.stream, "Titan close combat weapon: an additional D3 structure points")
		m.say("%s: the Titan close combat weapon causes an additional %s of damage", name, report.Plural(v, "structure point", "structure points"))
		m.loseStructure(v)
	default:
		m.say("%s: not a Titan close combat weapon's, so no additional D3 structure points", name)
	}
}

// tableDie rolls on a damage table: one D6, or for a Volcano Cannon's hit
// its first roll 2D6 and the campaign's pick of the two ("Roll 2D6 on
// damage table vs vehicles, and pick which dice to use"). A roll again that
// a result calls for is one D6 (our reading: the 2D6 are the cannon's roll,
// the roll again is the table's).
func (m *warMachine) tableDie(table string) int {
	name := m.volcano
	if name == "" {
		return m.d(6, m.stream, table)
	}
	m.volcano = ""
	a := m.d(6, m.stream, "Volcano Cannon: "+table+", first of 2D6")
	b := m.d(6, m.stream, "Volcano Cannon: "+table+", second of 2D6")
	v := m.rules.VolcanoPick.pick(a, b)
	m.say("%s: 2D6 on the %s roll %d and %d; the attacking player uses the %s, %d (volcano_cannon_pick = %q)", name, table, a, b, m.rules.VolcanoPick, v, m.rules.VolcanoPick)
	return v
}

// glancing rolls on the Glancing Hits table (again, after Major Damage).
func (m *warMachine) glancing(name string) {
	for !m.c.Destroyed {
		v := m.tableDie("Glancing Hits table")
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
		v := m.tableDie("Penetrating Hits table")
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
// A structural weapon is never lost ("Weapons with the Structural special
// rule cannot be affected by Crippled results").
func (m *warMachine) weaponDestroyed(at string) {
	var standing, structural []string
	for _, x := range m.w.Weapons {
		switch {
		case slices.Contains(m.c.WeaponsLost, x.Name):
		case x.Structural:
			structural = append(structural, x.Name)
		default:
			standing = append(standing, x.Name)
		}
	}
	if len(standing) == 0 {
		if len(structural) > 0 {
			m.say("%s — Weapon Destroyed: no weapon is left that it can destroy (structural, never lost: %s)", at, strings.Join(structural, ", "))
			return
		}
		m.say("%s — Weapon Destroyed: no weapon is left to destroy", at)
		return
	}
	pick := standing[0]
	first := "the first standing, " + pick
	if len(structural) > 0 {
		first = fmt.Sprintf("the first standing that is not structural, %s (structural, never lost: %s)", pick, strings.Join(structural, ", "))
	}
	switch {
	case m.used >= len(m.lost):
		m.say("%s — Weapon Destroyed: the result names no weapon for it, so %s", at, first)
	case m.w.IsStructural(m.lost[m.used]):
		m.say("%s — Weapon Destroyed: the opponent chose %s, which is structural and cannot be destroyed, so %s", at, m.lost[m.used], first)
		m.used++
	case !slices.Contains(standing, m.lost[m.used]):
		m.say("%s — Weapon Destroyed: the opponent chose %s, which is destroyed already, so %s", at, m.lost[m.used], first)
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
