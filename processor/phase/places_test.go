package phase

import (
	"slices"
	"testing"

	"github.com/warmaster/warmaster/processor/attacks"
	"github.com/warmaster/warmaster/processor/folder"
)

// The Fleets by Alliance and planet that checking the orders looks up
// (RULINGS 15: a Boarding Action needs a Fleet of the defending Alliance
// at the target planet) are those DefendingFleetsAt finds by looking
// through the Alliance's Fleets, in the same order: 40 fleets on 8
// planets, several of one Alliance on each.
func TestFleetPlacesAsDefendingFleetsAt(t *testing.T) {
	f, err := folder.Load(genPhase(t, 40, true))
	if err != nil {
		t.Fatal(err)
	}
	scan := attacks.Rules{C: f.Campaign, S: f.State}
	indexed := scan
	indexed.Places = scan.FleetPlaces()
	found := 0
	for _, a := range f.Campaign.AllianceIDs() {
		for _, p := range f.Campaign.Map.Planets {
			want, got := scan.DefendingFleetsAt(a, p.ID), indexed.DefendingFleetsAt(a, p.ID)
			if !slices.Equal(got, want) {
				t.Errorf("%s at %s: %v, looked through %v", a, p.ID, got, want)
			}
			if len(want) > 1 {
				found++
			}
		}
	}
	if found == 0 {
		t.Fatal("no planet with two fleets of one Alliance: nothing is compared")
	}
}

// BenchmarkFleetPlaces times the look-up of every Fleet's place that
// checking a phase's orders makes once (100,000 fleets on 12,500
// planets, a quarter of their orders Boarding Actions).
func BenchmarkFleetPlaces(b *testing.B) {
	f, err := folder.Load(genPhase(b, 100_000, false))
	if err != nil {
		b.Fatal(err)
	}
	r := attacks.Rules{C: f.Campaign, S: f.State}
	b.ReportAllocs()
	for b.Loop() {
		r.FleetPlaces()
	}
}
