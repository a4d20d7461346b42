package schema

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// What any file may hold, checked by Prescan before a TOML parser sees it.
// A parser's cost grows with the square of how deep values nest and how
// many parts a dotted key has (10,000 nested inline tables, 40 KB, took
// 32 s and 5 GB to decode), so those are bounded before parsing, as are a
// key's length and the size of each kind of file. Every bound is well
// above what a real campaign writes (see Limit and docs/reference.md, Limits).
const (
	// MaxDepth is how deep a value may sit: the parts of its table's
	// header, of its dotted key, and the arrays and inline tables around
	// it, each count one (the length of its JSON pointer). Warmaster's
	// own files need 6.
	MaxDepth = 32
	// MaxKeyBytes is the longest key, in bytes (of each part of a dotted
	// key). Keys are ids and names: a GitHub login is at most 39.
	MaxKeyBytes = 256
	// MaxIDRunes is the longest id (of a planet, fleet, alliance…), in
	// characters: the schemas' "maxLength" of an id. Ids are short words
	// (the longest in a real campaign has 13), and every fault that names
	// an unknown one compares it with the known ones.
	MaxIDRunes = 64
)

// MaxFaults is the most faults listed for one file. A file within its
// limits holds at most a few thousand items unless it is one of the
// Warmaster's big files; past this many, the faults that come first in
// the document are listed (see ComparePointers), and one more says how
// many were left out, so that a hostile file cannot make the listing —
// positioning, sorting, printing — cost more than the parse.
const MaxFaults = 10000

// ComparePointers orders JSON pointers as far as possible as their values
// come in a document: segment by segment, an ancestor first, array
// indices by number (a table's keys, whose order a decoded document has
// lost, alphabetically).
func ComparePointers(a, b string) int {
	for a != "" || b != "" {
		if a == "" {
			return -1
		}
		if b == "" {
			return 1
		}
		var sa, sb string
		sa, a = nextSegment(a)
		sb, b = nextSegment(b)
		if sa == sb {
			continue
		}
		if isIndex(sa) && isIndex(sb) {
			if c := cmp.Compare(len(sa), len(sb)); c != 0 {
				return c
			}
		}
		return strings.Compare(sa, sb)
	}
	return 0
}

// nextSegment splits "/a/b" into "a" and "/b".
func nextSegment(p string) (string, string) {
	p = p[1:]
	if i := strings.IndexByte(p, '/'); i >= 0 {
		return p[:i], p[i:]
	}
	return p, ""
}

func isIndex(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// CapFaults returns list unchanged when it holds at most MaxFaults+1
// faults (the last may already be a MoreFaults) and none were dropped
// before they were made. Otherwise it returns the MaxFaults+1 that come
// first by their pointers (ComparePointers, then key's second value) and
// how many more than MaxFaults there are, dropped ones included: the
// caller words the last one kept with MoreFaults, so that it says how
// many more there are, where one of them is.
func CapFaults[T any](list []T, dropped int, key func(T) (pointer, message string)) ([]T, int) {
	if len(list) <= MaxFaults+1 && dropped == 0 {
		return list, 0
	}
	less := func(x, y T) int {
		px, mx := key(x)
		py, my := key(y)
		return cmp.Or(ComparePointers(px, py), strings.Compare(mx, my))
	}
	kept := firstN(list, MaxFaults+1, less)
	slices.SortFunc(kept, less)
	return kept, len(list) + dropped - MaxFaults
}

// firstN returns the n smallest of list by cmp, in no order: a heap of the
// n smallest so far, whose largest most of a long list does not beat (a
// million faults are not all sorted to keep ten thousand).
func firstN[T any](list []T, n int, cmp func(T, T) int) []T {
	if len(list) <= n {
		return slices.Clone(list)
	}
	h := slices.Clone(list[:n])
	// A max-heap: h[0] is the largest kept.
	down := func(i int) {
		for {
			l, big := 2*i+1, i
			if l < n && cmp(h[l], h[big]) > 0 {
				big = l
			}
			if r := l + 1; r < n && cmp(h[r], h[big]) > 0 {
				big = r
			}
			if big == i {
				return
			}
			h[i], h[big] = h[big], h[i]
			i = big
		}
	}
	for i := n/2 - 1; i >= 0; i-- {
		down(i)
	}
	for _, x := range list[n:] {
		if cmp(x, h[0]) < 0 {
			h[0] = x
			down(0)
		}
	}
	return h
}

// MoreFaults is the message of the fault that stands for the left more
// problems of a file than MaxFaults.
func MoreFaults(left int) string {
	return fmt.Sprintf("…and %d more problems in this file, this one among them: at most %d are listed a file", left, MaxFaults)
}

// Limits are what one file may hold, checked by Prescan.
type Limits struct {
	// Bytes is its size.
	Bytes int
	// Work bounds what a parser does for it: every key (each part of a
	// dotted key), table header and array element counts ItemWork, plus
	// one for each table or array it is inside. A parser's cost is per
	// value more than per byte, and a deep one costs more: 4 MB of
	// `[1,1,1,…]` took 5 s to decode, 1 MB of values 30 deep 17 s.
	Work int
	// Keys is the most different keys it may define: every key path
	// counts once (the keys of the elements of an array of tables, alike
	// in each element, once for all). A parser keeps each in a table of
	// its own: a million of them cost ten times what a million values
	// of an array of tables do.
	Keys int
}

// limits are what each kind of file may hold: ten times (or more) what
// the largest real campaign writes, measured on the example campaign and
// on simulated ones of 12 and of 300 players (600 fleets, 100 planets);
// campaign.toml and map.toml are sized for the scale test's 100,000
// players and fleets on 12,500 planets.
var limits = map[Kind]Limits{
	Campaign: {16 << 20, 21 << 18, MaxKeys}, // largest real: 44 KB, work 23,000 (300 players, 600 fleets); the scale test's 9.0 MB, work 5.0 million
	Map:      {4 << 20, 2 << 20, MaxKeys},   // 15 KB, work 11,000 (100 planets); the scale test's 1.8 MB, work 1.2 million
	Setup:    player,                        // 2.9 KB, work 1,400
	Orders:   player,                        // 1 KB
	Results:  player,                        // 1.1 KB, work 300 (the example's, with war engines)
	Moves:    player,                        // 70 bytes
	Builds:   player,                        // 150 bytes
	Events:   player,                        // 1.5 KB
	Tiebreak: player,                        // a few battles
	Engine:   player,                        // 1.1 KB
	// A confirmation or a ruling: a digest and a sentence.
	Confirmations: player,
	Rulings:       player,
}

// player are the limits of the files players write (and of a war engine's
// profile): far above any real one, which is a few KB at most.
var player = Limits{Bytes: 256 << 10, Work: 128 << 10, Keys: MaxKeys}

// ItemWork is what a key, header or array element counts towards
// Limits.Work besides its depth: fitted to what the TOML parser spends on
// flat and on deep values.
const ItemWork = 4

// MaxKeys is the most different keys a player's or the Warmaster's file
// defines: the most a real one needs is a few hundred, in a set-up's
// [fleets] (one key per fleet of an Alliance).
const MaxKeys = 64 << 10

// LimitOf is what a file of kind may hold (zero for an unknown kind).
func LimitOf(kind Kind) Limits { return limits[kind] }

// ByteSize words a size: 65536 -> "64 KiB".
func ByteSize(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.Itoa(n>>20) + " MiB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.Itoa(n>>10) + " KiB"
	}
	return strconv.Itoa(n) + " bytes"
}
