package schema

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/warmaster/warmaster/processor/report"
)

// Words for faults a player reads: counting from 1, what a near miss was
// meant to be, which character only looks right.

// Ordinal is n (counted from 1) as "1st", "2nd", "3rd", "4th", "11th", "22nd".
func Ordinal(n int) string {
	suffix := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return strconv.Itoa(n) + suffix
}

// lookAlike is a character that looks like, or stands where people mean,
// a plain ASCII one.
type lookAlike struct {
	name  string // the Unicode name
	plain string // what is meant: "a plain hyphen -"; "" for an invisible character
	repl  string // what it becomes in a suggestion
}

// lookAlikes are the characters editors, word processors and chat apps
// put in place of plain ones: dashes and hyphens for -, typographic quotes,
// spaces that do not break, invisible characters, Cyrillic and Greek
// letters that look like Latin ones.
var lookAlikes = map[rune]lookAlike{
	'\u00AD': {"SOFT HYPHEN", "", ""},
	'\u2010': {"HYPHEN", "a plain hyphen -", "-"},
	'\u2011': {"NON-BREAKING HYPHEN", "a plain hyphen -", "-"},
	'\u2012': {"FIGURE DASH", "a plain hyphen -", "-"},
	'\u2013': {"EN DASH", "a plain hyphen -", "-"},
	'\u2014': {"EM DASH", "a plain hyphen -", "-"},
	'\u2015': {"HORIZONTAL BAR", "a plain hyphen -", "-"},
	'\u2212': {"MINUS SIGN", "a plain hyphen -", "-"},
	'\uFE58': {"SMALL EM DASH", "a plain hyphen -", "-"},
	'\uFE63': {"SMALL HYPHEN-MINUS", "a plain hyphen -", "-"},
	'\uFF0D': {"FULLWIDTH HYPHEN-MINUS", "a plain hyphen -", "-"},
	'\uFF1D': {"FULLWIDTH EQUALS SIGN", "a plain =", "="},
	'\u00A0': {"NO-BREAK SPACE", "a plain space", " "},
	'\u2007': {"FIGURE SPACE", "a plain space", " "},
	'\u2009': {"THIN SPACE", "a plain space", " "},
	'\u202F': {"NARROW NO-BREAK SPACE", "a plain space", " "},
	'\u200B': {"ZERO WIDTH SPACE", "", ""},
	'\u200C': {"ZERO WIDTH NON-JOINER", "", ""},
	'\u200D': {"ZERO WIDTH JOINER", "", ""},
	'\u2060': {"WORD JOINER", "", ""},
	'\uFEFF': {"ZERO WIDTH NO-BREAK SPACE", "", ""},
	'\u2018': {"LEFT SINGLE QUOTATION MARK", "a straight quote '", "'"},
	'\u2019': {"RIGHT SINGLE QUOTATION MARK", "a straight quote '", "'"},
	'\u201C': {"LEFT DOUBLE QUOTATION MARK", "a straight quote \"", "\""},
	'\u201D': {"RIGHT DOUBLE QUOTATION MARK", "a straight quote \"", "\""},
	'\u0430': {"CYRILLIC SMALL LETTER A", "a Latin a", "a"},
	'\u0435': {"CYRILLIC SMALL LETTER IE", "a Latin e", "e"},
	'\u043E': {"CYRILLIC SMALL LETTER O", "a Latin o", "o"},
	'\u0440': {"CYRILLIC SMALL LETTER ER", "a Latin p", "p"},
	'\u0441': {"CYRILLIC SMALL LETTER ES", "a Latin c", "c"},
	'\u0443': {"CYRILLIC SMALL LETTER U", "a Latin y", "y"},
	'\u0445': {"CYRILLIC SMALL LETTER HA", "a Latin x", "x"},
	'\u0456': {"CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I", "a Latin i", "i"},
	'\u03BF': {"GREEK SMALL LETTER OMICRON", "a Latin o", "o"},
}

// LookAlike names the first character of s that only looks like a plain
// one, as "contains U+2011 NON-BREAKING HYPHEN where a plain hyphen - is
// meant"; "" if there is none.
func LookAlike(s string) string {
	for _, r := range s {
		la, ok := lookAlikes[r]
		if !ok {
			continue
		}
		if la.plain == "" {
			return fmt.Sprintf("contains U+%04X %s, an invisible character: delete it", r, la.name)
		}
		return fmt.Sprintf("contains U+%04X %s where %s is meant", r, la.name, la.plain)
	}
	return ""
}

// plainForm is s with its look-alike characters replaced by what they
// stand for.
func plainForm(s string) string {
	if isASCII(s) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if la, ok := lookAlikes[r]; ok {
			b.WriteString(la.repl)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// idForm is how s is written as an id: look-alikes replaced, lowercase,
// blanks and underscores as hyphens ("Tarkad Vindix" is "tarkad-vindix").
// Two words with the same idForm differ only in what people do not see or
// do not mean (attacker-vp is attacker_vp).
func idForm(s string) string {
	s = strings.ToLower(strings.TrimSpace(plainForm(s)))
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '_' {
			return '-'
		}
		return r
	}, s)
}

// DidYouMean says which of known s was likely meant: one that differs only
// in case, in a look-alike character, in blanks, hyphens or underscores;
// the one whose first word s is; or one that differs by at most two
// letters (added, removed or changed). It returns
// `did you mean "x"?` (or `"x" or "y"` for a tie), or "" if none is close.
func DidYouMean(s string, known []string) string {
	if m := Closest(s, known); len(m) > 0 {
		return "did you mean " + report.QuotedOr(m) + "?"
	}
	return ""
}

// Closest is the known words closest to s as DidYouMean counts it (all of
// them when several are as close, at most three); nil if none is close.
// Its cost is linear in the length of the known words: a word longer than
// MaxHintRunes gets no suggestion (ids are short words, and a hostile file
// can make both s and the known words thousands of characters long), and
// the edit distance looks only at a band two characters wide.
func Closest(s string, known []string) []string {
	if s == "" || len(known) == 0 || utf8.RuneCountInString(s) > MaxHintRunes {
		return nil
	}
	ls := idForm(s)
	n := utf8.RuneCountInString(ls)
	var exact, prefixed, best []string
	bestD := 2
	for _, k := range known {
		if k == s {
			continue
		}
		lk := idForm(k)
		switch {
		case lk == ls:
			exact = append(exact, k)
		case exact != nil:
		case strings.HasPrefix(lk, ls+"-"):
			// The first word of a longer name: tarkad for tarkad-vindix.
			prefixed = append(prefixed, k)
		case abs(utf8.RuneCountInString(lk)-n) <= bestD:
			// A typo: at most two edits, and fewer than the word has
			// letters, so that "xy" does not suggest "red".
			d := editDistance(ls, lk, bestD)
			if d > bestD || d >= n {
				continue
			}
			if d < bestD || best == nil {
				best, bestD = nil, d
			}
			best = append(best, k)
		}
	}
	switch {
	case len(exact) > 0:
		return first(exact)
	case len(prefixed) == 1:
		return prefixed
	}
	return first(best)
}

// MaxHintRunes is the longest word Closest suggests for, in characters:
// ids are lowercase-hyphen words well under it.
const MaxHintRunes = 64

func first(list []string) []string {
	list = slices.Compact(list)
	return list[:min(len(list), 3)]
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// editDistance is the Levenshtein distance between a and b (in runes), or
// more than limit when it is more than limit. Only the cells at most limit
// away from the diagonal are computed (a path through any other costs more
// than limit), so its cost is (2·limit+1)·len(a), not len(a)·len(b).
func editDistance(a, b string, limit int) int {
	ra, rb := []rune(a), []rune(b)
	if abs(len(ra)-len(rb)) > limit {
		return limit + 1
	}
	over := limit + 1 // stands for every distance past limit
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = min(j, over)
	}
	for i := 1; i <= len(ra); i++ {
		lo, hi := max(1, i-limit), min(len(rb), i+limit)
		cur[lo-1] = over
		if lo == 1 {
			cur[0] = min(i, over)
		}
		low := cur[lo-1]
		for j := lo; j <= hi; j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost, over)
			low = min(low, cur[j])
		}
		if hi < len(rb) {
			cur[hi+1] = over
		}
		if low > limit {
			return over
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// regexps are the schemas' patterns, compiled once each.
var regexps sync.Map // pattern -> *regexp.Regexp

func regexpCache(pat string) (*regexp.Regexp, error) {
	if re, ok := regexps.Load(pat); ok {
		return re.(*regexp.Regexp), nil
	}
	re, err := regexp.Compile(pat)
	if err != nil {
		return nil, err
	}
	regexps.Store(pat, re)
	return re, nil
}
