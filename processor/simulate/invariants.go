package simulate

import (
	"fmt"

	"github.com/warmaster/warmaster/processor"
)

// Invariants checks what must hold after every step of every campaign:
// Power Levels within RULINGS 1–2, Infrastructure within locations and the
// limits per Alliance (RULINGS 3), destroyed planets at 0 for good, the
// Points Tracker rule (RULINGS 11) once step 3 has run, every fleet on a
// planet. destroyed carries the planets seen destroyed from step to step.
func Invariants(f *processor.Folder, destroyed map[processor.PlanetID]bool) error {
	c, s := f.Campaign, f.State
	if s.Step == processor.StepSetup {
		return nil
	}
	for _, p := range c.Map.Planets {
		if s.Destroyed(p.ID) {
			destroyed[p.ID] = true
		} else if destroyed[p.ID] {
			return fmt.Errorf("%s was destroyed and is whole again", p.ID)
		}
		for _, a := range c.AllianceIDs() {
			lvl := s.Power(p.ID, a)
			switch {
			case s.Destroyed(p.ID) && lvl != 0:
				return fmt.Errorf("%s is destroyed but %s's Power Level there is %d (RULINGS 1)", p.ID, a, lvl)
			case !s.Destroyed(p.ID) && (lvl < 1 || lvl > 4):
				return fmt.Errorf("%s's Power Level at %s is %d, outside 1–4 (RULINGS 1)", a, p.ID, lvl)
			case !s.Destroyed(p.ID) && lvl < min(4, 1+s.Pieces(p.ID, a, processor.FortificationLine)):
				return fmt.Errorf("%s's Power Level at %s is %d, below its Fortification Line minimum (RULINGS 2)", a, p.ID, lvl)
			}
		}
	}
	for _, a := range c.AllianceIDs() {
		for t := processor.Stronghold; t <= processor.FortificationLine; t++ {
			if n := s.Count(a, t); n > t.Limit() {
				return fmt.Errorf("%s has %d %s pieces, over the limit %d (RULINGS 3)", a, n, t, t.Limit())
			}
		}
	}
	if s.Step == processor.StepMoves || s.Step == processor.StepEnded {
		// The Points Tracker was just updated in step 3 and nothing has
		// changed the map since (no events in a simulated campaign yet).
		for _, a := range c.AllianceIDs() {
			want := s.TotalPower(a)
			if _, ok := s.StrongholdAt(a); ok {
				want += 3
			}
			if got := s.Points[a]; got != want {
				return fmt.Errorf("%s has %d Campaign points, the rule gives %d (RULINGS 11)", a, got, want)
			}
		}
	}
	for _, fl := range c.Fleets {
		if p, ok := s.Fleets[fl.ID]; !ok || !c.Map.Has(p) {
			return fmt.Errorf("fleet %s is on no planet", fl.ID)
		}
	}
	return nil
}
