package main

import (
	"fmt"

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
			"(.github/, any new folder, every campaign's campaign.toml and map.toml), each campaign " + repository.RegistryFile + " declares has its own rules; " +
			"a player's lines name the player and at most 3 allies, so the file grows with the players (GitHub loads no CODEOWNERS of 3 MB or more)",
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
			root, err := trust.CodeOwnersRoot(dir)
			if err != nil {
				return usagef("%s", err)
			}
			// In a campaign repository, its Warmasters own the campaign's
			// Warmaster's files and rule on disputes (see authorize).
			var warmasters []processor.Login
			reg, _, ok, err := repository.Find(dir)
			if err != nil {
				return fmt.Errorf("the campaign repository's %s is invalid:\n%v", repository.RegistryFile, err)
			}
			if ok {
				warmasters = reg.Warmasters
			}
			rules, err := trust.CodeOwners(dir, warmasters)
			if err != nil {
				return printFaults(c.App.ErrWriter, dir, err, false)
			}
			trust.WriteCampaignCodeOwners(c.App.Writer, root, rules)
			return nil
		},
	}
}

// repositoryCodeowners prints the CODEOWNERS of the repository at the
// working folder: the repository's Warmasters own everything, then each
// declared campaign's rules, in which the Warmasters own campaign.toml and
// map.toml (check-changes refuses anyone else's change to them).
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
		if campaigns[i], err = trust.CodeOwners(dir, reg.Warmasters); err != nil {
			return printFaults(c.App.ErrWriter, dir, err, false)
		}
	}
	repository.WriteCodeOwners(c.App.Writer, reg, campaigns)
	return nil
}
