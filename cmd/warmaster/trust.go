package main

import (
	"fmt"
	"os"
	"time"

	"github.com/urfave/cli/v2"
	"github.com/warmaster/warmaster/processor/trust"
	"github.com/warmaster/warmaster/schema"
)

// replayCommand recomputes a campaign from its journal and compares.
func replayCommand() *cli.Command {
	return &cli.Command{
		Name:      "replay",
		Usage:     "recompute the campaign from its set-up and the inputs in journal.toml, and compare every processor-written file byte for byte",
		ArgsUsage: "DIR",
		Description: "It reruns the journal's runs at their recorded times: a hand edit of state.toml, journal.toml, a report or a battle sheet, or an input changed after a step used it, is a fault naming the file and line. " +
			"A deadline moved or [github] changed since a run is not a hand edit: the journal records what each run saw. A run an earlier warmaster applied is replayed by that version (--release). It needs the secrets advance had (WARMASTER_DICE_KEY, WARMASTER_AGE_IDENTITY); without them it says it is skipped and exits 0.",
		Flags: []cli.Flag{formatFlag(), releaseFlag()},
		Action: func(c *cli.Context) error {
			dir, err := oneDir(c)
			if err != nil {
				return err
			}
			format, err := faultFormat(c)
			if err != nil {
				return err
			}
			given, err := givenReleases(c)
			if err != nil {
				return err
			}
			opt := secrets(time.Time{})
			opt.Release = releaseFinder(given)
			if isTerminal(c.App.ErrWriter) {
				opt.Progress = c.App.ErrWriter
			}
			schema.Remember(rememberBytes) // replay loads the campaign once a run
			res, err := trust.Replay(dir, opt)
			if err != nil {
				return reportFaults(c, format, dir, err, false)
			}
			if res.Skipped != "" {
				fmt.Fprintf(c.App.Writer, "%s: replay skipped: %s\n", dir, res.Skipped)
				return nil
			}
			fmt.Fprintf(c.App.Writer, "%s: %s\n", dir, res.Summary(""))
			return nil
		},
	}
}

// verifyCommand re-rolls every die in every report with the published key.
func verifyCommand() *cli.Command {
	return &cli.Command{
		Name:        "verify",
		Usage:       "re-roll every die in every report with the dice key (published after the campaign) and check each die against the journal: its kind, its result, how many each step rolled",
		ArgsUsage:   "DIR",
		Description: "Every die at fault is named with its report, line and label. A campaign with a public seed needs no --key.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "key", Usage: "the secret dice key whose SHA-256 is campaign.toml's [dice] commitment (default: $WARMASTER_DICE_KEY for such a campaign, the public seed for the others)"},
		},
		Action: func(c *cli.Context) error {
			dir, err := oneDir(c)
			if err != nil {
				return err
			}
			res, err := trust.VerifyWith(dir, c.String("key"), os.Getenv("WARMASTER_DICE_KEY"))
			if err != nil {
				return printFaults(c.App.ErrWriter, dir, err, false)
			}
			fmt.Fprintf(c.App.Writer, "%s: %d dice in %d reports re-rolled: every one matches\n", dir, res.Dice, res.Reports)
			if res.Unrecorded > 0 {
				fmt.Fprintf(c.App.Writer, "%s: %d of them were rolled by steps journaled before warmaster recorded each step's dice: how many each step rolled, and of which kind, could not be checked\n", dir, res.Unrecorded)
			}
			return nil
		},
	}
}
