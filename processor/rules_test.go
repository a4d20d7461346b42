package processor

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/warmaster/warmaster/processor/disk"
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
func TestRules(t *testing.T) {
	cases, err := filepath.Glob("testdata/rules/*.txtar")
	if err != nil || len(cases) == 0 {
		t.Fatalf("no rules cases: %v", err)
	}
	for _, file := range cases {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) { runCase(t, file) })
	}
}

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
	for _, name := range []string{CampaignFile, MapFile} {
		data := []byte(sections[name])
		if _, ok := sections[name]; !ok {
			data, err = os.ReadFile(filepath.Join("testdata/base", name))
			if err != nil {
				t.Fatal(err)
			}
			if rules, ok := sections[CampaignFile+".rules"]; ok && name == CampaignFile {
				base, _, found := strings.Cut(string(data), "# -- rules --")
				if !found {
					t.Fatal("testdata/base/campaign.toml has no \"# -- rules --\" line")
				}
				data = []byte(base + rules)
			}
		}
		writeFile(t, dir, name, data)
	}
	for _, f := range ar.Files {
		switch f.Name {
		case "now", "prestate", "poststate", "report", "errors", CampaignFile, MapFile, CampaignFile + ".rules":
			continue
		}
		writeFile(t, dir, f.Name, f.Data)
	}
	now, err := time.Parse(time.RFC3339, strings.TrimSpace(sections["now"]))
	if err != nil {
		t.Fatalf("now: %v", err)
	}
	var pre *State
	if ps, ok := sections["prestate"]; ok {
		c := loadCampaign(t, dir)
		pre = parsePrestate(t, c, ps)
		writePrestate(t, dir, pre)
	}
	got := map[string]string{}
	_, err = Advance(dir, Options{Now: now})
	var inv *InvalidError
	switch {
	case errors.As(err, &inv):
		got["errors"] = inv.Error() + "\n"
	case err != nil:
		t.Fatal(err)
	default:
		after, err := Load(dir)
		if err != nil {
			t.Fatalf("the state written does not load: %v", err)
		}
		if err := stateAsEncoder(after.Text(StateFile)); err != nil {
			t.Error(err)
		}
		if err := journalAsEncoder(after.Journal); err != nil {
			t.Error(err)
		}
		if pre == nil {
			pre = newState(after.Campaign)
		}
		got["poststate"] = diffStates(pre, after.State)
		got["report"] = reports(t, dir, after.Campaign.Phases)
		// advance is idempotent: a second run at the same time does nothing.
		sum, err := Advance(dir, Options{Now: now})
		if err != nil || len(sum.Applied) > 0 {
			t.Errorf("second advance at the same time: applied %v, err %v", sum.Applied, err)
		}
	}
	if *update {
		var files []txtar.File
		for _, f := range ar.Files {
			if f.Name != "poststate" && f.Name != "report" && f.Name != "errors" {
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

func writeFile(t testing.TB, dir, name string, data []byte) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func loadCampaign(t testing.TB, dir string) *Campaign {
	t.Helper()
	d, err := openFolder(dir, disk.Read)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	f := &Folder{Dir: dir, disk: d, text: map[string][]byte{}}
	var fs faults
	cd, err := f.decode(CampaignFile, "campaign", &fs)
	if err != nil || cd == nil {
		t.Fatalf("campaign.toml: %v %v", err, fs.err(f.Text))
	}
	md, _ := f.decode(MapFile, "map", &fs)
	c := decodeCampaign(obj{cd, Src{File: CampaignFile}}, &fs)
	c.Map = decodeMap(obj{md, Src{File: MapFile}}, &fs)
	if err := f.loadWarEngines(c, obj{cd, Src{File: CampaignFile}}, &fs); err != nil {
		t.Fatal(err)
	}
	if err := fs.err(f.Text); err != nil {
		t.Fatalf("campaign: %v", err)
	}
	return c
}

// Where the base campaign's fleets start unless a case says otherwise.
var baseFleets = map[FleetID]PlanetID{
	"blue-1": "jawardet", "blue-2": "caltus-novem", "red-1": "masnet",
	"red-2": "kryndaer", "green-1": "astarthem", "green-2": "marvinius",
}

// Where the base campaign's Strongholds are unless a case says otherwise.
var baseStrongholds = map[AllianceID]PlanetID{"blue": "ikaron-prime", "red": "norallus", "green": "astarthem"}

// parsePrestate reads a case's map before advance. Unless a line says
// otherwise, every Alliance is at Power Level 1 everywhere, the base
// Strongholds stand (Power Level 4 there), every other location is empty and
// the fleets are at their base planets. Lines:
//
//	phase N
//	step S
//	power <planet> <alliance>=<n> ...
//	locations <planet> <loc> ...      loc: empty | destroyed | <alliance>:<type>
//	fleet <fleet> <planet>
//	points <alliance>=<n> ...
//	order <fleet> battle <attack> <planet> <defender> [power_adjust=±1]
//	order <fleet> void-leap|deploy-kill-teams <planet>
//	order <fleet> raise-edifices <type>
//	order <fleet> logistical-auxilia [default]
//	effect <event> <phase> [alliance=<a>] [planets=<p>,<p>...]   in force in that phase
//	event <event> [alliance=<a>] [planets=<p>,...]   waiting for choices (step events)
//	stellar-storms <phase>                            Stellar Storms took effect then
//	engine <id> <key>=<value> ...      a war engine's condition (see prestateEngine)
//	tied <alliance> ...               the final phase ended tied (step tiebreak)
//	benefit <medal> <alliance>        a Campaign Medal benefit held since set-up
func parsePrestate(t *testing.T, c *Campaign, text string) *State {
	t.Helper()
	s := newState(c)
	for _, p := range s.Planets {
		for _, a := range c.AllianceIDs() {
			p.Power[a] = 1
		}
	}
	for _, a := range c.AllianceIDs() {
		if p, ok := baseStrongholds[a]; ok && c.Map.Has(p) {
			s.planet(p).Power[a] = 4
			s.Build(p, a, Stronghold)
		}
	}
	for _, fl := range c.Fleets {
		if c.late[fl.Player] {
			continue // a fleet that joins later is not on the map yet
		}
		p, ok := baseFleets[fl.ID]
		if !ok || !c.Map.Has(p) {
			p = c.Map.Planets[0].ID
		}
		s.Fleets[fl.ID] = p
	}
	s.Phase, s.Step = 1, StepOperations
	ordered := map[FleetID]bool{}
	for n, line := range strings.Split(text, "\n") {
		w := strings.Fields(line)
		if len(w) == 0 || strings.HasPrefix(w[0], "#") {
			continue
		}
		fail := func(format string, args ...any) {
			t.Fatalf("prestate line %d %q: %s", n+1, line, fmt.Sprintf(format, args...))
		}
		planet := func(id string) PlanetID {
			if !c.Map.Has(PlanetID(id)) {
				fail("unknown planet %q", id)
			}
			return PlanetID(id)
		}
		pairs := func(ws []string, set func(a AllianceID, n int)) {
			for _, kv := range ws {
				a, v, ok := strings.Cut(kv, "=")
				n, err := strconv.Atoi(v)
				if !ok || err != nil || !c.HasAlliance(AllianceID(a)) {
					fail("want alliance=n, got %q", kv)
				}
				set(AllianceID(a), n)
			}
		}
		switch w[0] {
		case "phase":
			s.Phase, _ = strconv.Atoi(w[1])
		case "step":
			if err := s.Step.UnmarshalText([]byte(w[1])); err != nil {
				fail("%v", err)
			}
		case "power":
			p := s.planet(planet(w[1]))
			pairs(w[2:], func(a AllianceID, n int) { p.Power[a] = n })
		case "points":
			pairs(w[1:], func(a AllianceID, n int) { s.Points[a] = n })
		case "locations":
			p := s.planet(planet(w[1]))
			if len(w)-2 != len(p.Locations) {
				fail("%s has %d locations", w[1], len(p.Locations))
			}
			for i, l := range w[2:] {
				switch l {
				case "empty":
					p.Locations[i] = Location{}
				case "destroyed":
					p.Locations[i] = Location{Status: Ruined}
				default:
					a, typ, _ := strings.Cut(l, ":")
					var it InfraType
					if err := it.UnmarshalText([]byte(typ)); err != nil || !c.HasAlliance(AllianceID(a)) {
						fail("bad location %q", l)
					}
					p.Locations[i] = Location{Status: Built, Alliance: AllianceID(a), Type: it}
				}
			}
		case "engine":
			if err := prestateEngine(s, w[1:]); err != nil {
				fail("%v", err)
			}
		case "fleet":
			s.Fleets[FleetID(w[1])] = planet(w[2])
		case "effect", "event", "stellar-storms":
			if w[0] == "stellar-storms" {
				s.StellarStorms, _ = strconv.Atoi(w[1])
				continue
			}
			var e Effect
			if err := e.Event.UnmarshalText([]byte(w[1])); err != nil {
				fail("%v", err)
			}
			rest := w[2:]
			if w[0] == "effect" {
				e.Phase, _ = strconv.Atoi(w[2])
				rest = w[3:]
			}
			for _, kv := range rest {
				k, v, _ := strings.Cut(kv, "=")
				switch k {
				case "alliance":
					e.Alliance = AllianceID(v)
				case "planets":
					for _, p := range strings.Split(v, ",") {
						e.Planets = append(e.Planets, planet(p))
					}
				default:
					fail("unknown %s key %q", w[0], k)
				}
			}
			if w[0] == "effect" {
				s.Effects = append(s.Effects, e)
			} else {
				s.Events = append(s.Events, e)
			}
		case "tied":
			s.End = &End{How: "tied (prestate)"}
			for _, a := range w[1:] {
				if !c.HasAlliance(AllianceID(a)) {
					fail("unknown alliance %q", a)
				}
				s.End.Tied = append(s.End.Tied, AllianceID(a))
			}
		case "benefit":
			var m Medal
			if err := m.UnmarshalText([]byte(w[1])); err != nil || !c.HasAlliance(AllianceID(w[2])) {
				fail("want benefit <medal> <alliance>")
			}
			if s.Benefits == nil {
				s.Benefits = map[Medal]AllianceID{}
			}
			s.Benefits[m] = AllianceID(w[2])
		case "order":
			fl, _ := c.FleetOf(FleetID(w[1]))
			o := Order{Fleet: FleetID(w[1]), Src: Src{File: InputPath(max(s.Phase, 1), "orders", string(fl.Player))}}
			if err := o.Op.UnmarshalText([]byte(w[2])); err != nil {
				fail("%v", err)
			}
			switch o.Op {
			case Battle:
				if err := o.Attack.UnmarshalText([]byte(w[3])); err != nil {
					fail("%v", err)
				}
				o.Planet, o.Defender = planet(w[4]), AllianceID(w[5])
				if len(w) > 6 {
					_, v, _ := strings.Cut(w[6], "=")
					o.Outcome.PowerAdjust, _ = strconv.Atoi(v)
				}
			case VoidLeap, DeployKillTeams:
				o.Planet = planet(w[3])
			case RaiseEdifices:
				if err := o.Infra.UnmarshalText([]byte(w[3])); err != nil {
					fail("%v", err)
				}
			case LogisticalAuxilia:
				o.Default = len(w) > 3 && w[3] == "default"
			}
			ordered[o.Fleet] = true
			s.Orders = append(s.Orders, o)
		default:
			fail("unknown line")
		}
	}
	for i := range s.Events {
		s.Events[i].Phase = s.Phase
	}
	// Past step 1 every fleet has an operation: Logistical Auxilia unless listed.
	if s.Step == StepBattles {
		for _, fl := range c.Fleets {
			if !ordered[fl.ID] {
				s.Orders = append(s.Orders, Order{Fleet: fl.ID, Op: LogisticalAuxilia})
			}
		}
		slices.SortStableFunc(s.Orders, func(x, y Order) int { return c.fleet[x.Fleet] - c.fleet[y.Fleet] })
	}
	return s
}

// diffStates lists every change from one state to the next, in map order.
func diffStates(a, b *State) string {
	c := b.c
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
		if x, y := a.describeLocations(p), b.describeLocations(p); x != y {
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
	for _, m := range Medals {
		if x, y := a.Benefits[m], b.Benefits[m]; x != y {
			out = append(out, fmt.Sprintf("benefit %s: %s -> %s", m, x, y))
		}
	}
	out = append(out, diffEngines(a, b)...)
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
		data, err := os.ReadFile(filepath.Join(dir, PhaseDir(p), "report.md"))
		if err != nil {
			continue
		}
		s := string(data)
		if i := strings.Index(s, standMarker); i >= 0 {
			s = s[:i]
		}
		b.WriteString(strings.TrimSpace(s) + "\n")
	}
	return b.String()
}
