// Package standin is a local stand-in for the few GitHub REST endpoints
// (and the one GraphQL mutation) warmaster and its action use, shaped as
// GitHub documents them: issues, their comments and labels, the
// authenticated user, pinning an issue, a pull request (its author, which a
// merge queue's check asks; its review comments, and posting a review), and
// the settings `warmaster doctor` reads
// (repository, environment and its secrets' names, branch protection and
// rules, CODEOWNERS errors, collaborators and invitations, workflow
// permissions). Tests run warmaster against it with httptest; it holds
// everything in memory and records every call.
package standin

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// Issue is an issue as the stand-in keeps it.
type Issue struct {
	Number      int       `json:"number"`
	NodeID      string    `json:"node_id"`
	Title       string    `json:"title"`
	Body        string    `json:"body"`
	State       string    `json:"state"`
	StateReason string    `json:"state_reason,omitempty"`
	User        User      `json:"user"`
	Labels      []Label   `json:"labels"`
	Comments    []Comment `json:"-"`
	Pinned      bool      `json:"-"`
	PullRequest any       `json:"pull_request,omitempty"`
}

// User is a login.
type User struct {
	Login string `json:"login"`
}

// Label is a label.
type Label struct {
	Name        string `json:"name"`
	Color       string `json:"color,omitempty"`
	Description string `json:"description,omitempty"`
}

// Comment is an issue's comment.
type Comment struct {
	ID   int64  `json:"id"`
	Body string `json:"body"`
	User User   `json:"user"`
}

// PullRequest is a pull request as GET …/pulls/{number} answers (the
// fields warmaster reads: its author and head).
type PullRequest struct {
	Number int    `json:"number"`
	User   User   `json:"user"`
	Head   Commit `json:"head"`
}

// Commit names a commit.
type Commit struct {
	Sha string `json:"sha"`
}

// Pull is a pull request as the stand-in keeps it: the lines of each file
// its diff shows on the RIGHT side (the only lines GitHub takes review
// comments on), its review comments and its reviews.
type Pull struct {
	Number   int
	User     User             // its author
	Head     string           // the head commit
	Lines    map[string][]int // file → lines of the diff, RIGHT side
	Comments []ReviewComment
	Reviews  []Review
}

// ReviewComment is a comment of a review on a line of a pull request.
type ReviewComment struct {
	ID       int64  `json:"id"`
	Path     string `json:"path"`
	Line     int    `json:"line"`
	Side     string `json:"side"`
	CommitID string `json:"commit_id"`
	Body     string `json:"body"`
	User     User   `json:"user"`
}

// Review is a posted review.
type Review struct {
	ID       int64  `json:"id"`
	Event    string `json:"-"`
	State    string `json:"state"`
	Body     string `json:"body"`
	CommitID string `json:"commit_id"`
	User     User   `json:"user"`
}

// Token is what a token stands for: whose it is, whether GET /user answers
// (a personal token; a workflow's GITHUB_TOKEN does not), and when it
// expires (the github-authentication-token-expiration header).
type Token struct {
	Login    string
	App      bool
	Expires  time.Time
	ReadOnly bool
}

// Server is the stand-in.
type Server struct {
	*httptest.Server
	mu sync.Mutex
	// Repo is owner/name.
	Repo   string
	Tokens map[string]Token
	Issues []*Issue
	Labels map[string]Label
	// Pulls: number → pull request.
	Pulls map[int]*Pull
	// PerPage caps every list page (to test following the Link header).
	PerPage int
	Calls   []string

	// The settings doctor reads; nil or zero: not set.
	DefaultBranch string
	// Environments: name → its JSON (as GET …/environments/{name} answers).
	Environments map[string]map[string]any
	// BranchPolicies: environment → deployment branch policy names.
	BranchPolicies map[string][]string
	// EnvSecrets: environment → secret names.
	EnvSecrets map[string][]string
	// Protection: branch → GET …/branches/{b}/protection's JSON.
	Protection map[string]map[string]any
	// Rules: branch → GET …/rules/branches/{b}'s JSON.
	Rules map[string][]map[string]any
	// CodeownersErrors: GET …/codeowners/errors' errors.
	CodeownersErrors []map[string]any
	// Collaborators: login → permission: admin, maintain, write, triage, read.
	Collaborators map[string]string
	// Invitations: login → permission of a pending invitation.
	Invitations map[string]string
	// WorkflowPermissions: read or write.
	WorkflowPermissions string
	// Forbidden are paths (after /repos/owner/name) answered 403, as for a
	// token without the right.
	Forbidden []string
}

// New starts a stand-in of repository "owner/name".
func New(repo string) *Server {
	s := &Server{Repo: repo, Tokens: map[string]Token{}, Labels: map[string]Label{}, Pulls: map[int]*Pull{}, PerPage: 100,
		DefaultBranch: "main", Environments: map[string]map[string]any{}, BranchPolicies: map[string][]string{},
		EnvSecrets: map[string][]string{}, Protection: map[string]map[string]any{}, Rules: map[string][]map[string]any{},
		Collaborators: map[string]string{}, Invitations: map[string]string{}, WorkflowPermissions: "read"}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	return s
}

func (s *Server) fail(w http.ResponseWriter, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	fmt.Fprintf(w, `{"message":%q,"documentation_url":"https://docs.github.com/rest"}`, msg)
}

func (s *Server) reply(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}

// Issue is issue number n, or nil.
func (s *Server) Issue(n int) *Issue {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, is := range s.Issues {
		if is.Number == n {
			return is
		}
	}
	return nil
}

// Add adds an issue as login opened it (a player's fake one, say).
func (s *Server) Add(login, title, body string, labels ...string) *Issue {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.add(login, title, body, labels)
}

func (s *Server) add(login, title, body string, labels []string) *Issue {
	n := len(s.Issues) + 1
	is := &Issue{Number: n, NodeID: "I_node" + strconv.Itoa(n), Title: title, Body: body, State: "open", User: User{login}}
	for _, l := range labels {
		is.Labels = append(is.Labels, Label{Name: l})
	}
	s.Issues = append(s.Issues, is)
	return is
}

// Comment adds a comment as login.
func (s *Server) Comment(n int, login, body string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, is := range s.Issues {
		if is.Number == n {
			is.Comments = append(is.Comments, Comment{ID: int64(1000*n + len(is.Comments) + 1), Body: body, User: User{login}})
		}
	}
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.Calls = append(s.Calls, r.Method+" "+r.URL.Path)
	tok, ok := s.Tokens[strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")]
	if !ok {
		s.fail(w, http.StatusUnauthorized, "Bad credentials")
		return
	}
	if !tok.Expires.IsZero() {
		w.Header().Set("github-authentication-token-expiration", tok.Expires.UTC().Format("2006-01-02 15:04:05 UTC"))
	}
	if r.Method != http.MethodGet && tok.ReadOnly {
		s.fail(w, http.StatusForbidden, "Resource not accessible by personal access token")
		return
	}
	p := r.URL.Path
	if p == "/user" {
		if tok.App {
			s.fail(w, http.StatusForbidden, "Resource not accessible by integration")
			return
		}
		s.reply(w, 200, User{tok.Login})
		return
	}
	if p == "/graphql" && r.Method == http.MethodPost {
		s.graphql(w, r)
		return
	}
	rest, ok := strings.CutPrefix(p, "/repos/"+s.Repo)
	if !ok {
		s.fail(w, http.StatusNotFound, "Not Found")
		return
	}
	if slices.Contains(s.Forbidden, rest) {
		s.fail(w, http.StatusForbidden, "Resource not accessible by integration")
		return
	}
	parts := strings.Split(strings.Trim(rest, "/"), "/")
	switch {
	case rest == "" && r.Method == http.MethodGet:
		s.reply(w, 200, map[string]any{"id": 4242, "name": strings.Split(s.Repo, "/")[1], "full_name": s.Repo, "default_branch": s.DefaultBranch,
			"permissions": map[string]bool{"admin": false, "push": !tok.ReadOnly, "pull": true}})
	case parts[0] == "issues":
		s.issues(w, r, parts[1:], tok)
	case parts[0] == "pulls" && len(parts) == 2 && r.Method == http.MethodGet:
		n, err := strconv.Atoi(parts[1])
		pr, ok := s.Pulls[n]
		if err != nil || !ok {
			s.fail(w, 404, "Not Found")
			return
		}
		s.reply(w, 200, PullRequest{Number: pr.Number, User: pr.User, Head: Commit{Sha: pr.Head}})
	case parts[0] == "labels":
		s.labels(w, r, parts[1:])
	case parts[0] == "pulls" && len(parts) == 3:
		s.pulls(w, r, parts[1:], tok)
	case parts[0] == "environments" && len(parts) == 2 && r.Method == http.MethodGet:
		env, ok := s.Environments[parts[1]]
		if !ok {
			s.fail(w, 404, "Not Found")
			return
		}
		s.reply(w, 200, env)
	case parts[0] == "environments" && len(parts) == 3 && parts[2] == "deployment-branch-policies":
		var list []map[string]any
		for i, n := range s.BranchPolicies[parts[1]] {
			list = append(list, map[string]any{"id": i + 1, "name": n, "type": "branch"})
		}
		s.reply(w, 200, map[string]any{"total_count": len(list), "branch_policies": list})
	case parts[0] == "environments" && len(parts) == 3 && parts[2] == "secrets":
		if _, ok := s.Environments[parts[1]]; !ok {
			s.fail(w, 404, "Not Found")
			return
		}
		var list []map[string]any
		for _, n := range s.EnvSecrets[parts[1]] {
			list = append(list, map[string]any{"name": n, "created_at": "2026-11-01T10:00:00Z", "updated_at": "2026-11-01T10:00:00Z"})
		}
		s.reply(w, 200, map[string]any{"total_count": len(list), "secrets": list})
	case parts[0] == "branches" && len(parts) == 3 && parts[2] == "protection":
		pr, ok := s.Protection[parts[1]]
		if !ok {
			s.fail(w, 404, "Branch not protected")
			return
		}
		s.reply(w, 200, pr)
	case parts[0] == "rules" && len(parts) == 3 && parts[1] == "branches":
		rules := s.Rules[parts[2]]
		if rules == nil {
			rules = []map[string]any{}
		}
		s.reply(w, 200, rules)
	case rest == "/codeowners/errors":
		errs := s.CodeownersErrors
		if errs == nil {
			errs = []map[string]any{}
		}
		s.reply(w, 200, map[string]any{"errors": errs})
	case rest == "/collaborators":
		var list []map[string]any
		for _, l := range sortedKeys(s.Collaborators) {
			perm := s.Collaborators[l]
			rank := map[string]int{"read": 1, "triage": 2, "write": 3, "maintain": 4, "admin": 5}[perm]
			list = append(list, map[string]any{"login": l, "role_name": perm, "permissions": map[string]bool{
				"pull": rank >= 1, "triage": rank >= 2, "push": rank >= 3, "maintain": rank >= 4, "admin": rank >= 5}})
		}
		s.reply(w, 200, list)
	case rest == "/invitations":
		var list []map[string]any
		for i, l := range sortedKeys(s.Invitations) {
			list = append(list, map[string]any{"id": i + 1, "invitee": User{l}, "permissions": s.Invitations[l]})
		}
		s.reply(w, 200, list)
	case rest == "/actions/permissions/workflow":
		s.reply(w, 200, map[string]any{"default_workflow_permissions": s.WorkflowPermissions, "can_approve_pull_request_reviews": false})
	default:
		s.fail(w, http.StatusNotFound, "Not Found")
	}
}

func sortedKeys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func (s *Server) issues(w http.ResponseWriter, r *http.Request, parts []string, tok Token) {
	var body struct {
		Title       *string   `json:"title"`
		Body        *string   `json:"body"`
		State       *string   `json:"state"`
		StateReason *string   `json:"state_reason"`
		Labels      *[]string `json:"labels"`
	}
	if r.Method == http.MethodPost || r.Method == http.MethodPatch {
		data, _ := io.ReadAll(r.Body)
		if err := json.Unmarshal(data, &body); err != nil {
			s.fail(w, 400, "Problems parsing JSON")
			return
		}
		// As GitHub: an issue's body or a comment of more than 65,536
		// characters is refused.
		if body.Body != nil && utf8.RuneCountInString(*body.Body) > 65536 {
			s.fail(w, 422, "Validation Failed: body is too long (maximum is 65536 characters)")
			return
		}
	}
	if len(parts) == 0 {
		switch r.Method {
		case http.MethodGet:
			q := r.URL.Query()
			var list []*Issue
			for _, is := range s.Issues {
				if st := q.Get("state"); st != "all" && st != "" && is.State != st || st == "" && is.State != "open" {
					continue
				}
				if l := q.Get("labels"); l != "" && !slices.ContainsFunc(is.Labels, func(x Label) bool { return x.Name == l }) {
					continue
				}
				list = append(list, is)
			}
			s.page(w, r, list)
		case http.MethodPost:
			if body.Title == nil || *body.Title == "" {
				s.fail(w, 422, "Validation Failed")
				return
			}
			var labels []string
			if body.Labels != nil {
				labels = *body.Labels
			}
			is := s.add(tok.Login, *body.Title, deref(body.Body), labels)
			s.reply(w, 201, is)
		default:
			s.fail(w, 404, "Not Found")
		}
		return
	}
	n, _ := strconv.Atoi(parts[0])
	var is *Issue
	for _, x := range s.Issues {
		if x.Number == n {
			is = x
		}
	}
	if is == nil {
		s.fail(w, 404, "Not Found")
		return
	}
	switch {
	case len(parts) == 1 && r.Method == http.MethodPatch:
		if body.Title != nil {
			is.Title = *body.Title
		}
		if body.Body != nil {
			is.Body = *body.Body
		}
		if body.State != nil {
			is.State = *body.State
		}
		if body.StateReason != nil {
			is.StateReason = *body.StateReason
		}
		s.reply(w, 200, is)
	case len(parts) == 2 && parts[1] == "comments" && r.Method == http.MethodGet:
		s.page(w, r, is.Comments)
	case len(parts) == 2 && parts[1] == "comments" && r.Method == http.MethodPost:
		c := Comment{ID: int64(1000*n + len(is.Comments) + 1), Body: deref(body.Body), User: User{tok.Login}}
		is.Comments = append(is.Comments, c)
		s.reply(w, 201, c)
	default:
		s.fail(w, 404, "Not Found")
	}
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// page answers one page of a list, with GitHub's Link header.
func page[T any](s *Server, w http.ResponseWriter, r *http.Request, list []T) {
	per := s.PerPage
	if v, err := strconv.Atoi(r.URL.Query().Get("per_page")); err == nil && v < per {
		per = v
	}
	p, _ := strconv.Atoi(r.URL.Query().Get("page"))
	p = max(p, 1)
	lo, hi := min((p-1)*per, len(list)), min(p*per, len(list))
	if hi < len(list) {
		u := *r.URL
		u.Scheme, u.Host = "http", r.Host
		q := u.Query()
		q.Set("page", strconv.Itoa(p+1))
		u.RawQuery = q.Encode()
		w.Header().Set("Link", fmt.Sprintf("<%s>; rel=\"next\"", (&url.URL{Scheme: u.Scheme, Host: u.Host, Path: u.Path, RawQuery: u.RawQuery}).String()))
	}
	out := list[lo:hi]
	if out == nil {
		out = []T{}
	}
	s.reply(w, 200, out)
}

func (s *Server) page(w http.ResponseWriter, r *http.Request, list any) {
	switch l := list.(type) {
	case []*Issue:
		page(s, w, r, l)
	case []Comment:
		page(s, w, r, l)
	case []ReviewComment:
		page(s, w, r, l)
	}
}

// pulls answers GET /pulls/{n}/comments and POST /pulls/{n}/reviews, which
// refuses (422) a comment on a line the pull request's diff does not show,
// as GitHub does.
func (s *Server) pulls(w http.ResponseWriter, r *http.Request, parts []string, tok Token) {
	n, _ := strconv.Atoi(parts[0])
	pr := s.Pulls[n]
	if pr == nil {
		s.fail(w, 404, "Not Found")
		return
	}
	switch {
	case parts[1] == "comments" && r.Method == http.MethodGet:
		s.page(w, r, pr.Comments)
	case parts[1] == "reviews" && r.Method == http.MethodPost:
		var body struct {
			CommitID string `json:"commit_id"`
			Body     string `json:"body"`
			Event    string `json:"event"`
			Comments []struct {
				Path string `json:"path"`
				Line int    `json:"line"`
				Side string `json:"side"`
				Body string `json:"body"`
			} `json:"comments"`
		}
		data, _ := io.ReadAll(r.Body)
		if err := json.Unmarshal(data, &body); err != nil {
			s.fail(w, 400, "Problems parsing JSON")
			return
		}
		if !slices.Contains([]string{"COMMENT", "APPROVE", "REQUEST_CHANGES"}, body.Event) {
			s.fail(w, 422, "Unprocessable Entity: event must be COMMENT, APPROVE or REQUEST_CHANGES")
			return
		}
		commit := body.CommitID
		if commit == "" {
			commit = pr.Head
		}
		for _, c := range body.Comments {
			if c.Side != "RIGHT" && c.Side != "" || !slices.Contains(pr.Lines[c.Path], c.Line) || c.Body == "" {
				s.fail(w, 422, "Unprocessable Entity: Line could not be resolved")
				return
			}
		}
		id := int64(100000*n + len(pr.Reviews) + 1)
		pr.Reviews = append(pr.Reviews, Review{ID: id, Event: body.Event, State: map[string]string{"COMMENT": "COMMENTED", "APPROVE": "APPROVED", "REQUEST_CHANGES": "CHANGES_REQUESTED"}[body.Event], Body: body.Body, CommitID: commit, User: User{tok.Login}})
		for _, c := range body.Comments {
			pr.Comments = append(pr.Comments, ReviewComment{ID: int64(1000000*n + len(pr.Comments) + 1), Path: c.Path, Line: c.Line, Side: "RIGHT", CommitID: commit, Body: c.Body, User: User{tok.Login}})
		}
		s.reply(w, 200, pr.Reviews[len(pr.Reviews)-1])
	default:
		s.fail(w, 404, "Not Found")
	}
}

// ReviewComment adds a review comment as login (a player's, say).
func (s *Server) ReviewComment(n int, login, path string, line int, body string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if pr := s.Pulls[n]; pr != nil {
		pr.Comments = append(pr.Comments, ReviewComment{ID: int64(1000000*n + len(pr.Comments) + 1), Path: path, Line: line, Side: "RIGHT", Body: body, User: User{login}})
	}
}

func (s *Server) labels(w http.ResponseWriter, r *http.Request, parts []string) {
	switch {
	case len(parts) == 1 && r.Method == http.MethodGet:
		name, _ := url.PathUnescape(parts[0])
		l, ok := s.Labels[name]
		if !ok {
			s.fail(w, 404, "Not Found")
			return
		}
		s.reply(w, 200, l)
	case len(parts) == 0 && r.Method == http.MethodPost:
		var l Label
		data, _ := io.ReadAll(r.Body)
		if json.Unmarshal(data, &l) != nil || l.Name == "" {
			s.fail(w, 422, "Validation Failed")
			return
		}
		if _, dup := s.Labels[l.Name]; dup {
			s.fail(w, 422, "Validation Failed")
			return
		}
		s.Labels[l.Name] = l
		s.reply(w, 201, l)
	default:
		s.fail(w, 404, "Not Found")
	}
}

// graphql answers the pinIssue mutation, GitHub's only way to pin.
func (s *Server) graphql(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Query     string         `json:"query"`
		Variables map[string]any `json:"variables"`
	}
	data, _ := io.ReadAll(r.Body)
	if json.Unmarshal(data, &req) != nil || !strings.Contains(req.Query, "pinIssue") {
		s.reply(w, 200, map[string]any{"errors": []map[string]string{{"message": "the stand-in knows only pinIssue"}}})
		return
	}
	id, _ := req.Variables["id"].(string)
	for _, is := range s.Issues {
		if is.NodeID == id {
			is.Pinned = true
			s.reply(w, 200, map[string]any{"data": map[string]any{"pinIssue": map[string]any{"issue": map[string]int{"number": is.Number}}}})
			return
		}
	}
	s.reply(w, 200, map[string]any{"errors": []map[string]string{{"message": "Could not resolve to a node with the global id of '" + id + "'"}}})
}
