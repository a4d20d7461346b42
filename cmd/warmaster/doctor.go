package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/warmaster/warmaster/processor/github"
	"github.com/warmaster/warmaster/processor/report"
)

func doctorCommand() *cli.Command {
	return &cli.Command{
		Name:      "doctor",
		Usage:     "check that the campaign repository is set up as the organisers' guide asks, on GitHub too; each finding says what to click or type",
		ArgsUsage: "[ROOT]",
		Description: "ROOT (default .) is the repository's work tree: the registry must be valid, each declared campaign there and passing check, no folder with a campaign.toml left undeclared, every action the workflows use named at a release or a commit. " +
			"With GITHUB_TOKEN, on GitHub (--repo): the warmaster environment deployable from the default branch alone, holding the secrets the campaigns need (WARMASTER_DICE_KEY with a [dice] commitment, WARMASTER_AGE_IDENTITY with [secrecy], WARMASTER_PUSH_TOKEN; names only, never values); " +
			"the default branch requiring the check status, code owners' review, up-to-date branches or a merge queue, approval of the most recent reviewable push, and dismissing stale approvals; CODEOWNERS without errors; " +
			"every Warmaster and player a collaborator with write access, invitation accepted; the workflows' token read-only by default; and, given WARMASTER_PUSH_TOKEN, that token able to push and not expiring before the campaigns' last deadline. " +
			"What the token may not read is listed as not checked. Exit status 1 when it finds a problem. With --report-issue it also comments the findings on each campaign's issue when they changed (the workflow's weekly run).",
		Flags: append(repoFlags(),
			&cli.StringFlag{Name: "now", Usage: "check the campaigns as advance would run at this time, RFC 3339 (default: the clock)"},
			&cli.BoolFlag{Name: "report-issue", Usage: "comment the findings on each declared campaign's issue, when they differ from doctor's last comment there"},
		),
		Action: cmdDoctor,
	}
}

func cmdDoctor(c *cli.Context) error {
	root, err := repoRoot(c)
	if err != nil {
		return err
	}
	now, err := parseNow(c)
	if err != nil {
		return err
	}
	ctx := context.Background()
	d := &github.Doctor{Root: root, Options: secrets(now)}
	token := os.Getenv("GITHUB_TOKEN")
	var repo, api string
	if token != "" || c.IsSet("repo") {
		if repo, api, err = gitHubRepo(c); err != nil {
			return err
		}
	}
	var poster *github.Client
	if token != "" {
		if poster, err = github.New(ctx, repo, token, api); err != nil {
			return err
		}
		d.Client = poster
		// A read-only token that may read the settings (the workflow's
		// own may not): doctor reads with it, and posts with GITHUB_TOKEN.
		if reader := os.Getenv("WARMASTER_DOCTOR_TOKEN"); reader != "" {
			if d.Client, err = github.New(ctx, repo, reader, api); err != nil {
				return err
			}
		}
		if push := os.Getenv("WARMASTER_PUSH_TOKEN"); push != "" {
			if d.Push, err = github.New(ctx, repo, push, api); err != nil {
				return err
			}
		}
	}
	findings := d.Run(ctx)
	if d.Client == nil {
		findings = append(findings, github.Finding{Area: "GitHub", Unchecked: true, Problem: "no GITHUB_TOKEN: the repository's settings on GitHub are not checked",
			Fix: "run `GITHUB_TOKEN=<a token> warmaster doctor --repo owner/name` (a fine-grained token for the repository with Administration, Environments, Secrets and Metadata: read)"})
	}
	problems := 0
	w := c.App.Writer
	var md strings.Builder
	for _, f := range findings {
		fmt.Fprintln(w, f.String())
		mark := "**Problem**"
		if f.Unchecked {
			mark = "Not checked"
		} else {
			problems++
		}
		fmt.Fprintf(&md, "- %s — %s: %s\n  - What to do: %s\n", mark, report.Plain(f.Area), quiet(f.Problem), quiet(f.Fix))
	}
	summary := "everything the organisers' guide asks is in place"
	if problems > 0 {
		summary = report.Plural(problems, "problem", "problems") + " to mend"
	}
	if n := len(findings) - problems; n > 0 {
		summary += fmt.Sprintf(" (%d not checked)", n)
	}
	fmt.Fprintf(w, "warmaster doctor: %s\n", summary)
	if c.Bool("report-issue") && d.Client != nil {
		text := "**warmaster doctor**: " + summary + ".\n\n" + md.String()
		if problems > 0 {
			text += "\nRun `warmaster doctor --repo " + repo + "` on your computer (with GITHUB_TOKEN) to check again after mending.\n"
		}
		sum := sha256.Sum256([]byte(md.String()))
		reg, err := readRegistry(root)
		if err == nil {
			p := &github.Poster{Client: poster, Out: w}
			if err := p.Report(ctx, reg.Campaigns, text, "sha256:"+hex.EncodeToString(sum[:]), problems == 0); err != nil {
				return err
			}
		}
	}
	if problems > 0 {
		return fmt.Errorf("doctor: %s", report.Plural(problems, "problem", "problems"))
	}
	return nil
}

// quiet makes doctor's own text safe in a comment, keeping its `code`: no
// @-mention (a word joiner after the @), no HTML, one line.
func quiet(s string) string {
	return strings.NewReplacer("@", "@\u2060", "<", "&lt;", ">", "&gt;", "\n", " ").Replace(s)
}
