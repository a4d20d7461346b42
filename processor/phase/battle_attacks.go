package phase

import (
	"fmt"

	"github.com/warmaster/warmaster/processor"
)

// fought is a battle with its result, played or not.
type fought struct {
	processor.BattleOp
	res     *processor.Result // nil: unplayed
	victor  processor.Side
	choices processor.Choices
}

// threeOrMore is the Campaign Outcomes' "if the <Alliance>'s Power Level at
// this Planet is 3 or more", with the level as it stands when the battle is
// processed (RULINGS 9) and the victor's Stronghold ±1, adj (RULINGS 8). It
// also words the test for the report.
func (r *run) threeOrMore(p processor.PlanetID, a processor.AllianceID, adj int) (bool, string) {
	lvl := r.s.Power(p, a)
	what := fmt.Sprintf("%s's Power Level at %s is %d", a, p, lvl)
	if adj != 0 {
		by := "with its Stronghold"
		if !r.s.AppliesAt(a, processor.Stronghold, p) {
			by = "with Coordinated Opposition" // the only other source of the ±1 (RULINGS 8)
		}
		what += fmt.Sprintf(", treated as %d %s", lvl+adj, by)
	}
	if lvl+adj >= 3 {
		return true, what + " (3 or more)"
	}
	return false, what + " (less than 3)"
}

// outcomeLabel is the dice stream of an outcome's nth roll of a kind, e.g.
// phase-01/2.4/blue-1/bombardment/1.
func (r *run) outcomeLabel(f fought, kind string, n int) string {
	return fmt.Sprintf("phase-%02d/2.4/%s/%s/%d", r.s.Phase, f.ID, kind, n)
}
