package schema

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
	gotoml "github.com/pelletier/go-toml/v2"
)

// burntSushi parses data as BurntSushi's library does and normalises it;
// false when it refuses it.
func burntSushi(data []byte) (map[string]any, []timeValue, bool) {
	raw := map[string]any{}
	if toml.Unmarshal(data, &raw) != nil {
		return nil, nil, false
	}
	n := normaliser{}
	return n.table(raw), n.times, true
}

// parsersAgree fails t when go-toml accepts data that BurntSushi's library
// refuses, or reads it as other values (the dates and times as the same
// strings, called the same words). What go-toml refuses goes to
// BurntSushi's library anyway (parseTOML), so it may refuse more.
func parsersAgree(t *testing.T, name string, data []byte) (accepted bool) {
	t.Helper()
	raw := map[string]any{}
	if gotoml.Unmarshal(data, &raw) != nil {
		return false
	}
	n := normaliser{}
	got := n.table(raw)
	want, wantTimes, ok := burntSushi(data)
	if !ok {
		t.Errorf("%s: go-toml accepts what BurntSushi's library refuses:\n%s", name, data)
		return true
	}
	// Values and types alike, and NaN and the infinities (which the copies
	// replace) as they print.
	if !reflect.DeepEqual(finiteCopy(got), finiteCopy(want)) || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("%s: the parsers read different values:\ngo-toml    %#v\nBurntSushi %#v", name, got, want)
	}
	if !sameTimes(n.times, wantTimes) {
		t.Errorf("%s: the parsers find different dates and times:\ngo-toml    %v\nBurntSushi %v", name, n.times, wantTimes)
	}
	return true
}

// sameTimes compares the dates and times found, in any order (a map's
// keys are walked in no order).
func sameTimes(a, b []timeValue) bool {
	count := map[string]int{}
	for _, tv := range a {
		count[strings.Join(tv.path, "\x00")+"\x01"+tv.word]++
	}
	for _, tv := range b {
		count[strings.Join(tv.path, "\x00")+"\x01"+tv.word]--
	}
	for _, c := range count {
		if c != 0 {
			return false
		}
	}
	return len(a) == len(b)
}

// TestParsersAgree: parseTOML reads with go-toml first, for speed, and
// falls back to BurntSushi's library. That is safe only while go-toml
// accepts nothing the other refuses and reads what both accept as the same
// values — held here over the TOML test suite BurntSushi's module carries
// (its valid and invalid TOML 1.0 and 1.1 cases), this repository's own
// TOML files, and dates, times and numbers written every way TOML allows.
func TestParsersAgree(t *testing.T) {
	var accepted, files int
	check := func(name string, data []byte) {
		files++
		if parsersAgree(t, name, data) {
			accepted++
		}
	}
	for _, s := range parseCases {
		check("case", []byte(s))
	}
	roots := []string{".."}
	if out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/BurntSushi/toml").Output(); err == nil {
		roots = append(roots, filepath.Join(strings.TrimSpace(string(out)), "internal", "toml-test", "tests"))
	} else {
		t.Logf("BurntSushi's module not found (%v): its TOML test suite is not read", err)
	}
	for _, root := range roots {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".toml") {
				return err
			}
			data, err := os.ReadFile(p)
			if err == nil {
				check(p, data)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d files, %d read by go-toml", files, accepted)
	if files < 500 || accepted < files/4 {
		t.Fatalf("too few files read to judge: %d, of which go-toml read %d", files, accepted)
	}
}

// parseCases are values written every way TOML allows, and files one
// parser might take and the other not.
var parseCases = []string{
	"a = 2027-01-10T19:00:00Z\nb = 2027-01-10t19:00:00.5+02:00\nc = 2027-01-10 19:00:00.123456789-00:00\n",
	"a = 2027-01-10T19:00:00\nb = 2027-01-10T19:00:00.100\nc = 2027-01-10\nd = 07:30:00\ne = 07:30:00.000001\n",
	"a = 2027-01-10T19:00:00.1234567891Z\nb = 23:59:60\n",
	"a = 0x_ff\n", "a = 0xff\nb = 0o17\nc = 0b101\nd = +1_000\ne = -0\n",
	"a = 1e1000\n", "a = nan\nb = -inf\nc = +inf\nd = 2.0\ne = -0.0\nf = 1E-5\n",
	"a = 9223372036854775807\n", "a = 9223372036854775808\n", "a = -9223372036854775808\n",
	"a = 01\n", "a = 1.\n", "a = .1\n", "a = 1__0\n",
	"[[x]]\nb = 1\n[[x]]\nb = 2\n[x.c]\nd = 3\n",
	"[a]\nb.c = 1\n[a.b]\nd = 2\n", "[a.b]\nd = 2\n[a]\nb.c = 1\n",
	"a = {b = 1}\n[a.c]\n", "a = [1]\n[[a]]\n", "[a]\n[a]\n", "a.b = 1\na = 2\n",
	"a = \"\\u00e9\\U0001F600\"\nb = '''\nx\\y'''\nc = \"\"\"\\\n   z\"\"\"\n",
	"a = \"\\e\"\n", "a = \"\\x41\"\n", "a = {\n b = 1,\n}\n", "a = 07:30\n",
	"a = \"x\" # \x7f\n", "a = \"x\" # \x01\n", "a = \"\xff\"\n", "# \xc3\x28\n",
	"\"\" = 1\n", "'a.b' = 1\n\"a\".b = 2\n", "a = [ 1, \"x\", {b = [] } ]\n",
	"a = 1\r\nb = 2\r\n", "a = 1\rb = 2\n",
}

// FuzzParsersAgree: on any input go-toml accepts, BurntSushi's library
// accepts it too and reads the same values.
func FuzzParsersAgree(f *testing.F) {
	for _, s := range parseCases {
		f.Add([]byte(s))
	}
	for _, k := range Kinds() {
		f.Add([]byte(validExamples[k]))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		parsersAgree(t, "input", data)
	})
}
