package trust

import (
	"path/filepath"
	"testing"

	"github.com/warmaster/warmaster/processor/phase"
	"github.com/warmaster/warmaster/processor/simulate"
)

// BenchmarkReplayBigSteps replays a simulated phase of 3,000 fleets: an
// operations step writing 1,597 battle sheets, a battles step of 1,459
// results (2,948 inputs in all). A replay checks each input against the
// journal and copies it into its scratch folder: linear in a step's inputs
// (`-bench ReplayBigSteps -benchmem`; the scratch folder is on the disk
// TMPDIR names: on a slow one its file creation is most of the time).
func BenchmarkReplayBigSteps(b *testing.B) {
	dir := filepath.Join(b.TempDir(), "c")
	if err := simulate.Run(dir, simulate.Params{Seed: "bench", Players: 30, Fleets: 3000, Phases: 1, Planets: 300}, nil, nil); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Replay(dir, phase.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReplayProved is the advance job's replay before a step when the
// folder's verified digest is listed: the folder is loaded and digested,
// nothing replayed — against BenchmarkReplayBigSteps' full replay of the
// same simulated campaign, here of 3 phases (`-bench 'Replay(BigSteps|Proved)'`).
func BenchmarkReplayProved(b *testing.B) {
	for _, tc := range []struct {
		name   string
		proved bool
	}{{"full", false}, {"proved", true}} {
		b.Run(tc.name, func(b *testing.B) {
			dir := filepath.Join(b.TempDir(), "c")
			if err := simulate.Run(dir, simulate.Params{Seed: "bench", Players: 30, Fleets: 3000, Phases: 3, Planets: 300}, nil, nil); err != nil {
				b.Fatal(err)
			}
			proved, err := VerifiedDigest(dir)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				res, err := ReplayUnlessVerified(dir, phase.Options{}, func(d string) bool { return tc.proved && d == proved })
				if err != nil || res.Verified != tc.proved {
					b.Fatalf("%+v, %v", res, err)
				}
			}
		})
	}
}
