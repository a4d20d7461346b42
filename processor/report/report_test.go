package report

import "testing"

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
