package schema

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// A prescan that goes on from where the scan of the text's beginning
// ended finds what the scan of the whole finds, and ends where it ends:
// every text a test here knows, cut at each line's end, within limits
// that it keeps to and within limits that it passes after the cut.
func TestPrescanFromAsWhole(t *testing.T) {
	var texts [][]byte
	for _, s := range parseCases {
		texts = append(texts, []byte(s))
	}
	texts = append(texts, []byte(strings.Repeat("[[steps]]\nphase = 1\ninputs = [\n  { path = \"a\", sha256 = \"b\" },\n]\n\n", 50)))
	err := filepath.WalkDir("..", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".toml") {
			return err
		}
		data, err := os.ReadFile(p)
		texts = append(texts, data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	resumed := 0
	for _, text := range texts {
		_, whole := PrescanFrom(text, big, nil)
		lims := []Limits{big}
		if whole != nil {
			// Limits passed near the end of the text, and some way in.
			lims = append(lims, Limits{Bytes: big.Bytes, Work: whole.work - 1, Keys: big.Keys},
				Limits{Bytes: big.Bytes, Work: whole.work / 2, Keys: big.Keys},
				Limits{Bytes: big.Bytes, Work: big.Work, Keys: len(whole.keys) - 1},
				Limits{Bytes: len(text) - 1, Work: big.Work, Keys: big.Keys})
		}
		cuts := lineEnds(text)
		for _, lim := range lims {
			wantFaults, wantScan := PrescanFrom(text, lim, nil)
			for _, cut := range cuts {
				_, from := PrescanFrom(text[:cut], lim, nil)
				if from == nil {
					continue
				}
				resumed++
				gotFaults, gotScan := PrescanFrom(text, lim, from)
				if !reflect.DeepEqual(gotFaults, wantFaults) || !reflect.DeepEqual(gotScan, wantScan) {
					t.Fatalf("%.60q… within %+v, cut at %d: from there %v %v, whole %v %v", text, lim, cut, gotFaults, gotScan, wantFaults, wantScan)
				}
				// What it went on from is as it was: a scan from it again
				// finds the same.
				if again, _ := PrescanFrom(text, lim, from); !reflect.DeepEqual(again, wantFaults) {
					t.Fatalf("a second scan from the same place found %v, the first %v", again, gotFaults)
				}
			}
		}
	}
	t.Logf("%d texts, %d scans gone on from a cut", len(texts), resumed)
	if resumed < 1000 {
		t.Fatalf("only %d scans went on from a cut: too few to judge", resumed)
	}
}

// lineEnds are the offsets just past each line's end, up to 200 of them
// evenly through the text.
func lineEnds(text []byte) []int {
	var ends []int
	for i, c := range text {
		if c == '\n' {
			ends = append(ends, i+1)
		}
	}
	if len(ends) <= 200 {
		return ends
	}
	out := make([]int, 0, 200)
	for k := range 200 {
		out = append(out, ends[k*len(ends)/200])
	}
	return out
}

// A scan is gone on from only at a line's start outside any array or
// table, with nothing found: elsewhere what follows could be read
// otherwise.
func TestPrescanFromOnlyAtALineStart(t *testing.T) {
	for _, c := range []string{
		"a = 1",           // no line end: "a = 1" + "2" is one value
		"[t]",             // a header not ended: "[t]" + "x = 1"
		"a = [\n1,\n",     // inside an array
		"a = {b = 1,\n",   // inside an inline table
		"a = \"\"\"\nx\n", // inside a multi-line string
		"a = '''\nx\n",
		"a = 1 # ends\n\x01", // not text
		// A header's key that opens a multi-line string and never closes
		// it: what follows the cut is in the string (FuzzPrescanFrom).
		"[\"\"\"\n",
		"[[x.'''\n\n",
	} {
		if _, s := PrescanFrom([]byte(c), big, nil); s != nil {
			t.Errorf("%q: a scan to go on from, want none", c)
		}
	}
	if _, s := PrescanFrom([]byte("a = 1\n[t]\nb = [1,\n2]\n"), big, nil); s == nil {
		t.Error("no scan to go on from after a whole line")
	}
	// Not from a scan within other limits, nor of more than the text.
	_, s := PrescanFrom([]byte("a = 1\n"), big, nil)
	if f, _ := PrescanFrom([]byte("a = 1\nb = 2\n"), Limits{Bytes: 100, Work: 100, Keys: 1}, s); len(f) != 1 {
		t.Errorf("within other limits: %v, want the fault of too many keys", f)
	}
	if f, _ := PrescanFrom([]byte("a\x00"), big, s); len(f) != 1 {
		t.Errorf("a text shorter than the scan's: %v, want its fault", f)
	}
}

// FuzzPrescanFrom: any text, cut anywhere the scan of its beginning can be
// gone on from, prescans as whole, within limits small enough to pass.
func FuzzPrescanFrom(f *testing.F) {
	f.Add([]byte("a = 1\n[t]\n"), []byte("b = [1, {c = 2}]\n[[u]]\nd.e = 'x'\n"))
	f.Add([]byte("[[x]]\na = 1\n"), []byte("[[x]]\na = 2\nb = \"\"\"\n]]\n\"\"\"\n"))
	f.Fuzz(func(t *testing.T, head, tail []byte) {
		text := append(bytes.Clone(head), tail...)
		for _, lim := range []Limits{big, {Bytes: 1 << 20, Work: 40, Keys: 4}, {Bytes: 1 << 20, Work: 1 << 20, Keys: 2}} {
			_, from := PrescanFrom(head, lim, nil)
			if from == nil {
				continue
			}
			wantFaults, wantScan := PrescanFrom(text, lim, nil)
			gotFaults, gotScan := PrescanFrom(text, lim, from)
			if !reflect.DeepEqual(gotFaults, wantFaults) || !reflect.DeepEqual(gotScan, wantScan) {
				t.Fatalf("within %+v: from the head's scan %v %v, whole %v %v", lim, gotFaults, fmt.Sprint(gotScan), wantFaults, fmt.Sprint(wantScan))
			}
		}
	})
}

// BenchmarkPrescanJournal: a journal of 1,000 entries prescanned whole,
// and from the scan of all but its last entry (as a replay's runs read
// it: the journal the run before wrote, and one run's entries more).
func BenchmarkPrescanJournal(b *testing.B) {
	entry := "[[steps]]\nformat = 2\nphase = 1\nstep = \"battles\"\napplied = 2027-01-10T19:00:00Z\ninputs = [\n" +
		strings.Repeat("  { path = \"phases/01/results/b0001.toml\", sha256 = \"0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef\" },\n", 10) + "]\n\n"
	text := []byte(strings.Repeat(entry, 1000))
	lim := Limits{Bytes: 32 << 20, Work: 16 << 20, Keys: MaxKeys}
	_, from := PrescanFrom(text[:len(text)-len(entry)], lim, nil)
	if from == nil {
		b.Fatal("no scan to go on from")
	}
	b.Run("whole", func(b *testing.B) {
		for b.Loop() {
			PrescanFrom(text, lim, nil)
		}
	})
	b.Run("from", func(b *testing.B) {
		for b.Loop() {
			PrescanFrom(text, lim, from)
		}
	})
}

// BenchmarkPrescanState prescans a state.toml as a 100,000-battle phase
// has it (12,500 planets, 100,000 fleets and orders: 19 MB, 275,000
// different keys), as load and the read-back of what a run writes do.
func BenchmarkPrescanState(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("format = 2\nphase = 1\nstep = \"battles\"\n\n[points]\n  blue = 0\n  green = 0\n  red = 0\n\n[planets]\n")
	for i := range 12500 {
		fmt.Fprintf(&sb, "  [planets.w%d]\n    [planets.w%d.power]\n      blue = 1\n      green = 3\n      red = 2\n\n", i, i)
		for range 3 {
			fmt.Fprintf(&sb, "    [[planets.w%d.locations]]\n      status = \"built\"\n      alliance = \"blue\"\n      type = \"stronghold\"\n\n", i)
		}
	}
	sb.WriteString("[fleets]\n")
	for i := range 100000 {
		fmt.Fprintf(&sb, "  [fleets.f%d]\n    planet = \"w%d\"\n", i, i%12500)
	}
	for i := range 100000 {
		fmt.Fprintf(&sb, "\n[[orders]]\n  fleet = \"f%d\"\n  operation = \"battle\"\n  attack = \"purge-and-burn\"\n  planet = \"w%d\"\n  defender = \"red\"\n", i, i%12500)
	}
	text := []byte(sb.String())
	lim := Limits{Bytes: 24 << 20, Work: 35 << 18, Keys: 1 << 20} // folder.StateLimits
	if f := Prescan(text, lim); len(f) > 0 {
		b.Fatal(f[0].Message)
	}
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		Prescan(text, lim)
	}
}
