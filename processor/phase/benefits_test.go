package phase

import (
	"errors"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/txtar"
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/internal/testkit"
)

// A campaign whose dice are committed to a secret key: check, which players
// run without the key, cannot make a benefit's roll-off, so it accepts the
// benefit's keys from every Alliance in the roll-off; advance, with the key,
// rolls off and refuses the loser's (Campaign Medals: "rolling off in the
// event of a tie"). The roll-off is rolled before the set-up's inputs are
// mixed into the dice: once the loser takes the key out, the same Alliance
// wins it.
func TestBenefitRollOffWithCommittedDice(t *testing.T) {
	ar, err := txtar.ParseFile("testdata/rules/setup-benefit-roll-off.txtar")
	if err != nil {
		t.Fatal(err)
	}
	// Several keys: a roll-off keyed by the set-up's inputs would give the
	// benefit to the loser now and then.
	for _, key := range []string{"c0ffee00c0ffee00c0ffee00c0ffee00", "c0ffee01c0ffee01c0ffee01c0ffee01", "c0ffee02c0ffee02c0ffee02c0ffee02", "c0ffee03c0ffee03c0ffee03c0ffee03", "c0ffee04c0ffee04c0ffee04c0ffee04", "c0ffee05c0ffee05c0ffee05c0ffee05"} {
		benefitRollOff(t, ar, key)
	}
}

func benefitRollOff(t *testing.T, ar *txtar.Archive, key string) {
	t.Helper()
	dir := t.TempDir()
	for _, f := range ar.Files {
		data := string(f.Data)
		switch f.Name {
		case processor.CampaignFile:
			data = strings.Replace(data, `seed = "rules-cases"`, `commitment = "`+processor.KeyCommitment(key)+`"`, 1)
		case "setup/red.toml":
			// Both Alliances in the roll-off use the Laurel of Victory.
			data = strings.Replace(data, "power3", "laurel_of_victory = \"norallus\"\npower3", 1)
		case "now", "poststate", "report":
			continue
		}
		testkit.WriteFile(t, dir, f.Name, []byte(data))
	}
	m, err := os.ReadFile("testdata/base/map.toml")
	if err != nil {
		t.Fatal(err)
	}
	testkit.WriteFile(t, dir, processor.MapFile, m)
	now := time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)
	if _, err := Check(dir, Options{Now: now}); err != nil {
		t.Fatalf("check without the key: %v", err)
	}
	_, err = Advance(dir, Options{Now: now, DiceKey: key})
	var inv *processor.InvalidError
	if !errors.As(err, &inv) || len(inv.Faults) != 1 || !strings.Contains(inv.Faults[0].Message, "wins the roll-off; remove laurel_of_victory") {
		t.Fatalf("advance with the key: got %v, want one fault refusing the roll-off loser's laurel_of_victory", err)
	}
	loser := inv.Faults[0].File
	if loser != "setup/blue.toml" && loser != "setup/red.toml" {
		t.Fatalf("the fault is in %s", loser)
	}
	testkit.WriteFile(t, dir, loser, regexp.MustCompile(`(?m)^laurel_of_victory = .*\n`).ReplaceAll(testkit.ReadFile(t, dir, loser), nil))
	sum, err := Advance(dir, Options{Now: now, DiceKey: key})
	if err != nil {
		t.Fatalf("advance once the loser took the key out: %v", err)
	}
	winner := processor.AllianceID(strings.TrimSuffix(strings.TrimPrefix(map[string]string{"setup/blue.toml": "setup/red.toml", "setup/red.toml": "setup/blue.toml"}[loser], "setup/"), ".toml"))
	if got := sum.State.Benefits[processor.LaurelOfVictory]; got != winner {
		t.Fatalf("the Laurel of Victory's benefit went to %q, want %q, the winner of the roll-off advance refused the loser with", got, winner)
	}
}
