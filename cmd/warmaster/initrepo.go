package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/warmaster/warmaster/campaigns/repotemplate"
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/repository"
)

// initRepoCommand writes a new campaign repository.
func initRepoCommand() *cli.Command {
	return &cli.Command{
		Name: "init-repo",
		Usage: "write a campaign repository into DIR (new, or without any of its files): the workflows, naming the warmaster action at this " +
			"warmaster's version where it is known, else main; " + repository.RegistryFile + " and CODEOWNERS; .taplo.toml and the JSON Schemas " +
			"in " + repotemplate.SchemasDir + "/, for editors offline; a README for the club (WARMASTER.md, beside a README the repository has). It never writes over a file",
		ArgsUsage: "[--warmaster LOGIN]... DIR",
		Flags: []cli.Flag{
			&cli.StringSliceFlag{Name: "warmaster", Usage: "the GitHub login of a Warmaster of the repository (repeat the flag for more); " +
				"without it the registry names the placeholder " + repotemplate.Placeholder + ", to replace"},
		},
		Action: cmdInitRepo,
	}
}

func cmdInitRepo(c *cli.Context) error {
	if c.NArg() != 1 {
		return usagef("init-repo needs exactly one folder, the new repository's, got %d arguments", c.NArg())
	}
	dir := c.Args().First()
	// The registry declares campaigns in folders below the root, and what
	// init-repo writes (README.md, schemas/, .taplo.toml) would be a
	// campaign folder's misplaced files, its README Warmaster's.
	if _, err := os.Lstat(filepath.Join(dir, processor.CampaignFile)); err == nil {
		return fmt.Errorf("init-repo: %s holds a campaign.toml: a campaign repository plays its campaigns in folders of their own (campaigns/<name>), never at its root; make the repository elsewhere and move the campaign into it, keeping the folder's name (it binds the campaign's sealed orders and dice)", dir)
	}
	ref, why := "main", "this warmaster records no build information"
	if bi, ok := debug.ReadBuildInfo(); ok {
		ref, why = actionRef(bi)
	}
	logins := c.StringSlice("warmaster")
	files, reg, err := repotemplate.Files(repotemplate.Options{Ref: ref, Warmasters: logins})
	var invalid *processor.InvalidError
	switch {
	case errors.As(err, &invalid):
		var msgs []string
		for _, f := range invalid.Faults {
			msgs = append(msgs, f.Message)
		}
		return usagef("--warmaster: %s", strings.Join(msgs, "; "))
	case err != nil:
		return fmt.Errorf("init-repo: %w", err)
	}
	var codeowners bytes.Buffer
	repository.WriteCodeOwners(&codeowners, reg, nil)
	files = append(files, repotemplate.File{Path: ".github/CODEOWNERS", Data: codeowners.Bytes()})
	// A repository GitHub made with a README keeps it: the club's README
	// goes beside it (init-repo never writes over a file).
	readme := "README.md"
	if st, err := os.Lstat(filepath.Join(dir, readme)); err == nil && st.Mode().IsRegular() {
		readme = besideReadme
		for i := range files {
			if files[i].Path == "README.md" {
				files[i].Path = readme
			}
		}
	}
	slices.SortFunc(files, func(a, b repotemplate.File) int { return strings.Compare(a.Path, b.Path) })
	if err := repotemplate.Write(dir, files); err != nil {
		return fmt.Errorf("init-repo: %w", err)
	}

	w := c.App.Writer
	fmt.Fprintf(w, "made a campaign repository in %s:\n", dir)
	for _, f := range files {
		fmt.Fprintf(w, "  %s\n", path.Join(filepath.ToSlash(dir), f.Path))
	}
	fmt.Fprintf(w, "the workflows use %s@%s: %s", repotemplate.Action, ref, why)
	if ref == repotemplate.DefaultRef {
		fmt.Fprint(w, "; pin a release tag or a full commit hash in every workflow (README.md, Choosing the Warmaster version)")
	}
	fmt.Fprintln(w)
	if len(logins) == 0 {
		fmt.Fprintf(w, "the registry's Warmaster is the placeholder %s: put your GitHub login in %s (or run init-repo --warmaster LOGIN), then `warmaster codeowners > .github/CODEOWNERS`\n",
			repotemplate.Placeholder, repository.RegistryFile)
	}
	if readme != "README.md" {
		fmt.Fprintf(w, "README.md was there already and is kept: the club's README is %s beside it; link it from your README (its references to README.md mean %s)\n", readme, readme)
	}
	fmt.Fprintf(w, "next: %s, Setting up\n", path.Join(filepath.ToSlash(dir), readme))
	return nil
}

// besideReadme is where init-repo writes the club's README when the
// repository has one of its own.
const besideReadme = "WARMASTER.md"
