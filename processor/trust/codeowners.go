package trust

import (
	"errors"
	"fmt"
	"io"
	"path"
	"path/filepath"
	"regexp"
	"strings"
)

// The CODEOWNERS format: how a campaign's rules (CodeOwners) become the
// lines of a CODEOWNERS file, paths anchored at the repository root. The
// repository's whole file (its Warmasters, then each declared campaign) is
// repository.WriteCodeOwners, above this package: it needs the registry.

// WriteCampaignCodeOwners writes the CODEOWNERS lines of the campaign in
// root (a slash path from the repository root, CodeOwnersRoot): a header
// saying where they come from, then its rules.
func WriteCampaignCodeOwners(w io.Writer, root string, rules []Owners) {
	fmt.Fprintf(w, "# The campaign in %s: written by `warmaster codeowners %s`.\n", root, root)
	fmt.Fprintln(w, "# The last matching pattern takes precedence; `warmaster check --actor` enforces the rest.")
	WriteCodeOwners(w, root, rules)
}

// WriteCodeOwners writes a campaign's rules, a comment above each section.
func WriteCodeOwners(w io.Writer, root string, rules []Owners) {
	section := ""
	for _, r := range rules {
		if r.Section != section {
			section = r.Section
			fmt.Fprintf(w, "\n# %s\n", section)
		}
		owners := make([]string, len(r.Logins))
		for i, l := range r.Logins {
			owners[i] = "@" + string(l)
		}
		fmt.Fprintf(w, "%s %s\n", CodeOwnersPattern(root, r.Pattern), strings.Join(owners, " "))
	}
}

// codeownersSafe are the characters a CODEOWNERS path may hold here without
// escaping: the syntax has none for spaces, and #, ! and [ ] mean something.
var codeownersSafe = regexp.MustCompile(`^[A-Za-z0-9._/-]+$`)

// CodeOwnersRoot is the campaign folder as a slash path from the
// repository root: DIR as given, cleaned. The error, a folder outside the
// repository or a name CODEOWNERS cannot match, is the caller's misuse.
func CodeOwnersRoot(dir string) (string, error) {
	root := path.Clean(filepath.ToSlash(dir))
	switch {
	case filepath.IsAbs(dir) || root == ".." || strings.HasPrefix(root, "../"):
		return "", fmt.Errorf("codeowners needs the campaign folder as a path from the repository root, such as campaigns/war; got %s", dir)
	case !codeownersSafe.MatchString(root):
		return "", errors.New("codeowners: " + dir + " has a character CODEOWNERS cannot match (use letters, digits, '.', '_', '-' and '/')")
	}
	return root, nil
}

// CodeOwnersPattern anchors a campaign pattern at the repository root; the
// empty pattern is the whole folder (every file, *, when it is the root).
func CodeOwnersPattern(root, pattern string) string {
	if root == "." && pattern == "" {
		return "*"
	}
	p := "/"
	if root != "." {
		p += root + "/"
	}
	return p + pattern
}
