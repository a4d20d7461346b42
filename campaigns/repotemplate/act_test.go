package repotemplate

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/cgi"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/warmaster/warmaster/processor/github/standin"
)

// The workflows a campaign repository gets, run end to end as GitHub runs
// them, with nektos/act (https://github.com/nektos/act): the real
// actions/checkout, actions/setup-go and actions/cache at the majors the
// workflows name, the warmaster action of this work tree as
// warmaster/warmaster@main, the steps run on this machine (act's
// -self-hosted platform: no Docker), github.com's git played by git
// http-backend behind a local HTTP server (GITHUB_SERVER_URL) and its REST
// API by processor/github/standin (GITHUB_API_URL).
//
// What it needs, else it skips saying so:
//   - act on PATH, or WARMASTER_ACT naming it (go install
//     github.com/nektos/act@v0.2.89);
//   - git http-backend (git's exec path), node (the actions are node24;
//     act runs them with the node on PATH);
//   - the actions' own repositories, since nothing here reaches
//     github.com: WARMASTER_ACT_ACTIONS names a folder holding, for each
//     of actions/checkout, actions/setup-go and actions/cache, a git
//     repository (bare or not) at OWNER+NAME/repo, OWNER+NAME or
//     OWNER/NAME. The test takes the newest release tag of the major a
//     workflow names (v6 → v6.x.y). This repository holds no copy of them:
//     CI, which reaches only the Go module proxy, skips this test unless
//     its runner provides such a folder. docs/development.md (Tests, "The
//     workflows under act") says how to run it.
//
// The jobs run as on a self-hosted runner: they share Go module and build
// caches of the package's own (not this machine's, which the advance job's
// actions/cache save would pack up), with this machine's downloaded modules
// as their first proxy; each act run has a cache server of its own, so
// restore misses and the advance job's save is a real one.

// actActions are the actions the workflows and the warmaster action use,
// at the majors they name.
var actActions = []string{"actions/checkout@v6", "actions/setup-go@v6", "actions/cache@v5"}

// actTag is the release tag a test pins the workflows to.
const actTag = "v1.2.3"

// TestActActionsCovered holds actActions to the actions the workflows and
// the warmaster action use: one more, and the act runs would try to fetch
// it from github.com.
func TestActActionsCovered(t *testing.T) {
	files := []string{filepath.Join(repoRoot(t), ".github/actions/warmaster/action.yml")}
	dir := t.TempDir()
	for _, f := range writeTemplate(t, dir, Options{}) {
		if strings.HasPrefix(f.Path, ".github/workflows/") {
			files = append(files, filepath.Join(dir, filepath.FromSlash(f.Path)))
		}
	}
	uses := regexp.MustCompile(`(?m)^\s*(?:-\s+)?uses:\s*([^\s#]+)`)
	seen := map[string]bool{}
	for _, f := range files {
		for _, m := range uses.FindAllStringSubmatch(readFile(t, f), -1) {
			name, ref, _ := strings.Cut(m[1], "@")
			parts := strings.Split(name, "/")
			if len(parts) < 2 || parts[0] == "warmaster" {
				continue
			}
			a := parts[0] + "/" + parts[1] + "@" + ref
			if !slices.Contains(actActions, a) {
				t.Errorf("%s uses %s: add %s to actActions (and to the repositories docs/development.md lists)", filepath.Base(f), m[1], a)
			}
			seen[a] = true
		}
	}
	for _, a := range actActions {
		if !seen[a] {
			t.Errorf("actActions names %s, which nothing uses", a)
		}
	}
}

// actEnv is what an act run needs: the programs and the actions' copies.
type actEnv struct {
	act     string
	actions map[string]string // owner/name@major → a folder with its files
	// goEnv gives the jobs Go module and build caches of their own (the
	// advance job saves them with actions/cache: not this machine's), shared
	// by the package's act runs, and the modules this machine has
	// downloaded as their first proxy.
	goEnv []string
}

var (
	actOnce  sync.Once
	actSetup actEnv
	actSkip  string
	actErr   string
	actDir   string
)

// needAct finds act and exports the actions from their repositories once
// for the package's tests; it skips the test when something is missing.
func needAct(t *testing.T) actEnv {
	t.Helper()
	needTools(t, "git", "bash", "go", "node")
	if testing.Short() {
		t.Skip("runs the workflows under act")
	}
	actOnce.Do(func() {
		act := os.Getenv("WARMASTER_ACT")
		if act == "" {
			if p, err := exec.LookPath("act"); err == nil {
				act = p
			} else {
				actSkip = "act is not installed (go install github.com/nektos/act@v0.2.89), nor named by WARMASTER_ACT"
				return
			}
		}
		out, err := exec.Command("git", "--exec-path").Output()
		if err != nil {
			actSkip = "git --exec-path: " + err.Error()
			return
		}
		if _, err := os.Stat(filepath.Join(strings.TrimSpace(string(out)), "git-http-backend")); err != nil {
			actSkip = "git http-backend is not installed"
			return
		}
		mirrors := os.Getenv("WARMASTER_ACT_ACTIONS")
		if mirrors == "" {
			actSkip = "WARMASTER_ACT_ACTIONS names no folder of the actions' repositories (actions/checkout, actions/setup-go, actions/cache): see docs/development.md, \"The workflows under act\""
			return
		}
		dir, err := os.MkdirTemp("", "warmaster-act-")
		if err != nil {
			actErr = err.Error()
			return
		}
		actDir = dir
		actSetup = actEnv{act: act, actions: map[string]string{}}
		goenv, err := exec.Command("go", "env", "GOMODCACHE", "GOPROXY").Output()
		if err != nil {
			actErr = "go env: " + err.Error()
			return
		}
		modcache, proxy, _ := strings.Cut(strings.TrimSpace(string(goenv)), "\n")
		actSetup.goEnv = []string{
			"GOMODCACHE=" + filepath.Join(dir, "gomodcache"),
			"GOCACHE=" + filepath.Join(dir, "gocache"),
			"GOPROXY=file://" + filepath.ToSlash(filepath.Join(modcache, "cache", "download")) + "," + proxy,
		}
		for _, a := range actActions {
			name, major, _ := strings.Cut(a, "@")
			src, msg := actionRepository(mirrors, name)
			if src == "" {
				actSkip = msg
				return
			}
			tag, err := newestTag(src, major)
			if err != nil {
				actErr = fmt.Sprintf("%s: %v", src, err)
				return
			}
			dest := filepath.Join(dir, strings.ReplaceAll(name, "/", "+")+"@"+tag)
			if err := os.MkdirAll(dest, 0o755); err != nil {
				actErr = err.Error()
				return
			}
			cmd := exec.Command("bash", "-c", `git --git-dir="$1" archive "$2" | tar -x -C "$3"`, "archive", src, tag, dest)
			if out, err := cmd.CombinedOutput(); err != nil {
				actErr = fmt.Sprintf("git archive %s %s: %v\n%s", src, tag, err, out)
				return
			}
			actSetup.actions[a] = dest
		}
	})
	if actSkip != "" {
		t.Skip(actSkip)
	}
	if actErr != "" {
		t.Fatal(actErr)
	}
	return actSetup
}

// actionRepository is the git directory of owner/name under mirrors, or ""
// and why not.
func actionRepository(mirrors, name string) (string, string) {
	owner, repo, _ := strings.Cut(name, "/")
	for _, p := range []string{
		filepath.Join(mirrors, owner+"+"+repo, "repo"),
		filepath.Join(mirrors, owner+"+"+repo),
		filepath.Join(mirrors, owner, repo),
	} {
		for _, gitDir := range []string{filepath.Join(p, ".git"), p} {
			if out, err := exec.Command("git", "--git-dir="+gitDir, "rev-parse", "--git-dir").Output(); err == nil && len(out) > 0 {
				return gitDir, ""
			}
		}
	}
	return "", fmt.Sprintf("WARMASTER_ACT_ACTIONS (%s) holds no repository of %s (as %s+%s/repo, %s+%s or %s/%s)", mirrors, name, owner, repo, owner, repo, owner, repo)
}

// newestTag is the newest release tag vMAJOR.x.y of the repository: what
// GitHub's moving tag vMAJOR names.
func newestTag(gitDir, major string) (string, error) {
	out, err := exec.Command("git", "--git-dir="+gitDir, "tag", "--list", major+".*").Output()
	if err != nil {
		return "", err
	}
	re := regexp.MustCompile(`^` + regexp.QuoteMeta(major) + `\.(\d+)\.(\d+)$`)
	type version struct {
		tag          string
		minor, patch int
	}
	var versions []version
	for _, tag := range strings.Fields(string(out)) {
		if m := re.FindStringSubmatch(tag); m != nil {
			var v version
			v.tag = tag
			fmt.Sscan(m[1], &v.minor)
			fmt.Sscan(m[2], &v.patch)
			versions = append(versions, v)
		}
	}
	if len(versions) == 0 {
		return "", fmt.Errorf("no tag %s.x.y", major)
	}
	sort.Slice(versions, func(i, j int) bool {
		if versions[i].minor != versions[j].minor {
			return versions[i].minor < versions[j].minor
		}
		return versions[i].patch < versions[j].patch
	})
	return versions[len(versions)-1].tag, nil
}

// gitServer is github.com's git over HTTP: git http-backend serving the
// bare repositories under root as /OWNER/NAME, pushes allowed; it keeps
// the Authorization header of every request.
type gitServer struct {
	*httptest.Server
	root string
	mu   sync.Mutex
	auth []string // "METHOD PATH AUTHORIZATION"
}

func newGitServer(t *testing.T, env []string) *gitServer {
	t.Helper()
	out, err := exec.Command("git", "--exec-path").Output()
	if err != nil {
		t.Fatal(err)
	}
	g := &gitServer{root: t.TempDir()}
	backend := &cgi.Handler{
		Path: filepath.Join(strings.TrimSpace(string(out)), "git-http-backend"),
		Env:  append(env[:len(env):len(env)], "GIT_PROJECT_ROOT="+g.root, "GIT_HTTP_EXPORT_ALL=1"),
	}
	g.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		g.mu.Lock()
		g.auth = append(g.auth, r.Method+" "+r.URL.Path+"?"+r.URL.RawQuery+" "+r.Header.Get("Authorization"))
		g.mu.Unlock()
		backend.ServeHTTP(w, r)
	}))
	t.Cleanup(g.Close)
	return g
}

// repo makes the bare repository owner/name, pushes may go to.
func (g *gitServer) repo(t *testing.T, env []string, name string) string {
	t.Helper()
	dir := filepath.Join(g.root, filepath.FromSlash(name))
	git(t, env, g.root, "init", "--quiet", "--bare", "--initial-branch=main", dir)
	git(t, env, dir, "config", "http.receivepack", "true")
	return dir
}

// authorizations is the Authorization header of each request whose path
// and query contain part.
func (g *gitServer) authorizations(part string) []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	var out []string
	for _, a := range g.auth {
		_, rest, _ := strings.Cut(a, " ")
		path, auth, _ := strings.Cut(rest, " ")
		if strings.Contains(path, part) {
			out = append(out, auth)
		}
	}
	return out
}

// basicToken is the Authorization header actions/checkout and
// commit-back.sh send with token.
func basicToken(token string) string {
	return "basic " + base64.StdEncoding.EncodeToString([]byte("x-access-token:"+token))
}

// actRun is one run of act over a workflow of the campaign repository in
// dir, with the event in payload.
type actRun struct {
	event    string
	workflow string
	payload  map[string]any
	env      []string // --env NAME=value: the runner's environment for every step
	secrets  []string // -s NAME=value
}

// runAct runs act and returns its output and exit status.
func runAct(t *testing.T, a actEnv, env []string, dir string, r actRun) result {
	t.Helper()
	tmp := t.TempDir()
	event := filepath.Join(tmp, "event.json")
	data, err := json.MarshalIndent(r.payload, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, event, string(data))
	cache := filepath.Join(tmp, "act")
	// setup-go finds the Go of this machine in the runner's tool cache, as
	// on GitHub's runners (where the go.mod's version is not there, it
	// would download it).
	goroot := strings.TrimSpace(run(t, env, dir, "go", "env", "GOROOT").out)
	goversion := strings.TrimPrefix(strings.TrimSpace(run(t, env, dir, "go", "env", "GOVERSION").out), "go")
	arch := map[string]string{"amd64": "x64", "arm64": "arm64", "386": "x86"}[runtime.GOARCH]
	tool := filepath.Join(cache, "tool_cache", "go", goversion, arch)
	if err := os.MkdirAll(filepath.Dir(tool), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(goroot, tool); err != nil {
		t.Fatal(err)
	}
	writeFile(t, tool+".complete", "")
	args := []string{r.event, "-W", ".github/workflows/" + r.workflow, "-e", event,
		"-P", "ubuntu-latest=-self-hosted", "--no-skip-checkout",
		"--action-cache-path", cache, "--cache-server-path", filepath.Join(tmp, "cache-server"),
		"--cache-server-addr", "127.0.0.1", "--cache-server-port", "0",
		// This work tree's action, at main as init-repo names it, and at a
		// release tag as the organisers' guide asks to pin it.
		"--local-repository", "warmaster/warmaster@main=" + repoRoot(t),
		"--local-repository", "warmaster/warmaster@" + actTag + "=" + repoRoot(t)}
	for _, name := range actActions {
		args = append(args, "--local-repository", name+"="+a.actions[name])
	}
	for _, e := range r.env {
		args = append(args, "--env", e)
	}
	for _, s := range r.secrets {
		args = append(args, "-s", s)
	}
	start := time.Now()
	env = append(env[:len(env):len(env)], a.goEnv...)
	res := run(t, env, dir, a.act, args...)
	t.Logf("act %s %s: exit %d in %s", r.event, r.workflow, res.code, time.Since(start).Round(time.Second))
	return res
}

// logAnnotations are the workflow commands ::error/::warning/::notice of
// an act log, as the steps printed them.
func logAnnotations(out string) []string {
	var lines []string
	for _, line := range strings.Split(out, "\n") {
		if i := strings.Index(line, "::error "); i >= 0 {
			lines = append(lines, line[i:])
		}
	}
	return lines
}

// firstDeadline is the example campaign's first deadline (phase 1's
// operations).
var firstDeadline = time.Date(2027, 1, 8, 18, 0, 0, 0, time.UTC)

// keepAhead moves every date of the campaign folder's TOML files (its
// deadlines, the results' played dates) by whole weeks so that the first
// deadline is at least five weeks ahead: the workflows run warmaster with
// the clock (no --now), and what the tests assert — bob's orders on time,
// advance stopping in phase 2 awaiting results — holds only before the
// example's deadlines. Until 2026-12-04 it changed nothing; since, it also
// names each moved result anew in its confirmation (confirm_results).
func keepAhead(t *testing.T, dir string, now time.Time) {
	t.Helper()
	weeks := 0
	for firstDeadline.AddDate(0, 0, 7*weeks).Before(now.AddDate(0, 0, 35)) {
		weeks++
	}
	if weeks == 0 {
		return
	}
	date := regexp.MustCompile(`\b(\d{4}-\d{2}-\d{2})((?:T\d{2}:\d{2}:\d{2})?Z?)\b`)
	// A confirmation names its result by SHA-256: moved, the result's
	// confirmation must name it as moved, or it would be void.
	redigested := map[string]string{}
	digest := func(b []byte) string { sum := sha256.Sum256(b); return hex.EncodeToString(sum[:]) }
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".toml") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		moved := date.ReplaceAllStringFunc(string(data), func(m string) string {
			sub := date.FindStringSubmatch(m)
			day, err := time.Parse("2006-01-02", sub[1])
			if err != nil {
				return m
			}
			return day.AddDate(0, 0, 7*weeks).Format("2006-01-02") + sub[2]
		})
		redigested[digest(data)] = digest([]byte(moved))
		return os.WriteFile(path, []byte(moved), 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	confirmations, _ := filepath.Glob(filepath.Join(dir, "phases", "*", "confirmations", "*.toml"))
	for _, path := range confirmations {
		text := readFile(t, path)
		for was, is := range redigested {
			text = strings.ReplaceAll(text, was, is)
		}
		writeFile(t, path, text)
	}
}

// actPRRepo is newPRRepo's repository with the campaign's dates ahead of
// the clock (keepAhead).
func actPRRepo(t *testing.T) *prRepo {
	t.Helper()
	p := newPRRepo(t)
	keepAhead(t, filepath.Join(p.dir, "campaigns/spring"), time.Now())
	git(t, p.env, p.dir, "add", "-A")
	git(t, p.env, p.dir, "commit", "--quiet", "--allow-empty", "-m", "the campaign's dates ahead of the clock")
	return p
}

// TestActCheck runs warmaster-check.yml under act on pull_request_target
// events: bob's own orders pass; carol's push onto bob's pull request,
// changing bob's orders, fails with carol's rights refused (issue 20,
// item 1).
func TestActCheck(t *testing.T) {
	a := needAct(t)
	env := gitEnv(t)
	gs := newGitServer(t, env)
	origin := gs.repo(t, env, "acme/campaign")

	p := actPRRepo(t)
	git(t, env, p.dir, "push", "--quiet", origin, "main")
	bob := readFile(t, filepath.Join(repoRoot(t), "campaigns/vespator-front/phases/01/orders/bob.toml"))

	// The workspace act runs in: a clone whose origin is github.com's
	// address (act reads the repository's name from it).
	work := filepath.Join(t.TempDir(), "campaign")
	git(t, env, p.tmp, "clone", "--quiet", origin, work)
	git(t, env, work, "remote", "set-url", "origin", "https://github.com/acme/campaign.git")

	// pullRequest pushes a pull request as GitHub keeps it (refs/pull/N/head
	// and its merge commit refs/pull/N/merge) and the event of its
	// synchronize.
	pullRequest := func(n int, author, sender string, edit func(dir string)) map[string]any {
		base := git(t, env, p.dir, "rev-parse", "main")
		git(t, env, p.dir, "checkout", "--quiet", "-B", "pr", "main")
		edit(p.dir)
		git(t, env, p.dir, "add", "-A")
		git(t, env, p.dir, "commit", "--quiet", "-m", "the pull request")
		head := git(t, env, p.dir, "rev-parse", "HEAD")
		git(t, env, p.dir, "checkout", "--quiet", "--detach", "main")
		git(t, env, p.dir, "merge", "--quiet", "--no-ff", "-m", "Merge "+head+" into main", head)
		merge := git(t, env, p.dir, "rev-parse", "HEAD")
		git(t, env, p.dir, "push", "--quiet", origin, fmt.Sprintf("%s:refs/pull/%d/head", head, n), fmt.Sprintf("%s:refs/pull/%d/merge", merge, n))
		git(t, env, p.dir, "checkout", "--quiet", "--force", "main")
		return map[string]any{
			"action": "synchronize",
			"number": n,
			"pull_request": map[string]any{
				"number":           n,
				"user":             map[string]any{"login": author},
				"head":             map[string]any{"sha": head, "ref": "pr", "repo": map[string]any{"full_name": "acme/campaign"}},
				"base":             map[string]any{"sha": base, "ref": "main", "repo": map[string]any{"full_name": "acme/campaign"}},
				"merge_commit_sha": merge,
			},
			"sender":     map[string]any{"login": sender},
			"repository": map[string]any{"full_name": "acme/campaign", "name": "campaign", "owner": map[string]any{"login": "acme"}, "default_branch": "main"},
		}
	}
	check := func(payload map[string]any) result {
		return runAct(t, a, env, work, actRun{event: "pull_request_target", workflow: "warmaster-check.yml", payload: payload,
			env:     []string{"GITHUB_SERVER_URL=" + gs.URL},
			secrets: []string{"GITHUB_TOKEN=check-token"}})
	}

	// A merge queue's group: pull request n merged onto main as the queue
	// makes it, on the branch gh-readonly-queue/main/pr-N-HEAD; GitHub's
	// API (the stand-in) says who authored it. act gives a merge_group run
	// the default branch as github.ref: GitHub gives the group's branch and
	// head, as GITHUB_REF and act's SHA_REF say here.
	api := standin.New("acme/campaign")
	t.Cleanup(api.Close)
	api.Tokens["check-token"] = standin.Token{Login: "github-actions[bot]", App: true, ReadOnly: true}
	queue := func(n int, author string, edit func(dir string)) (result, string) {
		base := git(t, env, p.dir, "rev-parse", "main")
		git(t, env, p.dir, "checkout", "--quiet", "-B", "pr", "main")
		edit(p.dir)
		git(t, env, p.dir, "add", "-A")
		git(t, env, p.dir, "commit", "--quiet", "-m", "the pull request")
		head := git(t, env, p.dir, "rev-parse", "HEAD")
		git(t, env, p.dir, "checkout", "--quiet", "--detach", "main")
		git(t, env, p.dir, "merge", "--quiet", "--no-ff", "-m", fmt.Sprintf("Merge pull request #%d", n), head)
		group := git(t, env, p.dir, "rev-parse", "HEAD")
		ref := fmt.Sprintf("refs/heads/gh-readonly-queue/main/pr-%d-%s", n, head)
		git(t, env, p.dir, "push", "--quiet", origin, group+":"+ref)
		git(t, env, p.dir, "checkout", "--quiet", "--force", "main")
		api.Pulls[n] = &standin.Pull{Number: n, User: standin.User{Login: author}, Head: head}
		payload := map[string]any{
			"action": "checks_requested",
			"merge_group": map[string]any{"head_sha": group, "head_ref": ref, "base_sha": base, "base_ref": "refs/heads/main",
				"head_commit": map[string]any{"id": group, "message": fmt.Sprintf("Merge pull request #%d", n)}},
			"sender":     map[string]any{"login": "github-merge-queue[bot]"},
			"repository": map[string]any{"full_name": "acme/campaign", "name": "campaign", "owner": map[string]any{"login": "acme"}, "default_branch": "main"},
		}
		return runAct(t, a, env, work, actRun{event: "merge_group", workflow: "warmaster-check.yml", payload: payload,
			env:     []string{"GITHUB_SERVER_URL=" + gs.URL, "GITHUB_API_URL=" + api.URL, "GITHUB_REF=" + ref, "SHA_REF=" + group},
			secrets: []string{"GITHUB_TOKEN=check-token"}}), ref
	}

	t.Run("OK", func(t *testing.T) {
		payload := pullRequest(1, "bob", "bob", func(dir string) {
			writeFile(t, filepath.Join(dir, "campaigns/spring/phases/01/orders/bob.toml"), bob)
		})
		res := check(payload)
		if res.code != 0 || !strings.Contains(res.out, "Job succeeded") {
			t.Fatalf("exit %d, want 0:\n%s", res.code, res.out)
		}
		if a := logAnnotations(res.out); len(a) > 0 {
			t.Errorf("annotations %q", a)
		}
		merge := payload["pull_request"].(map[string]any)["merge_commit_sha"].(string)
		for _, want := range []string{
			// actions/checkout fetched the merge commit, with the job's token.
			"::set-output:: commit=" + merge,
			"::set-output:: ref=refs/pull/1/merge",
			"| campaigns/spring: ok (1 changed file)",
			"| ## warmaster plan: campaigns/spring at ",
		} {
			if !strings.Contains(res.out, want) {
				t.Errorf("the log lacks %q:\n%s", want, res.out)
			}
		}
		if auth := gs.authorizations("/acme/campaign/git-upload-pack"); len(auth) == 0 || !slices.Contains(auth, basicToken("check-token")) {
			t.Errorf("actions/checkout's fetches sent %q, want the job's token", auth)
		}
	})

	// Issue 20, item 1: carol pushes onto bob's pull request a change to
	// bob's orders; GitHub's synchronize event names bob as the author and
	// carol as its sender.
	t.Run("ErrPushedOntoAnothersPullRequest", func(t *testing.T) {
		res := check(pullRequest(2, "bob", "carol", func(dir string) {
			writeFile(t, filepath.Join(dir, "campaigns/spring/phases/01/orders/bob.toml"), strings.Replace(bob, "\n", "\n# carol was here\n", 1))
		}))
		if res.code == 0 || !strings.Contains(res.out, "Job 'check' failed") {
			t.Fatalf("exit %d, want the check job failed:\n%s", res.code, res.out)
		}
		a := logAnnotations(res.out)
		// The player's sentence first, then the rule: carol's rights refused.
		want := "::error file=campaigns/spring/phases/01/orders/bob.toml,line=1,col=1,title=warmaster::"
		if len(a) != 1 || !strings.HasPrefix(a[0], want) || !strings.Contains(a[0], "Why: carol may not change this file: ") || !strings.Contains(a[0], "carol pushed to bob's pull request") {
			t.Errorf("annotations %q, want one at bob's orders refusing carol's change, saying carol pushed to bob's pull request:\n%s", a, res.out)
		}
	})

	// The merge queue: bob's pull request queued passes with bob's rights,
	// GitHub's API naming him; carol's, changing bob's orders, is refused
	// with hers.
	t.Run("MergeQueue", func(t *testing.T) {
		res, ref := queue(3, "bob", func(dir string) {
			writeFile(t, filepath.Join(dir, "campaigns/spring/phases/01/orders/bob.toml"), bob)
		})
		if res.code != 0 || !strings.Contains(res.out, "Job succeeded") {
			t.Fatalf("exit %d, want 0:\n%s", res.code, res.out)
		}
		if a := logAnnotations(res.out); len(a) > 0 {
			t.Errorf("annotations %q", a)
		}
		// actions/checkout fetched the group; both checks passed: bob's
		// own commits with his rights, then the whole group.
		if !strings.Contains(res.out, "::set-output:: ref="+ref) || strings.Count(res.out, "| campaigns/spring: ok (1 changed file)") != 2 {
			t.Errorf("the log should show the group checked out and checked twice:\n%s", res.out)
		}
		if !slices.Contains(api.Calls, "GET /repos/acme/campaign/pulls/3") {
			t.Errorf("the action did not ask GitHub who authored #3: %q", api.Calls)
		}
	})
	t.Run("ErrMergeQueueAnothersOrders", func(t *testing.T) {
		res, _ := queue(4, "carol", func(dir string) {
			writeFile(t, filepath.Join(dir, "campaigns/spring/phases/01/orders/bob.toml"), bob)
		})
		if res.code == 0 || !strings.Contains(res.out, "Job 'check' failed") {
			t.Fatalf("exit %d, want the check job failed:\n%s", res.code, res.out)
		}
		a := logAnnotations(res.out)
		want := "::error file=campaigns/spring/phases/01/orders/bob.toml,line=1,col=1,title=warmaster::"
		if len(a) != 1 || !strings.HasPrefix(a[0], want) || !strings.Contains(a[0], "Why: carol may not change this file: ") {
			t.Errorf("annotations %q, want one at bob's orders refusing carol's change:\n%s", a, res.out)
		}
	})
}

// pushEvent is the payload of a push of after onto main.
func pushEvent(before, after string) map[string]any {
	return map[string]any{
		"ref":        "refs/heads/main",
		"before":     before,
		"after":      after,
		"deleted":    false,
		"created":    false,
		"pusher":     map[string]any{"name": "alice"},
		"sender":     map[string]any{"login": "alice"},
		"repository": map[string]any{"full_name": "acme/campaign", "name": "campaign", "owner": map[string]any{"login": "acme"}, "default_branch": "main"},
	}
}

// TestActAdvanceAndDoctor runs warmaster-advance.yml under act on a push
// to main: advance applies the steps whose inputs are all in, commit-back
// pushes warmaster[bot]'s commit to the git stand-in with the push token,
// and notify opens the campaign's issue on the REST stand-in with the
// job's token. Then warmaster-doctor.yml, run by hand, finds what the
// repository's settings lack, fails, and says so on that issue.
func TestActAdvanceAndDoctor(t *testing.T) {
	a := needAct(t)
	env := gitEnv(t)
	gs := newGitServer(t, env)
	origin := gs.repo(t, env, "acme/campaign")
	api := standin.New("acme/campaign")
	t.Cleanup(api.Close)
	api.Tokens["job-token"] = standin.Token{Login: "github-actions[bot]", App: true}
	wellSetUp(api)

	p := actPRRepo(t)
	writeFile(t, filepath.Join(p.dir, "campaigns/spring/phases/01/orders/bob.toml"),
		readFile(t, filepath.Join(repoRoot(t), "campaigns/vespator-front/phases/01/orders/bob.toml")))
	// Phase 2's results, played weeks after the clock's today, would be
	// refused once advance reveals their battles (a result tells of a battle
	// already played, RULINGS 69): not filed yet, as in a real campaign.
	for _, d := range []string{"results", "confirmations"} {
		if err := os.RemoveAll(filepath.Join(p.dir, "campaigns/spring/phases/02", d)); err != nil {
			t.Fatal(err)
		}
	}
	git(t, env, p.dir, "add", "-A")
	git(t, env, p.dir, "commit", "--quiet", "-m", "bob's orders")
	git(t, env, p.dir, "push", "--quiet", origin, "main")
	before := git(t, env, p.dir, "rev-parse", "main^")
	after := git(t, env, p.dir, "rev-parse", "main")

	work := filepath.Join(t.TempDir(), "campaign")
	git(t, env, p.tmp, "clone", "--quiet", origin, work)
	git(t, env, work, "remote", "set-url", "origin", "https://github.com/acme/campaign.git")

	res := runAct(t, a, env, work, actRun{event: "push", workflow: "warmaster-advance.yml", payload: pushEvent(before, after),
		env:     []string{"GITHUB_SERVER_URL=" + gs.URL, "GITHUB_API_URL=" + api.URL},
		secrets: []string{"GITHUB_TOKEN=job-token", "WARMASTER_PUSH_TOKEN=push-token", "WARMASTER_DICE_KEY=the-dice-key"}})
	if res.code != 0 || strings.Count(res.out, "Job succeeded") != 2 {
		t.Fatalf("exit %d, want 0 and both jobs succeeded:\n%s", res.code, res.out)
	}
	for _, want := range []string{
		// The action saved Go's caches (advance only), and commit-back
		// printed what advance showed once it had pushed.
		"| Cache saved with key: warmaster-go-",
		// It replayed the campaign before applying a step, and kept what
		// that proved for the next run (docs/organisers.md, "Replaying
		// before each step").
		"campaigns/spring: replayed ",
		"| Cache saved with key: warmaster-verified-",
		"| commit-back: pushed to main (try 1)",
		"| applied phase 1: 2.1 Reveal Alliance Operations",
		// notify, with advance's output.
		"| opened issue \"War on the Vespator Front: ",
	} {
		if !strings.Contains(res.out, want) {
			t.Errorf("the log lacks %q:\n%s", want, res.out)
		}
	}
	subject := git(t, env, origin, "log", "-1", "--format=%an %s", "main")
	if !strings.HasPrefix(subject, "warmaster[bot] warmaster: spring ") {
		t.Errorf("main's last commit is %q, want warmaster[bot]'s", subject)
	}
	git(t, env, origin, "cat-file", "-e", "main:campaigns/spring/state.toml")
	if auth := gs.authorizations("/acme/campaign/git-receive-pack"); len(auth) == 0 || slices.ContainsFunc(auth, func(a string) bool { return a != basicToken("push-token") }) {
		t.Errorf("the pushes sent %q, want the push token alone", auth)
	}
	var issue *standin.Issue
	for _, is := range api.Issues {
		if slices.ContainsFunc(is.Labels, func(l standin.Label) bool { return l.Name == "warmaster:spring" }) {
			issue = is
		}
	}
	if issue == nil || issue.State != "open" || !strings.HasPrefix(issue.Title, "War on the Vespator Front: phase ") || issue.User.Login != "github-actions[bot]" {
		t.Fatalf("no open campaign issue labelled warmaster:spring by the job's token: %+v\ncalls %q", issue, api.Calls)
	}
	if !strings.HasPrefix(issue.Body, "<!-- warmaster:campaign campaigns/spring -->") || !strings.Contains(issue.Body, "phase 2 of 3") {
		t.Errorf("the campaign issue does not say where campaigns/spring stands:\n%s", issue.Body)
	}

	// doctor, on main as advance left it.
	git(t, env, work, "pull", "--quiet", "--ff-only", origin, "main")
	dispatch := map[string]any{"inputs": map[string]any{}, "ref": "refs/heads/main", "sender": map[string]any{"login": "alice"},
		"repository": map[string]any{"full_name": "acme/campaign", "name": "campaign", "owner": map[string]any{"login": "acme"}, "default_branch": "main"}}
	doctor := func() result {
		return runAct(t, a, env, work, actRun{event: "workflow_dispatch", workflow: "warmaster-doctor.yml", payload: dispatch,
			env:     []string{"GITHUB_SERVER_URL=" + gs.URL, "GITHUB_API_URL=" + api.URL},
			secrets: []string{"GITHUB_TOKEN=job-token", "WARMASTER_PUSH_TOKEN=push-token", "WARMASTER_DOCTOR_TOKEN=doctor-token"}})
	}
	res = doctor()
	pinned := "problem: .github/workflows: warmaster/warmaster/.github/actions/warmaster is named at \"main\", which can change under you (a branch)"
	if res.code == 0 || !strings.Contains(res.out, "Job 'doctor' failed") {
		t.Fatalf("doctor: exit %d, want the job failed:\n%s", res.code, res.out)
	}
	for _, want := range []string{"| " + pinned, "| warmaster doctor: 1 problem to mend", "| commented on issue #" + fmt.Sprint(issue.Number) + " (doctor)"} {
		if !strings.Contains(res.out, want) {
			t.Errorf("doctor's log lacks %q (the stand-in is set up as the guide asks: the pin is the one problem):\n%s", want, res.out)
		}
	}
	doctorComments := func() []string {
		var out []string
		for _, c := range api.Issue(issue.Number).Comments {
			if strings.HasPrefix(c.Body, "<!-- warmaster:doctor ") && c.User.Login == "github-actions[bot]" {
				out = append(out, c.Body)
			}
		}
		return out
	}
	if c := doctorComments(); len(c) != 1 || !strings.Contains(c[0], "named at \"main\"") {
		t.Errorf("doctor's comments on the campaign issue %q, want one naming the pin", c)
	}

	// The Warmaster pins the workflows to a release, as doctor says; the
	// next run finds nothing and says so on the issue.
	for _, f := range []string{"warmaster-check.yml", "warmaster-advance.yml", "warmaster-doctor.yml"} {
		path := filepath.Join(work, ".github/workflows", f)
		writeFile(t, path, strings.ReplaceAll(readFile(t, path), "/.github/actions/warmaster@main", "/.github/actions/warmaster@"+actTag))
	}
	git(t, env, work, "commit", "--quiet", "-am", "pin the warmaster action to "+actTag)
	git(t, env, work, "push", "--quiet", origin, "HEAD:main")
	res = doctor()
	if res.code != 0 || !strings.Contains(res.out, "Job succeeded") || strings.Contains(res.out, "| problem: ") {
		t.Fatalf("doctor after the pin: exit %d, want 0 and no problem:\n%s", res.code, res.out)
	}
	if c := doctorComments(); len(c) != 2 || !strings.Contains(c[1], "everything the organisers' guide asks is in place") {
		t.Errorf("doctor's comments on the campaign issue %q, want a second saying everything is in place", c)
	}
}

// wellSetUp sets the stand-in's repository up as the organisers' guide
// asks: the warmaster environment on main with the push token, main
// protected with the check required and code owners' reviews, the players
// collaborators; the push token alice's, expiring in a year, and a
// read-only doctor token of hers.
func wellSetUp(s *standin.Server) {
	s.Tokens["push-token"] = standin.Token{Login: "alice", Expires: time.Now().AddDate(1, 0, 0)}
	s.Tokens["doctor-token"] = standin.Token{Login: "alice", ReadOnly: true}
	s.Environments["warmaster"] = map[string]any{"id": 1, "name": "warmaster", "deployment_branch_policy": map[string]bool{"protected_branches": false, "custom_branch_policies": true}}
	s.BranchPolicies["warmaster"] = []string{"main"}
	s.EnvSecrets["warmaster"] = []string{"WARMASTER_PUSH_TOKEN", "WARMASTER_DOCTOR_TOKEN"}
	s.Protection["main"] = map[string]any{
		"required_status_checks":        map[string]any{"strict": true, "contexts": []string{"check"}, "checks": []map[string]any{{"context": "check", "app_id": 15368}}},
		"required_pull_request_reviews": map[string]any{"require_code_owner_reviews": true, "dismiss_stale_reviews": true, "require_last_push_approval": true, "required_approving_review_count": 1},
	}
	for _, l := range []string{"alice", "bob", "carol", "dave", "erin", "frank"} {
		s.Collaborators[l] = "write"
	}
	s.Collaborators["alice"] = "admin"
}
