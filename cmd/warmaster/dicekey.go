package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/dice"
)

// diceKeyCommand makes a secret dice key for a serious campaign: the key
// (a repository secret) and the commitment line campaign.toml publishes.
func diceKeyCommand() *cli.Command {
	return &cli.Command{
		Name:  "dice-key",
		Usage: "print a new random 256-bit dice key (for the secret WARMASTER_DICE_KEY) and its commitment line (for [dice] in campaign.toml)",
		Description: "The first line is the key: keep it secret, as the secret WARMASTER_DICE_KEY of the warmaster environment, which only the advance and doctor jobs name (on main), and publish it once the campaign is over (warmaster verify --key). " +
			"The second line goes under [dice] in campaign.toml, instead of seed.",
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usagef("dice-key takes no arguments, got %d", c.NArg())
			}
			key := dice.NewKey()
			fmt.Fprintf(c.App.Writer, "%s\ncommitment = %q\n", key, processor.KeyCommitment(key))
			fmt.Fprintln(c.App.ErrWriter, "warmaster: the first line is the dice key: put it in the secret WARMASTER_DICE_KEY, nowhere else; the second goes under [dice] in campaign.toml")
			return nil
		},
	}
}
