package trust

import (
	"strings"
	"testing"

	"github.com/warmaster/warmaster/processor"
)

// The campaign's rules as CODEOWNERS lines: anchored at the repository
// root, the folder itself * when it is the root, a comment above each
// section.
func TestWriteCodeOwners(t *testing.T) {
	rules := []Owners{
		{Pattern: "", Logins: []processor.Login{"alice"}, Section: "The Warmaster's"},
		{Pattern: "campaign.toml", Logins: []processor.Login{"alice"}, Section: "The Warmaster's"},
		{Pattern: "phases/*/orders/bob.toml*", Logins: []processor.Login{"bob", "alice"}, Section: "Each player's"},
	}
	for root, want := range map[string]string{
		"campaigns/war": "\n# The Warmaster's\n/campaigns/war/ @alice\n/campaigns/war/campaign.toml @alice\n\n# Each player's\n/campaigns/war/phases/*/orders/bob.toml* @bob @alice\n",
		".":             "\n# The Warmaster's\n* @alice\n/campaign.toml @alice\n\n# Each player's\n/phases/*/orders/bob.toml* @bob @alice\n",
	} {
		var b strings.Builder
		WriteCodeOwners(&b, root, rules)
		if b.String() != want {
			t.Errorf("root %s:\n%s\nwant:\n%s", root, b.String(), want)
		}
	}
}

// The campaign folder as CODEOWNERS can hold it: from the repository root,
// cleaned; outside it, or a character the syntax cannot match, refused.
func TestCodeOwnersRoot(t *testing.T) {
	for dir, want := range map[string]string{"./campaigns/war/": "campaigns/war", ".": ".", "campaigns//war": "campaigns/war"} {
		if got, err := CodeOwnersRoot(dir); got != want || err != nil {
			t.Errorf("CodeOwnersRoot(%q) = %q, %v; want %q", dir, got, err, want)
		}
	}
	for dir, want := range map[string]string{"../war": "from the repository root", "/abs": "from the repository root", "odd name": "cannot match", "a#b": "cannot match"} {
		if _, err := CodeOwnersRoot(dir); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("CodeOwnersRoot(%q): %v, want %q", dir, err, want)
		}
	}
}
