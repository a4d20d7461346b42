package folder

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/BurntSushi/toml"
	"github.com/warmaster/warmaster/processor"
)

// AppendTOML writes what the TOML library's encoder writes, for sheets with
// and without each optional field, and strings that need escaping.
func TestBattleSheetAppendTOMLIsTheEncoders(t *testing.T) {
	odd := "a \"quoted\" \\ back\tslash\n\x01\x7f é"
	var sheets []BattleSheet
	for i := range 64 {
		s := BattleSheet{Battle: fmt.Sprintf("f%d", i), Phase: i % 7, Attack: processor.AttackType(i % 7), Planet: "w1",
			Attacker: SheetSide{Alliance: "blue", Fleet: "f1", Players: []string{"p1"}, Power: i % 5, MissionAdjust: i&1 != 0},
			Defender: SheetSide{Alliance: "red", Power: 3, OutcomeAdjust: i&2 != 0, CoordinatedOpposition: i&4 != 0}}
		if i&8 != 0 {
			s.Theatres, s.TheatreChosenBy = []string{"rad-zone", "hab-sprawl"}, "attacker"
		}
		if i&16 != 0 {
			s.Theatre, s.TheatreWhy, s.Defender.Players = "rad-zone", odd, []string{"p2", odd}
		}
		if i&32 != 0 {
			s.Defender.Players, s.Attacker.Fleet, s.Attacker.CoordinatedOpposition = []string{}, "", true
		}
		sheets = append(sheets, s)
	}
	for _, s := range sheets {
		var want bytes.Buffer
		if err := toml.NewEncoder(&want).Encode(s); err != nil {
			t.Fatal(err)
		}
		if got := s.AppendTOML(nil); !bytes.Equal(got, want.Bytes()) {
			t.Errorf("sheet %s:\n got %q\nwant %q", s.Battle, got, want.Bytes())
		}
	}
}

// BenchmarkBattleSheet writes one battle sheet: directly, as now, and with
// the TOML library's encoder, as before.
func BenchmarkBattleSheet(b *testing.B) {
	s := BattleSheet{Battle: "f1234", Phase: 3, Attack: processor.OrbitalInvasion, Planet: "w17", Theatres: []string{"rad-zone", "hab-sprawl"},
		TheatreChosenBy: "defender", TheatreWhy: "Logistical Auxilia: red's fleet f99 at w16",
		Attacker: SheetSide{Alliance: "blue", Fleet: "f1234", Players: []string{"p1234"}, Power: 2, MissionAdjust: true},
		Defender: SheetSide{Alliance: "red", Power: 3, OutcomeAdjust: true}}
	b.Run("direct", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			s.AppendTOML(make([]byte, 0, 640))
		}
	})
	b.Run("encoder", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			var buf bytes.Buffer
			if err := toml.NewEncoder(&buf).Encode(s); err != nil {
				b.Fatal(err)
			}
		}
	})
}
