package processor

import (
	"strings"
	"testing"
)

// Tally sums up a long list for whoever runs a big campaign: an organiser
// of 300 players found the one dispute needing them on line 228 of
// status, below a 200-row table with no totals.
func TestTally(t *testing.T) {
	var aw []Await
	aw = append(aw, Await{Present: true, Faulty: true})
	aw = append(aw, Await{Present: true, Unsettled: "disputed by blue: waits for the Warmaster's ruling"})
	aw = append(aw, Await{Present: true, Unsettled: "yes, awaiting red's confirmation"}, Await{Present: true, Unsettled: "yes, awaiting the agreement of blue"})
	aw = append(aw, Await{Present: true, Confirm: "yes, confirmed by red"}, Await{Present: true})
	for range 3 {
		aw = append(aw, Await{})
	}
	want := "9 awaited files: 6 in, 3 not yet; 1 faulty; 2 awaiting the other side; 1 disputed, for the Warmaster's ruling."
	if got := Tally(aw); got != want {
		t.Errorf("Tally:\n got %s\nwant %s", got, want)
	}
	if got := Tally(aw[4:]); got != "5 awaited files: 2 in, 3 not yet." || strings.Contains(got, ";") {
		t.Errorf("Tally of a list with nothing unsettled: %s", got)
	}
}

// A file in that waits for an answer is asked of those who answer it —
// the other side, for a result unconfirmed — but while it is faulty, of
// its senders, who must mend it (a review found the other side mentioned
// beside a faulty result, and its filer not).
func TestAsked(t *testing.T) {
	a := Await{Present: true, Logins: []Login{"carol"}, Alliance: "blue", AnswerFrom: []AllianceID{"red"}}
	if logins, als := a.Asked(); len(logins) != 0 || len(als) != 1 || als[0] != "red" || !a.Awaiting() {
		t.Errorf("awaiting red's answer: asked %v %v, awaiting %v", logins, als, a.Awaiting())
	}
	a.Faulty = true
	if logins, als := a.Asked(); len(logins) != 1 || logins[0] != "carol" || len(als) != 1 || als[0] != "blue" {
		t.Errorf("faulty: asked %v %v, want its senders carol and blue", logins, als)
	}
	a = Await{Present: true, Logins: []Login{"carol"}, Alliance: "blue"}
	if a.Awaiting() {
		t.Error("a file in, settled, is awaited")
	}
}
