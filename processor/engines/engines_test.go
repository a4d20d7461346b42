package engines

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// scripted is a dice Roller that hands out the dice a case lists, in order,
// and fails the test when a die is rolled that the case did not foresee or
// a listed die does not fit the die rolled. It remembers every label.
type scripted struct {
	t      *testing.T
	dice   []int
	labels []string
}

func script(t *testing.T, dice ...int) *scripted { return &scripted{t: t, dice: dice} }

func (s *scripted) D(sides int, label, why string) int {
	s.t.Helper()
	if len(s.dice) == 0 {
		s.t.Fatalf("unscripted D%d rolled for %q (%s)", sides, why, label)
	}
	v := s.dice[0]
	s.dice = s.dice[1:]
	if v < 1 || v > sides {
		s.t.Fatalf("scripted %d does not fit the D%d rolled for %q", v, sides, why)
	}
	s.labels = append(s.labels, label)
	return v
}

func (s *scripted) done() {
	s.t.Helper()
	if len(s.dice) > 0 {
		s.t.Errorf("scripted dice left unrolled: %v", s.dice)
	}
}

// wantEvents checks that each wanted text appears in the events, in order.
func wantEvents(t *testing.T, events []string, want ...string) {
	t.Helper()
	all := strings.Join(events, "\n")
	at := 0
	for _, w := range want {
		i := strings.Index(all[at:], w)
		if i < 0 {
			t.Errorf("no event %q (in order) in:\n%s", w, all)
			return
		}
		at += i + len(w)
	}
}

// colossus is the test Behemoth: Hull 10 (thresholds 7 and 3), Legs 8 (5),
// Weapons 6 (4 and 2, each a choice of weapon lost).
func colossus() *Behemoth {
	weapons := []string{"Main cannon", "Left battery", "Right battery"}
	b := &Behemoth{Spread: 4, Zones: [3]ZoneProfile{
		{DamagePoints: 10, Thresholds: []Threshold{{Below: 3, Effect: "Command deck burns"}, {Below: 7, Effect: "Reactor breach"}}},
		{DamagePoints: 8, Thresholds: []Threshold{{Below: 5, Effect: "Leg actuator fails: MV halved"}}},
		{DamagePoints: 6, Thresholds: []Threshold{{Below: 4, Effect: "A weapon is destroyed", Options: weapons}, {Below: 2, Effect: "A weapon is destroyed", Options: weapons}}},
	}}
	if f := b.Check(); len(f) > 0 {
		panic(fmt.Sprint(f))
	}
	return b
}

func behemothAt(hull, legs, weapons int, crippled ...Crippling) BehemothCondition {
	return BehemothCondition{DamagePoints: [3]int{hull, legs, weapons}, Crippled: crippled}
}

func TestBehemothProfileCheck(t *testing.T) {
	b := &Behemoth{Zones: [3]ZoneProfile{
		{DamagePoints: 5, Thresholds: []Threshold{{Below: 6}, {Below: 2}, {Below: 2}}},
		{DamagePoints: 5}, {DamagePoints: 5},
	}}
	got := b.Check()
	want := []KeyFault{
		{"zones/hull/thresholds/0/below", "a threshold of 6 is above the Hull's 5 Damage Points: the zone would start Crippled; give 1 to 5"},
		{"zones/hull/thresholds/2/below", "the Hull has two thresholds at 2; each threshold Cripples once, give each its own value"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Check() = %v, want %v", got, want)
	}
	if b.Zones[Hull].Thresholds[0].Below != 6 {
		t.Error("thresholds are not sorted highest first")
	}
}

// Structure Points: "Super Heavy vehicles and Scout Titans can have a
// maximum of 3 structure points, while Titans and Leviathans must have four
// or more" — and every War Machine "two or more".
func TestWarMachineStructureByClass(t *testing.T) {
	for _, tc := range []struct {
		class Class
		sp    int
		ok    bool
	}{
		{SuperHeavy, 1, false}, {SuperHeavy, 2, true}, {SuperHeavy, 3, true}, {SuperHeavy, 4, false},
		{ScoutTitan, 1, false}, {ScoutTitan, 3, true}, {ScoutTitan, 4, false},
		{Titan, 3, false}, {Titan, 4, true}, {Titan, 12, true},
		{Leviathan, 2, false}, {Leviathan, 4, true}, {Leviathan, 20, true},
	} {
		t.Run(fmt.Sprintf("%s-%d", tc.class, tc.sp), func(t *testing.T) {
			w := &WarMachine{Class: tc.class, StructurePoints: tc.sp}
			if got := len(w.Check()) == 0; got != tc.ok {
				t.Errorf("%s with %d structure points: ok = %v, want %v (%v)", tc.class, tc.sp, got, tc.ok, w.Check())
			}
		})
	}
}

// Zones, Damage Thresholds, Crippled results and chain reactions.
func TestDamageZone(t *testing.T) {
	for _, tc := range []struct {
		name, cite string
		pre        BehemothCondition
		zone       Zone
		points     int
		choices    Choices
		dice       []int
		want       BehemothCondition
		events     []string
	}{
		{
			name: "above every threshold", cite: "A zone loses damage points as any other unit",
			pre: behemothAt(10, 8, 6), zone: Hull, points: 2,
			want: behemothAt(8, 8, 6), events: []string{"The Hull zone loses 2 Damage Points (10 → 8)"},
		},
		{
			name: "at a threshold is not below it", cite: "Once a zone goes below a Damage Threshold, it is Crippled",
			pre: behemothAt(10, 8, 6), zone: Hull, points: 3,
			want: behemothAt(7, 8, 6),
		},
		{
			name: "below a threshold cripples, chain to the chosen zone", cite: "Every time a Behemoth is Crippled, after resolving the effects, the targeting player chooses 1 other Zone. That Zone loses 1 Damage Point.",
			pre: behemothAt(10, 8, 6), zone: Hull, points: 4, choices: Choices{Chain: []Zone{Legs}},
			want:   behemothAt(6, 7, 6, Crippling{Hull, 7, "Reactor breach", ""}),
			events: []string{"The Hull zone loses 4 Damage Points (10 → 6)", "Crippled: the Hull zone goes below 7 Damage Points — Reactor breach", "Chain reaction: the Legs zone loses 1 Damage Point", "The Legs zone loses 1 Damage Point (8 → 7)"},
		},
		{
			name: "one volley cripples twice", cite: "A single weapon can only target one zone, but can Cripple that zone multiple times with one volley",
			pre: behemothAt(10, 8, 6), zone: Hull, points: 8, choices: Choices{Chain: []Zone{Weapons, Legs}},
			want:   behemothAt(2, 7, 5, Crippling{Hull, 7, "Reactor breach", ""}, Crippling{Hull, 3, "Command deck burns", ""}),
			events: []string{"below 7", "Weapons zone loses 1", "below 3", "Legs zone loses 1"},
		},
		{
			name: "a crossed threshold never cripples again", cite: "each Threshold can only cause one Crippled result",
			pre: behemothAt(6, 8, 6, Crippling{Hull, 7, "Reactor breach", ""}), zone: Hull, points: 1,
			want: behemothAt(5, 8, 6, Crippling{Hull, 7, "Reactor breach", ""}),
		},
		{
			name: "healed above a threshold, damaged below it again: still one Crippled result", cite: "In this situation the Crippled result remains, and the Damage Threshold is ignored",
			pre: behemothAt(9, 8, 6, Crippling{Hull, 7, "Reactor breach", ""}), zone: Hull, points: 3,
			want: behemothAt(6, 8, 6, Crippling{Hull, 7, "Reactor breach", ""}),
		},
		{
			name: "a chain reaction that cripples again", cite: "This can cause further Crippled results, making a chain reaction!",
			pre: behemothAt(10, 5, 6), zone: Hull, points: 4, choices: Choices{Chain: []Zone{Legs, Weapons}},
			want:   behemothAt(10-4, 4, 5, Crippling{Hull, 7, "Reactor breach", ""}, Crippling{Legs, 5, "Leg actuator fails: MV halved", ""}),
			events: []string{"Crippled: the Hull zone", "Chain reaction: the Legs zone loses 1", "Crippled: the Legs zone goes below 5", "Chain reaction: the Weapons zone loses 1"},
		},
		{
			name: "a Crippled option chosen by the targeting player", cite: "When there are multiple options in a Crippled result … the targeting player chooses which result applies",
			pre: behemothAt(10, 8, 6), zone: Weapons, points: 3, choices: Choices{Crippled: []string{"Left battery"}, Chain: []Zone{Hull}},
			want:   behemothAt(9, 8, 3, Crippling{Weapons, 4, "A weapon is destroyed", "Left battery"}),
			events: []string{"A weapon is destroyed: Left battery"},
		},
		{
			name: "no option recorded: the first not taken", cite: "the targeting player chooses which result applies (RULINGS: a choice not recorded falls back)",
			pre: behemothAt(10, 8, 3, Crippling{Weapons, 4, "A weapon is destroyed", "Main cannon"}), zone: Weapons, points: 2, choices: Choices{Chain: []Zone{Hull}},
			want:   behemothAt(9, 8, 1, Crippling{Weapons, 4, "A weapon is destroyed", "Main cannon"}, Crippling{Weapons, 2, "A weapon is destroyed", "Left battery"}),
			events: []string{"No choice recorded for this Crippled result: \"Left battery\""},
		},
		{
			name: "an option taken already falls back", cite: "the targeting player chooses which result applies",
			pre: behemothAt(10, 8, 3, Crippling{Weapons, 4, "A weapon is destroyed", "Main cannon"}), zone: Weapons, points: 2, choices: Choices{Crippled: []string{"Main cannon"}, Chain: []Zone{Hull}},
			want:   behemothAt(9, 8, 1, Crippling{Weapons, 4, "A weapon is destroyed", "Main cannon"}, Crippling{Weapons, 2, "A weapon is destroyed", "Left battery"}),
			events: []string{"which an earlier Crippled result took"},
		},
		{
			name: "no chain zone recorded: a random other zone", cite: "the targeting player chooses 1 other Zone (not recorded: random)",
			pre: behemothAt(10, 8, 6), zone: Hull, points: 4, dice: []int{4},
			want:   behemothAt(6, 8, 5, Crippling{Hull, 7, "Reactor breach", ""}),
			events: []string{"No zone recorded", "Rolled 4 for a random Zone: the Weapons zone"},
		},
		{
			name: "the crippled zone itself is not another zone", cite: "chooses 1 other Zone",
			pre: behemothAt(10, 8, 6), zone: Hull, points: 4, choices: Choices{Chain: []Zone{Hull}}, dice: []int{2},
			want:   behemothAt(6, 7, 6, Crippling{Hull, 7, "Reactor breach", ""}),
			events: []string{"it is the zone that was Crippled, not another", "Rolled 2 for a random Zone: the Legs zone"},
		},
		{
			name: "a destroyed zone cannot be chosen", cite: "Once a zone is completely destroyed …",
			pre: behemothAt(10, 0, 6), zone: Hull, points: 4, choices: Choices{Chain: []Zone{Legs}},
			want:   behemothAt(6, 0, 5, Crippling{Hull, 7, "Reactor breach", ""}),
			events: []string{"it has no Damage Points left"},
		},
		{
			name: "two zones at 0: destroyed, explodes on a 2+", cite: "When a Behemoth is reduced to 0 Damage Points on 2 zones, it is destroyed. Roll 1 dice. On a 2+, the Behemoth explodes",
			pre: behemothAt(10, 0, 2), zone: Weapons, points: 2, dice: []int{5},
			want:   BehemothCondition{DamagePoints: [3]int{10, 0, 0}, Destroyed: true},
			events: []string{"it is completely destroyed", "reduced to 0 Damage Points on 2 zones", "Destruction roll 5: the Behemoth explodes — every scenery piece and unit (friendly and enemy) within 5\" suffers 5 Energy 10 automatic hits"},
		},
		{
			name: "destroyed on a 1: the singularity, roll again for its radius", cite: "On a roll of a 1 the primary core collapses … a localised singularity event occurs. Roll again.",
			pre: behemothAt(10, 1, 0), zone: Legs, points: 3, dice: []int{1, 4},
			want:   BehemothCondition{DamagePoints: [3]int{10, 0, 0}, Destroyed: true},
			events: []string{"a singularity event! Rolled 4: every scenery piece and unit within 4\" is removed"},
		},
		{
			name: "a chain reaction that destroys", cite: "That Zone loses 1 Damage Point … reduced to 0 Damage Points on 2 zones",
			pre: behemothAt(10, 0, 1), zone: Hull, points: 4, choices: Choices{Chain: []Zone{Weapons}}, dice: []int{3},
			want:   BehemothCondition{DamagePoints: [3]int{6, 0, 0}, Crippled: []Crippling{{Hull, 7, "Reactor breach", ""}}, Destroyed: true},
			events: []string{"Chain reaction: the Weapons zone", "Destruction roll 3"},
		},
		{
			name: "a destroyed Behemoth takes no more damage", cite: "Destroying Behemoths",
			pre: BehemothCondition{Destroyed: true}, zone: Hull, points: 4,
			want: BehemothCondition{Destroyed: true}, events: []string{"destroyed already"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.cite == "" {
				t.Fatal("cite the text")
			}
			d := script(t, tc.dice...)
			out := DamageZone(colossus(), tc.pre, tc.zone, tc.points, tc.choices, Rules{}, d, "p/engines/c", 1)
			d.done()
			if !reflect.DeepEqual(out.Condition, tc.want) {
				t.Errorf("condition\n got %+v\nwant %+v\n%s", out.Condition, tc.want, strings.Join(out.Events, "\n"))
			}
			wantEvents(t, out.Events, tc.events...)
			if len(out.Rolls) != len(tc.dice) {
				t.Errorf("%d rolls reported, %d rolled", len(out.Rolls), len(tc.dice))
			}
		})
	}
}

// "Weapons with the Structural special rule cannot be affected by Crippled
// results unless specifically mentioned": a Crippled option marked
// structural is never taken, chosen or not.
func TestStructuralOptions(t *testing.T) {
	b := colossus()
	for i := range b.Zones[Weapons].Thresholds {
		b.Zones[Weapons].Thresholds[i].Structural = []string{"Main cannon"}
	}
	all := colossus()
	all.Zones[Weapons].Thresholds[0].Structural = slices.Clone(all.Zones[Weapons].Thresholds[0].Options)
	all.Zones[Weapons].Thresholds[1].Structural = slices.Clone(all.Zones[Weapons].Thresholds[1].Options)
	for _, tc := range []struct {
		name    string
		b       *Behemoth
		choices Choices
		want    string
		events  []string
	}{
		{"OKChosen", b, Choices{Crippled: []string{"Right battery"}}, "Right battery", nil},
		{"NotRecorded", b, Choices{}, "Left battery", []string{"No choice recorded for this Crippled result: \"Left battery\", the first of \"Main cannon\", \"Left battery\", \"Right battery\" neither taken yet nor structural"}},
		{"ChosenStructural", b, Choices{Crippled: []string{"Main cannon"}}, "Left battery", []string{"The targeting player chose \"Main cannon\", which is structural: Crippled results cannot affect it; \"Left battery\" instead"}},
		{"AllStructural", all, Choices{Crippled: []string{"Left battery"}}, "", []string{"Every option of this Crippled result is structural", "Not needed: \"Left battery\""}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.choices.Chain = []Zone{Hull}
			out := DamageZone(tc.b, behemothAt(10, 8, 6), Weapons, 3, tc.choices, Rules{}, script(t), "p", 1)
			cr := out.Condition.Crippled
			if len(cr) != 1 || cr[0].Option != tc.want {
				t.Errorf("Crippled %+v, want the option %q\n%s", cr, tc.want, strings.Join(out.Events, "\n"))
			}
			wantEvents(t, out.Events, tc.events...)
		})
	}
	if !b.IsStructural("Main cannon") || b.IsStructural("Left battery") {
		t.Error("IsStructural")
	}
}

// RULINGS 56: a Crippled result takes "the first option the result lists
// that no earlier Crippled result took" — and when every one was taken, none:
// a weapon destroyed is not destroyed again (as a War Machine's Weapon
// Destroyed with no weapon left). A pick for that result is not needed.
func TestCrippledOptionsAllTaken(t *testing.T) {
	ab := []string{"A", "B"}
	b := &Behemoth{Spread: 4, Zones: [3]ZoneProfile{
		{DamagePoints: 10, Thresholds: []Threshold{{Below: 7, Effect: "Reactor breach"}}},
		{DamagePoints: 8, Thresholds: []Threshold{{Below: 5, Effect: "Leg actuator fails"}}},
		{DamagePoints: 9, Thresholds: []Threshold{{Below: 8, Effect: "A weapon is destroyed", Options: ab}, {Below: 6, Effect: "A weapon is destroyed", Options: ab}, {Below: 4, Effect: "A weapon is destroyed", Options: ab}}},
	}}
	if f := b.Check(); len(f) > 0 {
		t.Fatal(f)
	}
	for _, tc := range []struct {
		name   string
		picks  []string
		events []string
	}{
		{"NotRecorded", nil, []string{"Every option of this Crippled result (\"A\", \"B\") was taken by an earlier one: none is left, none is taken"}},
		{"Picked", []string{"B", "A", "A"}, []string{"Every option of this Crippled result", "Not needed: \"A\""}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := DamageZone(b, behemothAt(10, 8, 9), Weapons, 6, Choices{Crippled: tc.picks, Chain: []Zone{Hull, Hull, Hull}}, Rules{}, script(t), "p", 1)
			var got []string
			for _, c := range out.Condition.Crippled {
				if c.Zone == Weapons {
					got = append(got, c.Option)
				}
			}
			want := []string{"A", "B", ""}
			if tc.picks != nil {
				want = []string{"B", "A", ""}
			}
			if !slices.Equal(got, want) {
				t.Errorf("options taken %q, want %q\n%s", got, want, strings.Join(out.Events, "\n"))
			}
			wantEvents(t, out.Events, tc.events...)
		})
	}
}

// A weapon has the Structural special rule or not: marked in one Crippled
// result's options, it is marked in every one that lists it.
func TestStructuralMarkedEverywhere(t *testing.T) {
	b := colossus()
	b.Zones[Weapons].Thresholds[0].Structural = []string{"Main cannon"}
	want := []KeyFault{{"zones/weapons/thresholds/1/options/0", "\"Main cannon\" is structural in another Crippled result of this profile: a weapon has the Structural special rule everywhere or nowhere; write it here too as { name = \"Main cannon\", structural = true }"}}
	if got := b.Check(); !reflect.DeepEqual(got, want) {
		t.Errorf("Check() = %v, want %v", got, want)
	}
}

// Drop-Harness: each row of the landing-damage table, and the worked example.
func TestLand(t *testing.T) {
	for _, tc := range []struct {
		name, cite string
		land       Landing
		rules      Rules
		dice       []int
		want       BehemothCondition
		events     []string
	}{
		{name: "no condition met", cite: "check to see which conditions on the table below are met", want: behemothAt(10, 8, 6), events: []string{"no dice to roll"}},
		{
			name: "Landed on Impassable Scenery: 5 dice", cite: "| Landed on Impassable Scenery | 5 |",
			land: Landing{Impassable: 1}, dice: []int{1, 3, 6, 2, 5, 1, 6}, // two 1-2s: zones Hull (1), Weapons (6)
			want: behemothAt(9, 8, 5), events: []string{"5 dice (5 for 1 piece of Impassable Scenery landed on) roll 1, 3, 6, 2, 5: 2 Damage Points", "the Hull zone", "the Weapons zone"},
		},
		{
			name: "Landed on Tough scenery: 2 dice", cite: "| Landed on Tough scenery | 2 |",
			land: Landing{Tough: 1}, dice: []int{2, 4, 3},
			want: behemothAt(10, 7, 6), events: []string{"2 dice (2 for 1 piece of Tough scenery landed on)", "the Legs zone"},
		},
		{
			name: "Landed within 3\" of an enemy squad: 2 dice", cite: "| Landed within 3\" of an enemy squad | 2 |",
			land: Landing{EnemyNear: 2}, dice: []int{3, 3, 3, 3},
			want: behemothAt(10, 8, 6), events: []string{"4 dice (4 for 2 enemy squads within 3\")", ": 0 Damage Points"},
		},
		{
			name: "enemy squads at 1 die each, as the worked example counts", cite: "10 dice (5 for the Impassable scenery piece, 2 for the units underneath it, and 3 for the enemy squads within 3 )",
			land: Landing{Impassable: 1, Units: 2, EnemyNear: 3}, rules: Rules{LandingEnemyDice: 1},
			dice: []int{1, 2, 2, 3, 4, 5, 6, 3, 4, 5 /* zones */, 1, 3, 5},
			want: behemothAt(9, 7, 5), events: []string{"10 dice (5 for 1 piece of Impassable Scenery landed on, 3 for 3 enemy squads within 3\", 2 for 2 units landed on)", "3 Damage Points"},
		},
		{
			name: "Landed on a unit: 1 die", cite: "| Landed on a unit | 1 |",
			land: Landing{Units: 1}, dice: []int{1, 5},
			want: behemothAt(10, 8, 5),
		},
		{
			name: "Landed within R(C) and line of sight of an AA weapon: 1 die", cite: "| Landed within R(C) and line of sight of an AA weapon. | 1 |",
			land: Landing{AntiAircraft: 1}, dice: []int{2, 2},
			want: behemothAt(9, 8, 6),
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := script(t, tc.dice...)
			out := Land(colossus(), behemothAt(10, 8, 6), tc.land, Choices{}, tc.rules, d, "p/engines/c")
			d.done()
			if !reflect.DeepEqual(out.Condition, tc.want) {
				t.Errorf("condition\n got %+v\nwant %+v\n%s", out.Condition, tc.want, strings.Join(out.Events, "\n"))
			}
			wantEvents(t, out.Events, tc.events...)
		})
	}
}

// Landing damage that Cripples has no targeting player to pick the chain
// reaction's zone: random by default; the opponent's recorded choice with
// behemoth_untargeted_chain = "opponent".
func TestLandChain(t *testing.T) {
	pre := behemothAt(7, 8, 6)
	t.Run("random", func(t *testing.T) {
		d := script(t, 1 /* the die */, 1 /* Hull */, 6 /* chain: Legs 1-3, Weapons 4-6 */)
		out := Land(colossus(), pre, Landing{Units: 1}, Choices{Chain: []Zone{Legs}}, Rules{}, d, "p/engines/c")
		d.done()
		if got, want := out.Condition.DamagePoints, [3]int{6, 8, 5}; got != want {
			t.Errorf("DP = %v, want %v\n%s", got, want, strings.Join(out.Events, "\n"))
		}
		if got, want := d.labels, []string{"p/engines/c/landing", "p/engines/c/landing/zone", "p/engines/c/landing/chain"}; !reflect.DeepEqual(got, want) {
			t.Errorf("labels %v, want %v", got, want)
		}
	})
	t.Run("opponent", func(t *testing.T) {
		d := script(t, 1, 1)
		out := Land(colossus(), pre, Landing{Units: 1}, Choices{Chain: []Zone{Legs}}, Rules{UntargetedChain: ChainOpponent}, d, "p/engines/c")
		d.done()
		if got, want := out.Condition.DamagePoints, [3]int{6, 7, 6}; got != want {
			t.Errorf("DP = %v, want %v\n%s", got, want, strings.Join(out.Events, "\n"))
		}
	})
}

// Behemoths & Moving: "Any of these hits that fail to damage are instead
// resolved as successful damage rolls against a random zone on the Behemoth."
func TestStomp(t *testing.T) {
	d := script(t, 2, 3, 6)
	out := Stomp(colossus(), behemothAt(10, 8, 6), 3, Choices{}, Rules{}, d, "p/engines/c", 2)
	d.done()
	if got, want := out.Condition.DamagePoints, [3]int{9, 7, 5}; got != want {
		t.Errorf("DP = %v, want %v", got, want)
	}
	if d.labels[0] != "p/engines/c/damage/2/zone" {
		t.Errorf("label %s", d.labels[0])
	}
	wantEvents(t, out.Events, "3 hits failed to damage the scenery", "the Hull zone", "the Legs zone", "the Weapons zone")
}

// Random zones skip a destroyed zone: with two left, 1-3 and 4-6.
func TestRandomZoneSkipsDestroyed(t *testing.T) {
	d := script(t, 4)
	out := Stomp(colossus(), behemothAt(10, 0, 6), 1, Choices{}, Rules{}, d, "p", 1)
	if got, want := out.Condition.DamagePoints, [3]int{10, 0, 5}; got != want {
		t.Errorf("DP = %v, want %v", got, want)
	}
	if !strings.Contains(out.Rolls[0].Why, "1-3 Hull, 4-6 Weapons") {
		t.Errorf("why %q", out.Rolls[0].Why)
	}
}

func TestDestroy(t *testing.T) {
	d := script(t, 1, 6)
	out := Destroy(colossus(), behemothAt(10, 8, 6), d, "p/engines/c")
	d.done()
	if !out.Condition.Destroyed || d.labels[0] != "p/engines/c/destroyed" {
		t.Errorf("%+v %v", out.Condition, d.labels)
	}
	wantEvents(t, out.Events, "singularity", "within 6\"")
}

// "A zone may go below a Damage Threshold and then subsequently go back
// above that Threshold … the Crippled result remains … Once a zone is
// completely destroyed, it cannot replenish damage points."
func TestRepairBehemoth(t *testing.T) {
	pre := behemothAt(5, 0, 5, Crippling{Hull, 7, "Reactor breach", ""})
	out := RepairBehemoth(colossus(), pre, 4)
	want := behemothAt(9, 0, 5, Crippling{Hull, 7, "Reactor breach", ""})
	if !reflect.DeepEqual(out.Condition, want) {
		t.Errorf("got %+v, want %+v", out.Condition, want)
	}
	wantEvents(t, out.Events, "the Hull zone regains 4 Damage Points (now 9/10)", "the Legs zone is completely destroyed and cannot replenish")
	// Back above 7, then below it again: no second Crippled result.
	d := script(t)
	again := DamageZone(colossus(), out.Condition, Hull, 3, Choices{}, Rules{}, d, "p", 1)
	d.done()
	if len(again.Condition.Crippled) != 1 || again.Condition.DamagePoints[Hull] != 6 {
		t.Errorf("crippled twice by one threshold: %+v", again.Condition.Crippled)
	}
}

// warhound is the test War Machine: a Scout Titan with 3 structure points,
// agile, 2 Imperial Void Fields, Ld 8, two weapons.
func warhound() *WarMachine {
	return &WarMachine{Class: ScoutTitan, StructurePoints: 3, Speed: Agile, Field: ImperialVoidField, Fields: 2, Leadership: 8,
		Weapons: []Weapon{{Name: "Plasma Blastgun", Mega: true}, {Name: "Vulcan Mega-Bolter", Gatling: true}}}
}

func plain(w *WarMachine) *WarMachine { w.Field, w.Fields = NoField, 0; return w }

// structuralBlastgun is the plain test War Machine whose Plasma Blastgun
// has the Structural special rule.
func structuralBlastgun() *WarMachine {
	w := plain(warhound())
	w.Weapons[0].Structural = true
	return w
}

var (
	glancing    = Hit{}
	penetrating = Hit{Penetrating: true}
)

// War Machine Damage Tables: every row of the Glancing, Penetrating and
// Catastrophic tables, and the missing 3.
func TestHits(t *testing.T) {
	type wm = WarMachineCondition
	for _, tc := range []struct {
		name, cite string
		w          *WarMachine
		pre        wm
		hits       []Hit
		lost       []string
		rules      Rules
		dice       []int
		want       wm
		events     []string
	}{
		{name: "Glancing 1", cite: "| 1 | Gun Crew Shaken: One weapon may not shoot next turn (chosen by opponent) |", hits: []Hit{glancing}, dice: []int{1}, want: wm{StructurePoints: 3}, events: []string{"Glancing Hits 1 — Gun Crew Shaken"}},
		{name: "Glancing 2", cite: "| 2 | Gun Crew Shaken |", hits: []Hit{glancing}, dice: []int{2}, want: wm{StructurePoints: 3}, events: []string{"Glancing Hits 2 — Gun Crew Shaken"}},
		{name: "Glancing 3", cite: "| 3 | Driver Stunned: May not move next turn (skimmers drift D6\" straight ahead) |", hits: []Hit{glancing}, dice: []int{3}, want: wm{StructurePoints: 3}, events: []string{"Driver Stunned: may not move next turn"}},
		{
			name: "Glancing 3, a skimmer drifts", cite: "(skimmers drift D6\" straight ahead)",
			w: func() *WarMachine { w := plain(warhound()); w.Skimmer = true; return w }(), hits: []Hit{glancing}, dice: []int{3, 5},
			want: wm{StructurePoints: 3}, events: []string{"The skimmer drifts 5\" straight ahead"},
		},
		{name: "Glancing 4", cite: "| 4 | Engines Damaged: Knock D3\" off the vehicles move |", hits: []Hit{glancing}, dice: []int{4, 2}, want: wm{StructurePoints: 3, MoveLost: 2}, events: []string{"2\" knocked off its move, now 10\""}},
		{
			name: "Glancing 4 to a move of 0: immobilised", cite: "(vehicles reduced to a move of '0' are immobilised, skimmers destroyed)",
			w: func() *WarMachine { w := plain(warhound()); w.Speed = Lumbering; return w }(), pre: wm{StructurePoints: 3, MoveLost: 4}, hits: []Hit{glancing}, dice: []int{4, 3},
			want: wm{StructurePoints: 3, MoveLost: 7, Immobilised: true}, events: []string{"reduced to 0: immobilised"},
		},
		{
			name: "Glancing 4 to a move of 0: a skimmer is destroyed", cite: "skimmers destroyed",
			w: func() *WarMachine { w := plain(warhound()); w.Skimmer = true; return w }(), pre: wm{StructurePoints: 3, MoveLost: 10}, hits: []Hit{glancing, glancing}, dice: []int{4, 2},
			want: wm{StructurePoints: 3, MoveLost: 12, Destroyed: true}, events: []string{"a skimmer is destroyed", "Glancing hit 2: the War Machine is destroyed already"},
		},
		{name: "Glancing 5, the opponent's choice", cite: "| 5 | Weapon Destroyed: One weapon chosen by opponent |", hits: []Hit{glancing}, lost: []string{"Vulcan Mega-Bolter"}, dice: []int{5}, want: wm{StructurePoints: 3, WeaponsLost: []string{"Vulcan Mega-Bolter"}}, events: []string{"the opponent chooses the Vulcan Mega-Bolter"}},
		{name: "Glancing 5, no choice recorded", cite: "One weapon chosen by opponent (not recorded: the first standing)", hits: []Hit{glancing}, dice: []int{5}, want: wm{StructurePoints: 3, WeaponsLost: []string{"Plasma Blastgun"}}, events: []string{"the first standing, Plasma Blastgun"}},
		{
			name: "Glancing 5, no weapon left", cite: "Weapon Destroyed",
			pre: wm{StructurePoints: 3, WeaponsLost: []string{"Plasma Blastgun", "Vulcan Mega-Bolter"}}, hits: []Hit{glancing}, dice: []int{5},
			want: wm{StructurePoints: 3, WeaponsLost: []string{"Plasma Blastgun", "Vulcan Mega-Bolter"}}, events: []string{"no weapon is left to destroy"},
		},
		{name: "Glancing 6", cite: "| 6 | Major Damage: Loose one structure point and roll again on this table. |", hits: []Hit{glancing}, dice: []int{6, 1}, want: wm{StructurePoints: 2}, events: []string{"Major Damage", "Structure points 3 → 2", "Glancing Hits 1"}},
		{
			name: "Glancing 6 to 0: the Catastrophic table instead", cite: "If reduced to '0' damage points then roll on the Catastrophic Damage table below.",
			pre: wm{StructurePoints: 1}, hits: []Hit{glancing}, dice: []int{6, 2},
			want: wm{Destroyed: true}, events: []string{"Reduced to 0 structure points", "Catastrophic Damage 2 — Destroyed"},
		},
		{name: "Penetrating 1", cite: "| 1 | Driver Stunned: May not move next turn. |", w: func() *WarMachine { w := plain(warhound()); w.Skimmer = true; return w }(), hits: []Hit{penetrating}, dice: []int{1}, want: wm{StructurePoints: 3}, events: []string{"Penetrating Hits 1 — Driver Stunned"}},
		{name: "Penetrating 2", cite: "| 2 | Engines Damaged: Knock D3\" off the vehicles move |", hits: []Hit{penetrating}, dice: []int{2, 1}, want: wm{StructurePoints: 3, MoveLost: 1}},
		{name: "Penetrating 3", cite: "| 3 | Weapon Destroyed: One weapon chosen by opponent |", hits: []Hit{penetrating}, lost: []string{"Plasma Blastgun"}, dice: []int{3}, want: wm{StructurePoints: 3, WeaponsLost: []string{"Plasma Blastgun"}}},
		{name: "Penetrating 4", cite: "| 4 | Major Damage: Loose one structure point and roll again on the Glancing Hit table. |", hits: []Hit{penetrating}, dice: []int{4, 5}, want: wm{StructurePoints: 2, WeaponsLost: []string{"Plasma Blastgun"}}, events: []string{"Penetrating Hits 4 — Major Damage", "Glancing Hits 5 — Weapon Destroyed"}},
		{name: "Penetrating 5", cite: "| 5 | Major Damage: … roll again on the Glancing Hit table. |", hits: []Hit{penetrating}, dice: []int{5, 6, 3}, want: wm{StructurePoints: 1}, events: []string{"Penetrating Hits 5 — Major Damage", "Glancing Hits 6 — Major Damage", "Glancing Hits 3"}},
		{name: "Penetrating 6", cite: "| 6 | Chain Reaction: Loose one structure point and roll again on this table. |", hits: []Hit{penetrating}, dice: []int{6, 6, 1}, want: wm{StructurePoints: 1}, events: []string{"Chain Reaction", "Chain Reaction", "Penetrating Hits 1"}},
		{
			name: "Penetrating 6 to 0: Catastrophic", cite: "If reduced to '0' damage points then roll on the Catastrophic Damage table below.",
			pre: wm{StructurePoints: 1}, hits: []Hit{penetrating}, dice: []int{6, 4, 3},
			want: wm{Destroyed: true}, events: []string{"Catastrophic Damage 4 — Explosion: models within 3\""},
		},
		{
			name: "Catastrophic 1, Damage Control passed", cite: "| 1 | Damage Control: … If the test is passed … 1 structure point is 'repaired'. |",
			pre: wm{StructurePoints: 1}, hits: []Hit{glancing}, dice: []int{6, 1, 4, 4},
			want: wm{StructurePoints: 1}, events: []string{"Ld test 4+4 = 8 against Ld 8, passed"},
		},
		{
			name: "Catastrophic 1, Damage Control failed: roll again", cite: "If the test is failed your opponent must roll again on this table",
			pre: wm{StructurePoints: 1}, hits: []Hit{glancing}, dice: []int{6, 1, 5, 4, 1, 2, 2},
			want: wm{StructurePoints: 1}, events: []string{"= 9 against Ld 8, failed", "Catastrophic Damage 1", "passed"},
		},
		{name: "Catastrophic 2", cite: "| 2 | Destroyed: The vehicle is wrecked. |", pre: wm{StructurePoints: 1}, hits: []Hit{glancing}, dice: []int{6, 2}, want: wm{Destroyed: true}, events: []string{"Destroyed: the vehicle is wrecked"}},
		{name: "Catastrophic 3, the default: Destroyed covers 2-3", cite: "The table has no 3 (| 2 | Destroyed … | 4-5 | Explosion …); [rules] war_machine_catastrophic_3 = \"destroyed\"", pre: wm{StructurePoints: 1}, hits: []Hit{glancing}, dice: []int{6, 3}, want: wm{Destroyed: true}, events: []string{"Catastrophic Damage 3 (read as Destroyed: the table has no 3) — Destroyed"}},
		{name: "Catastrophic 3 as Explosion", cite: "[rules] war_machine_catastrophic_3 = \"explosion\"", pre: wm{StructurePoints: 1}, hits: []Hit{glancing}, rules: Rules{Catastrophic3: ThreeExplosion}, dice: []int{6, 3, 2}, want: wm{Destroyed: true}, events: []string{"Explosion: models within 2\""}},
		{name: "Catastrophic 3 rolled again", cite: "[rules] war_machine_catastrophic_3 = \"roll-again\"", pre: wm{StructurePoints: 1}, hits: []Hit{glancing}, rules: Rules{Catastrophic3: ThreeRollAgain}, dice: []int{6, 3, 5, 6}, want: wm{Destroyed: true}, events: []string{"rolled again", "Catastrophic Damage 5 — Explosion: models within 6\""}},
		{name: "Catastrophic 4", cite: "| 4-5 | Explosion: Models within D6\" suffer one wound on a D6 roll of 4+ … Vehicles are unaffected. |", pre: wm{StructurePoints: 1}, hits: []Hit{glancing}, dice: []int{6, 4, 1}, want: wm{Destroyed: true}, events: []string{"models within 1\""}},
		{name: "Catastrophic 5", cite: "| 4-5 | Explosion |", pre: wm{StructurePoints: 1}, hits: []Hit{glancing}, dice: []int{6, 5, 6}, want: wm{Destroyed: true}, events: []string{"models within 6\""}},
		{
			name: "Catastrophic 6", cite: "| 6 | Huge Explosion: … Roll 1D3 per original structure point to determine radius of explosion. … Vehicles suffer a glancing hit on a roll of 4+. |",
			pre: wm{StructurePoints: 1}, hits: []Hit{glancing}, dice: []int{6, 6, 1, 3, 2},
			want: wm{Destroyed: true}, events: []string{"Huge Explosion: the vehicle is vaporised. Radius 1+3+2 = 6\""},
		},
		{
			name: "Imperial Void Fields absorb hits and go down", cite: "Imperial Void Fields absorb the damage from one glancing or penetrating hit and then go down.",
			w: warhound(), pre: wm{StructurePoints: 3, Fields: 2}, hits: []Hit{penetrating, glancing, glancing}, dice: []int{1},
			want: wm{StructurePoints: 3}, events: []string{"Penetrating hit 1: an Imperial Void Field absorbs it and goes down (1/2 up)", "Glancing hit 2: an Imperial Void Field absorbs it and goes down (0/2 up)", "Glancing hit 3: Glancing Hits 1"},
		},
		{
			name: "Ork Power Fields work the same way", cite: "Ork Power Fields: These work in the same way as Void Fields",
			w: func() *WarMachine { w := warhound(); w.Field, w.Fields = OrkPowerField, 1; return w }(), pre: wm{StructurePoints: 3, Fields: 1}, hits: []Hit{glancing},
			want: wm{StructurePoints: 3}, events: []string{"an Ork Power Field absorbs it"},
		},
		{
			name: "Eldar Force Field: 4+ invulnerable save", cite: "Eldar vehicles can have force fields, which provide a 4+ invulnerable save against any glancing or penetrating hits.",
			w: func() *WarMachine { w := warhound(); w.Field, w.Fields = EldarForceField, 0; return w }(), pre: wm{StructurePoints: 3}, hits: []Hit{glancing, penetrating}, dice: []int{4, 3, 1},
			want: wm{StructurePoints: 3}, events: []string{"saves it (rolled 4, 4+)", "fails (rolled 3, 4+ needed)", "Penetrating Hits 1"},
		},
		{
			name: "fields don't work against close combat; a Titan close combat weapon adds D3", cite: "Fields don't work against close combat attacks. / Titan close combat weapons … Any glancing or penetrating hit causes an additional D3 structure points of damage",
			w: warhound(), pre: wm{StructurePoints: 3, Fields: 2}, hits: []Hit{{Source: CloseCombat, TitanWeapon: true}}, dice: []int{1, 2},
			want: wm{StructurePoints: 1, Fields: 2}, events: []string{"fields don't work against close combat attacks", "Glancing Hits 1", "an additional 2 structure points", "Structure points 3 → 1"},
		},
		{
			name: "a Titan close combat weapon's D3 to 0: Catastrophic", cite: "in addition to any damage rolled on the damage table",
			pre: wm{StructurePoints: 2}, hits: []Hit{{Penetrating: true, Source: CloseCombat, TitanWeapon: true}}, dice: []int{4, 1, 3, 6, 1, 1, 1},
			want: wm{Destroyed: true}, events: []string{"Penetrating Hits 4 — Major Damage", "Glancing Hits 1", "an additional 3 structure points", "Structure points 1 → 0", "Huge Explosion", "Radius 1+1+1 = 3\""},
		},
		{
			name: "close combat without a Titan close combat weapon: fields don't work, no extra D3", cite: "Fields don't work against close combat attacks. / Titan close combat weapons … Any glancing or penetrating hit causes an additional D3 (only theirs)",
			w: warhound(), pre: wm{StructurePoints: 3, Fields: 2}, hits: []Hit{{Penetrating: true, Source: CloseCombat}}, dice: []int{4, 1},
			want: wm{StructurePoints: 2, Fields: 2}, events: []string{"fields don't work against close combat attacks", "Penetrating Hits 4 — Major Damage", "Glancing Hits 1", "not a Titan close combat weapon's, so no additional D3 structure points"},
		},
		{
			name: "Volcano Cannon: 2D6 on the table, the higher used", cite: "Volcano Cannon … Roll 2D6 on damage table vs vehicles, and pick which dice to use. ([rules] volcano_cannon_pick = \"higher\")",
			hits: []Hit{{Penetrating: true, Source: Volcano}}, dice: []int{2, 6, 1},
			want: wm{StructurePoints: 2}, events: []string{"Volcano Cannon penetrating hit 1: 2D6 on the Penetrating Hits table roll 2 and 6; the attacking player uses the higher, 6 (volcano_cannon_pick = \"higher\")", "Penetrating Hits 6 — Chain Reaction", "Structure points 3 → 2", "Penetrating Hits 1 — Driver Stunned"},
		},
		{
			name: "Volcano Cannon: the lower die", cite: "pick which dice to use ([rules] volcano_cannon_pick = \"lower\")",
			hits: []Hit{{Source: Volcano}}, rules: Rules{VolcanoPick: PickLower}, dice: []int{5, 2},
			want: wm{StructurePoints: 3}, events: []string{"roll 5 and 2; the attacking player uses the lower, 2", "Volcano Cannon glancing hit 1: Glancing Hits 2 — Gun Crew Shaken"},
		},
		{
			name: "Volcano Cannon: a roll again is one die", cite: "Major Damage: Loose one structure point and roll again on this table",
			hits: []Hit{{Source: Volcano}}, dice: []int{6, 3, 5},
			want: wm{StructurePoints: 2, WeaponsLost: []string{"Plasma Blastgun"}}, events: []string{"uses the higher, 6", "Glancing Hits 6 — Major Damage", "Glancing Hits 5 — Weapon Destroyed"},
		},
		{
			name: "Volcano Cannon: a Void Field absorbs it", cite: "Imperial Void Fields absorb the damage from one glancing or penetrating hit",
			w: warhound(), pre: wm{StructurePoints: 3, Fields: 1}, hits: []Hit{{Penetrating: true, Source: Volcano}},
			want: wm{StructurePoints: 3}, events: []string{"Volcano Cannon penetrating hit 1: an Imperial Void Field absorbs it"},
		},
		{
			name: "Weapon Destroyed, no choice recorded: a structural weapon is skipped", cite: "Weapons with the Structural special rule cannot be affected by Crippled results",
			w: structuralBlastgun(), hits: []Hit{glancing}, dice: []int{5},
			want: wm{StructurePoints: 3, WeaponsLost: []string{"Vulcan Mega-Bolter"}}, events: []string{"the first standing that is not structural, Vulcan Mega-Bolter (structural, never lost: Plasma Blastgun)"},
		},
		{
			name: "Weapon Destroyed, a structural weapon chosen", cite: "Weapons with the Structural special rule cannot be affected by Crippled results",
			w: structuralBlastgun(), hits: []Hit{glancing}, lost: []string{"Plasma Blastgun"}, dice: []int{5},
			want: wm{StructurePoints: 3, WeaponsLost: []string{"Vulcan Mega-Bolter"}}, events: []string{"the opponent chose Plasma Blastgun, which is structural and cannot be destroyed"},
		},
		{
			name: "Weapon Destroyed, only structural weapons standing", cite: "Weapons with the Structural special rule cannot be affected by Crippled results",
			w: structuralBlastgun(), pre: wm{StructurePoints: 3, WeaponsLost: []string{"Vulcan Mega-Bolter"}}, hits: []Hit{penetrating}, dice: []int{3},
			want: wm{StructurePoints: 3, WeaponsLost: []string{"Vulcan Mega-Bolter"}}, events: []string{"no weapon is left that it can destroy (structural, never lost: Plasma Blastgun)"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.cite == "" {
				t.Fatal("cite the text")
			}
			w := tc.w
			if w == nil {
				w = plain(warhound())
			}
			pre := tc.pre
			if reflect.DeepEqual(pre, wm{}) {
				pre = wm{StructurePoints: 3}
			}
			d := script(t, tc.dice...)
			out := hitsOnly(w, pre, tc.hits, tc.lost, tc.rules, d, "phase-01/2.4/blue-1/engines/titan-1")
			d.done()
			if !reflect.DeepEqual(out.Condition, tc.want) {
				t.Errorf("condition\n got %+v\nwant %+v\n%s", out.Condition, tc.want, strings.Join(out.Events, "\n"))
			}
			wantEvents(t, out.Events, tc.events...)
		})
	}
}

// The dice of each hit come from its own stream, named as the brief's
// labels are: phase-01/2.4/blue-1/engines/titan-1/glancing/1.
func TestHitLabels(t *testing.T) {
	d := script(t, 1, 2, 1)
	hitsOnly(plain(warhound()), WarMachineCondition{StructurePoints: 3}, []Hit{glancing, penetrating}, nil, Rules{}, d, "phase-01/2.4/blue-1/engines/titan-1")
	want := []string{"phase-01/2.4/blue-1/engines/titan-1/glancing/1", "phase-01/2.4/blue-1/engines/titan-1/penetrating/2", "phase-01/2.4/blue-1/engines/titan-1/penetrating/2"}
	if !reflect.DeepEqual(d.labels, want) {
		t.Errorf("labels %v, want %v", d.labels, want)
	}
}

func TestCatastrophic(t *testing.T) {
	d := script(t, 2)
	out := Catastrophic(warhound(), WarMachineCondition{StructurePoints: 3}, Rules{}, d, "p/engines/t")
	d.done()
	if !out.Condition.Destroyed || d.labels[0] != "p/engines/t/catastrophic" {
		t.Errorf("%+v %v", out.Condition, d.labels)
	}
}

// "The Imperial player can roll to repair damaged void fields at the start
// of each of his turns. Roll 1D6 per field, and it comes back on line on a
// roll of 6+." Ork Power Fields "can't be repaired".
func TestFight(t *testing.T) {
	type wm = WarMachineCondition
	const base = "p/engines/t"
	for _, tc := range []struct {
		name   string
		w      *WarMachine
		pre    wm
		battle Battle
		dice   []int
		labels []string
		want   wm
		events []string
	}{
		{
			name: "turns not recorded: once, at the start of the battle",
			pre:  wm{StructurePoints: 3}, battle: Battle{Hits: []Hit{glancing}}, dice: []int{6, 5},
			labels: []string{base + "/void-fields", base + "/void-fields"},
			want:   wm{StructurePoints: 3}, events: []string{"Start of the battle: 2 Imperial Void Fields down, rolled to repair: 1 back on line (1/2 up)", "Glancing hit 1: an Imperial Void Field absorbs it"},
		},
		{
			name: "one turn is the same as not recorded",
			pre:  wm{StructurePoints: 3}, battle: Battle{Hits: []Hit{glancing}, Turns: 1}, dice: []int{6, 5},
			labels: []string{base + "/void-fields", base + "/void-fields"},
			want:   wm{StructurePoints: 3},
		},
		{
			name: "each of the owner's turns, hits in the first",
			pre:  wm{StructurePoints: 3, Fields: 2}, battle: Battle{Hits: []Hit{glancing, penetrating}, Turns: 3}, dice: []int{6, 2, 1},
			labels: []string{base + "/void-fields/2", base + "/void-fields/2", base + "/void-fields/3"},
			want:   wm{StructurePoints: 3, Fields: 1},
			events: []string{"Glancing hit 1: an Imperial Void Field absorbs it and goes down (1/2 up)", "Penetrating hit 2: an Imperial Void Field absorbs it and goes down (0/2 up)", "Start of its turn 2: 2 Imperial Void Fields down, rolled to repair: 1 back on line (1/2 up)", "Start of its turn 3: 1 Imperial Void Field down, rolled to repair: 0 back on line (1/2 up)"},
		},
		{
			name: "hits in their turns: a field repaired in turn 2 absorbs a hit in turn 2",
			pre:  wm{StructurePoints: 3, Fields: 1}, battle: Battle{Hits: []Hit{glancing, glancing, penetrating}, Turns: 2, HitTurns: []int{0, 1, 2}}, dice: []int{2, 1, 6, 3, 6, 2},
			labels: []string{base + "/void-fields", base + "/void-fields", base + "/glancing/2", base + "/glancing/2", base + "/void-fields/2", base + "/void-fields/2"},
			want:   wm{StructurePoints: 2, Fields: 0},
			events: []string{"Glancing hit 1: an Imperial Void Field absorbs it and goes down (0/2 up)", "Start of the battle: 2 Imperial Void Fields down, rolled to repair: 0 back on line (0/2 up)", "Glancing hit 2: Glancing Hits 6", "Start of its turn 2: 2 Imperial Void Fields down, rolled to repair: 1 back on line (1/2 up)", "Penetrating hit 3: an Imperial Void Field absorbs it and goes down (0/2 up)"},
		},
		{
			name: "Ork Power Fields can't be repaired, in any turn",
			w:    func() *WarMachine { w := warhound(); w.Field = OrkPowerField; return w }(),
			pre:  wm{StructurePoints: 3, Fields: 1}, battle: Battle{Hits: []Hit{glancing}, Turns: 4},
			want: wm{StructurePoints: 3}, events: []string{"1 Ork Power Field down: Ork Power Fields can't be repaired", "Glancing hit 1: an Ork Power Field absorbs it"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := tc.w
			if w == nil {
				w = warhound()
			}
			if f := tc.battle.Check(); len(f) > 0 {
				t.Fatalf("Check: %v", f)
			}
			d := script(t, tc.dice...)
			out := Fight(w, tc.pre, tc.battle, Rules{}, d, base)
			d.done()
			if !reflect.DeepEqual(out.Condition, tc.want) {
				t.Errorf("condition\n got %+v\nwant %+v\n%s", out.Condition, tc.want, strings.Join(out.Events, "\n"))
			}
			if tc.labels != nil && !reflect.DeepEqual(d.labels, tc.labels) {
				t.Errorf("labels\n got %v\nwant %v", d.labels, tc.labels)
			}
			wantEvents(t, out.Events, tc.events...)
		})
	}
}

// The turn of each hit: with the turns played, one per hit, in order.
func TestBattleCheck(t *testing.T) {
	hits := []Hit{glancing, penetrating, glancing}
	for _, tc := range []struct {
		name string
		b    Battle
		want []KeyFault
	}{
		{"OK", Battle{Hits: hits, Turns: 3, HitTurns: []int{0, 2, 2}}, nil},
		{"OKNoHitTurns", Battle{Hits: hits, Turns: 3}, nil},
		{"ErrNoTurns", Battle{Hits: hits, HitTurns: []int{1, 1, 1}}, []KeyFault{{"hit_turns", "the turn of each hit needs the turns played (turns): how many turns the War Machine's owner played"}}},
		{"ErrCount", Battle{Hits: hits, Turns: 2, HitTurns: []int{1, 2}}, []KeyFault{{"hit_turns", "2 turns for 3 hits: give the owner's turn of each hit, in the order of the hits"}}},
		{"ErrTurn", Battle{Hits: hits, Turns: 2, HitTurns: []int{1, 3, 1}}, []KeyFault{
			{"hit_turns/1", "turn 3 is not one of the 2 turns played: give 0 (before the owner's first turn) to 2"},
			{"hit_turns/2", "turn 1 after turn 3: the hits are listed in the order suffered, so their turns never go back"},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.b.Check(); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Check() = %v, want %v", got, tc.want)
			}
		})
	}
}

// Engines Damaged lasts the battle unless the campaign keeps it; structure
// points and lost weapons always carry over.
func TestEndBattle(t *testing.T) {
	pre := WarMachineCondition{StructurePoints: 2, WeaponsLost: []string{"Plasma Blastgun"}, MoveLost: 12, Immobilised: true}
	out := EndBattle(warhound(), pre, Rules{})
	if want := (WarMachineCondition{StructurePoints: 2, WeaponsLost: []string{"Plasma Blastgun"}}); !reflect.DeepEqual(out.Condition, want) {
		t.Errorf("got %+v, want %+v", out.Condition, want)
	}
	if out := EndBattle(warhound(), pre, Rules{KeepEnginesDamaged: true}); !reflect.DeepEqual(out.Condition, pre) {
		t.Errorf("kept: got %+v", out.Condition)
	}
}

func TestRepairWarMachine(t *testing.T) {
	out := RepairWarMachine(warhound(), WarMachineCondition{StructurePoints: 1}, 5)
	if out.Condition.StructurePoints != 3 {
		t.Errorf("SP %d", out.Condition.StructurePoints)
	}
	if out := RepairWarMachine(warhound(), WarMachineCondition{Destroyed: true}, 5); out.Condition.StructurePoints != 0 {
		t.Error("a destroyed War Machine was repaired")
	}
}

func TestParseHit(t *testing.T) {
	for _, n := range HitNames() {
		h, ok := ParseHit(n)
		if !ok || h.String() != n {
			t.Errorf("ParseHit(%q) = %v, %v", n, h, ok)
		}
	}
	if _, ok := ParseHit("grazing"); ok {
		t.Error("grazing parsed")
	}
}

// hitsOnly resolves glancing and penetrating hits on a War Machine in the order
// they were suffered: fields first ("Fields"), then the War Machine Damage
// Tables, then a Titan close combat weapon's extra D3 structure points.
// weaponsLost are the opponent's choices for each Weapon Destroyed result.
// Each hit rolls from its own stream: <base>/<hit>/<n>, n its place in hits.
// It rolls no Void Field repairs (Fight, what the campaign resolves,
// does): the damage tables alone, under test.
func hitsOnly(w *WarMachine, c WarMachineCondition, hits []Hit, weaponsLost []string, rules Rules, roll Roller, base string) Outcome[WarMachineCondition] {
	m := newWarMachine(w, c, rules, roll)
	m.lost = weaponsLost
	for i, h := range hits {
		m.resolve(i, h, base)
	}
	return m.outcome()
}
