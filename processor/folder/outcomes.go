package folder

import (
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/schema"
)

// resultBattle is the Battle Operation a results file reports, as far as
// the folder knows it as the file is read — the battles the state has
// revealed, else its attacker's orders file of that phase, read before
// the results (processor.Checker.WordOutcomes words its outcome's faults
// with it) — or nil: a file of another kind, a battle nobody fights, or
// orders not known yet (sealed, or not sent).
func resultBattle(f *Folder, k processor.Checker, file string, kind schema.Kind) *processor.Order {
	if kind != schema.Results {
		return nil
	}
	cp := Classify(file)
	fleet, ok := k.C.BattleFleet(cp.Name)
	if !ok {
		return nil
	}
	if s := f.State; s != nil && s.Phase == cp.Phase {
		if f.revealed == nil {
			f.revealed = map[string]int{}
			for i, o := range s.Orders {
				if o.Op == processor.Battle {
					f.revealed[o.ID()] = i
				}
			}
		}
		if i, ok := f.revealed[cp.Name]; ok {
			return &s.Orders[i]
		}
	}
	fl, _ := k.C.FleetOf(fleet)
	for i, o := range f.Orders[cp.Phase][fl.Player] {
		if o.Op == processor.Battle && o.ID() == cp.Name {
			return &f.Orders[cp.Phase][fl.Player][i]
		}
	}
	return nil
}
