package report

import (
	"strings"
	"testing"
)

func TestPlural(t *testing.T) {
	for n, want := range map[int]string{0: "0 fleets", 1: "1 fleet", 2: "2 fleets"} {
		if got := Plural(n, "fleet", "fleets"); got != want {
			t.Errorf("Plural(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestRegularPlural(t *testing.T) {
	for noun, want := range map[string]string{
		"fleet": "fleets", "policy": "policies", "key": "keys", "day": "days",
		"box": "boxes", "class": "classes", "batch": "batches", "wish": "wishes",
	} {
		if got := RegularPlural(noun); got != want {
			t.Errorf("RegularPlural(%q) = %q, want %q", noun, got, want)
		}
	}
}

type colour string

func TestJoiners(t *testing.T) {
	lists := [][]colour{nil, {"a"}, {"a", "b"}, {"a", "b", "c"}}
	for _, tc := range []struct {
		name string
		join func([]colour) string
		want []string // for each of lists
	}{
		{"Either", Either[colour], []string{"(none)", "a", "a or b", "a, b or c"}},
		{"And", And[colour], []string{"", "a", "a and b", "a, b and c"}},
		{"QuotedAnd", QuotedAnd[colour], []string{"", `"a"`, `"a" and "b"`, `"a", "b" and "c"`}},
		{"QuotedOr", QuotedOr[colour], []string{"", `"a"`, `"a" or "b"`, `"a", "b" or "c"`}},
		{"Quoted", Quoted[colour], []string{"", `"a"`, `"a", "b"`, `"a", "b", "c"`}},
		{"OneOf", OneOf[colour], []string{"(none)", "a", "a, b", "a, b, c"}},
	} {
		for i, l := range lists {
			if got := tc.join(l); got != tc.want[i] {
				t.Errorf("%s(%q) = %q, want %q", tc.name, l, got, tc.want[i])
			}
		}
	}
}

// Quoted quotes what fmt.Sprint prints, so that it takes numbers and
// Stringers as well as strings; quotes inside are escaped.
func TestQuotedAny(t *testing.T) {
	if got, want := Quoted([]int{1, 20}), `"1", "20"`; got != want {
		t.Errorf("Quoted(ints) = %q, want %q", got, want)
	}
	if got, want := Quoted([]string{`say "hi"`}), `"say \"hi\""`; got != want {
		t.Errorf("Quoted = %q, want %q", got, want)
	}
}

func TestOneOfStopsAtMaxListed(t *testing.T) {
	vs := make([]string, MaxListed+980)
	for i := range vs {
		vs[i] = "x"
	}
	got := OneOf(vs)
	if want := strings.Repeat("x, ", MaxListed) + "… and 980 more"; got != want {
		t.Errorf("OneOf = %q, want %q", got, want)
	}
}

func TestUpperFirst(t *testing.T) {
	for s, want := range map[string]string{"": "", "red": "Red", "Red": "Red"} {
		if got := UpperFirst(s); got != want {
			t.Errorf("UpperFirst(%q) = %q, want %q", s, got, want)
		}
	}
}

// A player's text quoted in a report line ends as a sentence, once.
func TestSentence(t *testing.T) {
	for in, want := range map[string]string{
		"we held the objective":     "we held the objective.",
		"we held the objective.":    "we held the objective.",
		"who scored the last turn?": "who scored the last turn?",
		"never!  ":                  "never!",
		" ":                         ".",
	} {
		if got := Sentence(in); got != want {
			t.Errorf("Sentence(%q) = %q, want %q", in, got, want)
		}
	}
}
