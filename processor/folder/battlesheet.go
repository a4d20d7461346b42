package folder

import (
	"github.com/warmaster/warmaster/processor"
)

// BattleSheet is phases/NN/battles/<fleet>.toml, written at reveal. A
// Boarding Action's has no Theatres and no TheatreChosenBy: a Boarding
// Actions game has no Theatre.
type BattleSheet struct {
	Battle          string               `toml:"battle"`
	Phase           int                  `toml:"phase"`
	Attack          processor.AttackType `toml:"attack"`
	Planet          string               `toml:"planet"`
	Theatres        []string             `toml:"theatres,omitempty"`
	Theatre         string               `toml:"theatre,omitempty"`           // Sinister Omens: the theatre rolled
	TheatreChosenBy string               `toml:"theatre_chosen_by,omitempty"` // attacker, defender, or random (Sinister Omens)
	TheatreWhy      string               `toml:"theatre_why,omitempty"`
	Attacker        SheetSide            `toml:"attacker"`
	Defender        SheetSide            `toml:"defender"`
}

type SheetSide struct {
	Alliance string   `toml:"alliance"`
	Fleet    string   `toml:"fleet,omitempty"`
	Players  []string `toml:"players"`
	Power    int      `toml:"power"`
	// MissionAdjust: Staging Grounds at or connected to the planet — may treat
	// the Power Level as 1 higher or lower for the Mission Rules.
	MissionAdjust bool `toml:"mission_adjust"`
	// OutcomeAdjust: Stronghold at or connected to the planet — if victorious,
	// may treat the Power Level as 1 higher or lower for the Campaign Outcomes.
	OutcomeAdjust bool `toml:"outcome_adjust"`
	// CoordinatedOpposition: fighting the dominating Alliance of a
	// Coordinated Opposition in force — may treat the Power Level as 1
	// higher or lower for the Mission Rules and the Campaign Outcomes, won
	// (power_adjust) or lost (loser_power_adjust), not on top of the above
	// (RULINGS 8).
	//
	// Power and the switches are the map the battle is fought on, which its
	// Campaign Outcome is judged with (RULINGS 9).
	CoordinatedOpposition bool `toml:"coordinated_opposition,omitempty"`
}
