package main

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/report"
	"github.com/warmaster/warmaster/processor/repository"
)

// repoRoot is a repository command's one optional argument: the work
// tree's folder (default: here).
func repoRoot(c *cli.Context) (string, error) {
	switch c.NArg() {
	case 0:
		return ".", nil
	case 1:
		return c.Args().First(), nil
	}
	return "", usagef("%s takes at most one folder, the repository's, got %d arguments", c.Command.Name, c.NArg())
}

// campaignsCommand lists the declared campaigns.
func campaignsCommand() *cli.Command {
	return &cli.Command{
		Name:      "campaigns",
		Usage:     "list the campaign folders the repository declares in " + repository.RegistryFile + ", one a line (what the workflows check and advance)",
		ArgsUsage: "[ROOT]",
		Action: func(c *cli.Context) error {
			root, err := repoRoot(c)
			if err != nil {
				return err
			}
			data, err := repository.ReadRegistryFile(root)
			if errors.Is(err, os.ErrNotExist) {
				return fmt.Errorf("%s has no %s: the repository's Warmaster declares its campaigns there, e.g. warmasters = [\"alice\"] and campaigns = [\"campaigns/spring\"]", root, repository.RegistryFile)
			} else if err != nil {
				return err
			}
			r, err := repository.ParseRegistry(data)
			if err != nil {
				return printFaults(c.App.ErrWriter, root, err, false)
			}
			for _, d := range r.Campaigns {
				fmt.Fprintln(c.App.Writer, d)
			}
			return nil
		},
	}
}

// checkChangesCommand is the pull-request check of a campaign repository.
func checkChangesCommand() *cli.Command {
	return &cli.Command{
		Name:      "check-changes",
		Usage:     "check a pull request's changes to a campaign repository, with its author's rights read from the base: the repository's own files, then each declared campaign it touches (check and plan; replay when it touches what Warmaster wrote)",
		ArgsUsage: "[ROOT]",
		Description: "ROOT (default .) is a git work tree holding --head. It judges every file changed between --base and the head with LOGIN's rights, reading who the Warmasters are and which campaigns are played from --base's .github/warmaster.toml, never from the changes; " +
			"then checks each declared campaign the changes touch as check --actor does, over exactly its changed files (deleted ones too), and, when it has no fault, shows its plan — replaying it first when the changes touch a file Warmaster wrote or one of the Warmaster's (advance replays the whole campaign before it applies a step). " +
			"What check notes of a changed file without refusing it (a fleet left out, a void confirmation, an alternate that could never be used) is printed as a note (with --format github, a notice on the file's line). " +
			"File names come from git, never from the command line.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "base", Usage: "the revision the changes are made to: a pull request's base (HEAD^1 of its merge commit), a merge queue's base; the registry is read from it (required)"},
			&cli.StringFlag{Name: "head", Value: "HEAD", Usage: "the revision holding the changes, checked out in the work tree"},
			&cli.StringFlag{Name: "actor", Usage: "GitHub login of who made the changes: refuse what they may not change (without it, nobody's rights are checked: a merge queue's group)"},
			&cli.StringFlag{Name: "pushed-by", Usage: "GitHub login of who pushed the pull request's head or set off its check (the event's sender), when not --actor: the changes are judged with both logins' rights, and pass only what each may change"},
			&cli.StringFlag{Name: "now", Usage: "check and plan as advance would run at this time, RFC 3339 (default: the clock)"},
			formatFlag(),
		},
		Action: cmdCheckChanges,
	}
}

func cmdCheckChanges(c *cli.Context) error {
	root, err := repoRoot(c)
	if err != nil {
		return err
	}
	if c.String("base") == "" {
		return usagef("check-changes needs --base, the revision the changes are made to (e.g. HEAD^1)")
	}
	actor, now, format, err := checkFlags(c)
	if err != nil {
		return err
	}
	pushedBy := processor.Login(c.String("pushed-by"))
	switch {
	case c.IsSet("pushed-by") && pushedBy == "":
		return usagef("--pushed-by needs a GitHub login (leave the flag out when the author pushed)")
	case pushedBy != "" && actor == "":
		return usagef("--pushed-by needs --actor, the pull request's author, whose pull request it was pushed to")
	}
	rep, err := repository.CheckChanges(root, repository.Options{
		Base: c.String("base"), Head: c.String("head"), Actor: actor, PushedBy: pushedBy, Run: secrets(now),
	})
	if err != nil {
		return err
	}
	w := c.App.Writer
	var invalid error
	if len(rep.Faults) > 0 {
		invalid = &processor.InvalidError{Faults: rep.Faults}
		n := report.Plural(len(rep.Faults), "problem", "problems")
		if format == formatGitHub {
			writeAnnotations(workflowCommands(w), rep.Faults)
			fmt.Fprintln(c.App.ErrWriter, n)
		} else {
			for _, f := range rep.Faults {
				fmt.Fprintln(c.App.ErrWriter, f.String())
			}
			fmt.Fprintln(c.App.ErrWriter, n)
		}
	}
	layout := layoutLine(rep.Faults)
	if layout != "" {
		fmt.Fprintln(c.App.ErrWriter, layout)
	}
	var md strings.Builder
	if len(rep.Faults) > 0 {
		md.WriteString(faultTable("warmaster check-changes: "+report.Plural(len(rep.Faults), "problem", "problems"), rep.Faults))
		md.WriteString("\n")
		if layout != "" {
			md.WriteString(layout + "\n\n")
		}
	}
	if len(rep.Campaigns) == 0 {
		line := fmt.Sprintf("No campaign folder changed (%s outside them).", report.Plural(len(rep.Changed), "file", "files"))
		fmt.Fprintln(w, line)
		md.WriteString(line + "\n")
	}
	for _, cr := range rep.Campaigns {
		status := "ok"
		if cr.Faults > 0 {
			status = report.Plural(cr.Faults, "problem", "problems")
		}
		fmt.Fprintf(w, "%s: %s (%s)\n", cr.Dir, status, report.Plural(len(cr.Files), "changed file", "changed files"))
		// Notes refuse nothing: what a player should know of their file.
		if format == formatGitHub {
			writeLevel(workflowCommands(w), "notice", cr.Notes)
		}
		for _, n := range cr.Notes {
			fmt.Fprintf(c.App.ErrWriter, "note: %s\n", n.String())
			fmt.Fprintf(&md, "- note: `%s`: %s\n", report.Plain(n.File), report.Plain(n.Message))
		}
		if cr.Replay != "" {
			fmt.Fprintf(w, "%s: %s\n", cr.Dir, cr.Replay)
		}
		if cr.Plan != "" {
			fmt.Fprint(w, cr.Plan)
			md.WriteString(cr.Plan)
		} else {
			fmt.Fprintln(w, cr.NoPlan)
			fmt.Fprintf(&md, "**%s**: %s\n", report.Plain(cr.Dir), report.Plain(cr.NoPlan))
		}
		// The campaign's own faults, in files the changes do not touch:
		// said, never this pull request's to fail on.
		for _, f := range cr.Campaign {
			fmt.Fprintf(w, "%s: the campaign's, not these changes': %s\n", cr.Dir, f.String())
			fmt.Fprintf(&md, "- the campaign's, not these changes': `%s`: %s\n", report.Plain(f.File), report.Plain(f.Message))
		}
		md.WriteString("\n")
	}
	for _, d := range rep.Undeclared {
		line := fmt.Sprintf("%s has a campaign.toml but %s does not declare it: advance will not process it.", d, repository.RegistryFile)
		fmt.Fprintln(w, line)
		md.WriteString("**Not played:** " + report.Plain(line) + "\n") // a fixed start: a folder's name could begin a heading or a list
	}
	if summary := os.Getenv("GITHUB_STEP_SUMMARY"); format == formatGitHub && summary != "" {
		appendSummary(c, summary, md.String())
	}
	return invalid
}
