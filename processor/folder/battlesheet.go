package folder

import (
	"strconv"
	"strings"

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

// SheetSide is one side of a battle. The attacker's names its fleet and
// the fleet's player; the defender's only its Alliance, any of whose players
// may fight the battle (Resolve Battle Operations: "a player from that
// Alliance can be selected"), so a sheet's size does not grow with the
// Alliance.
type SheetSide struct {
	Alliance string   `toml:"alliance"`
	Fleet    string   `toml:"fleet,omitempty"`
	Players  []string `toml:"players,omitempty"`
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

// AppendTOML appends the sheet as BurntSushi/toml's encoder lays it out —
// the same bytes (battlesheet_test.go holds the two together), written
// directly: the encoder's reflection was a third of a whole phase of 4,000
// battles.
func (b *BattleSheet) AppendTOML(out []byte) []byte {
	out = sheetStr(out, "", "battle", b.Battle)
	out = sheetInt(out, "", "phase", b.Phase)
	out = sheetStr(out, "", "attack", b.Attack.String())
	out = sheetStr(out, "", "planet", b.Planet)
	if len(b.Theatres) > 0 {
		out = sheetList(out, "", "theatres", b.Theatres)
	}
	for _, kv := range [...][2]string{{"theatre", b.Theatre}, {"theatre_chosen_by", b.TheatreChosenBy}, {"theatre_why", b.TheatreWhy}} {
		if kv[1] != "" {
			out = sheetStr(out, "", kv[0], kv[1])
		}
	}
	out = b.Attacker.appendTOML(out, "attacker")
	return b.Defender.appendTOML(out, "defender")
}

func (s *SheetSide) appendTOML(out []byte, table string) []byte {
	const in = "  "
	out = append(out, "\n["...)
	out = append(out, table...)
	out = append(out, "]\n"...)
	out = sheetStr(out, in, "alliance", s.Alliance)
	if s.Fleet != "" {
		out = sheetStr(out, in, "fleet", s.Fleet)
	}
	if len(s.Players) > 0 {
		out = sheetList(out, in, "players", s.Players)
	}
	out = sheetInt(out, in, "power", s.Power)
	out = sheetBool(out, in, "mission_adjust", s.MissionAdjust)
	out = sheetBool(out, in, "outcome_adjust", s.OutcomeAdjust)
	if s.CoordinatedOpposition {
		out = sheetBool(out, in, "coordinated_opposition", true)
	}
	return out
}

func sheetKey(out []byte, indent, k string) []byte {
	out = append(out, indent...)
	out = append(out, k...)
	return append(out, " = "...)
}

func sheetStr(out []byte, indent, k, v string) []byte {
	out = sheetQuoted(sheetKey(out, indent, k), v)
	return append(out, '\n')
}

func sheetInt(out []byte, indent, k string, v int) []byte {
	out = strconv.AppendInt(sheetKey(out, indent, k), int64(v), 10)
	return append(out, '\n')
}

func sheetBool(out []byte, indent, k string, v bool) []byte {
	out = strconv.AppendBool(sheetKey(out, indent, k), v)
	return append(out, '\n')
}

func sheetList(out []byte, indent, k string, vs []string) []byte {
	out = append(sheetKey(out, indent, k), '[')
	for i, v := range vs {
		if i > 0 {
			out = append(out, ", "...)
		}
		out = sheetQuoted(out, v)
	}
	return append(out, "]\n"...)
}

func sheetQuoted(out []byte, s string) []byte {
	out = append(out, '"')
	out = append(out, sheetEscaper.Replace(s)...)
	return append(out, '"')
}

// sheetEscaper is the encoder's: quotes, backslashes and control characters.
var sheetEscaper = func() *strings.Replacer {
	pairs := []string{`"`, `\"`, `\`, `\\`, "\b", `\b`, "\t", `\t`, "\n", `\n`, "\f", `\f`, "\r", `\r`, "\x7f", `\u007f`}
	const digits = "0123456789abcdef"
	for c := range 0x20 {
		if !strings.ContainsRune("\b\t\n\f\r", rune(c)) {
			pairs = append(pairs, string(rune(c)), `\u00`+string([]byte{digits[c>>4], digits[c&15]}))
		}
	}
	return strings.NewReplacer(pairs...)
}()
