package schema

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// big are limits that no case below reaches, but the one it tests.
var big = Limits{Bytes: 1 << 30, Work: 1 << 30, Keys: 1 << 30}

func TestPrescan(t *testing.T) {
	for _, c := range []struct {
		name string
		doc  string
		lim  Limits
		want string // "" or the only fault, "line:col: message prefix"
	}{
		{"OK", "a = 1\n[t]\nb = [1, [2, {c = 3}]]\n[[u]]\nd.e = 'x'\n", big, ""},
		{"OKBracketsInStrings", `a = "` + strings.Repeat("[{", 100) + `"` + "\nb = '" + strings.Repeat("[", 100) + "'\n", big, ""},
		{"OKBracketsInComments", "a = 1 # " + strings.Repeat("[{.", 100) + "\n" + "# " + strings.Repeat("[", 100) + "\nb = 2\n", big, ""},
		{"OKMultilineStrings", "a = \"\"\"\n[[[[\n\\\"\"\" \"\"\"\"\"\nb = '''\n{{{{''''\nc = [1]\n", big, ""},
		{"OKDottedQuotedKey", `"a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s.t.u.v.w.x.y.z.0.1.2.3.4.5.6.7.8" = 1` + "\n", big, ""},
		{"OK32Deep", "x = " + strings.Repeat("[", 31) + "1" + strings.Repeat("]", 31) + "\n", big, ""},
		{"OKArrayOfTablesKeysCountOnce", strings.Repeat("[[x]]\na = 1\nb = 2\n", 1000), Limits{Bytes: 1 << 20, Work: 1 << 20, Keys: 3}, ""},
		{"OKInvalidTOMLLeftToTheParser", "a = = [\n]]]\n\"unclosed\n[[\n", big, ""},

		{"ErrTooLarge", "a = 1\nb = 2\n", Limits{Bytes: 8, Work: 100, Keys: 100}, "2:3: the file is too large: it goes past 8 bytes here"},
		{"ErrNestedInlineTables", "x = " + strings.Repeat("{a=", 10000) + "1" + strings.Repeat("}", 10000) + "\n", big, "1:99: nested too deeply: more than 32 levels"},
		{"ErrDottedKey", strings.Repeat("a.", 9999) + "a = 1\n", big, "1:65: nested too deeply: more than 32 levels"},
		{"ErrNestedArrays", "x = " + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + "\n", big, "1:37: nested too deeply: more than 32 levels"},
		{"ErrArraysOfInlineTables", "x = " + strings.Repeat("[{a=", 5000) + "1" + strings.Repeat("}]", 5000) + "\n", big, "1:67: nested too deeply: more than 32 levels"},
		{"ErrHeader", "[" + strings.Repeat("t.", 40) + "t]\n", big, "1:66: nested too deeply: more than 32 levels"},
		{"ErrKeyTooLong", "a = 1\n\n" + strings.Repeat("k", 300) + " = 1\n", big, "3:1: key too long: 300 bytes, at most 256"},
		{"ErrQuotedKeyTooLong", "[t]\n\"" + strings.Repeat("k", 257) + "\" = 1\n", big, "2:1: key too long: 257 bytes, at most 256"},
		{"ErrTooManyKeys", "a = 1\nb = 2\n[t]\nc = 3\n", Limits{Bytes: 100, Work: 100, Keys: 3}, "4:1: too many keys: more than 3 different ones"},
		{"ErrNUL", strings.Repeat("\x00", 256<<10), big, "1:1: invalid TOML: the file holds a NUL byte (U+0000) here, so it is not text"},
		{"ErrControlInString", "a = 1\nb = \"x\x1by\"\n", big, "2:7: invalid TOML: the file holds the control character U+001B here, so it is not text"},
		{"ErrControlInComment", "a = 1 # \x07\n", big, "1:9: invalid TOML: the file holds the control character U+0007 here"},
		{"ErrTooMuchWork", "x = [1, 2, 3]\n", Limits{Bytes: 100, Work: 20, Keys: 10}, "1:12: too many values: counting 4 for each key"},
	} {
		t.Run(c.name, func(t *testing.T) {
			faults := Prescan([]byte(c.doc), c.lim)
			if c.want == "" {
				if len(faults) > 0 {
					t.Fatalf("Prescan = %v, want no fault", faults)
				}
				return
			}
			if len(faults) != 1 {
				t.Fatalf("Prescan = %v, want one fault %q", faults, c.want)
			}
			if got := fmt.Sprintf("%d:%d: %s", faults[0].Line, faults[0].Col, faults[0].Message); !strings.HasPrefix(got, c.want) {
				t.Errorf("Prescan = %q, want %q…", got, c.want)
			}
		})
	}
}

// Every file of the example campaign keeps well within the limits of its
// kind: a tenth of them at most.
func TestPrescanExampleWithinATenth(t *testing.T) {
	kinds := map[string]Kind{"campaign.toml": Campaign, "map.toml": Map, "setup": Setup, "orders": Orders, "results": Results, "moves": Moves, "builds": Builds, "events": Events, "engines": Engine, "confirmations": Confirmations, "rulings": Rulings}
	root := filepath.Join("..", "campaigns", "vespator-front")
	n := 0
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".toml") {
			return err
		}
		kind, ok := kinds[filepath.Base(p)]
		if !ok {
			kind, ok = kinds[filepath.Base(filepath.Dir(p))]
		}
		if !ok {
			t.Fatalf("%s: no kind", p)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		lim := LimitOf(kind)
		tenth := Limits{Bytes: lim.Bytes / 10, Work: lim.Work / 10, Keys: lim.Keys / 10}
		if f := Prescan(data, tenth); len(f) > 0 {
			t.Errorf("%s: %d:%d: %s", p, f[0].Line, f[0].Col, f[0].Message)
		}
		n++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 30 {
		t.Fatalf("checked %d files, want the example's 30 and more", n)
	}
}

// Decode refuses what Prescan refuses, before parsing: the one fault.
func TestDecodeRefusesBeforeParsing(t *testing.T) {
	t.Run("ErrNested", func(t *testing.T) {
		doc, faults := Decode(Orders, []byte("x = "+strings.Repeat("{a=", 10000)+"1"+strings.Repeat("}", 10000)+"\n"))
		if doc != nil || len(faults) != 1 || faults[0].Line != 1 || faults[0].Col != 99 {
			t.Fatalf("Decode = %v, %v; want no document and one fault at 1:99", doc, faults)
		}
	})
	t.Run("ErrTooLarge", func(t *testing.T) {
		data := []byte(strings.Repeat("# a comment line of forty bytes or so\n", LimitOf(Results).Bytes/38+1))
		_, faults := Decode(Results, data)
		if len(faults) != 1 || !strings.Contains(faults[0].Message, "goes past 256 KiB") {
			t.Fatalf("Decode = %v, want one fault: too large", faults)
		}
	})
}

func TestComparePointers(t *testing.T) {
	sorted := []string{"", "/a", "/a/0", "/a/0/x", "/a/2", "/a/10", "/a/10/b", "/a/b", "/b", "/b/0"}
	for i, a := range sorted {
		for j, b := range sorted {
			if got, want := ComparePointers(a, b), cmpInt(i, j); got != want {
				t.Errorf("ComparePointers(%q, %q) = %d, want %d", a, b, got, want)
			}
		}
	}
}

func cmpInt(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// A file with more faults than MaxFaults lists the first MaxFaults and one
// that says how many more there are.
func TestCapFaults(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		var list []Fault
		for i := range MaxFaults + 1 {
			list = append(list, Fault{Pointer: fmt.Sprintf("/a/%d", i)})
		}
		if got, left := CapFaults(list, 0, key); len(got) != len(list) || left != 0 {
			t.Errorf("CapFaults(%d faults) kept %d, %d left; want all", len(list), len(got), left)
		}
	})
	t.Run("ErrTooMany", func(t *testing.T) {
		var list []Fault
		for i := 3*MaxFaults - 1; i >= 0; i-- {
			list = append(list, Fault{Pointer: fmt.Sprintf("/a/%d", i)})
		}
		got, left := CapFaults(list, 5, key)
		if len(got) != MaxFaults+1 || left != 2*MaxFaults+5 {
			t.Fatalf("CapFaults kept %d, %d left; want %d, %d", len(got), left, MaxFaults+1, 2*MaxFaults+5)
		}
		if got[0].Pointer != "/a/0" || got[MaxFaults].Pointer != fmt.Sprintf("/a/%d", MaxFaults) {
			t.Errorf("CapFaults kept %s … %s, want the first by index", got[0].Pointer, got[MaxFaults].Pointer)
		}
	})
}

func key(f Fault) (string, string) { return f.Pointer, f.Message }
