package engines

import (
	"errors"
	"testing"
)

// Resolve chooses the procedure from the request: the engine's kind, then
// a damage request's target (a zone with points, or stomp hits alone).
func TestResolveChooses(t *testing.T) {
	behemoth := &Profile{Name: "Colossus", Behemoth: colossus()}
	warMachine := &Profile{Name: "Warhound", WarMachine: plain(warhound())}
	var kind *KindError
	if _, err := Resolve(Request{Procedure: ProcHits, Profile: behemoth}); !errors.As(err, &kind) || kind.Kind != "War Machine" {
		t.Errorf("hits on a Behemoth: %v", err)
	}
	if err := CheckKind(ProcLanding, warMachine); !errors.As(err, &kind) || kind.Kind != "Behemoth" {
		t.Errorf("landing on a War Machine: %v", err)
	}
	if err := CheckKind(ProcDestroy, warMachine); err != nil {
		t.Errorf("destroy on a War Machine: %v", err)
	}
	for _, r := range []Request{{Zone: "hull", Stomp: 1, Points: 2}, {Zone: "hull"}, {}} {
		r.Procedure, r.Profile = ProcDamage, behemoth
		if _, err := Resolve(r); !errors.Is(err, ErrDamageTarget) {
			t.Errorf("damage %+v: %v, want ErrDamageTarget", r, err)
		}
	}
	var zone *ZoneError
	if _, err := Resolve(Request{Procedure: ProcDamage, Profile: behemoth, Zone: "tail", Points: 1}); !errors.As(err, &zone) || zone.Zone != "tail" {
		t.Errorf("damage to tail: %v", err)
	}

	// A stomp as Stomp resolves it.
	d := script(t, 2, 3, 6)
	res, err := Resolve(Request{Procedure: ProcDamage, Profile: behemoth, Behemoth: behemothAt(10, 8, 6), Stomp: 3, Entry: 2, Roll: d, Label: "p/engines/c"})
	d.done()
	if err != nil {
		t.Fatal(err)
	}
	if want := behemothAt(9, 7, 5).Describe(behemoth.Behemoth); res.After != want {
		t.Errorf("after %q, want %q", res.After, want)
	}
	if d.labels[0] != "p/engines/c/damage/2/zone" || len(res.Rolls) != 3 {
		t.Errorf("labels %v, rolls %v", d.labels, res.Rolls)
	}
	wantEvents(t, res.Events, "3 hits failed to damage the scenery", "the Hull zone")
}

// A War Machine's hits are the battle as the campaign resolves it, turns
// given or not (RULINGS 63: without the result's turns, the Imperial Void
// Fields down are rolled for once, at the start of the battle): a tool at
// the table that skipped that roll reached another outcome than the
// campaign from the same flags.
func TestResolveHitsAsTheCampaign(t *testing.T) {
	w := &Profile{Name: "Warhound", WarMachine: warhound()}
	one := WarMachineCondition{StructurePoints: 3, Fields: 1} // one of two fields down
	for _, turns := range []int{0, 1} {
		d := script(t, 6)
		res, err := Resolve(Request{Procedure: ProcHits, Profile: w, WarMachine: one, Battle: Battle{Hits: []Hit{{}}, Turns: turns}, Roll: d, Label: "p/engines/w"})
		d.done()
		if err != nil {
			t.Fatal(err)
		}
		if len(d.labels) == 0 || d.labels[0] != "p/engines/w/void-fields" {
			t.Errorf("turns %d: labels %v, want the repair at the start of the battle first", turns, d.labels)
		}
		if want := (WarMachineCondition{StructurePoints: 3, Fields: 1}).Describe(w.WarMachine); res.After != want {
			t.Errorf("turns %d: after %q, want %q (the field back on line, then one taken down)", turns, res.After, want)
		}
	}
}
