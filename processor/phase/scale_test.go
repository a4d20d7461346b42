package phase

import (
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder/owntoml"
)

var scale = flag.String("scale", "", "battles per generated phase for TestScale, e.g. 1000,10000,100000 (empty: skip)")

// TestScale prints the scale table. For a generated phase of n battles (one
// result file each; players, fleets and planets in proportion): the time of
// `warmaster advance` as a process (start to reports written), the time to
// merely read and decode the same input files in one process with the
// decoders advance uses (the TOML library for what people write, readState
// for state.toml), their ratio, the cost per battle, the allocations per
// battle of the same advance in process, and advance's peak memory against
// the input bytes. Times are the best of three runs (one at 100,000 and
// above): this machine's noise is all upward. Then a 12-player phase played
// from orders to builds in one process, and a replay of a finished 6-phase
// simulated campaign.
// Run: go test ./processor -run TestScale -scale 1000,10000,100000 -v
func TestScale(t *testing.T) {
	if *scale == "" {
		t.Skip("no -scale given")
	}
	bin := filepath.Join(t.TempDir(), "warmaster")
	if out, err := exec.Command("go", "build", "-o", bin, "../../cmd/warmaster").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	now := "2027-02-02T00:00:00Z"
	var rows []string
	for _, s := range strings.Split(*scale, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			t.Fatal(err)
		}
		src := genBattles(t, n)
		inBytes := treeBytes(t, src)
		tries := 3
		if n >= 100000 {
			tries = 1
		}
		decode := time.Duration(1 << 62)
		for range tries {
			decode = min(decode, decodeOnly(t, src))
		}
		adv, rss := timeProcess(t, tries, src, bin, "advance", "--now", now)
		allocs, bytes := allocsPerBattle(t, src, n)
		rows = append(rows, fmt.Sprintf("| %d | %v | %v | %.2f | %d µs | %d | %d kB | %d MB | %d kB | %.1f |", n,
			adv.Round(time.Millisecond), decode.Round(time.Millisecond), float64(adv)/float64(decode),
			adv.Microseconds()/int64(n), allocs, bytes>>10, rss>>20, inBytes>>10, float64(rss)/float64(inBytes)))
	}
	phase := genPhase(t, 12, true)
	whole, _ := timeProcess(t, 5, phase, bin, "advance", "--now", now)

	sim := filepath.Join(t.TempDir(), "sim")
	if out, err := exec.Command(bin, "simulate", "--seed", "scale", "--phases", "6", "--planets", "24", "--alliances", "3", "--players", "12", sim).CombinedOutput(); err != nil {
		t.Fatalf("simulate: %v\n%s", err, out)
	}
	replay, _ := timeProcess(t, 3, sim, bin, "replay")
	t.Logf("\n| battles | advance | decode only | ratio | per battle | allocs / battle | allocated / battle | peak RSS | input | RSS / input |\n|---|---|---|---|---|---|---|---|---|---|\n%s\n\n"+
		"12-player phase, orders to builds, one `advance` process: %v\n"+
		"replay of a finished 6-phase simulated campaign (12 players, 24 planets), one process: %v\n(%s, %d CPUs)",
		strings.Join(rows, "\n"), whole.Round(100*time.Microsecond), replay.Round(time.Millisecond), runtime.Version(), runtime.NumCPU())
}

// timeProcess runs the warmaster binary on a fresh copy of src (tries
// times) and returns the best wall time and the peak RSS of that run.
func timeProcess(t *testing.T, tries int, src, bin string, args ...string) (time.Duration, int64) {
	best, rss := time.Duration(1<<62), int64(0)
	for range tries {
		dir := filepath.Join(t.TempDir(), "c")
		if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(bin, append(args, dir)...)
		start := time.Now()
		out, err := cmd.CombinedOutput()
		d := time.Since(start)
		if err != nil {
			t.Fatalf("%s: %v\n%s", args[0], err, out)
		}
		if d < best {
			best, rss = d, cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss*1024
		}
	}
	return best, rss
}

// allocsPerBattle runs advance in this process on a copy of src and
// returns its allocations and bytes allocated per battle.
func allocsPerBattle(t *testing.T, src string, n int) (int64, int64) {
	dir := filepath.Join(t.TempDir(), "c")
	if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	if _, err := Advance(dir, Options{Now: time.Date(2027, 2, 2, 0, 0, 0, 0, time.UTC)}); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	return int64(after.Mallocs-before.Mallocs) / int64(n), int64(after.TotalAlloc-before.TotalAlloc) / int64(n)
}

// decodeOnly reads every .toml file of the folder and decodes it as advance
// does — state.toml with readState, every other file with the TOML library
// into a map: the floor any implementation pays.
func decodeOnly(t *testing.T, dir string) time.Duration {
	start := time.Now()
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".toml") {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if filepath.Base(p) == processor.StateFile {
			if _, bad := owntoml.ReadStateLines(data); bad == 0 {
				return nil
			}
		}
		var m map[string]any
		_, err = toml.Decode(string(data), &m)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return time.Since(start)
}

func treeBytes(t *testing.T, dir string) int64 {
	var n int64
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		n += info.Size()
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}
