package trust

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/warmaster/warmaster/campaigns"
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/internal/testkit"
	"github.com/warmaster/warmaster/processor/phase"
)

// playedExample is the example campaign advanced in two runs: set-up to the
// moves step on 2027-01-20, then the rest of phase 1 and phase 2's Select
// Operations (its orders are all in) on 2027-02-10.
func playedExample(t *testing.T, opt phase.Options) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "c")
	if err := campaigns.CopyTo(campaigns.Example, dir); err != nil {
		t.Fatal(err)
	}
	playExample(t, dir, opt)
	return dir
}

// playExample advances a copy of the example campaign in dir as
// playedExample does.
func playExample(t *testing.T, dir string, opt phase.Options) {
	t.Helper()
	later := filepath.Join(t.TempDir(), "later")
	for _, sub := range []string{"moves", "builds"} {
		if err := os.Rename(filepath.Join(dir, "phases/01", sub), filepath.Join(later+sub)); err != nil {
			t.Fatal(err)
		}
	}
	opt.Now = time.Date(2027, 1, 20, 0, 0, 0, 0, time.UTC)
	if _, err := phase.Advance(dir, opt); err != nil {
		t.Fatal(err)
	}
	for _, sub := range []string{"moves", "builds"} {
		if err := os.Rename(later+sub, filepath.Join(dir, "phases/01", sub)); err != nil {
			t.Fatal(err)
		}
	}
	opt.Now = time.Date(2027, 2, 10, 0, 0, 0, 0, time.UTC)
	if _, err := phase.Advance(dir, opt); err != nil {
		t.Fatal(err)
	}
}

func TestReplay(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		dir := playedExample(t, phase.Options{})
		res, err := Replay(dir, phase.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := res.Runs, 2; got != want {
			t.Errorf("runs: got %d, want %d", got, want)
		}
		if got, want := res.Steps, 7; got != want {
			t.Errorf("steps: got %d, want %d", got, want)
		}
		if got, want := len(res.Checked), 11; got != want {
			t.Errorf("files checked: got %v, want %d", res.Checked, want)
		}
	})
	// Tamper tests: every processor-written file edited by hand is caught.
	edits := []struct {
		name, file, old, new string
	}{
		{"ErrStateEdited", processor.StateFile, "[points]\n  blue = ", "[points]\n  blue = 1"},
		{"ErrJournalEdited", processor.JournalFile, `step = "moves"`, `step = "builds"`},
		{"ErrReadmeEdited", processor.ReadmeFile, "Phase 2 of 3", "Phase 3 of 3"},
		{"ErrReportEdited", "phases/01/report.md", "rises to 3", "rises to 4"},
		{"ErrBattleSheetEdited", "phases/01/battles/blue-1.toml", "power = 2", "power = 3"},
		{"ErrInputChangedAfterUse", "phases/01/results/blue-1.toml", "attacker_vp = 80", "attacker_vp = 81"},
	}
	for _, e := range edits {
		t.Run(e.name, func(t *testing.T) {
			dir := playedExample(t, phase.Options{})
			edit(t, dir, e.file, e.old, e.new)
			_, err := Replay(dir, phase.Options{})
			if !mentions(err, e.file) {
				t.Fatalf("replay after editing %s: got %v", e.file, err)
			}
		})
	}
	t.Run("ErrSheetAddedByHand", func(t *testing.T) {
		dir := playedExample(t, phase.Options{})
		testkit.WriteFile(t, dir, "phases/01/battles/green-2.toml", []byte("battle = \"green-2\"\n"))
		if _, err := Replay(dir, phase.Options{}); !mentions(err, "written by hand") {
			t.Fatalf("got %v", err)
		}
	})
}

func TestVerify(t *testing.T) {
	dir := playedExample(t, phase.Options{})
	res, err := Verify(dir, "")
	if err != nil {
		t.Fatal(err)
	}
	if res.Dice == 0 {
		t.Fatal("no dice verified")
	}
	t.Run("ErrDoctoredDie", func(t *testing.T) {
		data, _ := os.ReadFile(filepath.Join(dir, "phases/01/report.md"))
		rows, err := diceRows("r", data)
		if err != nil || len(rows) < 2 {
			t.Fatalf("rows %v, %v", rows, err)
		}
		// Doctor the second die: the first still verifies, the second is named.
		d := rows[1]
		lines := strings.Split(string(data), "\n")
		other := d.result%d.sides + 1
		lines[d.line-1] = strings.Replace(lines[d.line-1], "| "+itoa(d.result)+" ", "| "+itoa(other)+" ", 1)
		testkit.WriteFile(t, dir, "phases/01/report.md", []byte(strings.Join(lines, "\n")))
		_, err = Verify(dir, "")
		var inv *processor.InvalidError
		if !errors.As(err, &inv) || inv.Faults[0].Line != d.line || !strings.Contains(inv.Faults[0].Message, d.label) {
			t.Fatalf("want the die at line %d (%s) named, got %v", d.line, d.label, err)
		}
	})
}

// Provably fair dice: with [dice] commitment, advance needs the key whose
// SHA-256 is committed, and verify re-rolls with it once published.
func TestDiceCommitment(t *testing.T) {
	const key = "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0"
	dir := filepath.Join(t.TempDir(), "c")
	if err := campaigns.CopyTo(campaigns.Example, dir); err != nil {
		t.Fatal(err)
	}
	edit(t, dir, processor.CampaignFile, `seed = "vespator-front-example"`, `commitment = "`+processor.KeyCommitment(key)+`"`)
	now := time.Date(2027, 2, 10, 0, 0, 0, 0, time.UTC)
	if _, err := phase.Check(dir, phase.Options{Now: now}); err != nil {
		t.Fatalf("players check without the key: %v", err)
	}
	if _, err := phase.Advance(dir, phase.Options{Now: now}); !mentions(err, "WARMASTER_DICE_KEY") {
		t.Fatalf("no key: got %v", err)
	}
	if _, err := phase.Advance(dir, phase.Options{Now: now, DiceKey: "guess"}); !mentions(err, "does not match") {
		t.Fatalf("wrong key: got %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, processor.StateFile)); err == nil {
		t.Fatal("a refused key wrote the state")
	}
	if _, err := phase.Advance(dir, phase.Options{Now: now, DiceKey: key}); err != nil {
		t.Fatal(err)
	}
	if _, err := Verify(dir, key); err != nil {
		t.Fatalf("verify with the key: %v", err)
	}
	if _, err := Verify(dir, "guess"); !mentions(err, "--key: the dice key does not match") {
		t.Fatalf("verify with a wrong key: got %v", err)
	}
	// After the campaign, a player verifies with the published key: told
	// to give it, and a wrong one named where it came from.
	if _, err := VerifyWith(dir, "", ""); !mentions(err, "warmaster verify --key KEY") {
		t.Fatalf("verify without a key: got %v", err)
	}
	if _, err := VerifyWith(dir, "", "guess"); !mentions(err, "WARMASTER_DICE_KEY: the dice key does not match") || mentions(err, "guess") {
		t.Fatalf("verify with a wrong WARMASTER_DICE_KEY: got %v", err)
	}
	if _, err := VerifyWith(dir, "", key); err != nil {
		t.Fatalf("verify with WARMASTER_DICE_KEY: %v", err)
	}
	if _, err := Replay(dir, phase.Options{DiceKey: key}); err != nil {
		t.Fatalf("replay with the key: %v", err)
	}
	// The pull-request check has no secrets: the replay says it is skipped.
	if res, err := Replay(dir, phase.Options{}); err != nil || !strings.Contains(res.Skipped, "WARMASTER_DICE_KEY") {
		t.Fatalf("replay without the key: got %+v, %v; want it skipped", res, err)
	}
}

func edit(t *testing.T, dir, file, old, new string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(file))
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), old) {
		t.Fatalf("%s has no %q", file, old)
	}
	if err := os.WriteFile(p, []byte(strings.Replace(string(data), old, new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
}

func mentions(err error, s string) bool { return err != nil && strings.Contains(err.Error(), s) }

func itoa(n int) string { return strconv.Itoa(n) }

// Long runs show progress when asked (at a terminal), and it changes no file.
func TestProgress(t *testing.T) {
	var loud strings.Builder
	a, b := playedExample(t, phase.Options{}), playedExample(t, phase.Options{Progress: &loud})
	if _, err := Replay(b, phase.Options{Progress: &loud}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(loud.String(), "warmaster: phase 1, step operations") || !strings.Contains(loud.String(), "replay: the run of") {
		t.Fatalf("progress: %q", loud.String())
	}
	for _, f := range []string{processor.StateFile, processor.JournalFile, processor.ReadmeFile, "phases/01/report.md"} {
		x, _ := os.ReadFile(filepath.Join(a, f))
		y, _ := os.ReadFile(filepath.Join(b, f))
		if string(x) != string(y) {
			t.Errorf("%s differs with progress on", f)
		}
	}
}

// A replay's summary counts in the singular where a count is 1: "1 run",
// not "1 runs".
func TestReplaySummary(t *testing.T) {
	for _, c := range []struct {
		res  ReplayResult
		when string
		want string
	}{
		{ReplayResult{Runs: 1, Steps: 7, Checked: make([]string, 11)}, "", "replayed 7 steps in 1 run; 11 processor-written files match"},
		{ReplayResult{Runs: 1, Steps: 1, Checked: make([]string, 1)}, "before advancing", "replayed 1 step in 1 run before advancing; 1 processor-written file matches"},
		{ReplayResult{}, "before advancing", "replayed 0 steps in 0 runs before advancing; 0 processor-written files match"},
		{ReplayResult{Runs: 3, Steps: 15, Checked: make([]string, 40)}, "", "replayed 15 steps in 3 runs; 40 processor-written files match"},
	} {
		if got := c.res.Summary(c.when); got != c.want {
			t.Errorf("Summary(%q) = %q, want %q", c.when, got, c.want)
		}
	}
}
