package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/warmaster/warmaster/schema"
)

// engine's bounds on the table are a result's: the results schema's
// landing count, stomp and lists.
func TestEngineBoundsAreTheResults(t *testing.T) {
	type list struct{ MaxItems int }
	var doc struct {
		Defs struct {
			Count    struct{ Minimum, Maximum int } `json:"count"`
			Zones    list                           `json:"zones"`
			Crippled list                           `json:"crippled"`
			Engine   struct {
				Properties struct {
					Damage struct {
						MaxItems int
						Items    struct {
							Properties struct {
								Stomp struct{ Minimum, Maximum int } `json:"stomp"`
							} `json:"properties"`
						} `json:"items"`
					} `json:"damage"`
					Hits        list `json:"hits"`
					HitTurns    list `json:"hit_turns"`
					WeaponsLost list `json:"weapons_lost"`
				} `json:"properties"`
			} `json:"war_engine"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(schema.JSON(schema.Results), &doc); err != nil {
		t.Fatal(err)
	}
	if c := doc.Defs.Count; c.Minimum != 0 || c.Maximum != maxLandingCount {
		t.Errorf("the results schema's landing count is %d to %d; engine landing takes 0 to %d", c.Minimum, c.Maximum, maxLandingCount)
	}
	p := doc.Defs.Engine.Properties
	if s := p.Damage.Items.Properties.Stomp; s.Minimum != 1 || s.Maximum != maxStomp {
		t.Errorf("the results schema's stomp is %d to %d; engine damage --stomp takes 1 to %d", s.Minimum, s.Maximum, maxStomp)
	}
	for name, n := range map[string]int{
		"damage (--entry)": p.Damage.MaxItems, "hits": p.Hits.MaxItems, "hit_turns": p.HitTurns.MaxItems,
		"zones (--chain)": doc.Defs.Zones.MaxItems, "crippled": doc.Defs.Crippled.MaxItems,
	} {
		if n != maxEntries {
			t.Errorf("the results schema's %s holds at most %d; engine takes %d", name, n, maxEntries)
		}
	}
	if n := p.WeaponsLost.MaxItems; n != maxWeaponsLost {
		t.Errorf("the results schema's weapons_lost holds at most %d; engine --weapon-lost takes %d", n, maxWeaponsLost)
	}
}

// TestEngineListCaps: a list flag given more items than a result may hold
// is refused, naming the flag and the most.
func TestEngineListCaps(t *testing.T) {
	profile := "../../campaigns/vespator-front/engines/doomwalker.toml"
	many := strings.TrimSuffix(strings.Repeat("glancing,", maxEntries+1), ",")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--profile", profile, "--hits", many, "hits"}, "--hits: 101 hits; a result holds at most 100"},
		{[]string{"--profile", profile, "--hits", "glancing", "--weapon-lost", strings.Repeat(",", maxWeaponsLost), "hits"}, "--weapon-lost: 51 Weapon Destroyed picks; a result holds at most 50"},
	} {
		var out, errs bytes.Buffer
		err := newApp(&out, &errs).Run(append([]string{"warmaster", "engine"}, c.args...))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("engine %s: got %v, want %q", c.args[len(c.args)-1], err, c.want)
		}
	}
}

// Each engine flag is read by the procedures its usage opens with, which
// its procedure's help lists it under and engine landing bounds: a usage
// reworded must keep them.
func TestEngineFlagProcedures(t *testing.T) {
	want := map[string]string{
		"impassable": "landing", "tough": "landing", "enemy-within-3": "landing", "units": "landing", "anti-aircraft": "landing",
		"zone": "damage", "points": "damage", "stomp": "damage", "entry": "damage",
		"crippled": "landing damage", "chain": "landing damage",
		"hits": "hits", "weapon-lost": "hits", "titan-weapon": "hits", "turns": "hits", "volcano-pick": "hits", "hit-turns": "hits",
	}
	for _, f := range engineFlags {
		name := f.Names()[0]
		if got := strings.Join(flagProcedures(f), " "); got != want[name] {
			t.Errorf("--%s is read by %q by its usage; want %q", name, got, want[name])
		}
	}
}
