package processor

import (
	"slices"
	"testing"
	"time"
)

// What a run saw reads back as it was: deadlines and [github], in the
// order written.
func TestSawRoundTrip(t *testing.T) {
	c := &Campaign{Phases: 3, Deadlines: map[int]Deadlines{
		1: {Operations: time.Date(2027, 1, 4, 18, 0, 0, 0, time.UTC), Battles: time.Date(2027, 1, 10, 18, 0, 0, 0, time.UTC)},
		3: {Tiebreak: time.Date(2027, 4, 1, 9, 30, 0, 0, time.UTC)},
	}, GitHub: &GitHub{Repository: "club/autumn", Branch: "main", Path: `odd "path"`}}
	saw := c.Saw()
	want := []string{
		"deadline 1 operations 2027-01-04T18:00:00Z",
		"deadline 1 battles 2027-01-10T18:00:00Z",
		"deadline 3 tiebreak 2027-04-01T09:30:00Z",
		`github "club/autumn" "main" "odd \"path\""`,
	}
	if !slices.Equal(saw, want) {
		t.Fatalf("saw:\n%q\nwant\n%q", saw, want)
	}
	d := &Campaign{Phases: 3, Deadlines: map[int]Deadlines{2: {Moves: time.Now()}}}
	if err := d.SetSaw(saw); err != nil {
		t.Fatal(err)
	}
	if got := d.Saw(); !slices.Equal(got, want) {
		t.Fatalf("read back:\n%q\nwant\n%q", got, want)
	}
	for _, bad := range []string{"deadline 9 battles 2027-01-10T18:00:00Z", "deadline 1 lunch 2027-01-10T18:00:00Z", `github "a" "b"`, "rules events true", "weather fine"} {
		if err := d.SetSaw([]string{bad}); err == nil {
			t.Errorf("%q read", bad)
		}
	}
}
