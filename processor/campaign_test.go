package processor

import (
	"slices"
	"testing"
)

// The look-ups index derives by list position answer as maps of their own
// did: a player's fleets in campaign order, a fleet's Alliance, a login
// that is no player's (a player who left: their fleets stay, with the
// Alliance the origin gives them) and an unknown fleet.
func TestIndexLookups(t *testing.T) {
	origin := &Campaign{
		Alliances: []Alliance{{ID: "red"}, {ID: "blue"}},
		Players:   []Player{{Login: "ann", Alliance: "red"}, {Login: "bob", Alliance: "blue"}, {Login: "cy", Alliance: "red"}},
		Fleets:    []Fleet{{ID: "f1", Player: "ann"}, {ID: "f2", Player: "bob"}, {ID: "f3", Player: "ann"}, {ID: "f4", Player: "cy"}},
	}
	origin.index()
	if got := origin.FleetsOf("ann"); !slices.Equal(got, []FleetID{"f1", "f3"}) {
		t.Errorf("FleetsOf(ann) = %v, want [f1 f3]", got)
	}
	if got := origin.FleetsOf("nobody"); got != nil {
		t.Errorf("FleetsOf(nobody) = %v, want none", got)
	}
	if a := origin.FleetAlliance("f2"); a != "blue" {
		t.Errorf("FleetAlliance(f2) = %q, want blue", a)
	}
	if a := origin.FleetAlliance("f9"); a != "" {
		t.Errorf("FleetAlliance(f9) = %q, want none", a)
	}
	if got := origin.Commanders(); !slices.Equal(got, []Login{"ann", "bob", "cy"}) {
		t.Errorf("Commanders() = %v", got)
	}
	// cy has left; her fleet stays, with red, in a campaign that has
	// another allegiance (bob now red).
	left := &Campaign{
		Alliances: origin.Alliances,
		Players:   []Player{{Login: "ann", Alliance: "red"}, {Login: "bob", Alliance: "red"}},
		Fleets:    origin.Fleets,
		origin:    origin,
	}
	left.index()
	if got := left.FleetsOf("cy"); !slices.Equal(got, []FleetID{"f4"}) {
		t.Errorf("FleetsOf(cy), who left = %v, want [f4]", got)
	}
	if a := left.FleetAlliance("f4"); a != "red" {
		t.Errorf("FleetAlliance(f4) = %q, want red (the origin's)", a)
	}
	if a := left.FleetAlliance("f2"); a != "blue" {
		t.Errorf("FleetAlliance(f2) = %q, want blue: a Fleet stays with its Alliance", a)
	}
	if got := left.Commanders(); !slices.Equal(got, []Login{"ann", "bob"}) {
		t.Errorf("Commanders() = %v, want [ann bob]", got)
	}
	if got := left.AllianceFleets("red"); !slices.Equal(got, []FleetID{"f1", "f3", "f4"}) {
		t.Errorf("AllianceFleets(red) = %v, want [f1 f3 f4]", got)
	}
}
