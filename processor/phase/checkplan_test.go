package phase

import (
	"testing"
	"time"

	"github.com/warmaster/warmaster/processor/internal/testkit"
)

// The pull-request check plans from its check's own run
// (CheckAndPlan): the plan is Plan's, byte for byte — a phase from the
// orders (reveal, battle sheets, every step to the builds) and the
// example campaign waiting for its orders.
func TestCheckAndPlanIsPlan(t *testing.T) {
	now := Options{Now: time.Date(2027, 2, 2, 0, 0, 0, 0, time.UTC)}
	for _, c := range []struct{ name, dir string }{{"a phase from the orders", genPhase(t, 40, true)}, {"the example waiting for orders", testkit.ExampleToOrders(t)}} {
		name, dir := c.name, c.dir
		_, plan, err := CheckAndPlan(dir, now)
		if err != nil {
			t.Fatalf("%s: check: %v", name, err)
		}
		got, err := plan()
		if err != nil {
			t.Fatalf("%s: plan: %v", name, err)
		}
		want, err := Plan(dir, now)
		if err != nil {
			t.Fatalf("%s: Plan: %v", name, err)
		}
		if g, w := got.Markdown("c"), want.Markdown("c"); g != w {
			t.Errorf("%s: the check's plan:\n%s\nPlan:\n%s", name, g, w)
		}
		if len(want.Applied) == 0 && name != "the example waiting for orders" {
			t.Errorf("%s: nothing planned", name)
		}
	}
}
