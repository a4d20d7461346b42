package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/warmaster/warmaster/campaigns"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/schema"
)

var hostileHeavy = flag.Bool("hostile-heavy", false, "TestHostileInputs: also the Warmaster's big files (campaign.toml, map.toml, state.toml, journal.toml) at their limits; a minute or more")

// Each kind of hostile file is checked (or refused, where it crosses a
// limit, with its position) within these, on this 2-core machine: the
// time of the whole `warmaster check` process and its peak memory. The
// time is the lesser of its wall-clock time and its CPU time: on a quiet
// machine the wall clock (the garbage collector runs on the other core),
// on a busy one the CPU time, which other work inflates far less.
const (
	maxTime = 5 * time.Second
	maxRSS  = 1 << 30
)

// hostile is a campaign folder made hostile by one file.
type hostile struct {
	name  string
	file  string                         // in the example campaign
	data  func(old []byte) []byte        // the file's new contents, from the old
	setup func(t *testing.T, dir string) // instead of data, for what is not a plain file
	want  string                         // the first line of check's stderr starts so
	heavy bool                           // only with -hostile-heavy
}

// TestHostileInputs plays hostile files a player (or a Warmaster) could
// commit: each is refused at the line and column where it crosses a limit,
// or checked in full, within maxCPU and maxRSS. Before the limits, the
// first three cost 32 s and 5.2 GB, 7 s and 1.8 GB, 12 s and 2 GB; the
// fourth crashed out of memory, the fifth took 9 to 15 s.
func TestHostileInputs(t *testing.T) {
	bin, err := exec.LookPath("warmaster") // this test binary, as testscript.Main set it up
	if err != nil {
		t.Fatal(err)
	}
	campaignLines := strings.Count(string(exampleFile(t, "campaign.toml")), "\n")
	cases := []hostile{
		{name: "NestedInlineTables", file: "phases/01/orders/alice.toml",
			data: constant("x = " + strings.Repeat("{a=", 10000) + "1" + strings.Repeat("}", 10000) + "\n"),
			want: "phases/01/orders/alice.toml:1:99: nested too deeply"},
		{name: "DottedKeyOf10000Parts", file: "phases/01/orders/alice.toml",
			data: constant(strings.Repeat("a.", 9999) + "a = 1\n"),
			want: "phases/01/orders/alice.toml:1:65: nested too deeply"},
		{name: "ArraysOfInlineTables", file: "phases/01/orders/alice.toml",
			data: constant("x = " + strings.Repeat("[{a=", 5000) + "1" + strings.Repeat("}]", 5000) + "\n"),
			want: "phases/01/orders/alice.toml:1:67: nested too deeply"},
		{name: "Nesting100000Deep", file: "campaign.toml",
			data: func(old []byte) []byte {
				return append(old, "x = "+strings.Repeat("{a=", 100000)+"1"+strings.Repeat("}", 100000)+"\n"...)
			},
			// x is a key of campaign.toml's last table: two levels down already.
			want: fmt.Sprintf("campaign.toml:%d:93: nested too deeply", campaignLines+1)},
		{name: "FaultyOperations2000", file: "phases/01/orders/alice.toml",
			data: constant(strings.Repeat("[[operations]]\nfleet = \"red-1\"\noperation = \"logistical-auxilia\"\n", 2000)),
			want: `phases/01/orders/alice.toml:2:9: fleet "red-1" belongs to carol, not alice`},
		{name: "ManyValues", file: "phases/01/orders/alice.toml",
			data: constant("x = [" + strings.Repeat("1,", 120000) + "]\n"),
			want: "phases/01/orders/alice.toml:1:"},
		{name: "Gigabytes", file: "phases/01/results/blue-1.toml",
			setup: func(t *testing.T, dir string) {
				// Sparse: a gigabyte that takes no room on disk.
				if err := os.Truncate(filepath.Join(dir, "phases/01/results/blue-1.toml"), 1<<30); err != nil {
					t.Fatal(err)
				}
			},
			want: "phases/01/results/blue-1.toml:39:260988: the file is too large: it goes past 256 KiB here"},
		{name: "SealedOrdersTooLarge", file: "phases/01/orders/alice.toml.age",
			data: constant("-----BEGIN AGE ENCRYPTED FILE-----\n" + strings.Repeat(strings.Repeat("A", 64)+"\n", 9000)),
			want: "phases/01/orders/alice.toml.age:8067:29: the file is too large: it goes past 512 KiB here"},
	}
	cases = append(cases, heavyCases(t)...)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.heavy && !*hostileHeavy {
				t.Skip("heavy: -hostile-heavy")
			}
			dir := filepath.Join(t.TempDir(), "camp")
			if err := campaigns.CopyTo(campaigns.Example, dir); err != nil {
				t.Fatal(err)
			}
			if c.setup != nil {
				c.setup(t, dir)
			} else {
				writeHostile(t, dir, c.file, c.data)
			}
			// The least of three runs of a heavy case: a shared machine's
			// noise only ever adds.
			runs := 1
			if c.heavy {
				runs = 3
			}
			res := checkCost(t, bin, dir)
			for range runs - 1 {
				r := checkCost(t, bin, dir)
				res.cpu, res.wall, res.rss = min(res.cpu, r.cpu), min(res.wall, r.wall), max(res.rss, r.rss)
			}
			t.Logf("%s: %v CPU (%v wall), %d MB peak; %s", c.name, res.cpu.Round(time.Millisecond), res.wall.Round(time.Millisecond), res.rss>>20, res.last)
			if res.code != exitInvalid {
				t.Errorf("check exited %d, want %d; stderr:\n%.2000s", res.code, exitInvalid, res.stderr)
			}
			if first, _, _ := strings.Cut(res.stderr, "\n"); !strings.HasPrefix(first, c.want) {
				t.Errorf("first fault:\n  %.300s\nwant it to start\n  %s", first, c.want)
			}
			if took := min(res.cpu, res.wall); took > maxTime {
				t.Errorf("check took %v (CPU %v, wall %v), more than %v", took, res.cpu, res.wall, maxTime)
			}
			if res.rss > maxRSS {
				t.Errorf("check peaked at %d MB, more than %d MB", res.rss>>20, maxRSS>>20)
			}
		})
	}
}

func constant(s string) func([]byte) []byte { return func([]byte) []byte { return []byte(s) } }

func exampleFile(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "campaigns", campaigns.Example, filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func writeHostile(t *testing.T, dir, file string, data func([]byte) []byte) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(file))
	old, err := os.ReadFile(p)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data(old), 0o644); err != nil {
		t.Fatal(err)
	}
}

type cost struct {
	code      int
	stderr    string
	last      string // the last line of stderr: how many problems
	cpu, wall time.Duration
	rss       int64
}

// checkCost runs `warmaster check` on dir as its own process and measures it.
func checkCost(t *testing.T, bin, dir string) cost {
	t.Helper()
	var stderr bytes.Buffer
	cmd := exec.Command(bin, "check", "--now", "2027-01-01T00:00:00Z", dir)
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	c := cost{wall: time.Since(start)}
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatal(err)
	}
	c.code = cmd.ProcessState.ExitCode()
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	c.cpu = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	c.rss = ru.Maxrss << 10 // kilobytes on Linux
	c.stderr = strings.ReplaceAll(stderr.String(), filepath.ToSlash(dir)+"/", "")
	lines := strings.Split(strings.TrimSpace(c.stderr), "\n")
	c.last = lines[len(lines)-1]
	return c
}

// heavyCases fill the Warmaster's big files to their limits, each with
// values of one shape: what a parser finds dearest per byte (empty tables,
// small numbers, dates, wide or deep tables) and what a real campaign
// holds (players, planets, fleets, journal entries).
func heavyCases(t *testing.T) []hostile {
	campaign, mapFile := exampleFile(t, "campaign.toml"), exampleFile(t, "map.toml")
	fill := func(kind schema.Kind, base []byte, unit func(i int) string) func([]byte) []byte {
		return func([]byte) []byte { return fillTo(schema.LimitOf(kind), base, unit) }
	}
	list := func(elem string) func(int) string {
		return func(i int) string { return fmt.Sprintf("y%d = [%s]\n", i, strings.Repeat(elem, 1000)) }
	}
	var cases []hostile
	for _, c := range []struct {
		name string
		unit func(i int) string
	}{
		{"Players", func(i int) string { return fmt.Sprintf("[[players]]\nlogin = \"p%d\"\nalliance = \"blue\"\n", i) }},
		{"EmptyTables", list("{},")},
		{"Integers", list("1,")},
		{"Dates", list("1979-05-27,")},
		{"DeepTables", func(i int) string { // 30 deep, in campaign.toml's last [[table]]
			return fmt.Sprintf("k%d = %s1%s\n", i, strings.Repeat("{a=", 27), strings.Repeat("}", 27))
		}},
		{"WideTables", func(i int) string {
			var b strings.Builder
			fmt.Fprintf(&b, "[t%d]\n", i)
			for j := range 100 {
				fmt.Fprintf(&b, "k%d = 1\n", j)
			}
			return b.String()
		}},
	} {
		cases = append(cases, hostile{name: "CampaignOf" + c.name, file: "campaign.toml", data: fill(schema.Campaign, campaign, c.unit), want: "campaign.toml:", heavy: true})
	}
	cases = append(cases,
		hostile{name: "MapOfPlanets", file: "map.toml", heavy: true, want: "map.toml:",
			data: fill(schema.Map, mapFile, func(i int) string {
				return fmt.Sprintf("[[planets]]\nid = \"w%d\"\nname = \"World %d\"\nlocations = 3\ntheatres = [\"rad-zone\", \"hab-sprawl\"]\n", i, i)
			})},
		// Ids as long as they may be, each planet with a lane to a
		// misspelt one: every lane's fault looks for what was meant
		// among all the planets (before its bound, 2,000-character ids
		// made each look cost seconds).
		hostile{name: "MapOfMisspeltLanes", file: "map.toml", heavy: true, want: "map.toml:",
			data: fill(schema.Map, mapFile, func(i int) string {
				id := fmt.Sprintf("%s%06d", strings.Repeat("w", 58), i)
				return fmt.Sprintf("[[planets]]\nid = \"%s\"\nname = \"W\"\nlocations = 3\ntheatres = [\"rad-zone\"]\n[[lanes]]\nbetween = [\"%s\", \"%sx\"]\n", id, id, id[:len(id)-1])
			})},
		hostile{name: "StateOfFleets", heavy: true, want: "state.toml:",
			setup: func(t *testing.T, dir string) {
				advanced(t, dir)
				writeHostile(t, dir, "state.toml", func(old []byte) []byte {
					return fillTo(folder.StateLimits, old, func(i int) string { return fmt.Sprintf("  [fleets.x%d]\n    planet = \"masnet\"\n", i) })
				})
			}},
		hostile{name: "StateEditedByHand", heavy: true, want: "state.toml:",
			setup: func(t *testing.T, dir string) {
				advanced(t, dir)
				writeHostile(t, dir, "state.toml", func(old []byte) []byte {
					return fillTo(folder.HandEditedLimits, old, func(i int) string { return fmt.Sprintf("[fleets.x%d]\nplanet=\"masnet\"\n", i) })
				})
			}},
		hostile{name: "JournalOfInputs", heavy: true, want: `phases/01/moves/zed.toml: no player "zed"`,
			setup: func(t *testing.T, dir string) {
				advanced(t, dir)
				writeHostile(t, dir, "journal.toml", func(old []byte) []byte {
					return fillTo(folder.JournalLimits, old, func(i int) string {
						return fmt.Sprintf("\n  [[steps.inputs]]\n    path = \"phases/01/orders/x%d.toml\"\n    sha256 = \"%064x\"\n", i, i)
					})
				})
				// A file of the step awaited, so that check has a fault to
				// report once it has read the journal.
				writeHostile(t, dir, "phases/01/moves/zed.toml", constant(""))
			}},
	)
	return cases
}

// advanced plays the example campaign in dir up to phase 1's moves.
func advanced(t *testing.T, dir string) {
	t.Helper()
	if err := os.Remove(filepath.Join(dir, "phases/01/moves/frank.toml")); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"warmaster", "advance", "--now", "2027-01-08T18:00:00Z", dir}, &out, &errOut); code != exitOK {
		t.Fatalf("advance: %d\n%s", code, errOut.String())
	}
}

// fillTo appends units to base while the whole keeps within lim: the
// largest file of that shape the limits let through to the parser.
func fillTo(lim schema.Limits, base []byte, unit func(i int) string) []byte {
	ok := func(n int) ([]byte, bool) {
		b := bytes.NewBuffer(bytes.Clone(base))
		for i := range n {
			b.WriteString(unit(i))
		}
		return b.Bytes(), len(schema.Prescan(b.Bytes(), lim)) == 0
	}
	lo, hi := 0, 1
	for _, fits := ok(hi); fits; _, fits = ok(hi) {
		lo, hi = hi, hi*2
	}
	for hi-lo > 1 {
		if mid := (lo + hi) / 2; func() bool { _, f := ok(mid); return f }() {
			lo = mid
		} else {
			hi = mid
		}
	}
	data, _ := ok(lo)
	return data
}
