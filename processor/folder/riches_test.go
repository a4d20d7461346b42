package folder_test

import (
	"testing"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/internal/testkit"
)

// TestRichesChoicesKept: Archeotech Riches — "they can do the following up
// to three times". An Alliance's list for a riches planet has one planet a
// +1, and an empty list is a choice too (no +1s, RULINGS 20), where a planet
// with no list takes the three by default. state.toml holds the choices
// from the phase they are made in to the next, where the riches are
// secured: an empty list must read back as given, not as no list.
func TestRichesChoicesKept(t *testing.T) {
	dir := testkit.NewCaseDir(t, "phase 3\nstep battles")
	s := testkit.ParsePrestate(t, testkit.LoadCampaign(t, dir), "phase 3\nstep battles")
	s.Effects = []processor.Effect{{Event: processor.ArcheotechRiches, Phase: 3, Planets: []processor.PlanetID{"felgris-secundas", "karabas", "kryndaer"},
		Riches: map[processor.AllianceID]map[processor.PlanetID][]processor.PlanetID{
			"red":  {"karabas": {}},
			"blue": {"kryndaer": {"caltus-novem"}},
		}}}
	testkit.WritePrestate(t, dir, s)
	f, err := folder.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	got := f.State.Effects[0].Riches
	if list, ok := got["red"]["karabas"]; !ok || len(list) != 0 {
		t.Errorf("red's empty list for karabas read back as %v (given: %t); want an empty list, given", list, ok)
	}
	if list := got["blue"]["kryndaer"]; len(list) != 1 || list[0] != "caltus-novem" {
		t.Errorf("blue's list for kryndaer read back as %v; want [caltus-novem]", list)
	}
	if _, ok := got["blue"]["karabas"]; ok {
		t.Errorf("blue gave no list for karabas, yet one read back: %v", got["blue"])
	}
}
