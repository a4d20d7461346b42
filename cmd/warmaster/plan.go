package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/warmaster/warmaster/processor"
)

// planCommand shows what advance would do now, without writing.
func planCommand() *cli.Command {
	return &cli.Command{
		Name:      "plan",
		Usage:     "show in Markdown what advance would do now, without writing: the steps, the files it would write, and where things would stand",
		ArgsUsage: "DIR",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "now", Usage: "plan as advance would run at this time, RFC 3339 (default: the clock)"},
		},
		Action: func(c *cli.Context) error {
			dir, opt, err := dirAndOptions(c)
			if err != nil {
				return err
			}
			p, err := processor.Plan(dir, opt)
			if err != nil {
				return printFaults(c.App.ErrWriter, dir, err, false)
			}
			fmt.Fprint(c.App.Writer, p.Markdown(dir))
			return nil
		},
	}
}
