package report

import (
	"bytes"
	"strings"
)

// ReadTable reads back the Markdown table md begins with (after blank
// lines), as Table writes it: its header's cells and each row's, trimmed,
// the separator row left out. The table ends at the first line that is
// not a row; ok is false when md begins with none. Only the table is
// copied: md may be a report of tens of megabytes.
func ReadTable(md []byte) (header []string, rows [][]string, ok bool) {
	for len(md) > 0 {
		line := md
		if i := bytes.IndexByte(md, '\n'); i >= 0 {
			line, md = md[:i], md[i+1:]
		} else {
			md = nil
		}
		l := strings.TrimSpace(string(line))
		switch {
		case l == "" && header == nil:
			continue
		case !strings.HasPrefix(l, "|"):
			return header, rows, header != nil
		}
		cells := strings.Split(strings.Trim(l, "|"), "|")
		for k := range cells {
			cells[k] = strings.TrimSpace(cells[k])
		}
		switch {
		case header == nil:
			header = cells
		case strings.HasPrefix(cells[0], ":-") || strings.HasPrefix(cells[0], "-"):
			// the separator row
		default:
			rows = append(rows, cells)
		}
	}
	return header, rows, header != nil
}
