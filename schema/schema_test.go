package schema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

const idRule = "an id: lowercase letters, digits and hyphens, starting with a letter or digit"

func TestKinds(t *testing.T) {
	want := []Kind{"campaign", "map", "setup", "orders", "results", "moves", "builds", "events", "tiebreak", "engine", "confirmations", "rulings"}
	if got := Kinds(); !slices.Equal(got, want) {
		t.Fatalf("Kinds() = %v, want %v", got, want)
	}
}

// Every schema is valid JSON with $id, title and a description on every
// property (they are the editors' documentation); a condition's properties
// (if) and a property only declared where it is required (true) are
// documented where they are defined.
func TestSchemaFiles(t *testing.T) {
	for _, k := range Kinds() {
		text := JSON(k)
		var doc map[string]any
		if err := json.Unmarshal(text, &doc); err != nil {
			t.Fatalf("%s: %v", k, err)
		}
		if got, want := doc["$id"], "mem://warmaster/"+string(k)+".schema.json"; got != want {
			t.Errorf("%s: $id = %v, want %v", k, got, want)
		}
		if doc["$schema"] != "https://json-schema.org/draft/2020-12/schema" {
			t.Errorf("%s: $schema = %v", k, doc["$schema"])
		}
		if s, _ := doc["title"].(string); s == "" {
			t.Errorf("%s: no title", k)
		}
		var check func(path string, v any)
		check = func(path string, v any) {
			m, ok := v.(map[string]any)
			if !ok {
				return
			}
			if props, ok := m["properties"].(map[string]any); ok && !strings.HasSuffix(path, "/if") {
				for name, p := range props {
					if p == true {
						continue
					}
					if d, _ := p.(map[string]any)["description"].(string); d == "" {
						t.Errorf("%s: %s/%s has no description", k, path, name)
					}
				}
			}
			for key, e := range m {
				switch e := e.(type) {
				case map[string]any:
					check(path+"/"+key, e)
				case []any:
					for i, x := range e {
						check(fmt.Sprintf("%s/%s/%d", path, key, i), x)
					}
				}
			}
		}
		check("", doc)
	}
	if JSON("nope") != nil {
		t.Error("JSON of an unknown kind is not nil")
	}
	// JSON returns a copy.
	JSON(Orders)[0] = 'x'
	if JSON(Orders)[0] != '{' {
		t.Error("JSON hands out the embedded bytes")
	}
}

func TestValidExamples(t *testing.T) {
	for _, k := range Kinds() {
		doc, faults := Decode(k, []byte(validExamples[k]))
		if len(faults) > 0 {
			t.Errorf("%s: unexpected faults %v", k, faults)
		}
		if doc == nil {
			t.Errorf("%s: nil document", k)
		}
	}
	// Files that may be empty (a result names a winner or the VPs).
	for _, k := range []Kind{Moves, Builds} {
		if doc, faults := Decode(k, nil); len(faults) > 0 || doc == nil {
			t.Errorf("%s: empty file: doc %v, faults %v", k, doc, faults)
		}
	}
	// Other accepted shapes.
	for _, c := range []struct {
		k    Kind
		toml string
	}{
		{Results, "played = 2027-01-10\nwinner = \"draw\"\n"},
		{Results, "played = 2027-01-10T19:00:00\nwinner = \"draw\"\n"},
		{Results, "played = 2027-01-10 19:00:00\nwinner = \"draw\"\n"},
		{Results, "played = \"2027-01-10T19:00:00+02:00\"\nwinner = \"draw\"\n"},
		{Results, "battle_ready = []\nwinner = \"draw\"\n"},
		{Moves, "[moves]\n"},
		{Moves, "moves = { iron-fist = \"nor\" }\n"},
		{Moves, "moves = { iron-fist = [\"nor\"] }\n"},
		{Tiebreak, "[[battles]]\nplayers = [\"a\", \"b\"]\nwinner = \"x\"\nplayed = 2027-07-10\n"},
		{Setup, strings.Replace(validExamples[Setup], "\n[[infrastructure]]", "laurel_of_victory = \"nor\"\npenumbral_wreath = [\"a\", \"b\"]\nsable_dagger = [[\"a\", \"c\"], [\"b\", \"d\"], [\"nor\", \"kal\"]]\n\n[[infrastructure]]", 1)},
		{Campaign, validExamples[Campaign] + "tiebreak = 2027-07-20T19:00:00Z\n\n[[medals]]\nmedal = \"sable-dagger\"\nplayers = [\"alice\"]\ncampaign = \"The Old War\"\n"},
		{Builds, "\xEF\xBB\xBFplanet = \"nor\"\ninfrastructure = \"staging-grounds\"\n"},
		{Results, "attacker_vp = 3\ndefender_vp = 3\n"},
		{Map, "planets = [{ id = \"a\", name = \"A\", locations = 1, theatres = [\"spaceport\"] }, { id = \"b\", name = \"B\", locations = 1, theatres = [\"dead-lands\"] }]\nlanes = []\n"},
	} {
		if _, faults := Decode(c.k, []byte(c.toml)); len(faults) > 0 {
			t.Errorf("%s %q: unexpected faults %v", c.k, c.toml, faults)
		}
	}
}

func TestNormalise(t *testing.T) {
	doc, faults := Decode(Campaign, []byte(validExamples[Campaign]))
	if faults != nil {
		t.Fatal(faults)
	}
	if _, ok := doc["phases"].(int64); !ok {
		t.Errorf("phases is %T, want int64", doc["phases"])
	}
	alliances, ok := doc["alliances"].([]any)
	if !ok || len(alliances) != 2 {
		t.Fatalf("alliances is %T %v, want []any of 2", doc["alliances"], doc["alliances"])
	}
	if _, ok := alliances[0].(map[string]any); !ok {
		t.Errorf("alliances[0] is %T", alliances[0])
	}
	d := doc["deadlines"].([]any)[0].(map[string]any)
	for key, want := range map[string]string{
		"operations": "2027-01-10T19:00:00Z",
		"battles":    "2027-01-17T19:00:00+01:00",
		"moves":      "2027-01-19T19:00:00.5Z",
	} {
		if d[key] != want {
			t.Errorf("deadlines[0].%s = %#v, want %q", key, d[key], want)
		}
	}

	doc, _ = Decode(Results, []byte("played = 2027-01-10T19:00:00\ntwist = 1.5\nx = [[1979-05-27, 07:32:00], [{a = 1}]]\ny = 07:32:00.25\n"))
	if doc["played"] != "2027-01-10T19:00:00" {
		t.Errorf("local date-time = %#v", doc["played"])
	}
	if doc["twist"] != 1.5 {
		t.Errorf("float = %#v", doc["twist"])
	}
	if doc["y"] != "07:32:00.25" {
		t.Errorf("local time = %#v", doc["y"])
	}
	x := doc["x"].([]any)
	if got := x[0].([]any); got[0] != "1979-05-27" || got[1] != "07:32:00" {
		t.Errorf("nested dates = %#v", got)
	}
	if _, ok := x[1].([]any)[0].(map[string]any); !ok {
		t.Errorf("inline table in array = %#v", x[1])
	}
}

// fault is written "line:col pointer | message".
func faultStrings(fs []Fault) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = fmt.Sprintf("%d:%d %s | %s", f.Line, f.Col, f.Pointer, f.Message)
	}
	return out
}

type faultCase struct {
	name string
	kind Kind
	toml string
	want []string
}

// edit returns kind's valid example with old replaced by new (exactly once).
func edit(k Kind, old, new string) string {
	s := validExamples[k]
	if strings.Count(s, old) != 1 {
		panic(fmt.Sprintf("%s example: %q found %d times", k, old, strings.Count(s, old)))
	}
	return strings.Replace(s, old, new, 1)
}

func runFaultCases(t *testing.T, cases []faultCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(string(c.kind)+"/"+c.name, func(t *testing.T) {
			doc, faults := Decode(c.kind, []byte(c.toml))
			got := faultStrings(faults)
			if !slices.Equal(got, c.want) {
				t.Errorf("faults:\n  got  %s\n  want %s", strings.Join(got, "\n       "), strings.Join(c.want, "\n       "))
			}
			if len(c.want) > 0 && (strings.Contains(c.want[0], "invalid TOML") || strings.Contains(c.want[0], "internal error")) {
				if doc != nil {
					t.Errorf("document of unparseable TOML = %v, want nil", doc)
				}
			} else if doc == nil {
				t.Error("nil document")
			}
			for _, f := range faults {
				if strings.HasSuffix(f.Message, ".") || strings.Contains(f.Message, "\n") {
					t.Errorf("message not one line without a final period: %q", f.Message)
				}
			}
		})
	}
}

func TestFaultsCommon(t *testing.T) {
	runFaultCases(t, []faultCase{
		{"syntax", Orders, "[[operations]]\nfleet = \n", []string{
			`2:9  | invalid TOML: missing value after =`}},
		{"syntax at column 1", Orders, "a = 1\n= 2\n", []string{
			`2:1  | invalid TOML: unexpected '=': key name appears blank`}},
		{"syntax duplicate key", Builds, "planet = \"a\"\nplanet = \"b\"\n", []string{
			`2:1  | invalid TOML: planet is written twice in this table; keep one`}},
		// At the bad byte, its column counted in characters as every
		// fault's: not where the text, key or comment holding it starts.
		{"invalid UTF-8", Builds, "planet = \"\xff\"\n", []string{
			`1:11  | invalid TOML: invalid UTF-8 byte: 0xff`}},
		{"invalid UTF-8 after a character of two bytes", Builds, "planet = \"é\xff\"\n", []string{
			`1:12  | invalid TOML: invalid UTF-8 byte: 0xff`}},
		{"invalid UTF-8 at a line's start", Builds, "planet = \"é\"\n\xff = 1\n", []string{
			`2:1  | invalid TOML: invalid UTF-8 byte: 0xff`}},
		{"invalid UTF-8 in a key", Builds, "pl\xff = 1\n", []string{
			`1:3  | invalid TOML: invalid UTF-8 byte: 0xff`}},
		{"invalid UTF-8 in a comment", Builds, "# é\xc3\x28\n", []string{
			`1:4  | invalid TOML: invalid UTF-8 byte: 0xc3`}},
		{"invalid UTF-8 on a text's second line", Builds, "planet = \"\"\"é\né\xff\"\"\"\n", []string{
			`2:2  | invalid TOML: invalid UTF-8 byte: 0xff`}},
		{"UTF-16", Builds, "\xff\xfep\x00=\x001\x00", []string{
			`1:1  | invalid TOML: the file is saved as UTF-16; save it as UTF-8`}},
		{"NUL", Builds, "\x00", []string{
			`1:1  | invalid TOML: the file holds a NUL byte (U+0000) here, so it is not text (TOML allows no control characters but tabs and line breaks); save it as UTF-8 text`}},
		{"empty file", Orders, "", []string{
			`1:1  | the file is empty (or comments only): it needs "operations"`}},
		{"unknown kind", "nope", "", []string{
			`1:1  | internal error: no schema for files of kind "nope"`}},
		{"root unknown keys", Builds, "# build\nplanet = \"nor\"\ntype = \"stronghold\"\n[extra]\n", []string{
			`3:1 /type | unknown key "type": write infrastructure = "stronghold" here`,
			`4:1 /extra | unknown key "extra"; valid keys: alternates, infrastructure, planet`}},
		{"unknown key for a missing one", Builds, "planet = \"nor\"\nkind = [\"stronghold\"]\n", []string{
			`2:1 /kind | unknown key "kind"; did you mean "infrastructure"?`}},
		{"BOM does not shift columns", Builds, "\xEF\xBB\xBFtype = 1\n", []string{
			`1:1 /type | unknown key "type"; valid keys: alternates, infrastructure, planet`}},
		{"one bracket for an array of tables", Tiebreak, "[battles]\nplayers = [\"a\", \"b\"]\nwinner = \"x\"\n[battles]\nplayers = [\"c\", \"d\"]\nwinner = \"x\"\n", []string{
			`1:1  | invalid TOML: write [[battles]] (two brackets) for each battle`}},
		{"one bracket for a nested array of tables", Results, "winner = \"draw\"\n[[war_engines]]\nengine = \"a\"\n[war_engines.damage]\nstomp = 1\n[[war_engines.damage]]\nstomp = 2\n", []string{
			`4:1  | invalid TOML: write [[war_engines.damage]] (two brackets) for each damage`}},
		{"one bracket for a table", Builds, "infrastructure = \"staging-grounds\"\n[planet]\n", []string{
			`2:1 /planet | planet: write text in straight quotes, such as "…", not a table`}},
		{"missing closing single quote", Builds, "planet = 'nor\n", []string{
			`1:14  | invalid TOML: missing closing quote ': write 'nor'`}},
		{"missing closing quote at the end of the file", Builds, "planet = \"nor", []string{
			`1:14  | invalid TOML: missing closing quote ": write "nor"`}},
		{"missing closing triple quote", Builds, "planet = \"\"\"nor\n", []string{
			`1:16  | invalid TOML: missing closing """ of a multi-line string`}},
		{"nothing after = at the end", Builds, "planet =", []string{
			`1:8  | invalid TOML: missing value after =`}},
		{"yes for true", Campaign, edit(Campaign, "events = true", "events = yes"), []string{
			`9:10  | invalid TOML: write true or false, not yes`}},
		{"table header not closed", Builds, "[moves\n", []string{
			`1:7  | invalid TOML: missing ] at the end of the table header: write [moves]`}},
		{"array of tables header not closed", Orders, "[[operations]\n", []string{
			`1:14  | invalid TOML: missing ]] at the end of the table header: write [[operations]]`}},
		{"key with a space", Builds, "my planet = \"nor\"\n", []string{
			`1:4  | invalid TOML: a key has no spaces: write it with hyphens or underscores, or in quotes`}},
		{"missing equals", Builds, "planet \"nor\"\n", []string{
			`1:8  | invalid TOML: missing = between the key and its value`}},
		{"inline table not closed", Orders, "[[operations]]\noutcome = { planet = \"nor\"\n", []string{
			`2:27  | invalid TOML: missing } at the end of the inline table { … } (it is written on one line), or a comma between two of its keys`}},
		{"columns count characters", Builds, "# é\nplanet = \"é\" ; x\n", []string{
			`2:13  | invalid TOML: one value per line: after a value comes a new line or a # comment`}},
	})
}

func TestFaultsOrders(t *testing.T) {
	op := "[[operations]]\nfleet = \"iron-fist\"\noperation = \"logistical-auxilia\"\n"
	runFaultCases(t, []faultCase{
		{"unknown key", Orders, op + "atack = \"purge-and-burn\"\n", []string{
			`4:1 /operations/0/atack | unknown key "atack" in the 1st operation; did you mean "attack"?`}},
		{"missing key its sub-table has too", Orders, "[[operations]]\noperation = \"battle\"\nattack = \"boarding-action\"\nplanet = \"nor\"\ndefender = \"chaos\"\n[operations.outcome]\nfleet = \"iron-fist\"\n", []string{
			`1:1 /operations/0 | the 1st operation: missing key "fleet"`}},
		{"lone CR line ends", Orders, "[[operations]]\rfleet = \"iron-fist\"\roperation = \"logistical-auxilia\"\r", []string{
			`1:15  | invalid TOML: the file's lines end in a carriage return alone (CR): save it with LF (or CRLF) line endings`}},
		{"misspelt heading", Orders, "[[operation]]\nfleet = \"iron-fist\"\noperation = \"logistical-auxilia\"\n", []string{
			`1:1 /operation | unknown table [[operation]]; did you mean [[operations]]?`}},
		{"two unknown keys", Orders, op + "atack = 1\n[operations.outcome]\nplanetz = [\"a\"]\n", []string{
			`4:1 /operations/0/atack | unknown key "atack" in the 1st operation; did you mean "attack"?`,
			`6:1 /operations/0/outcome/planetz | unknown key "planetz" in [operations.outcome] of the 1st operation; did you mean "planet" or "planets"?`}},
		{"missing keys", Orders, "[[operations]]\nfleet = \"iron-fist\"\n\n[[operations]]\noperation = \"battle\"\n", []string{
			`1:1 /operations/0 | the 1st operation: missing key "operation"`,
			`4:1 /operations/1 | the 2nd operation: missing key "fleet"`,
			`4:1 /operations/1 | the 2nd operation: missing keys "attack", "planet" and "defender": a battle operation needs "attack", "planet" and "defender"`}},
		{"wrong type", Orders, "[[operations]]\nfleet = 3\noperation = \"void-leap\"\nplanet = \"nor\"\n", []string{
			`2:9 /operations/0/fleet | fleet of the 1st operation: write text in straight quotes: "3", not 3`}},
		{"wrong type array", Orders, "operations = \"all\"\n", []string{
			`1:14 /operations | operations: write a list in brackets, such as ["a", "b"], not "all"`}},
		{"one text for a list of text", Orders, op + "[operations.outcome]\nplanet = \"nor\"\ndirection = \"to-connected\"\npieces = \"staging-grounds\"\n", []string{
			`7:10 /operations/0/outcome/pieces | pieces under [operations.outcome] of the 1st operation: write a list in brackets: ["staging-grounds"], not "staging-grounds"`}},
		{"wrong type table", Orders, op + "outcome = [1]\n", []string{
			`4:11 /operations/0/outcome | outcome of the 1st operation: write a table: a [name] heading with its keys on the lines below, not a list`}},
		{"date for a string", Orders, "[[operations]]\nfleet = 2027-01-10\noperation = \"void-leap\"\nplanet = \"nor\"\n", []string{
			`2:9 /operations/0/fleet | fleet of the 1st operation: write text in straight quotes: "2027-01-10", not 2027-01-10`}},
		{"enum", Orders, "[[operations]]\nfleet = \"iron-fist\"\noperation = \"batle\"\n", []string{
			`3:13 /operations/0/operation | operation of the 1st operation: "batle" is not valid; did you mean "battle"?`}},
		{"enum attack", Orders, op + "attack = \"charge\"\n", []string{
			`4:10 /operations/0/attack | attack of the 1st operation: "charge" is not one of seize-power-base, purge-and-burn, orbital-invasion, planetary-bombardment, supply-base-raid, boarding-action`}},
		{"pattern", Orders, "[[operations]]\nfleet = \"Iron Fist\"\noperation = \"logistical-auxilia\"\n", []string{
			`2:9 /operations/0/fleet | fleet of the 1st operation: "Iron Fist" is not valid; did you mean "iron-fist"?`}},
		{"min items", Orders, "operations = []\n", []string{
			`1:14 /operations | operations: needs at least 1 operation, has 0`}},
		{"inline outcome enum", Orders, op + "outcome = { power_adjust = 2, planet = \"nor\", direction = \"to-connected\", pieces = [\"wall\"] }\n", []string{
			`4:28 /operations/0/outcome/power_adjust | power_adjust under [operations.outcome] of the 1st operation: 2 is not one of -1, 0, 1`,
			`4:85 /operations/0/outcome/pieces/0 | the 1st piece in [operations.outcome] of the 1st operation: "wall" is not one of stronghold, staging-grounds, support-facility, fortification-line`}},
		{"outcome table", Orders, op + "[operations.outcome]\ndirection = \"up\"\ntransfer = [\"nor\", \"Kal\"]\nplanet = \"nor\"\n", []string{
			`5:13 /operations/0/outcome/direction | direction under [operations.outcome] of the 1st operation: "up" is not one of to-connected, from-connected`,
			`6:20 /operations/0/outcome/transfer/1 | the 2nd planet in transfer under [operations.outcome] of the 1st operation: "Kal" is not valid; did you mean "kal"?`}},
		{"float for integer", Orders, op + "outcome.power_adjust = 1.0\n", []string{
			`4:24 /operations/0/outcome/power_adjust | power_adjust under [operations.outcome] of the 1st operation: write a whole number, such as 3 (without quotes), not 1.0`}},
		{"nan for integer", Orders, op + "outcome.power_adjust = nan\n", []string{
			`4:24 /operations/0/outcome/power_adjust | power_adjust under [operations.outcome] of the 1st operation: write a whole number, such as 3 (without quotes), not nan`}},
		{"sorted by line and column", Orders, "[[operations]]\nfleet = \"A\"\noperation = 1\n[[operations]]\nz = 1\ny = 2\n", []string{
			`2:9 /operations/0/fleet | fleet of the 1st operation: "A" is not valid; did you mean "a"?`,
			`3:13 /operations/0/operation | operation of the 1st operation: write text in straight quotes: "1", not 1`,
			`4:1 /operations/1 | the 2nd operation: missing key "fleet"`,
			`4:1 /operations/1 | the 2nd operation: missing key "operation"`,
			`5:1 /operations/1/z | unknown key "z" in the 2nd operation; valid keys: attack, defender, fleet, infrastructure, operation, outcome, planet`,
			`6:1 /operations/1/y | unknown key "y" in the 2nd operation; valid keys: attack, defender, fleet, infrastructure, operation, outcome, planet`}},
	})
}

func TestFaultsCampaign(t *testing.T) {
	runFaultCases(t, []faultCase{
		{"empty file", Campaign, "\n", []string{
			`1:1  | the file is empty (or comments only): it needs "name", "phases", "dice", "alliances", "players" and "fleets"`}},
		{"phases too small", Campaign, edit(Campaign, "phases = 6", "phases = 0"), []string{
			`3:10 /phases | phases: 0 is too small; at least 1`}},
		{"phases too large", Campaign, edit(Campaign, "phases = 6", "phases = 25"), []string{
			`3:10 /phases | phases: 25 is too large; at most 24`}},
		{"empty name", Campaign, edit(Campaign, `name = "The Nemesis Crusade"`, `name = ""`), []string{
			`2:8 /name | name: must not be empty`}},
		{"required key below a heading", Campaign, edit(Campaign, "phases = 6\n\n[dice]\nseed = \"blood for the blood god\"\n", "\n[dice]\nseed = \"blood for the blood god\"\nphases = 6\n"), []string{
			`6:1 /dice/phases | phases = … is a key of the file's top level, not of [dice]: move it to the top of the file, above its first [heading] (a key below a [heading] is read as that table's)`}},
		{"misspelt seed", Campaign, edit(Campaign, `seed = "blood for the blood god"`, `sede = "x"`), []string{
			`6:1 /dice/sede | unknown key "sede" in [dice]; did you mean "seed"?`}},
		{"bad commitment", Campaign, edit(Campaign, `seed = "blood for the blood god"`, `commitment = "md5:abc"`), []string{
			`6:14 /dice/commitment | commitment under [dice]: "md5:abc" is not valid: sha256:<64 hex digits>, the SHA-256 of a secret dice key that advance takes from WARMASTER_DICE_KEY; publish the key after the campaign so anyone can verify every die`}},
		{"boolean", Campaign, edit(Campaign, "events = true", `events = "yes"`), []string{
			`9:10 /rules/events | events under [rules]: write true or false (without quotes), not "yes"`}},
		{"too few alliances", Campaign, edit(Campaign, "[[alliances]]\nid = \"chaos\"\nname = \"Forces of Chaos\"\n", ""), []string{
			`12:1 /alliances | alliances: needs at least 2 alliances, has 1`}},
		{"login pattern", Campaign, edit(Campaign, `login = "alice"`, `login = "-alice"`), []string{
			`21:9 /players/0/login | login of the 1st player: "-alice" is not valid: a GitHub login: letters, digits and hyphens, starting with a letter or digit, at most 39 characters`}},
		{"local date-time deadline", Campaign, edit(Campaign, "operations = 2027-01-10T19:00:00Z", "operations = 2027-01-10T19:00:00"), []string{
			`39:14 /deadlines/0/operations | operations of the 1st deadline: 2027-01-10T19:00:00 has no time zone; add one, such as 2027-01-10T19:00:00Z for UTC`}},
		{"date deadline", Campaign, edit(Campaign, "operations = 2027-01-10T19:00:00Z", "operations = 2027-01-10"), []string{
			`39:14 /deadlines/0/operations | operations of the 1st deadline: 2027-01-10 is not a date-time such as 2027-01-10T19:00:00Z`}},
		{"quoted deadline", Campaign, edit(Campaign, "operations = 2027-01-10T19:00:00Z", `operations = "2027-01-10 19:00"`), []string{
			`39:14 /deadlines/0/operations | operations of the 1st deadline: "2027-01-10 19:00": write the date and time without quotes, with its zone: 2027-01-10T19:00:00Z for UTC, or its offset, such as 2027-01-10T19:00:00+01:00`}},
		{"deadline zone abbreviation", Campaign, edit(Campaign, "operations = 2027-01-10T19:00:00Z", `operations = 2027-01-10 19:00 CET`), []string{
			`39:14  | invalid TOML: a time zone is written as its offset from UTC, not as CET: write 2027-01-10T19:00:00+01:00 (CET is UTC+01:00), as a deadline always has its zone`}},
		{"string deadline", Campaign, edit(Campaign, "operations = 2027-01-10T19:00:00Z", `operations = "soon"`), []string{
			`39:14 /deadlines/0/operations | operations of the 1st deadline: "soon" is not a date-time such as 2027-01-10T19:00:00Z`}},
		{"integer deadline", Campaign, edit(Campaign, "operations = 2027-01-10T19:00:00Z", `operations = 5`), []string{
			`39:14 /deadlines/0/operations | operations of the 1st deadline: write a date-time such as 2027-01-10T19:00:00Z (without quotes), not 5`}},
		{"deadline phase", Campaign, edit(Campaign, "phase = 1", "phase = 0"), []string{
			`38:9 /deadlines/0/phase | phase of the 1st deadline: 0 is too small; at least 1`}},
		{"quoted key in path", Campaign, edit(Campaign, "events = true", `"odd key" = { a = 1 }`), []string{
			`9:1 /rules/odd key | unknown key "odd key" in [rules]; valid keys: behemoth_landing_enemy_dice, behemoth_repair, behemoth_untargeted_chain, boarding_action_without_fleet, confirm_results, events, laurel_of_victory_builds, orbital_invasion_defender_power, outcome_power_levels, seize_power_base_keeps_piece, two_alliance_setup_pieces, volcano_cannon_pick, war_machine_catastrophic_3, war_machine_keep_engines_damaged, war_machine_repair, xenobeast_lanes_only`}},
	})
}

func TestFaultsMap(t *testing.T) {
	runFaultCases(t, []faultCase{
		{"pattern", Map, edit(Map, `id = "nor"`, `id = "Nor allus"`), []string{
			`2:6 /planets/0/id | id of the 1st planet: "Nor allus" is not valid; did you mean "nor-allus"?`}},
		{"id too long", Map, edit(Map, `id = "nor"`, `id = "`+strings.Repeat("n", 65)+`"`), []string{
			`2:6 /planets/0/id | id of the 1st planet: "` + strings.Repeat("n", 65) + `" is too long; at most 64 characters`}},
		{"locations", Map, edit(Map, "locations = 10", "locations = 11"), []string{
			`10:13 /planets/1/locations | locations of the 2nd planet: 11 is too large; at most 10`}},
		{"theatres unique", Map, edit(Map, `theatres = ["spaceport", "hab-sprawl"]`, `theatres = ["spaceport", "hab-sprawl", "spaceport", "spaceport"]`), []string{
			`5:40 /planets/0/theatres/2 | theatres of the 1st planet: "spaceport" is listed more than once; list each theatre only once`,
			`5:53 /planets/0/theatres/3 | theatres of the 1st planet: "spaceport" is listed more than once; list each theatre only once`}},
		{"theatres empty", Map, edit(Map, `theatres = ["tomb-complex"]`, `theatres = []`), []string{
			`11:12 /planets/1/theatres | theatres of the 2nd planet: needs at least 1 theatre, has 0`}},
		{"theatre enum", Map, edit(Map, `theatres = ["tomb-complex"]`, `theatres = ["tomb"]`), []string{
			`11:13 /planets/1/theatres/0 | the 1st theatre of the 2nd planet: "tomb" is not valid; did you mean "tomb-complex"?`}},
		{"lane exactly 2", Map, edit(Map, `between = ["nor", "vex-9"]`, `between = ["nor", "vex-9", "kal"]`), []string{
			`14:11 /lanes/0/between | between of the 1st lane: needs exactly 2 planets, has 3`}},
		{"too few planets", Map, "[[planets]]\nid = \"a\"\nname = \"A\"\nlocations = 1\ntheatres = [\"rad-zone\"]\n", []string{
			`1:1  | missing key "lanes"`,
			`1:1 /planets | planets: needs at least 2 planets, has 1`}},
	})
}

func TestFaultsSetup(t *testing.T) {
	runFaultCases(t, []faultCase{
		{"power3 exactly", Setup, edit(Setup, `power3 = ["nor", "vex", "kal"]`, `power3 = ["nor", "vex"]`), []string{
			`2:10 /power3 | power3: needs exactly 3 planets, has 2`}},
		{"power2 unique", Setup, edit(Setup, `power2 = ["a", "b", "c", "d"]`, `power2 = ["a", "b", "a", "d"]`), []string{
			`3:21 /power2/2 | power2: "a" is listed more than once; list each planet only once`}},
		{"key below a heading", Setup, strings.Replace(validExamples[Setup], "stronghold = \"nor\"\n", "", 1) + "stronghold = \"nor\"\n", []string{
			`16:1 /fleets/stronghold | missing key "stronghold": it is written below [fleets], so it is read as one of [fleets]'s keys; move it to the top of the file, above its first [heading]`}},
		{"fleet id", Setup, edit(Setup, `iron-fist = "nor"`, `"Iron Fist" = "nor"`), []string{
			`15:1 /fleets/Iron Fist | key "Iron Fist" in [fleets] is not valid; did you mean "iron-fist"?`}},
		{"fleet planet", Setup, edit(Setup, `iron-fist = "nor"`, `iron-fist = 1`), []string{
			`15:13 /fleets/iron-fist | iron-fist under [fleets]: write text in straight quotes: "1", not 1`}},
		{"benefits", Setup, edit(Setup, "\n[[infrastructure]]\nplanet = \"nor\"", "penumbral_wreath = [\"a\", \"a\"]\nsable_dagger = [[\"a\"], [\"a\", \"b\"], [\"a\", \"b\"], [\"a\", \"b\"]]\n[[infrastructure]]\nplanet = \"nor\""), []string{
			`4:26 /penumbral_wreath/1 | penumbral_wreath: "a" is listed more than once; list each planet only once`,
			`5:16 /sable_dagger | sable_dagger: needs at most 3 swaps, has 4`,
			`5:17 /sable_dagger/0 | the 1st swap in sable_dagger: needs exactly 2 planets, has 1`}},
		{"no fleets", Setup, edit(Setup, "iron-fist = \"nor\"\nblack-ships = \"vex\"\n", ""), []string{
			`14:1 /fleets | [fleets]: needs at least 1 fleet, has 0`}},
		{"infrastructure type", Setup, edit(Setup, `type = "staging-grounds"`, `type = "keep"`), []string{
			`7:8 /infrastructure/0/type | type of the 1st piece in infrastructure: "keep" is not one of staging-grounds, support-facility, fortification-line`}},
		{"stronghold as a piece", Setup, edit(Setup, `type = "staging-grounds"`, `type = "stronghold"`), []string{
			`7:8 /infrastructure/0/type | type of the 1st piece in infrastructure: "stronghold" is not one of staging-grounds, support-facility, fortification-line; the stronghold is named by stronghold = …, not here`}},
		{"alternates unique", Setup, edit(Setup, `alternates = ["kal", "a"]`, `alternates = ["kal", "kal"]`), []string{
			`12:22 /infrastructure/1/alternates/1 | alternates of the 2nd piece in infrastructure: "kal" is listed more than once; list each planet only once`}},
		{"stronghold date", Setup, edit(Setup, `stronghold = "nor"`, `stronghold = 2027-01-10T10:00:00Z`), []string{
			`1:14 /stronghold | stronghold: write text in straight quotes: "2027-01-10T10:00:00Z", not 2027-01-10T10:00:00Z`}},
	})
}

func TestFaultsResults(t *testing.T) {
	played := "played: must be a date-time such as 2027-01-10T19:00:00Z or a date such as 2027-01-10"
	runFaultCases(t, []faultCase{
		{"top-level key below a heading", Results, "played = 2027-01-10\nwinner = \"attacker\"\n[outcome]\nplanet = \"nor\"\ndefender_player = \"bob\"\n", []string{
			`5:1 /outcome/defender_player | defender_player = … is a key of the file's top level, not of [outcome]: move it to the top of the file, above its first [heading] (a key below a [heading] is read as that table's)`}},
		// The key's move-up fault says the key the top level misses is
		// there, below the heading: no "missing key" beside it.
		{"required key below a heading", Results, "played = 2027-01-10\n[outcome]\nplanet = \"nor\"\nwinner = \"attacker\"\n", []string{
			`4:1 /outcome/winner | winner = … is a key of the file's top level, not of [outcome]: move it to the top of the file, above its first [heading] (a key below a [heading] is read as that table's)`}},
		{"required key missing, another below a heading", Results, "played = 2027-01-10\n[outcome]\nplanet = \"nor\"\ndefender_player = \"bob\"\n", []string{
			`1:1  | missing key "winner": give winner, or both attacker_vp and defender_vp`,
			`4:1 /outcome/defender_player | defender_player = … is a key of the file's top level, not of [outcome]: move it to the top of the file, above its first [heading] (a key below a [heading] is read as that table's)`}},
		{"played string", Results, "played = \"yesterday\"\nwinner = \"draw\"\n", []string{
			`1:10 /played | ` + played}},
		{"played time", Results, "played = 19:00:00\nwinner = \"draw\"\n", []string{
			`1:10 /played | played: 19:00:00 is a time without its day: give the day too: write the date, a T and the time, such as 2027-01-10T19:00:00`}},
		{"played quoted", Results, "played = \"2027-01-10 19:00\"\nwinner = \"draw\"\n", []string{
			`1:10 /played | played: "2027-01-10 19:00": write the date and time without quotes: 2027-01-10T19:00:00 (the club's time zone, campaign.toml's time_zone; UTC when it names none), or 2027-01-10T19:00:00Z for UTC`}},
		{"played integer", Results, "played = 5\nwinner = \"draw\"\n", []string{
			`1:10 /played | played: write a date-time such as 2027-01-10T19:00:00Z (without quotes), not 5`}},
		{"winner", Results, "winner = \"me\"\n", []string{`1:10 /winner | winner: "me" is not one of attacker, defender, draw`}},
		{"vp", Results, "attacker_vp = -1\ndefender_vp = 3.0\n", []string{
			`1:15 /attacker_vp | attacker_vp: -1 is too small; at least 0`,
			`2:15 /defender_vp | defender_vp: write a whole number, such as 3 (without quotes), not 3.0`}},
		{"twist", Results, "twist = 0\ntheatre = \"rad-zone\"\nwinner = \"draw\"\n", []string{
			`1:9 /twist | twist: 0 is too small; at least 1`}},
		{"twist fraction", Results, "twist = 2.5\ntheatre = \"rad-zone\"\nwinner = \"draw\"\n", []string{
			`1:9 /twist | twist: write a whole number, such as 3 (without quotes), not 2.5`}},
		{"battle ready", Results, "battle_ready = [\"attacker\", \"attacker\", \"both\"]\nwinner = \"draw\"\n", []string{
			`1:29 /battle_ready/1 | battle_ready: "attacker" is listed more than once; list each side only once`,
			`1:41 /battle_ready/2 | the 3rd side in battle_ready: "both" is not one of attacker, defender`}},
		{"defender player", Results, "defender_player = \"bob smith\"\nwinner = \"draw\"\n", []string{
			`1:19 /defender_player | defender_player: "bob smith" is not valid; did you mean "bob-smith"?`}},
		{"theatre", Results, "theatre = \"moon\"\nwinner = \"draw\"\n", []string{
			`1:11 /theatre | theatre: "moon" is not one of spaceport, desolate-wastes, xenoflora-jungle, rad-zone, forge-complex, hab-sprawl, delvesite-facility, dead-lands, tomb-complex`}},
		{"outcome", Results, "winner = \"draw\"\n[outcome]\nreinforce = \"\"\nbonus = true\n", []string{
			`3:13 /outcome/reinforce | reinforce under [outcome] is empty: write ` + idRule,
			`4:1 /outcome/bonus | unknown key "bonus" in [outcome]; valid keys: build, direction, extra, fleet, location, locations, loser_power_adjust, moves, pieces, planet, planets, power_adjust, reinforce, take, transfer`}},
		{"outcome lists", Results, "winner = \"draw\"\n[outcome]\nlocations = [0, 1, 2]\nmoves = []\nextra = true\n", []string{
			`3:13 /outcome/locations | locations under [outcome]: needs at most 2 locations, has 3`,
			`3:14 /outcome/locations/0 | the 1st location in [outcome]: 0 is too small; at least 1`,
			`4:9 /outcome/moves | moves under [outcome]: needs at least 1 planet, has 0`,
			`5:9 /outcome/extra | extra under [outcome]: write text in straight quotes: "true", not true`}},
	})
}

func TestFaultsMovesBuilds(t *testing.T) {
	runFaultCases(t, []faultCase{
		{"fleet id", Moves, "[moves]\n\"Iron Fist\" = \"nor\"\n", []string{
			`2:1 /moves/Iron Fist | key "Iron Fist" in [moves] is not valid; did you mean "iron-fist"?`}},
		{"planet", Moves, "moves.iron-fist = 3\n", []string{
			`1:19 /moves/iron-fist | iron-fist under [moves]: write text in straight quotes: "3", or a list in brackets, such as ["a", "b"], not 3`}},
		{"moves list", Moves, "[moves]\niron-fist = [\"nor\", \"vex\", \"kal\"]\nblack-ships = []\nstar = [\"Nor\"]\n", []string{
			`2:13 /moves/iron-fist | iron-fist under [moves]: needs at most 2 planets, has 3`,
			`3:15 /moves/black-ships | black-ships under [moves]: needs at least 1 planet, has 0`,
			`4:9 /moves/star/0 | the 1st entry in star under [moves]: "Nor" is not valid; did you mean "nor"?`}},
		{"moves not a table", Moves, "moves = [\"nor\"]\n", []string{
			`1:9 /moves | moves: write a table: a [name] heading with its keys on the lines below, not a list`}},
		{"unknown", Moves, "[move]\niron-fist = \"nor\"\n", []string{
			`1:1 /move | unknown table [move]; did you mean [moves]?`}},
		{"planet pattern", Builds, "planet = \"Nor\"\ninfrastructure = \"staging-grounds\"\n", []string{
			`1:10 /planet | planet: "Nor" is not valid; did you mean "nor"?`}},
		{"infrastructure enum", Builds, "planet = \"nor\"\ninfrastructure = \"wall\"\n", []string{
			`2:18 /infrastructure | infrastructure: "wall" is not one of stronghold, staging-grounds, support-facility, fortification-line`}},
	})
}

// Decode gives the same faults every time (jsonschema's order is not
// deterministic).
func TestDeterministic(t *testing.T) {
	data := []byte("[[operations]]\nz = 1\ny = 2\nx = 3\nfleet = 1\n[[operations]]\n[[operations]]\nfleet = \"A\"\n")
	_, first := Decode(Orders, data)
	for range 50 {
		if _, again := Decode(Orders, data); !slices.Equal(first, again) {
			t.Fatalf("faults differ:\n%v\n%v", first, again)
		}
	}
}

// The document returned alongside schema faults is the normalised one.
func TestDocumentWithFaults(t *testing.T) {
	doc, faults := Decode(Results, []byte("twist = nan\nplayed = 2027-01-10\ntheatre = \"rad-zone\"\nwinner = \"draw\"\n"))
	if len(faults) != 1 {
		t.Fatalf("faults = %v", faults)
	}
	if f, ok := doc["twist"].(float64); !ok || f == f {
		t.Errorf("twist = %#v, want NaN kept", doc["twist"])
	}
	if doc["played"] != "2027-01-10" {
		t.Errorf("played = %#v", doc["played"])
	}
	if bytes.Contains(JSON(Results), []byte("file://")) {
		t.Error("schema mentions a file URL")
	}
}

// Decode may be called from many goroutines (run with -race).
func TestConcurrent(t *testing.T) {
	inputs := []string{"", "[[operations]]\nfleet = 1\nx = 2\n", "played = 2027-01-10\ntwist = 2.0\n"}
	for _, k := range Kinds() {
		inputs = append(inputs, validExamples[k])
	}
	done := make(chan bool)
	for range 8 {
		go func() {
			defer func() { done <- true }()
			for _, k := range Kinds() {
				for _, in := range inputs {
					Decode(k, []byte(in))
				}
			}
		}()
	}
	for range 8 {
		<-done
	}
}

func TestFaultsEvents(t *testing.T) {
	runFaultCases(t, []faultCase{
		{"piece type", Events, edit(Events, `type = "support-facility"`, `type = "stronghold"`), []string{
			`2:34 /lull_in_the_fighting/build/type | type under [lull_in_the_fighting.build]: "stronghold" is not one of staging-grounds, support-facility, fortification-line`}},
		{"four riches", Events, edit(Events, `nor = ["nor", "vex", "vex"]`, `nor = ["nor", "vex", "vex", "kal"]`), []string{
			`9:7 /archeotech_riches/nor | nor under [archeotech_riches]: needs at most 3 entries, has 4`}},
		{"bargain without alliance", Events, edit(Events, "alliance = \"chaos\"\n", ""), []string{
			`17:1 /a_costly_bargain | [a_costly_bargain]: missing key "alliance"`}},
		{"unknown event", Events, "[lull]\n", []string{
			`1:1 /lull | unknown table [lull]; did you mean [lull_in_the_fighting]?`}},
	})
}

// Requirements that hold only in some cases (the schemas' if/then and
// anyOf): one fault each, at the key that calls for another, or at the
// table that lacks what its case needs.
func TestFaultsConditional(t *testing.T) {
	op := "[[operations]]\nfleet = \"iron-fist\"\n"
	runFaultCases(t, []faultCase{
		{"battle", Orders, op + "operation = \"battle\"\nattack = \"purge-and-burn\"\n", []string{
			`1:1 /operations/0 | the 1st operation: missing keys "planet" and "defender": a battle operation needs "attack", "planet" and "defender"`}},
		{"raise-edifices", Orders, op + "operation = \"raise-edifices\"\n", []string{
			`1:1 /operations/0 | the 1st operation: missing key "infrastructure": a raise-edifices operation needs "infrastructure"`}},
		{"misspelt key not also missing", Orders, op + "operation = \"void-leap\"\nplanett = \"nor\"\n", []string{
			`4:1 /operations/0/planett | unknown key "planett" in the 1st operation; did you mean "planet"?`}},
		{"pieces", Orders, op + "operation = \"logistical-auxilia\"\n[operations.outcome]\npieces = [\"stronghold\"]\n", []string{
			`5:10 /operations/0/outcome/pieces | [operations.outcome] of the 1st operation: pieces goes with planet and direction: add planet = … and direction = …, or remove pieces`}},
		{"no winner", Results, "played = 2027-01-10\n", []string{
			`1:1  | missing key "winner": give winner, or both attacker_vp and defender_vp`}},
		{"one VP", Results, "defender_vp = 3\n", []string{
			`1:15 /defender_vp | defender_vp goes with attacker_vp: add attacker_vp = …, or remove defender_vp`}},
		{"damage without points", Results, "winner = \"draw\"\n[[war_engines]]\nengine = \"titan\"\n[[war_engines.damage]]\nzone = \"legs\"\n", []string{
			`5:8 /war_engines/0/damage/0/zone | the 1st damage of the 1st war engine: zone goes with points: add points = …, or remove zone`}},
		{"damage of nothing", Results, "winner = \"draw\"\n[[war_engines]]\nengine = \"titan\"\n[[war_engines.damage]]\nchain = [\"legs\"]\n", []string{
			`4:1 /war_engines/0/damage/0 | the 1st damage of the 1st war engine: missing key "zone": give both zone and points, or stomp`}},
		{"build", Builds, "infrastructure = \"staging-grounds\"\n", []string{
			`1:18 /infrastructure | infrastructure goes with planet: add planet = …, or remove infrastructure`}},
		{"hand", Campaign, validExamples[Campaign] + "\n[[roster_changes]]\nphase = 2\nhand = \"alice\"\n", []string{
			`46:8 /roster_changes/0/hand | the 1st roster change: hand goes with to: add to = …, or remove hand`}},
		{"behemoth", Engine, "name = \"Titan\"\ntype = \"behemoth\"\nspread = 3\n", []string{
			`1:1  | missing key "zones": a behemoth profile needs "spread" and "zones"`}},
	})
}
