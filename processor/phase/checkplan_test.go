package phase

import (
	"fmt"
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

// A campaign whose run stops at a fault: the check's plan is Plan's
// error, fault for fault — one met as the run begins (an orders file
// naming no fleet of its player), one met as its step comes (a result in
// a theatre its planet has not), one only a check refuses (a result
// naming no battle, which advance sets aside: Plan plans).
func TestCheckAndPlanStoppedIsPlans(t *testing.T) {
	now := Options{Now: time.Date(2027, 2, 2, 0, 0, 0, 0, time.UTC)}
	for _, c := range []struct {
		name, file, text string
		dir              func() string
	}{
		{"an orders file naming another's fleet", "phases/01/orders/p1.toml",
			"[[operations]]\nfleet = \"f2\"\noperation = \"battle\"\nattack = \"purge-and-burn\"\nplanet = \"w3\"\ndefender = \"green\"\n",
			func() string { return genPhase(t, 40, true) }},
		{"a result in a theatre its planet has not", "phases/01/results/f5.toml",
			"played = 2027-01-05T05:00:00Z\nwinner = \"attacker\"\ntheatre = \"spaceport\"\n",
			func() string { return genPhase(t, 40, true) }},
		{"a result naming no battle", "phases/01/results/f999.toml",
			"played = 2027-01-05T05:00:00Z\nwinner = \"attacker\"\n",
			func() string { return genPhase(t, 40, true) }},
		{"a faulty moves file past its deadline", "phases/01/moves/p1.toml",
			"[moves]\nf2 = \"w9\"\n",
			func() string { return genPhase(t, 40, true) }},
	} {
		dir := c.dir()
		testkit.WriteFile(t, dir, c.file, []byte(c.text))
		_, plan, cerr := CheckAndPlan(dir, now)
		if cerr == nil {
			t.Errorf("%s: the check passed", c.name)
		}
		// Check alone makes none of the outputs (mode.checkOnly): it says
		// what the check that makes them all says, fault for fault.
		if _, err := Check(dir, now); fmt.Sprint(err) != fmt.Sprint(cerr) {
			t.Errorf("%s: Check says\n%v\nthe check that plans says\n%v", c.name, err, cerr)
		}
		got, gerr := plan()
		want, werr := Plan(dir, now)
		if g, w := fmt.Sprint(gerr), fmt.Sprint(werr); g != w {
			t.Errorf("%s: the check's plan says\n%s\nPlan says\n%s", c.name, g, w)
		}
		t.Logf("%s: check: %v; plan: %v", c.name, cerr, werr)
		switch {
		case werr == nil && (got == nil || got.Markdown("c") != want.Markdown("c")):
			t.Errorf("%s: the check's plan is not Plan's", c.name)
		case werr != nil && got != nil:
			t.Errorf("%s: a plan beside the faults", c.name)
		}
	}
}
