package schema

import (
	"fmt"
	"maps"
	"reflect"
	"strings"
	"testing"
)

// liftBase is a campaign of three players and fleets, each table written
// the plain way, which DecodeLifting lifts.
const liftBase = `name = "Lift"
phases = 3
[dice]
seed = "s"
[[alliances]]
id = "blue"
name = "Blue"
[[alliances]]
id = "red"
name = "Red"
[[players]]
login = "ann"
alliance = "blue"
[[players]]
login = "bob"
alliance = "red"
warmaster = true
[[players]]
login = "cy"
alliance = "red"
mentions = false
[[fleets]]
id = "a1"
player = "ann"
[[fleets]]
id = "b1"
player = "bob"
[[fleets]]
id = "c1"
player = "cy"
start = "p3"
`

// lifted decodes data with DecodeLifting and puts the tables it lifted
// back into the document's arrays, as Decode would have them.
func lifted(data []byte) (map[string]any, bool) {
	got := map[string][]any{}
	doc, ok := DecodeLifting(Campaign, data, []string{"players", "fleets"}, func(array string, i int, table map[string]any) {
		if i != len(got[array])+1 {
			panic(fmt.Sprintf("%s table %d handed over after %d", array, i, len(got[array])))
		}
		got[array] = append(got[array], maps.Clone(table))
	})
	if !ok {
		return nil, false
	}
	for a, list := range got {
		first, _ := doc[a].([]any)
		doc[a] = append(first, list...)
	}
	return doc, true
}

// liftCase is a campaign.toml, and whether DecodeLifting answers for it
// (else it must leave it to Decode).
type liftCase struct {
	name string
	data string
	lift bool
}

func liftCases() []liftCase {
	withPlayers := func(extra string) string { return liftBase + extra }
	replace := func(old, new string) string {
		if !strings.Contains(liftBase, old) {
			panic(old)
		}
		return strings.Replace(liftBase, old, new, 1)
	}
	return []liftCase{
		{"plain", liftBase, true},
		{"comments and blank lines", replace("[[players]]\nlogin = \"bob\"", "# the second\n\n[[players]] # bob\n  login = \"bob\" # his login\n\n# more"), true},
		{"CRLF", strings.ReplaceAll(liftBase, "\n", "\r\n"), true},
		{"quoted key, literal and escaped strings", replace(`login = "bob"`, `"login" = 'bob'`) + "[[players]]\nlogin = \"d\\u0065e\"\nalliance = \"blue\"\n[[fleets]]\nid = \"\"\"d1\"\"\"\nplayer = \"dee\"\n", true},
		{"tables of the two arrays interleaved", liftBase + "[[players]]\nlogin = \"dee\"\nalliance = \"blue\"\n[[fleets]]\nid = \"d1\"\nplayer = \"dee\"\n[[players]]\nlogin = \"eve\"\nalliance = \"red\"\n[[fleets]]\nid = \"e1\"\nplayer = \"eve\"\n", true},
		{"headers spaced and quoted", replace("[[players]]\nlogin = \"cy\"", "[[ \"players\" ]]\nlogin = \"cy\""), true},
		{"one player only", strings.Replace(strings.Replace(liftBase, "[[players]]\nlogin = \"bob\"\nalliance = \"red\"\nwarmaster = true\n", "", 1), "[[players]]\nlogin = \"cy\"\nalliance = \"red\"\nmentions = false\n", "", 1), true},

		{"a login the schema refuses", replace(`login = "cy"`, `login = "c y"`), false},
		{"an id too long", replace(`id = "c1"`, `id = "`+strings.Repeat("c", 65)+`"`), false},
		{"an unknown key", replace(`login = "cy"`, "login = \"cy\"\nlevel = \"x\""), false},
		{"a key given twice", replace(`login = "cy"`, "login = \"cy\"\nlogin = \"dee\""), false},
		{"a required key missing", replace("alliance = \"red\"\nmentions", "mentions"), false},
		{"a number", replace(`login = "cy"`, `login = 7`), false},
		{"a boolean as a string", replace(`mentions = false`, `mentions = "false"`), false},
		{"a dotted key", replace(`login = "cy"`, `login.x = "cy"`), false},
		{"an inline table", replace(`login = "cy"`, `login = { x = "cy" }`), false},
		{"a multi-line string", replace(`login = "cy"`, "login = \"\"\"\ncy\"\"\""), false},
		{"a sub-table of the last player", withPlayers("[players.extra]\nx = 1\n"), false},
		{"an array of sub-tables", withPlayers("[[players.extra]]\nx = 1\n"), false},
		{"a table named as the array", withPlayers("[players]\nlogin = \"x\"\n"), false},
		{"the array also written inline", "players = [{ login = \"zed\", alliance = \"red\" }]\n" + liftBase, false},
		{"a dotted key at the top", "players.x = 1\n" + liftBase, false},
		// A string's lines are the string's: the parser reads them so.
		{"the headers inside a multi-line string", replace(`name = "Lift"`, "name = \"\"\"\n[[players]]\nlogin = \"zed\"\nalliance = \"red\"\n\"\"\""), true},
		{"the headers inside a literal multi-line string", replace(`name = "Lift"`, "name = '''\n[[players]]\nlogin = \"zed\"\n'''"), true},
		{"headers inside an array", replace(`name = "Lift"`, "name = \"Lift\"\nx = [\n[[players]]\nlogin = \"zed\"\nalliance = \"red\"\n[\"c\"]]"), false},
		{"a byte order mark", "\xEF\xBB\xBF" + liftBase, false},
		{"a fault elsewhere", replace(`phases = 3`, `phases = "3"`), false},
		{"invalid TOML after the tables", liftBase + "[[fleets]]\nid = \n", false},
		{"a control character in a comment", replace("[[players]]\nlogin = \"cy\"", "[[players]] # \x01\nlogin = \"cy\""), false},
		{"not TOML 1.0", replace("[[players]]\nlogin = \"cy\"", "[[players]]\nlogin = \"cy\"\nx = { a = 1,\n}"), false},
	}
}

// TestDecodeLiftingAgrees holds DecodeLifting to Decode: where it answers
// at all, the document with the tables it lifted put back is Decode's,
// and Decode finds no fault; it answers for the plain shape (else a big
// campaign gains nothing), and leaves to Decode every file written any
// other way — each case here a way a player could hope to slip a table
// past the schema, or one whose tables a line reader would misplace.
func TestDecodeLiftingAgrees(t *testing.T) {
	for _, c := range liftCases() {
		t.Run(c.name, func(t *testing.T) {
			want, faults := Decode(Campaign, []byte(c.data))
			got, ok := lifted([]byte(c.data))
			if ok != c.lift {
				t.Fatalf("DecodeLifting answered %v, want %v (Decode: %v)", ok, c.lift, faults)
			}
			if !ok {
				return
			}
			if len(faults) > 0 {
				t.Fatalf("DecodeLifting answered where Decode finds faults: %v", faults)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("documents differ:\nlifted %v\nDecode %v", got, want)
			}
		})
	}
}

// FuzzDecodeLifting: wherever DecodeLifting answers, Decode finds no
// fault and gives the same document.
func FuzzDecodeLifting(f *testing.F) {
	for _, c := range liftCases() {
		f.Add([]byte(c.data))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, ok := lifted(data)
		if !ok {
			return
		}
		want, faults := Decode(Campaign, data)
		if len(faults) > 0 || !reflect.DeepEqual(got, want) {
			t.Fatalf("DecodeLifting answered where Decode does not agree: faults %v\nlifted %v\nDecode %v", faults, got, want)
		}
	})
}
