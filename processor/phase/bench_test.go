package phase

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/warmaster/warmaster/campaigns"
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/folder/owntoml"
	"github.com/warmaster/warmaster/processor/internal/testkit"
)

// BenchmarkAdvanceExample plays the bundled example campaign from set-up to
// the end of phase 1: a 6-player group's whole phase.
func BenchmarkAdvanceExample(b *testing.B) {
	now := time.Date(2027, 2, 10, 12, 0, 0, 0, time.UTC)
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		dir := filepath.Join(b.TempDir(), "c")
		if err := campaigns.CopyTo(campaigns.Example, dir); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if _, err := Advance(dir, Options{Now: now}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBattles advances a generated campaign through one battles step
// (2.3 to 3) with n battles: one result file per battle.
func BenchmarkBattles(b *testing.B) {
	for _, n := range []int{100, 1000, 10000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			advanceCopies(b, genBattles(b, n), func(sum *Summary) {
				if sum.State.Step != processor.StepMoves {
					b.Fatalf("stopped at %s", sum.State.Step)
				}
			})
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/battle")
		})
	}
}

// BenchmarkEncodeState times writing state.toml as a run ends, at a
// public campaign's battles step: n fleets, each with its battle order.
func BenchmarkEncodeState(b *testing.B) {
	for _, n := range []int{10000, 100000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			f, err := folder.Load(genBattles(b, n))
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if data := folder.EncodeState(f.State, owntoml.StateFormat); len(data) == 0 {
					b.Fatal("nothing written")
				}
			}
		})
	}
}

// genBattles writes a campaign at step battles: 3 Alliances, n players with
// one fleet each, n/8 planets in a ring with chords, every fleet attacking a
// neighbouring planet, and a result for every battle.
func genBattles(tb testing.TB, n int) string { return genPhase(tb, n, false) }

// genPhase writes genBattles' campaign; withOrders, it stands at step
// operations instead, with every player's orders file, every result, and
// deadlines for the rest of phase 1 passed by 2027-02-02: one advance plays
// the whole phase, from the orders to the builds.
func genPhase(tb testing.TB, n int, withOrders bool) string {
	return genPhaseWith(tb, n, withOrders, *scaleConfirm)
}

// genPhaseWith is genPhase; with confirm, under the rules as they are by
// default ([rules] confirm_results): each result says the attacker's
// Alliance filed it, and the defender's confirms it (a confirmations file
// naming its SHA-256), so that a phase has twice the files.
func genPhaseWith(tb testing.TB, n int, withOrders, confirm bool) string {
	dir := tb.TempDir()
	planets := max(8, n/8)
	alliances := []string{"blue", "red", "green"}
	var c, m strings.Builder
	fmt.Fprintf(&c, "name = \"Generated\"\nphases = 6\n[dice]\nseed = \"bench\"\n[rules]\nevents = false\nconfirm_results = %v\n", confirm)
	if withOrders {
		c.WriteString("[[deadlines]]\nphase = 1\nevents = 2027-02-01T00:00:00Z\nmoves = 2027-02-01T00:00:00Z\nbuilds = 2027-02-01T00:00:00Z\n")
	}
	for _, a := range alliances {
		fmt.Fprintf(&c, "[[alliances]]\nid = %q\nname = %q\n", a, a)
	}
	for i := 0; i < n; i++ {
		fmt.Fprintf(&c, "[[players]]\nlogin = \"p%d\"\nalliance = %q\n", i, alliances[i%3])
	}
	for i := 0; i < n; i++ {
		fmt.Fprintf(&c, "[[fleets]]\nid = \"f%d\"\nplayer = \"p%d\"\n", i, i)
	}
	for i := 0; i < planets; i++ {
		fmt.Fprintf(&m, "[[planets]]\nid = \"w%d\"\nname = \"World %d\"\nlocations = 3\ntheatres = [\"rad-zone\", \"hab-sprawl\"]\n", i, i)
	}
	for i := 0; i < planets; i++ {
		fmt.Fprintf(&m, "[[lanes]]\nbetween = [\"w%d\", \"w%d\"]\n", i, (i+1)%planets)
		if j := (i + planets/2) % planets; i%4 == 0 && (j%4 != 0 || j > i) { // a chord, once
			fmt.Fprintf(&m, "[[lanes]]\nbetween = [\"w%d\", \"w%d\"]\n", i, j)
		}
	}
	testkit.WriteFile(tb, dir, processor.CampaignFile, []byte(c.String()))
	testkit.WriteFile(tb, dir, processor.MapFile, []byte(m.String()))
	camp := testkit.LoadCampaign(tb, dir)
	s := processor.NewState(camp)
	s.Phase, s.Step = 1, processor.StepBattles
	if withOrders {
		s.Step = processor.StepOperations
	}
	for i, p := range s.Planets {
		for j, a := range camp.AllianceIDs() {
			p.Power[a] = 1 + (i+j)%4
		}
	}
	for j, a := range camp.AllianceIDs() {
		s.Build(processor.PlanetID(fmt.Sprintf("w%d", j*planets/3)), a, processor.Stronghold)
	}
	for i := 0; i < n; i++ {
		f := processor.FleetID(fmt.Sprintf("f%d", i))
		at := processor.PlanetID(fmt.Sprintf("w%d", i%planets))
		s.Fleets[f] = at
		target := processor.PlanetID(fmt.Sprintf("w%d", (i+1)%planets))
		// Every fourth a Boarding Action, whose target must hold a fleet
		// of the defender's (fleet i+1 is there, of the next Alliance).
		attack := []processor.AttackType{processor.PurgeAndBurn, processor.OrbitalInvasion, processor.PurgeAndBurn, processor.BoardingAction}[i%4]
		if i == n-1 && attack == processor.BoardingAction {
			attack = processor.OrbitalInvasion
		}
		defender := processor.AllianceID(alliances[(i+1)%3])
		if withOrders {
			testkit.WriteFile(tb, dir, processor.InputPath(1, "orders", fmt.Sprintf("p%d", i)), []byte(fmt.Sprintf(
				"[[operations]]\nfleet = %q\noperation = \"battle\"\nattack = %q\nplanet = %q\ndefender = %q\n", f, attack, target, defender)))
		} else {
			s.Orders = append(s.Orders, processor.Order{Fleet: f, Op: processor.Battle, Attack: attack, Planet: target, Defender: defender})
		}
		winner := []string{"attacker", "defender", "draw"}[i%3]
		result := fmt.Sprintf("played = 2027-01-%02dT%02d:00:00Z\nwinner = %q\n", 1+i%28, i%24, winner)
		if confirm {
			result += fmt.Sprintf("filed_by = %q\n", alliances[i%3])
			testkit.WriteFile(tb, dir, processor.InputPath(1, "confirmations", string(f)), []byte(fmt.Sprintf("confirms = %q\n", folder.Digest([]byte(result)))))
		}
		testkit.WriteFile(tb, dir, processor.InputPath(1, "results", string(f)), []byte(result))
	}
	testkit.WritePrestate(tb, dir, s)
	return dir
}

// A generated phase with orders is played from the orders to the builds in
// one advance.
func TestGenPhasePlaysAWholePhase(t *testing.T) {
	dir := genPhase(t, 12, true)
	sum, err := Advance(dir, Options{Now: time.Date(2027, 2, 2, 0, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	if sum.State.Phase != 2 || sum.State.Step != processor.StepOperations {
		t.Fatalf("stopped at phase %d step %s after %v", sum.State.Phase, sum.State.Step, sum.Applied)
	}
}

// After a run, the status advance prints lists at most maxAwaitedRows files
// and says how many more; Status lists them all.
func TestAdvanceStatusIsCapped(t *testing.T) {
	dir := genBattles(t, 100)
	sum, err := Advance(dir, Options{Now: time.Date(2027, 2, 2, 0, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(sum.Status, "/moves/"); got != maxAwaitedRows {
		t.Errorf("advance's status lists %d moves files, want %d:\n%s", got, maxAwaitedRows, sum.Status)
	}
	if !strings.Contains(sum.Status, "… and 40 more awaited files: `warmaster status` lists them all.") {
		t.Errorf("advance's status does not say how many more:\n%s", sum.Status)
	}
	if !strings.Contains(sum.Status, "100 awaited files: 0 in, 100 not yet.") { // all of them, not the rows listed
		t.Errorf("advance's status does not tally every awaited file:\n%s", sum.Status)
	}
	_, status, err := Status(dir, time.Date(2027, 2, 2, 0, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(status, "/moves/"); got != 100 {
		t.Errorf("status lists %d moves files, want 100", got)
	}
}

// The awaited files' paths are made once for a list and kept for the next
// look at the step; a list changed, or another phase or folder, gets its own.
func TestInputPathsKept(t *testing.T) {
	var r processor.InputPaths
	names := []string{"f1", "f2", "f3"}
	name := func(i int) string { return names[i] }
	first := r.Of(1, "results", &names[0], len(names), name)
	if want := []string{"phases/01/results/f1.toml", "phases/01/results/f2.toml", "phases/01/results/f3.toml"}; !slices.Equal(first, want) {
		t.Fatalf("Of = %q, want %q", first, want)
	}
	if again := r.Of(1, "results", &names[0], len(names), name); &again[0] != &first[0] {
		t.Error("the paths of the same list were made again")
	}
	for _, c := range []struct {
		why   string
		phase int
		dir   string
		n     int
		last  string
	}{
		{"another phase", 2, "results", 3, "phases/02/results/f3.toml"},
		{"another folder", 1, "moves", 3, "phases/01/moves/f3.toml"},
		{"a shorter list", 1, "results", 2, "phases/01/results/f2.toml"},
	} {
		got := r.Of(c.phase, c.dir, &names[0], c.n, name)
		if len(got) != c.n || got[c.n-1] != c.last {
			t.Errorf("%s: Of = %q, want %d ending %q", c.why, got, c.n, c.last)
		}
	}
	r.Of(1, "results", &names[0], len(names), name)
	names[2] = "f9" // the list changed in place
	if got := r.Of(1, "results", &names[0], len(names), name); got[2] != "phases/01/results/f9.toml" {
		t.Errorf("a list changed in place kept its old paths: %q", got)
	}
}

// PhaseDir and InputPath are what fmt and path.Join made of them.
func TestInputPath(t *testing.T) {
	for _, c := range []struct {
		phase     int
		dir, name string
	}{{1, "orders", "alice"}, {12, "results", "f1-2"}, {100, "moves", "a.b"}, {3, "orders", "../x"}, {3, "orders", ".hidden"}, {0, "builds", "blue"}} {
		want := path.Join(fmt.Sprintf("phases/%02d", c.phase), c.dir, c.name+".toml")
		if got := processor.InputPath(c.phase, c.dir, c.name); got != want {
			t.Errorf("InputPath(%d, %q, %q) = %q, want %q", c.phase, c.dir, c.name, got, want)
		}
	}
}

// BenchmarkPhaseFromOrders plays a generated phase of n battles from the
// orders to the builds in one advance (genPhase with orders): every step of
// a phase, the reveal and its battle sheets among them.
func BenchmarkPhaseFromOrders(b *testing.B) {
	for _, n := range phaseSizes {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			advanceCopies(b, genPhase(b, n, true), func(*Summary) {})
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/battle")
		})
	}
}

// BenchmarkFaultyResults: a battles step of 10,000 battles past its
// deadline, 4,000 of whose results have a fault: each is set aside, and
// its default said (defaultFor, once per file).
func BenchmarkFaultyResults(b *testing.B) {
	src := genBattles(b, 10000)
	testkit.AppendFile(b, src, processor.CampaignFile, "[[deadlines]]\nphase = 1\nbattles = 2027-02-01T00:00:00Z\n")
	for i := 0; i < 4000; i++ {
		testkit.WriteFile(b, src, processor.InputPath(1, "results", fmt.Sprintf("f%d", i)), []byte("winner = \"attackr\"\n"))
	}
	advanceCopies(b, src, func(sum *Summary) {
		if len(sum.NotApplied) != 4000 {
			b.Fatalf("%d files not applied, want 4000", len(sum.NotApplied))
		}
	})
}

// advanceCopies advances a fresh copy of the generated campaign src b.N
// times, at 2027-02-02 (past genPhase's deadlines), timing the advance
// alone; check judges each run's summary.
func advanceCopies(b *testing.B, src string, check func(*Summary)) {
	b.Helper()
	now := time.Date(2027, 2, 2, 0, 0, 0, 0, time.UTC)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		dir := filepath.Join(b.TempDir(), "c")
		if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		sum, err := Advance(dir, Options{Now: now})
		if err != nil {
			b.Fatal(err)
		}
		check(sum)
	}
}

// phaseSizes are BenchmarkPhaseFromOrders' sizes: 1,000 and 4,000 battles,
// or those of $WARMASTER_BENCH_PHASE_SIZES (e.g. 1000,8000).
var phaseSizes = func() []int {
	var ns []int
	for _, s := range strings.Split(os.Getenv("WARMASTER_BENCH_PHASE_SIZES"), ",") {
		if n, err := strconv.Atoi(strings.TrimSpace(s)); err == nil {
			ns = append(ns, n)
		}
	}
	if ns == nil {
		ns = []int{1000, 4000}
	}
	return ns
}()
