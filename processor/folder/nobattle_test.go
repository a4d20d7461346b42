package folder

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/warmaster/warmaster/campaigns"
	"github.com/warmaster/warmaster/processor"
)

// TestMeantBattle: a name that begins with a battle's id and a separator
// was meant to be that battle's, the longest such.
func TestMeantBattle(t *testing.T) {
	_, f := loadExample(t)
	for name, want := range map[string]string{
		"red-1-red":   "red-1",
		"red-1 (1)":   "red-1",
		"Red-1_copy":  "red-1",
		"red-1.toml":  "red-1",
		"red-1-2-red": "red-1-2", // Defiant Zeal's second battle
		"red-10":      "",
		"red-1x":      "",
		"red":         "",
		"purple-9":    "",
		"-red-1":      "",
	} {
		if got := MeantBattle(f.Campaign, name); got != want {
			t.Errorf("MeantBattle(%q) = %q, want %q", name, got, want)
		}
	}
}

// TestNoBattleRename: a result named after its battle with something
// added is renamed, for sure, where no file of the battle's name is;
// where the battle's result is in, a rename would write over it, and a
// campaign that does not confirm results says to change that file.
func TestNoBattleRename(t *testing.T) {
	dir := t.TempDir()
	if err := campaigns.CopyTo(campaigns.Example, dir); err != nil {
		t.Fatal(err)
	}
	write := func(file, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(file)), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	camp, err := os.ReadFile(filepath.Join(dir, processor.CampaignFile))
	if err != nil {
		t.Fatal(err)
	}
	write(processor.CampaignFile, strings.Replace(string(camp), "[rules]\n", "[rules]\nconfirm_results = false\n", 1))
	write("phases/01/results/red-2 (1).toml", "winner = \"attacker\"\n")
	write("phases/01/results/red-1-red.toml", "winner = \"attacker\"\n")
	f, fs, err := LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	find := func(file string) processor.Fault {
		t.Helper()
		i := slices.IndexFunc(fs.List, func(fl processor.Fault) bool { return fl.File == file })
		if i < 0 {
			t.Fatalf("no fault of %s in %v", file, fs.List)
		}
		return fs.List[i]
	}
	copyOf := find("phases/01/results/red-2 (1).toml")
	if want := (&processor.Fix{Kind: processor.FixRename, Meant: "phases/01/results/red-2.toml"}); !reflect.DeepEqual(copyOf.Fix, want) {
		t.Errorf("%s: fix %+v, want %+v", copyOf, copyOf.Fix, want)
	}
	other := find("phases/01/results/red-1-red.toml")
	if other.Fix != nil {
		t.Errorf("%s: fix %+v, want none: red-1.toml is there", other, other.Fix)
	}
	if want := `no battle "red-1-red": results files are named after the attacking fleet; did you mean red-1.toml? phases/01/results/red-1.toml is in already, and a battle has one result: change that file, if it is to change, and remove this one`; other.Message != want {
		t.Errorf("got\n%s\nwant\n%s", other.Message, want)
	}
	if hint, _ := NoBattleHint(f, nil, Classify("phases/01/results/purple-9.toml")); hint != "fleets: blue-1, blue-2, red-1, red-2, green-1, green-2" {
		t.Errorf("a name of no fleet: %q, want the fleets", hint)
	}
}
