package attacks

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/warmaster/warmaster/processor"
)

// TestProcessingOrder: 2.4's order (RULINGS 6: battles with a played time
// first, oldest first, then the rest; by id where that ties) as
// ProcessingOrder sorts it, with its ids' prefixes as numbers, is the
// order a plain comparison of the times and the ids gives: for ids that
// are prefixes of each other, alike in their first eight bytes or more,
// shorter than eight bytes, with a zero byte, or not ASCII; for times
// that tie to the second or to the nanosecond, before 1970, or missing.
func TestProcessingOrder(t *testing.T) {
	ids := []string{"", "a", "a\x00", "a-1", "a.1", "a1", "a10", "a2", "ab", "abcdefgh", "abcdefgh1", "abcdefgh-1", "abcdefgi", "abcdefg", "blue-fleet-1", "blue-fleet-10", "blue-fleet-2", "é", "f0", "f1", "f10", "f100000", "\xff"}
	base := time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)
	times := []time.Time{base, base.Add(time.Nanosecond), base.Add(time.Second), base.Add(-time.Hour), time.Date(1969, 12, 31, 23, 59, 59, 999, time.UTC), time.Date(1, 1, 1, 0, 0, 0, 1, time.UTC)}
	for seed := range uint64(200) {
		rng := rand.New(rand.NewPCG(seed, 6))
		n := 1 + rng.IntN(len(ids))
		fought := make([]Fought, n)
		for i, j := range rng.Perm(len(ids))[:n] {
			f := Fought{BattleOp: &processor.BattleOp{ID: ids[j]}}
			switch rng.IntN(3) {
			case 0: // unplayed
			case 1:
				f.Result = &processor.Result{} // reported without a time
			default:
				f.Result = &processor.Result{HasPlayed: true, Played: times[rng.IntN(len(times))]}
			}
			fought[i] = f
		}
		want := make([]*Fought, n)
		for i := range fought {
			want[i] = &fought[i]
		}
		played := func(f *Fought) bool { return f.Result != nil && f.Result.HasPlayed }
		slices.SortFunc(want, func(x, y *Fought) int {
			switch {
			case played(x) && played(y):
				return cmp.Or(x.Result.Played.Compare(y.Result.Played), cmp.Compare(x.ID, y.ID))
			case played(x):
				return -1
			case played(y):
				return 1
			}
			return cmp.Compare(x.ID, y.ID)
		})
		got := ProcessingOrder(fought)
		if !slices.Equal(got, want) {
			t.Fatalf("seed %d: processed in the order %s, want %s", seed, orderText(got), orderText(want))
		}
	}
}

func orderText(fs []*Fought) string {
	var out []string
	for _, f := range fs {
		when := "unplayed"
		if f.Result != nil && f.Result.HasPlayed {
			when = f.Result.Played.Format(time.RFC3339Nano)
		}
		out = append(out, fmt.Sprintf("%q (%s)", f.ID, when))
	}
	return fmt.Sprint(out)
}

// BenchmarkProcessingOrder sorts 100,000 battles as a public campaign's
// 2.4 does: every result given by the same day, ids f0 to f99999.
func BenchmarkProcessingOrder(b *testing.B) {
	played := time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)
	fought := make([]Fought, 100000)
	for i, j := range rand.New(rand.NewPCG(1, 2)).Perm(len(fought)) {
		fought[i] = Fought{BattleOp: &processor.BattleOp{ID: fmt.Sprintf("f%d", j)}, Result: &processor.Result{HasPlayed: true, Played: played}}
	}
	for b.Loop() {
		ProcessingOrder(fought)
	}
}
