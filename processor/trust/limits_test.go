package trust

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"filippo.io/age"
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/disk"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/internal/testkit"
	"github.com/warmaster/warmaster/processor/phase"
	"github.com/warmaster/warmaster/processor/seal"
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
	file := processor.InputPath(1, "orders", strings.Repeat("a", 39)) + seal.SealedExt
	sealed, err := seal.Seal(orders, id.Recipient().String(), strings.Repeat("c", 200), file)
	if err != nil {
		t.Fatal(err)
	}
	if got, limit := len(sealed), seal.SealedLimit; got > limit {
		t.Errorf("the largest orders sealed are %d bytes, over SealedLimit %d", got, limit)
	}
}

// Each file is read as far as the check of its kind needs to refuse it
// where it passes its limit, and no further; the files of TOML kinds
// within what disk reads of any file.
func TestReadLimit(t *testing.T) {
	for _, c := range []struct {
		file  string
		limit int
	}{
		{processor.CampaignFile, schema.LimitOf(schema.Campaign).Bytes},
		{processor.MapFile, schema.LimitOf(schema.Map).Bytes},
		{processor.StateFile, folder.StateLimits.Bytes},
		{processor.JournalFile, folder.JournalLimits.Bytes},
		{"engines/warlord.toml", schema.LimitOf(schema.Engine).Bytes},
		{"setup/blue.toml", schema.LimitOf(schema.Setup).Bytes},
		{"phases/01/orders/alice.toml", schema.LimitOf(schema.Orders).Bytes},
		{"phases/01/orders/alice.toml" + seal.SealedExt, seal.SealedLimit},
		{"phases/01/results/blue-1.toml", schema.LimitOf(schema.Results).Bytes},
		{"phases/01/events/blue.toml", schema.LimitOf(schema.Events).Bytes},
		{"phases/01/moves/alice.toml", schema.LimitOf(schema.Moves).Bytes},
		{"phases/01/builds/blue.toml", schema.LimitOf(schema.Builds).Bytes},
		{"phases/06/tiebreak.toml", schema.LimitOf(schema.Tiebreak).Bytes},
		{"phases/01/battles/blue-1.toml", folder.SheetLimits.Bytes},
		{"phases/01/report.md", folder.MarkdownLimit},
		{processor.ReadmeFile, folder.MarkdownLimit},
		{"notes.txt", disk.MaxFileBytes},
	} {
		if got := folder.ReadLimit(c.file); got != c.limit {
			t.Errorf("readLimit(%s) = %d, want %d", c.file, got, c.limit)
		}
		if strings.HasSuffix(c.file, ".toml") && c.limit > disk.MaxFileBytes {
			t.Errorf("%s may hold %d bytes, more than disk.MaxFileBytes %d", c.file, c.limit, disk.MaxFileBytes)
		}
	}
}

// A phase report longer than Warmaster reads back is an error, never taken
// for no report: the run would drop the sections written before.
func TestReportReadBack(t *testing.T) {
	dir := exampleAt(t, atBattles)
	const report = "phases/01/report.md"
	before, state := testkit.ReadFile(t, dir, report), testkit.ReadFile(t, dir, processor.StateFile)
	now := phase.Options{Now: time.Date(2027, 2, 10, 12, 0, 0, 0, time.UTC)}
	t.Run("ErrTooLarge", func(t *testing.T) {
		defer func(n int) { folder.MarkdownLimit = n }(folder.MarkdownLimit)
		folder.MarkdownLimit = len(before) - 1
		if _, err := phase.Advance(dir, now); !errors.Is(err, disk.ErrTooLarge) || !strings.Contains(err.Error(), report) {
			t.Fatalf("advance: %v; want %s too large", err, report)
		}
		if got := testkit.ReadFile(t, dir, processor.StateFile); !bytes.Equal(got, state) {
			t.Error("state.toml was written")
		}
		// verify reads the dice tables of the reports within the same bound.
		if _, err := Verify(dir, ""); !errors.Is(err, disk.ErrTooLarge) || !strings.Contains(err.Error(), report) {
			t.Errorf("verify: %v; want %s too large", err, report)
		}
	})
	t.Run("OK", func(t *testing.T) {
		if _, err := phase.Advance(dir, now); err != nil {
			t.Fatal(err)
		}
		steps, _, _ := strings.Cut(string(before), phase.StandMarker)
		if got := testkit.ReadFile(t, dir, report); !bytes.HasPrefix(got, []byte(steps)) {
			t.Errorf("the report lost the sections written before:\n%s", got)
		}
	})
}

// A player's file past its size limit is a fault like any other: past its
// step's deadline it is set aside, journaled with the digest of what was
// read of it, and replay reads it the same way.
func TestTooLargeSetAside(t *testing.T) {
	dir := exampleAt(t, atBattles)
	const file = "phases/01/results/blue-1.toml"
	big := append(testkit.ReadFile(t, dir, file), "# "+strings.Repeat("x", schema.LimitOf(schema.Results).Bytes)+"\n"...)
	testkit.WriteFile(t, dir, file, big)
	sum, err := phase.Advance(dir, phase.Options{Now: time.Date(2027, 2, 10, 12, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.NotApplied) != 1 || sum.NotApplied[0].File != file || !strings.Contains(fmt.Sprint(sum.NotApplied[0].Faults), "too large") {
		t.Fatalf("not applied: %+v", sum.NotApplied)
	}
	if _, err := Replay(dir, phase.Options{}); err != nil {
		t.Fatalf("replay: %v", err)
	}
}
