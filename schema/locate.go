package schema

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pelletier/go-toml/v2/unstable"
)

// Locate returns the position of the value at pointer in the TOML text: for
// `key = value` the position of the value's first character; for a table or
// array-of-tables element defined by a header ([a.b] / [[a]]) the position of
// the header's first '['; for an element of an inline array, that element. If
// the pointer is not present, the position of its nearest present ancestor;
// the root (or unparseable text) is 1:1. To locate several pointers in one
// text, LocateAll parses it once for all of them.
func Locate(data []byte, pointer string) (line, col int) {
	p := LocateAll(data, []Query{{Pointer: pointer}})[0]
	return p.Line, p.Col
}

// LocateKey is like Locate but returns the position of the key itself for
// `key = value` pairs (used for "unknown key" faults). For a pointer that is
// not present it returns what Locate returns.
func LocateKey(data []byte, pointer string) (line, col int) {
	p := LocateAll(data, []Query{{Pointer: pointer, Key: true}})[0]
	return p.Line, p.Col
}

// Query asks where a value is: Pointer is its JSON pointer (RFC 6901); with
// Key, the position of its key rather than of the value (see LocateKey).
type Query struct {
	Pointer string
	Key     bool
}

// Position is a 1-based line and column (in characters).
type Position struct {
	Line, Col int
}

// LocateAll answers every query about one TOML text in one pass over it:
// the text is parsed once, and only the places the queries need (each
// pointer and its ancestors) are kept, so a file with thousands of faults
// costs one parse, not one each.
func LocateAll(data []byte, queries []Query) []Position {
	data = stripBOM(data)
	want := map[string]bool{"": true}
	split := make([][]string, len(queries))
	for i, q := range queries {
		split[i] = splitPointer(q.Pointer)
		for n := len(split[i]); n > 0; n-- {
			k := joinPointer(split[i][:n])
			if want[k] {
				break // its ancestors are in already
			}
			want[k] = true
		}
	}
	ix := buildIndex(data, want)
	out := make([]Position, len(queries))
	for i, q := range queries {
		out[i].Line, out[i].Col = ix.locate(data, split[i], q.Key)
	}
	return out
}

// place is where one value sits: byte offsets of its first character and of
// its key (the same as val when it has no key of its own).
type place struct {
	val, key int
	implicit bool // a table created by a dotted key or a longer header
}

// index maps the wanted JSON pointers present in a TOML text to their
// places. It is built with go-toml's unstable parser, which keeps byte
// ranges, and only when a position is needed.
type index struct {
	places map[string]place
	arrays map[string]int // array-of-tables pointer -> elements so far
	lines  []int          // byte offset of the start of each line, to end
	end    int            // the furthest offset of a place
}

func (ix *index) locate(data []byte, segs []string, key bool) (int, int) {
	for n := len(segs); n > 0; n-- {
		if p, ok := ix.places[joinPointer(segs[:n])]; ok {
			off := p.val
			if key && n == len(segs) {
				off = p.key
			}
			return ix.lineCol(data, off)
		}
	}
	return 1, 1
}

// lineCol is the package's lineCol, with a binary search over line starts
// instead of a scan, for files with many faults.
func (ix *index) lineCol(data []byte, off int) (int, int) {
	off = min(max(off, 0), len(data))
	if ix.lines == nil {
		ix.lines = []int{0}
		for i, c := range data[:min(ix.end, len(data))] { // as far as the last place
			if c == '\n' {
				ix.lines = append(ix.lines, i+1)
			}
		}
	}
	line, _ := slices.BinarySearch(ix.lines, off+1) // lines starting at or before off
	return line, utf8.RuneCount(data[ix.lines[line-1]:off]) + 1
}

// buildIndex indexes the places of data whose pointers are in want (which
// holds the ancestors of each of its pointers too). It never fails: on a
// syntax error it keeps what it indexed before the error.
func buildIndex(data []byte, want map[string]bool) (ix *index) {
	ix = &index{places: map[string]place{}, arrays: map[string]int{}}
	b := &indexer{ix: ix, data: data, want: want, need: len(want)}
	if want[""] {
		b.need-- // the text itself: never a place
	}
	defer func() {
		// The walk only reads offsets the parser produced, but a position
		// index must never take a caller down with it.
		_ = recover()
	}()
	var p unstable.Parser
	p.Reset(data)
	var current []string // the table the last header opened
	wanted := true       // whether anything in it is asked for
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.KeyValue:
			if wanted {
				b.keyValue(current, e)
			}
		case unstable.Table, unstable.ArrayTable:
			current = b.header(e)
			wanted = b.wanted(current)
		}
		if b.found == b.need {
			break // every place asked for is where the text defines it: nothing after moves it
		}
	}
	return ix
}

type indexer struct {
	ix   *index
	data []byte
	want map[string]bool // the pointers to keep, with their ancestors
	// found counts the wanted places known explicitly (never replaced),
	// of need: when all are, the rest of the text is not read (a note
	// on campaign.toml's second line need not parse its 9 MB).
	found, need int
}

// wanted says whether the place at segs, or one below it, is asked for.
func (b *indexer) wanted(segs []string) bool { return b.want[joinPointer(segs)] }

// set records a place, if it is wanted, unless an explicit one is already
// known; an implicit place is replaced by an explicit one.
func (b *indexer) set(segs []string, p place) { b.setAt(joinPointer(segs), p) }

// setAt is set, for the place at pointer k.
func (b *indexer) setAt(k string, p place) {
	if !b.want[k] {
		return
	}
	if old, ok := b.ix.places[k]; ok && (!old.implicit || p.implicit) {
		return
	}
	if !p.implicit {
		b.found++
	}
	b.ix.places[k] = p
	b.ix.end = max(b.ix.end, p.val, p.key)
}

// header handles [a.b] and [[a.b]] and returns the path of the table that
// the following key/value pairs go into.
func (b *indexer) header(e *unstable.Node) []string {
	var parts []*unstable.Node
	it := e.Key()
	for it.Next() {
		parts = append(parts, it.Node())
	}
	if len(parts) == 0 {
		return nil
	}
	// Table and ArrayTable nodes carry no range: walk back from the first
	// key to the opening bracket(s).
	start := int(parts[0].Raw.Offset)
	brackets := 1
	if e.Kind == unstable.ArrayTable {
		brackets = 2
	}
	for start > 0 && brackets > 0 {
		start--
		if b.data[start] == '[' {
			brackets--
		}
	}

	var segs []string
	for i, k := range parts {
		segs = append(segs, string(k.Data))
		last := i == len(parts)-1
		ptr := joinPointer(segs)
		switch {
		case last && e.Kind == unstable.ArrayTable:
			b.setAt(ptr, place{val: start, key: start})
			n := b.ix.arrays[ptr]
			b.ix.arrays[ptr] = n + 1
			segs = append(segs, itoa(n))
			b.set(segs, place{val: start, key: start})
		case last:
			b.setAt(ptr, place{val: start, key: start})
		default:
			b.setAt(ptr, place{val: start, key: start, implicit: true})
			if n, ok := b.ix.arrays[ptr]; ok && n > 0 {
				segs = append(segs, itoa(n-1))
			}
		}
	}
	return segs
}

// keyValue handles `a.b = value` inside the table at base.
func (b *indexer) keyValue(base []string, e *unstable.Node) {
	if !b.wanted(base) {
		return // nothing below base is asked for
	}
	segs := append([]string(nil), base...)
	value := e.Value()
	var lastKey *unstable.Node
	it := e.Key()
	for it.Next() {
		k := it.Node()
		if lastKey != nil {
			off := int(lastKey.Raw.Offset)
			b.set(segs, place{val: off, key: off, implicit: true})
			if !b.wanted(segs) {
				return
			}
		}
		segs = append(segs, string(k.Data))
		lastKey = k
	}
	if lastKey == nil || !b.wanted(segs) {
		return
	}
	start := b.valueStart(value, int(lastKey.Raw.Offset+lastKey.Raw.Length))
	b.set(segs, place{val: start, key: int(lastKey.Raw.Offset)})
	b.value(segs, value, start)
}

// valueStart is the offset of value's first character; after is the end of
// its key. Arrays carry no range: skip the `=` and the blanks around it.
func (b *indexer) valueStart(value *unstable.Node, after int) int {
	if value.Kind != unstable.Array {
		return int(value.Raw.Offset)
	}
	i := b.skipBlanks(after)
	if i < len(b.data) && b.data[i] == '=' {
		i = b.skipBlanks(i + 1)
	}
	return i
}

// value indexes the insides of a value starting at start and returns the
// offset just past it. segs is nil for a value nothing inside of which is
// asked for: it is only measured (an array's elements carry no range, so
// the next one starts where this one ends).
func (b *indexer) value(segs []string, n *unstable.Node, start int) int {
	switch n.Kind {
	case unstable.InlineTable:
		end := start + 1
		it := n.Children()
		for it.Next() {
			kv := it.Node()
			if kv.Kind != unstable.KeyValue {
				continue
			}
			if segs != nil {
				b.keyValue(segs, kv)
			}
			end = int(kv.Raw.Offset + kv.Raw.Length)
		}
		return b.closing(end, '}')
	case unstable.Array:
		pos := start + 1
		i := 0
		it := n.Children()
		for it.Next() {
			c := it.Node()
			if c.Kind == unstable.Comment {
				continue
			}
			cs := b.skipFiller(pos)
			if c.Kind != unstable.Array {
				cs = int(c.Raw.Offset)
			}
			var el []string
			if segs != nil {
				el = append(segs[:len(segs):len(segs)], itoa(i))
				b.set(el, place{val: cs, key: cs})
				if !b.wanted(el) {
					el = nil
				}
			}
			pos = b.value(el, c, cs)
			i++
		}
		return b.closing(pos, ']')
	default:
		return int(n.Raw.Offset + n.Raw.Length)
	}
}

// closing returns the offset just past the closing bracket c found after
// blanks, newlines, comments and commas from i.
func (b *indexer) closing(i int, c byte) int {
	i = b.skipFiller(i)
	if i < len(b.data) && b.data[i] == c {
		return i + 1
	}
	return i
}

func (b *indexer) skipBlanks(i int) int {
	for i < len(b.data) && (b.data[i] == ' ' || b.data[i] == '\t') {
		i++
	}
	return i
}

// skipFiller skips what may sit between the elements of an array or inline
// table: blanks, newlines, comments and commas.
func (b *indexer) skipFiller(i int) int {
	for i < len(b.data) {
		switch b.data[i] {
		case ' ', '\t', '\r', '\n', ',':
			i++
		case '#':
			for i < len(b.data) && b.data[i] != '\n' {
				i++
			}
		default:
			return i
		}
	}
	return i
}

// lineCol converts a byte offset into a 1-based line and a 1-based column
// counted in characters (invalid UTF-8 bytes count one each).
func lineCol(data []byte, off int) (int, int) {
	if off > len(data) {
		off = len(data)
	}
	if off < 0 {
		off = 0
	}
	line, lineStart := 1, 0
	for i := 0; i < off; i++ {
		if data[i] == '\n' {
			line++
			lineStart = i + 1
		}
	}
	return line, utf8.RuneCount(data[lineStart:off]) + 1
}

// splitPointer splits an RFC 6901 pointer into unescaped segments.
func splitPointer(p string) []string {
	if p == "" {
		return nil
	}
	p = strings.TrimPrefix(p, "/")
	parts := strings.Split(p, "/")
	for i, s := range parts {
		parts[i] = unescapeToken(s)
	}
	return parts
}

func unescapeToken(s string) string {
	if !strings.Contains(s, "~") {
		return s
	}
	return strings.NewReplacer("~1", "/", "~0", "~").Replace(s)
}

func escapeToken(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(s)
}

// joinPointer builds an RFC 6901 pointer from segments.
func joinPointer(segs []string) string {
	var sb strings.Builder
	for _, s := range segs {
		sb.WriteByte('/')
		sb.WriteString(escapeToken(s))
	}
	return sb.String()
}

func itoa(i int) string { return strconv.Itoa(i) }
