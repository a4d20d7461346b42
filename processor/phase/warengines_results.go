package phase

import (
	"maps"
	"slices"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/attacks"
	"github.com/warmaster/warmaster/processor/engines"
	"github.com/warmaster/warmaster/processor/report"
)

// validateEngineEntries checks a result's war engines against the battle
// and the state: each engine, and the War Machine whose close combat weapon
// struck, belongs to a fleet of one of the two Alliances that fought, and
// none is destroyed already.
func (r checks) validateEngineEntries(b processor.BattleOp, res *processor.Result, fs *processor.Faults) {
	fought := []processor.AllianceID{b.Attacker, b.Defender}
	side := func(at processor.Src, id processor.EngineID) (processor.AllianceID, bool) {
		e, ok := r.c.Engines.Engine(id)
		if !ok {
			return "", false // refused when the file was read
		}
		a := r.c.FleetAlliance(e.Fleet)
		switch {
		case !slices.Contains(fought, a):
			var could []processor.EngineID
			for _, x := range r.c.Engines.Engines {
				if slices.Contains(fought, r.c.FleetAlliance(x.Fleet)) && !r.s.Engines[x.ID].Destroyed(x.Profile) {
					could = append(could, x.ID)
				}
			}
			fs.Add(at, "%s is %s's (fleet %s), which did not fight this battle (%s against %s); engines that could: %s", id, a, e.Fleet, b.Attacker, b.Defender, report.OneOf(could))
			return a, false
		case r.s.Engines[id].Destroyed(e.Profile):
			fs.Add(at, "%s was destroyed in an earlier battle (state.toml): a destroyed war engine cannot fight again", id)
			return a, false
		}
		return a, true
	}
	for _, e := range res.WarEngines {
		own, ok := side(e.Src.At("engine"), e.Engine)
		if e.CloseCombatBy == "" || e.CloseCombatBy == e.Engine {
			continue // none, or refused when the file was read
		}
		if by, byOK := side(e.Src.At("close_combat_by"), e.CloseCombatBy); ok && byOK && by == own {
			fs.Add(e.Src.At("close_combat_by"), "%s is on %s's side, like %s: close combat is against an opponent", e.CloseCombatBy, by, e.Engine)
		}
	}
}

// engineRepairs begins 2.4: between phases (from the second on), each
// engine regains what the campaign's repair options give; it returns every
// engine's condition before, for the phase's changes.
func (r *rules) engineRepairs() map[processor.EngineID]processor.EngineCondition {
	before := maps.Clone(r.s.Engines)
	rules := r.c.Engines.Rules
	if r.s.Phase < 2 || (rules.BehemothRepair == 0 && rules.WarMachineRepair == 0) {
		return before
	}
	for _, e := range r.c.Engines.Engines {
		c := r.s.Engines[e.ID]
		var events []string
		if b := e.Profile.Behemoth; b != nil && rules.BehemothRepair > 0 {
			out := engines.RepairBehemoth(b, c.Behemoth, rules.BehemothRepair)
			c.Behemoth, events = out.Condition, out.Events
		} else if w := e.Profile.WarMachine; w != nil && rules.WarMachineRepair > 0 {
			out := engines.RepairWarMachine(w, c.WarMachine, rules.WarMachineRepair)
			c.WarMachine, events = out.Condition, out.Events
		}
		if len(events) > 0 {
			r.sec.Para("Repairs between phases (behemoth_repair = %d, war_machine_repair = %d), %s:", rules.BehemothRepair, rules.WarMachineRepair, e.Title())
			r.note(events...)
		}
		r.s.Engines[e.ID] = c
	}
	return before
}

// engineBattle applies a battle's [[war_engines]] entries, in the order
// written, with the campaign's dice (streams phase-NN/2.4/<battle>/engines/<id>/…).
func (r *run) engineBattle(f attacks.Fought) {
	if f.Result == nil || len(r.c.Engines.Engines) == 0 {
		// Without war engines no result names one (it would be at fault):
		// the result is not looked at, which, in 2.4's order, is a miss of
		// the cache for each of 100,000.
		return
	}
	rules := r.c.Engines.Rules
	for _, x := range f.Result.WarEngines {
		e, _ := r.c.Engines.Engine(x.Engine)
		c := r.s.Engines[x.Engine]
		base := r.engineLabel(f.ID, x.Engine)
		var events []string
		if c.Destroyed(e.Profile) {
			// Destroyed by a battle processed earlier in this 2.4.
			r.sec.Para("%s:", e.Title())
			r.note("It was destroyed in an earlier battle this phase: its entry here is ignored")
			continue
		}
		if b := e.Profile.Behemoth; b != nil {
			bc := c.Behemoth
			if x.Landing != nil {
				out := engines.Land(b, bc, *x.Landing, x.LandingTaken, rules, r.dice, base)
				bc, events = out.Condition, append(events, out.Events...)
			}
			for i, dm := range x.Damage {
				var out engines.Outcome[engines.BehemothCondition]
				if dm.Stomp > 0 {
					out = engines.Stomp(b, bc, dm.Stomp, dm.Choices, rules, r.dice, base, i+1)
				} else {
					out = engines.DamageZone(b, bc, dm.Zone, dm.Points, dm.Choices, rules, r.dice, base, i+1)
				}
				bc, events = out.Condition, append(events, out.Events...)
			}
			if x.Removed && !bc.Destroyed {
				bc.Destroyed = true
				events = append(events, "Removed from the board (a singularity): destroyed")
			}
			c.Behemoth = bc
		} else {
			w := e.Profile.WarMachine
			out := engines.Fight(w, c.WarMachine, x.Battle, rules, r.dice, base)
			wc := out.Condition
			events = append(events, out.Events...)
			if x.Removed && !wc.Destroyed {
				wc.Destroyed = true
				events = append(events, "Removed from the board (a singularity): destroyed")
			}
			end := engines.EndBattle(w, wc, rules)
			c.WarMachine, events = end.Condition, append(events, end.Events...)
		}
		if len(events) == 0 {
			events = []string{"No damage"}
		}
		r.sec.Para("%s:", e.Title())
		r.note(events...)
		r.s.Engines[x.Engine] = c
	}
}

// engineChanges ends 2.4 with what this phase did to the war engines.
func (r *rules) engineChanges(before map[processor.EngineID]processor.EngineCondition) {
	if len(r.c.Engines.Engines) == 0 {
		return
	}
	var rows [][]string
	for _, e := range r.c.Engines.Engines {
		was, now := before[e.ID].Describe(e.Profile), r.s.Engines[e.ID].Describe(e.Profile)
		if was != now {
			rows = append(rows, []string{string(e.ID), string(e.Fleet), e.Profile.Name, was, now})
		}
	}
	if len(rows) == 0 {
		r.sec.Para("No war engine changed this phase.")
		return
	}
	r.sec.Para("War engines changed this phase:")
	r.sec.Table([]string{"engine", "fleet", "profile", "before", "after"}, rows)
}
