package owntoml_test

import (
	"bytes"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder/owntoml"
	"github.com/warmaster/warmaster/processor/internal/testkit"
)

// Random state files, with awkward keys and strings, are written as the
// encoder writes them and read back as the library decodes them.
func TestStateWriterIsTheEncoder(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	words := []string{"w1", "blue", "a b", "quote\"d", "back\\slash", "tab\there", "new\nline", "ctl\x01", "del\x7f", "日本", "", "x.y"}
	word := func() string { return words[rng.IntN(len(words))] }
	some := func() []string {
		out := []string{} // empty, not nil: riches keep [] as written
		for range rng.IntN(3) {
			out = append(out, word())
		}
		return out
	}
	num := func() int { return rng.IntN(5) - 1 }
	for n := range 300 {
		f := owntoml.StateDoc{Phase: num(), Step: processor.Step(rng.IntN(int(processor.StepEnded) + 1)), Points: map[string]int{}, Planets: map[string]owntoml.PlanetFile{}, Fleets: map[string]owntoml.FleetFile{}}
		for range rng.IntN(3) {
			f.Points[word()] = num()
		}
		if rng.IntN(3) == 0 {
			f.End = &owntoml.EndFile{Winner: word(), Tied: some(), How: word()}
			if rng.IntN(2) == 0 {
				f.End.Medals = map[string]owntoml.MedalFile{word(): {Alliance: word(), Players: some(), How: word(), Scores: map[string]int{word(): num()}}, word(): {How: word()}}
			}
		}
		for range rng.IntN(4) {
			pf := owntoml.PlanetFile{Destroyed: rng.IntN(3) == 0, Power: map[string]int{word(): num()}}
			for range rng.IntN(3) {
				pf.Locations = append(pf.Locations, owntoml.LocFile{Status: processor.LocStatus(rng.IntN(3)), Alliance: word(), Type: word()})
			}
			f.Planets[word()] = pf
		}
		for range rng.IntN(4) {
			f.Fleets[word()] = owntoml.FleetFile{Planet: word(), Player: word()}
		}
		for range rng.IntN(3) {
			o := owntoml.OrderFile{Fleet: word(), Operation: processor.Operation(rng.IntN(4)), Attack: word(), Planet: word(), Defender: word(), Infrastructure: word(), Default: rng.IntN(2) == 0, Second: rng.IntN(2) == 0, Theatre: word(), Source: word()}
			if rng.IntN(2) == 0 {
				o.Outcome = &owntoml.OutcomeFile{PowerAdjust: num(), Transfer: some(), Reinforce: word(), Planet: word(), Direction: word(), Pieces: some(), Take: word(), Build: word(), Extra: word(), Location: num(), Locations: []int{num()}, Planets: some(), Fleet: word(), Moves: some()}
			}
			f.Orders = append(f.Orders, o)
		}
		if rng.IntN(2) == 0 {
			hull := num()
			f.WarEngines = map[string]owntoml.EngineFile{
				word(): {Profile: word(), Destroyed: rng.IntN(2) == 0, Hull: &hull, Legs: &hull, Weapons: &hull, Crippled: []owntoml.CrippledFile{{Below: num(), Effect: word(), Option: word()}}},
				word(): {Profile: word(), StructurePoints: &hull, Fields: num(), WeaponsLost: some(), MoveLost: num(), Immobilised: rng.IntN(2) == 0},
			}
		}
		f.StellarStorms = num()
		if rng.IntN(2) == 0 {
			f.Players = map[string]owntoml.PlayerFile{word(): {Alliance: word()}}
		}
		for range rng.IntN(3) {
			e := owntoml.EffectFile{Event: processor.EventKind(rng.IntN(15)), Phase: num(), Alliance: word(), Held: rng.IntN(2) == 0, Planets: some()}
			if rng.IntN(2) == 0 {
				e.Riches = map[string]map[string][]string{word(): {word(): some()}}
				e.Players = map[string]string{word(): word()}
				e.Fleets = map[string]string{word(): word()}
			}
			if rng.IntN(2) == 0 {
				f.Events = append(f.Events, e)
			} else {
				f.Effects = append(f.Effects, e)
			}
		}
		f.Stalled = some()
		if rng.IntN(2) == 0 {
			f.Benefits = map[string]string{word(): word()}
		}
		if rng.IntN(2) == 0 {
			f.LaurelPlanet = word()
		}
		got, want := f.Write(owntoml.StateComment), testkit.EncoderBytes(f)
		if !bytes.Equal(got, want) {
			t.Fatalf("state %d:\n--- written\n%s\n--- encoder\n%s", n, got, want)
		}
		if err := testkit.ReadAsDecoder(got); err != nil {
			t.Fatalf("state %d: %v", n, err)
		}
	}
}

// FuzzReadState: whatever ReadStateLines accepts, the TOML library decodes to
// the same stateFile with no key left over; what it refuses goes to the
// library. Seeds: a state the processor wrote and hand edits of it.
func FuzzReadState(f *testing.F) {
	base := owntoml.StateDoc{Phase: 2, Step: processor.StepBattles, Points: map[string]int{"blue": 3, "red": 1},
		Planets: map[string]owntoml.PlanetFile{"w1": {Power: map[string]int{"blue": 2}, Locations: []owntoml.LocFile{{Status: processor.Built, Alliance: "blue", Type: "stronghold"}, {}}}},
		Fleets:  map[string]owntoml.FleetFile{"f1": {Planet: "w1"}},
		Orders:  []owntoml.OrderFile{{Fleet: "f1", Operation: processor.Battle, Attack: "purge-and-burn", Planet: "w1", Defender: "red", Outcome: &owntoml.OutcomeFile{Transfer: []string{"w1"}, Locations: []int{1, 2}}}},
		Effects: []owntoml.EffectFile{{Event: 3, Phase: 3, Riches: map[string]map[string][]string{"blue": {"w1": {}}}, Players: map[string]string{"p1": "red"}}},
		Stalled: []string{"f1"}, End: &owntoml.EndFile{How: "points", Medals: map[string]owntoml.MedalFile{"laurel": {How: "x", Scores: map[string]int{"blue": 1}}}},
		WarEngines: map[string]owntoml.EngineFile{"e1": {Profile: "p", Crippled: []owntoml.CrippledFile{{Effect: "x"}}}},
		Benefits:   map[string]string{"laurel-of-victory": "blue"}, LaurelPlanet: "w1"}
	text := string(base.Write(owntoml.StateComment))
	f.Add(text)
	f.Add(strings.Replace(text, "[fleets]", "[fleets] # comment", 1))
	f.Add(strings.Replace(text, "  [fleets.f1]", "[fleets.f1]\n[fleets.f1]", 1))
	f.Add(strings.Replace(text, "phase = 2", "phase = 0x2", 1))
	f.Add(strings.Replace(text, `"blue"`, `"bl\u0075e"`, 1))
	f.Add(strings.ReplaceAll(text, "\n", "\r\n"))
	f.Fuzz(func(t *testing.T, text string) {
		got, bad := owntoml.ReadStateLines([]byte(text))
		ok := bad == 0
		if !ok {
			return
		}
		var want owntoml.StateDoc
		md, err := toml.Decode(text, &want)
		if err != nil {
			t.Fatalf("readState accepts what the library refuses (%v):\n%s", err, text)
		}
		if len(md.Undecoded()) > 0 {
			t.Fatalf("readState accepts keys the state does not have %v:\n%s", md.Undecoded(), text)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("readState reads\n%#v\nthe library\n%#v\nfrom\n%s", got, want, text)
		}
	})
}
