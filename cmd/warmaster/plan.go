package main

import (
	"fmt"

	"github.com/urfave/cli/v2"
	"github.com/warmaster/warmaster/processor/phase"
)

// planCommand shows what advance would do now, without writing.
func planCommand() *cli.Command {
	return &cli.Command{
		Name:      "plan",
		Usage:     "show in Markdown what advance would do now, without writing: the steps, the files it would write, and where things would stand",
		ArgsUsage: "DIR",
		Description: "With faults that advance would stop at, it says so, lists them, and shows where things stand, the awaited files with faults marked faulty; " +
			"the faults are printed on stderr as well, as check prints them (exit 1).",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "now", Usage: "plan as advance would run at this time, RFC 3339 (default: the clock)"},
		},
		Action: func(c *cli.Context) error {
			dir, opt, err := dirAndOptions(c)
			if err != nil {
				return err
			}
			// With faults, the plan says advance would refuse, with where
			// things stand; the faults go to stderr as well, as check has them.
			p, err := phase.Plan(dir, opt)
			if p != nil {
				fmt.Fprint(c.App.Writer, p.Markdown(dir))
			}
			if err != nil {
				return printFaults(c.App.ErrWriter, dir, err, false)
			}
			return nil
		},
	}
}
