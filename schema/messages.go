package schema

import (
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v5"
	"github.com/warmaster/warmaster/processor/report"
)

// reporter turns jsonschema's validation errors into faults worded for
// players, positioned in the TOML text.
type reporter struct {
	c     *compiled
	data  []byte
	doc   map[string]any
	times []timeValue
	// floats are integral floats such as 2.0, which JSON Schema counts as
	// integers but TOML does not.
	floats [][]string

	timeWords map[string]string // pointer -> "a date", built on first use
	faults    []fault
	dropped   int // faults left out before they were made (see MaxFaults)
}

type fault struct {
	Fault
	replaceable bool // dropped when a type fault is found for the same value
	key         bool // positioned at the key rather than the value
	// unless: pointers of values another fault about which explains this
	// one (a missing key of an alternative partly given): the fault is
	// dropped then, so that one mistake gives one fault.
	unless []string
	// table is the pointer of the table a missing or unknown key fault is
	// about; missing the keys it misses; unknown the key it does not know
	// (see pairKeys).
	table   string
	missing []string
	unknown string
	// belongs: the sub-table of table that keys written above its heading
	// belong in (see misplaced); its own missing-key fault follows from it.
	belongs string
	// above: the top-level key, written below table's heading, that the
	// fault says to move above it; the top level's missing-key fault for
	// it follows from it.
	above string
}

// keyFault marks the last fault as one about keys of the table at segs:
// the keys it misses, or the key it does not know.
func (r *reporter) keyFault(segs []string, missing []string, unknown string) {
	f := &r.faults[len(r.faults)-1]
	f.table, f.missing, f.unknown = joinPointer(segs), missing, unknown
	f.Missing = strings.Join(missing, ",")
}

func (r *reporter) add(segs []string, line, col int, msg string) {
	r.faults = append(r.faults, fault{Fault: Fault{Line: line, Col: col, Pointer: joinPointer(segs), Message: msg}, replaceable: true})
}

// at adds a fault about the value at segs, positioned at that value once
// every fault is known (sorted).
func (r *reporter) at(segs []string, msg string) {
	r.add(segs, 0, 0, msg)
}

// atKey adds a fault about the key at segs, positioned at the key.
func (r *reporter) atKey(segs []string, msg string) {
	r.add(segs, 0, 0, msg)
	r.faults[len(r.faults)-1].key = true
}

// sorted positions the faults, all in one pass over the text, and returns
// them deduplicated, by line, column and message.
func (r *reporter) sorted() []Fault {
	if len(r.faults) == 0 {
		return nil
	}
	r.pairKeys()
	r.dropExplained()
	var left int
	r.faults, left = CapFaults(r.faults, r.dropped, func(f fault) (string, string) { return f.Pointer, f.Message })
	if left > 0 {
		r.faults[len(r.faults)-1].Message = MoreFaults(left)
	}
	var queries []Query
	var which []int
	for i, f := range r.faults {
		if f.Line == 0 {
			queries = append(queries, Query{Pointer: f.Pointer, Key: f.key})
			which = append(which, i)
		}
	}
	if len(queries) > 0 {
		for j, p := range LocateAll(r.data, queries) {
			r.faults[which[j]].Line, r.faults[which[j]].Col = p.Line, p.Col
		}
	}
	out := make([]Fault, 0, len(r.faults))
	for _, f := range r.faults {
		out = append(out, f.Fault)
	}
	slices.SortFunc(out, func(a, b Fault) int {
		return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col),
			cmp.Compare(a.Message, b.Message), cmp.Compare(a.Pointer, b.Pointer))
	})
	return slices.Compact(out)
}

// pairKeys makes one fault of an unknown key and the missing key it
// stands for, in one table: type = "staging-grounds" where infrastructure
// is meant is one mistake, not a missing infrastructure and an unknown
// type. The unknown key stands for the missing one when it is the table's
// only unknown key and that is its only missing key, or when its value is
// one of the missing key's values (and no other unknown key's is). The
// fault is said at the unknown key, with the fix.
func (r *reporter) pairKeys() {
	// A missing key another fault says is written elsewhere: table
	// pointer + "/" + key.
	homes := map[string]bool{}
	for _, f := range r.faults {
		if f.belongs != "" {
			homes[f.table+"/"+f.belongs] = true
		}
		if f.above != "" {
			homes["/"+f.above] = true // the top level's
		}
	}
	if len(homes) > 0 {
		r.faults = slices.DeleteFunc(r.faults, func(m fault) bool {
			return len(m.missing) == 1 && homes[m.table+"/"+m.missing[0]]
		})
	}
	if !slices.ContainsFunc(r.faults, func(f fault) bool { return f.unknown != "" }) {
		return
	}
	tables := map[string][]int{}
	var order []string
	for i, f := range r.faults {
		if f.unknown == "" && len(f.missing) == 0 {
			continue
		}
		if _, ok := tables[f.table]; !ok {
			order = append(order, f.table)
		}
		tables[f.table] = append(tables[f.table], i)
	}
	drop := map[int]bool{}
	for _, table := range order {
		var unknown, missing []int
		var names []string
		for _, i := range tables[table] {
			if r.faults[i].unknown != "" {
				unknown = append(unknown, i)
			} else {
				missing = append(missing, i)
				names = append(names, r.faults[i].missing...)
			}
		}
		if len(unknown) == 0 || len(missing) == 0 {
			continue
		}
		segs := instanceSegments(table)
		obj, _ := r.value(segs)
		m, _ := obj.(map[string]any)
		pair := func(u int, name string) {
			f := &r.faults[u]
			head, _, _ := strings.Cut(f.Message, ";")
			v := m[f.unknown]
			if s := r.text(append(segs[:len(segs):len(segs)], f.unknown), v); s != "a table" && s != "an array" {
				f.Message = fmt.Sprintf("%s: write %s = %s here", head, keyText(name), s)
			} else {
				f.Message = fmt.Sprintf("%s; did you mean %s?", head, strconv.Quote(name))
			}
			for _, i := range missing {
				if slices.Contains(r.faults[i].missing, name) {
					drop[i] = true // a fault about a key that goes with it follows from it too
				}
			}
		}
		if len(unknown) == 1 && len(names) == 1 {
			pair(unknown[0], names[0])
			continue
		}
		sch := resolveSchema(r.c.raw, segs)
		props, _ := sch["properties"].(map[string]any)
		for _, name := range names {
			fits := -1
			for _, u := range unknown {
				if r.fitsEnum(deref(r.c.raw, props[name]), m[r.faults[u].unknown]) {
					if fits >= 0 {
						fits = -1
						break
					}
					fits = u
				}
			}
			if fits >= 0 {
				pair(fits, name)
			}
		}
	}
	if len(drop) > 0 {
		out := r.faults[:0]
		for i, f := range r.faults {
			if !drop[i] {
				out = append(out, f)
			}
		}
		r.faults = out
	}
}

// fitsEnum says whether v is one of the values sch lists.
func (r *reporter) fitsEnum(sch map[string]any, v any) bool {
	list, _ := sch["enum"].([]any)
	return v != nil && slices.Contains(list, v)
}

// unquoteAll is the names of keys quoted for a message, unquoted.
func unquoteAll(quoted []string) []string {
	out := make([]string, len(quoted))
	for i, q := range quoted {
		out[i], _ = strconv.Unquote(q)
	}
	return out
}

// dropExplained drops each fault that another one explains (see unless).
func (r *reporter) dropExplained() {
	if !slices.ContainsFunc(r.faults, func(f fault) bool { return f.unless != nil }) {
		return
	}
	at := make(map[string]bool, len(r.faults))
	for _, f := range r.faults {
		if f.unless == nil {
			at[f.Pointer] = true
		}
	}
	r.faults = slices.DeleteFunc(r.faults, func(f fault) bool {
		return slices.ContainsFunc(f.unless, func(p string) bool { return at[p] })
	})
}

// walk reports the leaf causes of a validation error: the wrappers ($ref,
// allOf, if/then, the root) only repeat them. anyOf and oneOf are reported
// as one fault, since their causes are alternatives.
func (r *reporter) walk(ve *jsonschema.ValidationError) {
	kw := lastToken(ve.KeywordLocation)
	if len(ve.Causes) > 0 && kw != "anyOf" && kw != "oneOf" {
		for _, c := range ve.Causes {
			r.walk(c)
		}
		return
	}
	r.leaf(ve)
}

// failure is one leaf validation error and what its messages are made of;
// its methods word it to a reporter, one per keyword family (leaf picks
// the one).
type failure struct {
	ve    *jsonschema.ValidationError
	segs  []string // the instance location: where the value is
	kpath []string // the failed keyword's location in the schema
	kw    string   // the failed keyword
	// sch is the schema object holding the failed keyword: what the
	// messages quote (bounds, property names, descriptions) is read from
	// there.
	sch map[string]any
	v   any    // the value that fails
	p   string // the messages' prefix: the value's path, or its table's
}

// underThen says whether the failed keyword sits in a then branch: it
// holds only when the branch's if does.
func (f *failure) underThen() bool {
	n := len(f.kpath)
	return n >= 2 && f.kpath[n-2] == "then"
}

// sibling is the schema beside the failed keyword's parent branch (the if
// of a then or an else).
func (f *failure) sibling(r *reporter, name string) any {
	n := len(f.kpath)
	return r.schemaAt(append(f.kpath[:n-2:n-2], name))
}

// leaf words one leaf cause of a validation error, by the keyword that
// failed.
func (r *reporter) leaf(ve *jsonschema.ValidationError) {
	f := &failure{ve: ve, segs: instanceSegments(ve.InstanceLocation)}
	f.kpath = fragmentSegments(ve.AbsoluteKeywordLocation)
	if len(f.kpath) > 0 {
		f.kw = f.kpath[len(f.kpath)-1]
	}
	f.sch, _ = r.schemaAt(f.kpath[:max(len(f.kpath)-1, 0)]).(map[string]any)
	if f.sch == nil {
		f.sch = map[string]any{}
	}
	if slices.Contains(strings.Split(ve.KeywordLocation, "/"), "propertyNames") && len(f.segs) > 0 {
		r.nameFault(f.segs, f.kw, f.sch, ve.Message)
		return
	}
	f.v, _ = r.value(f.segs)
	f.p = prefix(r.path(f.segs))
	if _, ok := f.v.(map[string]any); ok && hasType(f.sch, "object") {
		f.p = prefix(r.table(f.segs)) // [dice]: missing key "seed"
	}

	switch f.kw {
	case "type":
		f.typeLeaf(r)
	case "required":
		f.requiredLeaf(r)
	case "additionalProperties":
		f.unknownKeys(r)
	case "enum":
		f.enumLeaf(r)
	case "pattern":
		f.patternLeaf(r)
	case "minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum":
		f.boundLeaf(r)
	case "minLength", "maxLength":
		f.lengthLeaf(r)
	case "minItems", "maxItems", "minProperties", "maxProperties":
		f.countLeaf(r)
	case "uniqueItems":
		f.duplicates(r)
	case "format":
		f.formatLeaf(r)
	case "anyOf", "oneOf":
		f.alternatives(r)
	default:
		msg := ve.Message
		if d := describe(f.sch); d != "" {
			msg = "is not valid: " + d
		}
		r.at(f.segs, fmt.Sprintf("%s%s %s", f.p, r.text(f.segs, f.v), oneLine(msg)))
	}
}

// typeLeaf words a value of the wrong type: a table written as an array of
// tables or the other way round, else what to write instead.
func (f *failure) typeLeaf(r *reporter) {
	if word, table := r.tableArray(f.segs, f.sch, f.v); table {
		r.at(f.segs, fmt.Sprintf("write [[%s]] (two brackets) for each %s", tomlPath(f.segs), word))
		return
	}
	if r.arrayTable(f.sch, f.v) {
		r.at(f.segs, fmt.Sprintf("write [%s] (one bracket): it is a single table", tomlPath(f.segs)))
		return
	}
	types := schemaTypes(f.sch)
	if n := len(f.kpath); n >= 2 && f.kpath[n-2] == "else" {
		// if: {type: X} … else: {type: Y}: X would do as well
		if cond, ok := f.sibling(r, "if").(map[string]any); ok && len(schemaTypes(cond)) > 0 {
			types = append(schemaTypes(cond), types...)
		}
	}
	r.at(f.segs, f.p+r.typeFix(f.segs, types, acceptsDate(f.sch), f.v, f.sch))
}

// requiredLeaf words missing keys: one fault each, or one for all when the
// requirement holds only in some cases; at the key they go with when that
// case is a key being there.
func (f *failure) requiredLeaf(r *reporter) {
	if f.underThen() {
		// if: {required: [twist]}, then: {required: [theatre]}: a key
		// that goes with another, said at the key that is there
		if have := triggerKey(f.sibling(r, "if")); have != "" {
			r.dependent(f.segs, have, f.sch["required"], f.v)
			return
		}
	}
	missing := f.missingKeys(r)
	if obj, _ := f.v.(map[string]any); len(f.segs) == 0 && len(obj) == 0 && len(missing) > 0 {
		// Nothing in it (or comments only): one fault for the file.
		r.at(f.segs, fmt.Sprintf("the file is empty (or comments only): it needs %s", report.And(missing)))
		for _, name := range missing {
			r.keyFault(f.segs, unquoteAll([]string{name}), "")
		}
		return
	}
	if f.underThen() && len(missing) > 0 {
		// A requirement that holds in some cases: one fault, saying
		// which case.
		msg := f.p + "missing key " + missing[0]
		if len(missing) > 1 {
			msg = f.p + "missing keys " + report.And(missing)
		}
		if d := describe(f.sch); d != "" {
			msg += ": " + d
		}
		r.at(f.segs, msg)
		r.keyFault(f.segs, unquoteAll(missing), "")
		return
	}
	for _, name := range missing {
		if sub := f.underTable(r, unquoteAll([]string{name})[0]); sub != "" {
			// Written below a [heading]: TOML reads it as that table's.
			ks := append(f.segs[:len(f.segs):len(f.segs)], sub, unquoteAll([]string{name})[0])
			table := r.table(append(f.segs[:len(f.segs):len(f.segs)], sub))
			where := "to the top of the file, above its first [heading]"
			if len(f.segs) > 0 {
				where = "above " + table
			}
			r.atKey(ks, fmt.Sprintf("%smissing key %s: it is written below %s, so it is read as one of %s's keys; move it %s", f.p, name, table, table, where))
		} else {
			r.at(f.segs, f.p+"missing key "+name)
		}
		r.keyFault(f.segs, unquoteAll([]string{name}), "")
	}
}

// underTable is the sub-table of the value holding a key of this name —
// one the file wrote after that table's heading, where it belongs above
// it — or "".
func (f *failure) underTable(r *reporter, name string) string {
	obj, _ := f.v.(map[string]any)
	props, _ := f.sch["properties"].(map[string]any)
	for _, k := range slices.Sorted(maps.Keys(obj)) {
		t, ok := obj[k].(map[string]any)
		if _, has := t[name]; !ok || !has {
			continue
		}
		// Not a key the sub-table has of its own ([operations.outcome]
		// fleet is a Boarding Action's): that one is where it belongs.
		if subProps, _ := deref(r.c.raw, props[k])["properties"].(map[string]any); subProps[name] != nil {
			continue
		}
		return k
	}
	return ""
}

// missingKeys is the required keys the value lacks, quoted, leaving out
// those a misspelt key's fault explains.
func (f *failure) missingKeys(r *reporter) []string {
	obj, _ := f.v.(map[string]any)
	var missing []string
	for _, name := range stringList(f.sch["required"]) {
		if _, ok := obj[name]; !ok && !r.misspelt(f.segs, obj, name) {
			missing = append(missing, strconv.Quote(name))
		}
	}
	return missing
}

// unknownKeys words keys the table does not allow: each a fault of its
// own, unless it belongs in a sub-table (or a top-level table the file
// leaves out), when the keys of each such table make one fault.
func (f *failure) unknownKeys(r *reporter) {
	segs, sch := f.segs, f.sch
	obj, _ := f.v.(map[string]any)
	props, _ := sch["properties"].(map[string]any)
	valid := slices.Sorted(maps.Keys(props))
	where := ""
	if len(segs) > 0 {
		where = " in " + r.table(segs)
	}
	homes := map[string][]string{} // a sub-table: the keys that belong under it
	var order []string
	root, rootValid := r.absentTables(segs)
	for _, k := range r.unknownOf(obj, props) {
		home := r.home(sch, k, valid)
		if isTables(obj[k]) && DidYouMean(k, valid) != "" {
			home = "" // a heading misspelt ([[operation]]): no key under another
		}
		if home == "" && len(rootValid) > 0 && DidYouMean(k, valid) == "" {
			if h := r.home(root, k, rootValid); h != "" && r.valueFits(root, h, k, obj[k]) {
				home = "/" + h
			}
		}
		if home != "" {
			if homes[home] == nil {
				order = append(order, home)
			}
			homes[home] = append(homes[home], k)
			continue
		}
		ks := append(segs[:len(segs):len(segs)], k)
		msg := fmt.Sprintf("unknown key %s%s%s", strconv.Quote(k), where, allowedKeys(k, valid))
		above := ""
		if rootProps, _ := root["properties"].(map[string]any); len(segs) == 1 && rootProps[k] != nil {
			if _, there := r.doc[k]; !there {
				// A top-level key written below a [heading].
				msg = fmt.Sprintf("%s = … is a key of the file's top level, not of %s: move it to the top of the file, above its first [heading] (a key below a [heading] is read as that table's)", keyText(k), r.table(segs))
				above = k
			}
		}
		if m := Closest(k, valid); isTables(obj[k]) && len(m) == 1 {
			open, shut := "[", "]"
			if _, many := obj[k].([]any); many {
				open, shut = "[[", "]]"
			}
			msg = fmt.Sprintf("unknown table %s%s%s%s; did you mean %s%s%s?", open, tomlPath(append(segs[:len(segs):len(segs)], k)), shut, where, open, tomlPath(append(segs[:len(segs):len(segs)], m[0])), shut)
			above = ""
		}
		r.atKey(ks, msg)
		if m := Closest(k, valid); len(m) == 1 {
			if _, taken := obj[m[0]]; !taken {
				// one sure fix: the key meant, which the table lacks
				r.faults[len(r.faults)-1].Was, r.faults[len(r.faults)-1].Meant = k, m[0]
			}
		}
		r.keyFault(segs, nil, k)
		r.faults[len(r.faults)-1].above = above
	}
	for _, home := range order {
		if top, ok := strings.CutPrefix(home, "/"); ok {
			r.misplaced(segs, nil, root, top, homes[home], obj)
			continue
		}
		r.misplaced(segs, segs, sch, home, homes[home], obj)
	}
}

// isTables says whether v is a table or an array of tables: what a
// heading gives.
func isTables(v any) bool {
	switch t := v.(type) {
	case map[string]any:
		return true
	case []any:
		if len(t) > 0 {
			_, ok := t[0].(map[string]any)
			return ok
		}
	}
	return false
}

// allowedKeys is what an unknown key fault says may be written instead of
// k: the near misses among valid, else all of them.
func allowedKeys(k string, valid []string) string {
	if len(valid) == 0 {
		return "; no keys are allowed here"
	}
	if s := DidYouMean(k, valid); s != "" {
		return "; " + s
	}
	return "; valid keys: " + strings.Join(valid, ", ")
}

// unknownOf is the keys of obj that are not among props, sorted. A table
// of a million unknown keys is listed in part (MaxFaults): the first by
// name, so the same ones each time.
func (r *reporter) unknownOf(obj, props map[string]any) []string {
	var unknown []string
	for k := range obj {
		if _, ok := props[k]; !ok {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > MaxFaults+1 {
		sort.Strings(unknown)
		r.dropped += len(unknown) - (MaxFaults + 1)
		unknown = unknown[:MaxFaults+1]
	}
	sort.Strings(unknown)
	return unknown
}

// absentTables is the root schema and, sorted, the top-level tables the
// file leaves out, for a table below the top (segs not empty): keys
// written without such a table's heading land in the table above them
// ([fleets] left out, its fleets in the last [[infrastructure]]).
func (r *reporter) absentTables(segs []string) (root map[string]any, absent []string) {
	if len(segs) == 0 {
		return nil, nil
	}
	if root = resolveSchema(r.c.raw, nil); root != nil {
		rootProps, _ := root["properties"].(map[string]any)
		for k := range rootProps {
			if _, ok := r.doc[k]; !ok {
				absent = append(absent, k)
			}
		}
		sort.Strings(absent)
	}
	return root, absent
}

// enumLeaf words a value that is none of the allowed ones: what to fill in
// a blank, a near miss, or the list.
func (f *failure) enumLeaf(r *reporter) {
	segs, v := f.segs, f.v
	var opts []string
	if list, ok := f.sch["enum"].([]any); ok {
		for _, o := range list {
			opts = append(opts, plain(o))
		}
	}
	defer r.valued(segs, v) // whichever way it is worded: NotOneOf words it anew
	if v == "" {
		// a draft's blank: what to fill in
		r.at(segs, fmt.Sprintf("%s is empty: write one of %s", r.path(segs), strings.Join(opts, ", ")))
		return
	}
	if str, ok := v.(string); ok {
		if hint := nearMiss(str, opts); hint != "" {
			r.at(segs, fmt.Sprintf("%s%s %s", f.p, r.text(segs, v), hint))
			return
		}
	}
	msg := fmt.Sprintf("%s%s is not one of %s", f.p, r.text(segs, v), strings.Join(opts, ", "))
	if str, ok := v.(string); ok && str != "" && strings.Contains(describe(f.sch), " "+str+" ") {
		// the description names the value: it says why it is not one
		msg += "; " + describe(f.sch)
	}
	r.at(segs, msg)
}

// valued marks the last fault as one about the value v at segs being
// none of the schema's values, or out of its bounds (Fault.Path, Value).
func (r *reporter) valued(segs []string, v any) {
	f := &r.faults[len(r.faults)-1]
	f.Path, f.Value = r.path(segs), r.text(segs, v)
}

// NotOneOf words anew f, the fault of a value that is none of the
// schema's values for it (Value set), with opts, the values valid in its
// place: what to fill in a blank, a near miss among them, or the list —
// followed by whose, if any, the outcome or rule they are the values of.
func NotOneOf(f Fault, opts []string, whose string) string {
	if whose != "" {
		whose = " (" + whose + ")"
	}
	if f.Value == `""` {
		return fmt.Sprintf("%s is empty: write one of %s%s", f.Path, strings.Join(opts, ", "), whose)
	}
	if str, err := strconv.Unquote(f.Value); err == nil {
		if hint := nearMiss(str, opts); hint != "" {
			return fmt.Sprintf("%s%s %s", prefix(f.Path), f.Value, hint)
		}
	}
	return fmt.Sprintf("%s%s is not one of %s%s", prefix(f.Path), f.Value, strings.Join(opts, ", "), whose)
}

// patternLeaf words text not of the spelling asked for: what to fill in a
// blank, else the fix or the rule.
func (f *failure) patternLeaf(r *reporter) {
	segs, v, p := f.segs, f.v, f.p
	if v == "" {
		// a draft's blank: what to fill in
		r.at(segs, fmt.Sprintf("%s is empty: write %s", r.path(segs), describe(f.sch)))
		r.faults[len(r.faults)-1].Blank = r.path(segs)
		return
	}
	msg := fmt.Sprintf("%s%s is not valid: %s", p, r.text(segs, v), describe(f.sch))
	if str, ok := v.(string); ok {
		// the fix says what to write: the rule need not be said too
		if fix := patternFix(str, f.sch); strings.HasPrefix(fix, "contains ") {
			msg = fmt.Sprintf("%s%s %s", p, r.text(segs, v), fix)
		} else if fix != "" {
			msg = fmt.Sprintf("%s%s is not valid; %s", p, r.text(segs, v), fix)
		}
	}
	r.at(segs, msg)
	r.valued(segs, v) // a name where an id goes: the campaign knows whose (processor.Checker.WordNames)
	r.faults[len(r.faults)-1].Spelling = true
}

// boundLeaf words a number out of bounds: the bound it passes.
func (f *failure) boundLeaf(r *reporter) {
	var how string
	switch f.kw {
	case "minimum":
		how = "is too small; at least"
	case "exclusiveMinimum":
		how = "is too small; must be more than"
	case "maximum":
		how = "is too large; at most"
	case "exclusiveMaximum":
		how = "is too large; must be less than"
	}
	r.at(f.segs, fmt.Sprintf("%s%s %s %s", f.p, r.text(f.segs, f.v), how, plain(f.sch[f.kw])))
	r.valued(f.segs, f.v)
}

// lengthLeaf words text too short (or empty) or too long.
func (f *failure) lengthLeaf(r *reporter) {
	if f.kw == "maxLength" {
		r.at(f.segs, fmt.Sprintf("%s%s is too long; at most %d characters", f.p, r.text(f.segs, f.v), intOf(f.sch["maxLength"])))
		return
	}
	if n := intOf(f.sch["minLength"]); n == 1 {
		r.at(f.segs, f.p+"must not be empty")
	} else {
		r.at(f.segs, fmt.Sprintf("%s%s is too short; at least %d characters", f.p, r.text(f.segs, f.v), n))
	}
}

// countLeaf words an array with too few or too many entries, or a table
// with too few or too many keys, naming what it counts.
func (f *failure) countLeaf(r *reporter) {
	switch f.kw {
	case "minItems", "maxItems":
		arr, _ := f.v.([]any)
		noun := nounOf(f.sch["items"], r.c.raw)
		r.at(f.segs, f.p+countMessage(f.sch, "minItems", "maxItems", f.kw == "minItems", noun, len(arr)))
	default:
		obj, _ := f.v.(map[string]any)
		noun := nounOf(f.sch["propertyNames"], r.c.raw)
		if noun == "" {
			noun = nounOf(f.sch["additionalProperties"], r.c.raw)
		}
		if noun == "" {
			noun = "key"
		}
		r.at(f.segs, f.p+countMessage(f.sch, "minProperties", "maxProperties", f.kw == "minProperties", noun, len(obj)))
	}
}

// duplicates words each entry of an array listed again: at the repeat.
func (f *failure) duplicates(r *reporter) {
	segs := f.segs
	arr, _ := f.v.([]any)
	noun := nounOf(f.sch["items"], r.c.raw)
	if noun == "" {
		noun = "entry"
	}
	seen := map[string]bool{}
	for i, e := range arr {
		k := fmt.Sprintf("%T %#v", e, e)
		if e == "" {
			continue // blanks are faults of their own (a draft's)
		}
		if !seen[k] {
			seen[k] = true
			continue
		}
		es := append(segs[:len(segs):len(segs)], itoa(i))
		r.at(es, fmt.Sprintf("%s%s is listed more than once; list each %s only once", f.p, r.text(es, e), noun))
	}
}

// formatLeaf words text not of a format: a date in quotes, a date-time
// without a time zone, else the format asked for.
func (f *failure) formatLeaf(r *reporter) {
	segs, p := f.segs, f.p
	format, _ := f.sch["format"].(string)
	s, _ := f.v.(string)
	if iso := dateFix(s); iso != "" && r.timeWord(segs) == "" {
		r.at(segs, fmt.Sprintf("%s%q is not a date: write %s, without quotes", p, s, iso))
	} else if format == "date-time" && isLocalDateTime(s) {
		r.at(segs, fmt.Sprintf("%s%s has no time zone; add one, such as %sZ for UTC", p, r.text(segs, f.v), s))
	} else if fix := TimeFix(s, true, false); format == "date-time" && fix != "" && strings.Contains(s, ":") { // a time written as people write it
		r.at(segs, fmt.Sprintf("%s%q: %s", p, s, fix))
	} else {
		r.at(segs, fmt.Sprintf("%s%s is not %s", p, r.text(segs, f.v), formatPhrase(format)))
	}
}

// alternatives words a value that fits none of anyOf's or oneOf's
// branches: as a date, as keys of which some must be given, else by the
// branches' formats or the description.
func (f *failure) alternatives(r *reporter) {
	if f.dateAlternative(r) || f.keyAlternative(r) {
		return
	}
	if phrases := formatPhrases(f.sch[f.kw]); phrases != "" {
		r.at(f.segs, f.p+"must be "+phrases)
	} else if d := describe(f.sch); d != "" {
		r.at(f.segs, fmt.Sprintf("%s%s is not valid: %s", f.p, r.text(f.segs, f.v), d))
	} else {
		r.at(f.segs, fmt.Sprintf("%s%s is not valid", f.p, r.text(f.segs, f.v)))
	}
}

// dateAlternative words, and says whether it did, text where a date may
// go that is a date in quotes or a date-time without a time zone.
func (f *failure) dateAlternative(r *reporter) bool {
	str, ok := f.v.(string)
	if !ok || !acceptsDate(f.sch) {
		return false
	}
	if iso := dateFix(str); iso != "" {
		r.at(f.segs, fmt.Sprintf("%s%q is not a date: write %s, without quotes", f.p, str, iso))
		return true
	}
	if fix := TimeFix(str, true, true); fix != "" { // a key that takes a date takes a local date-time too (played)
		if timeOnly.MatchString(str) {
			r.at(f.segs, fmt.Sprintf("%s%s is a time without its day: %s", f.p, str, fix)) // a TOML local time, or one in quotes
		} else {
			r.at(f.segs, fmt.Sprintf("%s%q: %s", f.p, str, fix))
		}
		return true
	}
	if r.timeWord(f.segs) != "" && isLocalDateTime(str) {
		r.at(f.segs, fmt.Sprintf("%s%s has no time zone; add one, such as %sZ for UTC", f.p, str, str))
		return true
	}
	return false
}

// keyAlternative words, and says whether it did (or left it to a misspelt
// key's fault), branches that each require a key: the first missing, and
// the choice. Given in part, the fault about the rest says it.
func (f *failure) keyAlternative(r *reporter) bool {
	keys, alts := requiredAlternatives(f.sch[f.kw])
	if alts == "" {
		return false
	}
	segs := f.segs
	obj, _ := f.v.(map[string]any)
	for _, k := range keys {
		if _, ok := obj[k]; !ok && r.misspelt(segs, obj, k) {
			return true // the misspelt key's fault says "did you mean"
		}
	}
	missing := ""
	var unless []string
	for _, k := range keys {
		if _, ok := obj[k]; ok {
			// given in part: the fault about the rest says it
			unless = append(unless, joinPointer(append(segs[:len(segs):len(segs)], k)))
		} else if missing == "" {
			missing = k
		}
	}
	r.at(segs, fmt.Sprintf("%smissing key %s: give %s", f.p, strconv.Quote(missing), alts))
	r.keyFault(segs, []string{missing}, "")
	r.faults[len(r.faults)-1].unless = unless
	return true
}

// misspelt says whether the object at segs has a key that is no property
// of its schema and is a near miss of the missing key name: the fault about
// that key says "did you mean", and one mistake gives one fault.
func (r *reporter) misspelt(segs []string, obj map[string]any, name string) bool {
	if len(obj) > maxTypoKeys {
		return false // no slip of a hand: not worth a look at each key
	}
	sch := resolveSchema(r.c.raw, segs)
	if sch == nil {
		return false
	}
	props, _ := sch["properties"].(map[string]any)
	for k := range obj {
		if _, known := props[k]; !known && len(Closest(k, []string{name})) > 0 {
			return true
		}
	}
	return false
}

// maxTypoKeys is the most keys a table may have for misspelt to look for
// a slip among them: a person's table has a few, a hostile one millions.
const maxTypoKeys = 64

// typeFix says in words what to write where a value of another type is
// given: "write true or false (without quotes), not "yes"". types are the
// JSON Schema types wanted; date says a string there is a date; sch is
// the schema of the value (a list of text takes one text as [it]).
func (r *reporter) typeFix(segs []string, types []string, date bool, v any, sch map[string]any) string {
	str, quoted := v.(string)
	quoted = quoted && r.timeWord(segs) == ""
	str = strings.TrimSpace(str)
	var ways []string
	for _, ty := range types {
		w := ""
		switch ty {
		case "boolean":
			w = "true or false (without quotes)"
			if quoted && (str == "true" || str == "false") {
				w = str + " (without quotes)"
			}
		case "integer":
			w = "a whole number, such as 3 (without quotes)"
			if _, err := strconv.ParseInt(str, 10, 64); quoted && err == nil {
				w = str + " (without quotes)"
			}
		case "number":
			w = "a number, such as 2.5 (without quotes)"
			if _, err := strconv.ParseFloat(str, 64); quoted && err == nil {
				w = str + " (without quotes)"
			}
		case "string":
			w = `text in straight quotes, such as "…"`
			if date {
				w = "a date-time such as 2027-01-10T19:00:00Z (without quotes)"
			} else if s := r.text(segs, v); !quoted && s != "a table" && s != "an array" {
				w = "text in straight quotes: " + strconv.Quote(s)
			}
		case "array":
			w = "a list in brackets, such as [" + `"a", "b"` + "]"
			if _, text := v.(string); text && hasType(deref(r.c.raw, sch["items"]), "string") {
				// one item written without its list: the list of it
				w = "a list in brackets: [" + r.text(segs, v) + "]"
			}
		case "object":
			w = "a table: a [name] heading with its keys on the lines below"
		}
		if w != "" {
			ways = append(ways, w)
		}
	}
	if len(ways) == 0 {
		ways = []string{"something else"}
	}
	got := r.text(segs, v)
	if got == "an array" {
		got = "a list"
	}
	return "write " + strings.Join(ways, ", or ") + ", not " + got
}

// dateFix is how to write a date people wrote their way (12/09/2027), or
// "" if s is none.
func dateFix(s string) string {
	m := dateLike.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return ""
	}
	return isoDate(m)
}

// nameFault reports a key that fails propertyNames, at the key.
func (r *reporter) nameFault(segs []string, kw string, sch map[string]any, msg string) {
	name := segs[len(segs)-1]
	where := ""
	if len(segs) > 1 {
		where = " in " + r.table(segs[:len(segs)-1])
	}
	why := describe(sch)
	if kw != "pattern" || why == "" {
		why = oneLine(msg)
	}
	if fix := patternFix(name, sch); fix != "" && kw == "pattern" {
		// the fix says what to write: the rule need not be said too
		if strings.HasPrefix(fix, "contains ") {
			r.atKey(segs, fmt.Sprintf("key %s%s %s", strconv.Quote(name), where, fix))
		} else {
			r.atKey(segs, fmt.Sprintf("key %s%s is not valid; %s", strconv.Quote(name), where, fix))
		}
		return
	}
	r.atKey(segs, fmt.Sprintf("key %s%s is not valid: %s", strconv.Quote(name), where, why))
}

// checkValues catches what JSON Schema cannot see after normalisation: a TOML
// date or time where a plain string is expected (it was turned into a
// string), and a float such as 2.0 where an integer is expected (JSON Schema
// counts it as an integer, TOML does not). Such a fault replaces any other
// fault about the same value.
func (r *reporter) checkValues() {
	var typed []fault
	for _, t := range r.times {
		if !r.c.stringNotDate(t.path) {
			continue
		}
		sch := resolveSchema(r.c.raw, t.path)
		v, _ := r.value(t.path)
		typed = append(typed, r.typeFault(t.path, r.typeFix(t.path, schemaTypes(sch), false, v, sch)))
	}
	for _, path := range r.floats {
		sch := resolveSchema(r.c.raw, path)
		if sch == nil || !hasType(sch, "integer") || hasType(sch, "number") {
			continue
		}
		v, _ := r.value(path)
		typed = append(typed, r.typeFault(path, r.typeFix(path, schemaTypes(sch), false, v, sch)))
	}
	if len(typed) == 0 {
		return
	}
	drop := map[string]bool{}
	for _, f := range typed {
		drop[f.Pointer] = true
	}
	r.faults = slices.DeleteFunc(r.faults, func(f fault) bool { return f.replaceable && drop[f.Pointer] })
	r.faults = append(r.faults, typed...)
}

// stringNotDate says whether the kind's schema takes a string but no
// date at a path, where a TOML date is then at fault: found once a path
// (every result's played), for as many paths as a real file has.
func (c *compiled) stringNotDate(path []string) bool {
	key := strings.Join(path, "\x00")
	if v, ok := c.notDate.Load(key); ok {
		return v.(bool)
	}
	sch := resolveSchema(c.raw, path)
	bad := sch != nil && hasType(sch, "string") && !acceptsDate(sch)
	if c.notDates.Add(1) <= notDateMemo {
		c.notDate.Store(key, bad)
	}
	return bad
}

// notDateMemo is how many paths a kind remembers stringNotDate of.
const notDateMemo = 1024

func (r *reporter) typeFault(segs []string, msg string) fault {
	return fault{Fault: Fault{Pointer: joinPointer(segs), Message: prefix(r.path(segs)) + msg}}
}

// schemaAt returns the raw schema value at a pointer into the kind's schema.
func (r *reporter) schemaAt(segs []string) any {
	return WalkJSON(r.c.raw, segs)
}

// WalkJSON is the value at segs (a JSON pointer's segments) in a decoded
// JSON or TOML document; nil if there is none.
func WalkJSON(v any, segs []string) any {
	for _, s := range segs {
		switch t := v.(type) {
		case map[string]any:
			v = t[s]
		case []any:
			i, err := strconv.Atoi(s)
			if err != nil || i < 0 || i >= len(t) {
				return nil
			}
			v = t[i]
		default:
			return nil
		}
	}
	return v
}

// value returns the document's value at segs.
func (r *reporter) value(segs []string) (any, bool) {
	var v any = r.doc
	for _, s := range segs {
		switch t := v.(type) {
		case map[string]any:
			e, ok := t[s]
			if !ok {
				return nil, false
			}
			v = e
		case []any:
			i, err := strconv.Atoi(s)
			if err != nil || i < 0 || i >= len(t) {
				return nil, false
			}
			v = t[i]
		default:
			return nil, false
		}
	}
	return v, true
}

// path says in words where segs is, counting from 1: "planets/1/locations"
// is "locations of the 2nd planet", "power3/0" is "the 1st planet in
// power3", "moves/blue-1" is "blue-1 under [moves]": a key in a table is
// named with the table's heading, as the player writes it above the key.
func (r *reporter) path(segs []string) string {
	var outer []string // "the 2nd planet", outermost first
	var keys []string  // the keys since the last array element
	from := 0          // where keys start in segs
	var v any = r.doc
	for i, s := range segs {
		if arr, ok := v.([]any); ok {
			n, err := strconv.Atoi(s)
			if err != nil || n < 0 || n >= len(arr) {
				v = nil
				keys = append(keys, s)
				continue
			}
			v = arr[n]
			noun, named := r.noun(segs[:i])
			phrase := "the " + Ordinal(n+1) + " " + noun
			switch {
			case named && len(keys) > 1:
				// the noun says the array's key; the table holding it is
				// named by its heading: the 1st location in [outcome]
				phrase += " in [" + tomlPath(segs[:i-1]) + "]"
			case !named && len(keys) > 0:
				phrase += " in " + keyChain(segs[:i], keys)
			}
			outer = append(outer, phrase)
			keys = keys[:0]
			from = i + 1
			continue
		}
		keys = append(keys, s)
		if m, ok := v.(map[string]any); ok {
			v = m[s]
		} else {
			v = nil
		}
	}
	slices.Reverse(outer)
	if len(keys) > 0 {
		outer = slices.Insert(outer, 0, keyChain(segs[:from+len(keys)], keys))
	}
	return strings.Join(outer, " of ")
}

// table says in words where the table at segs is: by its heading, "[dice]",
// "[lull_in_the_fighting.build]" (written so, or as build = { … } under
// [lull_in_the_fighting]) or "[war_engines.landing] of the 1st war engine";
// an element of an array of tables as path says, "the 1st operation".
func (r *reporter) table(segs []string) string {
	if len(segs) == 0 {
		return ""
	}
	if _, err := strconv.Atoi(segs[len(segs)-1]); err == nil {
		return r.path(segs)
	}
	from := len(segs) - 1
	for from > 0 {
		if _, err := strconv.Atoi(segs[from-1]); err == nil {
			break
		}
		from--
	}
	head := "[" + tomlPath(segs) + "]"
	if from == 0 {
		return head
	}
	return head + " of " + r.path(segs[:from])
}

// keyChain words keys, the last of segs (keys outside arrays): one key is
// itself, a key in a table is "key under [table]", the table named by the
// heading that segs up to the key would have.
func keyChain(segs, keys []string) string {
	last := keyText(keys[len(keys)-1])
	if len(keys) == 1 {
		return last
	}
	return last + " under [" + tomlPath(segs[:len(segs)-1]) + "]"
}

// noun is what the elements of the array at segs are called, from its
// items' title; named says that the array's key says as much ("operation"
// for operations), so that it need not be named too.
func (r *reporter) noun(segs []string) (noun string, named bool) {
	key := ""
	if len(segs) > 0 {
		key = strings.ReplaceAll(segs[len(segs)-1], "_", " ")
	}
	if sch := resolveSchema(r.c.raw, segs); sch != nil {
		noun = nounOf(sch["items"], r.c.raw)
	}
	if noun == "" {
		return "entry", false
	}
	return noun, noun == key || report.RegularPlural(noun) == key
}

// tomlPath writes segs as a TOML table name: war_engines.damage.
func tomlPath(segs []string) string {
	var keys []string
	for _, s := range segs {
		if _, err := strconv.Atoi(s); err == nil && len(keys) > 0 {
			continue // an array element: the header names the array
		}
		keys = append(keys, keyText(s))
	}
	return strings.Join(keys, ".")
}

// tableArray says whether the value at segs is a table where an array of
// tables is expected ([operations] where [[operations]] is meant), and
// what each element is called.
func (r *reporter) tableArray(segs []string, sch map[string]any, v any) (string, bool) {
	if _, ok := v.(map[string]any); !ok || !hasType(sch, "array") || len(segs) == 0 {
		return "", false
	}
	items := deref(r.c.raw, sch["items"])
	if items == nil || !hasType(items, "object") {
		return "", false
	}
	noun := nounOf(sch["items"], r.c.raw)
	if noun == "" {
		noun = "entry"
	}
	return noun, true
}

// home is the sub-table of the table whose schema is sch that a key
// unknown there belongs in: a key written above its table's heading
// (planet = … before [outcome], blue-2 = … with no [moves]). It is the one
// sub-table that names the key; else, unless the key is a near miss of one
// of valid, the one whose keys are any name of a pattern the key matches.
// "" if none or several.
func (r *reporter) home(sch map[string]any, key string, valid []string) string {
	props, _ := sch["properties"].(map[string]any)
	var named, patterned []string
	for _, name := range valid {
		sub := deref(r.c.raw, props[name])
		if sub != nil && hasType(sub, "array") {
			sub = deref(r.c.raw, sub["items"])
		}
		if sub == nil || !hasType(sub, "object") {
			continue
		}
		if subProps, _ := sub["properties"].(map[string]any); subProps[key] != nil {
			named = append(named, name)
			continue
		}
		names := deref(r.c.raw, sub["propertyNames"])
		if pat, _ := names["pattern"].(string); pat != "" && sub["additionalProperties"] != false {
			if re, err := regexpCache(pat); err == nil && re.MatchString(key) {
				patterned = append(patterned, name)
			}
		}
	}
	if len(named) > 1 {
		// A piece to build and its alternates both have a planet: a key
		// written under the table is the one table's, not the list's.
		named = slices.DeleteFunc(named, func(name string) bool {
			return hasType(deref(r.c.raw, props[name]), "array")
		})
	}
	switch {
	case len(named) == 1:
		return named[0]
	case len(named) == 0 && len(patterned) == 1 && DidYouMean(key, valid) == "":
		return patterned[0]
	}
	return ""
}

// valueFits says whether v could be the value of key in the sub-table home
// of the table whose schema is sch: text where text is asked for, and of
// the spelling asked for (a fleet's planet is an id, "by the spaceport" is
// no fleet's).
func (r *reporter) valueFits(sch map[string]any, home, key string, v any) bool {
	props, _ := sch["properties"].(map[string]any)
	sub := deref(r.c.raw, props[home])
	subProps, _ := sub["properties"].(map[string]any)
	vs := deref(r.c.raw, subProps[key])
	if vs == nil {
		vs = deref(r.c.raw, sub["additionalProperties"])
	}
	str, isStr := v.(string)
	if vs == nil || !isStr {
		return true
	}
	if len(schemaTypes(vs)) > 0 && !hasType(vs, "string") {
		return false
	}
	pat, _ := vs["pattern"].(string)
	re, err := regexpCache(pat)
	return pat == "" || err == nil && re.MatchString(str)
}

// misplaced reports keys of the table at segs that belong in home, a
// sub-table of the table at table (whose schema is sch): segs itself, or
// the file's top level, for keys written without their table's heading.
// One fault, at the first of them.
func (r *reporter) misplaced(segs, table []string, sch map[string]any, home string, keys []string, obj map[string]any) {
	queries := make([]Query, len(keys))
	for i, k := range keys {
		queries[i] = Query{Pointer: joinPointer(append(segs[:len(segs):len(segs)], k)), Key: true}
	}
	pos := LocateAll(r.data, queries)
	idx := make([]int, len(keys))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		return cmp.Or(cmp.Compare(pos[a].Line, pos[b].Line), cmp.Compare(pos[a].Col, pos[b].Col))
	})
	words := make([]string, len(keys))
	for i, j := range idx {
		words[i] = keyText(keys[j])
	}
	header := "[" + tomlPath(append(table[:len(table):len(table)], home)) + "]"
	props, _ := sch["properties"].(map[string]any)
	if sub := deref(r.c.raw, props[home]); sub != nil && hasType(sub, "array") {
		header = "[" + header + "]"
	}
	ks := append(segs[:len(segs):len(segs)], keys[idx[0]])
	if len(keys) == 1 && isTables(obj[keys[0]]) && header != "["+tomlPath(append(table[:len(table):len(table)], home))+"]" {
		// [outcome] above an operation's keys: the heading is the
		// operation's sub-table's, not [[operations]] again.
		r.atKey(ks, fmt.Sprintf("[%s] belongs under %s: write its heading as [%s], below the %s it is for", tomlPath([]string{keys[0]}), header, tomlPath(append(table[:len(table):len(table)], home, keys[0])), header))
	} else if len(keys) == 1 {
		r.atKey(ks, fmt.Sprintf("%s = … belongs under %s: write %s on a line above it", words[0], header, header))
	} else {
		r.atKey(ks, fmt.Sprintf("%s belong under %s: write %s on a line above them", report.And(words), header, header))
	}
	f := &r.faults[len(r.faults)-1]
	f.table, f.belongs = joinPointer(table), home
}

// arrayTable says whether v is an array of tables where one table is
// expected ([[moves]] where [moves] is meant).
func (r *reporter) arrayTable(sch map[string]any, v any) bool {
	arr, ok := v.([]any)
	if !ok || len(arr) == 0 || !hasType(sch, "object") || hasType(sch, "array") {
		return false
	}
	for _, e := range arr {
		if _, ok := e.(map[string]any); !ok {
			return false
		}
	}
	return true
}

// dependent reports the keys that must go with the key have (if have is
// there, then they are) and are missing from the table at segs: at have,
// once.
func (r *reporter) dependent(segs []string, have string, deps any, v any) {
	obj, _ := v.(map[string]any)
	var missing []string
	for _, k := range stringList(deps) {
		if _, ok := obj[k]; !ok {
			if r.misspelt(segs, obj, k) {
				return // the misspelt key's fault says "did you mean"
			}
			missing = append(missing, k)
		}
	}
	if len(missing) == 0 {
		return
	}
	adds := make([]string, len(missing))
	for i, k := range missing {
		adds[i] = keyText(k) + " = …"
	}
	at := append(segs[:len(segs):len(segs)], have)
	r.at(at, fmt.Sprintf("%s%s goes with %s: add %s, or remove %s",
		prefix(r.table(segs)), keyText(have), report.And(missing), report.And(adds), keyText(have)))
	r.keyFault(segs, missing, "")
}

// triggerKey is the key an if schema asks for when it only asks that the
// key be there (if: {properties: {twist: true}, required: [twist]}); "" for
// any other if.
func triggerKey(cond any) string {
	m, _ := cond.(map[string]any)
	req := stringList(m["required"])
	if len(req) != 1 {
		return ""
	}
	for k, v := range m {
		switch k {
		case "required":
		case "properties":
			props, _ := v.(map[string]any)
			if len(props) != 1 || props[req[0]] != true {
				return ""
			}
		default:
			return ""
		}
	}
	return req[0]
}

// requiredAlternatives reads an anyOf whose branches each only require
// keys (a winner, or both VPs): every key named, and the alternatives in
// words ("winner, or both attacker_vp and defender_vp"); "" otherwise.
func requiredAlternatives(branches any) ([]string, string) {
	list, ok := branches.([]any)
	if !ok || len(list) < 2 {
		return nil, ""
	}
	var keys, alts []string
	for _, b := range list {
		m, _ := b.(map[string]any)
		req := stringList(m["required"])
		if len(req) == 0 {
			return nil, ""
		}
		for k := range m {
			if k != "required" && k != "properties" && !annotations[k] {
				return nil, ""
			}
		}
		keys = append(keys, req...)
		alt := report.And(req)
		if len(req) > 1 {
			alt = "both " + alt
			if len(req) > 2 {
				alt = "all of " + report.And(req)
			}
		}
		alts = append(alts, alt)
	}
	return keys, strings.Join(alts, ", or ")
}

// nearMiss words a string that is not one of opts but nearly is: the
// look-alike character it holds, or the option meant; "" if none is near.
func nearMiss(s string, opts []string) string {
	la := LookAlike(s)
	dym := DidYouMean(s, opts)
	switch {
	case la != "" && dym != "":
		return la + "; " + dym
	case la != "":
		return la
	case dym != "":
		return "is not valid; " + dym
	}
	return ""
}

// patternFix says how to write s so that it matches sch's pattern, when
// s misses it only by case, look-alike characters or blanks; "" otherwise.
func patternFix(s string, sch map[string]any) string {
	pat, _ := sch["pattern"].(string)
	re, err := regexpCache(pat)
	if err != nil {
		return ""
	}
	for _, f := range []string{plainForm(s), idForm(s)} {
		if f == s || !re.MatchString(f) {
			continue
		}
		if la := LookAlike(s); la != "" {
			return la + "; did you mean " + strconv.Quote(f) + "?"
		}
		return "did you mean " + strconv.Quote(f) + "?"
	}
	if la := LookAlike(s); la != "" {
		return la
	}
	return ""
}

// timeWord says whether the value at segs was a TOML date or time.
func (r *reporter) timeWord(segs []string) string {
	if len(r.times) == 0 {
		return ""
	}
	if r.timeWords == nil {
		r.timeWords = make(map[string]string, len(r.times))
		for _, t := range r.times {
			r.timeWords[joinPointer(t.path)] = t.word
		}
	}
	return r.timeWords[joinPointer(segs)]
}

// text renders a value for a message as it would be written in TOML.
func (r *reporter) text(segs []string, v any) string {
	switch v := v.(type) {
	case string:
		if r.timeWord(segs) != "" {
			return v
		}
		return strconv.Quote(v)
	case float64:
		switch {
		case math.IsNaN(v):
			return "nan"
		case math.IsInf(v, 1):
			return "inf"
		case math.IsInf(v, -1):
			return "-inf"
		}
		s := strconv.FormatFloat(v, 'g', -1, 64)
		if !strings.ContainsAny(s, ".e") {
			s += ".0" // as TOML writes a float: 2.0, not the integer 2
		}
		return s
	case map[string]any:
		return "a table"
	case []any:
		return "an array"
	}
	return plain(v)
}

// plain renders a schema or document scalar without quotes.
func plain(v any) string {
	switch v := v.(type) {
	case nil:
		return "nothing"
	case string:
		return v
	case json.Number:
		return v.String()
	}
	return fmt.Sprint(v)
}

func prefix(path string) string {
	if path == "" {
		return ""
	}
	return path + ": "
}

// keyText writes a key as TOML would: bare if it can be, quoted otherwise.
func keyText(k string) string {
	if k == "" {
		return `""`
	}
	for i := 0; i < len(k); i++ {
		c := k[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return strconv.Quote(k)
		}
	}
	return k
}

func schemaTypes(sch map[string]any) []string {
	switch t := sch["type"].(type) {
	case string:
		return []string{t}
	case []any:
		return stringList(t)
	}
	return nil
}

func hasType(sch map[string]any, t string) bool {
	return slices.Contains(schemaTypes(sch), t)
}

var dateFormats = map[string]string{
	"date-time": "a date-time such as 2027-01-10T19:00:00Z",
	"date":      "a date such as 2027-01-10",
	"time":      "a time such as 19:00:00",
}

// localDateTime is the pattern of a TOML local date-time (no offset) after
// normalisation, such as 2027-01-10T19:00:00: no format names it that
// every JSON Schema client knows. A battle's played time may be one (taken
// as UTC); a deadline may not.
const localDateTime = `^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?$`

// datePhrase words a schema that takes a date or time: its format, or the
// local date-time pattern; "" for any other.
func datePhrase(sch map[string]any) string {
	if f, ok := sch["format"].(string); ok {
		return dateFormats[f]
	}
	if p, _ := sch["pattern"].(string); p == localDateTime {
		return dateFormats["date-time"]
	}
	return ""
}

func formatPhrase(format string) string {
	if p, ok := dateFormats[format]; ok {
		return p
	}
	return "a valid " + format
}

// acceptsDate says whether a schema takes TOML dates (after normalisation).
func acceptsDate(sch map[string]any) bool {
	return datePhrase(sch) != "" || formatPhrases(sch["anyOf"]) != "" || formatPhrases(sch["oneOf"]) != ""
}

// formatPhrases words an anyOf/oneOf whose branches all take dates or
// times, such as "a date-time such as … or a date such as …"; "" otherwise.
func formatPhrases(branches any) string {
	list, ok := branches.([]any)
	if !ok || len(list) == 0 {
		return ""
	}
	var phrases []string
	for _, b := range list {
		m, _ := b.(map[string]any)
		p := datePhrase(m)
		if p == "" {
			return ""
		}
		if !slices.Contains(phrases, p) {
			phrases = append(phrases, p)
		}
	}
	return strings.Join(phrases, " or ")
}

// countMessage words a minItems/maxItems (or properties) fault; when both
// bounds are equal it says "exactly".
func countMessage(sch map[string]any, minKey, maxKey string, tooFew bool, noun string, has int) string {
	lo, hasLo := sch[minKey]
	hi, hasHi := sch[maxKey]
	if noun == "" {
		noun = "entry"
	}
	switch {
	case hasLo && hasHi && intOf(lo) == intOf(hi):
		n := intOf(lo)
		return fmt.Sprintf("needs exactly %s, has %d", report.Plural(n, noun, report.RegularPlural(noun)), has)
	case tooFew:
		n := intOf(lo)
		return fmt.Sprintf("needs at least %s, has %d", report.Plural(n, noun, report.RegularPlural(noun)), has)
	default:
		n := intOf(hi)
		return fmt.Sprintf("needs at most %s, has %d", report.Plural(n, noun, report.RegularPlural(noun)), has)
	}
}

// nounOf reads the noun for the entries of an array or table from the title
// of its items (or property names) schema.
func nounOf(v any, root map[string]any) string {
	for range 8 {
		m, ok := v.(map[string]any)
		if !ok {
			return ""
		}
		if t, ok := m["title"].(string); ok {
			return t
		}
		ref, _ := m["$ref"].(string)
		if !strings.HasPrefix(ref, "#") {
			return ""
		}
		v = WalkJSON(root, fragmentSegments(ref))
	}
	return ""
}

// describe returns a schema's description in a form that continues a
// sentence: first letter lowercased, no final period.
func describe(sch map[string]any) string {
	d, _ := sch["description"].(string)
	d = oneLine(d)
	r, size := utf8.DecodeRuneInString(d)
	if size == 0 {
		return d
	}
	next, _ := utf8.DecodeRuneInString(d[size:])
	if unicode.IsUpper(r) && !unicode.IsUpper(next) {
		d = string(unicode.ToLower(r)) + d[size:]
	}
	return d
}

// oneLine folds a message onto one line without a final period.
func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	return strings.TrimRight(s, ".")
}

func stringList(v any) []string {
	list, _ := v.([]any)
	out := make([]string, 0, len(list))
	for _, e := range list {
		if s, ok := e.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

func intOf(v any) int {
	switch n := v.(type) {
	case json.Number:
		i, err := n.Int64()
		if err == nil {
			return int(i)
		}
		f, _ := n.Float64()
		return int(f)
	case int64:
		return int(n)
	case float64:
		return int(n)
	case int:
		return n
	}
	return 0
}

// resolveSchema finds the schema that applies to the document value at segs,
// following properties, items, additionalProperties and local $refs.
func resolveSchema(root map[string]any, segs []string) map[string]any {
	s := deref(root, root)
	for _, seg := range segs {
		if s == nil {
			return nil
		}
		if props, ok := s["properties"].(map[string]any); ok {
			if p, ok := props[seg]; ok {
				s = deref(root, p)
				continue
			}
		}
		if items, ok := s["items"].(map[string]any); ok && hasType(s, "array") {
			s = deref(root, items)
			continue
		}
		if ap, ok := s["additionalProperties"].(map[string]any); ok {
			s = deref(root, ap)
			continue
		}
		return nil
	}
	return s
}

// deref follows local $refs; siblings of a $ref only carry documentation.
func deref(root map[string]any, v any) map[string]any {
	for range 8 {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		ref, ok := m["$ref"].(string)
		if !ok || !strings.HasPrefix(ref, "#") {
			return m
		}
		v = WalkJSON(root, fragmentSegments(ref))
	}
	return nil
}

// instanceSegments splits jsonschema's instance location ("/a/b%20c/0",
// each token escaped RFC 6901-style, then URL path-escaped).
func instanceSegments(loc string) []string {
	if loc == "" {
		return nil
	}
	parts := strings.Split(strings.TrimPrefix(loc, "/"), "/")
	for i, p := range parts {
		if u, err := url.PathUnescape(p); err == nil {
			p = u
		}
		parts[i] = unescapeToken(p)
	}
	return parts
}

// fragmentSegments splits the fragment of an absolute keyword location or
// of a $ref ("mem://…/x.json#/properties/a/type").
func fragmentSegments(loc string) []string {
	i := strings.IndexByte(loc, '#')
	if i < 0 {
		return nil
	}
	return instanceSegments(loc[i+1:])
}

func lastToken(loc string) string {
	return loc[strings.LastIndexByte(loc, '/')+1:]
}
