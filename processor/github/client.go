// Package github is what warmaster says on GitHub and reads from it:
// the campaign's issue that always says where the campaign stands, with
// its step comments and reminders (notify.go), the issue that tells the
// Warmasters a run failed (failure.go), and what `warmaster doctor` reads
// of a repository's settings (doctor.go). Every text it posts is made from
// the campaign's files (notice.go), deterministically; the calls go
// through google/go-github (REST) and, for pinning an issue, GitHub's
// GraphQL endpoint.
//
// What it has posted is its only memory: the issues and comments carry
// hidden markers (<!-- warmaster:… -->), and only those authored by the
// token's own user (or github-actions[bot], the workflow token's) are
// trusted, since any player may open an issue or comment with a marker in
// it. Among several trusted issues of one campaign, the oldest is the one.
// The memory is on GitHub, not in the repository: the repository holds the
// campaign and what follows from its files alone (replay rebuilds it byte
// for byte), a commit per reminder would start the advance workflow again
// and need the push token in the job that posts, and a re-run of a job
// that failed halfway reads what was posted already and posts only the
// rest (a reminder or step comment is looked for before it is posted).
package github

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	gh "github.com/google/go-github/v84/github"
)

// Bot is the login of the workflows' GITHUB_TOKEN: what it posts is
// authored by it.
const Bot = "github-actions[bot]"

// Client talks to one repository.
type Client struct {
	gh          *gh.Client
	Owner, Repo string
	// trusted are the logins whose issues and comments are warmaster's:
	// the token's own user (when GET /user answers: a personal token) and
	// Bot.
	trusted []string
}

// New is a client of repository "owner/name" with token; base is the API's
// address ("" for https://api.github.com/; a test's stand-in otherwise).
func New(ctx context.Context, repository, token, base string) (*Client, error) {
	owner, name, ok := strings.Cut(repository, "/")
	if !ok || owner == "" || name == "" || strings.Contains(name, "/") {
		return nil, fmt.Errorf("the repository is owner/name, such as my-club/vespator-2027; got %q", repository)
	}
	hc := &http.Client{Timeout: 60 * time.Second}
	c := gh.NewClient(hc)
	if token != "" {
		c = c.WithAuthToken(token)
	}
	if base != "" {
		u, err := url.Parse(strings.TrimSuffix(base, "/") + "/")
		if err != nil {
			return nil, fmt.Errorf("the API address %q: %w", base, err)
		}
		c.BaseURL = u
	}
	cl := &Client{gh: c, Owner: owner, Repo: name, trusted: []string{Bot}}
	// A GitHub App's token (the workflows') may not read /user: then only
	// Bot is trusted.
	if u, _, err := c.Users.Get(ctx, ""); err == nil && u.GetLogin() != "" && !slices.Contains(cl.trusted, u.GetLogin()) {
		cl.trusted = append(cl.trusted, u.GetLogin())
	}
	return cl, nil
}

// trusts reports whether u authored what warmaster posts.
func (c *Client) trusts(u *gh.User) bool {
	return u != nil && slices.ContainsFunc(c.trusted, func(l string) bool { return strings.EqualFold(l, u.GetLogin()) })
}

// issues lists the repository's issues (not pull requests) with label,
// open and closed, oldest first, authored by a trusted login and carrying
// marker.
func (c *Client) issues(ctx context.Context, label, marker string) ([]*gh.Issue, error) {
	opts := &gh.IssueListByRepoOptions{State: "all", Labels: []string{label}, Sort: "created", Direction: "asc", ListOptions: gh.ListOptions{PerPage: 100}}
	var out []*gh.Issue
	for {
		list, resp, err := c.gh.Issues.ListByRepo(ctx, c.Owner, c.Repo, opts)
		if err != nil {
			return nil, c.explain("list the issues labelled "+label, err)
		}
		for _, is := range list {
			if is.IsPullRequest() || !c.trusts(is.User) || !hasMarker(is.GetBody(), marker) {
				continue
			}
			out = append(out, is)
		}
		if resp.NextPage == 0 {
			break
		}
		opts.ListOptions.Page = resp.NextPage
	}
	slices.SortFunc(out, func(a, b *gh.Issue) int { return a.GetNumber() - b.GetNumber() })
	return out, nil
}

// comments are the trusted comments of an issue, oldest first.
func (c *Client) comments(ctx context.Context, number int) ([]*gh.IssueComment, error) {
	opts := &gh.IssueListCommentsOptions{ListOptions: gh.ListOptions{PerPage: 100}}
	var out []*gh.IssueComment
	for {
		list, resp, err := c.gh.Issues.ListComments(ctx, c.Owner, c.Repo, number, opts)
		if err != nil {
			return nil, c.explain(fmt.Sprintf("list the comments of issue #%d", number), err)
		}
		for _, cm := range list {
			if c.trusts(cm.User) {
				out = append(out, cm)
			}
		}
		if resp.NextPage == 0 {
			break
		}
		opts.Page = resp.NextPage
	}
	return out, nil
}

// ensureLabel creates label unless the repository has it.
func (c *Client) ensureLabel(ctx context.Context, label, colour, description string) error {
	_, resp, err := c.gh.Issues.GetLabel(ctx, c.Owner, c.Repo, label)
	if err == nil {
		return nil
	}
	if resp == nil || resp.StatusCode != http.StatusNotFound {
		return c.explain("read the label "+label, err)
	}
	_, _, err = c.gh.Issues.CreateLabel(ctx, c.Owner, c.Repo, &gh.Label{Name: &label, Color: &colour, Description: &description})
	return c.explain("create the label "+label, err)
}

func (c *Client) create(ctx context.Context, title, body string, labels []string) (*gh.Issue, error) {
	is, _, err := c.gh.Issues.Create(ctx, c.Owner, c.Repo, &gh.IssueRequest{Title: &title, Body: &body, Labels: &labels})
	return is, c.explain("open an issue", err)
}

func (c *Client) edit(ctx context.Context, number int, req *gh.IssueRequest) error {
	_, _, err := c.gh.Issues.Edit(ctx, c.Owner, c.Repo, number, req)
	return c.explain(fmt.Sprintf("edit issue #%d", number), err)
}

func (c *Client) comment(ctx context.Context, number int, body string) error {
	_, _, err := c.gh.Issues.CreateComment(ctx, c.Owner, c.Repo, number, &gh.IssueComment{Body: &body})
	return c.explain(fmt.Sprintf("comment on issue #%d", number), err)
}

// pin pins an issue to the repository's Issues page: GitHub offers it
// through GraphQL alone (the pinIssue mutation, on the issue's node id).
func (c *Client) pin(ctx context.Context, nodeID string) error {
	body := map[string]any{
		"query":     "mutation($id: ID!) { pinIssue(input: {issueId: $id}) { issue { number } } }",
		"variables": map[string]any{"id": nodeID},
	}
	req, err := c.gh.NewRequest(http.MethodPost, c.graphQL(), body)
	if err != nil {
		return err
	}
	var out struct {
		Errors []struct {
			Message string `json:"message"`
		} `json:"errors"`
	}
	if _, err := c.gh.Do(ctx, req, &out); err != nil {
		return c.explain("pin the issue", err)
	}
	if len(out.Errors) > 0 {
		return fmt.Errorf("pin the issue: GitHub said: %s", out.Errors[0].Message)
	}
	return nil
}

// graphQL is the GraphQL endpoint beside the REST API's: /graphql on
// api.github.com (and on a test's stand-in); /api/graphql beside a GitHub
// Enterprise Server's /api/v3/.
func (c *Client) graphQL() string {
	u := *c.gh.BaseURL
	if p, ok := strings.CutSuffix(u.Path, "/api/v3/"); ok {
		u.Path = p + "/api/graphql"
	} else {
		u.Path = strings.TrimSuffix(u.Path, "/") + "/graphql"
	}
	return u.String()
}

// explain says what warmaster was doing when GitHub refused, and, for a
// refusal of rights, which permission the token lacks.
func (c *Client) explain(what string, err error) error {
	if err == nil {
		return nil
	}
	var er *gh.ErrorResponse
	if errors.As(err, &er) && er.Response != nil {
		switch er.Response.StatusCode {
		case http.StatusUnauthorized:
			return fmt.Errorf("could not %s in %s/%s: GitHub refused the token (401 %s): give a valid token in GITHUB_TOKEN", what, c.Owner, c.Repo, er.Message)
		case http.StatusForbidden, http.StatusNotFound:
			return fmt.Errorf("could not %s in %s/%s: GitHub answered %d (%s): the token needs issues: write on this repository (in a workflow: `permissions: issues: write`)", what, c.Owner, c.Repo, er.Response.StatusCode, er.Message)
		}
	}
	return fmt.Errorf("could not %s in %s/%s: %w", what, c.Owner, c.Repo, err)
}

// hasMarker reports whether text holds marker on a line of its own.
func hasMarker(text, marker string) bool {
	for line := range strings.Lines(text) {
		if strings.TrimSpace(line) == marker {
			return true
		}
	}
	return false
}

// markerValue is the value of the first line "<!-- warmaster:KEY VALUE -->"
// of text; "" when there is none.
func markerValue(text, key string) string {
	prefix := "<!-- warmaster:" + key + " "
	for line := range strings.Lines(text) {
		line = strings.TrimSpace(line)
		if v, ok := strings.CutPrefix(line, prefix); ok {
			if v, ok := strings.CutSuffix(v, " -->"); ok {
				return v
			}
		}
	}
	return ""
}

// marker is a hidden marker line.
func marker(key, value string) string {
	if value == "" {
		return "<!-- warmaster:" + key + " -->"
	}
	return "<!-- warmaster:" + key + " " + value + " -->"
}
