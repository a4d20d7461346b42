package schema

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

func TestOrdinal(t *testing.T) {
	for n, want := range map[int]string{1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 11: "11th", 12: "12th", 13: "13th", 21: "21st", 22: "22nd", 101: "101st", 111: "111th", 3000: "3000th"} {
		if got := Ordinal(n); got != want {
			t.Errorf("Ordinal(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestDidYouMean(t *testing.T) {
	planets := []string{"norallus", "masnet", "tarkad-vindix", "karabas", "kryndaer", "astarthem"}
	for _, c := range []struct {
		s     string
		known []string
		want  string
	}{
		{"Masnet", planets, `did you mean "masnet"?`},                    // case
		{"tarkad\u2011vindix", planets, `did you mean "tarkad-vindix"?`}, // look-alike
		{"Tarkad Vindix", planets, `did you mean "tarkad-vindix"?`},      // name for id
		{"tarkad", planets, `did you mean "tarkad-vindix"?`},             // first word
		{"astarhem", planets, `did you mean "astarthem"?`},               // a letter left out
		{"krindar", planets, `did you mean "kryndaer"?`},                 // two
		{"kryn", planets, ""}, // four
		{"terra", planets, ""},
		{"masnet", planets, ""}, // known: nothing to suggest
		{"", planets, ""},
		{"xy", []string{"red", "ab"}, ""}, // as many edits as letters: no likeness
		{"red-3", []string{"red-1", "red-2", "blue-1"}, `did you mean "red-1" or "red-2"?`},
		{"attacker-vp", []string{"attacker_vp", "defender_vp"}, `did you mean "attacker_vp"?`},
	} {
		if got := DidYouMean(c.s, c.known); got != c.want {
			t.Errorf("DidYouMean(%q) = %q, want %q", c.s, got, c.want)
		}
	}
}

func TestLookAlike(t *testing.T) {
	for s, want := range map[string]string{
		"planetary\u2011bombardment": "contains U+2011 NON-BREAKING HYPHEN where a plain hyphen - is meant",
		"purge\u2013and-burn":        "contains U+2013 EN DASH where a plain hyphen - is meant",
		"m\u0430snet":                "contains U+0430 CYRILLIC SMALL LETTER A where a Latin a is meant",
		"masnet\u200b":               "contains U+200B ZERO WIDTH SPACE, an invisible character: delete it",
		"masnet":                     "",
		"é":                          "",
	} {
		if got := LookAlike(s); got != want {
			t.Errorf("LookAlike(%q) = %q, want %q", s, got, want)
		}
	}
}

func TestIsoDate(t *testing.T) {
	for s, want := range map[string]string{
		"12/09/2027":       "2027-09-12T18:00:00Z", // day first
		"09/13/2027":       "2027-09-13T18:00:00Z", // month first, as the 13 says
		"12.09.2027 19:30": "2027-09-12T19:30:00Z",
		"2027/09/12":       "2027-09-12T18:00:00Z",
		"12/09/27":         "2027-09-12T18:00:00Z",
		"13/13/2027":       "",
		"12/09":            "",
	} {
		if got := dateFix(s); got != want {
			t.Errorf("dateFix(%q) = %q, want %q", s, got, want)
		}
	}
}

// A word longer than MaxHintRunes gets no suggestion, and the cost of one
// is linear in the known words' length: before, 1000 known words of 2000
// characters and a misspelt one took 20 s.
func TestDidYouMeanLongWords(t *testing.T) {
	known := make([]string, 1000)
	for i := range known {
		known[i] = strings.Repeat("p", 1994) + fmt.Sprintf("%06d", i)
	}
	start := time.Now()
	if got := DidYouMean(known[7][:len(known[7])-1]+"x", known); got != "" {
		t.Errorf("DidYouMean(a word of 2000 characters) = %.100q, want none", got)
	}
	long := strings.Repeat("a", MaxHintRunes)
	if got, want := DidYouMean(long+"x", []string{long + "y"}), ""; got != want {
		t.Errorf("DidYouMean(%d characters) = %q, want %q", MaxHintRunes+1, got, want)
	}
	if got, want := DidYouMean(long[1:]+"x", []string{long[1:] + "y"}), `did you mean "`+long[1:]+`y"?`; got != want {
		t.Errorf("DidYouMean(%d characters) = %q, want %q", MaxHintRunes, got, want)
	}
	if took := time.Since(start); took > time.Second {
		t.Errorf("took %v", took)
	}
}

// editDistance computes a band around the diagonal only: it agrees with
// the full table wherever the distance is within the limit.
func TestEditDistanceBand(t *testing.T) {
	full := func(a, b []rune) int {
		prev := make([]int, len(b)+1)
		for j := range prev {
			prev[j] = j
		}
		for i := 1; i <= len(a); i++ {
			cur := make([]int, len(b)+1)
			cur[0] = i
			for j := 1; j <= len(b); j++ {
				cost := 1
				if a[i-1] == b[j-1] {
					cost = 0
				}
				cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			}
			prev = cur
		}
		return prev[len(b)]
	}
	r := rand.New(rand.NewPCG(1, 2))
	word := func() string {
		b := make([]rune, r.IntN(8))
		for i := range b {
			b[i] = []rune("abé")[r.IntN(3)]
		}
		return string(b)
	}
	for range 20000 {
		a, b := word(), word()
		for limit := range 4 {
			want := min(full([]rune(a), []rune(b)), limit+1)
			if got := min(editDistance(a, b, limit), limit+1); got != want {
				t.Fatalf("editDistance(%q, %q, %d) = %d, want %d", a, b, limit, got, want)
			}
		}
	}
}

// Every schema's id is at most MaxIDRunes long.
func TestIDLength(t *testing.T) {
	for _, k := range Kinds() {
		var s struct {
			Defs map[string]struct {
				MaxLength int `json:"maxLength"`
			} `json:"$defs"`
		}
		if err := json.Unmarshal(JSON(k), &s); err != nil {
			t.Fatal(err)
		}
		if id, ok := s.Defs["id"]; ok && id.MaxLength != MaxIDRunes {
			t.Errorf("%s: an id's maxLength is %d, want %d", k, id.MaxLength, MaxIDRunes)
		}
	}
}
