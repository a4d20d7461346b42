package github

import (
	"context"
	"fmt"
	"strings"

	gh "github.com/google/go-github/v84/github"

	"github.com/warmaster/warmaster/processor/repository"
)

// Suggest posts, on pull request number, one review (event COMMENT) of the
// suggestions not posted yet: each a comment on its line of the file at
// commit (the pull request's head, side RIGHT) whose ```suggestion block
// the player commits in one click. What was posted before is read back
// from the pull request's review comments that a trusted login wrote
// (the token's own user or github-actions[bot]) and that carry the
// suggestion's hidden marker: a re-run of the check posts nothing again.
// With DryRun, it prints what it would post (and, with no Client, takes
// nothing to be posted yet).
func (p *Poster) Suggest(ctx context.Context, number int, commit string, list []repository.Suggestion) error {
	posted := map[string]bool{}
	if p.Client != nil {
		opts := &gh.PullRequestListCommentsOptions{ListOptions: gh.ListOptions{PerPage: 100}}
		for {
			comments, resp, err := p.Client.gh.PullRequests.ListComments(ctx, p.Client.Owner, p.Client.Repo, number, opts)
			if err != nil {
				return p.Client.explainPR(fmt.Sprintf("list the review comments of pull request #%d", number), err)
			}
			for _, c := range comments {
				if p.Client.trusts(c.User) {
					if key := markerValue(c.GetBody(), "suggestion"); key != "" {
						posted[key] = true
					}
				}
			}
			if resp.NextPage == 0 {
				break
			}
			opts.Page = resp.NextPage
		}
	}
	var comments []*gh.DraftReviewComment
	var text strings.Builder
	for _, s := range list {
		if posted[s.Key] {
			fmt.Fprintf(p.Out, "%s:%d: suggestion %s posted already\n", s.File, s.Line, s.Key)
			continue
		}
		posted[s.Key] = true
		comments = append(comments, &gh.DraftReviewComment{Path: gh.Ptr(s.File), Line: gh.Ptr(s.Line), Side: gh.Ptr("RIGHT"), Body: gh.Ptr(s.Body())})
		fmt.Fprintf(&text, "%s:%d:\n%s\n", s.File, s.Line, s.Body())
	}
	if len(comments) == 0 {
		fmt.Fprintf(p.Out, "no suggestion to post on pull request #%d\n", number)
		return nil
	}
	what := fmt.Sprintf("comment on pull request #%d: a review of %d suggested %s", number, len(comments), map[bool]string{true: "change", false: "changes"}[len(comments) == 1])
	return p.do(what, text.String(), func() error {
		req := &gh.PullRequestReviewRequest{
			Event:    gh.Ptr("COMMENT"),
			Body:     gh.Ptr("warmaster check: " + fmt.Sprint(len(comments)) + " of this pull request's mistakes have one sure fix, suggested on their lines: *Commit suggestion* applies each."),
			Comments: comments,
		}
		if commit != "" {
			req.CommitID = gh.Ptr(commit)
		}
		_, _, err := p.Client.gh.PullRequests.CreateReview(ctx, p.Client.Owner, p.Client.Repo, number, req)
		return p.Client.explainPR(fmt.Sprintf("post the suggestions on pull request #%d", number), err)
	})
}

// explainPR is explain for the pull request's endpoints, whose permission
// is pull-requests: write.
func (c *Client) explainPR(what string, err error) error {
	err = c.explain(what, err)
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s", strings.Replace(err.Error(), "the token needs issues: write on this repository (in a workflow: `permissions: issues: write`)", "the token needs pull-requests: write on this repository (in a workflow: `permissions: pull-requests: write`)", 1))
}
