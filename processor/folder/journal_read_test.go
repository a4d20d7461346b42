package folder

import (
	"bytes"
	"fmt"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder/owntoml"
)

// journalEntries are n entries as runs journal them, each with inputs.
func journalEntries(n int) []owntoml.JournalEntry {
	var out []owntoml.JournalEntry
	at := time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range n {
		e := owntoml.JournalEntry{Phase: 1 + i/4, Step: processor.StepBattles, Applied: at.Add(time.Duration(i) * time.Hour),
			Format: owntoml.JournalFormat, Warmaster: "test", Dice: i, Used: []string{fmt.Sprintf("[dice] %064x", i)}}
		if i%2 == 0 {
			e.Saw = []string{fmt.Sprintf("deadline %d battles 2027-01-08T00:00:00Z", 1+i/4)}
		}
		if i > 0 {
			e.DiceSHA256 = fmt.Sprintf("%064x", i)
		}
		for j := range i % 3 {
			e.Inputs = append(e.Inputs, owntoml.JournalInput{Path: fmt.Sprintf("phases/%02d/results/b-%d-%d.toml", 1+i/4, i, j), SHA256: fmt.Sprintf("%064x", i*10+j)})
		}
		out = append(out, e)
	}
	return out
}

// TestJournalReadAsWhole: a journal read after the journal it extends
// (as a replay's runs read it) has the entries of the whole read alone,
// and a text that does not extend it, or whose addition is not
// Warmaster's layout, is judged as the whole: the same entries, or the
// same faulty line.
func TestJournalReadAsWhole(t *testing.T) {
	entries := journalEntries(9)
	texts := make([][]byte, len(entries)+1)
	for k := range texts {
		texts[k] = owntoml.AppendJournal(nil, entries[:k])
	}
	if !bytes.Equal(owntoml.AppendJournal(texts[4], entries[4:]), texts[len(entries)]) {
		t.Fatal("a journal appended to is not the journal written whole: the test's premise")
	}
	whole := func(data []byte) ([]owntoml.JournalEntry, int) { return owntoml.ReadJournalLines(data) }
	same := func(name string, first, then []byte) {
		t.Helper()
		rememberJournal(nil, nil, 0, 0)
		readJournalLines(first, 6)
		got, gotBad, _ := readJournalLines(then, 6)
		want, wantBad := whole(then)
		if gotBad != wantBad || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: read after another, %d entries (fault at line %d); read alone, %d (line %d)", name, len(got), gotBad, len(want), wantBad)
		}
	}
	last := texts[len(entries)]
	for k := range texts {
		same(fmt.Sprintf("after the first %d entries", k), texts[k], last)
		same(fmt.Sprintf("the first %d entries again", k), texts[k], texts[k])
	}
	edited := bytes.Replace(texts[5], []byte("dice = 3"), []byte("dice = 4"), 1)
	same("after an edited journal", edited, last)
	same("after a journal cut in an entry", texts[5][:len(texts[5])-20], last)
	same("after a longer journal", last, texts[3])
	bad := append(bytes.Clone(texts[5]), "\n[[steps]]\n  phase = 1\n  bogus = 2\n"...)
	same("an addition not in the layout", texts[5], bad)
	if _, n := whole(bad); n == 0 {
		t.Error("the faulty addition reads as a journal: the test proves nothing")
	}
	if _, n, _ := readJournalLines(bad, 6); n != bytes.Count(bad, []byte("\n")) {
		t.Errorf("the faulty addition's fault is at line %d, not the file's line %d", n, bytes.Count(bad, []byte("\n")))
	}
}

// playedEntries are n entries of a campaign played in order: set-up, then
// each phase's operations, battles, moves and builds.
func playedEntries(n int) []owntoml.JournalEntry {
	cycle := []processor.Step{processor.StepOperations, processor.StepBattles, processor.StepMoves, processor.StepBuilds}
	out := journalEntries(n)
	for i := range out {
		if i == 0 {
			out[i].Phase, out[i].Step, out[i].Inputs = 0, processor.StepSetup, nil
			continue
		}
		out[i].Phase, out[i].Step = 1+(i-1)/4, cycle[(i-1)%4]
	}
	return out
}

// TestJournalCheckedAsWhole: the entries of a journal read after one it
// extends, found without fault, are not checked again — and what is
// found is what checking the whole finds: no fault for a journal in
// order, the same faults for an entry added out of order or with a bad
// digest, and every fault again in a campaign of other phases.
func TestJournalCheckedAsWhole(t *testing.T) {
	entries := playedEntries(13)
	c := &processor.Campaign{Phases: 4}
	read := func(c *processor.Campaign, data []byte) []processor.Fault {
		var fs processor.Faults
		ReadJournal(data, true, c, nil, &fs)
		return fs.List
	}
	full := owntoml.AppendJournal(nil, entries)
	if fs := read(c, full); len(fs) > 0 {
		t.Fatalf("the journal in order has faults: %v", fs)
	}
	bad := slices.Clone(entries)
	bad[10].Step = processor.StepBuilds // builds after battles
	bad[12].Inputs = []owntoml.JournalInput{{Path: "phases/03/moves/x.toml", SHA256: "ABC"}}
	cases := []struct {
		name        string
		first, then []byte
		c           *processor.Campaign
	}{
		{"in order", owntoml.AppendJournal(nil, entries[:6]), full, c},
		{"an entry out of order and a bad digest added", owntoml.AppendJournal(nil, entries[:9]), owntoml.AppendJournal(nil, bad), c},
		{"faults before: found again", owntoml.AppendJournal(nil, bad[:11]), owntoml.AppendJournal(nil, bad), c},
		{"a campaign of fewer phases", owntoml.AppendJournal(nil, entries[:10]), full, &processor.Campaign{Phases: 2}},
	}
	for _, tc := range cases {
		rememberJournal(nil, nil, 0, 0)
		want := read(tc.c, tc.then)
		rememberJournal(nil, nil, 0, 0)
		read(c, tc.first)
		if got := read(tc.c, tc.then); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: read after the journal it extends: %v; read alone: %v", tc.name, got, want)
		}
		if tc.name != "in order" && len(want) == 0 {
			t.Errorf("%s: no fault read alone: the case proves nothing", tc.name)
		}
	}
}
