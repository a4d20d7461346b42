package phase

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/folder/owntoml"
	"github.com/warmaster/warmaster/processor/internal/testkit"
	"github.com/warmaster/warmaster/processor/report"
)

// diffEvents lists the changes of the events' part of the state, for the
// rules cases' poststate: Stellar Storms, the events waiting for choices,
// the effects, and the allegiance.
func diffEvents(a, b *processor.State) []string {
	var out []string
	if a.StellarStorms != b.StellarStorms {
		out = append(out, fmt.Sprintf("stellar storms: phase %d -> phase %d", a.StellarStorms, b.StellarStorms))
	}
	list := func(es []processor.Effect) []string {
		var out []string
		for _, e := range es {
			out = append(out, describeEffect(e))
		}
		return out
	}
	for _, d := range []struct {
		what string
		x, y []string
	}{{"event", list(a.Events), list(b.Events)}, {"effect", list(a.Effects), list(b.Effects)}} {
		for _, e := range d.x {
			if !slices.Contains(d.y, e) {
				out = append(out, fmt.Sprintf("%s gone: %s", d.what, e))
			}
		}
		for _, e := range d.y {
			if !slices.Contains(d.x, e) {
				out = append(out, fmt.Sprintf("%s new: %s", d.what, e))
			}
		}
	}
	for _, p := range b.C.Players {
		if x := a.C.PlayerAlliance(p.Login); x != p.Alliance {
			out = append(out, fmt.Sprintf("player %s: %s -> %s", p.Login, x, p.Alliance))
		}
	}
	for _, f := range b.C.Fleets {
		if x, _ := a.C.FleetOf(f.ID); x.Player != f.Player {
			out = append(out, fmt.Sprintf("fleet %s: player %s -> %s", f.ID, x.Player, f.Player))
		}
	}
	return out
}

func describeEffect(e processor.Effect) string {
	parts := []string{e.Event.String(), fmt.Sprintf("phase %d", e.Phase)}
	if e.Alliance != "" {
		parts = append(parts, "alliance "+string(e.Alliance))
	}
	if len(e.Planets) > 0 {
		parts = append(parts, "planets "+report.OneOf(e.Planets))
	}
	for _, a := range slices.Sorted(maps.Keys(e.Riches)) {
		for _, p := range slices.Sorted(maps.Keys(e.Riches[a])) {
			parts = append(parts, fmt.Sprintf("riches %s at %s: %s", a, p, report.OneOf(e.Riches[a][p])))
		}
	}
	for _, l := range slices.Sorted(maps.Keys(e.Players)) {
		parts = append(parts, fmt.Sprintf("%s to %s", l, e.Players[l]))
	}
	for _, f := range slices.Sorted(maps.Keys(e.Fleets)) {
		parts = append(parts, fmt.Sprintf("%s to %s", f, e.Fleets[f]))
	}
	return strings.Join(parts, ", ")
}

// withEffect adds an effect to a campaign folder's state.toml.
func withEffect(t *testing.T, dir string, e processor.Effect) {
	t.Helper()
	f, err := folder.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	f.State.Effects = append(f.State.Effects, e)
	testkit.WriteFile(t, dir, processor.StateFile, folder.EncodeState(f.State, owntoml.StateFormat))
}

// An Open Tome in force: blue's orders are due first, in a step of their
// own, and may not be sealed; once that step has taken them, a blue orders
// file that comes later is refused as any late input.
func TestOpenTome(t *testing.T) {
	dir, id := testkit.SealedExample(t)
	orders := map[string][]byte{}
	for _, l := range []string{"alice", "bob", "carol", "dave", "erin", "frank"} {
		file := processor.InputPath(1, "orders", l)
		orders[file] = testkit.ReadFile(t, dir, file)
		if err := os.Remove(filepath.Join(dir, filepath.FromSlash(file))); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := Advance(dir, Options{Now: testkit.BeforeDeadline}); err != nil { // set-up
		t.Fatal(err)
	}
	withEffect(t, dir, processor.Effect{Event: processor.AnOpenTome, Phase: 1, Alliance: "blue"})
	// The state as the transition into phase 1 would have left it.
	f, err := folder.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	f.State.Step = processor.StepOpenTome
	testkit.WriteFile(t, dir, processor.StateFile, folder.EncodeState(f.State, owntoml.StateFormat))

	// Sealed blue orders are refused.
	testkit.WriteFile(t, dir, testkit.AliceOrders, orders[testkit.AliceOrders])
	// `warmaster seal` refuses to seal them, and writes nothing.
	if err := SealOrders(dir, testkit.AliceOrders, Options{Now: testkit.BeforeDeadline}); err == nil || !strings.Contains(err.Error(), "An Open Tome: blue's players declare their operations openly in phase 1, so these orders cannot be sealed") {
		t.Fatalf("seal of blue orders: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(testkit.AliceSealed))); !os.IsNotExist(err) {
		t.Fatalf("seal wrote %s: %v", testkit.AliceSealed, err)
	}
	testkit.SealFile(t, dir, testkit.AliceOrders, id.Recipient())
	_, err = Check(dir, Options{Now: testkit.BeforeDeadline})
	if fs := testkit.FaultsOf(t, err); !testkit.HasFault(fs, testkit.AliceSealed, "An Open Tome", "cannot be sealed") {
		t.Fatalf("sealed blue orders: %v", fs)
	}
	if err := os.Remove(filepath.Join(dir, filepath.FromSlash(testkit.AliceSealed))); err != nil {
		t.Fatal(err)
	}

	// The open-tome step waits for alice and bob only; the other players'
	// orders may come in early.
	testkit.WriteFile(t, dir, testkit.AliceOrders, orders[testkit.AliceOrders])
	carol := processor.InputPath(1, "orders", "carol")
	testkit.WriteFile(t, dir, carol, orders[carol])
	f, err = folder.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	var who []string
	for _, a := range Awaited(f) {
		who = append(who, a.File)
	}
	if want := []string{testkit.AliceOrders, processor.InputPath(1, "orders", "bob")}; !slices.Equal(who, want) {
		t.Fatalf("open-tome awaits %v, want %v", who, want)
	}
	// Past the open_tome deadline (none given: 72 hours before operations),
	// alice's orders are taken, bob's fleet performs Logistical Auxilia.
	dl := f.Campaign.Deadlines[1].Operations
	sum, err := Advance(dir, Options{Now: dl.Add(-time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.Applied) != 1 || sum.State.Step != processor.StepOperations {
		t.Fatalf("applied %v, now at %s", sum.Applied, sum.State.Step)
	}
	if o := testkit.OrderOf(t, dir, "blue-2"); o.Op != processor.LogisticalAuxilia || !o.Default {
		t.Fatalf("blue-2: %+v", o)
	}
	// Bob's orders now come too late: not applied, and no obstacle.
	bob := processor.InputPath(1, "orders", "bob")
	testkit.WriteFile(t, dir, bob, orders[bob])
	f, err = Check(dir, Options{Now: dl.Add(-time.Hour)})
	if err != nil {
		t.Fatalf("late blue orders: %v", err)
	}
	if !testkit.HasFault(f.Late(), bob, "not applied: arrived after phase 1's step 1 Select Operations: An Open Tome was processed") {
		t.Fatalf("late blue orders: %v", f.Late())
	}
}

// Sinister Omens in force: the battle sheet names the theatre rolled
// (theatre_chosen_by = "random"), the state keeps it with the order, and a
// result naming another theatre is refused.
func TestSinisterOmensSheet(t *testing.T) {
	dir := testkit.ExampleToOrders(t)
	orders := map[string][]byte{}
	for _, l := range []string{"alice", "bob", "carol", "dave", "erin", "frank"} {
		file := processor.InputPath(1, "orders", l)
		orders[file] = testkit.ReadFile(t, dir, file)
		os.Remove(filepath.Join(dir, filepath.FromSlash(file)))
	}
	if _, err := Advance(dir, Options{Now: testkit.BeforeDeadline}); err != nil { // set-up
		t.Fatal(err)
	}
	withEffect(t, dir, processor.Effect{Event: processor.SinisterOmens, Phase: 1})
	for file, data := range orders {
		if !strings.Contains(string(data), "logistical-auxilia") { // refused under Sinister Omens
			testkit.WriteFile(t, dir, file, data)
		}
	}
	// A result for every fleet in each theatre of the map, checked before
	// the reveal rolls them: Check, which lays out no sheet, refuses what
	// the check that makes them does, Sinister Omens' theatres among it.
	before, err := folder.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	var theatres []string
	for _, p := range before.Campaign.Map.Planets {
		for _, th := range p.Theatres {
			if !slices.Contains(theatres, th) {
				theatres = append(theatres, th)
			}
		}
	}
	omens := false
	for _, th := range theatres {
		for _, fl := range before.Campaign.Fleets {
			testkit.WriteFile(t, dir, processor.InputPath(1, "results", string(fl.ID)), []byte(fmt.Sprintf("winner = \"attacker\"\ntheatre = %q\n", th)))
		}
		_, cerr := Check(dir, Options{Now: testkit.AfterDeadline})
		_, _, perr := CheckAndPlan(dir, Options{Now: testkit.AfterDeadline})
		if fmt.Sprint(cerr) != fmt.Sprint(perr) {
			t.Errorf("results in the %s theatre: Check says\n%v\nthe check that plans says\n%v", th, cerr, perr)
		}
		omens = omens || strings.Contains(fmt.Sprint(cerr), "Sinister Omens rolled")
	}
	if !omens {
		t.Error("no result was refused for a theatre Sinister Omens rolled otherwise: the comparison did not reach them")
	}
	for _, fl := range before.Campaign.Fleets {
		os.Remove(filepath.Join(dir, filepath.FromSlash(processor.InputPath(1, "results", string(fl.ID)))))
	}
	if _, err := Advance(dir, Options{Now: testkit.AfterDeadline}); err != nil {
		t.Fatal(err)
	}
	f, err := folder.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	battles := 0
	for _, o := range f.State.Orders {
		if o.Op != processor.Battle {
			continue
		}
		battles++
		var sheet folder.BattleSheet
		if _, err := toml.Decode(string(testkit.ReadFile(t, dir, "phases/01/battles/"+o.ID()+".toml")), &sheet); err != nil {
			t.Fatal(err)
		}
		if sheet.TheatreChosenBy != "random" || sheet.Theatre == "" || sheet.Theatre != o.Theatre || !slices.Contains(sheet.Theatres, sheet.Theatre) {
			t.Errorf("%s: sheet %+v, order theatre %q", o.ID(), sheet, o.Theatre)
		}
		other := ""
		for _, th := range sheet.Theatres {
			if th != sheet.Theatre {
				other = th
			}
		}
		if other == "" {
			continue
		}
		testkit.WriteFile(t, dir, processor.InputPath(1, "results", o.ID()), []byte(fmt.Sprintf("winner = \"attacker\"\ntheatre = %q\n", other)))
		_, err := Check(dir, Options{Now: testkit.AfterDeadline})
		if fs := testkit.FaultsOf(t, err); !testkit.HasFault(fs, processor.InputPath(1, "results", o.ID()), "Sinister Omens rolled the "+sheet.Theatre) {
			t.Errorf("%s: a result in the %s theatre: %v", o.ID(), other, fs)
		}
		os.Remove(filepath.Join(dir, filepath.FromSlash(processor.InputPath(1, "results", o.ID()))))
	}
	if battles == 0 {
		t.Fatal("the example's phase 1 has no battle")
	}
}
