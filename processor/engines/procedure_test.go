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
