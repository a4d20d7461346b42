package main

import (
	"context"
	"fmt"
	"os"

	"github.com/urfave/cli/v2"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/github"
	"github.com/warmaster/warmaster/processor/repository"
)

// suggestCommand posts the pull-request check's suggested changes.
func suggestCommand() *cli.Command {
	return &cli.Command{
		Name:      "suggest",
		Usage:     "post, on a pull request, a suggested change for each mistake the check found that has one sure fix (curly quotes, a misspelt id with one \"did you mean\", a file to rename), which the player commits in one click",
		ArgsUsage: "[ROOT]",
		Description: "ROOT (default .) is the git work tree the pull-request check ran in, holding --head. It checks the changes as check-changes does (the same flags), and makes a review comment for each fault with one sure fix on a line the pull request changed: " +
			"curly quotes, every line of a file refused for them, with straight quotes; a misspelt id or key whose \"did you mean\" names one, that one in its place; a file Warmaster reads under another name, a comment naming that path (GitHub's suggestions change lines, never a file's name), unless another file of the pull request is meant to have it too. " +
			"They are posted as one review (COMMENT) of pull request --pull-request at --commit, with the token in GITHUB_TOKEN (a workflow's, with pull-requests: write); each carries a hidden marker, and the review comments the token's own user or github-actions[bot] posted before are read first, so a re-run posts none twice. " +
			"Nothing of the pull request is run. The exit status is 0 when every suggestion is posted (or there is none), whatever the check found: the check itself fails the pull request.",
		Flags: append(repoFlags(),
			&cli.StringFlag{Name: "base", Usage: "the revision the changes are made to, as check-changes --base (required)"},
			&cli.StringFlag{Name: "head", Value: "HEAD", Usage: "the revision checked, as check-changes --head (a pull request's merge commit)"},
			&cli.StringFlag{Name: "commit", Usage: "the pull request's head commit, whose lines the comments are on (default: the second parent of --head when it is a merge commit, else --head)"},
			&cli.IntFlag{Name: "pull-request", Usage: "the pull request's number (required unless --dry-run)"},
			&cli.StringFlag{Name: "actor", Usage: "as check-changes --actor"},
			&cli.StringFlag{Name: "pushed-by", Usage: "as check-changes --pushed-by"},
			&cli.StringFlag{Name: "now", Usage: "as check-changes --now"},
			&cli.BoolFlag{Name: "dry-run", Usage: "print what would be posted; post nothing (needs no token)"},
		),
		Action: cmdSuggest,
	}
}

func cmdSuggest(c *cli.Context) error {
	// The token is for GitHub alone: out of the environment of the replays
	// and of any earlier warmaster release the check runs.
	token := os.Getenv("GITHUB_TOKEN")
	os.Unsetenv("GITHUB_TOKEN")
	root, err := repoRoot(c)
	if err != nil {
		return err
	}
	if c.String("base") == "" {
		return usagef("suggest needs --base, the revision the changes are made to (e.g. HEAD^1)")
	}
	number := c.Int("pull-request")
	dry := c.Bool("dry-run")
	if number <= 0 && (!dry || c.IsSet("pull-request")) {
		return usagef("suggest needs --pull-request, the pull request's number (a positive number)")
	}
	if c.IsSet("actor") && c.String("actor") == "" {
		return usagef("--actor needs a GitHub login (leave the flag out to check nobody's rights)")
	}
	if c.IsSet("pushed-by") && c.String("pushed-by") == "" {
		return usagef("--pushed-by needs a GitHub login (leave the flag out when the author pushed)")
	}
	now, err := parseNow(c)
	if err != nil {
		return err
	}
	if token == "" && !dry {
		return usagef("suggest needs a token in GITHUB_TOKEN (in a workflow: the warmaster action's token input, with permissions: pull-requests: write); --dry-run needs none")
	}
	repo, api, err := "", "", nil
	if token != "" {
		if repo, api, err = gitHubRepo(c); err != nil {
			return err
		}
	}
	ctx := context.Background()
	p := &github.Poster{DryRun: dry, Out: c.App.Writer}
	if token != "" {
		if p.Client, err = github.New(ctx, repo, token, api); err != nil {
			return err
		}
	}
	rep, err := repository.CheckChanges(root, repository.Options{
		Base: c.String("base"), Head: c.String("head"), Actor: processor.Login(c.String("actor")), PushedBy: processor.Login(c.String("pushed-by")), Run: secrets(now),
	})
	if err != nil {
		return err
	}
	commit := c.String("commit")
	if commit == "" {
		commit = rep.Head
		if second, err := (repository.Git{Dir: root}).Commit(rep.Head + "^2"); err == nil {
			commit = second
		}
	}
	list, skipped, err := repository.Suggestions(root, rep, commit)
	if err != nil {
		return err
	}
	for _, s := range skipped {
		fmt.Fprintln(c.App.Writer, s)
	}
	if number <= 0 {
		fmt.Fprintf(c.App.Writer, "(no --pull-request: the pull request's number is shown as #0)\n")
	}
	if err := p.Suggest(ctx, number, commit, list); err != nil {
		return err
	}
	return nil
}
