package processor

import (
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/txtar"
)

// A campaign whose dice are committed to a secret key: check, which players
// run without the key, cannot make a benefit's roll-off, so it accepts the
// benefit's keys from every Alliance in the roll-off; advance, with the key,
// rolls off and refuses the loser's (Campaign Medals: "rolling off in the
// event of a tie").
func TestBenefitRollOffWithCommittedDice(t *testing.T) {
	ar, err := txtar.ParseFile("testdata/rules/setup-benefit-roll-off.txtar")
	if err != nil {
		t.Fatal(err)
	}
	const key = "the secret dice key"
	dir := t.TempDir()
	for _, f := range ar.Files {
		data := string(f.Data)
		switch f.Name {
		case CampaignFile:
			data = strings.Replace(data, `seed = "rules-cases"`, `commitment = "`+KeyCommitment(key)+`"`, 1)
		case "setup/red.toml":
			// Both Alliances in the roll-off use the Laurel of Victory.
			data = strings.Replace(data, "power3", "laurel_of_victory = \"norallus\"\npower3", 1)
		case "now", "poststate", "report":
			continue
		}
		writeFile(t, dir, f.Name, []byte(data))
	}
	m, err := os.ReadFile("testdata/base/map.toml")
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, MapFile, m)
	now := time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)
	if _, err := Check(dir, Options{Now: now}); err != nil {
		t.Fatalf("check without the key: %v", err)
	}
	_, err = Advance(dir, Options{Now: now, DiceKey: key})
	var inv *InvalidError
	if !errors.As(err, &inv) || len(inv.Faults) != 1 || !strings.Contains(inv.Faults[0].Message, "wins the roll-off; remove laurel_of_victory") {
		t.Fatalf("advance with the key: got %v, want one fault refusing the roll-off loser's laurel_of_victory", err)
	}
	loser := inv.Faults[0].File
	if loser != "setup/blue.toml" && loser != "setup/red.toml" {
		t.Fatalf("the fault is in %s", loser)
	}
}
