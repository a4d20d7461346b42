package schema

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/warmaster/warmaster/schema/clients"
)

// ajvStrict are the options of `ajv compile` and `ajv validate` that hold a
// schema to what strict clients accept: draft 2020-12, strict mode (no
// unknown formats or keywords, no union types, every required key
// declared), the formats of ajv-formats (date, date-time).
var ajvStrict = []string{"--spec=draft2020", "--strict=true", "-c", "ajv-formats"}

// Every schema compiles in ajv 8's strict mode with no extra option, and
// with no warning either: what editors built on ajv take.
func TestAjvCompilesEverySchema(t *testing.T) {
	ajv := clients.Ajv(t)
	args := append([]string{"compile"}, ajvStrict...)
	var want []string
	for _, k := range Kinds() {
		name := string(k) + ".schema.json"
		args = append(args, "-s", name)
		want = append(want, "schema "+name+" is valid")
	}
	out, err := exec.Command(ajv, args...).CombinedOutput()
	got := strings.Split(strings.TrimSpace(string(out)), "\n")
	slices.Sort(got)
	slices.Sort(want)
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("ajv %s: %v\n%s\nwant only:\n%s", strings.Join(args, " "), err, out, strings.Join(want, "\n"))
	}
}

// ajvCase is one document of a kind, as Decode sees it, and whether our
// validator takes it.
type ajvCase struct {
	Name  string `json:"name"`
	Kind  Kind   `json:"kind"`
	Doc   any    `json:"doc"`
	valid bool
}

// ajvScript validates documents as ajv-cli's `ajv validate` with ajvStrict
// would, in one process: every schema is compiled once, in strict mode, and
// each document is validated against its kind's. It reads {schemas, docs}
// and prints, for each document, "" if valid, else ajv's errors.
const ajvScript = `
const Ajv2020 = require("ajv/dist/2020");
const addFormats = require("ajv-formats");
const input = JSON.parse(require("fs").readFileSync(0, "utf8"));
const ajv = new Ajv2020({strict: true});
addFormats(ajv);
for (const [kind, schema] of Object.entries(input.schemas)) ajv.addSchema(schema, kind);
console.log(JSON.stringify(input.docs.map(d => ajv.validate(d.kind, d.doc) ? "" : ajv.errorsText(ajv.errors))));
`

// Editors (ajv) and Warmaster agree on every file of the example campaign
// and the starter map (all valid), on the valid examples, and on documents
// that break a requirement holding only in some cases (invalid): the TOML
// is turned into JSON as Decode sees it, then ajv validates it.
func TestAjvAgrees(t *testing.T) {
	node, modules := clients.Node(t)
	var cases []ajvCase
	add := func(name string, kind Kind, data []byte) {
		t.Helper()
		doc, faults := Decode(kind, data)
		if doc == nil {
			t.Fatalf("%s: not TOML: %v", name, faults)
		}
		cases = append(cases, ajvCase{Name: name, Kind: kind, Doc: doc, valid: len(faults) == 0})
	}

	examples := 0
	for _, root := range []string{"../campaigns/vespator-front", "../campaigns/template"} {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".toml") {
				return err
			}
			rel := filepath.ToSlash(strings.TrimPrefix(p, root+string(filepath.Separator)))
			kind, ok := exampleKind(rel)
			if !ok {
				t.Fatalf("%s: which kind of file is it? Add it to exampleKind", p)
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			add(p, kind, data)
			if !cases[len(cases)-1].valid {
				t.Errorf("%s: the example is not valid", p)
			}
			examples++
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if examples < 50 {
		t.Fatalf("%d example files: the example campaign is not where the test looks", examples)
	}
	for _, k := range Kinds() {
		add("valid example "+string(k), k, []byte(validExamples[k]))
	}
	op := "[[operations]]\nfleet = \"iron-fist\"\n"
	for _, c := range []struct {
		name string
		kind Kind
		toml string
	}{
		{"battle without attack", Orders, op + "operation = \"battle\"\nplanet = \"nor\"\ndefender = \"chaos\"\n"},
		{"battle without planet or defender", Orders, op + "operation = \"battle\"\nattack = \"purge-and-burn\"\n"},
		{"void-leap without planet", Orders, op + "operation = \"void-leap\"\n"},
		{"deploy-kill-teams without planet", Orders, op + "operation = \"deploy-kill-teams\"\n"},
		{"raise-edifices without infrastructure", Orders, op + "operation = \"raise-edifices\"\n"},
		{"pieces without direction", Orders, op + "operation = \"logistical-auxilia\"\noutcome = { planet = \"nor\", pieces = [\"stronghold\"] }\n"},
		{"result's direction without planet", Results, "winner = \"defender\"\n[outcome]\ndirection = \"to-connected\"\n"},
		{"attacker_vp alone", Results, "attacker_vp = 10\nwinner = \"attacker\"\n"},
		{"defender_vp alone", Results, "defender_vp = 10\nwinner = \"attacker\"\n"},
		{"twist without theatre", Results, "winner = \"draw\"\ntwist = 3\n"},
		{"no winner, no VPs", Results, "played = 2027-01-10\n"},
		{"damage without points", Results, "winner = \"draw\"\n[[war_engines]]\nengine = \"titan\"\n[[war_engines.damage]]\nzone = \"legs\"\n"},
		{"damage of nothing", Results, "winner = \"draw\"\n[[war_engines]]\nengine = \"titan\"\n[[war_engines.damage]]\nchain = [\"legs\"]\n"},
		{"build without infrastructure", Builds, "planet = \"nor\"\n"},
		{"build without planet", Builds, "infrastructure = \"staging-grounds\"\n"},
		{"hand without to", Campaign, validExamples[Campaign] + "\n[[roster_changes]]\nphase = 2\nhand = \"alice\"\n"},
		{"behemoth without zones", Engine, "name = \"Titan\"\ntype = \"behemoth\"\nspread = 3\n"},
		{"war machine without speed", Engine, "name = \"Walker\"\ntype = \"war-machine\"\nclass = \"super-heavy-walker\"\nstructure_points = 3\nleadership = 8\n"},
	} {
		add(c.name, c.kind, []byte(c.toml))
		if cases[len(cases)-1].valid {
			t.Errorf("%s: Warmaster takes it, and should not", c.name)
		}
	}

	schemas := map[Kind]json.RawMessage{}
	for _, k := range Kinds() {
		schemas[k] = JSON(k)
	}
	in, err := json.Marshal(map[string]any{"schemas": schemas, "docs": cases})
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, "-e", ajvScript)
	cmd.Env = append(os.Environ(), "NODE_PATH="+modules)
	cmd.Stdin = bytes.NewReader(in)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var verdicts []string
	if err := json.Unmarshal(out, &verdicts); err != nil || len(verdicts) != len(cases) {
		t.Fatalf("ajv: %d verdicts for %d documents (%v):\n%s", len(verdicts), len(cases), err, out)
	}
	for i, c := range cases {
		if got := verdicts[i] == ""; got != c.valid {
			t.Errorf("%s (%s): ajv says valid=%v (%s), Warmaster %v", c.Name, c.Kind, got, verdicts[i], c.valid)
		}
	}
}

// exampleKind is the kind of a file of a campaign folder (a slash path in it).
func exampleKind(rel string) (Kind, bool) {
	switch rel {
	case "campaign.toml":
		return Campaign, true
	case "map.toml":
		return Map, true
	}
	parts := strings.Split(rel, "/")
	switch {
	case len(parts) == 2 && parts[0] == "setup":
		return Setup, true
	case len(parts) == 2 && parts[0] == "engines":
		return Engine, true
	case len(parts) == 3 && parts[0] == "phases" && parts[2] == "tiebreak.toml":
		return Tiebreak, true
	case len(parts) == 4 && parts[0] == "phases":
		k := map[string]Kind{"orders": Orders, "results": Results, "moves": Moves, "builds": Builds, "events": Events, "confirmations": Confirmations, "rulings": Rulings}[parts[2]]
		return k, k != ""
	}
	return "", false
}
