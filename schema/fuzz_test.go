package schema

import (
	"bytes"
	"slices"
	"testing"
)

// FuzzDecode decodes arbitrary input as every kind: it must never panic,
// must give the same faults twice, every fault must point inside the
// input, and the fast check must never pass what the validator refuses.
func FuzzDecode(f *testing.F) {
	for _, k := range Kinds() {
		f.Add([]byte(validExamples[k]))
	}
	for _, s := range []string{
		"", "\n", "a = 1\n= 2\n", "[[operations]]\nfleet = \n", "\xff\xfe", "\xEF\xBB\xBF[moves]\n",
		"operations = [{fleet = 2027-01-10, operation = nan, outcome = {power_adjust = 1.0}}]\n",
		"[[operations]]\natack = 1\n[operations.outcome]\ntransfer = [\"a\", \"a\"]\n",
		"x = [[1, 2], [\"a\"], [{ b = 1 }], 07:00:00]\n[t.\"u v\".w]\nk = inf\n",
		"[moves]\n\"Bad Fleet\" = 1\n\"~/\" = \"x\"\n",
		"played = 2027-01-10T19:00:00\nbattle_ready = [\"attacker\", \"attacker\"]\n",
		"a = {\n  b = 1,\n  c = [\n    1,\n  ],\n}\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		lines := bytes.Count(data, []byte("\n")) + 1
		for _, k := range Kinds() {
			doc, faults := Decode(k, data)
			_, again := Decode(k, data)
			if !slices.Equal(faults, again) {
				t.Fatalf("%s: faults differ between runs:\n%v\n%v", k, faults, again)
			}
			if c := lookup(k); doc != nil && c.fast != nil {
				if v := finiteCopy(doc); c.fast.valid(v) && c.validator().Validate(v) != nil {
					t.Fatalf("%s: the fast check passes what the validator refuses: %v", k, c.validator().Validate(v))
				}
			}
			if doc == nil && len(faults) == 0 {
				t.Fatalf("%s: no document and no fault", k)
			}
			if !slices.IsSortedFunc(faults, func(a, b Fault) int {
				if a.Line != b.Line {
					return a.Line - b.Line
				}
				if a.Col != b.Col {
					return a.Col - b.Col
				}
				return compareStrings(a.Message, b.Message)
			}) {
				t.Fatalf("%s: faults not sorted: %v", k, faults)
			}
			for _, f := range faults {
				if f.Line < 1 || f.Col < 1 || f.Line > lines+1 {
					t.Fatalf("%s: fault out of the input (%d lines): %+v", k, lines, f)
				}
				if f.Message == "" {
					t.Fatalf("%s: empty message: %+v", k, f)
				}
				for _, key := range []bool{false, true} {
					var l, c int
					if key {
						l, c = LocateKey(data, f.Pointer)
					} else {
						l, c = Locate(data, f.Pointer)
					}
					if l < 1 || c < 1 || l > lines+1 {
						t.Fatalf("%s: Locate(%q) = %d:%d, out of the input (%d lines)", k, f.Pointer, l, c, lines)
					}
				}
			}
		}
	})
}

func compareStrings(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
