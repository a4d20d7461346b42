package owntoml_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder/owntoml"
	"github.com/warmaster/warmaster/processor/internal/testkit"
)

// Random journals, appended to in several runs, are the encoder's bytes
// and read back as the library reads them.
func TestJournalIsTheEncoder(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	paths := []string{"phases/01/results/f1.toml", "phases/02/orders/a b.toml", `odd"name.toml`, "back\\slash.toml", "日本.toml"}
	for n := range 200 {
		var all []owntoml.JournalEntry
		var data []byte
		for range 1 + rng.IntN(3) {
			var run []owntoml.JournalEntry
			at := time.Date(2027, 1, 1+rng.IntN(28), rng.IntN(24), 0, rng.IntN(2), rng.IntN(2)*500, time.UTC)
			for range 1 + rng.IntN(3) {
				e := owntoml.JournalEntry{Phase: rng.IntN(7), Step: processor.Step(rng.IntN(int(processor.StepEnded) + 1)), Applied: at}
				if rng.IntN(4) > 0 { // a dice record; none in journals from before it
					e.Dice, e.DiceSHA256 = rng.IntN(3)*rng.IntN(40), fmt.Sprintf("%064x", rng.Uint64())
				}
				if rng.IntN(2) > 0 { // a run's record; none in journals from before it
					e.Format, e.Warmaster = owntoml.JournalFormat, "v1.2.3"
					e.Used = []string{fmt.Sprintf("[dice] %064x", rng.Uint64())}
					e.Saw = []string{"deadline 1 battles 2027-01-10T18:00:00Z", `github "o/n" "main" ""`, "rules events=true"}[:rng.IntN(4)]
					e.Corrected = []string{"[rules]: we misread it"}[:rng.IntN(2)]
				}
				for range rng.IntN(4) {
					in := owntoml.JournalInput{Path: paths[rng.IntN(len(paths))], SHA256: fmt.Sprintf("%064x", rng.Uint64())}
					switch rng.IntN(4) {
					case 0: // arrived after its step
						in.SHA256, in.NotApplied = "", "arrived after its step was processed"
					case 1: // faults past the deadline
						in.NotApplied = "2 faults past the moves deadline"
					}
					e.Inputs = append(e.Inputs, in)
				}
				run = append(run, e)
			}
			data = owntoml.AppendJournal(data, run)
			all = append(all, run...)
		}
		if want := testkit.EncoderJournal(all); !bytes.Equal(data, want) {
			t.Fatalf("journal %d:\n--- written\n%s\n--- encoder\n%s", n, data, want)
		}
		if err := testkit.JournalAsEncoder(data); err != nil {
			t.Fatalf("journal %d: %v", n, err)
		}
	}
}

// FuzzReadJournal: whatever the line reader accepts, the TOML library
// decodes to the same entries.
func FuzzReadJournal(f *testing.F) {
	at := time.Date(2027, 2, 2, 18, 0, 0, 0, time.UTC)
	text := string(owntoml.AppendJournal(nil, []owntoml.JournalEntry{
		{Phase: 1, Step: processor.StepOperations, Applied: at, Inputs: []owntoml.JournalInput{{Path: "phases/01/orders/a.toml", SHA256: "ab"}}},
		{Phase: 1, Step: processor.StepBattles, Applied: at.Add(time.Hour), Dice: 3, DiceSHA256: "cd", Inputs: []owntoml.JournalInput{{Path: "phases/01/results/b.toml", SHA256: "cd", NotApplied: "1 fault"}, {Path: "phases/01/orders/c.toml", NotApplied: "late"}}},
	}))
	f.Add(text)
	f.Add(text + "\n[[steps]]\n  phase = 2\n  applied = 2027-02-02T18:00:00+01:00\n")
	f.Add(strings.Replace(text, "  phase = 1", "  phase = 1\n  phase = 2", 1))
	f.Fuzz(func(t *testing.T, text string) {
		got, bad := owntoml.ReadJournalLines([]byte(text))
		if bad != 0 {
			return
		}
		var j struct {
			Steps []owntoml.JournalEntry `toml:"steps"`
		}
		md, err := toml.Decode(text, &j)
		if err != nil {
			t.Fatalf("the line reader accepts what the library refuses (%v):\n%s", err, text)
		}
		if len(md.Undecoded()) > 0 {
			t.Fatalf("the line reader accepts keys a journal does not have %v:\n%s", md.Undecoded(), text)
		}
		if len(got) != len(j.Steps) {
			t.Fatalf("the line reader reads %d steps, the library %d:\n%s", len(got), len(j.Steps), text)
		}
		for i, e := range got {
			w := j.Steps[i]
			if e.Phase != w.Phase || e.Step != w.Step || !e.Applied.Equal(w.Applied) || e.Dice != w.Dice || e.DiceSHA256 != w.DiceSHA256 || fmt.Sprint(e.Inputs) != fmt.Sprint(w.Inputs) {
				t.Fatalf("step %d: the line reader reads %+v, the library %+v", i, e, w)
			}
		}
	})
}
