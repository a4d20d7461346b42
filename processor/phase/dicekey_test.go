package phase

import (
	"fmt"
	"testing"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/folder/owntoml"
	"github.com/warmaster/warmaster/processor/internal/testkit"
)

// BenchmarkDiceChain: what each run of a large public campaign pays to key
// its dice by the inputs journaled so far — 6 phases of 10,000 battles, an
// orders file, a result and a move each.
func BenchmarkDiceChain(b *testing.B) {
	var steps []owntoml.JournalEntry
	for phase := 1; phase <= 6; phase++ {
		for _, dir := range []string{"orders", "results", "moves"} {
			e := owntoml.JournalEntry{Phase: phase, Step: processor.StepBattles}
			for i := range 10000 {
				e.Inputs = append(e.Inputs, owntoml.JournalInput{Path: processor.InputPath(phase, dir, fmt.Sprintf("player-%d", i)), SHA256: folder.Digest([]byte{byte(i)})})
			}
			steps = append(steps, e)
		}
	}
	f := &folder.Folder{Campaign: &processor.Campaign{Commitment: processor.KeyCommitment(testkit.TestDiceKey)}, JournalSteps: steps}
	b.ResetTimer()
	for range b.N {
		if _, _, err := runDice(f, Options{DiceKey: testkit.TestDiceKey}, mode{again: Again{CampaignID: "war"}}); err != nil {
			b.Fatal(err)
		}
	}
}
