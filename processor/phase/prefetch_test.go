package phase

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/internal/testkit"
)

// The results of a big phase are read and decoded a chunk ahead on the
// other CPUs (folder's eachDecoded): what check reports, and in what order,
// is what it reports reading them one after another — across chunks, with
// faulty files in several of them.
func TestResultsDecodedAheadReportAsInTurn(t *testing.T) {
	dir := genBattles(t, 1300) // three chunks of results
	for i := 7; i < 1300; i += 211 {
		testkit.WriteFile(t, dir, processor.InputPath(1, "results", fmt.Sprintf("f%d", i)), []byte("played = 2027-01-01T00:00:00Z\nwinner = \"attaker\"\n"))
	}
	testkit.WriteFile(t, dir, processor.InputPath(1, "results", "f1299"), []byte("winner = \n"))
	check := func(procs int) string {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		_, err := Check(dir, Options{Now: time.Date(2027, 2, 2, 0, 0, 0, 0, time.UTC)})
		if err == nil {
			t.Fatal("check passed a phase with faulty results")
		}
		return err.Error()
	}
	inTurn, ahead := check(1), check(2)
	if ahead != inTurn {
		t.Errorf("decoded ahead, check said:\n%s\none after another:\n%s", ahead, inTurn)
	}
	for i := 7; i < 1300; i += 211 {
		if want := fmt.Sprintf("phases/01/results/f%d.toml:2:", i); !strings.Contains(ahead, want) {
			t.Errorf("no fault at %s in:\n%s", want, ahead)
		}
	}
}

// state.toml is read and parsed on another CPU while campaign.toml is
// decoded (folder's stateAhead): what check reports is what it reports
// reading it after, on one CPU — a state edited by hand (a line not as
// Warmaster writes it, a value out of range, a planet the map lacks), a
// state the campaign is not read far enough for (campaign.toml faulty:
// only its faults), and none at all (the campaign at set-up).
func TestStateReadAheadReportsAsInTurn(t *testing.T) {
	now := Options{Now: time.Date(2027, 2, 2, 0, 0, 0, 0, time.UTC)}
	check := func(dir string, procs int) string {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		_, err := Check(dir, now)
		if err == nil {
			return ""
		}
		return err.Error()
	}
	edit := func(t *testing.T, dir, file, old, new string) {
		t.Helper()
		data := string(testkit.ReadFile(t, dir, file))
		if !strings.Contains(data, old) {
			t.Fatalf("%s has no %q", file, old)
		}
		testkit.WriteFile(t, dir, file, []byte(strings.Replace(data, old, new, 1)))
	}
	for _, c := range []struct {
		name  string
		spoil func(t *testing.T, dir string)
		want  []string // in what check says
		not   []string
	}{
		{"edited by hand", func(t *testing.T, dir string) {
			edit(t, dir, processor.StateFile, "  blue = 0\n", "  blue = 0 # mine\n  purple = 3\n")
			edit(t, dir, processor.StateFile, "[planets.w1]", "[planets.w1nowhere]")
		}, []string{"state.toml:", `unknown alliance "purple"`, "w1nowhere"}, nil},
		{"campaign faulty too", func(t *testing.T, dir string) {
			edit(t, dir, processor.StateFile, "[planets.w1]", "[planets.w1nowhere]")
			edit(t, dir, processor.CampaignFile, "[rules]", "[rules]\nno_such_rule = 1")
		}, []string{"campaign.toml:", "no_such_rule"}, []string{"state.toml", "w1nowhere"}},
		{"no state yet", func(t *testing.T, dir string) {
			if err := os.Remove(filepath.Join(dir, processor.StateFile)); err != nil {
				t.Fatal(err)
			}
		}, []string{"state.toml is at set-up"}, nil}, // as the journal has it: its last step was not set-up
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := genBattles(t, 20)
			c.spoil(t, dir)
			inTurn, ahead := check(dir, 1), check(dir, 2)
			if ahead != inTurn {
				t.Errorf("read ahead, check said:\n%s\nread in turn:\n%s", ahead, inTurn)
			}
			for _, w := range c.want {
				if !strings.Contains(ahead, w) {
					t.Errorf("no %q in:\n%s", w, ahead)
				}
			}
			for _, w := range c.not {
				if strings.Contains(ahead, w) {
					t.Errorf("%q in:\n%s", w, ahead)
				}
			}
		})
	}
}

// After a big phase its 1,300 orders and results are consumed: the
// stream reading the phase folders ahead only reads and hashes them
// (folder's processed), and the load checks each against the journal
// with the digest taken there — in the phase's own folder when it is the
// last, and in an earlier one when the next phase's folder has begun (an
// orders file sent for it). What check reports is what it reports reading
// them on one CPU: no change said of the folder as advance left it; for
// an orders file and results (in several chunks) changed since, each
// "changed after its step consumed it", in the same order.
func TestConsumedReadAheadReportAsInTurn(t *testing.T) {
	now := Options{Now: time.Date(2027, 2, 2, 0, 0, 0, 0, time.UTC)}
	dir := genPhase(t, 1300, true)
	if _, err := Advance(dir, now); err != nil {
		t.Fatal(err)
	}
	opt := now
	check := func(procs int) string {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		if _, err := Check(dir, opt); err != nil {
			return err.Error()
		}
		return ""
	}
	// compare holds check on two CPUs to check on one, each of changed
	// said to have changed after its step, and nothing else.
	compare := func(when string, changed []string) {
		t.Helper()
		inTurn, ahead := check(1), check(2)
		if ahead != inTurn {
			t.Errorf("%s, read ahead, check said:\n%s\none after another:\n%s", when, ahead, inTurn)
		}
		if n := strings.Count(ahead, "changed after its step consumed it"); n != len(changed) {
			t.Errorf("%s: %d files said changed after their step, want %d:\n%s", when, n, len(changed), ahead)
		}
		for _, file := range changed {
			if !strings.Contains(ahead, file) {
				t.Errorf("%s: %s changed after its step, not said in:\n%s", when, file, ahead)
			}
		}
	}
	compare("as advance left it", nil)
	changed := []string{processor.InputPath(1, "orders", "p5")}
	for i := 7; i < 1300; i += 211 {
		changed = append(changed, processor.InputPath(1, "results", fmt.Sprintf("f%d", i)))
	}
	for _, file := range changed {
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(file)))
		if err != nil {
			t.Fatal(err)
		}
		testkit.WriteFile(t, dir, file, append(data, "# changed after\n"...))
	}
	compare("changed", changed)
	// The next phase begun: phase 1's folder is no longer the last.
	data, err := os.ReadFile(filepath.Join(dir, "phases", "01", "orders", "p0.toml"))
	if err != nil {
		t.Fatal(err)
	}
	testkit.WriteFile(t, dir, processor.InputPath(2, "orders", "p0"), data)
	compare("changed, phase 2 begun", changed)
	// As the pull-request check runs it: every other file as the base has
	// it (Unchanged), left out of the stream and not read; the changed
	// ones read ahead and refused all the same.
	opt.Unchanged = func(file string) bool {
		return !slices.Contains(changed, file) && file != processor.InputPath(2, "orders", "p0")
	}
	compare("changed, in a pull request", changed)
}
