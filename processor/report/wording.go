package report

import (
	"fmt"
	"strings"
)

// Plural counts: "1 fleet", "3 fleets" (one for n == 1, many otherwise).
func Plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// RegularPlural is the plural of a regular English noun, for nouns not
// known in advance (a schema's): "policy" → "policies", "box" → "boxes",
// "key" → "keys", "fleet" → "fleets".
func RegularPlural(noun string) string {
	switch {
	case strings.HasSuffix(noun, "y") && !strings.HasSuffix(noun, "ey") && !strings.HasSuffix(noun, "ay"):
		return noun[:len(noun)-1] + "ies"
	case strings.HasSuffix(noun, "s"), strings.HasSuffix(noun, "x"), strings.HasSuffix(noun, "ch"), strings.HasSuffix(noun, "sh"):
		return noun + "es"
	}
	return noun + "s"
}

// The list joiners. Each joins values for a sentence, the last two with
// "or" (a choice) or "and" (all of them), or all with commas (a list, a
// TOML array's contents); the Quoted ones quote each value as Go's %q does
// (a TOML string). An empty list is "(none)" where a message names the
// valid values (Either, OneOf), "" otherwise.

// Either joins choices: "a", "a or b", "a, b or c"; "(none)" when empty.
func Either[T ~string](vs []T) string {
	if len(vs) == 0 {
		return "(none)"
	}
	return joinLast(strs(vs), " or ")
}

// Joined lists them with commas: "a, b, c"; "" when empty.
func Joined[T ~string](vs []T) string { return strings.Join(strs(vs), ", ") }

// And joins all of them: "a", "a and b", "a, b and c"; "" when empty.
func And[T ~string](vs []T) string {
	return joinLast(strs(vs), " and ")
}

// QuotedAnd is And with each value quoted: `"a", "b" and "c"`; "" when
// empty.
func QuotedAnd[T ~string](vs []T) string {
	return joinLast(quote(vs), " and ")
}

// QuotedOr is Either with each value quoted: `"a", "b" or "c"`; "" when
// empty.
func QuotedOr[T ~string](vs []T) string {
	return joinLast(quote(vs), " or ")
}

// Quoted quotes each value (as fmt.Sprint prints it) and joins them with
// commas: `"a", "b", "c"`, a TOML array's contents; "" when empty.
func Quoted[T any](vs []T) string {
	return strings.Join(quote(vs), ", ")
}

// OneOf lists valid values for a message: "blue, green, red"; past
// MaxListed of them, the first ones and how many more ("a, b, … and 980
// more"), so that a file of thousands of faults over a list of thousands
// of ids does not print (and build) the list thousands of times; "(none)"
// when empty.
func OneOf[T ~string](vs []T) string {
	if len(vs) == 0 {
		return "(none)"
	}
	var b strings.Builder
	for i, v := range vs[:min(len(vs), MaxListed)] {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(string(v))
	}
	if more := len(vs) - MaxListed; more > 0 {
		fmt.Fprintf(&b, ", … and %d more", more)
	}
	return b.String()
}

// MaxListed is the most valid ids a fault lists (see OneOf).
const MaxListed = 60

// joinLast joins s with ", ", the last two with last.
func joinLast(s []string, last string) string {
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + last + s[len(s)-1]
}

func strs[T ~string](vs []T) []string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = string(v)
	}
	return s
}

func quote[T any](vs []T) []string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = fmt.Sprintf("%q", fmt.Sprint(v))
	}
	return s
}

// UpperFirst capitalises the first letter (an ASCII one) of s.
func UpperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// Sentence is s, trimmed, ending as a sentence: a full stop added unless it
// ends in one, a question or an exclamation mark.
func Sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" || !strings.ContainsAny(s[len(s)-1:], ".?!") {
		s += "."
	}
	return s
}

// Agree is the word of one or of many, as n says: "is" or "are".
func Agree(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// YesNo is a flag as a table cell says it.
func YesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
