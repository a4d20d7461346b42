package phase

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/internal/testkit"
)

func advanceAt(t *testing.T, dir, now string) error {
	t.Helper()
	at, err := time.Parse(time.RFC3339, now)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Advance(dir, Options{Now: at})
	return err
}

// Boarding Action — Defender wins: "The Attacking Fleet cannot move in this
// Campaign phase's Move Fleets step." The restriction is written to the state
// at 2.4 and holds in a later run, when step 4's moves come in; it ends with
// step 4.
func TestStalledFleetAcrossRuns(t *testing.T) {
	dir := testkit.NewCaseDir(t, `
step battles
fleet red-1 tarkad-vindix
order blue-1 battle boarding-action tarkad-vindix red
`)
	testkit.WriteFile(t, dir, "phases/01/results/blue-1.toml", []byte("winner = \"defender\"\n"))
	if err := advanceAt(t, dir, "2027-02-02T00:00:00Z"); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, processor.StateFile))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `stalled = ["blue-1"]`) {
		t.Fatalf("state.toml does not record the stalled fleet:\n%s", data)
	}

	testkit.WriteFile(t, dir, "phases/01/moves/alice.toml", []byte("[moves]\nblue-1 = \"tarkad-vindix\"\n"))
	err = advanceAt(t, dir, "2027-02-04T00:00:00Z") // before the moves deadline: refused

	var inv *processor.InvalidError
	if !errors.As(err, &inv) || !strings.Contains(err.Error(), "phases/01/moves/alice.toml:2:10: blue-1 cannot move in this Campaign phase's Move Fleets step") {
		t.Fatalf("a move of the stalled fleet: got %v", err)
	}

	testkit.WriteFile(t, dir, "phases/01/moves/alice.toml", []byte("[moves]\n"))
	if err := advanceAt(t, dir, "2027-02-06T00:00:00Z"); err != nil {
		t.Fatal(err)
	}
	f, err := folder.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if s := f.State; s.Step != processor.StepBuilds || s.Fleets["blue-1"] != "jawardet" || len(s.Stalled) != 0 {
		t.Errorf("after step 4: step %s, blue-1 at %s, stalled %v; want builds, jawardet, none", s.Step, s.Fleets["blue-1"], s.Stalled)
	}
}

// RULINGS 18: the attacker's Campaign Outcome choices in its orders are kept
// in the state from the reveal to 2.4, every key of every attack type.
func TestOrderChoicesKeptInState(t *testing.T) {
	dir := testkit.NewCaseDir(t, `
step operations
fleet red-1 tarkad-vindix
locations tarkad-vindix red:staging-grounds empty empty
`)
	testkit.WriteFile(t, dir, "phases/01/orders/alice.toml", []byte(`
[[operations]]
fleet = "blue-1"
operation = "battle"
attack = "seize-power-base"
planet = "tarkad-vindix"
defender = "red"
[operations.outcome]
take = "staging-grounds"
build = "stronghold"
extra = "support-facility"
`[1:]))
	testkit.WriteFile(t, dir, "phases/01/orders/bob.toml", []byte(`
[[operations]]
fleet = "blue-2"
operation = "battle"
attack = "supply-base-raid"
planet = "caltus-novem"
defender = "red"
[operations.outcome]
power_adjust = 1
planets = ["caltus-novem", "ikaron-prime"]
`[1:]))
	testkit.WriteFile(t, dir, "phases/01/orders/erin.toml", []byte(`
[[operations]]
fleet = "green-1"
operation = "battle"
attack = "planetary-bombardment"
planet = "jawardet"
defender = "blue"
[operations.outcome]
location = 2
`[1:]))
	testkit.WriteFile(t, dir, "phases/01/orders/frank.toml", []byte(`
[[operations]]
fleet = "green-2"
operation = "logistical-auxilia"
`[1:]))
	testkit.WriteFile(t, dir, "phases/01/orders/dave.toml", []byte(`
[[operations]]
fleet = "red-2"
operation = "logistical-auxilia"
`[1:]))
	testkit.WriteFile(t, dir, "phases/01/orders/carol.toml", []byte(`
[[operations]]
fleet = "red-1"
operation = "logistical-auxilia"
`[1:]))
	err := advanceAt(t, dir, "2027-01-09T00:00:00Z") // before the operations deadline: refused
	if err == nil || !strings.Contains(err.Error(), "alice.toml:9:9: build cannot be stronghold") {
		t.Fatalf("build = \"stronghold\": got %v", err)
	}
	testkit.WriteFile(t, dir, "phases/01/orders/alice.toml", []byte(strings.Replace(string(testkit.ReadFile(t, dir, "phases/01/orders/alice.toml")), `build = "stronghold"`, `build = "fortification-line"`, 1)))
	if err := advanceAt(t, dir, "2027-01-11T00:00:00Z"); err != nil {
		t.Fatal(err)
	}
	f, err := folder.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := map[processor.FleetID]processor.Choices{
		"blue-1":  {Take: processor.StagingGrounds, HasTake: true, Build: processor.FortificationLine, HasBuild: true, Extra: processor.SupportFacility, HasExtra: true},
		"blue-2":  {PowerAdjust: 1, Planets: []processor.PlanetID{"caltus-novem", "ikaron-prime"}},
		"green-1": {Location: 2},
	}
	for _, o := range f.State.Orders {
		w, ok := want[o.Fleet]
		if !ok {
			continue
		}
		got := o.Choices()
		got.Src = processor.Src{}
		if !reflect.DeepEqual(got, w) {
			t.Errorf("%s: outcome in the state %+v, want %+v", o.Fleet, got, w)
		}
		delete(want, o.Fleet)
	}
	if len(want) > 0 {
		t.Errorf("orders missing from the state: %v", want)
	}
	// And once more with a Boarding Action's fleet and moves.
	dir = testkit.NewCaseDir(t, `
step operations
fleet red-1 tarkad-vindix
`)
	testkit.WriteFile(t, dir, "phases/01/orders/alice.toml", []byte(`
[[operations]]
fleet = "blue-1"
operation = "battle"
attack = "boarding-action"
planet = "tarkad-vindix"
defender = "red"
[operations.outcome]
fleet = "red-1"
moves = ["masnet", "norallus"]
`[1:]))
	if err := advanceAt(t, dir, "2027-01-11T00:00:00Z"); err != nil {
		t.Fatal(err)
	}
	if f, err = folder.Load(dir); err != nil {
		t.Fatal(err)
	}
	got := f.State.Orders[0].Choices()
	if got.Fleet != "red-1" || !reflect.DeepEqual(got.Moves, []processor.PlanetID{"masnet", "norallus"}) {
		t.Errorf("blue-1: outcome in the state %+v", got)
	}
}
