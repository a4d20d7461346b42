package processor

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/BurntSushi/toml"
)

// diffEvents lists the changes of the events' part of the state, for the
// rules cases' poststate: Stellar Storms, the events waiting for choices,
// the effects, and the allegiance.
func diffEvents(a, b *State) []string {
	var out []string
	if a.StellarStorms != b.StellarStorms {
		out = append(out, fmt.Sprintf("stellar storms: phase %d -> phase %d", a.StellarStorms, b.StellarStorms))
	}
	list := func(es []Effect) []string {
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
	for _, p := range b.c.Players {
		if x := a.c.playerAlliance(p.Login); x != p.Alliance {
			out = append(out, fmt.Sprintf("player %s: %s -> %s", p.Login, x, p.Alliance))
		}
	}
	for _, f := range b.c.Fleets {
		if x, _ := a.c.FleetOf(f.ID); x.Player != f.Player {
			out = append(out, fmt.Sprintf("fleet %s: player %s -> %s", f.ID, x.Player, f.Player))
		}
	}
	return out
}

func describeEffect(e Effect) string {
	parts := []string{e.Event.String(), fmt.Sprintf("phase %d", e.Phase)}
	if e.Alliance != "" {
		parts = append(parts, "alliance "+string(e.Alliance))
	}
	if len(e.Planets) > 0 {
		parts = append(parts, "planets "+oneOf(e.Planets))
	}
	for _, a := range sortedKeys(e.Riches) {
		for _, p := range sortedKeys(e.Riches[a]) {
			parts = append(parts, fmt.Sprintf("riches %s at %s: %s", a, p, oneOf(e.Riches[a][p])))
		}
	}
	for _, l := range sortedKeys(e.Players) {
		parts = append(parts, fmt.Sprintf("%s to %s", l, e.Players[l]))
	}
	for _, f := range sortedKeys(e.Fleets) {
		parts = append(parts, fmt.Sprintf("%s to %s", f, e.Fleets[f]))
	}
	return strings.Join(parts, ", ")
}

// withEffect adds an effect to a campaign folder's state.toml.
func withEffect(t *testing.T, dir string, e Effect) {
	t.Helper()
	f, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	f.State.Effects = append(f.State.Effects, e)
	writeFile(t, dir, StateFile, encodeState(f.State))
}

// An Open Tome in force: blue's orders are due first, in a step of their
// own, and may not be sealed; once that step has taken them, a blue orders
// file that comes later is refused as any late input.
func TestOpenTome(t *testing.T) {
	dir, id := sealedExample(t)
	orders := map[string][]byte{}
	for _, l := range []string{"alice", "bob", "carol", "dave", "erin", "frank"} {
		file := InputPath(1, "orders", l)
		orders[file] = readFile(t, dir, file)
		if err := os.Remove(filepath.Join(dir, filepath.FromSlash(file))); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := Advance(dir, Options{Now: beforeDeadline}); err != nil { // set-up
		t.Fatal(err)
	}
	withEffect(t, dir, Effect{Event: AnOpenTome, Phase: 1, Alliance: "blue"})
	// The state as the transition into phase 1 would have left it.
	f, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	f.State.Step = StepOpenTome
	writeFile(t, dir, StateFile, encodeState(f.State))

	// Sealed blue orders are refused.
	writeFile(t, dir, aliceOrders, orders[aliceOrders])
	sealFile(t, dir, aliceOrders, id.Recipient())
	_, err = Check(dir, Options{Now: beforeDeadline})
	if fs := faultsOf(t, err); !hasFault(fs, aliceSealed, "An Open Tome", "cannot be sealed") {
		t.Fatalf("sealed blue orders: %v", fs)
	}
	if err := os.Remove(filepath.Join(dir, filepath.FromSlash(aliceSealed))); err != nil {
		t.Fatal(err)
	}

	// The open-tome step waits for alice and bob only; the other players'
	// orders may come in early.
	writeFile(t, dir, aliceOrders, orders[aliceOrders])
	carol := InputPath(1, "orders", "carol")
	writeFile(t, dir, carol, orders[carol])
	f, err = Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	var who []string
	for _, a := range Awaited(f) {
		who = append(who, a.File)
	}
	if want := []string{aliceOrders, InputPath(1, "orders", "bob")}; !slices.Equal(who, want) {
		t.Fatalf("open-tome awaits %v, want %v", who, want)
	}
	// Past the open_tome deadline (none given: 72 hours before operations),
	// alice's orders are taken, bob's fleet performs Logistical Auxilia.
	dl := f.Campaign.Deadlines[1].Operations
	sum, err := Advance(dir, Options{Now: dl.Add(-time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.Applied) != 1 || sum.State.Step != StepOperations {
		t.Fatalf("applied %v, now at %s", sum.Applied, sum.State.Step)
	}
	if o := orderOf(t, dir, "blue-2"); o.Op != LogisticalAuxilia || !o.Default {
		t.Fatalf("blue-2: %+v", o)
	}
	// Bob's orders now come too late: not applied, and no obstacle.
	bob := InputPath(1, "orders", "bob")
	writeFile(t, dir, bob, orders[bob])
	f, err = Check(dir, Options{Now: dl.Add(-time.Hour)})
	if err != nil {
		t.Fatalf("late blue orders: %v", err)
	}
	if !hasFault(f.Late(), bob, "not applied: arrived after phase 1's step 1 Select Operations: An Open Tome was processed") {
		t.Fatalf("late blue orders: %v", f.Late())
	}
}

// Sinister Omens in force: the battle sheet names the theatre rolled
// (theatre_chosen_by = "random"), the state keeps it with the order, and a
// result naming another theatre is refused.
func TestSinisterOmensSheet(t *testing.T) {
	dir := exampleToOrders(t)
	orders := map[string][]byte{}
	for _, l := range []string{"alice", "bob", "carol", "dave", "erin", "frank"} {
		file := InputPath(1, "orders", l)
		orders[file] = readFile(t, dir, file)
		os.Remove(filepath.Join(dir, filepath.FromSlash(file)))
	}
	if _, err := Advance(dir, Options{Now: beforeDeadline}); err != nil { // set-up
		t.Fatal(err)
	}
	withEffect(t, dir, Effect{Event: SinisterOmens, Phase: 1})
	for file, data := range orders {
		if !strings.Contains(string(data), "logistical-auxilia") { // refused under Sinister Omens
			writeFile(t, dir, file, data)
		}
	}
	if _, err := Advance(dir, Options{Now: afterDeadline}); err != nil {
		t.Fatal(err)
	}
	f, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	battles := 0
	for _, o := range f.State.Orders {
		if o.Op != Battle {
			continue
		}
		battles++
		var sheet battleSheet
		if _, err := toml.Decode(string(readFile(t, dir, "phases/01/battles/"+o.ID()+".toml")), &sheet); err != nil {
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
		writeFile(t, dir, InputPath(1, "results", o.ID()), []byte(fmt.Sprintf("winner = \"attacker\"\ntheatre = %q\n", other)))
		_, err := Check(dir, Options{Now: afterDeadline})
		if fs := faultsOf(t, err); !hasFault(fs, InputPath(1, "results", o.ID()), "Sinister Omens rolled the "+sheet.Theatre) {
			t.Errorf("%s: a result in the %s theatre: %v", o.ID(), other, fs)
		}
		os.Remove(filepath.Join(dir, filepath.FromSlash(InputPath(1, "results", o.ID()))))
	}
	if battles == 0 {
		t.Fatal("the example's phase 1 has no battle")
	}
}
