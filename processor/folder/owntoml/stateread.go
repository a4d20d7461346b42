package owntoml

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ReadStateLines reads a state.toml in the layout StateDoc.Write writes,
// line by line, into what the TOML library would decode it to
// (statewrite_test.go, its fuzz target and every rules case hold the two to
// the same result). It is a tenth of the library's cost, which was most of
// loading a big campaign. Anything else — a hand edit, a comment, another
// spacing, a duplicate — is refused: it returns the number of the first
// line not in the layout (0 when every line was read), and the caller
// decodes with the library, which says where the file is wrong.
func ReadStateLines(data []byte) (StateDoc, int) {
	if bad := invalidUTF8Line(data); bad > 0 {
		return StateDoc{}, bad
	}
	// The tables' maps are made at their size (bounded by the keys the
	// limits allow): grown a step at a time, a state of half a million
	// fleets spent a third of its reading rehashing them.
	tables := min(bytes.Count(data, []byte("]\n")), MaxStateKeys)
	r := stateReader{seen: make(map[string]bool, tables), elems: map[string]int{}}
	r.fleets = min(bytes.Count(data, []byte("[fleets.")), tables)
	r.orders = min(bytes.Count(data, []byte("[[orders]]\n")), tables)
	r.set = r.root
	for n := 1; len(data) > 0; n++ {
		var line []byte
		line, data = nextLine(data)
		line = bytes.TrimLeft(line, " ")
		switch {
		case len(line) == 0:
		case line[0] == '#':
			if bytes.ContainsAny(line, "\r\x7f") || bytes.IndexFunc(line, isControl) >= 0 {
				return StateDoc{}, n
			}
		case line[0] == '[':
			if !r.header(line) {
				return StateDoc{}, n
			}
		default:
			if !r.keyValue(line) {
				return StateDoc{}, n
			}
		}
	}
	return r.f, 0
}

// invalidUTF8Line is the number of the first line that is not UTF-8 (0
// when every line is).
func invalidUTF8Line(data []byte) int {
	if utf8.Valid(data) {
		return 0
	}
	n := 1
	for len(data) > 0 {
		r, size := utf8.DecodeRune(data)
		if r == utf8.RuneError && size <= 1 {
			return n
		}
		if r == '\n' {
			n++
		}
		data = data[size:]
	}
	return n
}

// nextLine splits off the first line (without its \n).
func nextLine(data []byte) (line, rest []byte) {
	if i := bytes.IndexByte(data, '\n'); i >= 0 {
		return data[:i], data[i+1:]
	}
	return data, nil
}

func isControl(r rune) bool { return r < 0x20 && r != '\t' }

// tval is a value as written: a string, an integer, a boolean or an array
// of strings or of integers.
type tval struct {
	kind byte // 's', 'i', 'b', 'a' (array)
	s    string
	n    int
	b    bool
	strs []string
	ints []int
	mix  byte // an array's element kind: 0 (empty), 's' or 'i'
}

// stateReader fills a StateDoc. set takes a key and value of the table
// the last header opened and says whether it belongs there.
type stateReader struct {
	f     StateDoc
	set   func(k string, v tval) bool
	keys  map[string]bool // keys of the current table
	seen  map[string]bool // tables opened (a table may not be opened twice)
	order *OrderFile
	// elems counts the elements of [[orders]], [[events]] and [[effects]]:
	// a table below one ([orders.outcome]) is that element's.
	elems  map[string]int
	fleets int // how many [fleets.<id>] tables the file has, about
	orders int // and [[orders]] elements: 100,000 a phase, grown a step at a time 64 MB for 17
}

func (r *stateReader) keyValue(line []byte) bool {
	k, rest, ok := readKey(line)
	if !ok || !bytes.HasPrefix(rest, []byte(" = ")) {
		return false
	}
	v, rest, ok := readValue(rest[3:])
	if !ok || len(rest) != 0 || r.keys[k] {
		return false
	}
	if r.keys == nil {
		r.keys = map[string]bool{}
	}
	r.keys[k] = true
	return r.set(k, v)
}

func (r *stateReader) header(line []byte) bool {
	array := bytes.HasPrefix(line, []byte("[["))
	open, close := "[", "]"
	if array {
		open, close = "[[", "]]"
	}
	line = line[len(open):]
	var path []string
	for {
		k, rest, ok := readKey(line)
		if !ok {
			return false
		}
		path = append(path, k)
		if bytes.Equal(rest, []byte(close)) {
			break
		}
		if len(rest) == 0 || rest[0] != '.' {
			return false
		}
		line = rest[1:]
	}
	if len(r.keys) <= 16 {
		clear(r.keys) // a few keys a table: no map made for each
	} else {
		r.keys = nil // clear costs what the map grew to
	}
	if array && len(path) == 1 {
		r.elems[path[0]]++
	} else if !array {
		id := r.tableID(path)
		if r.seen[id] {
			return false
		}
		r.seen[id] = true
	}
	r.set = r.open(path, array)
	return r.set != nil && r.parentsSeen(path)
}

// tableID names a table; one below an element of [[orders]], [[events]] or
// [[effects]] is that element's.
func (r *stateReader) tableID(path []string) string {
	id := strings.Join(path, "\x00")
	if n, ok := r.elems[path[0]]; ok {
		id += "\x00#" + strconv.Itoa(n)
	}
	return id
}

// parentsSeen: each table below the top is opened after its parent, as
// tomlOut writes them (TOML would allow the parent implied).
func (r *stateReader) parentsSeen(path []string) bool {
	for i := 1; i < len(path); i++ {
		if _, ok := r.elems[path[0]]; ok && i == 1 {
			continue // the array's element itself
		}
		if !r.seen[r.tableID(path[:i])] {
			return false
		}
	}
	return true
}

// open returns the setter of the table at path (nil: not a table of the state).
func (r *stateReader) open(path []string, array bool) func(string, tval) bool {
	f := &r.f
	n := len(path)
	switch {
	case !array && n == 1 && path[0] == "points":
		f.Points = map[string]int{}
		return intsInto(f.Points)
	case !array && n == 1 && path[0] == "end":
		f.End = &EndFile{}
		e := f.End
		return func(k string, v tval) bool {
			switch k {
			case "winner":
				return v.str(&e.Winner)
			case "tied":
				return v.strList(&e.Tied)
			case "how":
				return v.str(&e.How)
			}
			return false
		}
	case !array && n == 2 && path[0] == "end" && path[1] == "medals" && f.End != nil:
		f.End.Medals = map[string]MedalFile{}
		return none
	case !array && (n == 3 || n == 4) && path[0] == "end" && path[1] == "medals" && f.End != nil && f.End.Medals != nil:
		m := f.End.Medals
		id := path[2]
		if n == 4 {
			mf, ok := m[id]
			if !ok || path[3] != "scores" {
				return nil
			}
			mf.Scores = map[string]int{}
			m[id] = mf
			return intsInto(mf.Scores)
		}
		m[id] = MedalFile{}
		return func(k string, v tval) bool {
			mf := m[id]
			defer func() { m[id] = mf }()
			switch k {
			case "alliance":
				return v.str(&mf.Alliance)
			case "players":
				return v.strList(&mf.Players)
			case "how":
				return v.str(&mf.How)
			}
			return false
		}
	case !array && n == 1 && path[0] == "planets":
		f.Planets = map[string]PlanetFile{}
		return none
	case n >= 2 && path[0] == "planets" && f.Planets != nil:
		return r.openPlanet(path[1:], array)
	case !array && n == 1 && path[0] == "fleets":
		f.Fleets = make(map[string]FleetFile, r.fleets)
		return none
	case !array && n == 2 && path[0] == "fleets" && f.Fleets != nil:
		id := path[1]
		f.Fleets[id] = FleetFile{}
		return func(k string, v tval) bool {
			ff := f.Fleets[id]
			defer func() { f.Fleets[id] = ff }()
			switch k {
			case "planet":
				return v.str(&ff.Planet)
			case "player":
				return v.str(&ff.Player)
			}
			return false
		}
	case array && n == 1 && path[0] == "orders":
		if f.Orders == nil {
			f.Orders = make([]OrderFile, 0, r.orders)
		}
		f.Orders = append(f.Orders, OrderFile{})
		r.order = &f.Orders[len(f.Orders)-1]
		return r.setOrder
	case !array && n == 2 && path[0] == "orders" && path[1] == "outcome" && len(f.Orders) > 0:
		o := &f.Orders[len(f.Orders)-1]
		o.Outcome = &OutcomeFile{}
		return setOutcome(o.Outcome)
	case !array && n == 1 && path[0] == "war_engines":
		f.WarEngines = map[string]EngineFile{}
		return none
	case n >= 2 && path[0] == "war_engines" && f.WarEngines != nil:
		return r.openEngine(path[1:], array)
	case !array && n == 1 && path[0] == "players":
		f.Players = map[string]PlayerFile{}
		return none
	case !array && n == 2 && path[0] == "players" && f.Players != nil:
		id := path[1]
		f.Players[id] = PlayerFile{}
		return func(k string, v tval) bool {
			if k != "alliance" {
				return false
			}
			var a string
			ok := v.str(&a)
			f.Players[id] = PlayerFile{Alliance: a}
			return ok
		}
	case n >= 1 && (path[0] == "events" || path[0] == "effects"):
		return r.openEffect(path, array)
	case !array && n == 1 && path[0] == "benefits":
		f.Benefits = map[string]string{}
		return strsInto(f.Benefits)
	}
	return nil
}

func (r *stateReader) openPlanet(path []string, array bool) func(string, tval) bool {
	ps, id := r.f.Planets, path[0]
	switch {
	case !array && len(path) == 1:
		ps[id] = PlanetFile{}
		return func(k string, v tval) bool {
			p := ps[id]
			defer func() { ps[id] = p }()
			return k == "destroyed" && v.boolean(&p.Destroyed)
		}
	case !array && len(path) == 2 && path[1] == "power":
		p, ok := ps[id]
		if !ok {
			return nil
		}
		p.Power = map[string]int{}
		ps[id] = p
		return intsInto(p.Power)
	case array && len(path) == 2 && path[1] == "locations":
		p, ok := ps[id]
		if !ok {
			return nil
		}
		p.Locations = append(p.Locations, LocFile{})
		ps[id] = p
		l := &p.Locations[len(p.Locations)-1]
		return func(k string, v tval) bool {
			switch k {
			case "status":
				return v.text(&l.Status)
			case "alliance":
				return v.str(&l.Alliance)
			case "type":
				return v.str(&l.Type)
			}
			return false
		}
	}
	return nil
}

func (r *stateReader) setOrder(k string, v tval) bool {
	o := r.order
	switch k {
	case "fleet":
		return v.str(&o.Fleet)
	case "operation":
		return v.text(&o.Operation)
	case "attack":
		return v.str(&o.Attack)
	case "planet":
		return v.str(&o.Planet)
	case "defender":
		return v.str(&o.Defender)
	case "infrastructure":
		return v.str(&o.Infrastructure)
	case "default":
		return v.boolean(&o.Default)
	case "second":
		return v.boolean(&o.Second)
	case "theatre":
		return v.str(&o.Theatre)
	case "source":
		return v.str(&o.Source)
	}
	return false
}

func setOutcome(c *OutcomeFile) func(string, tval) bool {
	return func(k string, v tval) bool {
		switch k {
		case "power_adjust":
			return v.integer(&c.PowerAdjust)
		case "transfer":
			return v.strList(&c.Transfer)
		case "reinforce":
			return v.str(&c.Reinforce)
		case "planet":
			return v.str(&c.Planet)
		case "direction":
			return v.str(&c.Direction)
		case "pieces":
			return v.strList(&c.Pieces)
		case "take":
			return v.str(&c.Take)
		case "build":
			return v.str(&c.Build)
		case "extra":
			return v.str(&c.Extra)
		case "location":
			return v.integer(&c.Location)
		case "locations":
			return v.intList(&c.Locations)
		case "planets":
			return v.strList(&c.Planets)
		case "fleet":
			return v.str(&c.Fleet)
		case "moves":
			return v.strList(&c.Moves)
		}
		return false
	}
}

func (r *stateReader) openEngine(path []string, array bool) func(string, tval) bool {
	es, id := r.f.WarEngines, path[0]
	switch {
	case !array && len(path) == 1:
		es[id] = EngineFile{}
		return func(k string, v tval) bool {
			e := es[id]
			defer func() { es[id] = e }()
			switch k {
			case "profile":
				return v.str(&e.Profile)
			case "destroyed":
				return v.boolean(&e.Destroyed)
			case "hull":
				return v.intPtr(&e.Hull)
			case "legs":
				return v.intPtr(&e.Legs)
			case "weapons":
				return v.intPtr(&e.Weapons)
			case "structure_points":
				return v.intPtr(&e.StructurePoints)
			case "fields":
				return v.integer(&e.Fields)
			case "weapons_lost":
				return v.strList(&e.WeaponsLost)
			case "move_lost":
				return v.integer(&e.MoveLost)
			case "immobilised":
				return v.boolean(&e.Immobilised)
			}
			return false
		}
	case array && len(path) == 2 && path[1] == "crippled":
		e, ok := es[id]
		if !ok {
			return nil
		}
		e.Crippled = append(e.Crippled, CrippledFile{})
		es[id] = e
		c := &e.Crippled[len(e.Crippled)-1]
		return func(k string, v tval) bool {
			switch k {
			case "zone":
				return v.text(&c.Zone)
			case "below":
				return v.integer(&c.Below)
			case "effect":
				return v.str(&c.Effect)
			case "option":
				return v.str(&c.Option)
			}
			return false
		}
	}
	return nil
}

func (r *stateReader) openEffect(path []string, array bool) func(string, tval) bool {
	list := &r.f.Events
	if path[0] == "effects" {
		list = &r.f.Effects
	}
	if array {
		if len(path) != 1 {
			return nil
		}
		*list = append(*list, EffectFile{})
		e := &(*list)[len(*list)-1]
		return func(k string, v tval) bool {
			switch k {
			case "event":
				return v.text(&e.Event)
			case "phase":
				return v.integer(&e.Phase)
			case "alliance":
				return v.str(&e.Alliance)
			case "held":
				return v.boolean(&e.Held)
			case "planets":
				return v.strList(&e.Planets)
			}
			return false
		}
	}
	if len(*list) == 0 || len(path) < 2 {
		return nil
	}
	e := &(*list)[len(*list)-1]
	switch {
	case len(path) == 2 && path[1] == "riches":
		e.Riches = map[string]map[string][]string{}
		return none
	case len(path) == 3 && path[1] == "riches" && e.Riches != nil:
		m := map[string][]string{}
		e.Riches[path[2]] = m
		return func(k string, v tval) bool {
			var s []string
			ok := v.strList(&s)
			m[k] = s
			return ok
		}
	case len(path) == 2 && path[1] == "players":
		e.Players = map[string]string{}
		return strsInto(e.Players)
	case len(path) == 2 && path[1] == "fleets":
		e.Fleets = map[string]string{}
		return strsInto(e.Fleets)
	}
	return nil
}

// root takes the keys above the first table.
func (r *stateReader) root(k string, v tval) bool {
	switch k {
	case "format":
		return v.integer(&r.f.Format)
	case "phase":
		return v.integer(&r.f.Phase)
	case "step":
		return v.text(&r.f.Step)
	case "stellar_storms":
		return v.integer(&r.f.StellarStorms)
	case "stalled":
		return v.strList(&r.f.Stalled)
	case "roster":
		return v.integer(&r.f.Roster)
	case "laurel_planet":
		return v.str(&r.f.LaurelPlanet)
	}
	return false
}

func none(string, tval) bool { return false }

func intsInto(m map[string]int) func(string, tval) bool {
	return func(k string, v tval) bool {
		var n int
		ok := v.integer(&n)
		m[k] = n
		return ok
	}
}

func strsInto(m map[string]string) func(string, tval) bool {
	return func(k string, v tval) bool {
		var s string
		ok := v.str(&s)
		m[k] = s
		return ok
	}
}

func (v tval) str(to *string) bool {
	*to = v.s
	return v.kind == 's'
}

func (v tval) integer(to *int) bool {
	*to = v.n
	return v.kind == 'i'
}

func (v tval) intPtr(to **int) bool {
	n := v.n
	*to = &n
	return v.kind == 'i'
}

func (v tval) boolean(to *bool) bool {
	*to = v.b
	return v.kind == 'b'
}

// text decodes a string through the field's UnmarshalText, as the library does.
func (v tval) text(to interface{ UnmarshalText([]byte) error }) bool {
	return v.kind == 's' && to.UnmarshalText([]byte(v.s)) == nil
}

// strList: an empty array decodes to an empty (not nil) slice.
func (v tval) strList(to *[]string) bool {
	if v.kind != 'a' || v.mix == 'i' {
		return false
	}
	*to = v.strs
	if *to == nil {
		*to = []string{}
	}
	return true
}

func (v tval) intList(to *[]int) bool {
	if v.kind != 'a' || v.mix == 's' {
		return false
	}
	*to = v.ints
	if *to == nil {
		*to = []int{}
	}
	return true
}

// readKey reads a bare or "quoted" key.
func readKey(b []byte) (string, []byte, bool) {
	if len(b) > 0 && b[0] == '"' {
		return readString(b)
	}
	i := 0
	for i < len(b) && (b[i] >= 'A' && b[i] <= 'Z' || b[i] >= 'a' && b[i] <= 'z' || b[i] >= '0' && b[i] <= '9' || b[i] == '_' || b[i] == '-') {
		i++
	}
	return string(b[:i]), b[i:], i > 0
}

func readValue(b []byte) (tval, []byte, bool) {
	switch {
	case len(b) == 0:
		return tval{}, nil, false
	case b[0] == '"':
		s, rest, ok := readString(b)
		return tval{kind: 's', s: s}, rest, ok
	case bytes.HasPrefix(b, []byte("true")):
		return tval{kind: 'b', b: true}, b[4:], true
	case bytes.HasPrefix(b, []byte("false")):
		return tval{kind: 'b'}, b[5:], true
	case b[0] == '[':
		return readArray(b[1:])
	default:
		n, rest, ok := readInt(b)
		return tval{kind: 'i', n: n}, rest, ok
	}
}

func readArray(b []byte) (tval, []byte, bool) {
	v := tval{kind: 'a'}
	for i := 0; ; i++ {
		if len(b) > 0 && b[0] == ']' {
			return v, b[1:], true
		}
		if i > 0 {
			if !bytes.HasPrefix(b, []byte(", ")) {
				return v, nil, false
			}
			b = b[2:]
		}
		e, rest, ok := readValue(b)
		if !ok || e.kind == 'a' || e.kind == 'b' || (v.mix != 0 && v.mix != e.kind) {
			return v, nil, false
		}
		v.mix = e.kind
		if e.kind == 's' {
			v.strs = append(v.strs, e.s)
		} else {
			v.ints = append(v.ints, e.n)
		}
		b = rest
	}
}

// readInt reads a decimal integer as tomlOut writes it: -?(0|[1-9][0-9]*).
func readInt(b []byte) (int, []byte, bool) {
	i := 0
	if i < len(b) && b[i] == '-' {
		i++
	}
	start := i
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		i++
	}
	if i == start || (b[start] == '0' && i-start > 1) {
		return 0, nil, false
	}
	n, err := strconv.Atoi(string(b[:i]))
	return n, b[i:], err == nil
}

// readString reads a "basic string" with the escapes tomlOut writes.
func readString(b []byte) (string, []byte, bool) {
	var sb []byte
	for i := 1; i < len(b); i++ {
		c := b[i]
		switch {
		case c == '"':
			if sb == nil {
				return string(b[1:i]), b[i+1:], true
			}
			return string(sb), b[i+1:], true
		case c == '\\':
			if sb == nil {
				sb = append([]byte{}, b[1:i]...)
			}
			if i+1 >= len(b) {
				return "", nil, false
			}
			i++
			switch b[i] {
			case '"', '\\':
				sb = append(sb, b[i])
			case 'b':
				sb = append(sb, '\b')
			case 't':
				sb = append(sb, '\t')
			case 'n':
				sb = append(sb, '\n')
			case 'f':
				sb = append(sb, '\f')
			case 'r':
				sb = append(sb, '\r')
			case 'u':
				if i+4 >= len(b) {
					return "", nil, false
				}
				n, err := strconv.ParseUint(string(b[i+1:i+5]), 16, 32)
				if err != nil || !utf8.ValidRune(rune(n)) {
					return "", nil, false
				}
				sb = utf8.AppendRune(sb, rune(n))
				i += 4
			default:
				return "", nil, false
			}
		case c < 0x20 && c != '\t' || c == 0x7f:
			return "", nil, false
		default:
			if sb != nil {
				sb = append(sb, c)
			}
		}
	}
	return "", nil, false
}
