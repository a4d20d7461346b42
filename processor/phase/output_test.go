package phase

import (
	"strings"
	"testing"
)

// An output in parts is the file its data and parts make, to size and is
// (plan's "changed") as to the bytes put together.
func TestOutputIs(t *testing.T) {
	for _, o := range []output{
		{}, {data: []byte("abc")}, {parts: []string{}}, {parts: []string{"a", "", "bc"}},
		{data: []byte("a"), parts: []string{"b", "c"}}, {parts: []string{strings.Repeat("x", 70000), "y"}},
	} {
		whole := string(o.data) + strings.Join(o.parts, "")
		if o.size() != len(whole) || !o.is([]byte(whole)) {
			t.Errorf("%d bytes of data and %d parts: size %d, is its own bytes %v", len(o.data), len(o.parts), o.size(), o.is([]byte(whole)))
		}
		for _, other := range []string{whole + "z", "z" + whole, strings.TrimSuffix(whole, "c"), strings.Replace(whole, "b", "B", 1)} {
			if other != whole && o.is([]byte(other)) {
				t.Errorf("%q is %q", whole, other)
			}
		}
	}
}
