package dice

import (
	"slices"
	"testing"
)

func TestSameKeyAndLabelSameDice(t *testing.T) {
	a, b := New("seed"), New("seed")
	for i := 0; i < 50; i++ {
		if got, want := a.D6("x", ""), b.D6("x", ""); got != want {
			t.Fatalf("roll %d: %d != %d", i, got, want)
		}
	}
}

func TestStreamsIndependentOfOrder(t *testing.T) {
	a, b := New("seed"), New("seed")
	a.D6("other", "")
	if got, want := a.D6("x", ""), b.D6("x", ""); got != want {
		t.Fatalf("label x depends on other labels: %d != %d", got, want)
	}
}

// Pinned values: a change here means every campaign's dice change.
func TestPinnedStream(t *testing.T) {
	r := New("vespator")
	var got []int
	for i := 0; i < 10; i++ {
		got = append(got, r.D6("phase-01/2.6/kill-teams/blue-1/red", ""))
	}
	want := []int{2, 1, 2, 2, 2, 5, 6, 4, 5, 1}
	if !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

func TestDiceInRange(t *testing.T) {
	r := New("k")
	seen := map[int]bool{}
	for i := 0; i < 600; i++ {
		v := r.D6("range", "")
		if v < 1 || v > 6 {
			t.Fatalf("D6 gave %d", v)
		}
		seen[v] = true
	}
	if len(seen) != 6 {
		t.Fatalf("D6 never gave some faces: %v", seen)
	}
}

// Roll-offs: "If there is a tie for the highest roll, roll off again."
func TestRollOffOrdersEveryone(t *testing.T) {
	for seed := 0; seed < 200; seed++ {
		r := New(string(rune('a'+seed%26)) + string(rune(seed)))
		got := r.RollOff("ro", "test", []string{"blue", "red", "green"})
		s := slices.Clone(got)
		slices.Sort(s)
		if !slices.Equal(s, []string{"blue", "green", "red"}) {
			t.Fatalf("roll-off lost or duplicated someone: %v", got)
		}
	}
}

func TestRollOffIsLogged(t *testing.T) {
	r := New("k")
	r.RollOff("ro", "edifice order", []string{"blue", "red"})
	if len(r.Rolls()) < 2 {
		t.Fatalf("want every roll-off die logged, got %v", r.Rolls())
	}
}

// uniform rejects the values that would bias a range: with n = 3, 2^64 mod 3
// = 1, so 0 is rejected and 1 maps to 1.
func TestUniformNoBias(t *testing.T) {
	counts := make([]int, 6)
	r := New("bias")
	for i := 0; i < 60000; i++ {
		counts[r.D6("bias", "")-1]++
	}
	for face, n := range counts {
		if n < 9400 || n > 10600 {
			t.Errorf("face %d came %d times in 60000 rolls", face+1, n)
		}
	}
}
