package folder_test

import (
	"testing"

	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/internal/testkit"
	"github.com/warmaster/warmaster/processor/phase"
	"github.com/warmaster/warmaster/processor/seal"
)

// TestConsumedCounted: a load counts every input the journal records with a
// SHA-256 as it meets it in the folder — set-up files, orders sealed and
// those their reveal wrote beside them — so that a folder missing none is
// not gone over again, path by path, at every load (missingConsumed).
func TestConsumedCounted(t *testing.T) {
	dir, id := testkit.SealedExample(t)
	testkit.SealFile(t, dir, testkit.AliceOrders, id.Recipient())
	if _, err := phase.Advance(dir, phase.Options{Now: testkit.BeforeDeadline, AgeIdentity: id.String()}); err != nil {
		t.Fatal(err)
	}
	f, err := folder.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range []string{"setup/blue.toml", testkit.AliceOrders, testkit.AliceOrders + seal.SealedExt} {
		if f.ConsumedInputs[file] == "" {
			t.Errorf("the journal records no digest of %s", file)
		}
	}
	if got, want := folder.ConsumedThere(f), len(f.ConsumedInputs); got != want {
		t.Errorf("the load met %d of the %d inputs the journal records", got, want)
	}
}
