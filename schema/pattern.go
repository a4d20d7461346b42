package schema

import (
	"math"
	"regexp"
)

// pattern is a schema's "pattern" keyword, compiled. Most of the
// schemas' patterns are a run of character classes from start to end
// (a login, an id: ^[a-z0-9][a-z0-9-]*$): those are matched a byte at a
// time by seq, a public campaign's 200,000 logins and ids without the
// regexp engine's set-up for each (a fifth of decoding campaign.toml);
// any other pattern goes to regexp, which decides as before.
type pattern struct {
	re  *regexp.Regexp
	seq []patternPart // nil: re decides
}

// patternPart is one class of a simple pattern, repeated min to max times.
type patternPart struct {
	set      [2]uint64 // the ASCII bytes the class takes, a bit each
	min, max int
}

func (p *patternPart) has(c byte) bool { return c < 128 && p.set[c>>6]&(1<<(c&63)) != 0 }

func compilePattern(s string) (*pattern, error) {
	re, err := regexp.Compile(s)
	if err != nil {
		return nil, err
	}
	return &pattern{re: re, seq: simplePattern(s)}, nil
}

// MatchString reports whether s matches the pattern, as regexp does.
func (p *pattern) MatchString(s string) bool {
	if p.seq == nil {
		return p.re.MatchString(s)
	}
	i := 0
	for k := range p.seq {
		part := &p.seq[k]
		n := 0
		for n < part.max && i < len(s) && part.has(s[i]) {
			n++
			i++
		}
		if n < part.min {
			return false
		}
	}
	return i == len(s)
}

// simplePattern reads ^(part)*$, each part a literal ASCII character, an
// escaped one (\. \- \/ \_) or a class of them and ranges ([A-Za-z0-9_-]),
// with no quantifier, ?, *, +, {n}, {m,} or {m,n}, or one such part alone
// in a group (?:...); nil for anything else. Matching a byte at a time, the
// greedy way, is exact only where no part could give back what the next
// needs: a part of varying length takes nothing its successor can start
// with. Only ASCII is in a class, so a rune that is not is in none, as it
// is in none of regexp's, and a count of bytes is one of runes.
func simplePattern(s string) []patternPart {
	if len(s) < 2 || s[0] != '^' || s[len(s)-1] != '$' {
		return nil
	}
	s = s[1 : len(s)-1]
	var seq []patternPart
	for len(s) > 0 {
		var part patternPart
		var ok bool
		if len(s) > 3 && s[:3] == "(?:" {
			// A group of exactly one part, its quantifier inside.
			end := groupEnd(s)
			if end < 0 {
				return nil
			}
			inner := s[3:end]
			if part, inner, ok = atom(inner); !ok {
				return nil
			}
			if part.min, part.max, inner, ok = quantifier(inner); !ok || inner != "" {
				return nil
			}
			s = s[end+1:]
			if len(s) > 0 && isQuantifier(s[0]) {
				return nil
			}
		} else {
			if part, s, ok = atom(s); !ok {
				return nil
			}
			if part.min, part.max, s, ok = quantifier(s); !ok {
				return nil
			}
		}
		seq = append(seq, part)
	}
	for k := range seq {
		if seq[k].min == seq[k].max {
			continue
		}
		// Every part that could start where this one ends: the next, and
		// the ones after each that may take nothing.
		for j := k + 1; j < len(seq); j++ {
			if seq[k].set[0]&seq[j].set[0] != 0 || seq[k].set[1]&seq[j].set[1] != 0 {
				return nil
			}
			if seq[j].min > 0 {
				break
			}
		}
	}
	return seq
}

func isQuantifier(c byte) bool { return c == '?' || c == '*' || c == '+' || c == '{' }

// groupEnd is the index of the ) that closes the group s starts with; -1
// for a group that holds another or an alternation.
func groupEnd(s string) int {
	inClass := false
	for i := 3; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\':
			i++
		case inClass:
			inClass = c != ']'
		case c == '[':
			inClass = true
		case c == '(' || c == '|':
			return -1
		case c == ')':
			return i
		}
	}
	return -1
}

// atom reads one literal, escape or class at the start of s.
func atom(s string) (patternPart, string, bool) {
	var p patternPart
	add := func(c byte) { p.set[c>>6] |= 1 << (c & 63) }
	switch c := s[0]; {
	case c == '[':
		i := 1
		if i < len(s) && s[i] == '^' {
			return p, s, false // a negated class takes non-ASCII runes
		}
		for i < len(s) && s[i] != ']' {
			lo, n, ok := classChar(s[i:])
			if !ok {
				return p, s, false
			}
			i += n
			if i+1 < len(s) && s[i] == '-' && s[i+1] != ']' {
				hi, m, ok := classChar(s[i+1:])
				if !ok || hi < lo {
					return p, s, false
				}
				i += 1 + m
				for c := int(lo); c <= int(hi); c++ {
					add(byte(c))
				}
				continue
			}
			add(lo)
		}
		if i >= len(s) {
			return p, s, false
		}
		return p, s[i+1:], true
	case c == '\\':
		if len(s) < 2 || !escapable(s[1]) {
			return p, s, false
		}
		add(s[1])
		return p, s[2:], true
	case c < 128 && (c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '-' || c == ':' || c == '/' || c == '@' || c == '='):
		add(c)
		return p, s[1:], true
	}
	return p, s, false
}

// classChar reads one character of a class: a letter, digit, _ or -, or
// an escaped punctuation mark.
func classChar(s string) (byte, int, bool) {
	switch c := s[0]; {
	case c == '\\':
		if len(s) < 2 || !escapable(s[1]) {
			return 0, 0, false
		}
		return s[1], 2, true
	case c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '-' || c == '.' || c == ':' || c == '/' || c == '@' || c == '=' || c == '+':
		return c, 1, true
	}
	return 0, 0, false
}

// escapable are the punctuation marks an escape makes literal (a letter
// after \ is a class or an assertion: \d, \b).
func escapable(c byte) bool {
	switch c {
	case '.', '-', '/', '_', '+', '*', '?', '(', ')', '[', ']', '{', '}', '^', '$', '|', '\\', ':', '@', '=':
		return true
	}
	return false
}

// quantifier reads an optional quantifier; a lazy or possessive one, or a
// repeat regexp would refuse, is not simple.
func quantifier(s string) (lo, hi int, rest string, ok bool) {
	if s == "" {
		return 1, 1, s, true
	}
	switch s[0] {
	case '?':
		lo, hi, s = 0, 1, s[1:]
	case '*':
		lo, hi, s = 0, math.MaxInt, s[1:]
	case '+':
		lo, hi, s = 1, math.MaxInt, s[1:]
	case '{':
		i := 1
		num := func() (int, bool) {
			start, v := i, 0
			for i < len(s) && s[i] >= '0' && s[i] <= '9' && i-start < 4 {
				v = v*10 + int(s[i]-'0')
				i++
			}
			return v, i > start
		}
		var okLo bool
		if lo, okLo = num(); !okLo || i >= len(s) {
			return 0, 0, s, false
		}
		switch s[i] {
		case '}':
			hi = lo
		case ',':
			i++
			if i < len(s) && s[i] == '}' {
				hi = math.MaxInt
			} else {
				var okHi bool
				if hi, okHi = num(); !okHi || i >= len(s) || s[i] != '}' || hi < lo || hi > 1000 {
					return 0, 0, s, false
				}
			}
		default:
			return 0, 0, s, false
		}
		if lo > 1000 {
			return 0, 0, s, false
		}
		s = s[i+1:]
	default:
		return 1, 1, s, true
	}
	if s != "" && (s[0] == '?' || s[0] == '+') {
		return 0, 0, s, false // lazy; or a quantifier on a quantifier
	}
	return lo, hi, s, true
}
