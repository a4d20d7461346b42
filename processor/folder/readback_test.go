package folder

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder/owntoml"
	"github.com/warmaster/warmaster/schema"
)

// TestReadBack: what a run would write is refused exactly where reading
// it back would refuse it — a file past its kind's size, a journal or
// state past the limits of its layout, one byte over and not at the
// limit — and the refusal names the file and says nothing was written.
func TestReadBack(t *testing.T) {
	defer func(j, s schema.Limits, md int) { JournalLimits, StateLimits, MarkdownLimit = j, s, md }(JournalLimits, StateLimits, MarkdownLimit)

	journal := owntoml.AppendJournal(nil, journalEntries(40))
	_, f := loadExample(t)
	state := EncodeState(f.State, owntoml.StateFormat)
	sheet := []byte("fleet = \"f1\"\n" + strings.Repeat("# a long note\n", 6000))
	for _, c := range []struct {
		name, file string
		data       []byte
		set        func(n int) // limits so that n bytes are the most
		want       string      // "" when within
	}{
		{"JournalAtItsSize", processor.JournalFile, journal, func(n int) { JournalLimits.Bytes = n }, ""},
		{"JournalPastItsSize", processor.JournalFile, journal, func(n int) { JournalLimits.Bytes = n - 1 }, "journal.toml as this run would write it"},
		{"JournalPastItsWork", processor.JournalFile, journal, func(int) { JournalLimits.Work = 100 }, "journal.toml as this run would write it"},
		{"StateAtItsSize", processor.StateFile, state, func(n int) { StateLimits.Bytes = n }, ""},
		{"StatePastItsSize", processor.StateFile, state, func(n int) { StateLimits.Bytes = n - 1 }, "state.toml as this run would write it"},
		{"StatePastItsKeys", processor.StateFile, state, func(int) { StateLimits.Keys = 1 }, "state.toml as this run would write it"},
		{"ReportAtItsSize", "phases/01/report.md", []byte("# a report\n"), func(n int) { MarkdownLimit = n }, ""},
		{"ReportPastItsSize", "phases/01/report.md", []byte("# a report\n"), func(n int) { MarkdownLimit = n - 1 }, "phases/01/report.md as this run would write it is 11 bytes, more than the 10 bytes"},
		{"SheetPastItsSize", "phases/01/battles/f1.toml", sheet, func(int) {}, "phases/01/battles/f1.toml as this run would write it is 84013 bytes, more than the 64 KiB"},
	} {
		t.Run(c.name, func(t *testing.T) {
			JournalLimits, StateLimits, MarkdownLimit = journalLimits, stateLimits, markdownLimit
			c.set(len(c.data))
			err := ReadBack(c.file, bytes.Clone(c.data))
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("ReadBack = %v, want none", err)
			case c.want == "":
			case err == nil:
				t.Fatalf("ReadBack = nil, want %q", c.want)
			case !strings.HasPrefix(err.Error(), c.want) || !strings.HasSuffix(err.Error(), "nothing was written"):
				t.Fatalf("ReadBack = %v, want it to start %q and end %q", err, c.want, "nothing was written")
			}
		})
	}
}

// The limits as they are, for TestReadBack's cases to start from.
var journalLimits, stateLimits, markdownLimit = JournalLimits, StateLimits, MarkdownLimit

// TestSizeNotes: a note on state.toml or journal.toml past three quarters
// of the size it is read back within, and on any file past the 50 MB GitHub
// warns of; none at or below those.
func TestSizeNotes(t *testing.T) {
	defer func(j schema.Limits) { JournalLimits = j }(JournalLimits)
	JournalLimits.Bytes = 4000
	out := map[string][]byte{
		processor.JournalFile: make([]byte, 3001),
		processor.StateFile:   make([]byte, 1000),
		"README.md":           make([]byte, 50<<20),
		"phases/01/report.md": make([]byte, 50<<20+1),
	}
	paths := []string{processor.ReadmeFile, processor.JournalFile, "phases/01/report.md", processor.StateFile}
	var got []string
	size := func(p string) int { return len(out[p]) }
	for _, n := range SizeNotes(paths, size) {
		got = append(got, n.String())
	}
	want := []string{
		"journal.toml: now 3001 bytes, 75% of the 4000 bytes Warmaster reads it back within: a run that would write it past that is refused (docs/organisers.md, A public campaign of thousands)",
		"phases/01/report.md: now 52428801 bytes: GitHub warns of a file over 50 MB and refuses one over 100 MB",
	}
	if !slices.Equal(got, want) {
		t.Fatalf("SizeNotes =\n%q\nwant\n%q", got, want)
	}
	out[processor.JournalFile] = make([]byte, 3000)
	if notes := SizeNotes(paths[1:2], size); len(notes) != 0 {
		t.Fatalf("at three quarters: %v, want no note", notes)
	}
}
