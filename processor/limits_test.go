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
	sealed, err := Seal(orders, id.Recipient().String())
	if err != nil {
		t.Fatal(err)
	}
	if got, limit := len(sealed), SealedLimit; got > limit {
		t.Errorf("the largest orders sealed are %d bytes, over SealedLimit %d", got, limit)
	}
}
