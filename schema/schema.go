// Package schema parses the TOML files players write, validates them against
// one embedded JSON Schema (draft 2020-12) per kind of file, and reports
// faults with their line and column in the TOML text.
//
// The package knows TOML and JSON Schema only; the game rules live elsewhere.
package schema

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/BurntSushi/toml"
	gotoml "github.com/pelletier/go-toml/v2"
	"github.com/santhosh-tekuri/jsonschema/v5"
)

// Kind is a kind of player-written file.
type Kind string

// The kinds of file.
const (
	Campaign Kind = "campaign" // campaign.toml
	Map      Kind = "map"      // map.toml
	Setup    Kind = "setup"    // setup/<alliance>.toml
	Orders   Kind = "orders"   // phases/NN/orders/<login>.toml
	Results  Kind = "results"  // phases/NN/results/<fleet>.toml
	Moves    Kind = "moves"    // phases/NN/moves/<login>.toml
	Builds   Kind = "builds"   // phases/NN/builds/<alliance>.toml
	Engine   Kind = "engine"   // engines/<profile>.toml
	Events   Kind = "events"   // phases/NN/events/<alliance>.toml
	Tiebreak Kind = "tiebreak" // phases/NN/tiebreak.toml
	// Confirmations: phases/NN/confirmations/<battle>.toml, the other
	// side's word on a result; Rulings: phases/NN/rulings/<battle>.toml,
	// the Warmaster's on a disputed one.
	Confirmations Kind = "confirmations"
	Rulings       Kind = "rulings"
)

// Kinds lists every kind in a fixed order.
func Kinds() []Kind {
	return []Kind{Campaign, Map, Setup, Orders, Results, Moves, Builds, Events, Tiebreak, Engine, Confirmations, Rulings}
}

// Fault is one problem in one file. Pointer is the JSON pointer (RFC 6901,
// e.g. "/operations/0/fleet") of the offending value ("" = the document root).
// For a missing key it is the table that lacks the key; for an unknown key it
// is the unknown key's value.
type Fault struct {
	Line, Col int
	Pointer   string
	Message   string
	// Blank is set on the fault of a value left empty where the schema
	// asks for an id ("stronghold is empty: write an id: …"): where it is,
	// in words ("stronghold", "blue-1 under [fleets]"), for a caller that
	// knows the ids it may be to say "<Blank> is empty: write one of …".
	Blank string
	// Was and Meant are set on the fault of a misspelt key with one near
	// miss the table lacks: the key as written, at the fault's line and
	// column, and the one it was likely meant to be.
	Was, Meant string
	// Curly is set on the fault of a file whose TOML has curly quotes
	// (one fault for the file, naming every line that has them).
	Curly bool
	// Path and Value are set on the fault of a value that is none of the
	// schema's values for it (enum) or out of its bounds: where it is, in
	// words ("build under [outcome]"), and the value as written
	// ("\"castle\"", 11), for a caller that knows the values valid in
	// that place, fewer than the schema's, to word it with those
	// (NotOneOf).
	Path, Value string
	// Missing are the keys a fault of a table without them names
	// (missing key "attack"), comma-separated, for a caller that knows
	// their values.
	Missing string
	// Spelling is set on the fault of text not of the spelling asked for
	// (a pattern: an id), Path and Value with it, for a caller that knows
	// what it names (processor.Checker.WordNames).
	Spelling bool
}

//go:embed *.schema.json
var files embed.FS

// baseURL is where the schemas are compiled: an absolute URL, so that no
// file:// path leaks into anything.
const baseURL = "mem://warmaster/"

// compiled is one kind's schema, both compiled and as raw JSON (the raw form
// is read to word the messages: property names, bounds, descriptions).
type compiled struct {
	text []byte
	raw  map[string]any
	fast *fastNode // nil: every file goes to the validator

	// The validator's compiled schema, made when first needed: compiling
	// (which checks each schema against the 2020-12 metaschema) is most of
	// a short run's start, and a run whose files all pass the fast check
	// never needs it.
	once   sync.Once
	name   string
	schema *jsonschema.Schema

	// notDate remembers stringNotDate by path (notDates counts them).
	notDate  sync.Map
	notDates atomic.Int64
}

// compiler holds every schema as a resource; compiling one is guarded, as
// the compiler is not safe for concurrent use.
var (
	compiler   *jsonschema.Compiler
	compilerMu sync.Mutex
)

// validator is the kind's compiled JSON Schema.
func (c *compiled) validator() *jsonschema.Schema {
	c.once.Do(func() {
		compilerMu.Lock()
		defer compilerMu.Unlock()
		s, err := compiler.Compile(baseURL + c.name)
		if err != nil {
			panic(err) // embedded and compiled by the package's tests: a programming error
		}
		c.schema = s
	})
	return c.schema
}

var (
	compileOnce sync.Once
	schemas     map[Kind]*compiled
)

// JSON returns the raw embedded JSON Schema text of kind (for editors and
// docs), or nil for an unknown kind.
func JSON(kind Kind) []byte {
	c := lookup(kind)
	if c == nil {
		return nil
	}
	return bytes.Clone(c.text)
}

func lookup(kind Kind) *compiled {
	compileOnce.Do(func() {
		var err error
		schemas, err = compileAll()
		if err != nil {
			// The schemas are embedded in the binary: a broken one is a
			// programming error, caught by the package's tests.
			panic(err)
		}
	})
	return schemas[kind]
}

func compileAll() (map[Kind]*compiled, error) {
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	c.AssertFormat = true
	out := make(map[Kind]*compiled)
	for _, k := range Kinds() {
		name := string(k) + ".schema.json"
		text, err := files.ReadFile(name)
		if err != nil {
			return nil, err
		}
		if err := c.AddResource(baseURL+name, bytes.NewReader(text)); err != nil {
			return nil, fmt.Errorf("schema %s: %w", name, err)
		}
		dec := json.NewDecoder(bytes.NewReader(text))
		dec.UseNumber()
		var raw map[string]any
		if err := dec.Decode(&raw); err != nil {
			return nil, fmt.Errorf("schema %s: %w", name, err)
		}
		out[k] = &compiled{text: text, raw: raw, name: name}
		if fast, err := compileFast(raw); err == nil {
			out[k].fast = fast
		}
	}
	compiler = c
	return out, nil
}

// Decode checks data against the limits of its kind (Prescan), parses it
// as TOML, normalises it (TOML dates and times become strings, arrays of
// tables become []any) and validates it against kind's schema. It returns
// the normalised document (nil when the TOML does not parse) and every
// fault, sorted by Line, then Col, then Message. No faults means the file
// is valid.
//
// After Remember, the document is shared with later calls for the same
// bytes: callers read it and never change it.
func Decode(kind Kind, data []byte) (map[string]any, []Fault) {
	if !memo.on() {
		return decode(kind, data)
	}
	key := memoKey(kind, data)
	if e, ok := memo.get(key); ok {
		return e.doc, slices.Clone(e.faults)
	}
	doc, faults := decode(kind, data)
	memo.put(key, memoEntry{doc: doc, faults: slices.Clone(faults), size: len(data)})
	return doc, faults
}

func decode(kind Kind, data []byte) (map[string]any, []Fault) {
	c := lookup(kind)
	if c == nil {
		return nil, []Fault{{Line: 1, Col: 1, Message: fmt.Sprintf("internal error: no schema for files of kind %q", string(kind))}}
	}
	data = stripBOM(data)
	if bytes.HasPrefix(data, []byte{0xFF, 0xFE}) || bytes.HasPrefix(data, []byte{0xFE, 0xFF}) {
		return nil, []Fault{{Line: 1, Col: 1, Message: "invalid TOML: the file is saved as UTF-16; save it as UTF-8"}}
	}
	// Size, nesting and keys are bounded before the parser's cost can grow.
	if faults := Prescan(data, LimitOf(kind)); len(faults) > 0 {
		return nil, faults
	}

	raw, err := parseTOML(data)
	if err != nil {
		return nil, []Fault{parseFault(data, err, c)}
	}

	n := normaliser{}
	doc := n.table(raw)

	// NaN and infinities are no JSON values and trip the validator: validate
	// a copy in which they are replaced by an ordinary fraction (which gets
	// the same "expected an integer, got a number" treatment), but return the
	// document as written.
	valid := doc
	if n.nonFinite {
		valid = finiteCopy(doc).(map[string]any)
	}

	r := reporter{c: c, data: data, doc: doc, times: n.times, floats: n.floats}
	// What the fast check passes is surely valid; anything else goes to the
	// validator, which says what is wrong.
	if c.fast == nil || !c.fast.valid(valid) {
		// The validator describes the first failing elements of arrays;
		// if what it was given holds no fault, it is given everything.
		target, cut := any(valid), []string(nil)
		if c.fast != nil {
			target, cut = c.fast.prune(valid)
		}
		switch found := r.validate(c, target); {
		case found && cut != nil:
			r.at(cut, fmt.Sprintf("…and maybe more problems from here on: the first %d entries with problems are described, check again once they are fixed", pruneBudget))
		case cut != nil:
			r.validate(c, valid)
		}
	}
	r.checkValues()
	return doc, r.sorted()
}

// parseTOML parses data into a map. go-toml decodes TOML 1.0 five to eight
// times faster than BurntSushi's library, which reads TOML 1.1 (a
// superset) and words its errors the way syntax.go explains them: a file
// go-toml refuses is parsed again by BurntSushi's, which decides whether it
// is TOML and, when it is not, says why. TestParsersAgree holds that go-toml
// accepts nothing BurntSushi's refuses and reads the same values.
func parseTOML(data []byte) (map[string]any, error) {
	raw := map[string]any{}
	if gotoml.Unmarshal(data, &raw) == nil {
		return raw, nil
	}
	raw = map[string]any{}
	err := toml.Unmarshal(data, &raw)
	return raw, err
}

// validate runs the validator on v and reports its faults; false if it
// found none.
func (r *reporter) validate(c *compiled, v any) bool {
	err := c.validator().Validate(v)
	if err == nil {
		return false
	}
	var ve *jsonschema.ValidationError
	if errors.As(err, &ve) {
		r.walk(ve)
	} else {
		r.add(nil, 1, 1, "internal error: "+err.Error())
	}
	return true
}

// ParseFault turns an error of the TOML library decoding data into a
// fault at the error's position: a syntax error's line and column, worded
// for a player where the mistake behind it is a known one (syntax.go), or
// the line a type mismatch names ("toml: line 3 (last key …): …"), column 1.
func ParseFault(data []byte, err error) Fault {
	return parseFault(data, err, nil)
}

// typeFault is a type mismatch of the TOML library, which is no
// ParseError: at the line it names.
func typeFault(err error) Fault {
	line := 1
	if m := typeErrLine.FindStringSubmatch(err.Error()); m != nil {
		line, _ = strconv.Atoi(m[1])
	}
	return Fault{Line: max(line, 1), Col: 1, Message: "invalid TOML: " + oneLine(strings.TrimPrefix(err.Error(), "toml: "))}
}

// typeErrLine finds the line in the TOML library's error for a value of
// the wrong type, which is no ParseError.
var typeErrLine = regexp.MustCompile(`^toml: line (\d+)`)

// stripBOM drops a UTF-8 byte order mark: editors do not count it as a
// column, and the two TOML parsers disagree on whether to skip it.
func stripBOM(data []byte) []byte {
	return bytes.TrimPrefix(data, []byte{0xEF, 0xBB, 0xBF})
}
