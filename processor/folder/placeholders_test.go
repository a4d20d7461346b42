package folder

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/warmaster/warmaster/campaigns"
)

// TestMistypedYearNote: a phase's deadline before an earlier phase's (a
// year or a month mistyped) is noted at that deadline's own line, where
// the Warmaster fixes it — not at `phases`.
func TestMistypedYearNote(t *testing.T) {
	dir := t.TempDir()
	if err := campaigns.CopyTo(campaigns.Example, dir); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "campaign.toml")
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	old := "operations = 2027-03-01T18:00:00Z"
	if !strings.Contains(string(data), old) {
		t.Fatal("the example's phase 2 operations deadline moved")
	}
	if err := os.WriteFile(file, []byte(strings.Replace(string(data), old, "operations = 2026-03-01T18:00:00Z", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range f.CampaignNotes() {
		if strings.Contains(n.Message, "is its year or month mistyped?") {
			if want := strings.Count(string(data[:strings.Index(string(data), old)]), "\n") + 1; n.Line != want || n.Col != len("operations = ")+1 {
				t.Errorf("the note is at %d:%d, want %d:%d (the deadline)", n.Line, n.Col, want, len("operations = ")+1)
			}
			return
		}
	}
	t.Errorf("no note of the mistyped year: %v", f.CampaignNotes())
}
