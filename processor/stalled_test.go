package processor

import "testing"

// IsStalled answers for the Stalled as they stand: appended to (within
// the array and past it), set anew, cleared, and in a clone (Boarding
// Action — Defender wins: the attacking Fleet cannot move this phase).
func TestIsStalledAsTheList(t *testing.T) {
	s := &State{}
	check := func(want ...FleetID) {
		t.Helper()
		for _, f := range []FleetID{"f1", "f2", "f3", "f4"} {
			in := false
			for _, w := range want {
				in = in || w == f
			}
			if got := s.IsStalled(f); got != in {
				t.Fatalf("IsStalled(%s) = %v with %v", f, got, s.Stalled)
			}
		}
	}
	check()
	s.Stalled = make([]FleetID, 0, 2)
	s.Stalled = append(s.Stalled, "f1")
	check("f1")
	s.Stalled = append(s.Stalled, "f2") // the same array
	check("f1", "f2")
	s.Stalled = append(s.Stalled, "f3") // a new one
	check("f1", "f2", "f3")
	c := s.Clone()
	c.Stalled = append(c.Stalled, "f4")
	check("f1", "f2", "f3")
	if !c.IsStalled("f4") || !c.IsStalled("f1") {
		t.Fatalf("the clone's: %v", c.Stalled)
	}
	s.Stalled = []FleetID{"f4"} // made anew
	check("f4")
	s.Stalled = nil
	check()
}
