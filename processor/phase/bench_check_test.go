package phase

import (
	"fmt"
	"github.com/warmaster/warmaster/processor/internal/testkit"
	"testing"
	"time"

	"github.com/warmaster/warmaster/processor/folder"
)

// BenchmarkCheckUsedInputs: the check of a campaign whose first phase,
// from orders to builds, has been applied (every order and result an input
// a step used), reading every used input again (all) or, as the
// pull-request check does, only those its change touches (unchanged: git
// knows the others are as the checked base has them).
func BenchmarkCheckUsedInputs(b *testing.B) {
	for _, n := range []int{1000, 4000} {
		dir := genPhase(b, n, true)
		if _, err := Advance(dir, Options{Now: time.Date(2027, 2, 2, 0, 0, 0, 0, time.UTC)}); err != nil {
			b.Fatal(err)
		}
		now := time.Date(2027, 2, 3, 0, 0, 0, 0, time.UTC)
		b.Run(fmt.Sprintf("%d/all", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := Check(dir, Options{Now: now}); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("%d/unchanged", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := Check(dir, Options{Now: now, Unchanged: func(string) bool { return true }}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkCheckThenPlan: what the pull-request check asks of a campaign
// at its battles step with every result in — its check, then its plan —
// as two loads and runs (Check, then Plan) and as one (CheckAndPlan).
func BenchmarkCheckThenPlan(b *testing.B) {
	dir := genBattles(b, 4000)
	opt := Options{Now: time.Date(2027, 2, 2, 0, 0, 0, 0, time.UTC)}
	b.Run("separately", func(b *testing.B) {
		for b.Loop() {
			if _, err := Check(dir, opt); err != nil {
				b.Fatal(err)
			}
			if _, err := Plan(dir, opt); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("one-run", func(b *testing.B) {
		for b.Loop() {
			_, plan, err := CheckAndPlan(dir, opt)
			if err == nil {
				_, err = plan()
			}
			if err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkCheckAndPlanFaulty: the pull-request check of a campaign at
// its battles step where one result of the 4,000 is faulty (a campaign of
// thousands always has someone's file wrong): the check and the plan's
// faults, of the one load and run.
func BenchmarkCheckAndPlanFaulty(b *testing.B) {
	dir := genBattles(b, 4000)
	testkit.WriteFile(b, dir, "phases/01/results/f7.toml", []byte("played = 2027-01-08T07:00:00Z\nwinner = \"nobody\"\n"))
	opt := Options{Now: time.Date(2027, 2, 2, 0, 0, 0, 0, time.UTC)}
	for b.Loop() {
		_, plan, err := CheckAndPlan(dir, opt)
		if err == nil {
			b.Fatal("the faulty result passed")
		}
		if _, err := plan(); err == nil {
			b.Fatal("the plan has no fault")
		}
	}
}

// BenchmarkAwaitedResults: the list of what a 10,000-battle step awaits
// (status, the README, the campaign's issue and ready() each ask it).
func BenchmarkAwaitedResults(b *testing.B) {
	f, err := folder.Load(genBattles(b, 10000))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		Awaited(f)
	}
}
