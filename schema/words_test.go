package schema

import (
	"testing"
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
