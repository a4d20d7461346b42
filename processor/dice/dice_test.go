package dice

import (
	"slices"
	"strings"
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

func rolls(r *Roller, label string, n int) []int {
	var out []int
	for range n {
		out = append(out, r.D6(label, ""))
	}
	return out
}

const secret = "6a1f9e0c3b5d7a2e4f8091c3d5e7f9a1b2c4d6e8f0a1b3c5d7e9f1a2b4c6d8e0"

// The same secret key in two campaigns rolls unrelated dice; in one
// campaign, the same dice.
func TestBoundToCampaign(t *testing.T) {
	war, practice := rolls(Bound(secret, "war"), "x", 20), rolls(Bound(secret, "practice"), "x", 20)
	if slices.Equal(war, practice) {
		t.Fatalf("two campaigns roll the same: %v", war)
	}
	if again := rolls(Bound(secret, "war"), "x", 20); !slices.Equal(war, again) {
		t.Fatalf("one campaign rolls differently: %v, %v", war, again)
	}
	if plain := rolls(New(secret), "x", 20); slices.Equal(war, plain) {
		t.Fatal("a bound key rolls as the secret itself does")
	}
}

// A bound Roller's steps are keyed by the chain of their inputs; a public
// seed's are not, and every step starts its streams afresh.
func TestStepChainsInputs(t *testing.T) {
	step := func(r *Roller, digests ...byte) *Roller {
		for _, d := range digests {
			r.Step([32]byte{d})
		}
		return r
	}
	a, b := rolls(step(Bound(secret, "war"), 1, 2), "x", 20), rolls(step(Bound(secret, "war"), 1, 3), "x", 20)
	if slices.Equal(a, b) {
		t.Fatal("other inputs, same dice")
	}
	if c := rolls(step(Bound(secret, "war"), 1, 2), "x", 20); !slices.Equal(a, c) {
		t.Fatal("same inputs, other dice")
	}
	if d := rolls(step(Bound(secret, "war"), 2, 1), "x", 20); slices.Equal(a, d) {
		t.Fatal("the chain does not depend on the order of the steps")
	}
	r := New("seed")
	first := rolls(r, "x", 5)
	r.Step([32]byte{9})
	if again := rolls(r, "x", 5); !slices.Equal(first, again) {
		t.Fatal("a public seed's stream depends on the steps")
	}
}

// Prior rolls as a Fork taken before the step did, and records here.
func TestPrior(t *testing.T) {
	r := step1(Bound(secret, "war"))
	fork := r.Fork()
	r.Step([32]byte{7})
	want := rolls(fork, "ro", 10)
	if got := rolls(r.Prior(), "ro", 10); !slices.Equal(got, want) {
		t.Fatalf("prior rolled %v, the fork before the step %v", got, want)
	}
	if len(r.Rolls()) != 10 || len(fork.Rolls()) != 10 {
		t.Fatalf("rolls recorded: %d here, %d in the fork", len(r.Rolls()), len(fork.Rolls()))
	}
	if now := rolls(r, "ro", 10); slices.Equal(now, want) {
		t.Fatal("the step's own dice are the prior ones")
	}
}

func step1(r *Roller) *Roller { r.Step([32]byte{1}); return r }

// Pinned values: a change here means every committed campaign's dice change.
func TestPinnedBoundStream(t *testing.T) {
	r := Bound(secret, "war")
	r.Step([32]byte{})
	got := rolls(r, "phase-01/2.6/kill-teams/blue-1/red", 10)
	want := []int{5, 5, 2, 2, 1, 1, 2, 5, 5, 4}
	if !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

func TestCheckKey(t *testing.T) {
	for _, key := range []string{
		secret, NewKey(),
		"0123456789abcdef0123456789ABCDEF",             // 32 hex characters: 128 bits
		"AAECAwQFBgcICQoLDA0ODw==",                     // base64 of 16 bytes
		"AAECAwQFBgcICQoLDA0ODw",                       // unpadded
		"-_-_-_-_-_-_-_-_-_-_-_",                       // URL alphabet, 16 bytes
		"Zm9yIHRoZSBFbXBlcm9yIGFuZCB0aGUgV2FybWFzdGVy", // base64 of 33 bytes
	} {
		if err := CheckKey(key); err != nil {
			t.Errorf("OK %q: %v", key, err)
		}
	}
	for _, key := range []string{
		"", "hunter2", "the secret dice key",
		"0123456789abcdef0123456789abcde", // 31 hex characters, though base64 of 23 bytes
		"AAECAwQFBgcICQoLDA0O",            // base64 of 15 bytes
		"correct horse battery staple",    // not base64
	} {
		if err := CheckKey(key); err == nil {
			t.Errorf("ErrWeak %q: accepted", key)
		}
	}
}

func TestNewKey(t *testing.T) {
	a, b := NewKey(), NewKey()
	if len(a) != 2*KeyBytes || strings.Trim(a, "0123456789abcdef") != "" || a == b {
		t.Fatalf("NewKey: %q, %q", a, b)
	}
}
