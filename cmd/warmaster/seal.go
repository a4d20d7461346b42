package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/urfave/cli/v2"
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/phase"
	"github.com/warmaster/warmaster/processor/seal"
)

// sealCommand encrypts a player's orders until 2.1 Reveal: the repository
// is readable by every player, the rules keep orders secret until then.
func sealCommand() *cli.Command {
	return &cli.Command{
		Name:      "seal",
		Usage:     "check your orders, then encrypt them to the Warmaster's age key ([secrecy] recipient) until 2.1 Reveal: writes FILE.age and removes FILE",
		ArgsUsage: "FILE",
		Description: "FILE is a player's orders file, phases/NN/orders/<login>.toml of a campaign folder, given from inside the campaign folder " +
			"(phases/01/orders/alice.toml) or through it from anywhere (campaigns/<name>/phases/01/orders/alice.toml from the repository's root). " +
			"It is checked first exactly as check would (once sealed, nobody can check them before the reveal). " +
			"The campaign's campaign.toml must have [secrecy] recipient. The sealed file is bound to this file of this campaign, and padded so that its size tells nothing.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "now", Usage: "check the orders as advance would run at this time, RFC 3339 (default: the clock)"},
		},
		Action: cmdSeal,
	}
}

func cmdSeal(c *cli.Context) error {
	if c.NArg() != 1 {
		return usagef("seal needs exactly one orders file (phases/NN/orders/<login>.toml in a campaign folder), got %d arguments", c.NArg())
	}
	file := filepath.Clean(c.Args().First())
	now, err := parseNow(c)
	if err != nil {
		return err
	}
	dir, rel, err := campaignOf(file)
	if err != nil {
		return err
	}
	if !folder.IsOrdersFile(rel) {
		return usagef("%s is %s in campaign %s, not an orders file: seal takes phases/NN/orders/<login>.toml", file, rel, dir)
	}
	var faults *phase.OrdersFaultsError
	switch err := phase.SealOrders(dir, rel, secrets(now)); {
	case errors.As(err, &faults):
		return printFaults(c.App.ErrWriter, dir, faults.Err, true)
	case err != nil:
		return err
	}
	fmt.Fprintf(c.App.Writer, "sealed %s\n", file+seal.SealedExt)
	return nil
}

// campaignOf finds the campaign folder holding file by walking up to the
// folder with campaign.toml. It returns that folder (relative to the working
// directory when file was given relative) and file's slash path inside it.
func campaignOf(file string) (dir, rel string, err error) {
	abs, err := filepath.Abs(file)
	if err != nil {
		return "", "", err
	}
	for d := filepath.Dir(abs); ; d = filepath.Dir(d) {
		if st, err := os.Stat(filepath.Join(d, processor.CampaignFile)); err == nil && !st.IsDir() {
			r, _ := filepath.Rel(d, abs)
			dir = d
			if !filepath.IsAbs(file) {
				if wd, err := os.Getwd(); err == nil {
					if rd, err := filepath.Rel(wd, d); err == nil {
						dir = rd
					}
				}
			}
			return dir, filepath.ToSlash(r), nil
		}
		if filepath.Dir(d) == d {
			return "", "", usagef("%s is not in a campaign folder: no %s in any folder above it", file, processor.CampaignFile)
		}
	}
}
