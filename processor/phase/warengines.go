package phase

import (
	"fmt"

	"github.com/warmaster/warmaster/processor"
)

// War engines: Behemoths and War Machines whose damage a campaign carries
// from battle to battle. The rules are package engines'; here are the
// campaign's side of them: the profiles (engines/<profile>.toml), the roster
// (campaign.toml [[war_engines]]), each engine's condition in state.toml,
// the results' [[war_engines]] entries and their place in 2.4.

// engineLabel is the dice stream of an engine in a battle:
// phase-01/2.4/blue-1/engines/titan-1.
func (r reporting) engineLabel(battle string, id processor.EngineID) string {
	return fmt.Sprintf("phase-%02d/2.4/%s/engines/%s", r.s.Phase, battle, id)
}

// engineStanding writes where the war engines stand, when the campaign has any.
func (r reporting) engineStanding(d interface {
	Heading(int, string, ...any)
	Table([]string, [][]string)
}, level int) {
	if len(r.c.Engines.Engines) == 0 {
		return
	}
	d.Heading(level, "War engines")
	var rows [][]string
	for _, e := range r.c.Engines.Engines {
		rows = append(rows, []string{string(e.ID), string(e.Fleet), string(r.c.FleetAlliance(e.Fleet)), e.Profile.Name, r.s.Engines[e.ID].Describe(e.Profile)})
	}
	d.Table([]string{"engine", "fleet", "alliance", "profile", "condition"}, rows)
}
