package phase

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/warmaster/warmaster/campaigns"
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/internal/testkit"
	"github.com/warmaster/warmaster/processor/report"
)

// demoEnd is the example campaign played to its end, as `demo` plays it.
func demoEnd(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "c")
	if err := campaigns.CopyTo(campaigns.Example, dir); err != nil {
		t.Fatal(err)
	}
	if _, err := Advance(dir, Options{Now: time.Date(2027, 6, 10, 12, 0, 0, 0, time.UTC)}); err != nil {
		t.Fatal(err)
	}
	return dir
}

// setUp is the example campaign after its set-up, with campaign.toml as
// edit makes it.
func setUp(t *testing.T, edit func(campaignToml string) string) string {
	t.Helper()
	dir := testkit.ExampleToOrders(t)
	if err := os.RemoveAll(filepath.Join(dir, "phases")); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, processor.CampaignFile)
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(edit(string(data))), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Advance(dir, Options{Now: time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)}); err != nil {
		t.Fatal(err)
	}
	return dir
}

var (
	classDefRE = regexp.MustCompile(`(?m)^  classDef (\S+) fill:(#[0-9A-F]{6}),color:(#[0-9A-F]{6})$`)
	classRE    = regexp.MustCompile(`(?m)^  class p([0-9]+) (\S+)$`)
)

// planetFills reads the map of a README: each planet's fill, and each
// class's.
func planetFills(t *testing.T, readme string) (byPlanet map[string]string, byClass map[string]string) {
	t.Helper()
	byClass = map[string]string{}
	for _, m := range classDefRE.FindAllStringSubmatch(readme, -1) {
		byClass[m[1]] = m[2]
	}
	byPlanet = map[string]string{}
	for _, m := range classRE.FindAllStringSubmatch(readme, -1) {
		byPlanet["p"+m[1]] = byClass[m[2]]
	}
	if len(byPlanet) == 0 {
		t.Fatal("no map in the README")
	}
	return byPlanet, byClass
}

// TestMapColoursReordered: reordering [[alliances]] changes no Alliance's
// colour and no planet's.
func TestMapColoursReordered(t *testing.T) {
	t.Run("Campaign", func(t *testing.T) {
		// The example's set-up, with [[alliances]] as written and reversed
		// (green, red, blue): the same map, every planet the same colour.
		dir := setUp(t, func(c string) string { return c })
		re := regexp.MustCompile(`(?s)\[\[alliances\]\].*?\n\n\[\[players`)
		rdir := setUp(t, func(c string) string {
			return re.ReplaceAllString(c, "[[alliances]]\nid = \"green\"\nname = \"Reborn Kin\"\n\n[[alliances]]\nid = \"red\"\nname = \"Nekrosor Dynasty\"\n\n[[alliances]]\nid = \"blue\"\nname = \"Shield Chapters\"\n\n[[players")
		})
		if a, b := string(testkit.ReadFile(t, dir, processor.StateFile)), string(testkit.ReadFile(t, rdir, processor.StateFile)); a == b {
			t.Fatal("reversing [[alliances]] changed nothing in the state: is it reversed?")
		}
		readme, reordered := string(testkit.ReadFile(t, dir, processor.ReadmeFile)), string(testkit.ReadFile(t, rdir, processor.ReadmeFile))
		want, classes := planetFills(t, readme)
		got, rclasses := planetFills(t, reordered)
		for id, c := range map[string]string{"al_blue": "#0072B2", "al_red": "#D55E00", "al_green": "#009E73"} {
			if classes[id] != c || rclasses[id] != c {
				t.Errorf("%s is drawn %s, reordered %s; want %s (its id names the colour)", id, classes[id], rclasses[id], c)
			}
		}
		for p := range want {
			if got[p] != want[p] {
				t.Errorf("planet %s: %s, with [[alliances]] reversed %s", p, want[p], got[p])
			}
		}
		for _, legend := range []string{"blue = Shield Chapters (blue)", "vermillion = Nekrosor Dynasty (red)", "bluish green = Reborn Kin (green)"} {
			if !strings.Contains(reordered, legend) {
				t.Errorf("the reordered README's legend lacks %q", legend)
			}
		}
	})

	t.Run("SameMap", func(t *testing.T) {
		// The end of the example, drawn with [[alliances]] reversed.
		f, err := folder.Load(demoEnd(t))
		if err != nil {
			t.Fatal(err)
		}
		want, _ := planetFills(t, newRun(f, time.Time{}).mermaid(make([]string, len(f.Campaign.Map.Planets))))
		c := *f.Campaign
		c.Alliances = slices.Clone(c.Alliances)
		slices.Reverse(c.Alliances)
		c.Alliance = map[processor.AllianceID]int{}
		for i, a := range c.Alliances {
			c.Alliance[a.ID] = i
		}
		f.Campaign = &c
		got, _ := planetFills(t, newRun(f, time.Time{}).mermaid(make([]string, len(f.Campaign.Map.Planets))))
		for p := range want {
			if got[p] != want[p] {
				t.Errorf("planet %s: %s, with [[alliances]] reversed %s", p, want[p], got[p])
			}
		}
	})
}

// TestAllianceColours: colours come from the ids alone, stay distinct for
// any number of Alliances, and an Alliance added in a free colour moves
// nobody else's.
func TestAllianceColours(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		got := report.AllianceColours([]processor.AllianceID{"red-army", "the-greens", "empire", "orange"})
		for id, want := range map[processor.AllianceID]string{"red-army": "vermillion", "orange": "orange"} {
			if got[id].Name != want {
				t.Errorf("%s is %s, want %s", id, got[id].Name, want)
			}
		}
	})
	t.Run("OrderFree", func(t *testing.T) {
		var ids []processor.AllianceID
		for i := range 12 {
			ids = append(ids, processor.AllianceID(fmt.Sprintf("alliance-%d", i)))
		}
		want := report.AllianceColours(ids)
		rng := rand.New(rand.NewPCG(1, 2))
		for range 20 {
			rng.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
			got := report.AllianceColours(ids)
			for _, id := range ids {
				if got[id] != want[id] {
					t.Fatalf("%s: %v in one order, %v in another", id, want[id], got[id])
				}
			}
		}
	})
	t.Run("Distinct", func(t *testing.T) {
		var ids []processor.AllianceID
		for i := range 100 {
			ids = append(ids, processor.AllianceID(fmt.Sprintf("a%d", i)))
			seen := map[string]processor.AllianceID{report.TiedSwatch.Fill: "tied", report.DestroyedSwatch.Fill: "destroyed"}
			for id, sw := range report.AllianceColours(ids) {
				if other, dup := seen[sw.Fill]; dup {
					t.Fatalf("with %d Alliances, %s and %s are both %s", len(ids), id, other, sw.Fill)
				}
				seen[sw.Fill] = id
			}
		}
	})
	t.Run("Added", func(t *testing.T) {
		before := report.AllianceColours([]processor.AllianceID{"blue", "red", "green"})
		after := report.AllianceColours([]processor.AllianceID{"blue", "red", "green", "yellow"})
		for id, sw := range before {
			if after[id] != sw {
				t.Errorf("adding yellow moved %s from %s to %s", id, sw.Name, after[id].Name)
			}
		}
	})
}

// TestPointsChart: the README charts each Alliance's points after every
// phase, ending at the Points Tracker as it stands.
func TestPointsChart(t *testing.T) {
	dir := demoEnd(t)
	readme := string(testkit.ReadFile(t, dir, processor.ReadmeFile))
	f, err := folder.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(readme, "xychart-beta\n") || !strings.Contains(readme, `x-axis "phase" ["start", 1, 2, 3]`) {
		t.Fatalf("no chart of the 3 phases in the README:\n%s", readme)
	}
	lines := regexp.MustCompile(`(?m)^  line \[(.*)\]$`).FindAllStringSubmatch(readme, -1)
	ids := f.Campaign.AllianceIDs()
	if len(lines) != len(ids) {
		t.Fatalf("%d lines, want one per Alliance (%d)", len(lines), len(ids))
	}
	for i, a := range ids {
		vs := strings.Split(lines[i][1], ", ")
		if got, want := vs[len(vs)-1], fmt.Sprint(f.State.Points[a]); got != want {
			t.Errorf("%s's line ends at %s, the Points Tracker has %s", a, got, want)
		}
		// Each point is the Points Tracker table of that phase's report.
		if vs[0] != "0" {
			t.Errorf("%s's line starts at %s, not 0", a, vs[0])
		}
		for p, v := range vs[1:] {
			rep, err := os.ReadFile(filepath.Join(dir, processor.PhaseDir(p+1), "report.md"))
			if err != nil {
				t.Fatal(err)
			}
			row, ok := processor.PointsTable(rep, StandMarker)
			if !ok || fmt.Sprint(row[a]) != v {
				t.Errorf("phase %d: %s has %s on the chart, %d in the report", p+1, a, v, row[a])
			}
		}
	}
}

// TestPointsTable reads the Points Tracker table of step 3 in a report, and
// nothing else: not the "where things stand" part, not a broken table.
func TestPointsTable(t *testing.T) {
	step3 := "## 3 Results and Vespator Front Events\n\nPoints Tracker:\n\n| alliance | total Power Level | Stronghold | Campaign points |\n|:--|:--|:--|:--|\n| blue | 27 | ikaron-prime (+3) | 30 |\n| red  | 20 | destroyed | 20 |\n\nNo events.\n"
	stand := StandMarker + "\n## Where things stand\n\nPoints Tracker:\n\n| alliance | Campaign points |\n|:--|:--|\n| blue | 99 |\n"
	for _, c := range []struct {
		name, report string
		want         map[processor.AllianceID]int
	}{
		{"OK", "# x\n\n" + step3 + stand, map[processor.AllianceID]int{"blue": 30, "red": 20}},
		{"ErrOnlyStanding", "# x\n\n" + stand, nil},
		{"ErrNoTable", "# x\n\nPoints Tracker:\n\nnone\n", nil},
		{"ErrNotANumber", strings.Replace(step3, "| 30 |", "| thirty |", 1), nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, ok := processor.PointsTable([]byte(c.report), StandMarker)
			if ok != (c.want != nil) || fmt.Sprint(got) != fmt.Sprint(c.want) && c.want != nil {
				t.Errorf("got %v (%v), want %v", got, ok, c.want)
			}
		})
	}
}
