package owntoml_test

import (
	"bytes"
	"fmt"
	"reflect"
	"testing"

	"github.com/BurntSushi/toml"
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder/owntoml"
)

// genState is the state.toml of a generated phase at its battles step with
// n battles, as processor/phase's BenchmarkBattles plays it: 3 Alliances, n
// fleets on n/8 planets of 3 locations each, every fleet attacking a
// neighbouring planet, every battle's outcome recorded.
func genState(n int) owntoml.StateDoc {
	alliances := []string{"blue", "red", "green"}
	planets := max(8, n/8)
	f := owntoml.StateDoc{Phase: 1, Step: processor.StepBattles, Points: map[string]int{}, Planets: map[string]owntoml.PlanetFile{}, Fleets: map[string]owntoml.FleetFile{}}
	for j, a := range alliances {
		f.Points[a] = j
	}
	for i := range planets {
		pf := owntoml.PlanetFile{Power: map[string]int{}, Locations: make([]owntoml.LocFile, 3)}
		for j, a := range alliances {
			pf.Power[a] = 1 + (i+j)%4
			if i == j*planets/3 {
				pf.Locations[0] = owntoml.LocFile{Status: processor.Built, Alliance: a, Type: "stronghold"}
			}
		}
		f.Planets[fmt.Sprintf("w%d", i)] = pf
	}
	for i := range n {
		fleet := fmt.Sprintf("f%d", i)
		f.Fleets[fleet] = owntoml.FleetFile{Planet: fmt.Sprintf("w%d", i%planets)}
		attack := "purge-and-burn"
		if i%2 == 1 {
			attack = "orbital-invasion"
		}
		f.Orders = append(f.Orders, owntoml.OrderFile{Fleet: fleet, Operation: processor.Battle, Attack: attack,
			Planet: fmt.Sprintf("w%d", (i+1)%planets), Defender: alliances[(i+1)%3], Outcome: &owntoml.OutcomeFile{PowerAdjust: i%3 - 1}})
	}
	return f
}

// The codec against BurntSushi/toml on a 10,000-battle state (the numbers
// in doc.go): go test ./processor/folder/owntoml -run X -bench State.
func BenchmarkReadState(b *testing.B) {
	f := genState(10000)
	data := f.Write(owntoml.StateComment)
	b.Run("owntoml", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for range b.N {
			if _, bad := owntoml.ReadStateLines(data); bad != 0 {
				b.Fatal("ReadStateLines does not read what Write wrote")
			}
		}
	})
	b.Run("library", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for range b.N {
			var got owntoml.StateDoc
			if err := toml.Unmarshal(data, &got); err != nil {
				b.Fatal(err)
			}
		}
	})
	got, _ := owntoml.ReadStateLines(data)
	var want owntoml.StateDoc
	if err := toml.Unmarshal(data, &want); err != nil || !reflect.DeepEqual(got, want) {
		b.Fatalf("ReadStateLines and the library read the state differently (%v)", err)
	}
}

func BenchmarkWriteState(b *testing.B) {
	f := genState(10000)
	size := len(f.Write(owntoml.StateComment))
	b.Run("owntoml", func(b *testing.B) {
		b.SetBytes(int64(size))
		for range b.N {
			f.Write(owntoml.StateComment)
		}
	})
	b.Run("library", func(b *testing.B) {
		b.SetBytes(int64(size))
		for range b.N {
			var buf bytes.Buffer
			buf.Grow(size)
			buf.WriteString(owntoml.StateComment)
			if err := toml.NewEncoder(&buf).Encode(f); err != nil {
				b.Fatal(err)
			}
		}
	})
	var buf bytes.Buffer
	buf.WriteString(owntoml.StateComment)
	if err := toml.NewEncoder(&buf).Encode(f); err != nil || !bytes.Equal(buf.Bytes(), f.Write(owntoml.StateComment)) {
		b.Fatalf("Write and the library's encoder write the state differently (%v)", err)
	}
}

// BenchmarkAppendJournal appends a battles step of 100,000 results (each
// with its digest) to a journal, as a 100,000-battle phase writes it.
func BenchmarkAppendJournal(b *testing.B) {
	e := owntoml.JournalEntry{Phase: 1, Step: processor.StepBattles, Dice: 3, DiceSHA256: fmt.Sprintf("%064x", 7)}
	for i := range 100000 {
		e.Inputs = append(e.Inputs, owntoml.JournalInput{Path: fmt.Sprintf("phases/01/results/f%d.toml", i), SHA256: fmt.Sprintf("%064x", i)})
	}
	old := owntoml.AppendJournal(nil, []owntoml.JournalEntry{{Phase: 1, Step: processor.StepOperations}})
	b.ReportAllocs()
	for b.Loop() {
		owntoml.AppendJournal(old, []owntoml.JournalEntry{e})
	}
}
