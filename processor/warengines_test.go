package processor

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/warmaster/warmaster/processor/engines"
	"github.com/warmaster/warmaster/schema"
)

// prestateEngine reads a rules case's `engine <id> <key>=<value> ...` line:
// the engine's condition before advance (otherwise as its profile gives
// it). Keys, an underscore standing for a space in names:
//
//	Behemoth:    hull=N legs=N weapons=N crippled=<zone>:<below>[:<option>],...  destroyed
//	War Machine: sp=N fields=N lost=<weapon>,... move-lost=N immobilised destroyed
func prestateEngine(s *State, w []string) error {
	if len(w) == 0 {
		return fmt.Errorf("want engine <id> <key>=<value> ...")
	}
	e, ok := s.c.Engines.Engine(EngineID(w[0]))
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

// diffEngines lists each war engine whose condition changed, in roster order.
func diffEngines(a, b *State) []string {
	var out []string
	for _, e := range b.c.Engines.Engines {
		if x, y := a.Engines[e.ID].Describe(e.Profile), b.Engines[e.ID].Describe(e.Profile); x != y {
			out = append(out, fmt.Sprintf("engine %s: %s -> %s", e.ID, x, y))
		}
	}
	return out
}

// War-engine profiles are the Warmaster's, like campaign.toml: only alice
// (the example's Warmaster) may change engines/warhound.toml.
func TestAuthorizeProfiles(t *testing.T) {
	dir := exampleAt(t, atSetup)
	f, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		actor Login
		want  string
	}{{"alice", ""}, {"bob", "only the Warmaster (alice) edits engines/warhound.toml"}} {
		err := f.Authorize(tc.actor, []string{"engines/warhound.toml"})
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.actor, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: got %v, want %q", tc.actor, err, tc.want)
		}
	}
}

// The example's war engines replay: the profiles are copied with
// campaign.toml, and every die of 2.4 is rolled again the same.
func TestReplayWarEngines(t *testing.T) {
	dir := exampleAt(t, atPhase2)
	res, err := Replay(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Steps == 0 {
		t.Fatal("nothing replayed")
	}
	f, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	e, _ := f.Campaign.Engines.Engine("colossus-1")
	if got := f.State.Engines["colossus-1"].Describe(e.Profile); !strings.Contains(got, "Crippled") {
		t.Errorf("colossus-1 after phase 1: %s", got)
	}
}

// ReadProfile reads a profile file as a campaign does, faults positioned in it.
func TestReadProfile(t *testing.T) {
	dir := t.TempDir()
	file := dir + "/knight.toml"
	writeFile(t, dir, "knight.toml", []byte("name = \"Knight\"\ntype = \"war-machine\"\nclass = \"leviathan\"\nstructure_points = 2\nspeed = \"normal\"\nleadership = 7\n"))
	_, err := ReadProfile(file)
	if err == nil || !strings.Contains(err.Error(), "knight.toml:4:20: a Leviathan has 4 or more structure points, not 2") {
		t.Errorf("got %v", err)
	}
	writeFile(t, dir, "knight.toml", []byte("name = \"Knight\"\ntype = \"war-machine\"\nclass = \"super-heavy\"\nstructure_points = 2\nspeed = \"normal\"\nleadership = 7\nfields = { ork_power_fields = 1 }\n"))
	p, err := ReadProfile(file)
	if err != nil {
		t.Fatal(err)
	}
	if p.ID != "knight" || p.WarMachine.Field != engines.OrkPowerField || p.WarMachine.Fields != 1 {
		t.Errorf("got %+v %+v", p, p.WarMachine)
	}
}

// A result's turns and hit_turns are at most engines.MaxTurns, the bound
// engine hits --turns holds to.
func TestMaxTurnsIsTheSchemas(t *testing.T) {
	var s struct {
		Defs map[string]struct {
			Properties map[string]struct {
				Maximum int `json:"maximum"`
				Items   struct {
					Maximum int `json:"maximum"`
				} `json:"items"`
			} `json:"properties"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(schema.JSON(schema.Results), &s); err != nil {
		t.Fatal(err)
	}
	found := false
	for name, d := range s.Defs {
		if p, ok := d.Properties["turns"]; ok {
			found = true
			if got, want := p.Maximum, engines.MaxTurns; got != want {
				t.Errorf("$defs/%s turns: maximum %d, want engines.MaxTurns, %d", name, got, want)
			}
			if got, want := d.Properties["hit_turns"].Items.Maximum, engines.MaxTurns; got != want {
				t.Errorf("$defs/%s hit_turns: items' maximum %d, want engines.MaxTurns, %d", name, got, want)
			}
		}
	}
	if !found {
		t.Error("no $defs of the results schema has turns")
	}
}
