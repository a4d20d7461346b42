package schema

import (
	"cmp"
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v5"
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

func (r *reporter) leaf(ve *jsonschema.ValidationError) {
	segs := instanceSegments(ve.InstanceLocation)
	// The schema object holding the failed keyword: what the messages quote
	// (bounds, property names, descriptions) is read from there.
	kpath := fragmentSegments(ve.AbsoluteKeywordLocation)
	kw := ""
	if len(kpath) > 0 {
		kw = kpath[len(kpath)-1]
	}
	sch, _ := r.schemaAt(kpath[:max(len(kpath)-1, 0)]).(map[string]any)
	if sch == nil {
		sch = map[string]any{}
	}
	if slices.Contains(strings.Split(ve.KeywordLocation, "/"), "propertyNames") && len(segs) > 0 {
		r.nameFault(segs, kw, sch, ve.Message)
		return
	}
	v, _ := r.value(segs)
	p := prefix(r.path(segs))

	switch kw {
	case "type":
		r.at(segs, fmt.Sprintf("%sexpected %s, got %s", p, expectedWords(sch), r.gotWord(segs, v)))

	case "required":
		obj, _ := v.(map[string]any)
		for _, name := range stringList(sch["required"]) {
			if _, ok := obj[name]; !ok {
				r.at(segs, fmt.Sprintf("%smissing key %s", p, strconv.Quote(name)))
			}
		}

	case "additionalProperties":
		obj, _ := v.(map[string]any)
		props, _ := sch["properties"].(map[string]any)
		valid := make([]string, 0, len(props))
		for k := range props {
			valid = append(valid, k)
		}
		sort.Strings(valid)
		where := ""
		if len(segs) > 0 {
			where = " in " + r.path(segs)
		}
		allowed := "; valid keys: " + strings.Join(valid, ", ")
		if len(valid) == 0 {
			allowed = "; no keys are allowed here"
		}
		var unknown []string
		for k := range obj {
			if _, ok := props[k]; !ok {
				unknown = append(unknown, k)
			}
		}
		// A table of a million unknown keys is listed in part (MaxFaults):
		// the first by name, so the same ones each time.
		if len(unknown) > MaxFaults+1 {
			sort.Strings(unknown)
			r.dropped += len(unknown) - (MaxFaults + 1)
			unknown = unknown[:MaxFaults+1]
		}
		for _, k := range unknown {
			ks := append(segs[:len(segs):len(segs)], k)
			r.atKey(ks, fmt.Sprintf("unknown key %s%s%s", strconv.Quote(k), where, allowed))
		}

	case "enum":
		var opts []string
		if list, ok := sch["enum"].([]any); ok {
			for _, o := range list {
				opts = append(opts, plain(o))
			}
		}
		r.at(segs, fmt.Sprintf("%s%s is not one of %s", p, r.text(segs, v), strings.Join(opts, ", ")))

	case "pattern":
		r.at(segs, fmt.Sprintf("%s%s is not valid: %s", p, r.text(segs, v), describe(sch)))

	case "minimum":
		r.at(segs, fmt.Sprintf("%s%s is too small; at least %s", p, r.text(segs, v), plain(sch["minimum"])))
	case "exclusiveMinimum":
		r.at(segs, fmt.Sprintf("%s%s is too small; must be more than %s", p, r.text(segs, v), plain(sch["exclusiveMinimum"])))
	case "maximum":
		r.at(segs, fmt.Sprintf("%s%s is too large; at most %s", p, r.text(segs, v), plain(sch["maximum"])))
	case "exclusiveMaximum":
		r.at(segs, fmt.Sprintf("%s%s is too large; must be less than %s", p, r.text(segs, v), plain(sch["exclusiveMaximum"])))

	case "minLength":
		n := intOf(sch["minLength"])
		if n == 1 {
			r.at(segs, p+"must not be empty")
		} else {
			r.at(segs, fmt.Sprintf("%s%s is too short; at least %d characters", p, r.text(segs, v), n))
		}
	case "maxLength":
		r.at(segs, fmt.Sprintf("%s%s is too long; at most %d characters", p, r.text(segs, v), intOf(sch["maxLength"])))

	case "minItems", "maxItems":
		arr, _ := v.([]any)
		noun := nounOf(sch["items"], r.c.raw)
		r.at(segs, p+countMessage(sch, "minItems", "maxItems", kw == "minItems", noun, len(arr)))
	case "minProperties", "maxProperties":
		obj, _ := v.(map[string]any)
		noun := nounOf(sch["propertyNames"], r.c.raw)
		if noun == "" {
			noun = nounOf(sch["additionalProperties"], r.c.raw)
		}
		if noun == "" {
			noun = "key"
		}
		r.at(segs, p+countMessage(sch, "minProperties", "maxProperties", kw == "minProperties", noun, len(obj)))

	case "uniqueItems":
		arr, _ := v.([]any)
		noun := nounOf(sch["items"], r.c.raw)
		if noun == "" {
			noun = "entry"
		}
		seen := map[string]bool{}
		for i, e := range arr {
			k := fmt.Sprintf("%T %#v", e, e)
			if !seen[k] {
				seen[k] = true
				continue
			}
			es := append(segs[:len(segs):len(segs)], itoa(i))
			r.at(es, fmt.Sprintf("%s%s is listed more than once; list each %s only once", p, r.text(es, e), noun))
		}

	case "format":
		format, _ := sch["format"].(string)
		s, _ := v.(string)
		if format == "date-time" && isLocalDateTime(s) {
			r.at(segs, fmt.Sprintf("%s%s has no time zone; add one, such as %sZ for UTC", p, r.text(segs, v), s))
		} else {
			r.at(segs, fmt.Sprintf("%s%s is not %s", p, r.text(segs, v), formatPhrase(format)))
		}

	case "anyOf", "oneOf":
		if phrases := formatPhrases(sch[kw]); phrases != "" {
			r.at(segs, p+"must be "+phrases)
		} else if d := describe(sch); d != "" {
			r.at(segs, fmt.Sprintf("%s%s is not valid: %s", p, r.text(segs, v), d))
		} else {
			r.at(segs, fmt.Sprintf("%s%s is not valid", p, r.text(segs, v)))
		}

	default:
		msg := ve.Message
		if d := describe(sch); d != "" {
			msg = "is not valid: " + d
		}
		r.at(segs, fmt.Sprintf("%s%s %s", p, r.text(segs, v), oneLine(msg)))
	}
}

// nameFault reports a key that fails propertyNames, at the key.
func (r *reporter) nameFault(segs []string, kw string, sch map[string]any, msg string) {
	name := segs[len(segs)-1]
	p := prefix(r.path(segs[:len(segs)-1]))
	why := describe(sch)
	if kw != "pattern" || why == "" {
		why = oneLine(msg)
	}
	r.atKey(segs, fmt.Sprintf("%skey %s is not valid: %s", p, strconv.Quote(name), why))
}

// checkValues catches what JSON Schema cannot see after normalisation: a TOML
// date or time where a plain string is expected (it was turned into a
// string), and a float such as 2.0 where an integer is expected (JSON Schema
// counts it as an integer, TOML does not). Such a fault replaces any other
// fault about the same value.
func (r *reporter) checkValues() {
	var typed []fault
	for _, t := range r.times {
		sch := resolveSchema(r.c.raw, t.path)
		if sch == nil || !hasType(sch, "string") || acceptsDate(sch) {
			continue
		}
		typed = append(typed, r.typeFault(t.path, fmt.Sprintf("expected %s, got %s", expectedWords(sch), t.word)))
	}
	for _, path := range r.floats {
		sch := resolveSchema(r.c.raw, path)
		if sch == nil || !hasType(sch, "integer") || hasType(sch, "number") {
			continue
		}
		typed = append(typed, r.typeFault(path, fmt.Sprintf("expected %s, got a number", expectedWords(sch))))
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

func (r *reporter) typeFault(segs []string, msg string) fault {
	return fault{Fault: Fault{Pointer: joinPointer(segs), Message: prefix(r.path(segs)) + msg}}
}

// schemaAt returns the raw schema value at a pointer into the kind's schema.
func (r *reporter) schemaAt(segs []string) any {
	return walkJSON(r.c.raw, segs)
}

func walkJSON(v any, segs []string) any {
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

// path renders segs the TOML way: operations[0].fleet.
func (r *reporter) path(segs []string) string {
	var sb strings.Builder
	var v any = r.doc
	for _, s := range segs {
		if arr, ok := v.([]any); ok {
			sb.WriteString("[" + s + "]")
			if i, err := strconv.Atoi(s); err == nil && i >= 0 && i < len(arr) {
				v = arr[i]
			} else {
				v = nil
			}
			continue
		}
		if sb.Len() > 0 {
			sb.WriteByte('.')
		}
		sb.WriteString(keyText(s))
		if m, ok := v.(map[string]any); ok {
			v = m[s]
		} else {
			v = nil
		}
	}
	return sb.String()
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

func (r *reporter) gotWord(segs []string, v any) string {
	if w := r.timeWord(segs); w != "" {
		return w
	}
	switch v.(type) {
	case string:
		return "a string"
	case int64:
		return "an integer"
	case float64:
		return "a number"
	case bool:
		return "a boolean"
	case map[string]any:
		return "a table"
	case []any:
		return "an array"
	}
	return "nothing"
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
		return strconv.FormatFloat(v, 'g', -1, 64)
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

var typeWords = map[string]string{
	"string":  "a string",
	"integer": "an integer",
	"number":  "a number",
	"boolean": "a boolean",
	"object":  "a table",
	"array":   "an array",
	"null":    "nothing",
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

// expectedWords says in words what type the schema wants.
func expectedWords(sch map[string]any) string {
	var words []string
	for _, t := range schemaTypes(sch) {
		w := typeWords[t]
		if t == "string" && acceptsDate(sch) {
			w = "a date-time"
		}
		if w == "" {
			w = t
		}
		words = append(words, w)
	}
	if len(words) == 0 {
		return "something else"
	}
	return strings.Join(words, " or ")
}

var dateFormats = map[string]string{
	"date-time":       "a date-time such as 2027-01-10T19:00:00Z",
	"local-date-time": "a date-time such as 2027-01-10T19:00:00Z",
	"date":            "a date such as 2027-01-10",
	"time":            "a time such as 19:00:00",
}

func formatPhrase(format string) string {
	if p, ok := dateFormats[format]; ok {
		return p
	}
	return "a valid " + format
}

// acceptsDate says whether a schema takes TOML dates (after normalisation).
func acceptsDate(sch map[string]any) bool {
	if f, ok := sch["format"].(string); ok {
		if _, ok := dateFormats[f]; ok {
			return true
		}
	}
	return formatPhrases(sch["anyOf"]) != "" || formatPhrases(sch["oneOf"]) != ""
}

// formatPhrases words an anyOf/oneOf whose branches are all date formats,
// such as "a date-time such as … or a date such as …"; "" otherwise.
func formatPhrases(branches any) string {
	list, ok := branches.([]any)
	if !ok || len(list) == 0 {
		return ""
	}
	var phrases []string
	for _, b := range list {
		m, _ := b.(map[string]any)
		f, _ := m["format"].(string)
		p, ok := dateFormats[f]
		if !ok {
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
		return fmt.Sprintf("needs exactly %d %s, has %d", n, plural(noun, n), has)
	case tooFew:
		n := intOf(lo)
		return fmt.Sprintf("needs at least %d %s, has %d", n, plural(noun, n), has)
	default:
		n := intOf(hi)
		return fmt.Sprintf("needs at most %d %s, has %d", n, plural(noun, n), has)
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
		v = walkJSON(root, fragmentSegments(ref))
	}
	return ""
}

func plural(noun string, n int) string {
	if n == 1 {
		return noun
	}
	switch {
	case strings.HasSuffix(noun, "y") && !strings.HasSuffix(noun, "ey") && !strings.HasSuffix(noun, "ay"):
		return noun[:len(noun)-1] + "ies"
	case strings.HasSuffix(noun, "s"), strings.HasSuffix(noun, "x"), strings.HasSuffix(noun, "ch"), strings.HasSuffix(noun, "sh"):
		return noun + "es"
	}
	return noun + "s"
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
		v = walkJSON(root, fragmentSegments(ref))
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
