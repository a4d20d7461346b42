package report

import (
	"reflect"
	"testing"
)

// TestReadTableAsWritten: a table Table wrote reads back as its cells,
// wherever it stands in a document, and ends at the first line that is
// not a row.
func TestReadTableAsWritten(t *testing.T) {
	header := []string{"alliance", "Campaign points"}
	rows := [][]string{{"Red Fleet (red)", "12"}, {"Blue (blue)", "0"}, {"", "x y"}}
	var d Doc
	d.Table(header, rows)
	d.Para("After the table.")
	d.Table([]string{"other"}, [][]string{{"table"}})
	md := "\n\n" + d.String()
	gotHeader, gotRows, ok := ReadTable([]byte(md))
	if !ok || !reflect.DeepEqual(gotHeader, header) || !reflect.DeepEqual(gotRows, rows) {
		t.Errorf("ReadTable = %q, %q, %v; want %q, %q", gotHeader, gotRows, ok, header, rows)
	}
	if _, _, ok := ReadTable([]byte("Not a table.\n| a |\n")); ok {
		t.Error("a document that begins with a paragraph reads as a table")
	}
	if h, r, ok := ReadTable([]byte("| a | b |\n|:--|:--|")); !ok || len(h) != 2 || r != nil {
		t.Errorf("a header alone, without a final line break: %q, %q, %v", h, r, ok)
	}
}
