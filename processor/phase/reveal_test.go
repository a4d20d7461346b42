package phase

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"filippo.io/age"
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/internal/testkit"
)

// TestRevealCountsOwnEdifices: orders' outcome choices are judged on the
// map 2.2 may leave (RULINGS 9, 18), the player's own Raise Edifices
// included — at 2.1 Reveal as in the check before sealing. Alice's blue-1
// raises a Support Facility at Caltus Novem, which connects Norallus, 2
// lanes away, for blue (RULINGS 4); her blue-3's Supply Base Raid there
// names it. Plain or sealed, the battle is fought with that choice.
func TestRevealCountsOwnEdifices(t *testing.T) {
	id, err := age.GenerateX25519Identity()
	if err != nil {
		t.Fatal(err)
	}
	orders := `[[operations]]
fleet = "blue-1"
operation = "raise-edifices"
infrastructure = "support-facility"

[[operations]]
fleet = "blue-3"
operation = "battle"
attack = "supply-base-raid"
planet = "caltus-novem"
defender = "red"
[operations.outcome]
planets = ["norallus"]
`
	for _, sealed := range []bool{false, true} {
		t.Run(fmt.Sprint("sealed=", sealed), func(t *testing.T) {
			dir := testkit.NewCaseDirWith(t, fmt.Sprintf("\n[secrecy]\nrecipient = %q\n\n[[fleets]]\nid = \"blue-3\"\nplayer = \"alice\"\n", id.Recipient()),
				"step operations\nfleet blue-1 caltus-novem\nfleet blue-3 caltus-novem\npower norallus red=3")
			file := processor.InputPath(1, "orders", "alice")
			testkit.WriteFile(t, dir, file, []byte(orders))
			if sealed {
				testkit.SealFile(t, dir, file, id.Recipient())
			}
			if _, err := Advance(dir, Options{Now: time.Date(2027, 2, 2, 0, 0, 0, 0, time.UTC), AgeIdentity: id.String()}); err != nil {
				t.Fatal(err)
			}
			report := string(testkit.ReadFile(t, dir, "phases/01/report.md"))
			if !strings.Contains(report, "blue-3: Supply Base Raid at caltus-novem") || !strings.Contains(report, "at norallus") {
				t.Errorf("blue-3's raid on norallus was not fought:\n%s", report)
			}
		})
	}
}
