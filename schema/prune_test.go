package schema

import (
	"fmt"
	"strings"
	"testing"
)

// A map whose 3,000 planets each have a fault: the validator describes the
// first pruneBudget of them, and one more fault says more may follow, at
// the first planet left out.
func TestDecodePrunesFailingElements(t *testing.T) {
	var b strings.Builder
	for i := range 3000 {
		fmt.Fprintf(&b, "[[planets]]\nid = \"p%d\"\nname = \"P\"\nlocations = 11\ntheatres = [\"spaceport\"]\n", i)
	}
	b.WriteString("[[lanes]]\nbetween = [\"p0\", \"p1\"]\n")
	_, faults := Decode(Map, []byte(b.String()))
	if got, want := len(faults), pruneBudget+1; got != want {
		t.Fatalf("Decode: %d faults, want %d", got, want)
	}
	last := faults[len(faults)-1]
	if got, want := fmt.Sprintf("%d:%d", last.Line, last.Col), fmt.Sprintf("%d:1", 5*pruneBudget+1); got != want || !strings.HasPrefix(last.Message, "…and maybe more problems from here on") {
		t.Errorf("last fault %s: %s; want %s: …and maybe more problems from here on", got, last.Message, want)
	}
	if got, want := faults[0].Message, `locations of the 1st planet: 11 is too large; at most 10`; got != want {
		t.Errorf("first fault %q, want %q", got, want)
	}
}

// Pruned or not, a document the fast check refuses gets the validator's
// faults: a failing element after many that pass is found.
func TestDecodePrunedFindsLateFault(t *testing.T) {
	var b strings.Builder
	for i := range 3000 {
		loc := 3
		if i == 2999 {
			loc = 0
		}
		fmt.Fprintf(&b, "[[planets]]\nid = \"p%d\"\nname = \"P\"\nlocations = %d\ntheatres = [\"spaceport\"]\n", i, loc)
	}
	b.WriteString("[[lanes]]\nbetween = [\"p0\", \"p1\"]\n")
	_, faults := Decode(Map, []byte(b.String()))
	if len(faults) != 1 || faults[0].Message != "locations of the 3000th planet: 0 is too small; at least 1" {
		t.Fatalf("Decode = %v, want the one fault of planets[2999]", faults)
	}
}
