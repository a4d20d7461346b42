package phase

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/txtar"
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/internal/testkit"
)

var update = flag.Bool("update", false, "rewrite the expected poststate, report and errors of the rules cases")

// TestRules plays every rules case in testdata/rules: godip's DATC idea.
// Each case is a txtar archive:
//
//	comment     what the case checks, citing the rule as the rulebook prints it
//	-- now --   the time the processor runs at
//	-- prestate --   the map before (see parsePrestate), absent for set-up cases
//	-- campaign.toml --, -- map.toml --   optional, else testdata/base
//	-- campaign.toml.rules --   optional: replaces base/campaign.toml from its
//	                 "# -- rules --" line (events off) — [rules], [[forced_events]]…
//	-- <any other path> --   input files written into the campaign folder
//	-- poststate --   every change advance made to the state (-update rewrites)
//	-- report --      the phase reports' step sections (-update rewrites)
//	-- errors --      the faults, when the case's inputs are invalid
//	-- written/<path> --   a file the run writes (a battle sheet…), byte for
//	                 byte (-update rewrites)
func TestRules(t *testing.T) {
	cases, err := filepath.Glob("testdata/rules/*.txtar")
	if err != nil || len(cases) == 0 {
		t.Fatalf("no rules cases: %v", err)
	}
	for _, file := range cases {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) { runCase(t, file) })
	}
}

// writtenPrefix begins the name of a case's section that holds a file the
// run writes, as it must be written.
const writtenPrefix = "written/"

func runCase(t *testing.T, file string) {
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if strings.TrimSpace(string(ar.Comment)) == "" {
		t.Fatalf("%s: the comment must say which rule the case checks", file)
	}
	sections := map[string]string{}
	for _, f := range ar.Files {
		sections[f.Name] = string(f.Data)
	}
	dir := t.TempDir()
	for _, name := range []string{processor.CampaignFile, processor.MapFile} {
		data := []byte(sections[name])
		if _, ok := sections[name]; !ok {
			data, err = os.ReadFile(filepath.Join("testdata/base", name))
			if err != nil {
				t.Fatal(err)
			}
			if rules, ok := sections[processor.CampaignFile+".rules"]; ok && name == processor.CampaignFile {
				base, _, found := strings.Cut(string(data), "# -- rules --")
				if !found {
					t.Fatal("testdata/base/campaign.toml has no \"# -- rules --\" line")
				}
				data = []byte(base + rules)
			}
		}
		testkit.WriteFile(t, dir, name, data)
	}
	for _, f := range ar.Files {
		switch f.Name {
		case "now", "prestate", "poststate", "report", "errors", processor.CampaignFile, processor.MapFile, processor.CampaignFile + ".rules":
			continue
		}
		if strings.HasPrefix(f.Name, writtenPrefix) {
			continue
		}
		testkit.WriteFile(t, dir, f.Name, f.Data)
	}
	now, err := time.Parse(time.RFC3339, strings.TrimSpace(sections["now"]))
	if err != nil {
		t.Fatalf("now: %v", err)
	}
	var pre *processor.State
	if ps, ok := sections["prestate"]; ok {
		c := testkit.LoadCampaign(t, dir)
		pre = testkit.ParsePrestate(t, c, ps)
		testkit.WritePrestate(t, dir, pre)
	}
	got := map[string]string{}
	_, err = Advance(dir, Options{Now: now})
	var inv *processor.InvalidError
	switch {
	case errors.As(err, &inv):
		got["errors"] = inv.Error() + "\n"
	case err != nil:
		t.Fatal(err)
	default:
		after, err := folder.Load(dir)
		if err != nil {
			t.Fatalf("the state written does not load: %v", err)
		}
		if err := testkit.StateAsEncoder(after.Text(processor.StateFile)); err != nil {
			t.Error(err)
		}
		if err := testkit.JournalAsEncoder(after.Journal); err != nil {
			t.Error(err)
		}
		if pre == nil {
			pre = processor.NewState(after.Campaign)
		}
		got["poststate"] = diffStates(pre, after.State)
		got["report"] = reports(t, dir, after.Campaign.Phases)
		for _, f := range ar.Files {
			if name, ok := strings.CutPrefix(f.Name, writtenPrefix); ok {
				data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
				if err != nil {
					t.Errorf("%s: not written: %v", name, err)
				}
				got[f.Name] = string(data)
			}
		}
		// advance is idempotent: a second run at the same time does nothing.
		if sum, err := Advance(dir, Options{Now: now}); err != nil {
			t.Errorf("second advance at the same time: %v", err)
		} else if len(sum.Applied) > 0 {
			t.Errorf("second advance at the same time applied %v", sum.Applied)
		}
	}
	if *update {
		var files []txtar.File
		for _, f := range ar.Files {
			if f.Name != "poststate" && f.Name != "report" && f.Name != "errors" {
				if g, ok := got[f.Name]; ok && strings.HasPrefix(f.Name, writtenPrefix) {
					f.Data = []byte(g)
				}
				files = append(files, f)
			}
		}
		for _, name := range []string{"poststate", "report", "errors"} {
			if g, ok := got[name]; ok {
				files = append(files, txtar.File{Name: name, Data: []byte(g)})
			}
		}
		ar.Files = files
		if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	for _, f := range ar.Files {
		if strings.HasPrefix(f.Name, writtenPrefix) && got[f.Name] != string(f.Data) {
			t.Errorf("%s differs (go test -run TestRules -update rewrites):\n--- got\n%s\n--- want\n%s", f.Name, got[f.Name], f.Data)
		}
	}
	for _, name := range []string{"poststate", "report", "errors"} {
		want, wok := sections[name]
		g, gok := got[name]
		switch {
		case wok != gok && name != "report":
			t.Errorf("%s: want section present=%v, got present=%v\n%s", name, wok, gok, g)
		case g != want:
			t.Errorf("%s differs (go test -run TestRules -update rewrites):\n--- got\n%s\n--- want\n%s", name, g, want)
		}
	}
}

// diffStates lists every change from one state to the next, in map order.
func diffStates(a, b *processor.State) string {
	c := b.C
	var out []string
	if a.Phase != b.Phase || a.Step != b.Step {
		out = append(out, fmt.Sprintf("phase %d step %s -> phase %d step %s", a.Phase, a.Step, b.Phase, b.Step))
	}
	for _, p := range c.Map.IDs() {
		var ch []string
		for _, al := range c.AllianceIDs() {
			if x, y := a.Power(p, al), b.Power(p, al); x != y {
				ch = append(ch, fmt.Sprintf("%s %d -> %d", al, x, y))
			}
		}
		if len(ch) > 0 {
			out = append(out, fmt.Sprintf("power %s: %s", p, strings.Join(ch, ", ")))
		}
		if x, y := a.DescribeLocations(p), b.DescribeLocations(p); x != y {
			out = append(out, fmt.Sprintf("locations %s: %s -> %s", p, x, y))
		}
	}
	for _, fl := range c.Fleets {
		if x, y := a.Fleets[fl.ID], b.Fleets[fl.ID]; x != y {
			out = append(out, fmt.Sprintf("fleet %s: %s -> %s", fl.ID, x, y))
		}
	}
	for _, al := range c.AllianceIDs() {
		if x, y := a.Points[al], b.Points[al]; x != y {
			out = append(out, fmt.Sprintf("points %s: %d -> %d", al, x, y))
		}
	}
	for _, m := range processor.Medals {
		if x, y := a.Benefits[m], b.Benefits[m]; x != y {
			out = append(out, fmt.Sprintf("benefit %s: %s -> %s", m, x, y))
		}
	}
	if a.LaurelPlanet != b.LaurelPlanet {
		out = append(out, fmt.Sprintf("laurel planet: %s -> %s", a.LaurelPlanet, b.LaurelPlanet))
	}
	out = append(out, testkit.DiffEngines(a, b)...)
	out = append(out, diffEvents(a, b)...)
	if b.End != nil {
		out = append(out, fmt.Sprintf("end: winner %q, tied %v: %s", b.End.Winner, b.End.Tied, b.End.How))
		for _, aw := range b.End.Medals {
			var scores []string
			for _, al := range c.AllianceIDs() {
				if v, ok := aw.Scores[al]; ok {
					scores = append(scores, fmt.Sprintf("%s=%d", al, v))
				}
			}
			out = append(out, fmt.Sprintf("medal %s: %q %v [%s]: %s", aw.Medal, aw.Alliance, aw.Players, strings.Join(scores, " "), aw.How))
		}
	}
	if len(out) == 0 {
		return "no change\n"
	}
	return strings.Join(out, "\n") + "\n"
}

// reports returns the step sections of every phase report written.
func reports(t *testing.T, dir string, phases int) string {
	var b strings.Builder
	for p := 1; p <= phases; p++ {
		data, err := os.ReadFile(filepath.Join(dir, processor.PhaseDir(p), "report.md"))
		if err != nil {
			continue
		}
		s := string(data)
		if i := strings.Index(s, StandMarker); i >= 0 {
			s = s[:i]
		}
		b.WriteString(strings.TrimSpace(s) + "\n")
	}
	return b.String()
}
