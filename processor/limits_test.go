package processor

import (
	"strings"
	"testing"

	"filippo.io/age"

	"github.com/warmaster/warmaster/schema"
)

// The largest orders file a player may write, sealed, is a sealed orders
// file Warmaster reads.
func TestSealedLimitHoldsTheLargestOrders(t *testing.T) {
	id, err := age.GenerateX25519Identity()
	if err != nil {
		t.Fatal(err)
	}
	orders := []byte(strings.Repeat("# a line of a comment\n", schema.LimitOf(schema.Orders).Bytes/22))
	// Bound to the longest names: a campaign's, and the file of a login of
	// GitHub's longest, 39 characters.
	file := InputPath(1, "orders", strings.Repeat("a", 39)) + SealedExt
	sealed, err := Seal(orders, id.Recipient().String(), strings.Repeat("c", 200), file)
	if err != nil {
		t.Fatal(err)
	}
	if got, limit := len(sealed), SealedLimit; got > limit {
		t.Errorf("the largest orders sealed are %d bytes, over SealedLimit %d", got, limit)
	}
}
