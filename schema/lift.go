package schema

import (
	"bytes"

	"github.com/pelletier/go-toml/v2/unstable"
)

// DecodeLifting is Decode for a file whose arrays named in arrays are of
// many flat tables — campaign.toml's [[players]] and [[fleets]], 100,000 of
// each in a public campaign, whose generic tables were the most of a big
// load's memory. Each table of those arrays but the first is handed to
// each, in file order (i its index in the array; table is valid only
// during the call), instead of being kept in the document: the document
// returned holds the first table of each array, as Decode gives it.
//
// It only ever answers as Decode would. Where the file is not of that
// shape — a table of those arrays with anything but a key given a string
// or a boolean, a table the schema's items might refuse, the arrays also
// named another way — or is not valid, ok is false, and the caller calls
// Decode, which says what is wrong; what each was given is then to be
// dropped. With the documents remembered (a replay's), ok is false too:
// Decode keeps each document for the next run, which this cannot.
func DecodeLifting(kind Kind, data []byte, arrays []string, each func(array string, i int, table map[string]any)) (doc map[string]any, ok bool) {
	c := lookup(kind)
	if c == nil || c.fast == nil || memo.on() || bytes.HasPrefix(data, []byte{0xEF, 0xBB, 0xBF}) {
		return nil, false
	}
	if faults := Prescan(data, LimitOf(kind)); len(faults) > 0 {
		return nil, false
	}
	items := make([]*fastNode, len(arrays))
	for i, a := range arrays {
		p := c.fast.properties[a]
		if p == nil || p.items == nil {
			return nil, false
		}
		items[i] = p.items
	}
	count := make([]int, len(arrays))
	// head is data without the lines lifted out, which the schema sees:
	// data[:at] is in it.
	var head []byte
	at := 0
	cut := func(r unstable.Range) {
		start := bytes.LastIndexByte(data[:r.Offset], '\n') + 1
		end := len(data)
		if n := bytes.IndexByte(data[r.Offset:], '\n'); n >= 0 {
			end = int(r.Offset) + n + 1
		}
		head = append(head, data[at:start]...)
		at = end
	}
	in := -1     // the array whose table is being read, past its first; -1: none
	root := true // no table's header yet
	table := map[string]any{}
	end := func() bool { // the table read so far is over
		if in >= 0 {
			if !items[in].valid(table) {
				return false
			}
			each(arrays[in], count[in]-1, table)
		}
		in = -1
		return true
	}
	var p unstable.Parser
	p.Reset(data)
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table, unstable.ArrayTable:
			if !end() {
				return nil, false
			}
			root = false
			k := e.Key()
			k.Next()
			a := indexOf(arrays, k.Node().Data)
			switch {
			case a >= 0 && (e.Kind != unstable.ArrayTable || !k.IsLast()):
				return nil, false // [players], [players.x]: for Decode to judge
			case a < 0:
				continue
			}
			if count[a]++; count[a] > 1 { // the first stays: the schema sees its array as it is
				in = a
				clear(table)
				cut(k.Node().Raw)
			}
		case unstable.KeyValue:
			k := e.Key()
			k.Next()
			name := k.Node().Data
			if root && indexOf(arrays, name) >= 0 {
				return nil, false // players = […], players.x = …
			}
			if in < 0 {
				continue
			}
			// A key the items name (no other is valid), as they spell it:
			// no string made for each of 400,000 keys.
			named := indexOf(items[in].propNames, name)
			if named < 0 {
				return nil, false
			}
			key := items[in].propNames[named]
			v := e.Value()
			if _, dup := table[key]; dup || !k.IsLast() || bytes.IndexByte(p.Raw(v.Raw), '\n') >= 0 {
				return nil, false
			}
			switch {
			case v.Kind == unstable.String:
				table[key] = string(v.Data)
			case v.Kind == unstable.Bool:
				table[key] = string(v.Data) == "true"
			default:
				return nil, false
			}
			cut(e.Raw)
		}
	}
	if p.Error() != nil || !end() {
		return nil, false
	}
	head = append(head, data[at:]...)
	doc, faults := Decode(kind, head)
	if len(faults) > 0 {
		return nil, false
	}
	for i, a := range arrays {
		// The first table alone is left of an array lifted from: it is
		// named nowhere else.
		if list, _ := doc[a].([]any); count[i] > 1 && len(list) != 1 {
			return nil, false
		}
	}
	return doc, true
}

// indexOf is the index of b in list, -1 if it is not there (no string
// made of b).
func indexOf(list []string, b []byte) int {
	for i, s := range list {
		if s == string(b) {
			return i
		}
	}
	return -1
}
