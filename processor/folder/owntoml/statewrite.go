package owntoml

import (
	"slices"
	"strconv"
	"strings"
)

// tomlOut writes state.toml the way BurntSushi/toml's encoder lays out a
// StateDoc — the same bytes (statewrite_test.go and every rules case hold
// the two together) at a tenth of the cost: the encoder's reflection was
// most of writing the state of a 10,000-battle phase.
//
// Its conventions: within a table, plain values first and sub-tables after,
// both in field order (map keys sorted); two spaces of indent per level of
// key below the top; a blank line before each top-level table and before
// each [[array table]]; bare keys where they are [A-Za-z0-9_-]+.
type tomlOut struct {
	b       []byte
	written bool // something has been written after the header comment
}

func (w *tomlOut) newline() {
	if w.written {
		w.b = append(w.b, '\n')
	}
}

// indents are the indents of the depths a state has, in one piece.
const indents = "                "

func (w *tomlOut) indent(depth int) {
	if 2*depth <= len(indents) {
		w.b = append(w.b, indents[:2*depth]...)
		return
	}
	for range depth {
		w.b = append(w.b, "  "...)
	}
}

// table writes the header of the table at path.
func (w *tomlOut) table(path ...string) {
	if len(path) == 1 {
		w.newline()
	}
	w.header(path, "[", "]")
}

// arrayTable writes the header of a new element of the array of tables at path.
func (w *tomlOut) arrayTable(path ...string) {
	w.newline()
	w.header(path, "[[", "]]")
}

func (w *tomlOut) header(path []string, open, close string) {
	w.indent(len(path) - 1)
	w.b = append(w.b, open...)
	for i, k := range path {
		if i > 0 {
			w.b = append(w.b, '.')
		}
		w.key(k)
	}
	w.b = append(w.b, close...)
	w.written = true
	w.newline()
}

func (w *tomlOut) key(k string) {
	if bareKey(k) {
		w.b = append(w.b, k...)
		return
	}
	w.quoted(k)
}

// bareKey says whether k is written bare: [A-Za-z0-9_-]+.
func bareKey(k string) bool {
	for i := range len(k) {
		if c := k[i]; !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return k != ""
}

func (w *tomlOut) quoted(s string) {
	w.b = append(w.b, '"')
	if plain(s) {
		w.b = append(w.b, s...) // what the escaper writes of it: the text itself
	} else {
		w.b = append(w.b, tomlEscaper.Replace(s)...)
	}
	w.b = append(w.b, '"')
}

// plain says whether s holds nothing tomlEscaper replaces: no quote,
// backslash, DEL or control character (bytes of UTF-8 past ASCII are
// written as they are).
func plain(s string) bool {
	for i := range len(s) {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c == 0x7f {
			return false
		}
	}
	return true
}

// tomlEscaper is the encoder's: quotes, backslashes and control characters.
var tomlEscaper = func() *strings.Replacer {
	pairs := []string{`"`, `\"`, `\`, `\\`, "\b", `\b`, "\t", `\t`, "\n", `\n`, "\f", `\f`, "\r", `\r`, "\x7f", `\u007f`}
	for c := range 0x20 {
		if !strings.ContainsRune("\b\t\n\f\r", rune(c)) {
			pairs = append(pairs, string(rune(c)), `\u00`+hex2(c))
		}
	}
	return strings.NewReplacer(pairs...)
}()

func hex2(c int) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[c>>4], digits[c&15]})
}

// assign starts the line `key = ` of a value in the table at path.
func (w *tomlOut) assign(path []string, k string) {
	w.indent(len(path))
	w.key(k)
	w.b = append(w.b, " = "...)
}

func (w *tomlOut) end() {
	w.written = true
	w.newline()
}

func (w *tomlOut) str(path []string, k, v string) {
	w.assign(path, k)
	w.quoted(v)
	w.end()
}

// optStr writes a string that is left out when empty (omitempty).
func (w *tomlOut) optStr(path []string, k, v string) {
	if v != "" {
		w.str(path, k, v)
	}
}

func (w *tomlOut) int(path []string, k string, v int) {
	w.assign(path, k)
	w.b = strconv.AppendInt(w.b, int64(v), 10)
	w.end()
}

func (w *tomlOut) optInt(path []string, k string, v int) {
	if v != 0 {
		w.int(path, k, v)
	}
}

func (w *tomlOut) optBool(path []string, k string, v bool) {
	if v {
		w.assign(path, k)
		w.b = append(w.b, "true"...)
		w.end()
	}
}

func (w *tomlOut) optStrs(path []string, k string, vs []string) {
	if len(vs) > 0 {
		w.array(path, k, vs)
	}
}

func (w *tomlOut) array(path []string, k string, vs []string) {
	w.assign(path, k)
	w.b = append(w.b, '[')
	for i, v := range vs {
		if i > 0 {
			w.b = append(w.b, ", "...)
		}
		w.quoted(v)
	}
	w.b = append(w.b, ']')
	w.end()
}

func (w *tomlOut) optInts(path []string, k string, vs []int) {
	if len(vs) == 0 {
		return
	}
	w.assign(path, k)
	w.b = append(w.b, '[')
	for i, v := range vs {
		if i > 0 {
			w.b = append(w.b, ", "...)
		}
		w.b = strconv.AppendInt(w.b, int64(v), 10)
	}
	w.b = append(w.b, ']')
	w.end()
}

// ints writes a table of integers (nothing for a nil map).
func (w *tomlOut) ints(path []string, m map[string]int) {
	if m == nil {
		return
	}
	w.table(path...)
	for _, k := range sortedKeys(m) {
		w.int(path, k, m[k])
	}
}

// strs writes a table of strings (nothing for an empty map: omitempty).
func (w *tomlOut) strs(path []string, m map[string]string) {
	if len(m) == 0 {
		return
	}
	w.table(path...)
	for _, k := range sortedKeys(m) {
		w.str(path, k, m[k])
	}
}

// sortedKeys are m's keys, sorted, in a slice of their number.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func at(path []string, k ...string) []string {
	return append(slices.Clip(path), k...)
}

// StateLists are a state file's two long lists as a writer hands them
// over one at a time (WriteLists), rather than gathered first into
// StateDoc's map and slice: 100,000 fleets and orders in a public campaign,
// 28 MB of copies made as the run's peak is reached (BenchmarkEncodeState).
type StateLists struct {
	Fleets int                                           // how many Fleet gives
	Fleet  func(yield func(id string, f FleetFile) bool) // each fleet once, in ID order; nil for no [fleets] table
	Orders int                                           // how many Order gives
	Order  func(yield func(OrderFile) bool)              // the orders in order
}

// Write lays out the state file after comment (the fields in StateDoc's order).
func (f *StateDoc) Write(comment string) []byte {
	l := StateLists{Fleets: len(f.Fleets), Orders: len(f.Orders), Order: slices.Values(f.Orders)}
	if f.Fleets != nil {
		l.Fleet = func(yield func(string, FleetFile) bool) {
			for _, id := range sortedKeys(f.Fleets) {
				if !yield(id, f.Fleets[id]) {
					return
				}
			}
		}
	}
	return f.WriteLists(comment, l)
}

// WriteLists is Write with the fleets and the orders taken from l, not
// from f's Fleets and Orders.
func (f *StateDoc) WriteLists(comment string, l StateLists) []byte {
	w := &tomlOut{}
	w.b = slices.Grow(w.b, 64+80*l.Fleets+120*l.Orders+200*len(f.Planets))
	w.b = append(w.b, comment...)
	w.optInt(nil, "format", f.Format)
	w.int(nil, "phase", f.Phase)
	w.str(nil, "step", f.Step.String())
	w.optInt(nil, "stellar_storms", f.StellarStorms)
	w.optStrs(nil, "stalled", f.Stalled)
	w.optInt(nil, "roster", f.Roster)
	w.optStr(nil, "laurel_planet", f.LaurelPlanet)
	w.ints([]string{"points"}, f.Points)
	if e := f.End; e != nil {
		path := []string{"end"}
		w.table(path...)
		w.optStr(path, "winner", e.Winner)
		w.optStrs(path, "tied", e.Tied)
		w.str(path, "how", e.How)
		if len(e.Medals) > 0 {
			w.table("end", "medals")
		}
		for _, m := range sortedKeys(e.Medals) {
			mf, path := e.Medals[m], at(path, "medals", m)
			w.table(path...)
			w.optStr(path, "alliance", mf.Alliance)
			w.optStrs(path, "players", mf.Players)
			w.str(path, "how", mf.How)
			if len(mf.Scores) > 0 {
				w.ints(at(path, "scores"), mf.Scores)
			}
		}
	}
	if f.Planets != nil {
		w.table("planets")
		for _, id := range sortedKeys(f.Planets) {
			// The paths of a planet's tables, on the stack: 12,500 planets.
			paths := [3]string{"planets", id, "power"}
			pf, path := f.Planets[id], paths[:2]
			w.table(path...)
			w.optBool(path, "destroyed", pf.Destroyed)
			w.ints(paths[:], pf.Power)
			paths[2] = "locations"
			for _, l := range pf.Locations {
				path := paths[:]
				w.arrayTable(path...)
				w.str(path, "status", l.Status.String())
				w.optStr(path, "alliance", l.Alliance)
				w.optStr(path, "type", l.Type)
			}
		}
	}
	if l.Fleet != nil {
		w.table("fleets")
		for id, ff := range l.Fleet {
			paths := [2]string{"fleets", id} // on the stack: 100,000 fleets
			path := paths[:]
			w.table(path...)
			w.str(path, "planet", ff.Planet)
			w.optStr(path, "player", ff.Player)
		}
	}
	orders, outcome := []string{"orders"}, []string{"orders", "outcome"}
	for o := range l.Order {
		path := orders
		w.arrayTable(path...)
		w.str(path, "fleet", o.Fleet)
		w.str(path, "operation", o.Operation.String())
		w.optStr(path, "attack", o.Attack)
		w.optStr(path, "planet", o.Planet)
		w.optStr(path, "defender", o.Defender)
		w.optStr(path, "infrastructure", o.Infrastructure)
		w.optBool(path, "default", o.Default)
		w.optBool(path, "second", o.Second)
		w.optStr(path, "theatre", o.Theatre)
		w.optStr(path, "source", o.Source)
		if c := o.Outcome; c != nil {
			path := outcome
			w.table(path...)
			// The encoder's omitempty never leaves out an integer.
			w.int(path, "power_adjust", c.PowerAdjust)
			w.optStrs(path, "transfer", c.Transfer)
			w.optStr(path, "reinforce", c.Reinforce)
			w.optStr(path, "planet", c.Planet)
			w.optStr(path, "direction", c.Direction)
			w.optStrs(path, "pieces", c.Pieces)
			w.optStr(path, "take", c.Take)
			w.optStr(path, "build", c.Build)
			w.optStr(path, "extra", c.Extra)
			w.int(path, "location", c.Location)
			w.optInts(path, "locations", c.Locations)
			w.optStrs(path, "planets", c.Planets)
			w.optStr(path, "fleet", c.Fleet)
			w.optStrs(path, "moves", c.Moves)
		}
	}
	if len(f.WarEngines) > 0 {
		w.table("war_engines")
		for _, id := range sortedKeys(f.WarEngines) {
			e, path := f.WarEngines[id], []string{"war_engines", id}
			w.table(path...)
			w.str(path, "profile", e.Profile)
			w.optBool(path, "destroyed", e.Destroyed)
			for _, x := range []struct {
				k string
				v *int
			}{{"hull", e.Hull}, {"legs", e.Legs}, {"weapons", e.Weapons}, {"structure_points", e.StructurePoints}} {
				if x.v != nil {
					w.int(path, x.k, *x.v)
				}
			}
			w.optInt(path, "fields", e.Fields)
			w.optStrs(path, "weapons_lost", e.WeaponsLost)
			w.optInt(path, "move_lost", e.MoveLost)
			w.optBool(path, "immobilised", e.Immobilised)
			for _, c := range e.Crippled {
				path := at(path, "crippled")
				w.arrayTable(path...)
				w.str(path, "zone", c.Zone.String())
				w.int(path, "below", c.Below)
				w.str(path, "effect", c.Effect)
				w.optStr(path, "option", c.Option)
			}
		}
	}
	if len(f.Players) > 0 {
		w.table("players")
		for _, l := range sortedKeys(f.Players) {
			path := []string{"players", l}
			w.table(path...)
			w.str(path, "alliance", f.Players[l].Alliance)
		}
	}
	for _, list := range []struct {
		k  string
		es []EffectFile
	}{{"events", f.Events}, {"effects", f.Effects}} {
		for _, e := range list.es {
			path := []string{list.k}
			w.arrayTable(path...)
			w.str(path, "event", e.Event.String())
			w.int(path, "phase", e.Phase)
			w.optStr(path, "alliance", e.Alliance)
			w.optBool(path, "held", e.Held)
			w.optStrs(path, "planets", e.Planets)
			if len(e.Riches) > 0 {
				w.table(at(path, "riches")...)
				for _, a := range sortedKeys(e.Riches) {
					path := at(path, "riches", a)
					w.table(path...)
					for _, p := range sortedKeys(e.Riches[a]) {
						if v := e.Riches[a][p]; v != nil {
							w.array(path, p, v)
						}
					}
				}
			}
			w.strs(at(path, "players"), e.Players)
			w.strs(at(path, "fleets"), e.Fleets)
		}
	}
	w.strs([]string{"benefits"}, f.Benefits)
	return w.b
}
