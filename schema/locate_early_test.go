package schema

import (
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	gotoml "github.com/pelletier/go-toml/v2"
)

// pointers lists every JSON pointer into a decoded TOML document.
func pointers(prefix string, v any, out *[]string) {
	*out = append(*out, prefix)
	switch v := v.(type) {
	case map[string]any:
		for k, c := range v {
			pointers(prefix+"/"+strings.NewReplacer("~", "~0", "/", "~1").Replace(k), c, out)
		}
	case []any:
		for i, c := range v {
			pointers(prefix+"/"+strconv.Itoa(i), c, out)
		}
	}
}

// TestLocateEarlyAsFull: LocateAll stops reading a text once every place
// asked for is found; each place of every TOML file of the example
// campaign is where a full read puts it (a query of a key nowhere in the
// text makes it read to the end).
func TestLocateEarlyAsFull(t *testing.T) {
	root := filepath.Join("..", "campaigns", "vespator-front")
	n := 0
	err := filepath.WalkDir(root, func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || !strings.HasSuffix(p, ".toml") {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		var doc map[string]any
		if err := gotoml.Unmarshal(data, &doc); err != nil {
			return err
		}
		var ptrs []string
		pointers("", doc, &ptrs)
		for _, ptr := range ptrs {
			qs := []Query{{Pointer: ptr}, {Pointer: ptr, Key: true}}
			early := LocateAll(data, qs)
			full := LocateAll(data, append(qs, Query{Pointer: "/no such key/anywhere"}))
			for i := range early {
				if early[i] != full[i] {
					t.Errorf("%s %s (key %v): %d:%d, read to the end %d:%d", p, ptr, qs[i].Key, early[i].Line, early[i].Col, full[i].Line, full[i].Col)
				}
			}
			n++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 500 {
		t.Fatalf("%d places looked at: the example campaign was not found", n)
	}
}
