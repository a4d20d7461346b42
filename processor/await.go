package processor

import (
	"slices"
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
	// Dispute gives the other side's `why` when it disputes the result, as
	// a sentence to follow the note on what to commit (" The dispute: …").
	Dispute string
	// Digest is the SHA-256 of a result filed, which a confirmation names;
	// Seen when advance first saw it so (zero: not yet).
	Digest string
	Seen   time.Time
}

// Senders are who may send the file: Logins, then the players of
// Alliance not among them, in campaign.toml's order.
func (a Await) Senders(c *Campaign) []Login {
	out := slices.Clip(a.Logins)
	if a.Alliance != "" {
		for _, l := range c.PlayersOf(a.Alliance) {
			if !slices.Contains(a.Logins, l) {
				out = append(out, l)
			}
		}
	}
	return out
}
