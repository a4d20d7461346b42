package phase

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/folder/owntoml"
)

// A journal laid out otherwise is read by the library, not refused.
func TestJournalOtherLayoutFallsBack(t *testing.T) {
	sum, file := strings.Repeat("ab", 32), "phases/01/results/a.toml"
	data := owntoml.AppendJournal(nil, []owntoml.JournalEntry{{Phase: 1, Step: processor.StepBattles, Applied: time.Date(2027, 2, 2, 0, 0, 0, 0, time.UTC), Inputs: []owntoml.JournalInput{{Path: file, SHA256: sum}}}})
	edited := bytes.Replace(data, []byte("  phase = 1"), []byte("  phase = 1 # a comment"), 1)
	if _, bad := owntoml.ReadJournalLines(edited); bad == 0 {
		t.Fatal("readJournalLines read a comment it does not know")
	}
	var fs processor.Faults
	if _, got := folder.ReadJournal(edited, true, &processor.Campaign{Phases: 3}, nil, &fs); got.Consumed[file] != sum || !fs.Empty() {
		t.Fatalf("readJournal = %v, faults %v", got.Consumed, fs.Err(func(string) []byte { return edited }))
	}
}
