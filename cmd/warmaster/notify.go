package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/github"
	"github.com/warmaster/warmaster/processor/phase"
	"github.com/warmaster/warmaster/processor/repository"
)

// repoFlags are the flags of the commands that talk to GitHub.
func repoFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "repo", Usage: "the GitHub repository, owner/name (default: $GITHUB_REPOSITORY, which a workflow has)"},
		&cli.StringFlag{Name: "api-url", Usage: "GitHub's REST API (default: $GITHUB_API_URL, else https://api.github.com)"},
	}
}

// gitHubRepo reads --repo (or $GITHUB_REPOSITORY) and the API's address.
func gitHubRepo(c *cli.Context) (repo, api string, err error) {
	repo = c.String("repo")
	if repo == "" {
		repo = os.Getenv("GITHUB_REPOSITORY")
	}
	if repo == "" {
		return "", "", usagef("%s needs --repo owner/name (in a workflow, GITHUB_REPOSITORY gives it)", c.Command.Name)
	}
	api = c.String("api-url")
	if api == "" {
		api = os.Getenv("GITHUB_API_URL")
	}
	return repo, api, nil
}

// runURL is the workflow run this is, when in one.
func runURL() string {
	server, repo, id := os.Getenv("GITHUB_SERVER_URL"), os.Getenv("GITHUB_REPOSITORY"), os.Getenv("GITHUB_RUN_ID")
	if server == "" || repo == "" || id == "" {
		return ""
	}
	return server + "/" + repo + "/actions/runs/" + id
}

func notifyCommand() *cli.Command {
	return &cli.Command{
		Name:      "notify",
		Usage:     "tell everyone on GitHub: keep each declared campaign's issue saying where it stands, comment each step applied and remind those awaited; or tell the Warmasters a run failed",
		ArgsUsage: "[ROOT]",
		Description: "ROOT (default .) is the repository's work tree. For each campaign " + repository.RegistryFile + " declares, one issue, labelled warmaster:<folder's name> and pinned, says in its title the phase, step and next deadline, and in its body the awaited files, each with its links and its players @-mentioned " +
			"(a player with mentions = false in campaign.toml is named without the @). When the campaign moved on since the issue last said, one comment says what happened (the steps in --applied, as advance printed them) with the report's link and mentions who must act next; " +
			"48 and 12 hours before a deadline, one reminder mentions those still awaited, each once; once the campaign is over the issue says who won and closes. " +
			"With --failed, instead, it opens or updates the issue labelled " + github.FailureLabel + ", mentioning the registry's Warmasters, with the message in the files; with --resolved it closes that issue. " +
			"The token is GITHUB_TOKEN (a workflow's, with issues: write). Everything posted is made from the campaign's files and --now; what warmaster posted before is read back from hidden markers in the issues and comments that the token's own user or github-actions[bot] wrote, never from anyone else's. " +
			"--dry-run prints what it would post (without a token: as a first run would).",
		Flags: append(repoFlags(),
			&cli.StringFlag{Name: "branch", Usage: "the branch the links open files on, when campaign.toml has no [github] (default: $GITHUB_REF_NAME, else main)"},
			&cli.StringFlag{Name: "now", Usage: "the time reminders are judged at, RFC 3339 (default: the clock)"},
			&cli.BoolFlag{Name: "dry-run", Usage: "print what would be posted; post nothing"},
			&cli.StringFlag{Name: "applied", Usage: "the advance workflow's file of applied steps (lines FOLDER<TAB>applied …), which the step comments list"},
			&cli.StringSliceFlag{Name: "failed", Usage: "a file holding what the failed run printed (may be repeated; a missing file is skipped): open or update the failure issue instead"},
			&cli.BoolFlag{Name: "resolved", Usage: "close the failure issue, if open: the run succeeded"},
		),
		Action: cmdNotify,
	}
}

func cmdNotify(c *cli.Context) error {
	root, err := repoRoot(c)
	if err != nil {
		return err
	}
	repo, api, err := gitHubRepo(c)
	if err != nil {
		return err
	}
	now, err := parseNow(c)
	if err != nil {
		return err
	}
	if c.IsSet("failed") && c.Bool("resolved") {
		return usagef("notify takes --failed or --resolved, not both")
	}
	reg, err := readRegistry(root)
	if err != nil && !c.IsSet("failed") {
		return err
	}
	ctx := context.Background()
	p := &github.Poster{DryRun: c.Bool("dry-run"), Out: c.App.Writer, Gap: time.Second}
	token := os.Getenv("GITHUB_TOKEN")
	switch {
	case token != "":
		if p.Client, err = github.New(ctx, repo, token, api); err != nil {
			return err
		}
	case !p.DryRun:
		return usagef("notify needs a token in GITHUB_TOKEN (in a workflow: env: GITHUB_TOKEN: ${{ github.token }}, with permissions: issues: write); --dry-run needs none")
	}

	if c.IsSet("failed") {
		var msg strings.Builder
		for _, f := range c.StringSlice("failed") {
			data, err := os.ReadFile(f)
			if errors.Is(err, os.ErrNotExist) {
				continue
			} else if err != nil {
				return err
			}
			msg.Write(data)
			if len(data) > 0 && !strings.HasSuffix(msg.String(), "\n") {
				msg.WriteString("\n")
			}
		}
		// A registry that cannot be read is the failure, maybe: the issue
		// opens all the same, mentioning nobody.
		var warmasters []processor.Login
		if reg != nil {
			warmasters = reg.Warmasters
		} else {
			fmt.Fprintf(&msg, "(and %s cannot be read, so this issue mentions no Warmaster: %v)\n", repository.RegistryFile, err)
		}
		return p.Failure(ctx, warmasters, msg.String(), runURL())
	}
	if c.Bool("resolved") {
		return p.Resolved(ctx, runURL())
	}

	applied, err := readApplied(c.String("applied"))
	if err != nil {
		return err
	}
	branch := c.String("branch")
	if branch == "" {
		branch = os.Getenv("GITHUB_REF_NAME")
	}
	if branch == "" {
		branch = "main"
	}
	var failed []string
	for _, dir := range reg.Campaigns {
		st, err := phase.Stand(filepath.Join(root, filepath.FromSlash(dir)), &processor.GitHub{Repository: repo, Branch: branch, Path: dir}, now)
		if err != nil {
			fmt.Fprintf(c.App.ErrWriter, "%s: %v\n", dir, err)
			failed = append(failed, dir)
			continue
		}
		fmt.Fprintf(c.App.Writer, "%s:\n", dir)
		if err := p.Campaign(ctx, github.NewNotice(dir, st, st.GitHub), now, applied[dir]); err != nil {
			fmt.Fprintf(c.App.ErrWriter, "%s: %v\n", dir, err)
			failed = append(failed, dir)
		}
	}
	if len(failed) > 0 {
		return fmt.Errorf("notify: %s not brought up to date", strings.Join(failed, ", "))
	}
	return nil
}

// readRegistry reads and parses ROOT's registry.
func readRegistry(root string) (*repository.Registry, error) {
	data, err := repository.ReadRegistryFile(root)
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%s has no %s: the repository's Warmaster declares its campaigns there, e.g. warmasters = [\"alice\"] and campaigns = [\"campaigns/spring\"]", root, repository.RegistryFile)
	} else if err != nil {
		return nil, err
	}
	return repository.ParseRegistry(data)
}

// readApplied reads the advance workflow's applied steps, per folder: the
// text after "applied ".
func readApplied(file string) (map[string][]string, error) {
	out := map[string][]string{}
	if file == "" {
		return out, nil
	}
	f, err := os.Open(file)
	if errors.Is(err, os.ErrNotExist) {
		return out, nil
	} else if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(io.LimitReader(f, 16<<20))
	for sc.Scan() {
		dir, text, ok := strings.Cut(sc.Text(), "\t")
		if rest, applied := strings.CutPrefix(text, "applied "); ok && applied {
			out[dir] = append(out[dir], rest)
		}
	}
	return out, sc.Err()
}
