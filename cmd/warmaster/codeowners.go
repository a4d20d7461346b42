package main

import (
	"fmt"
	"io"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/urfave/cli/v2"
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/repository"
	"github.com/warmaster/warmaster/processor/trust"
)

// codeownersCommand prints the CODEOWNERS lines of a campaign, or of the
// whole repository.
func codeownersCommand() *cli.Command {
	return &cli.Command{
		Name: "codeowners",
		Usage: "print CODEOWNERS lines for the campaign in DIR (paths from the repository root, DIR as given); " +
			"without DIR, run at the repository's root, the whole file: the repository's Warmasters own everything " +
			"(.github/, any new folder, every campaign.toml), each campaign " + repository.RegistryFile + " declares has its own rules",
		ArgsUsage: "[DIR]",
		Action: func(c *cli.Context) error {
			switch c.NArg() {
			case 0:
				return repositoryCodeowners(c)
			case 1:
			default:
				return usagef("codeowners takes one campaign folder, or none for the whole repository; got %d arguments", c.NArg())
			}
			dir := c.Args().First()
			root, err := codeownersRoot(dir)
			if err != nil {
				return err
			}
			rules, err := trust.CodeOwners(dir)
			if err != nil {
				return printFaults(c.App.ErrWriter, dir, err, false)
			}
			w := c.App.Writer
			fmt.Fprintf(w, "# The campaign in %s: written by `warmaster codeowners %s`.\n", root, root)
			fmt.Fprintln(w, "# The last matching pattern takes precedence; `warmaster check --actor` enforces the rest.")
			writeCodeowners(w, root, rules)
			return nil
		},
	}
}

// repositoryCodeowners prints the CODEOWNERS of the repository at the
// working folder: the repository's Warmasters own everything, then each
// declared campaign's rules, then every campaign.toml is the Warmasters'
// again (check-changes refuses anyone else's change to one).
func repositoryCodeowners(c *cli.Context) error {
	data, err := repository.ReadRegistryFile(".")
	if err != nil {
		return fmt.Errorf("codeowners without DIR writes the whole repository's file from %s, run at the repository's root: %w", repository.RegistryFile, err)
	}
	reg, err := repository.ParseRegistry(data)
	if err != nil {
		return printFaults(c.App.ErrWriter, ".", err, false)
	}
	campaigns := make([][]trust.Owners, len(reg.Campaigns))
	for i, dir := range reg.Campaigns {
		if campaigns[i], err = trust.CodeOwners(dir); err != nil {
			return printFaults(c.App.ErrWriter, dir, err, false)
		}
	}
	writeRepositoryCodeowners(c.App.Writer, reg, campaigns)
	return nil
}

// writeRepositoryCodeowners writes the repository's CODEOWNERS: the
// registry's Warmasters own everything, then each declared campaign's
// rules (campaigns[i] are reg.Campaigns[i]'s), then each campaign.toml is
// the Warmasters' again.
func writeRepositoryCodeowners(w io.Writer, reg *repository.Registry, campaigns [][]trust.Owners) {
	owners := make([]string, len(reg.Warmasters))
	for i, l := range reg.Warmasters {
		owners[i] = "@" + string(l)
	}
	wm := strings.Join(owners, " ")
	fmt.Fprintln(w, "# This repository: written by `warmaster codeowners` from "+repository.RegistryFile+"; commit it as .github/CODEOWNERS.")
	fmt.Fprintln(w, "# The last matching pattern takes precedence; `warmaster check-changes` enforces the rest.")
	fmt.Fprintln(w, "\n# The repository's Warmasters: everything, unless a rule below says otherwise (a new campaign folder too), and .github/ (the workflows, CODEOWNERS, the registry).")
	fmt.Fprintf(w, "* %s\n/.github/ %s\n", wm, wm)
	for i, dir := range reg.Campaigns {
		fmt.Fprintf(w, "\n# The campaign in %s.\n", dir)
		writeCodeowners(w, dir, campaigns[i])
	}
	if len(reg.Campaigns) > 0 {
		fmt.Fprintln(w, "\n# Each campaign's campaign.toml: the repository's Warmasters.")
		for _, dir := range reg.Campaigns {
			fmt.Fprintf(w, "%s %s\n", codeownersPattern(dir, processor.CampaignFile), wm)
		}
	}
}

// writeCodeowners writes a campaign's rules, a comment above each section.
func writeCodeowners(w io.Writer, root string, rules []trust.Owners) {
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
