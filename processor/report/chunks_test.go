package report

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// randomDoc writes a random document: headings, paragraphs, lists, tables
// (some of thousands of rows, some cells wide and East Asian), Mermaid and
// raw Markdown (some of several chunks' size), the same for a seed.
func randomDoc(seed uint64) *Doc {
	rng := rand.New(rand.NewPCG(seed, 7))
	var d Doc
	for range 1 + rng.IntN(40) {
		switch rng.IntN(7) {
		case 0:
			d.Heading(1+rng.IntN(3), "heading %d", rng.IntN(100))
		case 1:
			d.Para("para %s", strings.Repeat("p", rng.IntN(200)))
		case 2:
			d.List([]string{fmt.Sprint(rng.IntN(1000)), "a\nb"})
		case 3:
			rows := make([][]string, rng.IntN(3000))
			for i := range rows {
				rows[i] = []string{fmt.Sprint(i), strings.Repeat("日", rng.IntN(9)), "a|b\tc"}
			}
			d.Table([]string{"n", "word", "escaped"}, rows)
		case 4:
			d.Mermaid("graph LR\n  a --> b\n\n")
		case 5:
			d.Raw(strings.Repeat("r", rng.IntN(3*64<<10)) + "\n\n") // up to three default chunks
		default:
			d.Raw(strings.Repeat("\n", rng.IntN(3))) // newlines only: nothing but the gap
		}
	}
	return &d
}

// TestChunkedDocIsOneString: a document written in chunks reads (String,
// Bytes, Len, Chunks, and String again) as the same document written in one piece,
// whatever the chunks' size and however its writes fall across their edges.
func TestChunkedDocIsOneString(t *testing.T) {
	defer func(c int) { chunk = c }(chunk)
	for seed := range uint64(40) {
		chunk = 1 << 40 // one piece: the document as it was written before chunks
		want := randomDoc(seed).String()
		for _, c := range []int{1, 7, 100, 4096, 64 << 10} {
			chunk = c
			d := randomDoc(seed)
			if got := d.String(); got != want {
				t.Fatalf("seed %d, chunks of %d: %d bytes, want %d as written in one piece", seed, c, len(got), len(want))
			}
			if d.Len() != len(want) || string(d.Bytes()) != want || d.String() != want || strings.Join(d.Chunks(), "") != want {
				t.Fatalf("seed %d, chunks of %d: Len %d, Bytes, Chunks or a second String differ from the %d bytes written", seed, c, d.Len(), len(want))
			}
			if c == 100 && len(want) > 1000 && len(d.done) == 0 {
				t.Fatalf("seed %d: %d bytes in one chunk of 100: nothing was chunked", seed, len(want))
			}
		}
	}
}

// TestTableSize: the room Table makes for a table (tableSize) is its
// bytes exactly, East Asian and escaped cells too.
func TestTableSize(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		cols := 1 + rng.IntN(4)
		header := make([]string, cols)
		rows := make([][]string, 1+rng.IntN(5))
		for i := range rows {
			rows[i] = make([]string, cols)
			for j := range rows[i] {
				rows[i][j] = []string{"", "x", "日本語", "a|b", " pad ", "tab\there", "é"}[rng.IntN(7)]
			}
		}
		var d Doc
		d.Table(header, rows)
		cells, widths, colWidth := tableCells(header, rows)
		if got := tableSize(cells, widths, colWidth); got != d.Len() {
			t.Fatalf("rows %q: tableSize %d, the table is %d bytes", rows, got, d.Len())
		}
	}
}

// BenchmarkDocGrowth writes a 7 MB report section (a phase report's at
// 100,000 battles from the orders are 9–16 MB each): a heading, a list and
// a table a battle, then reads it as bytes.
func BenchmarkDocGrowth(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		var d Doc
		for i := range 40000 {
			d.Heading(3, "Battle f%d at w%d", i, i%1000)
			d.List([]string{"attacker: blue, fleet f1 (p1)", "defender: red"})
			d.Table([]string{"side", "power", "result"}, [][]string{{"blue", "3", "won"}, {"red", "2", "lost"}})
		}
		_ = d.Bytes()
	}
}

// TestRawDocAsRaw: RawDoc writes another document as Raw of its text
// does, whatever the chunks' size, after whatever came before, and the
// document after it reads on as it would.
func TestRawDocAsRaw(t *testing.T) {
	defer func(c int) { chunk = c }(chunk)
	for seed := range uint64(40) {
		for _, c := range []int{1, 7, 100, 4096, 64 << 10} {
			chunk = c
			var want, got Doc
			for _, d := range []*Doc{&want, &got} {
				if seed%3 > 0 {
					d.Heading(1, "before %d", seed)
				}
			}
			want.Raw(randomDoc(seed).String())
			got.RawDoc(randomDoc(seed))
			want.Para("after")
			got.Para("after")
			if w, g := want.String(), got.String(); g != w || got.Len() != len(w) || string(got.Bytes()) != w {
				t.Fatalf("seed %d, chunks of %d: RawDoc wrote %d bytes, Raw %d", seed, c, len(g), len(w))
			}
		}
	}
	var empty, d Doc
	d.RawDoc(&empty)
	if d.String() != "\n" {
		t.Fatalf("RawDoc of an empty document: %q, want Raw's %q", d.String(), "\n")
	}
}

// A Discarding document keeps nothing of what any writer writes to it.
func TestDiscarding(t *testing.T) {
	d := Discarding()
	d.Heading(2, "h %d", 1)
	d.Para("p")
	d.List([]string{"a"})
	d.Table([]string{"x"}, [][]string{{"1"}})
	d.Mermaid("graph LR")
	d.Raw(strings.Repeat("r", 3*chunk))
	d.RawDoc(randomDoc(3))
	if d.Len() != 0 || d.String() != "" || len(d.Bytes()) != 0 || len(d.Chunks()) != 0 {
		t.Fatalf("a Discarding document kept %d bytes", d.Len())
	}
}

// TestHeadingTextAsHeading: HeadingText writes what Heading of the same
// text writes, at every level, first in a document or after something,
// whatever the chunks' size.
func TestHeadingTextAsHeading(t *testing.T) {
	defer func(c int) { chunk = c }(chunk)
	for _, c := range []int{1, 7, 64 << 10} {
		chunk = c
		for level := 1; level <= 6; level++ {
			for _, before := range []string{"", "a paragraph"} {
				var want, got Doc
				for _, d := range []*Doc{&want, &got} {
					if before != "" {
						d.Para("%s", before)
					}
				}
				want.Heading(level, "%d. %s: %s — %s", 7, "b-1", "Purge and Burn", "Attacker wins")
				got.HeadingText(level, "7", ". b-1: ", "", "Purge and Burn — Attacker wins")
				want.Para("after")
				got.Para("after")
				if want.String() != got.String() {
					t.Errorf("chunk %d, level %d, after %q: HeadingText wrote\n%q\nHeading\n%q", c, level, before, got.String(), want.String())
				}
			}
		}
	}
	d := Discarding()
	d.HeadingText(2, "nothing")
	if d.Len() != 0 {
		t.Error("a discarding document kept a heading")
	}
}

// BenchmarkHeading writes a battle's heading as the battles step does,
// 100,000 times (one a battle at a public campaign's size): formatted
// (Heading) and written from its parts (HeadingText).
func BenchmarkHeading(b *testing.B) {
	id, attack, planet, result := "b-00017", "Purge and Burn", "world-0042", "Attacker wins"
	b.Run("formatted", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var d Doc
			for i := range 100000 {
				d.Heading(3, "%d. %s: %s at %s — %s", i+1, id, attack, planet, result)
			}
		}
	})
	b.Run("text", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var d Doc
			for i := range 100000 {
				d.HeadingText(3, strconv.Itoa(i+1), ". ", id, ": ", attack, " at ", planet, " — ", result)
			}
		}
	})
}

// BenchmarkList writes a battle's notes as 2.4 does, 100,000 times: two
// items of a report's length (each was put together before it was
// written, and allocated: 25–26 → 13–14 ms, 40.5 → 19.7 MB).
func BenchmarkList(b *testing.B) {
	items := []string{"red's Power Level 3 holds against blue's 2 (the levels the battle was fought at; now red 3, blue 1): blue's Power Level at world-0042 falls to 1", "red's Power Level at world-0042 rises to 4"}
	b.ReportAllocs()
	for b.Loop() {
		var d Doc
		for range 100000 {
			d.List(items)
			d.Para("x")
		}
	}
}
