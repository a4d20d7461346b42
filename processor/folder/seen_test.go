package folder

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// EncodeSeen writes each entry as fmt's %q and %s write it: battles named
// as players may name them (a quote, a backslash, a letter past ASCII), a
// time in another zone and with a fraction.
func TestEncodeSeenAsFmt(t *testing.T) {
	zone := time.FixedZone("club", 5*3600+1800)
	seen := map[string]Seen{}
	for i, id := range []string{"f1", "b-12-3", `q"uote`, `back\slash`, "é-ü", "tab\tnl\n", ""} {
		seen[id] = Seen{Battle: id, SHA256: strings.Repeat(fmt.Sprint(i), 64), At: time.Date(2027, 1, 2+i, 3, 4, 5, 600, zone)}
	}
	want := fmt.Sprintf("# Written by warmaster: when advance first saw each result of phase %d as it is\n", 3) +
		"# (its SHA-256). The other side has a day from then to confirm or dispute it\n" +
		"# (phases/NN/confirmations/<battle>.toml). Never edit this file.\n"
	for _, id := range []string{"", "b-12-3", `back\slash`, "f1", `q"uote`, "tab\tnl\n", "é-ü"} { // sorted
		s := seen[id]
		want += fmt.Sprintf("\n[[results]]\nbattle = %q\nsha256 = %q\nseen = %s\n", s.Battle, s.SHA256, s.At.UTC().Format(time.RFC3339))
	}
	if got := string(EncodeSeen(3, seen)); got != want {
		t.Errorf("EncodeSeen:\n%s\nwant (as fmt writes it):\n%s", got, want)
	}
}

// BenchmarkEncodeSeen writes the record of a public campaign's 100,000
// results seen.
func BenchmarkEncodeSeen(b *testing.B) {
	seen := map[string]Seen{}
	at := time.Date(2027, 1, 2, 3, 4, 5, 0, time.UTC)
	for i := range 100000 {
		id := fmt.Sprintf("f%d", i)
		seen[id] = Seen{Battle: id, SHA256: strings.Repeat("ab", 32), At: at}
	}
	b.ReportAllocs()
	for b.Loop() {
		EncodeSeen(1, seen)
	}
}
