package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/warmaster/warmaster/processor/simulate"
	"github.com/warmaster/warmaster/schema"
)

// simulateCommand writes a random but legal campaign and plays it to the end.
func simulateCommand() *cli.Command {
	return &cli.Command{
		Name:      "simulate",
		Usage:     "write a random but legal campaign into DIR and play it to the end with bot players, running the real advance between steps",
		ArgsUsage: "DIR",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "seed", Value: "1", Usage: "the same seed writes the same campaign, byte for byte (with --age-identity, the same campaign, its sealed files aside)"},
			&cli.IntFlag{Name: "planets", Value: 13, Usage: "planets on the map (at least 8)"},
			&cli.IntFlag{Name: "alliances", Value: 3, Usage: "Alliances (at least 2)"},
			&cli.IntFlag{Name: "players", Usage: "players (default: 2 per Alliance)"},
			&cli.IntFlag{Name: "fleets", Usage: "fleets (default: 1 per player)"},
			&cli.IntFlag{Name: "phases", Value: 6, Usage: "Campaign phases"},
			&cli.StringSliceFlag{Name: "forced-event", Usage: "PHASE:EVENT, e.g. 1:cult-uprisings: a [[forced_events]] entry of the campaign (repeatable)"},
			&cli.StringFlag{Name: "dice-key", Usage: "a secret dice key the campaign commits to ([dice] commitment) instead of a public seed; replay and verify then need it (WARMASTER_DICE_KEY, --key)"},
			&cli.StringFlag{Name: "age-identity", Usage: "a secret age identity (AGE-SECRET-KEY-1…): the campaign seals orders to its recipient ([secrecy] recipient), most players theirs, and advance reveals them at 2.1; replay then needs it (WARMASTER_AGE_IDENTITY)"},
		},
		Action: func(c *cli.Context) error {
			dir, err := oneDir(c)
			if err != nil {
				return err
			}
			p := simulate.Params{Seed: c.String("seed"), Planets: c.Int("planets"), Alliances: c.Int("alliances"),
				Players: c.Int("players"), Fleets: c.Int("fleets"), Phases: c.Int("phases"), Skip: 0.1, DiceKey: c.String("dice-key"), AgeIdentity: c.String("age-identity")}
			for _, s := range c.StringSlice("forced-event") {
				e, err := simulate.ParseForcedEvent(s)
				if err != nil {
					return usagef("%v", err)
				}
				p.Forced = append(p.Forced, e)
			}
			var progress io.Writer
			if isTerminal(c.App.ErrWriter) {
				progress = c.App.ErrWriter // progress only where a person watches
			}
			schema.Remember(rememberBytes) // the bots and advance load the campaign at every step
			if err := simulate.Run(dir, p, nil, progress); err != nil {
				// What the bots wrote and Warmaster refused (a set-up past
				// its file's size, say): said as every command says it.
				return printFaults(c.App.ErrWriter, dir, err, false)
			}
			var with []string
			if p.DiceKey != "" {
				with = append(with, "WARMASTER_DICE_KEY set to the dice key")
			}
			if p.AgeIdentity != "" {
				with = append(with, "WARMASTER_AGE_IDENTITY set to the age identity")
			}
			how := "`warmaster replay` verifies it"
			if len(with) > 0 {
				how = "`warmaster replay`, with " + strings.Join(with, " and ") + ", verifies it"
			}
			fmt.Fprintf(c.App.Writer, "simulated %s: played to the end; %s\n", dir, how)
			return nil
		},
	}
}

// isTerminal reports whether w is a terminal (and not CI): long runs show
// progress there and stay quiet in logs.
func isTerminal(w io.Writer) bool {
	f, ok := unwrap(w).(*os.File)
	if !ok || os.Getenv("CI") != "" {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// rememberBytes bounds the source bytes of decoded files simulate and
// replay keep while they load the same campaign run after run.
const rememberBytes = 32 << 20
