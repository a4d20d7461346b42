package schema

import (
	"fmt"
	"maps"
)

// Prescan checks data against lim and against what every file keeps to —
// values at most MaxDepth deep, keys at most MaxKeyBytes long — in one
// pass over its bytes that knows strings and comments but parses nothing
// else, so that no parser ever sees a file that would cost it more than a
// real one. Each fault is positioned where a limit is crossed; none means
// the file may go to a parser. What is not TOML it leaves to the parser.
func Prescan(data []byte, lim Limits) []Fault {
	faults, _ := prescanFrom(data, lim, nil, false)
	return faults
}

// Scanned is where a prescan that found nothing ended, at a line's start
// outside any array or inline table: a text that begins with the one it
// scanned is prescanned from there (PrescanFrom), as if whole. A journal
// grows by what each run adds to it, and a replay reads it after each.
type Scanned struct {
	lim   Limits
	n     int   // the bytes scanned
	table frame // the table the last header opened
	next  frame // the value last awaited (what follows may be read as it, in a text that is not TOML)
	work  int
	keys  map[uint64]bool // never changed once here: a scan from it copies them
}

// PrescanFrom is Prescan, going on from where from ended when data begins
// with the text from scanned — the caller's to know; from may be nil — and
// where this scan ended, when it found nothing and ended at a line's start
// (nil otherwise).
func PrescanFrom(data []byte, lim Limits, from *Scanned) ([]Fault, *Scanned) {
	return prescanFrom(data, lim, from, true)
}

// prescanFrom is PrescanFrom; without keep it makes no Scanned (Prescan:
// state.toml's keys at 100,000 battles, a million, copied for nothing).
func prescanFrom(data []byte, lim Limits, from *Scanned, keep bool) ([]Fault, *Scanned) {
	if f := TooLarge(data, lim.Bytes); f != nil {
		return []Fault{*f}, nil
	}
	if from != nil && (from.lim != lim || from.n > len(data)) {
		from = nil
	}
	start := 0
	if from != nil {
		start = from.n
	}
	if f := notText(data, start); f != nil {
		return []Fault{*f}, nil
	}
	s := prescanner{data: data, lim: lim}
	var next frame
	if from != nil {
		next = from.next
		s.i, s.table, s.work, s.keys = from.n, from.table, from.work, maps.Clone(from.keys)
	} else {
		// The keys' map is made about the size it grows to, as far as
		// the limit: growing a step at a time, it took a third of the
		// scan of a file of a million keys. A different key takes some 70
		// bytes of a real file (state.toml at 100,000 battles: 19 MB,
		// 275,000 keys); made for one in 16, as a text of nothing but
		// keys has, it was 38 MB for that state's 9 (BenchmarkPrescanState
		// 122 → 82 ms), and such a text grows it twice (+6 %).
		s.keys = make(map[uint64]bool, min(len(data)/64, lim.Keys+1))
	}
	state, next := s.run(next)
	if !keep || len(s.faults) > 0 || s.stop || s.open || len(s.stack) > 0 || state != awaitKey || len(data) > 0 && data[len(data)-1] != '\n' {
		return s.faults, nil
	}
	// The keys in a map of their own size: the scan's was made for as
	// many as the text could hold, and a scan from here copies them.
	keys := make(map[uint64]bool, len(s.keys))
	for k := range s.keys {
		keys[k] = true
	}
	return nil, &Scanned{lim: lim, n: len(data), table: s.table, next: next, work: s.work, keys: keys}
}

// TooLarge is the fault of a file of more than max bytes, where it passes
// max, or nil.
func TooLarge(data []byte, max int) *Fault {
	if len(data) <= max {
		return nil
	}
	line, col := lineCol(data, max)
	return &Fault{Line: line, Col: col, Message: fmt.Sprintf(
		"the file is too large: it goes past %s here, the most this kind of file may hold (a real campaign's are far smaller)", ByteSize(max))}
}

// notText is the fault of a file that holds a control character but tab
// and line ends — which TOML allows nowhere, not even in a string or a
// comment — at the first, or nil: such a file is not text (NUL bytes, a
// binary file, UTF-16), and any other fault, read as if it were, would
// say nothing true about it.
func notText(data []byte, start int) *Fault {
	for i, c := range data[start:] {
		i += start
		if c >= 0x20 || c == '\t' || c == '\n' || c == '\r' {
			continue
		}
		what := fmt.Sprintf("the control character U+%04X", c)
		if c == 0 {
			what = "a NUL byte (U+0000)"
		}
		line, col := lineCol(data, i)
		return &Fault{Line: line, Col: col, Message: fmt.Sprintf(
			"invalid TOML: the file holds %s here, so it is not text (TOML allows no control characters but tabs and line breaks); save it as UTF-8 text", what)}
	}
	return nil
}

// prescanner walks a TOML text as far as nesting goes — headers, keys,
// arrays and inline tables — skipping strings and comments, and counts
// what a parser will do: the work of every key, header and array
// element, and the distinct keys (by the hash of each key's path).
type prescanner struct {
	data   []byte
	i      int
	lim    Limits
	faults []Fault

	table frame   // the table the last header opened
	stack []frame // the arrays and inline tables open at i
	work  int
	keys  map[uint64]bool // the paths of the keys defined so far
	stop  bool            // a limit of the whole file was passed: the scan ends
	// open: the text ended inside a multi-line string, where a header's
	// key can leave the scan awaiting a key at a line's start; the text
	// after it would go on in the string, so there is nothing to go on
	// from.
	open bool
}

// frame is a table, array or inline table: the depth of the value it is
// and the hash of its path (an array's elements share their array's).
type frame struct {
	table bool
	depth int
	path  uint64
}

// What the scanner expects next.
const (
	awaitKey   = iota // a key: at a top-level line's start, or after { or , in an inline table
	awaitValue        // a value: after =, or after [ or , in an array
	afterValue        // a comma, a closing bracket or the end of the line
)

// run scans from i to the end, next being the value awaited there (its
// depth and path), and says what it expected next at the end, and the
// value last awaited.
func (s *prescanner) run(next frame) (state int, _ frame) {
	state = awaitKey
	for s.i < len(s.data) && !s.stop {
		c := s.data[s.i]
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			s.i++
		case c == '\n':
			s.i++
			if len(s.stack) == 0 {
				state = awaitKey
			}
		case c == '#':
			s.skipComment()
		case c == ']' || c == '}':
			// Closes the innermost array or inline table (a mismatch is
			// the parser's to report).
			if len(s.stack) > 0 {
				s.stack = s.stack[:len(s.stack)-1]
			}
			s.i++
			state = afterValue
		case c == ',':
			s.i++
			if n := len(s.stack); n > 0 && s.stack[n-1].table {
				state = awaitKey
			} else if n > 0 {
				state, next = awaitValue, s.element(s.stack[n-1])
			}
		case state == awaitKey && len(s.stack) == 0 && c == '[':
			s.header()
		case state == awaitKey:
			in := s.table
			if n := len(s.stack); n > 0 {
				in = s.stack[n-1]
			}
			key, ok := s.key(in)
			if !ok {
				s.i++ // not a key: the parser says what it is
				state = afterValue
				continue
			}
			next = key
			s.skipBlanks()
			if s.i < len(s.data) && s.data[s.i] == '=' {
				s.i++
			}
			state = awaitValue
		default: // a value, or what the parser will refuse
			if state == awaitValue {
				s.checkDepth(next.depth, s.i)
				if n := len(s.stack); n > 0 && !s.stack[n-1].table {
					s.count(next.depth, s.i) // an array's element
				}
			}
			switch c {
			case '[':
				arr := next
				arr.table = false
				s.stack = append(s.stack, arr)
				s.i++
				state, next = awaitValue, s.element(arr)
			case '{':
				tbl := next
				tbl.table = true
				s.stack = append(s.stack, tbl)
				s.i++
				state = awaitKey
			case '"', '\'':
				s.skipString()
				state = afterValue
			default:
				s.skipScalar()
				state = afterValue
			}
		}
	}
	return state, next
}

// element is the value awaited next in array arr.
func (s *prescanner) element(arr frame) frame {
	return frame{depth: arr.depth + 1, path: mix(arr.path, []byte{'['})}
}

// header reads [a.b] or [[a.b]]: the keys after it go into that table (an
// array of tables' new element: one level deeper, its keys shared by every
// element).
func (s *prescanner) header() {
	s.i++
	elem := false
	if s.i < len(s.data) && s.data[s.i] == '[' {
		s.i++
		elem = true
	}
	s.skipBlanks()
	start := s.i
	t, ok := s.key(frame{table: true})
	if !ok {
		s.table = frame{table: true}
		return
	}
	if elem {
		t = s.element(t)
		s.checkDepth(t.depth, start)
		s.count(t.depth, start)
	}
	t.table = true
	s.table = t
}

// key reads a dotted key in table in: each part, bare or quoted, is
// checked for length and depth, counted, and its path noted. It returns
// the key's own depth and path; ok is false if there is no key here.
func (s *prescanner) key(in frame) (key frame, ok bool) {
	key = in
	for {
		start := s.i
		var name []byte
		if s.i < len(s.data) && (s.data[s.i] == '"' || s.data[s.i] == '\'') {
			s.skipString()
			name = s.data[start+1 : max(start+1, s.i-1)]
		} else {
			for s.i < len(s.data) && !keyStop(s.data[s.i]) {
				s.i++
			}
			name = s.data[start:s.i]
		}
		if s.i == start {
			return key, ok
		}
		ok = true
		if len(name) > MaxKeyBytes {
			s.fault(start, fmt.Sprintf("key too long: %d bytes, at most %d", len(name), MaxKeyBytes))
		}
		key.depth++
		key.path = mix(key.path, name)
		s.checkDepth(key.depth, start)
		s.count(key.depth, start) // a dotted key's parts are tables a parser makes
		if !s.keys[key.path] {
			s.keys[key.path] = true
			if len(s.keys) == s.lim.Keys+1 {
				s.fault(start, fmt.Sprintf("too many keys: more than %d different ones (the keys of an array of tables' elements count once), the most this kind of file may hold (a real campaign's hold far fewer)", s.lim.Keys))
				s.stop = true
			}
		}
		s.skipBlanks()
		if s.stop || s.i >= len(s.data) || s.data[s.i] != '.' {
			return key, true
		}
		s.i++
		s.skipBlanks()
	}
}

// mix is the hash of a path: its parent's, extended by a part (FNV-1a,
// with a separator, so that the same file always counts the same).
func mix(h uint64, part []byte) uint64 {
	if h == 0 {
		h = 14695981039346656037
	}
	for _, c := range part {
		h = (h ^ uint64(c)) * 1099511628211
	}
	return (h ^ 0xff) * 1099511628211
}

// keyStop ends a bare key.
func keyStop(c byte) bool {
	switch c {
	case ' ', '\t', '\r', '\n', '.', '=', '#', ',', '[', ']', '{', '}', '"', '\'':
		return true
	}
	return false
}

// checkDepth refuses a value or key part at depth, found at offset off
// (the scan ends there).
func (s *prescanner) checkDepth(depth, off int) {
	if depth <= MaxDepth || s.stop {
		return
	}
	s.stop = true
	s.fault(off, fmt.Sprintf("nested too deeply: more than %d levels of tables, arrays and dotted-key parts (a campaign's files need at most 6)", MaxDepth))
}

// count adds the work of a key part, an array element or a header at
// depth, found at offset off, and refuses the one that passes the limit
// (the scan ends there).
func (s *prescanner) count(depth, off int) {
	s.work += ItemWork + depth
	if s.work > s.lim.Work && !s.stop {
		s.fault(off, fmt.Sprintf("too many values: counting %d for each key, table and array element plus 1 for each level it is nested at, the file passes %d here, the most this kind of file may hold (a real campaign's are far below)", ItemWork, s.lim.Work))
		s.stop = true
	}
}

func (s *prescanner) fault(off int, msg string) {
	line, col := lineCol(s.data, off)
	s.faults = append(s.faults, Fault{Line: line, Col: col, Message: msg})
}

func (s *prescanner) skipBlanks() {
	for s.i < len(s.data) && (s.data[s.i] == ' ' || s.data[s.i] == '\t') {
		s.i++
	}
}

func (s *prescanner) skipComment() {
	for s.i < len(s.data) && s.data[s.i] != '\n' {
		s.i++
	}
}

// skipScalar skips a number, date, boolean — or anything else up to where
// a value ends.
func (s *prescanner) skipScalar() {
	start := s.i
	for s.i < len(s.data) {
		switch s.data[s.i] {
		case ',', ']', '}', '\n', '#', '[', '{', '"', '\'':
			if s.i == start {
				s.i++ // never stand still
			}
			return
		}
		s.i++
	}
}

// skipString skips a basic or literal string, single- or multi-line,
// from its opening quote to just past its closing one (or the end of the
// line, for an unclosed single-line string: the parser reports it).
func (s *prescanner) skipString() {
	q := s.data[s.i]
	multi := s.i+2 < len(s.data) && s.data[s.i+1] == q && s.data[s.i+2] == q
	if !multi {
		s.i++
		for s.i < len(s.data) {
			switch c := s.data[s.i]; {
			case c == q:
				s.i++
				return
			case c == '\n':
				return
			case c == '\\' && q == '"':
				s.i += 2
			default:
				s.i++
			}
		}
		s.i = min(s.i, len(s.data))
		return
	}
	s.i += 3
	for s.i < len(s.data) {
		c := s.data[s.i]
		switch {
		case c == '\\' && q == '"':
			s.i += 2
		case c == q && s.i+2 < len(s.data) && s.data[s.i+1] == q && s.data[s.i+2] == q:
			// The closing quotes, and up to two more that belong to the text.
			s.i += 3
			for n := 0; n < 2 && s.i < len(s.data) && s.data[s.i] == q; n++ {
				s.i++
			}
			return
		default:
			s.i++
		}
	}
	s.i = min(s.i, len(s.data))
	s.open = true
}
