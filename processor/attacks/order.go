package attacks

import (
	"cmp"
	"encoding/binary"
	"slices"
)

// ProcessingOrder is the order 2.4 Process Battle Results processes the
// battles in: those played, by when, then the rest; by id where that ties
// (RULINGS 6). Battle ids are unique: the order is total.
//
// Sorted by keys taken once (a fought is large, and its result elsewhere:
// 100,000 comparisons' reads of both missed the cache): the time played as
// its seconds and nanoseconds since 1970, which order as the instants do,
// and the id's first eight bytes as a number (idPrefix), which orders as
// the ids do wherever they differ in it; only ids alike in those are
// compared as strings. A public campaign's battles mostly tie on the time
// (results given by the day), so most comparisons are of ids.
func ProcessingOrder(fought []Fought) []*Fought {
	type key struct {
		sec  int64
		nsec int32
		has  bool
		pre  uint64
		id   string
		f    *Fought
	}
	keys := make([]key, len(fought))
	for i := range fought {
		f := &fought[i]
		keys[i] = key{pre: idPrefix(f.ID), id: f.ID, f: f}
		if f.Result != nil && f.Result.HasPlayed {
			keys[i].sec, keys[i].nsec, keys[i].has = f.Result.Played.Unix(), int32(f.Result.Played.Nanosecond()), true
		}
	}
	slices.SortFunc(keys, func(x, y key) int {
		switch {
		case x.has && y.has:
			if c := cmp.Or(cmp.Compare(x.sec, y.sec), cmp.Compare(x.nsec, y.nsec)); c != 0 {
				return c
			}
		case x.has:
			return -1
		case y.has:
			return 1
		}
		return cmp.Or(cmp.Compare(x.pre, y.pre), cmp.Compare(x.id, y.id))
	})
	out := make([]*Fought, len(keys))
	for i, k := range keys {
		out[i] = k.f
	}
	return out
}

// idPrefix is an id's first eight bytes as a big-endian number, zeros
// after a shorter id's end. Two ids whose prefixes differ order as their
// prefixes do: at the first byte they differ in, either both have one, or
// the one that has none there is a prefix of the other, and sorts first
// either way. Ids whose prefixes are equal are left to a comparison of the
// whole ids.
func idPrefix(id string) uint64 {
	var b [8]byte
	copy(b[:], id)
	return binary.BigEndian.Uint64(b[:])
}
