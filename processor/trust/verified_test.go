package trust

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/warmaster/warmaster/processor/phase"
)

// The verified digest covers exactly what a replay's verdict depends on:
// a change to any of it misses a digest vouched for, and the campaign is
// replayed in full; the inputs still to come, which a replay never reads,
// leave it as it was (advance checks them itself).
func TestVerifiedDigest(t *testing.T) {
	dir := playedExample(t, phase.Options{})
	res, err := ReplayUnlessVerified(dir, phase.Options{}, func(string) bool { return false })
	if err != nil {
		t.Fatal(err)
	}
	proved, err := VerifiedDigest(dir)
	if err != nil {
		t.Fatal(err)
	}
	if res.Digest != proved || res.Verified {
		t.Fatalf("the replay's digest %q (verified %v), the folder's %q", res.Digest, res.Verified, proved)
	}
	// Proved, the folder is not replayed again.
	res, err = ReplayUnlessVerified(dir, phase.Options{}, func(d string) bool { return d == proved })
	if err != nil || !res.Verified || res.Runs != 0 || res.Digest != proved {
		t.Fatalf("a proved folder: %+v, %v", res, err)
	}

	for _, tc := range []struct {
		name   string
		change func(t *testing.T, dir string) // on a copy of the played example
		same   bool                           // the digest stays as proved
	}{
		{"PendingInputChanged", func(t *testing.T, dir string) { comment(t, dir, "phases/03/orders/alice.toml") }, true},
		{"PendingInputRemoved", func(t *testing.T, dir string) { remove(t, dir, "phases/03/orders/alice.toml") }, true},
		{"WrittenFileEdited", func(t *testing.T, dir string) { comment(t, dir, "state.toml") }, false},
		{"JournalEdited", func(t *testing.T, dir string) { comment(t, dir, "journal.toml") }, false},
		{"ReportDeleted", func(t *testing.T, dir string) { remove(t, dir, "phases/01/report.md") }, false},
		{"BattleSheetAdded", func(t *testing.T, dir string) {
			write(t, dir, "phases/01/battles/blue-9.md", "# a battle nobody fought\n")
		}, false},
		{"SeenEdited", func(t *testing.T, dir string) { comment(t, dir, "phases/01/seen.toml") }, false},
		{"ConsumedInputEdited", func(t *testing.T, dir string) { comment(t, dir, "phases/01/orders/bob.toml") }, false},
		{"ConsumedInputDeleted", func(t *testing.T, dir string) { remove(t, dir, "phases/01/orders/bob.toml") }, false},
		{"CampaignEdited", func(t *testing.T, dir string) { comment(t, dir, "campaign.toml") }, false},
		{"MapEdited", func(t *testing.T, dir string) { comment(t, dir, "map.toml") }, false},
		{"ProfileEdited", func(t *testing.T, dir string) {
			entries, err := os.ReadDir(filepath.Join(dir, "engines"))
			if err != nil || len(entries) == 0 {
				t.Fatalf("no war-engine profile to edit: %v", err)
			}
			comment(t, dir, "engines/"+entries[0].Name())
		}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			copyDir := filepath.Join(t.TempDir(), "c") // the same folder name: the same campaign
			if err := os.CopyFS(copyDir, os.DirFS(dir)); err != nil {
				t.Fatal(err)
			}
			if d, err := VerifiedDigest(copyDir); err != nil || d != proved {
				t.Fatalf("an untouched copy: %q, %v; want %q", d, err, proved)
			}
			tc.change(t, copyDir)
			d, err := VerifiedDigest(copyDir)
			if err != nil {
				if tc.same {
					t.Fatal(err)
				}
				t.Logf("no longer loads: %v", err)
				return // the folder no longer loads: nothing to skip
			}
			if (d == proved) != tc.same {
				t.Fatalf("digest %q, proved %q: want the same %v", d, proved, tc.same)
			}
		})
	}

	// Another campaign folder's name is another campaign (sealed orders
	// and the dice are bound to it).
	renamed := filepath.Join(t.TempDir(), "other")
	if err := os.CopyFS(renamed, os.DirFS(dir)); err != nil {
		t.Fatal(err)
	}
	if d, err := VerifiedDigest(renamed); err != nil || d == proved {
		t.Fatalf("renamed: %q, %v", d, err)
	}
}

func write(t *testing.T, dir, file, text string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(file))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// comment adds a comment line to a file, which must be there.
func comment(t *testing.T, dir, file string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(file)))
	if err != nil {
		t.Fatal(err)
	}
	write(t, dir, file, strings.TrimSuffix(string(data), "\n")+"\n# edited\n")
}
