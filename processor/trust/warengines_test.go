package trust

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/engines"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/internal/testkit"
	"github.com/warmaster/warmaster/processor/phase"
	"github.com/warmaster/warmaster/schema"
)

// War-engine profiles are the Warmaster's, like campaign.toml: only alice
// (the example's Warmaster) may change engines/warhound.toml.
func TestAuthorizeProfiles(t *testing.T) {
	dir := exampleAt(t, atSetup)
	f, err := folder.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		actor processor.Login
		want  string
	}{{"alice", ""}, {"bob", "only the Warmaster (alice) edits engines/warhound.toml"}} {
		err := Authorize(f, tc.actor, []string{"engines/warhound.toml"})
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
	res, err := Replay(dir, phase.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Steps == 0 {
		t.Fatal("nothing replayed")
	}
	f, err := folder.Load(dir)
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
	testkit.WriteFile(t, dir, "knight.toml", []byte("name = \"Knight\"\ntype = \"war-machine\"\nclass = \"leviathan\"\nstructure_points = 2\nspeed = \"normal\"\nleadership = 7\n"))
	_, err := folder.ReadProfile(file)
	if err == nil || !strings.Contains(err.Error(), "knight.toml:4:20: a Leviathan has 4 or more structure points, not 2") {
		t.Errorf("got %v", err)
	}
	testkit.WriteFile(t, dir, "knight.toml", []byte("name = \"Knight\"\ntype = \"war-machine\"\nclass = \"super-heavy\"\nstructure_points = 2\nspeed = \"normal\"\nleadership = 7\nfields = { ork_power_fields = 1 }\n"))
	p, err := folder.ReadProfile(file)
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
