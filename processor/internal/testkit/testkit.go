package testkit

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"filippo.io/age"
	"github.com/warmaster/warmaster/campaigns"
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/disk"
	"github.com/warmaster/warmaster/processor/engines"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/folder/owntoml"
	"github.com/warmaster/warmaster/processor/seal"
)

func WriteFile(t testing.TB, dir, name string, data []byte) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func LoadCampaign(t testing.TB, dir string) *processor.Campaign {
	t.Helper()
	d, err := folder.OpenFolder(dir, disk.Read)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	f := &folder.Folder{Dir: dir, Disk: d, Texts: map[string][]byte{}}
	var fs processor.Faults
	cd, err := f.Decode(processor.CampaignFile, "campaign", &fs)
	if err != nil || cd == nil {
		t.Fatalf("campaign.toml: %v %v", err, fs.Err(f.Text))
	}
	md, _ := f.Decode(processor.MapFile, "map", &fs)
	c := processor.DecodeCampaign(processor.NewObj(cd, processor.Src{File: processor.CampaignFile}), &fs)
	c.Map = processor.DecodeMap(processor.NewObj(md, processor.Src{File: processor.MapFile}), &fs)
	if err := f.LoadWarEngines(c, processor.NewObj(cd, processor.Src{File: processor.CampaignFile}), &fs); err != nil {
		t.Fatal(err)
	}
	if err := fs.Err(f.Text); err != nil {
		t.Fatalf("campaign: %v", err)
	}
	return c
}

// ParsePrestate reads a case's map before advance. Unless a line says
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
func ParsePrestate(t *testing.T, c *processor.Campaign, text string) *processor.State {
	t.Helper()
	s := processor.NewState(c)
	for _, p := range s.Planets {
		for _, a := range c.AllianceIDs() {
			p.Power[a] = 1
		}
	}
	for _, a := range c.AllianceIDs() {
		if p, ok := baseStrongholds[a]; ok && c.Map.Has(p) {
			s.Planet(p).Power[a] = 4
			s.Build(p, a, processor.Stronghold)
		}
	}
	for _, fl := range c.Fleets {
		if c.Late[fl.Player] {
			continue // a fleet that joins later is not on the map yet
		}
		p, ok := baseFleets[fl.ID]
		if !ok || !c.Map.Has(p) {
			p = c.Map.Planets[0].ID
		}
		s.Fleets[fl.ID] = p
	}
	s.Phase, s.Step = 1, processor.StepOperations
	ordered := map[processor.FleetID]bool{}
	for n, line := range strings.Split(text, "\n") {
		w := strings.Fields(line)
		if len(w) == 0 || strings.HasPrefix(w[0], "#") {
			continue
		}
		fail := func(format string, args ...any) {
			t.Fatalf("prestate line %d %q: %s", n+1, line, fmt.Sprintf(format, args...))
		}
		planet := func(id string) processor.PlanetID {
			if !c.Map.Has(processor.PlanetID(id)) {
				fail("unknown planet %q", id)
			}
			return processor.PlanetID(id)
		}
		pairs := func(ws []string, set func(a processor.AllianceID, n int)) {
			for _, kv := range ws {
				a, v, ok := strings.Cut(kv, "=")
				n, err := strconv.Atoi(v)
				if !ok || err != nil || !c.HasAlliance(processor.AllianceID(a)) {
					fail("want alliance=n, got %q", kv)
				}
				set(processor.AllianceID(a), n)
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
			p := s.Planet(planet(w[1]))
			pairs(w[2:], func(a processor.AllianceID, n int) { p.Power[a] = n })
		case "points":
			pairs(w[1:], func(a processor.AllianceID, n int) { s.Points[a] = n })
		case "locations":
			p := s.Planet(planet(w[1]))
			if len(w)-2 != len(p.Locations) {
				fail("%s has %d locations", w[1], len(p.Locations))
			}
			for i, l := range w[2:] {
				switch l {
				case "empty":
					s.SetLocation(p.ID, i, processor.Location{})
				case "destroyed":
					s.SetLocation(p.ID, i, processor.Location{Status: processor.Ruined})
				default:
					a, typ, _ := strings.Cut(l, ":")
					var it processor.InfraType
					if err := it.UnmarshalText([]byte(typ)); err != nil || !c.HasAlliance(processor.AllianceID(a)) {
						fail("bad location %q", l)
					}
					s.SetLocation(p.ID, i, processor.Location{Status: processor.Built, Alliance: processor.AllianceID(a), Type: it})
				}
			}
		case "engine":
			if err := prestateEngine(s, w[1:]); err != nil {
				fail("%v", err)
			}
		case "fleet":
			s.Fleets[processor.FleetID(w[1])] = planet(w[2])
		case "effect", "event", "stellar-storms":
			if w[0] == "stellar-storms" {
				s.StellarStorms, _ = strconv.Atoi(w[1])
				continue
			}
			var e processor.Effect
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
					e.Alliance = processor.AllianceID(v)
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
			s.End = &processor.End{How: "tied (prestate)"}
			for _, a := range w[1:] {
				if !c.HasAlliance(processor.AllianceID(a)) {
					fail("unknown alliance %q", a)
				}
				s.End.Tied = append(s.End.Tied, processor.AllianceID(a))
			}
		case "benefit":
			var m processor.Medal
			if err := m.UnmarshalText([]byte(w[1])); err != nil || !c.HasAlliance(processor.AllianceID(w[2])) {
				fail("want benefit <medal> <alliance>")
			}
			if s.Benefits == nil {
				s.Benefits = map[processor.Medal]processor.AllianceID{}
			}
			s.Benefits[m] = processor.AllianceID(w[2])
		case "laurel":
			s.LaurelPlanet = planet(w[1]) // the Laurel of Victory's planet (RULINGS 40)
		case "order":
			fl, _ := c.FleetOf(processor.FleetID(w[1]))
			o := processor.Order{Fleet: processor.FleetID(w[1]), Src: processor.Src{File: processor.InputPath(max(s.Phase, 1), "orders", string(fl.Player))}}
			if err := o.Op.UnmarshalText([]byte(w[2])); err != nil {
				fail("%v", err)
			}
			switch o.Op {
			case processor.Battle:
				if err := o.Attack.UnmarshalText([]byte(w[3])); err != nil {
					fail("%v", err)
				}
				o.Planet, o.Defender = planet(w[4]), processor.AllianceID(w[5])
				if len(w) > 6 {
					_, v, _ := strings.Cut(w[6], "=")
					o.Outcome = &processor.Choices{}
					o.Outcome.PowerAdjust, _ = strconv.Atoi(v)
				}
			case processor.VoidLeap, processor.DeployKillTeams:
				o.Planet = planet(w[3])
			case processor.RaiseEdifices:
				if err := o.Infra.UnmarshalText([]byte(w[3])); err != nil {
					fail("%v", err)
				}
			case processor.LogisticalAuxilia:
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
	if s.Step == processor.StepBattles {
		for _, fl := range c.Fleets {
			if !ordered[fl.ID] {
				s.Orders = append(s.Orders, processor.Order{Fleet: fl.ID, Op: processor.LogisticalAuxilia})
			}
		}
		slices.SortStableFunc(s.Orders, func(x, y processor.Order) int { return c.Fleet[x.Fleet] - c.Fleet[y.Fleet] })
	}
	return s
}

// Times of the example campaign's phase 1: before the operations deadline
// (2027-01-08T18:00Z), and after it but before the battles deadline.
var (
	BeforeDeadline = time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)
	AfterDeadline  = time.Date(2027, 1, 9, 0, 0, 0, 0, time.UTC)
)

const (
	AliceOrders = "phases/01/orders/alice.toml"
	AliceSealed = AliceOrders + seal.SealedExt
)

// SealedExample is the example campaign with a [secrecy] recipient whose
// identity it returns, and phase 1's inputs up to step 1 only: set-up and
// every player's orders, in plain text.
func SealedExample(t *testing.T) (string, *age.X25519Identity) {
	t.Helper()
	dir := ExampleToOrders(t)
	id, err := age.GenerateX25519Identity()
	if err != nil {
		t.Fatal(err)
	}
	AppendFile(t, dir, processor.CampaignFile, fmt.Sprintf("\n[secrecy]\nrecipient = %q\n", id.Recipient()))
	return dir, id
}

// ExampleToOrders is a copy of the example campaign with phase 1's inputs
// up to step 1 only: set-up and every player's orders.
func ExampleToOrders(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "c")
	if err := campaigns.CopyTo(campaigns.Example, dir); err != nil {
		t.Fatal(err)
	}
	for _, sub := range []string{"results", "moves", "builds"} {
		if err := os.RemoveAll(filepath.Join(dir, "phases/01", sub)); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func ReadFile(t *testing.T, dir, file string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(file)))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// seal does what `warmaster seal` does to a player's orders: file.age
// encrypted to recipient, bound to that file of dir's campaign, and the
// plaintext removed. It returns the plaintext.
func SealFile(t *testing.T, dir, file string, recipient fmt.Stringer) []byte {
	t.Helper()
	plain := ReadFile(t, dir, file)
	sealed, err := seal.Seal(plain, recipient.String(), campaignID(t, dir), file+seal.SealedExt)
	if err != nil {
		t.Fatal(err)
	}
	WriteFile(t, dir, file+seal.SealedExt, sealed)
	if err := os.Remove(filepath.Join(dir, filepath.FromSlash(file))); err != nil {
		t.Fatal(err)
	}
	return plain
}

func FaultsOf(t *testing.T, err error) []processor.Fault {
	t.Helper()
	var inv *processor.InvalidError
	if !errors.As(err, &inv) {
		t.Fatalf("want faults, got %v", err)
	}
	return inv.Faults
}

// HasFault reports whether a fault of file says all of the words.
func HasFault(fs []processor.Fault, file string, words ...string) bool {
	return slices.ContainsFunc(fs, func(f processor.Fault) bool {
		if f.File != file {
			return false
		}
		for _, w := range words {
			if !strings.Contains(f.Message, w) {
				return false
			}
		}
		return true
	})
}

func OrderOf(t *testing.T, dir string, fleet processor.FleetID) processor.Order {
	t.Helper()
	f, err := folder.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range f.State.Orders {
		if o.Fleet == fleet {
			return o
		}
	}
	t.Fatalf("no order of %s in the state", fleet)
	return processor.Order{}
}

// TestDiceKey is a key as `warmaster dice-key` makes them.
const TestDiceKey = "6a1f9e0c3b5d7a2e4f8091c3d5e7f9a1b2c4d6e8f0a1b3c5d7e9f1a2b4c6d8e0"

// WritePrestate writes s as state.toml and, unless the folder has one, a
// journal.toml whose one step is the one applied just before s's: what a
// run that led there leaves (the tests' states are made, not played). As a
// run writes it, the state holds the fleets on the map at its roster: not
// those that join later.
func WritePrestate(tb testing.TB, dir string, s *processor.State) {
	tb.Helper()
	on := *s
	on.C = s.C.RosterAt(s.Roster).WithAllegiance(s.C.AllegianceChanges())
	WriteFile(tb, dir, processor.StateFile, folder.EncodeState(&on, owntoml.StateFormat))
	if _, err := os.Stat(filepath.Join(dir, processor.JournalFile)); err == nil || s.Step == processor.StepSetup {
		return
	}
	prev, ok := PreviousStep(folder.StepAt{Phase: s.Phase, Step: s.Step})
	if !ok {
		tb.Fatalf("no step comes before %s", folder.StepAt{Phase: s.Phase, Step: s.Step})
	}
	at := time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)
	WriteFile(tb, dir, processor.JournalFile, owntoml.AppendJournal(nil, []owntoml.JournalEntry{{Phase: prev.Phase, Step: prev.Step, Applied: at}}))
}

// prestateEngine reads a rules case's `engine <id> <key>=<value> ...` line:
// the engine's condition before advance (otherwise as its profile gives
// it). Keys, an underscore standing for a space in names:
//
//	Behemoth:    hull=N legs=N weapons=N crippled=<zone>:<below>[:<option>],...  destroyed
//	War Machine: sp=N fields=N lost=<weapon>,... move-lost=N immobilised destroyed
func prestateEngine(s *processor.State, w []string) error {
	if len(w) == 0 {
		return fmt.Errorf("want engine <id> and its <key>=<value> pairs")
	}
	e, ok := s.C.Engines.Engine(processor.EngineID(w[0]))
	if !ok {
		return fmt.Errorf("unknown war engine %q", w[0])
	}
	c := s.Engines[e.ID]
	num := func(v string) (int, error) { return strconv.Atoi(v) }
	name := func(v string) string { return strings.ReplaceAll(v, "_", " ") }
	for _, kv := range w[1:] {
		k, v, _ := strings.Cut(kv, "=")
		var err error
		switch b := &c.Behemoth; k {
		case "destroyed":
			b.Destroyed, c.WarMachine.Destroyed = true, true
		case "hull":
			b.DamagePoints[engines.Hull], err = num(v)
		case "legs":
			b.DamagePoints[engines.Legs], err = num(v)
		case "weapons":
			b.DamagePoints[engines.Weapons], err = num(v)
		case "crippled":
			for _, x := range strings.Split(v, ",") {
				parts := strings.SplitN(x, ":", 3)
				z, ok := engines.ParseZone(parts[0])
				if !ok || len(parts) < 2 {
					return fmt.Errorf("crippled: want <zone>:<below>[:<option>], got %q", x)
				}
				cr := engines.Crippling{Zone: z}
				if cr.Below, err = num(parts[1]); err != nil {
					return err
				}
				for _, t := range e.Profile.Behemoth.Zones[z].Thresholds {
					if t.Below == cr.Below {
						cr.Effect = t.Effect
					}
				}
				if len(parts) == 3 {
					cr.Option = name(parts[2])
				}
				b.Crippled = append(b.Crippled, cr)
			}
		case "sp":
			c.WarMachine.StructurePoints, err = num(v)
		case "fields":
			c.WarMachine.Fields, err = num(v)
		case "lost":
			for _, x := range strings.Split(v, ",") {
				c.WarMachine.WeaponsLost = append(c.WarMachine.WeaponsLost, name(x))
			}
		case "move-lost":
			c.WarMachine.MoveLost, err = num(v)
		case "immobilised":
			c.WarMachine.Immobilised = true
		default:
			return fmt.Errorf("unknown engine key %q", k)
		}
		if err != nil {
			return fmt.Errorf("%s: %v", k, err)
		}
	}
	s.Engines[e.ID] = c
	return nil
}

// DiffEngines lists each war engine whose condition changed, in roster order.
func DiffEngines(a, b *processor.State) []string {
	var out []string
	for _, e := range b.C.Engines.Engines {
		if x, y := a.Engines[e.ID].Describe(e.Profile), b.Engines[e.ID].Describe(e.Profile); x != y {
			out = append(out, fmt.Sprintf("engine %s: %s -> %s", e.ID, x, y))
		}
	}
	return out
}

// NewCaseDir is a campaign folder with the rules cases' base campaign and
// map and the state prestate describes (see parsePrestate).
func NewCaseDir(t *testing.T, prestate string) string {
	t.Helper()
	return NewCaseDirWith(t, "", prestate)
}

// NewCaseDirWith is NewCaseDir with rules, `[rules]` keys, added to the
// base campaign's (its last table).
func NewCaseDirWith(t *testing.T, rules, prestate string) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range []string{processor.CampaignFile, processor.MapFile} {
		data, err := os.ReadFile(filepath.Join(BaseDir(), name))
		if err != nil {
			t.Fatal(err)
		}
		if name == processor.CampaignFile {
			data = append(data, rules...)
		}
		WriteFile(t, dir, name, data)
	}
	WritePrestate(t, dir, ParsePrestate(t, LoadCampaign(t, dir), prestate))
	return dir
}

// Where the base campaign's fleets start unless a case says otherwise.
var baseFleets = map[processor.FleetID]processor.PlanetID{
	"blue-1": "jawardet", "blue-2": "caltus-novem", "red-1": "masnet",
	"red-2": "kryndaer", "green-1": "astarthem", "green-2": "marvinius",
}

// Where the base campaign's Strongholds are unless a case says otherwise.
var baseStrongholds = map[processor.AllianceID]processor.PlanetID{"blue": "ikaron-prime", "red": "norallus", "green": "astarthem"}

func AppendFile(t testing.TB, dir, file, text string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(file))
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	WriteFile(t, dir, file, append(data, text...))
}

func campaignID(t *testing.T, dir string) string {
	t.Helper()
	id, err := folder.CampaignID(dir)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// PreviousStep is a step after which the campaign waits for st.
func PreviousStep(st folder.StepAt) (folder.StepAt, bool) {
	for phase := max(st.Phase-1, 0); phase <= st.Phase; phase++ {
		for step := processor.StepSetup; step < processor.StepEnded; step++ {
			if (step == processor.StepSetup) != (phase == 0) {
				continue
			}
			if cand := (folder.StepAt{Phase: phase, Step: step}); slices.Contains(folder.NextSteps(cand), st) {
				return cand, true
			}
		}
	}
	return folder.StepAt{}, false
}

// BaseDir is the folder of the rules cases' base campaign
// (processor/phase/testdata/base), wherever the test runs from.
func BaseDir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "phase", "testdata", "base")
}

// Snapshot is every file under dir and its contents, by path: to tell
// that a command wrote nothing.
func Snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	m := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		m[p] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// Remove removes name from dir, failing the test if it cannot.
func Remove(t testing.TB, dir, name string) {
	t.Helper()
	if err := os.Remove(filepath.Join(dir, filepath.FromSlash(name))); err != nil {
		t.Fatal(err)
	}
}
