package main

import (
	"fmt"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/warmaster/warmaster/processor"
)

// codeownersCommand prints the CODEOWNERS lines of a campaign.
func codeownersCommand() *cli.Command {
	return &cli.Command{
		Name:      "codeowners",
		Usage:     "print CODEOWNERS lines for the campaign: who owns which file, paths from the repository root (DIR as given)",
		ArgsUsage: "DIR",
		Action: func(c *cli.Context) error {
			dir, err := oneDir(c)
			if err != nil {
				return err
			}
			root, err := codeownersRoot(dir)
			if err != nil {
				return err
			}
			rules, err := processor.CodeOwners(dir)
			if err != nil {
				return printFaults(c.App.ErrWriter, dir, err, false)
			}
			w := c.App.Writer
			fmt.Fprintf(w, "# The campaign in %s: written by `warmaster codeowners %s`.\n", root, root)
			fmt.Fprintln(w, "# The last matching pattern takes precedence; `warmaster check --actor` enforces the rest.")
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
				fmt.Fprintf(w, "%s %s\n", codeownersPattern(root, r.Pattern), strings.Join(owners, " "))
			}
			return nil
		},
	}
}

// codeownersSafe are the characters a CODEOWNERS path may hold here without
// escaping: the syntax has none for spaces, and #, ! and [ ] mean something.
var codeownersSafe = regexp.MustCompile(`^[A-Za-z0-9._/-]+$`)

// codeownersRoot is the campaign folder as a slash path from the
// repository root: DIR as given, cleaned.
func codeownersRoot(dir string) (string, error) {
	root := path.Clean(filepath.ToSlash(dir))
	switch {
	case filepath.IsAbs(dir) || root == ".." || strings.HasPrefix(root, "../"):
		return "", usagef("codeowners needs the campaign folder as a path from the repository root, such as campaigns/war; got %s", dir)
	case !codeownersSafe.MatchString(root):
		return "", usagef("codeowners: %s has a character CODEOWNERS cannot match (use letters, digits, '.', '_', '-' and '/')", dir)
	}
	return root, nil
}

// codeownersPattern anchors a campaign pattern at the repository root; the
// empty pattern is the whole folder (every file, *, when it is the root).
func codeownersPattern(root, pattern string) string {
	if root == "." && pattern == "" {
		return "*"
	}
	p := "/"
	if root != "." {
		p += root + "/"
	}
	return p + pattern
}
