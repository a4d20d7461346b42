// Package report writes Markdown for GitHub: headings, paragraphs, lists,
// tables and Mermaid graphs. It knows Markdown, not the
// campaign's rules.
package report

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/olekukonko/tablewriter/pkg/twwidth"
)

// Doc is a Markdown document being written.
//
// A big one is written in chunks and put together once, when it is read
// (String, Bytes): a buffer grown as it is written is copied each time
// it grows, by a quarter past 256 bytes, so a 16 MB report section was
// copied and allocated five times over, in memory the machine had to fault
// in (BenchmarkDocGrowth).
type Doc struct {
	b        strings.Builder // the chunk being written
	done     []string        // the chunks before it, in order
	n        int             // bytes in done
	lastList bool            // the last thing written was a list: another one continues it
	discard  bool            // Discarding's: nothing written is kept
}

// chunk is the size past which a document is written in chunks (a
// variable for the tests, which write with chunks of a few bytes).
var chunk = 64 << 10

// room makes room for n more bytes in the chunk being written: a small
// document grows in place (doubling); past a chunk's size the chunk is put
// aside and a new one begun.
func (d *Doc) room(n int) {
	switch {
	case d.b.Cap()-d.b.Len() >= n:
	case d.b.Cap() < chunk:
		d.b.Grow(n) // twice the capacity, and n
	default:
		d.next(n)
	}
}

// next puts the chunk being written aside and begins one of room for n.
func (d *Doc) next(n int) {
	if d.b.Len() > 0 {
		d.done = append(d.done, d.b.String())
		d.n += d.b.Len()
	}
	d.b = strings.Builder{}
	d.b.Grow(max(n, chunk))
}

// Discarding is a document that keeps nothing written to it, and makes
// nothing of it (no cell is laid out, no heading formatted): for a run
// whose reports nobody reads (check's, whose reports are never written
// nor shown: at 100,000 battles 30 MB of tables for nothing).
func Discarding() *Doc { return &Doc{discard: true} }

// write appends s.
func (d *Doc) write(s string) {
	d.room(len(s))
	d.b.WriteString(s)
}

// Heading writes a heading of the given level (1 = #).
func (d *Doc) Heading(level int, format string, args ...any) {
	if d.discard {
		return
	}
	d.HeadingText(level, fmt.Sprintf(format, args...))
}

// HeadingText is Heading of a text given as its parts, written one after
// another: nothing formatted nor put together first, and nothing at all
// done for a Discarding document (a public campaign's battles step writes
// 100,000 headings, one a battle: BenchmarkHeading, 31 ms through Heading,
// 9–10 ms through this).
func (d *Doc) HeadingText(level int, parts ...string) {
	if d.discard {
		return
	}
	d.gap()
	n := level + 2
	for _, p := range parts {
		n += len(p)
	}
	d.room(n)
	for range level {
		d.b.WriteByte('#')
	}
	d.b.WriteByte(' ')
	for _, p := range parts {
		d.b.WriteString(p)
	}
	d.b.WriteByte('\n')
}

// Para writes a paragraph.
func (d *Doc) Para(format string, args ...any) {
	if d.discard {
		return
	}
	d.gap()
	d.write(fmt.Sprintf(format, args...) + "\n")
}

// List writes a bulleted list; nothing when items is empty.
func (d *Doc) List(items []string) {
	if d.discard {
		return
	}
	if len(items) == 0 {
		return
	}
	if !d.lastList {
		d.gap()
	}
	for _, it := range items { // written in its parts: nothing put together first
		it = strings.ReplaceAll(it, "\n", " ")
		d.room(len(it) + 3)
		d.b.WriteString("- ")
		d.b.WriteString(it)
		d.b.WriteByte('\n')
	}
	d.lastList = true
}

// Table writes a Markdown table, columns padded to their widest cell and
// left-aligned. Cells are escaped; nothing is written for no rows.
//
// Cells are trimmed. The layout is tablewriter's Markdown renderer's (report_test.go holds
// the two to the same bytes), written directly: tablewriter measures widths
// by the environment's locale (LANG, RUNEWIDTH_EASTASIAN), so the same
// campaign rendered on another machine could differ byte for byte and fail
// replay, and it was a tenth of a 10,000-battle advance. Widths here are
// always the narrow (non East Asian) ones.
func (d *Doc) Table(header []string, rows [][]string) {
	if d.discard {
		return
	}
	if len(rows) == 0 {
		return
	}
	d.gap()
	cols := len(header)
	cells, widths, colWidth := tableCells(header, rows)
	d.room(tableSize(cells, widths, colWidth)) // into one chunk
	b := &d.b
	line := func(n int) {
		b.WriteByte('|')
		for i := range cols {
			b.WriteByte(' ')
			b.WriteString(cells[n+i])
			pad(b, colWidth[i]-widths[n+i]+1)
			b.WriteByte('|')
		}
		b.WriteByte('\n')
	}
	line(0)
	b.WriteByte('|')
	for _, w := range colWidth {
		b.WriteByte(':')
		for range w + 1 {
			b.WriteByte('-')
		}
		b.WriteByte('|')
	}
	b.WriteByte('\n')
	for n := cols; n < len(cells); n += cols {
		line(n)
	}
}

// tableCells are a table's cells, header first, escaped and trimmed; the
// display width of each; and each column's widest.
func tableCells(header []string, rows [][]string) (cells []string, widths, colWidth []int) {
	cols := len(header)
	cells = make([]string, 0, cols*(len(rows)+1))
	widths = make([]int, 0, cap(cells))
	colWidth = make([]int, cols)
	for i := range colWidth {
		colWidth[i] = 1 // an empty column is still | x |
	}
	add := func(row []string) {
		if len(row) != cols {
			panic(fmt.Sprintf("report: row has %d cells, header %d", len(row), cols))
		}
		for i, c := range row {
			c = strings.TrimSpace(Escape(c))
			w := cellWidth(c)
			cells, widths = append(cells, c), append(widths, w)
			colWidth[i] = max(colWidth[i], w)
		}
	}
	add(header)
	for _, r := range rows {
		add(r)
	}
	return cells, widths, colWidth
}

// tableSize is the bytes of a table as Table writes it: each line "|",
// then " cell" padded to its column's width and " |" for each column, and
// "\n"; the line under the header ":" and dashes for each.
func tableSize(cells []string, widths, colWidth []int) int {
	cols, size := len(colWidth), 0
	for n := 0; n < len(cells); n += cols {
		size += 2
		for i := range cols {
			size += 3 + len(cells[n+i]) + colWidth[i] - widths[n+i]
		}
	}
	size += 2 + 3*cols
	for _, w := range colWidth {
		size += w
	}
	return size
}

// cellWidth is the display width of an escaped cell, narrow: the same on
// every machine whatever its locale.
func cellWidth(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf || s[i] < 0x20 {
			return twwidth.WidthWithOptions(s, twwidth.Options{})
		}
	}
	return len(s)
}

func pad(b *strings.Builder, n int) {
	const spaces = "                                "
	for n > len(spaces) {
		b.WriteString(spaces)
		n -= len(spaces)
	}
	b.WriteString(spaces[:n])
}

// Mermaid writes a fenced Mermaid diagram.
func (d *Doc) Mermaid(src string) {
	if d.discard {
		return
	}
	d.gap()
	d.write("```mermaid\n" + strings.TrimRight(src, "\n") + "\n```\n")
}

// Raw appends Markdown as it is. One of a chunk's size or more (a phase
// report's step section, tens of megabytes at 100,000 battles) becomes a
// chunk of its own, not copied until the document is read.
func (d *Doc) Raw(md string) {
	if d.discard {
		return
	}
	d.gap()
	md = strings.TrimRight(md, "\n")
	if len(md) < chunk {
		d.write(md)
	} else {
		d.adopt(md)
	}
	d.write("\n")
}

// RawDoc writes o as Raw(o.String()) does, without putting o's chunks
// together: those o has put aside become d's, as they are (a step's
// section of a phase report at 100,000 battles is 30 MB of them). o is
// not written to after.
func (d *Doc) RawDoc(o *Doc) {
	if d.discard {
		return
	}
	parts := append(o.done[:len(o.done):len(o.done)], o.b.String())
	for len(parts) > 0 { // Raw's TrimRight, across the parts' edges
		last := strings.TrimRight(parts[len(parts)-1], "\n")
		if last != "" {
			parts[len(parts)-1] = last
			break
		}
		parts = parts[:len(parts)-1]
	}
	d.gap()
	for _, p := range parts {
		if len(p) >= chunk/2 { // one o put aside, or the one it was writing (a table's, 30 MB at 100,000 battles), whole
			d.adopt(p)
		} else {
			d.write(p)
		}
	}
	d.write("\n")
}

// adopt puts the chunk being written aside and c after it, as a chunk of
// its own; the next write begins a new one.
func (d *Doc) adopt(c string) {
	if d.b.Len() > 0 {
		d.done = append(d.done, d.b.String())
		d.n += d.b.Len()
	}
	d.b = strings.Builder{}
	d.done = append(d.done, c)
	d.n += len(c)
}

// String is the document so far: its chunks put together, each time it is
// asked (once, for a document of one chunk).
func (d *Doc) String() string {
	if len(d.done) == 0 {
		return d.b.String()
	}
	var s strings.Builder
	s.Grow(d.Len())
	for _, c := range d.done {
		s.WriteString(c)
	}
	s.WriteString(d.b.String())
	return s.String()
}

// Bytes is the document so far as bytes, copied once.
func (d *Doc) Bytes() []byte {
	b := make([]byte, 0, d.Len())
	for _, c := range d.done {
		b = append(b, c...)
	}
	return append(b, d.b.String()...)
}

// Chunks is the document so far in the pieces it was written in, none
// copied (one, for a document of one chunk; none for an empty one): for
// a writer that takes it a piece at a time.
func (d *Doc) Chunks() []string {
	if d.b.Len() == 0 {
		return slices.Clip(d.done)
	}
	return append(slices.Clip(d.done), d.b.String())
}

// Len is the length of the document so far.
func (d *Doc) Len() int { return d.n + d.b.Len() }

func (d *Doc) gap() {
	d.lastList = false
	if d.Len() > 0 {
		d.write("\n")
	}
}

// Escape makes text safe inside a table cell: pipes escaped, newlines and
// tabs as spaces.
func Escape(s string) string {
	if !strings.ContainsAny(s, "|\n\t") {
		return s
	}
	return cellEscaper.Replace(s)
}

var cellEscaper = strings.NewReplacer("|", `\|`, "\n", " ", "\t", " ")

// Plain makes text that someone else chose (a file name, a message
// quoting a file) read as itself in Markdown, not as markup: every
// character that could start emphasis, a link, an image, HTML, a heading
// or code is backslash-escaped (GitHub renders "\<" as "<"), newlines and
// tabs become spaces. A pipe is left for Escape (a table cell) to escape.
// Not at the start of a line: "1." or "-" there could still begin a list.
func Plain(s string) string {
	if !strings.ContainsAny(s, plainSpecial+"\n\t") {
		return s
	}
	var b strings.Builder
	for i, r := range s {
		switch {
		case r == '\n' || r == '\t':
			b.WriteByte(' ')
		case r == '_' && i > 0 && i+1 < len(s) && wordByte(s[i-1]) && wordByte(s[i+1]):
			b.WriteByte('_') // inside a word (attacker_vp) it is no emphasis
		case strings.ContainsRune(plainSpecial, r):
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func wordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

const plainSpecial = "\\`*_[]<>#!~&{}"

// LineChart is a Mermaid xychart GitHub renders: one line for each of
// lines, drawn in the colour of the same index, with a value for each
// label of xs (written as they are: quote a word); the y-axis runs from 0
// to top.
func LineChart(title, xAxis string, xs []string, yAxis string, top int, colours []string, lines [][]int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%%%%{init: {\"themeVariables\": {\"xyChart\": {\"plotColorPalette\": \"%s\"}}}}%%%%\n", strings.Join(colours, ", "))
	b.WriteString("xychart-beta\n")
	fmt.Fprintf(&b, "  title %q\n  x-axis %q [%s]\n  y-axis %q 0 --> %d\n", title, xAxis, strings.Join(xs, ", "), yAxis, top)
	for _, l := range lines {
		vs := make([]string, len(l))
		for i, v := range l {
			vs[i] = strconv.Itoa(v)
		}
		fmt.Fprintf(&b, "  line [%s]\n", strings.Join(vs, ", "))
	}
	return b.String()
}
