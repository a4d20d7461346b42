// Package enum names the values of small closed sets — operations, steps,
// zones, classes — by kebab-case words, as the campaign files write them.
package enum

import (
	"fmt"
	"slices"
	"strings"
)

// Names is a closed set of kebab-case names indexed by a small int type:
// value i is called Names[i].
type Names[T ~int] []string

// Name is v's name ("unknown(n)" for a value outside the set).
func (n Names[T]) Name(v T) string {
	if int(v) < 0 || int(v) >= len(n) {
		return fmt.Sprintf("unknown(%d)", int(v))
	}
	return n[v]
}

// Parse finds the value called s.
func (n Names[T]) Parse(s string) (T, bool) {
	i := slices.Index(n, s)
	return T(max(i, 0)), i >= 0
}

// Unmarshal sets *v to the value called text, or says what the names are.
func (n Names[T]) Unmarshal(v *T, text []byte) error {
	p, ok := n.Parse(string(text))
	if !ok {
		return fmt.Errorf("%q is not one of %s", text, strings.Join(n, ", "))
	}
	*v = p
	return nil
}
