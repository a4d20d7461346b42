// Package report writes Markdown for GitHub: headings, paragraphs, lists,
// tables (through tablewriter) and Mermaid graphs. It knows Markdown, not the
// campaign's rules.
package report

import (
	"fmt"
	"io"
	"reflect"
	"strings"
	"sync"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
)

// Doc is a Markdown document being written.
type Doc struct {
	b        strings.Builder
	lastList bool // the last thing written was a list: another one continues it
}

// Heading writes a heading of the given level (1 = #).
func (d *Doc) Heading(level int, format string, args ...any) {
	d.gap()
	d.b.WriteString(strings.Repeat("#", level) + " " + fmt.Sprintf(format, args...) + "\n")
}

// Para writes a paragraph.
func (d *Doc) Para(format string, args ...any) {
	d.gap()
	d.b.WriteString(fmt.Sprintf(format, args...) + "\n")
}

// List writes a bulleted list; nothing when items is empty.
func (d *Doc) List(items []string) {
	if len(items) == 0 {
		return
	}
	if !d.lastList {
		d.gap()
	}
	for _, it := range items {
		d.b.WriteString("- " + strings.ReplaceAll(it, "\n", " ") + "\n")
	}
	d.lastList = true
}

// Table writes a Markdown table. Cells are escaped; nothing is written for no rows.
func (d *Doc) Table(header []string, rows [][]string) {
	if len(rows) == 0 {
		return
	}
	d.gap()
	t := tables.Get().(*table)
	defer tables.Put(t)
	var sb strings.Builder
	t.out.w = &sb
	t.Reset()
	t.Header(escapeAll(header))
	for _, r := range rows {
		if len(r) != len(header) {
			panic(fmt.Sprintf("report: row has %d cells, header %d", len(r), len(header)))
		}
		if err := t.Append(escapeAll(r)); err != nil {
			panic(fmt.Sprintf("report: table: %v", err))
		}
	}
	if err := t.Render(); err != nil {
		panic(fmt.Sprintf("report: table: %v", err))
	}
	d.b.WriteString(sb.String())
}

// table is a configured tablewriter.Table and the writer it renders to.
// Tables are reused: a new one allocates a large cache every time.
type table struct {
	*tablewriter.Table
	out *redirect
}

type redirect struct{ w io.Writer }

func (r *redirect) Write(p []byte) (int, error) { return r.w.Write(p) }

var tables = sync.Pool{New: func() any {
	out := &redirect{}
	return &table{out: out, Table: tablewriter.NewTable(out,
		tablewriter.WithRenderer(renderer.NewMarkdown()),
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithHeaderAlignment(tw.AlignLeft),
		tablewriter.WithRowAlignment(tw.AlignLeft),
		tablewriter.WithRowAutoWrap(tw.WrapNone),
		tablewriter.WithHeaderAutoWrap(tw.WrapNone),
		// Our cells are strings: no stringer lookups to cache, and the
		// default cache costs a large map clear on every Reset.
		tablewriter.WithStringerCacheCustom(noCache{}),
	)}
}}

// noCache is a stringer cache that keeps nothing.
type noCache struct{}

func (noCache) Add(reflect.Type, reflect.Value) bool        { return false }
func (noCache) Get(reflect.Type) (v reflect.Value, ok bool) { return v, false }
func (noCache) Purge()                                      {}

// Mermaid writes a fenced Mermaid diagram.
func (d *Doc) Mermaid(src string) {
	d.gap()
	d.b.WriteString("```mermaid\n" + strings.TrimRight(src, "\n") + "\n```\n")
}

// Raw appends Markdown as it is.
func (d *Doc) Raw(md string) {
	d.gap()
	d.b.WriteString(strings.TrimRight(md, "\n") + "\n")
}

// String is the document so far.
func (d *Doc) String() string { return d.b.String() }

// Len is the length of the document so far.
func (d *Doc) Len() int { return d.b.Len() }

func (d *Doc) gap() {
	d.lastList = false
	if d.b.Len() > 0 {
		d.b.WriteString("\n")
	}
}

func escapeAll(cells []string) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = Escape(c)
	}
	return out
}

// Escape makes text safe inside a table cell: pipes escaped, no newlines.
func Escape(s string) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	return strings.ReplaceAll(s, "\n", " ")
}
