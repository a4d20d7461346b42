package simulate

import (
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/warmaster/warmaster/processor"
)

var campaignsN = flag.Int("campaigns", 200, "how many seeded campaigns TestInvariants plays (a long run: -campaigns 10000)")

// TestInvariants plays many small seeded campaigns (2 and 3 Alliances) with
// bots and checks the invariants after every step. A failure names the seed
// and step and the command that reproduces it.
func TestInvariants(t *testing.T) {
	n := *campaignsN
	if testing.Short() {
		n = 50
	}
	for i := 0; i < n; i++ {
		p := Params{Seed: fmt.Sprint(i), Planets: 8 + i%4, Alliances: 2 + i%2, Phases: 2 + i%2, Skip: 0.1}
		p.Players = p.Alliances + i%2
		p.Fleets = p.Players + i%3
		t.Run(p.Seed, func(t *testing.T) {
			t.Parallel()
			dir := filepath.Join(t.TempDir(), "c")
			destroyed := map[processor.PlanetID]bool{}
			err := Run(dir, p, func(s Step) error {
				if err := Invariants(s.Folder, destroyed); err != nil {
					return fmt.Errorf("after %v: %w", s.Applied, err)
				}
				return nil
			}, nil)
			if err != nil {
				t.Fatalf("seed %q: %v\nreproduce: go run ./cmd/warmaster simulate --seed %s --planets %d --alliances %d --players %d --fleets %d --phases %d /tmp/sim-%s",
					p.Seed, err, p.Seed, p.Planets, p.Alliances, p.Players, p.Fleets, p.Phases, p.Seed)
			}
		})
	}
}

// Same seed ⇒ same folder, byte for byte; and replay verifies it.
func TestDeterministicAndReplayable(t *testing.T) {
	p := Params{Seed: "same", Planets: 10, Alliances: 3, Phases: 3, Skip: 0.1}
	a, b := filepath.Join(t.TempDir(), "a"), filepath.Join(t.TempDir(), "b")
	for _, d := range []string{a, b} {
		if err := Run(d, p, nil, nil); err != nil {
			t.Fatal(err)
		}
	}
	if x, y := snapshot(t, a), snapshot(t, b); !bytes.Equal(x, y) {
		t.Fatal("two runs of the same seed differ")
	}
	if _, err := processor.Replay(a, processor.Options{}); err != nil {
		t.Fatalf("replay of a simulated campaign: %v", err)
	}
}

func snapshot(t *testing.T, dir string) []byte {
	var buf bytes.Buffer
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		data, err := os.ReadFile(p)
		fmt.Fprintf(&buf, "%s\x00%s\x00", rel, data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
