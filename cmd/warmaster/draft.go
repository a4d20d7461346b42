package main

import (
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/phase"
)

// draftCommand prints, or writes, ready-to-edit drafts of awaited inputs.
func draftCommand() *cli.Command {
	return &cli.Command{
		Name:      "draft",
		Usage:     "print a ready-to-edit draft of each awaited input FILE: every key, the legal choices as comments, the values the rules apply by default",
		ArgsUsage: "[--write] DIR FILE...",
		Description: "FILEs are the files the campaign awaits now, as status lists them (paths relative to DIR, or through it); a FILE that is not awaited is refused (exit 2) naming what is, and, for a player's file of a later step of this phase (moves while the battles are played), the step whose draft brings it: such a file may be written by hand before then. " +
			"Drafts of orders, moves, builds and event choices pass check as they are; drafts of results, set-ups and a tie-break leave the values only a player knows empty, and check refuses them until they are filled in. " +
			"--write never writes over a file (then nothing is written, exit 1); a file that holds its draft already, byte for byte, is left as it is (a run killed after writing it, run again).",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "write", Usage: "write each draft to its FILE in DIR instead, never over an existing file"},
		},
		Action: cmdDraft,
	}
}

func cmdDraft(c *cli.Context) error {
	if c.NArg() < 2 {
		return usagef("draft needs a campaign folder and one or more awaited files (`warmaster status DIR` lists them), got %d arguments", c.NArg())
	}
	dir := c.Args().First()
	files, err := relFiles(dir, c.Args().Slice()[1:])
	if err != nil {
		return err
	}
	drafts, err := phase.Drafts(dir, files)
	var notAwaited *processor.NotAwaitedError
	switch {
	case errors.As(err, &notAwaited):
		return refusedError{err}
	case err != nil:
		return printFaults(c.App.ErrWriter, dir, err, false)
	}
	w := c.App.Writer
	if !c.Bool("write") {
		for i, d := range drafts {
			if len(drafts) > 1 {
				if i > 0 {
					fmt.Fprintln(w)
				}
				fmt.Fprintf(w, "==> %s <==\n", path.Join(filepath.ToSlash(dir), d.File))
			}
			fmt.Fprint(w, d.Text)
		}
		return nil
	}
	held, err := phase.WriteDrafts(dir, drafts)
	if err != nil {
		return err
	}
	for _, d := range drafts {
		if slices.Contains(held, d.File) {
			fmt.Fprintf(w, "%s already holds this draft", path.Join(filepath.ToSlash(dir), d.File))
		} else {
			fmt.Fprintf(w, "wrote %s", path.Join(filepath.ToSlash(dir), d.File))
		}
		if len(d.Fill) > 0 {
			fmt.Fprintf(w, ": fill in %s (check refuses it until then)", strings.Join(d.Fill, ", "))
		}
		fmt.Fprintln(w)
	}
	return nil
}
