package processor

import (
	"fmt"
	"testing"
)

// BenchmarkDiceChain: what each run of a large public campaign pays to key
// its dice by the inputs journaled so far — 6 phases of 10,000 battles, an
// orders file, a result and a move each.
func BenchmarkDiceChain(b *testing.B) {
	var steps []journalEntry
	for phase := 1; phase <= 6; phase++ {
		for _, dir := range []string{"orders", "results", "moves"} {
			e := journalEntry{Phase: phase, Step: StepBattles}
			for i := range 10000 {
				e.Inputs = append(e.Inputs, journalInput{Path: InputPath(phase, dir, fmt.Sprintf("player-%d", i)), SHA256: digest([]byte{byte(i)})})
			}
			steps = append(steps, e)
		}
	}
	f := &Folder{Campaign: &Campaign{Commitment: KeyCommitment(testDiceKey)}, journalSteps: steps}
	b.ResetTimer()
	for range b.N {
		if _, _, err := runDice(f, Options{DiceKey: testDiceKey, campaignID: "war"}); err != nil {
			b.Fatal(err)
		}
	}
}
