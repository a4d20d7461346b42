package schema

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// fastNode is one schema compiled for a yes-or-no answer: is this value
// valid? The JSON Schema validator builds a location and message for every
// keyword it visits, which made it a fifth of a big phase's advance; most
// files are valid, and a "yes" here lets Decode skip it. A "no" — or a
// schema using a keyword this does not know — sends the file to the
// validator, which says what is wrong. So the one promise is: valid here ⇒
// valid there (fast_test.go and FuzzDecode hold it), never the reverse.
type fastNode struct {
	types         []string // "object", "array", "string", "integer", "number", "boolean"
	ref           *fastNode
	refName       string
	properties    map[string]*fastNode
	propNames     []string // properties' names, sorted
	required      []string
	additional    *fastNode // nil: any additional property
	noAdditional  bool
	propertyNames *fastNode
	items         *fastNode
	enum          []any // strings and float64s
	min, max      *float64
	minItems      int
	maxItems      int
	hasMaxItems   bool
	minLength     int
	maxLength     int // 0: none
	maxProps      int
	minProps      int
	hasMaxProps   bool
	pattern       *pattern
	unique        bool
	format        string
	anyOf         []*fastNode
	allOf         []*fastNode
	// if / then / else
	cond, then, els *fastNode
	condExact       bool // cond.exact(), found once compiled
	// constrained are the properties whose schema is not true, sorted:
	// where nothing else looks at an object's keys, only these are looked
	// up in it (an if's {properties: {x: true}, required: [x]} then walks
	// no map).
	constrained []namedNode
	keywords    int // constraining keywords compiled
}

type namedNode struct {
	name string
	node *fastNode
}

// annotations are the keywords that do not constrain a value.
var annotations = map[string]bool{"description": true, "title": true, "$schema": true, "$id": true, "$defs": true, "examples": true, "default": true, "$comment": true}

// compileFast compiles a raw schema (as decoded with UseNumber); an error
// means a keyword it does not know, and the validator does all the work.
func compileFast(raw map[string]any) (*fastNode, error) {
	defs := map[string]*fastNode{}
	var refs, conds []*fastNode
	var compile func(m map[string]any) (*fastNode, error)
	compile = func(m map[string]any) (*fastNode, error) {
		n := &fastNode{}
		for k, v := range m {
			var err error
			switch k {
			case "type":
				switch t := v.(type) {
				case string:
					n.types = []string{t}
				case []any:
					for _, e := range t {
						s, ok := e.(string)
						if !ok {
							return nil, fmt.Errorf("type %v", t)
						}
						n.types = append(n.types, s)
					}
				default:
					return nil, fmt.Errorf("type %v", v)
				}
			case "$ref":
				s, _ := v.(string)
				name, ok := strings.CutPrefix(s, "#/$defs/")
				if !ok {
					return nil, fmt.Errorf("$ref %q", s)
				}
				n.refName = name
				refs = append(refs, n)
			case "properties":
				n.properties = map[string]*fastNode{}
				props, _ := v.(map[string]any)
				for name, p := range props {
					if p == true { // declared, constrained elsewhere
						n.properties[name] = &fastNode{}
						continue
					}
					pm, ok := p.(map[string]any)
					if !ok {
						return nil, fmt.Errorf("property %s", name)
					}
					if n.properties[name], err = compile(pm); err != nil {
						return nil, err
					}
				}
				n.propNames = slices.Sorted(maps.Keys(n.properties))
				for _, name := range n.propNames {
					if p := props[name]; p != true {
						n.constrained = append(n.constrained, namedNode{name, n.properties[name]})
					}
				}
			case "required":
				var ok bool
				if n.required, ok = stringArray(v); !ok {
					return nil, fmt.Errorf("required %v", v)
				}
			case "additionalProperties", "propertyNames", "items", "if", "then", "else":
				var sub *fastNode
				switch a := v.(type) {
				case bool:
					if k != "additionalProperties" {
						return nil, fmt.Errorf("%s %v", k, a)
					}
					n.noAdditional = !a
					n.keywords++
					continue
				case map[string]any:
					if sub, err = compile(a); err != nil {
						return nil, err
					}
				default:
					return nil, fmt.Errorf("%s %v", k, v)
				}
				switch k {
				case "additionalProperties":
					n.additional = sub
				case "propertyNames":
					n.propertyNames = sub
				case "if":
					n.cond = sub
					conds = append(conds, n)
				case "then":
					n.then = sub
				case "else":
					n.els = sub
				default:
					n.items = sub
				}
			case "enum", "const":
				list, _ := v.([]any)
				if k == "const" {
					list = []any{v}
				}
				for _, e := range list {
					switch e := e.(type) {
					case string:
						n.enum = append(n.enum, e)
					case json.Number:
						f, err := e.Float64()
						if err != nil {
							return nil, err
						}
						n.enum = append(n.enum, f) // JSON: 1 and 1.0 are equal
					default:
						return nil, fmt.Errorf("enum of %T", e)
					}
				}
			case "minimum", "maximum":
				num, ok := v.(json.Number)
				if !ok {
					return nil, fmt.Errorf("%s %v", k, v)
				}
				f, err := num.Float64()
				if err != nil {
					return nil, err
				}
				if k == "minimum" {
					n.min = &f
				} else {
					n.max = &f
				}
			case "minItems", "maxItems", "minLength", "maxLength", "maxProperties", "minProperties":
				num, ok := v.(json.Number)
				if !ok {
					return nil, fmt.Errorf("%s %v", k, v)
				}
				i, err := num.Int64()
				if err != nil {
					return nil, err
				}
				switch k {
				case "minItems":
					n.minItems = int(i)
				case "maxItems":
					n.maxItems, n.hasMaxItems = int(i), true
				case "maxProperties":
					n.maxProps, n.hasMaxProps = int(i), true
				case "minProperties":
					n.minProps = int(i)
				case "maxLength":
					n.maxLength = int(i)
				default:
					n.minLength = int(i)
				}
			case "pattern":
				s, _ := v.(string)
				if n.pattern, err = compilePattern(s); err != nil {
					return nil, err
				}
			case "uniqueItems":
				n.unique, _ = v.(bool)
			case "format":
				n.format, _ = v.(string)
				if n.format != "date" && n.format != "date-time" {
					return nil, fmt.Errorf("format %q", n.format)
				}
			case "anyOf", "allOf":
				list, _ := v.([]any)
				for _, e := range list {
					em, ok := e.(map[string]any)
					if !ok {
						return nil, fmt.Errorf("%s %v", k, list)
					}
					sub, err := compile(em)
					if err != nil {
						return nil, err
					}
					if k == "anyOf" {
						n.anyOf = append(n.anyOf, sub)
					} else {
						n.allOf = append(n.allOf, sub)
					}
				}
			default:
				if !annotations[k] {
					return nil, fmt.Errorf("keyword %q", k)
				}
				continue
			}
			n.keywords++
		}
		return n, nil
	}
	if d, ok := raw["$defs"].(map[string]any); ok {
		for name, v := range d {
			m, ok := v.(map[string]any)
			if !ok {
				return nil, fmt.Errorf("$defs/%s", name)
			}
			n, err := compile(m)
			if err != nil {
				return nil, err
			}
			defs[name] = n
		}
	}
	root, err := compile(raw)
	if err != nil {
		return nil, err
	}
	for _, n := range refs {
		if n.ref = defs[n.refName]; n.ref == nil {
			return nil, fmt.Errorf("$ref to a missing $defs/%s", n.refName)
		}
	}
	for _, n := range conds {
		n.condExact = n.cond.exact()
	}
	return root, nil
}

// valid says whether v surely satisfies the schema.
func (n *fastNode) valid(v any) bool {
	if n.ref != nil && !n.ref.valid(v) {
		return false
	}
	if len(n.types) > 0 && !n.hasType(v) {
		return false
	}
	if n.enum != nil && !slices.ContainsFunc(n.enum, func(e any) bool { return jsonEqual(e, v) }) {
		return false
	}
	if n.cond != nil {
		switch {
		case n.cond.valid(v):
			if n.then != nil && !n.then.valid(v) {
				return false
			}
		case n.condExact:
			if n.els != nil && !n.els.valid(v) {
				return false
			}
		default:
			return false // the validator may find the condition true: it decides
		}
	}
	if len(n.anyOf) > 0 && !slices.ContainsFunc(n.anyOf, func(a *fastNode) bool { return a.valid(v) }) {
		return false
	}
	for _, a := range n.allOf {
		if !a.valid(v) {
			return false
		}
	}
	switch v := v.(type) {
	case map[string]any:
		return n.validObject(v)
	case []any:
		return n.validArray(v)
	case string:
		return n.validString(v)
	case int64:
		return n.inRange(float64(v))
	case float64:
		return !math.IsNaN(v) && !math.IsInf(v, 0) && n.inRange(v)
	case bool:
		return true
	}
	return false // nil, or a type no TOML document has
}

// jsonEqual compares an enum's string or number with a value.
func jsonEqual(e, v any) bool {
	switch v := v.(type) {
	case string:
		return e == v
	case int64:
		return e == float64(v)
	case float64:
		return e == v
	}
	return false
}

// exact: the node fails a value exactly when the validator does, so that
// an if whose condition fails here surely fails there too (and its else,
// not its then, applies). Exact are: a type that is not a number (the
// integral float is the one doubt), an enum or const of strings, required
// keys, and properties each exact — what a condition such as "operation
// is battle" is made of.
func (n *fastNode) exact() bool {
	known := 0
	if len(n.types) > 0 {
		if slices.ContainsFunc(n.types, func(t string) bool { return t == "integer" || t == "number" }) {
			return false
		}
		known++
	}
	if n.enum != nil {
		for _, e := range n.enum {
			if _, ok := e.(string); !ok {
				return false
			}
		}
		known++
	}
	if n.required != nil {
		known++
	}
	if n.properties != nil {
		for _, p := range n.properties {
			if p.keywords > 0 && !p.exact() {
				return false
			}
		}
		known++
	}
	return known == n.keywords
}

func (n *fastNode) hasType(v any) bool {
	for _, t := range n.types {
		switch v.(type) {
		case map[string]any:
			if t == "object" {
				return true
			}
		case []any:
			if t == "array" {
				return true
			}
		case string:
			if t == "string" {
				return true
			}
		case int64:
			if t == "integer" || t == "number" {
				return true
			}
		case float64:
			if t == "number" { // an integral float goes to the validator
				return true
			}
		case bool:
			if t == "boolean" {
				return true
			}
		}
	}
	return false
}

func (n *fastNode) inRange(f float64) bool {
	return (n.min == nil || f >= *n.min) && (n.max == nil || f <= *n.max)
}

func (n *fastNode) validObject(m map[string]any) bool {
	if len(m) < n.minProps || (n.hasMaxProps && len(m) > n.maxProps) {
		return false
	}
	for _, k := range n.required {
		if _, ok := m[k]; !ok {
			return false
		}
	}
	if n.propertyNames == nil && !n.noAdditional && n.additional == nil {
		// A key no property names is free, and a true schema takes any
		// value (none is NaN or null here: finiteCopy, and TOML has none).
		for _, p := range n.constrained {
			if v, ok := m[p.name]; ok && !p.node.valid(v) {
				return false
			}
		}
		return true
	}
	for k, v := range m {
		if n.propertyNames != nil && !n.propertyNames.valid(k) {
			return false
		}
		if p, ok := n.properties[k]; ok {
			if !p.valid(v) {
				return false
			}
			continue
		}
		if n.noAdditional || (n.additional != nil && !n.additional.valid(v)) {
			return false
		}
	}
	return true
}

func (n *fastNode) validArray(a []any) bool {
	if len(a) < n.minItems || (n.hasMaxItems && len(a) > n.maxItems) {
		return false
	}
	if n.items != nil {
		for _, e := range a {
			if !n.items.valid(e) {
				return false
			}
		}
	}
	if n.unique && len(a) > 1 {
		seen := make(map[any]bool, len(a))
		for _, e := range a {
			switch e.(type) {
			case string, int64, bool: // equal in JSON only when equal in Go
			default:
				return false // the validator decides
			}
			if seen[e] {
				return false
			}
			seen[e] = true
		}
	}
	return true
}

func (n *fastNode) validString(s string) bool {
	if n.minLength > 0 && utf8.RuneCountInString(s) < n.minLength {
		return false
	}
	if n.maxLength > 0 && utf8.RuneCountInString(s) > n.maxLength {
		return false
	}
	if n.pattern != nil && !n.pattern.MatchString(s) {
		return false
	}
	switch n.format {
	case "date":
		return canonicalTime("2006-01-02", s)
	case "date-time":
		return canonicalTime(time.RFC3339Nano, s)
	}
	return true
}

// canonicalTime: s is a time as layout writes it, which the validator's
// RFC 3339 formats accept.
func canonicalTime(layout, s string) bool {
	t, err := time.Parse(layout, s)
	return err == nil && t.Format(layout) == s
}

// stringArray reads a JSON array of strings.
func stringArray(v any) ([]string, bool) {
	list, ok := v.([]any)
	if !ok {
		return nil, false
	}
	out := make([]string, 0, len(list))
	for _, e := range list {
		s, ok := e.(string)
		if !ok {
			return nil, false
		}
		out = append(out, s)
	}
	return out, true
}
