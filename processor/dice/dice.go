// Package dice rolls the campaign's dice from deterministic, labelled streams.
//
// Every stream is seeded with HMAC-SHA256(key, label) and drawn from ChaCha8,
// so the same key and label give the same dice on every machine and every Go
// release, and anyone who knows the key can re-roll every die of a campaign.
//
// The key of the streams is the campaign's public seed as it is (New), or,
// for a campaign that commits to a secret key, a key bound to the campaign
// and to the inputs (Bound):
//
//	campaign key = HKDF-SHA256(secret, info "warmaster dice/campaign\x00" + campaign)
//	chain(0)     = 32 zero bytes
//	chain(i)     = SHA-256(chain(i-1) || digest of step i's inputs)
//	step key(i)  = HMAC-SHA256(campaign key, "warmaster dice/step\x00" || chain(i))
//
// so the same secret rolls unrelated dice in two campaigns, and a step's
// dice depend on every input consumed up to it: files that did not exist
// when the key was committed.
package dice

import (
	"crypto/hkdf"
	"crypto/hmac"
	crand "crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
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
	campaign []byte   // the campaign key (Bound); nil with a public seed
	chain    [32]byte // the hash chain over every step's inputs so far (Bound)
	key      []byte   // the key of the streams: the seed, or the current step's key
	prior    []byte   // the key before the current step's inputs (Prior)
	streams  map[string]*rand.ChaCha8
	rolls    *[]Roll // shared with the Roller Prior returns
}

// New returns a Roller whose streams are keyed by the key as it is: a
// campaign's public seed (a seed hides nothing, so it is bound to nothing).
func New(seed string) *Roller {
	return &Roller{key: []byte(seed), prior: []byte(seed), streams: map[string]*rand.ChaCha8{}, rolls: new([]Roll)}
}

// Bound returns a Roller for a committed secret key, bound to the campaign
// (its identity: the campaign folder's name) by HKDF. Until the first Step
// its streams are keyed by the chain of no inputs.
func Bound(secret, campaign string) *Roller {
	ck, err := hkdf.Key(sha256.New, []byte(secret), nil, "warmaster dice/campaign\x00"+campaign, sha256.Size)
	if err != nil {
		panic(err) // only for a length SHA-256 cannot give
	}
	r := &Roller{campaign: ck, streams: map[string]*rand.ChaCha8{}, rolls: new([]Roll)}
	r.key = r.stepKey()
	r.prior = r.key
	return r
}

func (r *Roller) stepKey() []byte {
	mac := hmac.New(sha256.New, r.campaign)
	mac.Write([]byte("warmaster dice/step\x00"))
	mac.Write(r.chain[:])
	return mac.Sum(nil)
}

// Step begins the next step, whose inputs have the given digest: a bound
// Roller mixes it into its chain and keys the step's streams by it; every
// Roller starts fresh streams (a step's dice are re-rolled from its labels
// alone).
func (r *Roller) Step(inputs [32]byte) {
	r.streams = map[string]*rand.ChaCha8{}
	if r.campaign == nil {
		return
	}
	r.prior = r.key
	r.chain = sha256.Sum256(append(r.chain[:], inputs[:]...))
	r.key = r.stepKey()
}

// Prior returns a Roller keyed as this one was before the current step's
// inputs were mixed in, whose rolls are recorded here: the roll of a step
// that decides what the step's own inputs may hold, so that a check of them
// (a Fork taken before the step) rolls the same.
func (r *Roller) Prior() *Roller {
	return &Roller{campaign: r.campaign, key: r.prior, prior: r.prior, streams: map[string]*rand.ChaCha8{}, rolls: r.rolls}
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
	*r.rolls = append(*r.rolls, Roll{Label: label, Dice: fmt.Sprintf("D%d", sides), Result: v, Why: why})
	return v
}

// D6 rolls one six-sided die.
func (r *Roller) D6(label, why string) int { return r.D(6, label, why) }

// Fork returns a Roller with the same keys and fresh streams: it rolls the
// dice this one would roll on labels it has not used yet, without recording
// them here (a check that needs to know a roll-off's winner ahead of the
// step that makes it).
func (r *Roller) Fork() *Roller {
	f := *r
	f.streams, f.rolls = map[string]*rand.ChaCha8{}, new([]Roll)
	return &f
}

// Rolls returns every roll made so far, in the order they were made.
func (r *Roller) Rolls() []Roll { return *r.rolls }

// Take returns the rolls made since mark (an earlier len(Rolls())).
func (r *Roller) Take(mark int) []Roll {
	out := make([]Roll, len(*r.rolls)-mark)
	copy(out, (*r.rolls)[mark:])
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

// KeyBytes is the size of a key NewKey makes: 256 bits.
const KeyBytes = 32

// MinKeyBytes is the least entropy a secret key must carry: 128 bits.
const MinKeyBytes = 16

// NewKey returns a new random secret key: 256 bits from the operating
// system's generator, as 64 hex characters.
func NewKey() string {
	var b [KeyBytes]byte
	crand.Read(b[:]) // never fails (crypto/rand: it crashes the program rather than return short)
	return hex.EncodeToString(b[:])
}

// ErrWeakKey: a secret key too short to carry 128 bits of entropy.
var ErrWeakKey = errors.New("a dice key needs at least 128 bits: 32 or more hex characters, or base64 of 16 or more bytes")

// CheckKey refuses a secret key that cannot hold 128 bits of entropy: hex
// of fewer than 32 characters, or anything else that is not base64
// (standard or URL alphabet, padded or not) of 16 or more bytes. It cannot
// see a key that is long but guessable ("aaaa…"): make keys with NewKey.
func CheckKey(key string) error {
	if key != "" && strings.Trim(key, "0123456789abcdefABCDEF") == "" {
		// Hex carries 4 bits a character, though base64 would read more.
		if len(key) >= 2*MinKeyBytes {
			return nil
		}
		return ErrWeakKey
	}
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		if b, err := enc.DecodeString(key); err == nil && len(b) >= MinKeyBytes {
			return nil
		}
	}
	return ErrWeakKey
}
