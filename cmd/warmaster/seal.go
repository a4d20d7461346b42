package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"

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

// ordersFileRE is a plaintext orders file, relative to its campaign folder.
var ordersFileRE = regexp.MustCompile(`^phases/[0-9]{2,3}/orders/[^/]+\.toml$`)

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
	if !ordersFileRE.MatchString(rel) {
		return usagef("%s is %s in campaign %s, not an orders file: seal takes phases/NN/orders/<login>.toml", file, rel, dir)
	}
	// The folder's lock is held from the check to the write: no advance
	// consumes the orders in between.
	edit, err := phase.OpenEdit(dir)
	if err != nil {
		return fmt.Errorf("seal: %w", err)
	}
	defer edit.Close()
	// Exactly what `check DIR FILE` says about the file: once sealed, nobody
	// can check it before the reveal. (It is read after: one too large is
	// refused by the check, where it passes its limit.)
	f, err := edit.Check(secrets(now))
	if err = processor.OnlyFiles(err, []string{rel}); err != nil {
		return printFaults(c.App.ErrWriter, dir, err, true)
	}
	plain, err := edit.ReadFile(rel)
	if err != nil {
		return fmt.Errorf("seal: %w", err)
	}
	if f == nil || f.Campaign == nil {
		return fmt.Errorf("seal: the campaign %s does not load", dir)
	}
	if f.Campaign.Recipient == "" {
		return fmt.Errorf("seal: %s has no [secrecy] recipient: this campaign does not seal orders (the Warmaster adds one to use them); nothing was written", filepath.Join(dir, processor.CampaignFile))
	}
	// Bound to this file of this campaign: a copy anywhere else does not open.
	id, err := folder.CampaignID(dir)
	if err != nil {
		return fmt.Errorf("seal: %w", err)
	}
	sealed, err := seal.Seal(plain, f.Campaign.Recipient, id, rel+seal.SealedExt)
	if err != nil {
		return err
	}
	out := file + seal.SealedExt
	// The sealed file replaces the plaintext at once: never both, never neither.
	if err := edit.Replace(rel+seal.SealedExt, sealed, rel); err != nil {
		return fmt.Errorf("seal: %w", err)
	}
	fmt.Fprintf(c.App.Writer, "sealed %s\n", out)
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
