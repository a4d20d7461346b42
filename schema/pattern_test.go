package schema

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// schemaPatterns are the "pattern"s of every schema.
func schemaPatterns(t testing.TB) []string {
	files, err := filepath.Glob("*.schema.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no schemas: %v", err)
	}
	seen := map[string]bool{}
	var out []string
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			if p, ok := v["pattern"].(string); ok && !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
			for _, x := range v {
				walk(x)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			t.Fatal(err)
		}
		walk(v)
	}
	return out
}

// Patterns a byte-at-a-time match would get wrong, or that are not a run
// of classes: each must be left to regexp or matched as it matches.
var trickyPatterns = []string{
	`^a*b?a$`, `^[a-z]*[a-z]$`, `^[a-z]{0,3}[0-9]$`, `^[a-z]+$`, `^$`, `^a{2}$`, `^a{2,}b$`,
	`^[ab]*(?:[bc]{0,2})$`, `^(?:a*)$`, `^[^a-z]+$`, `^\d+$`, `^a.b$`, `^[a-]+$`, `^[-a]$`,
	`^x|y$`, `^(a|b)$`, `^a+?$`, `^[A-Z][a-z0-9_-]{0,5}\.[a-z]{1,3}$`, `^a\$`, `^(?i)abc$`,
	`^[a-z]{3}[a-z]{0,2}$`, `^[a-z]{0,2}[0-9]{1,2}[a-z]$`, `abc$`, `^abc`, `^[\.\-]+$`,
}

// The fast check's patterns match as regexp does: every schema's and the
// tricky ones, on strings made of their own characters and some others
// (a newline at the end, a rune that is not ASCII, an invalid byte).
func TestPatternMatchesAsRegexp(t *testing.T) {
	pats := append(schemaPatterns(t), trickyPatterns...)
	rng := rand.New(rand.NewPCG(1, 2))
	simple := 0
	for _, src := range pats {
		re, err := regexp.Compile(src)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		p, err := compilePattern(src)
		if err != nil {
			t.Fatal(err)
		}
		if p.seq != nil {
			simple++
		}
		alphabet := []string{"\n", "é", "\xff", ".", "-", "/", "a", "Z", "0", "9"}
		for _, r := range src {
			alphabet = append(alphabet, string(r))
		}
		for range 20000 {
			var b strings.Builder
			for range rng.IntN(70) {
				b.WriteString(alphabet[rng.IntN(len(alphabet))])
			}
			s := b.String()
			if got, want := p.MatchString(s), re.MatchString(s); got != want {
				t.Fatalf("%s on %q: %v, regexp says %v", src, s, got, want)
			}
		}
		// Near the pattern's own matches: a hex digest, a login of 39.
		for _, s := range []string{strings.Repeat("a", 64), strings.Repeat("0", 63), strings.Repeat("b", 39), strings.Repeat("b", 40), "age1qq", "sha256:" + strings.Repeat("f", 64), "a-b", "-ab", "ab-"} {
			if got, want := p.MatchString(s), re.MatchString(s); got != want {
				t.Fatalf("%s on %q: %v, regexp says %v", src, s, got, want)
			}
		}
	}
	if simple < 5 {
		t.Errorf("only %d of the patterns are matched a byte at a time", simple)
	}
}

func FuzzPattern(f *testing.F) {
	for _, p := range trickyPatterns {
		f.Add(p, "abc")
	}
	f.Add(`^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$`, "bob-1")
	f.Fuzz(func(t *testing.T, src, s string) {
		re, err := regexp.Compile(src)
		if err != nil {
			return
		}
		p, err := compilePattern(src)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := p.MatchString(s), re.MatchString(s); got != want {
			t.Fatalf("%s on %q: %v, regexp says %v", src, s, got, want)
		}
	})
}

// BenchmarkPattern matches a public campaign's logins and ids: with the
// regexp engine, and as the fast check does.
func BenchmarkPattern(b *testing.B) {
	src := `^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$`
	words := []string{"p0", "p12345", "big-club-member", "f99999", "Alice-2"}
	re := regexp.MustCompile(src)
	p, err := compilePattern(src)
	if err != nil || p.seq == nil {
		b.Fatal("not simple", err)
	}
	for _, m := range []struct {
		name  string
		match func(string) bool
	}{{"regexp", re.MatchString}, {"fast", p.MatchString}} {
		b.Run(m.name, func(b *testing.B) {
			for b.Loop() {
				for _, w := range words {
					if !m.match(w) {
						b.Fatal(w)
					}
				}
			}
		})
	}
}
