package report

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/pkg/twwidth"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
)

func TestTable(t *testing.T) {
	var d Doc
	d.Heading(2, "Points")
	d.Table([]string{"alliance", "points"}, [][]string{{"blue|x", "12"}, {"red", "9"}})
	got := d.String()
	want := "## Points\n\n| alliance | points |\n|:---------|:-------|\n| blue\\|x  | 12     |\n| red      | 9      |\n"
	if got != want {
		t.Fatalf("got\n%q\nwant\n%q", got, want)
	}
}

func TestEmptyTableWritesNothing(t *testing.T) {
	var d Doc
	d.Table([]string{"a"}, nil)
	if d.String() != "" {
		t.Fatalf("got %q", d.String())
	}
}

// Lists written one after another are one list, not items apart.
func TestListsContinue(t *testing.T) {
	var d Doc
	d.List([]string{"a"})
	d.List([]string{"b"})
	d.Para("c")
	d.List([]string{"d"})
	if got, want := d.String(), "- a\n- b\n\nc\n\n- d\n"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}

// Table writes what tablewriter's Markdown renderer writes (with narrow
// widths, which Table always uses): random tables from awkward cells.
func TestTableIsTablewritersMarkdown(t *testing.T) {
	twwidth.SetOptions(twwidth.Options{})
	pool := []string{"", "a", "blue|x", "—", "Phase 2 — Orbital Invasion", "日本語", "🙂", "x\ny", "  lead", "trail  ",
		"tab\there", "≥ 3", "p10 (attacker) or alliance red", "`code`", "*em*", strings.Repeat("long ", 12)}
	rng := rand.New(rand.NewPCG(1, 2))
	for n := range 500 {
		cols := 1 + rng.IntN(5)
		header := make([]string, cols)
		for i := range header {
			header[i] = pool[rng.IntN(len(pool))]
		}
		rows := make([][]string, 1+rng.IntN(4))
		for r := range rows {
			rows[r] = make([]string, cols)
			for i := range rows[r] {
				rows[r][i] = pool[rng.IntN(len(pool))]
			}
		}
		var d Doc
		d.Table(header, rows)
		if want := tablewriterMarkdown(t, header, rows); d.String() != want {
			t.Fatalf("table %d: %q %q\ngot\n%s\nwant\n%s", n, header, rows, d.String(), want)
		}
	}
}

func tablewriterMarkdown(t *testing.T, header []string, rows [][]string) string {
	var sb strings.Builder
	tbl := tablewriter.NewTable(&sb,
		tablewriter.WithRenderer(renderer.NewMarkdown()),
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithHeaderAlignment(tw.AlignLeft),
		tablewriter.WithRowAlignment(tw.AlignLeft),
		tablewriter.WithRowAutoWrap(tw.WrapNone),
		tablewriter.WithHeaderAutoWrap(tw.WrapNone),
	)
	esc := func(cells []string) []string {
		out := make([]string, len(cells))
		for i, c := range cells {
			out[i] = Escape(c)
		}
		return out
	}
	tbl.Header(esc(header))
	for _, r := range rows {
		if err := tbl.Append(esc(r)); err != nil {
			t.Fatal(err)
		}
	}
	if err := tbl.Render(); err != nil {
		t.Fatal(err)
	}
	return sb.String()
}

// A table is the same bytes whatever the machine's locale: tablewriter's
// global East Asian setting (LANG, RUNEWIDTH_EASTASIAN) does not reach it.
func TestTableWidthsIgnoreLocale(t *testing.T) {
	defer twwidth.SetOptions(twwidth.Options{})
	var narrow, wide Doc
	rows := [][]string{{"no — yes", "×2"}}
	narrow.Table([]string{"a", "b"}, rows)
	twwidth.SetEastAsian(true)
	wide.Table([]string{"a", "b"}, rows)
	if narrow.String() != wide.String() {
		t.Fatalf("locale changed the table:\n%s\n%s", narrow.String(), wide.String())
	}
}

func TestPlain(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"attacker_vp and defender_vp", "attacker_vp and defender_vp"},
		{`unknown planet "<img src=x>"`, `unknown planet "\<img src=x\>"`},
		{"[click](https://x) `code` *b* _i_ # h ~s~ &amp; {x} !", "\\[click\\](https://x) \\`code\\` \\*b\\* \\_i\\_ \\# h \\~s\\~ \\&amp; \\{x\\} \\!"},
		{"a\\b", "a\\\\b"},
		{"two\nlines\tand a tab", "two lines and a tab"},
		{"a | b", "a | b"}, // a pipe is Escape's, in a cell
	} {
		if got := Plain(c.in); got != c.want {
			t.Errorf("Plain(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
