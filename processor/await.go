package processor

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// Await is one input a step waits for.
type Await struct {
	Step     Step
	File     string
	Who      string
	Deadline time.Time
	Present  bool
	// Sealed: the orders are in as <login>.toml.age (File + SealedExt).
	Sealed bool
	// Faulty: the file is there but has faults, as read or against the map
	// as it stands now (a file sent early that the steps since have made
	// invalid): it is not in until they are fixed.
	Faulty bool
	// Logins and Alliance are who may send the file (Who says it in
	// words): those players, then every player of that Alliance — whom the
	// campaign's GitHub issue mentions beside it (Senders). An Alliance's
	// roster is named once, not copied into each of its battles.
	Logins   []Login
	Alliance AllianceID
	// Confirm says where a result filed stands with the other side, with
	// [rules] confirm_results ("yes, confirmed by red"); Unsettled is set
	// when it still waits for the other side or the Warmaster's ruling.
	Confirm, Unsettled string
	// AnswerFrom are the Alliances a file in waits for an answer from —
	// the other side to confirm a result, the tied Alliances to agree to a
	// tie-break — whom the campaign's issue then mentions and reminds,
	// instead of its senders (while the file is not faulty: then its
	// senders must mend it).
	AnswerFrom []AllianceID
	// Dispute gives the other side's `why` when it disputes the result, as
	// a sentence to follow the note on what to commit (" The dispute: …").
	Dispute string
	// Agree are the lines a tie-break awaits under [agreed], each as its
	// Alliance writes it (`blue = "red"`).
	Agree string
	// Digest is the SHA-256 of a result filed, which a confirmation names;
	// Seen when advance first saw it so (zero: not yet).
	Digest string
	Seen   time.Time
}

// Awaiting reports whether the file is still awaited from its senders,
// whom the campaign's issue mentions and reminds: not in, faulty, or in
// and waiting for their answer.
func (a Await) Awaiting() bool { return !a.Present || a.Faulty || len(a.AnswerFrom) > 0 }

// Asked are who the file is awaited from: its Logins and the players of
// its Alliance; for a file in that waits for an answer (and is not
// faulty), the players of AnswerFrom.
func (a Await) Asked() ([]Login, []AllianceID) {
	if a.Present && !a.Faulty && len(a.AnswerFrom) > 0 {
		return nil, a.AnswerFrom
	}
	if a.Alliance == "" {
		return a.Logins, nil
	}
	return a.Logins, []AllianceID{a.Alliance}
}

// Senders are who the file is awaited from (Asked): the logins, then the
// players of the Alliances not among them, in campaign.toml's order.
func (a Await) Senders(c *Campaign) []Login {
	logins, alliances := a.Asked()
	out := slices.Clip(logins)
	for _, al := range alliances { // a player is of one Alliance: none twice
		for _, l := range c.PlayersOf(al) {
			if !slices.Contains(logins, l) {
				out = append(out, l)
			}
		}
	}
	return out
}

// TallyFrom is how many awaited files a list must hold for Tally to sum
// it up: a club's few are read at a glance, a public campaign's hundreds
// are not.
const TallyFrom = 20

// Tally sums up the awaited files for whoever runs a big campaign: how
// many are in and how many not yet, and of those in, how many are faulty,
// await the other side (a result unconfirmed, a tie-break not agreed) or
// a ruling (disputed): "300 awaited files: 212 in, 88 not yet; 3 faulty;
// 40 awaiting the other side; 1 disputed, for the Warmaster's ruling".
func Tally(aw []Await) string {
	var t Tallied
	for _, a := range aw {
		t.Add(a)
	}
	return t.String()
}

// Tallied counts awaited files one at a time, for Tally's words: a list
// of 100,000 need not be kept to be summed up.
type Tallied struct{ n, in, faulty, other, disputed int }

// Add counts one awaited file.
func (t *Tallied) Add(a Await) {
	t.n++
	switch {
	case a.Faulty:
		t.faulty++
	case strings.HasPrefix(a.Unsettled, "disputed"):
		t.disputed++
	case a.Unsettled != "":
		t.other++
	}
	if a.Present {
		t.in++
	}
}

// N is how many were counted.
func (t Tallied) N() int { return t.n }

// String is the tally as Tally words it.
func (t Tallied) String() string {
	s := fmt.Sprintf("%d awaited files: %d in, %d not yet", t.n, t.in, t.n-t.in)
	for _, part := range []struct {
		n    int
		what string
	}{{t.faulty, "faulty"}, {t.other, "awaiting the other side"}, {t.disputed, "disputed, for the Warmaster's ruling"}} {
		if part.n > 0 {
			s += fmt.Sprintf("; %d %s", part.n, part.what)
		}
	}
	return s + "."
}
