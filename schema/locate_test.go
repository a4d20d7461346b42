package schema

import (
	"fmt"
	"strings"
	"testing"
)

const locateDoc = `top = 1
a.b = 2
"quoted key" . c = "x"
arr = [ 1, [2, 3], { x = 1 },
  # comment
  [ [ 4 ] ] ]

[table]
k = true
inline = { p = { q = [10, 20] } }

[[ops]]
fleet = "f"
[ops.outcome]
planet = "p"

[[ops]]
fleet = "g"
  [[ops.sub]]
  s = 1
  [[ ops . sub ]]
  s = 2
[x.y.z]
w = 1
"s/l~" = 3
`

func TestLocate(t *testing.T) {
	cases := []struct {
		pointer    string
		value, key string
	}{
		{"", "1:1", "1:1"},
		// top-level key
		{"/top", "1:7", "1:1"},
		// dotted keys: the implicit table is where its key is
		{"/a", "2:1", "2:1"},
		{"/a/b", "2:7", "2:3"},
		{"/quoted key", "3:1", "3:1"},
		{"/quoted key/c", "3:20", "3:16"},
		// inline arrays and their elements, nested, with comments
		{"/arr", "4:7", "4:1"},
		{"/arr/0", "4:9", "4:9"},
		{"/arr/1", "4:12", "4:12"},
		{"/arr/1/1", "4:16", "4:16"},
		{"/arr/2", "4:20", "4:20"},
		{"/arr/2/x", "4:26", "4:22"},
		{"/arr/3", "6:3", "6:3"},
		{"/arr/3/0", "6:5", "6:5"},
		{"/arr/3/0/0", "6:7", "6:7"},
		// [table] and its keys, inline tables
		{"/table", "8:1", "8:1"},
		{"/table/k", "9:5", "9:1"},
		{"/table/inline", "10:10", "10:1"},
		{"/table/inline/p", "10:16", "10:12"},
		{"/table/inline/p/q", "10:22", "10:18"},
		{"/table/inline/p/q/1", "10:27", "10:27"},
		// [[array]] elements, their keys and sub-tables
		{"/ops", "12:1", "12:1"},
		{"/ops/0", "12:1", "12:1"},
		{"/ops/0/fleet", "13:9", "13:1"},
		{"/ops/0/outcome", "14:1", "14:1"},
		{"/ops/0/outcome/planet", "15:10", "15:1"},
		{"/ops/1", "17:1", "17:1"},
		{"/ops/1/fleet", "18:9", "18:1"},
		{"/ops/1/sub", "19:3", "19:3"},
		{"/ops/1/sub/0", "19:3", "19:3"},
		{"/ops/1/sub/0/s", "20:7", "20:3"},
		{"/ops/1/sub/1", "21:3", "21:3"},
		{"/ops/1/sub/1/s", "22:7", "22:3"},
		// a header's implicit parents
		{"/x", "23:1", "23:1"},
		{"/x/y", "23:1", "23:1"},
		{"/x/y/z/w", "24:5", "24:1"},
		// RFC 6901 escapes
		{"/x/y/z/s~1l~0", "25:10", "25:1"},
		// missing pointers: nearest present ancestor
		{"/ops/5/nope", "12:1", "12:1"},
		{"/ops/0/outcome/planet/deeper", "15:10", "15:10"},
		{"/top/0", "1:7", "1:7"},
		{"/missing", "1:1", "1:1"},
		{"/arr/9", "4:7", "4:7"},
	}
	var queries []Query
	for _, c := range cases {
		l, col := Locate([]byte(locateDoc), c.pointer)
		kl, kcol := LocateKey([]byte(locateDoc), c.pointer)
		if got := pos(l, col); got != c.value {
			t.Errorf("Locate(%q) = %s, want %s", c.pointer, got, c.value)
		}
		if got := pos(kl, kcol); got != c.key {
			t.Errorf("LocateKey(%q) = %s, want %s", c.pointer, got, c.key)
		}
		queries = append(queries, Query{Pointer: c.pointer}, Query{Pointer: c.pointer, Key: true})
	}
	// All at once, in one pass, as a file's faults are: the same places.
	all := LocateAll([]byte(locateDoc), queries)
	for i, c := range cases {
		if got := pos(all[2*i].Line, all[2*i].Col); got != c.value {
			t.Errorf("LocateAll: %q = %s, want %s", c.pointer, got, c.value)
		}
		if got := pos(all[2*i+1].Line, all[2*i+1].Col); got != c.key {
			t.Errorf("LocateAll: key %q = %s, want %s", c.pointer, got, c.key)
		}
	}
}

func TestLocateEdges(t *testing.T) {
	for _, c := range []struct {
		name, doc, pointer string
		key                bool
		want               string
	}{
		{"unparseable", "a = = 1\n", "/a", false, "1:1"},
		{"empty", "", "/a", false, "1:1"},
		{"error after the key", "a = 1\nb = \n", "/a", false, "1:5"},
		{"CRLF", "a = 1\r\nb = 2\r\n", "/b", false, "2:5"},
		{"characters, not bytes", "# ééé\nb = { \"ü\" = 1, z = 2 }\n", "/b/z", true, "2:16"},
		{"BOM", "\xEF\xBB\xBFa = 1\n", "/a", false, "1:5"},
		{"multi-line inline table", "a = {\n  b = 1,\n  c = [\n    1,\n    2,\n  ],\n}\n", "/a/c/1", false, "5:5"},
		{"array after blank key", "a   =   [1]\n", "/a/0", false, "1:10"},
		{"quoted keys", "'x.y' = { \"z\" = [true] }\n", "/x.y/z/0", false, "1:18"},
		{"multi-line string before", "s = \"\"\"\none\ntwo\"\"\"\nt = 1\n", "/t", false, "4:5"},
		{"array of inline tables", "ops = [\n  { fleet = \"a\" },\n  { fleet = \"b\" },\n]\n", "/ops/1/fleet", false, "3:13"},
		{"table defined after its child", "[a.b]\nx = 1\n[a]\ny = 2\n", "/a", false, "3:1"},
		{"pointer without slash", "a = 1\n", "a", false, "1:5"},
		{"invalid UTF-8", "a = \"\xff\"\nb = 1\n", "/b", false, "1:1"},
	} {
		var l, col int
		if c.key {
			l, col = LocateKey([]byte(c.doc), c.pointer)
		} else {
			l, col = Locate([]byte(c.doc), c.pointer)
		}
		if got := pos(l, col); got != c.want {
			t.Errorf("%s: Locate(%q) = %s, want %s", c.name, c.pointer, got, c.want)
		}
	}
}

func pos(l, c int) string {
	return itoa(l) + ":" + itoa(c)
}

// BenchmarkLocateEarly positions a fault near the top of a campaign.toml
// of 100,000 fleets (9 MB), as a note on its seed is: the text past the
// places asked for is not parsed.
func BenchmarkLocateEarly(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("name = \"big\"\n[dice]\nseed = \"change me\"\n")
	for i := range 100000 {
		fmt.Fprintf(&sb, "\n[[fleets]]\nid = \"f%d\"\nplayer = \"p%d\"\nalliance = \"a%d\"\nname = \"The %dth Fleet\"\n", i, i, i%3, i)
	}
	data := []byte(sb.String())
	q := []Query{{Pointer: "/dice/seed"}}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if p := LocateAll(data, q); p[0].Line != 3 {
			b.Fatalf("at %d:%d", p[0].Line, p[0].Col)
		}
	}
}
