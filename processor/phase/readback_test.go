package phase

import (
	"errors"
	"maps"
	"strings"
	"testing"
	"time"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/internal/testkit"
	"github.com/warmaster/warmaster/schema"
)

// TestAdvanceWritesOnlyWhatItReadsBack: a run whose journal and state
// would pass the limits Warmaster reads them within (a campaign grown past
// them) is refused whole, both files named at once, and writes nothing;
// plan refuses it the same, and the folder stays as it was, readable.
func TestAdvanceWritesOnlyWhatItReadsBack(t *testing.T) {
	stateLimits := folder.StateLimits
	defer func(j, s schema.Limits) { folder.JournalLimits, folder.StateLimits = j, s }(folder.JournalLimits, folder.StateLimits)
	dir := testkit.ExampleToOrders(t)
	before := testkit.Snapshot(t, dir)
	now := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)

	folder.JournalLimits.Bytes, folder.StateLimits.Work = 300, 200
	_, err := Advance(dir, Options{Now: now})
	var inv *processor.InvalidError
	if err == nil || errors.As(err, &inv) {
		t.Fatalf("Advance = %v, want it refused for what it would write", err)
	}
	for _, want := range []string{"journal.toml as this run would write it", "state.toml as this run would write it", "nothing was written"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("Advance = %v, want it to say %q", err, want)
		}
	}
	if !maps.Equal(testkit.Snapshot(t, dir), before) {
		t.Fatal("Advance wrote to the folder")
	}
	if _, perr := Plan(dir, Options{Now: now}); perr == nil || !strings.Contains(perr.Error(), "journal.toml as this run would write it") {
		t.Errorf("Plan = %v, want the refusal Advance makes", perr)
	}

	folder.JournalLimits.Bytes = 32 << 20 // the state alone
	if _, err = Advance(dir, Options{Now: now}); err == nil || strings.Contains(err.Error(), "journal.toml") || !strings.Contains(err.Error(), "state.toml") {
		t.Fatalf("Advance = %v, want state.toml alone refused", err)
	}
	folder.StateLimits = stateLimits
	if _, err := Advance(dir, Options{Now: now}); err != nil {
		t.Fatalf("Advance within the limits: %v", err)
	}
}
