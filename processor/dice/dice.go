// Package dice rolls the campaign's dice from deterministic, labelled streams.
//
// Every stream is seeded with HMAC-SHA256(key, label) and drawn from ChaCha8,
// so the same key and label give the same dice on every machine and every Go
// release, and anyone who knows the key can re-roll every die of a campaign.
package dice

import (
	"crypto/hmac"
	"crypto/sha256"
	"fmt"
	"math/rand/v2"
	"strings"
)

// Roll is one die (or one D33, or one sum of dice) as it appears in a report.
type Roll struct {
	Label  string // the stream, e.g. "phase-01/2.6/kill-teams/blue-1/red"
	Dice   string // what was rolled: "D6", "D3", "2D6"
	Result int
	Why    string // what the roll decides, in the rulebook's words
}

// Roller hands out labelled streams and remembers every roll in order.
type Roller struct {
	key     []byte
	streams map[string]*rand.ChaCha8
	rolls   []Roll
}

// New returns a Roller for a campaign key (the public seed or the secret key).
func New(key string) *Roller {
	return &Roller{key: []byte(key), streams: map[string]*rand.ChaCha8{}}
}

func (r *Roller) stream(label string) *rand.ChaCha8 {
	if s, ok := r.streams[label]; ok {
		return s
	}
	mac := hmac.New(sha256.New, r.key)
	mac.Write([]byte(label))
	var seed [32]byte
	copy(seed[:], mac.Sum(nil))
	s := rand.NewChaCha8(seed)
	r.streams[label] = s
	return s
}

// uniform draws from [0, n) without bias by rejection sampling on ChaCha8's
// 64-bit outputs. It relies only on ChaCha8's output stream, which Go's own
// tests pin, not on how math/rand maps it to a range — so a campaign
// replays the same dice on every Go release.
func uniform(src *rand.ChaCha8, n int) int {
	bound := uint64(n)
	reject := -bound % bound // 2^64 mod n: the values below it would bias the result
	for {
		if v := src.Uint64(); v >= reject {
			return int(v % bound)
		}
	}
}

// D rolls one die with the given number of sides from the stream label.
func (r *Roller) D(sides int, label, why string) int {
	v := uniform(r.stream(label), sides) + 1
	r.rolls = append(r.rolls, Roll{Label: label, Dice: fmt.Sprintf("D%d", sides), Result: v, Why: why})
	return v
}

// D6 rolls one six-sided die.
func (r *Roller) D6(label, why string) int { return r.D(6, label, why) }

// Fork returns a Roller with the same key and fresh streams: it rolls the
// dice this one would roll on labels it has not used yet, without recording
// them here (a check that needs to know a roll-off's winner ahead of the
// step that makes it).
func (r *Roller) Fork() *Roller { return New(string(r.key)) }

// Rolls returns every roll made so far, in the order they were made.
func (r *Roller) Rolls() []Roll { return r.rolls }

// Take returns the rolls made since mark (an earlier len(Rolls())).
func (r *Roller) Take(mark int) []Roll {
	out := make([]Roll, len(r.rolls)-mark)
	copy(out, r.rolls[mark:])
	return out
}

// RollOff orders the contenders by a roll-off, highest first: each rolls one D6,
// and those who tie roll again among themselves until every place is decided
// (Roll-offs: "If there is a tie for the highest roll, roll off again").
// The label names the roll-off; the contenders' names end each die's label.
func (r *Roller) RollOff(label, why string, contenders []string) []string {
	if len(contenders) < 2 {
		return append([]string(nil), contenders...)
	}
	return r.rollOff(label, why, contenders, 1)
}

func (r *Roller) rollOff(label, why string, contenders []string, round int) []string {
	type scored struct {
		name string
		roll int
	}
	all := make([]scored, len(contenders))
	for i, c := range contenders {
		l := label + "/" + c
		if round > 1 {
			l = fmt.Sprintf("%s/again-%d/%s", label, round, c)
		}
		all[i] = scored{c, r.D6(l, why+": "+c)}
	}
	// Group by roll, highest first; ties roll again among themselves.
	var out []string
	for v := 6; v >= 1; v-- {
		var tied []string
		for _, s := range all {
			if s.roll == v {
				tied = append(tied, s.name)
			}
		}
		switch len(tied) {
		case 0:
		case 1:
			out = append(out, tied[0])
		default:
			out = append(out, r.rollOff(label, why, tied, round+1)...)
		}
	}
	return out
}

// Label joins parts into a stream label: Label("phase-01", "2.6", "kill-teams").
func Label(parts ...string) string { return strings.Join(parts, "/") }
