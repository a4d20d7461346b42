package schema

import (
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every kind's schema compiles to the fast check, and every valid example
// passes it: the fast path is the one valid files take.
func TestFastCheckCoversEveryKind(t *testing.T) {
	for _, k := range Kinds() {
		c := lookup(k)
		if c.fast == nil {
			_, err := compileFast(c.raw)
			t.Errorf("%s: no fast check: %v", k, err)
			continue
		}
		doc, faults := decode(k, []byte(validExamples[k]))
		if len(faults) > 0 || !c.fast.valid(doc) {
			t.Errorf("%s: the valid example does not pass the fast check (%v)", k, faults)
		}
	}
	// The example campaign's files too: the conditions of if/then (which
	// operation, which type of profile) are decided here, not handed on.
	err := filepath.WalkDir("../campaigns/vespator-front", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		k, ok := exampleKind(strings.TrimPrefix(filepath.ToSlash(p), "../campaigns/vespator-front/"))
		if !ok {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if doc, faults := decode(k, data); len(faults) > 0 || !lookup(k).fast.valid(doc) {
			t.Errorf("%s: a valid file that does not pass the fast check (%v)", p, faults)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// The fast check never passes what the validator refuses: over every
// campaign file in the repository and the examples, each as every kind,
// and thousands of mutations of them.
func TestFastCheckNeverPassesAnInvalidFile(t *testing.T) {
	var docs []map[string]any
	add := func(data []byte) {
		raw, faults := decode(Campaign, data) // any kind: the document is the same
		if raw != nil || len(faults) == 0 {
			docs = append(docs, raw)
		}
	}
	for _, k := range Kinds() {
		add([]byte(validExamples[k]))
	}
	err := filepath.WalkDir("../campaigns", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".toml") {
			return err
		}
		data, err := os.ReadFile(p)
		add(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	checked, passed := 0, 0
	for _, doc := range docs {
		if doc == nil {
			continue
		}
		for _, m := range mutations(doc) {
			for _, k := range Kinds() {
				c := lookup(k)
				if c.fast == nil {
					continue
				}
				v := finiteCopy(m)
				if c.fast.valid(v) {
					passed++
					if err := c.validator().Validate(v); err != nil {
						t.Fatalf("%s: the fast check passes what the validator refuses (%v):\n%#v", k, err, m)
					}
				}
				checked++
			}
		}
	}
	t.Logf("%d documents × kinds checked, %d passed the fast check", checked, passed)
	if passed == 0 {
		t.Fatal("nothing passed: the test checks nothing")
	}
}

// mutations are doc and documents one change away from it: a key removed
// or added, a value of another type or out of range, an array emptied or
// with an element twice.
func mutations(doc map[string]any) []any {
	out := []any{doc}
	odd := []any{"", "x", "Bad Id", int64(0), int64(-1), int64(7), int64(99), 1.5, 2.0, true,
		[]any{}, []any{"a", "a"}, []any{int64(1)}, map[string]any{}, map[string]any{"zzz": int64(1)},
		"2027-13-01T00:00:00Z", "2027-01-10T19:00:00", "2027-01-10T19:00:00+01:00", "2027-01-10", "07:00:00"}
	var walk func(v any, replace func(any))
	walk = func(v any, replace func(any)) {
		switch v := v.(type) {
		case map[string]any:
			replace(with(v, "zzz", int64(1)))
			for k, e := range v {
				replace(without(v, k))
				for _, o := range odd {
					replace(with(v, k, o))
				}
				walk(e, func(n any) { replace(with(v, k, n)) })
			}
		case []any:
			replace([]any{})
			if len(v) > 0 {
				replace(append(append([]any{}, v...), v[0]))
			}
			for i, e := range v {
				for _, o := range odd {
					replace(withAt(v, i, o))
				}
				walk(e, func(n any) { replace(withAt(v, i, n)) })
			}
		}
	}
	walk(doc, func(n any) { out = append(out, n) })
	return out
}

func with(m map[string]any, k string, v any) map[string]any {
	out := make(map[string]any, len(m)+1)
	maps.Copy(out, m)
	out[k] = v
	return out
}

func without(m map[string]any, k string) map[string]any {
	out := with(m, k, nil)
	delete(out, k)
	return out
}

func withAt(a []any, i int, v any) []any {
	out := append([]any{}, a...)
	out[i] = v
	return out
}

// Every kind's JSON Schema compiles (they are compiled when first needed).
func TestEverySchemaCompiles(t *testing.T) {
	for _, k := range Kinds() {
		if lookup(k).validator() == nil {
			t.Errorf("%s: no validator", k)
		}
	}
}
