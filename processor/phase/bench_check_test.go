package phase

import (
	"fmt"
	"testing"
	"time"
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
