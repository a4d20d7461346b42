package engines

import (
	"fmt"

	"github.com/warmaster/warmaster/processor/enum"

	"github.com/warmaster/warmaster/processor/dice"
)

// Rules are the readings of what the two texts leave open where players
// could differ: the campaign's `[rules]` options. The zero value is every
// default.
type Rules struct {
	// Catastrophic3 is the Catastrophic Damage Table's result 3, which the
	// text leaves out (it goes 1, 2, 4-5, 6).
	Catastrophic3 Catastrophic3
	// UntargetedChain: who picks the zone of a chain reaction when no
	// player is targeting the Behemoth (landing and stomp damage).
	UntargetedChain ChainChoice
	// KeepEnginesDamaged carries Engines Damaged (inches off the move,
	// immobilised) from battle to battle; by default it lasts the battle.
	KeepEnginesDamaged bool
	// LandingEnemyDice is the dice per enemy squad within 3" of a
	// Drop-harness landing: 2 as the landing-damage table lists (the
	// default); 1 as the text's worked example counts them ("3 for the
	// enemy squads within 3"").
	LandingEnemyDice int
	// BehemothRepair and WarMachineRepair are the Damage Points and
	// structure points each engine regains between phases (default none).
	BehemothRepair   int
	WarMachineRepair int
	// VolcanoPick is which of a Volcano Cannon's 2D6 on the damage table
	// is used: "Roll 2D6 on damage table vs vehicles, and pick which dice
	// to use." The attacking player picks, but Warmaster rolls after the
	// battle, so the campaign says how.
	VolcanoPick VolcanoPick
}

// VolcanoPick is the die of a Volcano Cannon's two that is used.
type VolcanoPick int

const (
	// PickHigher: the higher die (the default): the War Machine Damage
	// Tables worsen as the die rises.
	PickHigher VolcanoPick = iota
	// PickLower: the lower die.
	PickLower
)

var volcanoPickNames = enum.Names[VolcanoPick]{"higher", "lower"}

func (p VolcanoPick) String() string                { return volcanoPickNames.Name(p) }
func (p *VolcanoPick) UnmarshalText(b []byte) error { return volcanoPickNames.Unmarshal(p, b) }

// pick is the die used of the two.
func (p VolcanoPick) pick(a, b int) int {
	if p == PickLower {
		return min(a, b)
	}
	return max(a, b)
}

// Catastrophic3 is what a 3 on the Catastrophic Damage Table does.
type Catastrophic3 int

const (
	// ThreeDestroyed: "Destroyed" covers 2–3 (the default).
	ThreeDestroyed Catastrophic3 = iota
	// ThreeExplosion: "Explosion" covers 3–5.
	ThreeExplosion
	// ThreeRollAgain: a 3 is rolled again.
	ThreeRollAgain
)

var catastrophic3Names = enum.Names[Catastrophic3]{"destroyed", "explosion", "roll-again"}

func (c *Catastrophic3) UnmarshalText(b []byte) error { return catastrophic3Names.Unmarshal(c, b) }

// ChainChoice is who picks the zone of an untargeted chain reaction.
type ChainChoice int

const (
	// ChainRandom: a random other zone (the default).
	ChainRandom ChainChoice = iota
	// ChainOpponent: the opposing player, as recorded in the result; a
	// random other zone when the result does not say.
	ChainOpponent
)

var chainNames = enum.Names[ChainChoice]{"random", "opponent"}

func (c *ChainChoice) UnmarshalText(b []byte) error { return chainNames.Unmarshal(c, b) }

// Roller rolls one die of the given number of sides from the labelled
// stream; *dice.Roller is one, and the campaign's is the only source of
// dice.
type Roller interface {
	D(sides int, label, why string) int
}

// Outcome is what a procedure did: the engine's new condition, what
// happened in words, and every die rolled, in order.
type Outcome[C any] struct {
	Condition C
	Events    []string
	Rolls     []dice.Roll
}

// table is one procedure being resolved: its dice, its narrative.
type table struct {
	roll   Roller
	rolls  []dice.Roll
	events []string
}

// d rolls one die and remembers it.
func (t *table) d(sides int, label, why string) int {
	v := t.roll.D(sides, label, why)
	t.rolls = append(t.rolls, dice.Roll{Label: label, Dice: fmt.Sprintf("D%d", sides), Result: v, Why: why})
	return v
}

func (t *table) say(format string, args ...any) {
	t.events = append(t.events, fmt.Sprintf(format, args...))
}

// Label joins a stream label: the engine's, then what is rolled.
func Label(base string, parts ...string) string {
	for _, p := range parts {
		base += "/" + p
	}
	return base
}

func (r Rules) enemyDice() int {
	if r.LandingEnemyDice == 1 {
		return 1
	}
	return 2
}
