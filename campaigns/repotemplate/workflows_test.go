package repotemplate

import (
	"crypto/sha256"
	"encoding/hex"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/rhysd/actionlint"
)

// localAction is the warmaster action as a workflow of the tool's own
// repository would name it.
const localAction = "./.github/actions/warmaster"

// pinnedRef is a full commit hash to write the template with, as init-repo
// pins a build of a clean clone.
const pinnedRef = "0123456789abcdef0123456789abcdef01234567"

// workflowFile is a workflow: what the tests call it, and where it is.
type workflowFile struct{ name, path string }

// workflowFiles are every workflow the tests hold to the rules: the tool
// repository's own, and the template's as init-repo writes them, at main
// and pinned to a commit and to a tag.
func workflowFiles(t *testing.T) []workflowFile {
	t.Helper()
	var files []workflowFile
	for _, ext := range []string{"*.yml", "*.yaml"} {
		m, err := filepath.Glob(filepath.Join(repoRoot(t), ".github", "workflows", ext))
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range m {
			files = append(files, workflowFile{".github/workflows/" + filepath.Base(p), p})
		}
	}
	for _, ref := range []string{DefaultRef, pinnedRef, "v1.2.3"} {
		dir := t.TempDir()
		for _, f := range writeTemplate(t, dir, Options{Ref: ref}) {
			if strings.HasPrefix(f.Path, ".github/workflows/") {
				files = append(files, workflowFile{"template@" + ref[:min(len(ref), 8)] + "/" + path.Base(f.Path), filepath.Join(dir, filepath.FromSlash(f.Path))})
			}
		}
	}
	if len(files) < 7 {
		t.Fatalf("found only %d workflows: %v", len(files), files)
	}
	return files
}

// TestActionlint runs actionlint, a tool dependency in go.mod, over every
// workflow; any finding fails. actionlint also runs shellcheck over the
// `run:` scripts when shellcheck is installed.
func TestActionlint(t *testing.T) {
	needTools(t, "go")
	args := []string{"tool", "actionlint", "-no-color", "-oneline"}
	for _, f := range workflowFiles(t) {
		args = append(args, f.path)
	}
	res := run(t, os.Environ(), repoRoot(t), "go", args...)
	if res.code != 0 || strings.TrimSpace(res.out) != "" {
		t.Errorf("actionlint exited %d:\n%s", res.code, res.out)
	}
}

// TestShellcheck checks the scripts themselves, when shellcheck is there.
func TestShellcheck(t *testing.T) {
	needTools(t, "shellcheck")
	dir := ".github/actions/warmaster/"
	res := run(t, os.Environ(), repoRoot(t), "shellcheck", dir+"commit-back.sh", dir+"run.sh", dir+"cache-key.sh")
	if res.code != 0 {
		t.Errorf("shellcheck exited %d:\n%s", res.code, res.out)
	}
}

func parseWorkflow(t *testing.T, file string) *actionlint.Workflow {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	w, errs := actionlint.Parse(data)
	for _, e := range errs {
		t.Errorf("%s: %v", file, e)
	}
	if w == nil {
		t.FailNow()
	}
	return w
}

func str(s *actionlint.String) string {
	if s == nil {
		return ""
	}
	return s.Value
}

// warmasterCommand is the command a step gives the warmaster action, or "".
func warmasterCommand(s *actionlint.Step) string {
	a, ok := s.Exec.(*actionlint.ExecAction)
	if !ok {
		return ""
	}
	if u := str(a.Uses); u != localAction && !strings.HasPrefix(u, Action+"@") {
		return ""
	}
	if in := a.Inputs["command"]; in != nil {
		return str(in.Value)
	}
	return ""
}

func envRefersToSecrets(env *actionlint.Env) []string {
	var names []string
	if env == nil {
		return nil
	}
	if strings.Contains(str(env.Expression), "secrets") {
		names = append(names, "(expression)")
	}
	for _, v := range env.Vars {
		if strings.Contains(str(v.Value), "secrets.") {
			names = append(names, str(v.Name))
		}
	}
	sort.Strings(names)
	return names
}

// TestWorkflowRules: least privilege everywhere; no expression inside a
// shell script (untrusted text goes through env: or an action input); no
// checkout keeps a token in .git/config; the secrets only in the `warmaster`
// environment, named by the advance job alone, and given as env to the two
// steps that use them (the dice key and age identity to advance, the push
// token to commit-back); advance runs that never overlap; and a pull
// request's check that the pull request cannot change and that always
// reports.
func TestWorkflowRules(t *testing.T) {
	for _, file := range workflowFiles(t) {
		t.Run(file.name, func(t *testing.T) {
			w := parseWorkflow(t, file.path)
			if p := w.Permissions; p == nil || p.All != nil || len(p.Scopes) > 0 {
				t.Errorf("the workflow must say `permissions: {}` and grant per job")
			}
			if names := envRefersToSecrets(w.Env); len(names) > 0 {
				t.Errorf("workflow env passes secrets: %v", names)
			}
			advances, checks := false, false
			for id, job := range w.Jobs {
				runsAdvance := jobRunsAdvance(job)
				usesSecrets := false
				for i, s := range job.Steps {
					if r, ok := s.Exec.(*actionlint.ExecRun); ok && strings.Contains(str(r.Run), "${{") {
						t.Errorf("job %s step %d: an expression inside run: (pass it through env:)", id, i+1)
					}
					if a, ok := s.Exec.(*actionlint.ExecAction); ok {
						for name, in := range a.Inputs {
							if strings.Contains(str(in.Value), "secrets.") {
								t.Errorf("job %s step %d: input %s passes a secret (give it as env: to the step that uses it)", id, i+1, name)
							}
						}
						if strings.HasPrefix(str(a.Uses), "actions/checkout@") {
							if in := a.Inputs["persist-credentials"]; in == nil || str(in.Value) != "false" {
								t.Errorf("job %s step %d: a checkout keeps no token in .git/config: persist-credentials: false", id, i+1)
							}
						}
					}
					cmd := warmasterCommand(s)
					checks = checks || cmd == "check"
					secrets := envRefersToSecrets(s.Env)
					if len(secrets) == 0 {
						continue
					}
					usesSecrets = true
					var want []string
					switch {
					case cmd == "advance":
						want = []string{"WARMASTER_AGE_IDENTITY", "WARMASTER_DICE_KEY"}
					case runsCommitBack(s):
						want = []string{"COMMIT_BACK_TOKEN"}
					case cmd == "doctor":
						// It reads GitHub with them: the push token's expiry,
						// the settings the workflow's token may not read.
						want = []string{"WARMASTER_DOCTOR_TOKEN", "WARMASTER_PUSH_TOKEN"}
					default:
						t.Errorf("job %s step %d: secrets %v given to a step that neither advances nor commits back", id, i+1, secrets)
						continue
					}
					if !slices.Equal(secrets, want) {
						t.Errorf("job %s step %d: secrets %v, want %v", id, i+1, secrets, want)
					}
				}
				advances = advances || runsAdvance
				if names := envRefersToSecrets(job.Env); len(names) > 0 {
					t.Errorf("job %s env passes secrets: %v", id, names)
				}
				env := ""
				if job.Environment != nil {
					env = str(job.Environment.Name)
				}
				switch {
				case (usesSecrets || runsAdvance) && env != "warmaster":
					t.Errorf("job %s uses the secrets: it must name the environment that holds them (environment: warmaster), not %q", id, env)
				case !usesSecrets && !runsAdvance && env != "":
					t.Errorf("job %s uses no secret, yet names the environment %q", id, env)
				}
				p := job.Permissions
				if p == nil || p.All != nil {
					t.Errorf("job %s must list its permissions", id)
					continue
				}
				want := map[string]string{"contents": "read"}
				if runsAdvance {
					want["contents"] = "write"
				}
				if checks {
					// A merge queue's group: who authored the queued pull
					// request; a pull request: the review of suggested
					// changes (warmaster suggest) the action posts on it.
					want["pull-requests"] = "write"
				}
				// notify and doctor post on issues, and nothing else does.
				if jobRuns(job, "notify") || jobRuns(job, "doctor") {
					if runsAdvance {
						t.Errorf("job %s advances and posts on issues: give notify a job of its own", id)
					}
					want["issues"] = "write"
				}
				got := map[string]string{}
				for name, scope := range p.Scopes {
					got[name] = str(scope.Value)
				}
				if !maps.Equal(got, want) {
					t.Errorf("job %s permissions %v, want %v", id, got, want)
				}
			}

			hooks := map[string]*actionlint.WebhookEvent{}
			var names []string
			for _, e := range w.On {
				names = append(names, e.EventName())
				if we, ok := e.(*actionlint.WebhookEvent); ok {
					hooks[e.EventName()] = we
				}
			}
			sort.Strings(names)
			switch {
			case advances:
				if got, want := strings.Join(names, " "), "push schedule workflow_dispatch"; got != want {
					t.Errorf("advance runs on %q, want %q", got, want)
				}
				if push := hooks["push"]; push == nil || push.Branches == nil || push.Paths != nil {
					t.Errorf("advance runs on every push to the default branch: `branches: [main]`, no paths filter (declared campaigns may be anywhere)")
				}
				c := w.Concurrency
				if c == nil || str(c.Group) == "" || strings.Contains(str(c.Group), "${{") {
					t.Errorf("advance needs one fixed concurrency group so runs never overlap")
				} else if c.CancelInProgress != nil && c.CancelInProgress.Value {
					t.Errorf("advance must never be cancelled midway (cancel-in-progress: false)")
				}
			case checks:
				checkRules(t, w, names, hooks)
			}
		})
	}
}

// checkRules are a pull request check's: on pull_request_target (its
// workflow and action from the base) and merge_group, with no filter so
// that the required check always reports; a job named check that runs no
// shell; the pull request checked out as data, and only the base's action
// run.
func checkRules(t *testing.T, w *actionlint.Workflow, names []string, hooks map[string]*actionlint.WebhookEvent) {
	t.Helper()
	if got, want := strings.Join(names, " "), "merge_group pull_request_target"; got != want {
		t.Errorf("a pull request check runs on %q, want %q", got, want)
	}
	if h := hooks["pull_request_target"]; h != nil && (h.Paths != nil || h.PathsIgnore != nil || h.Branches != nil || h.BranchesIgnore != nil) {
		t.Errorf("pull_request_target has a filter: the required check must report on every pull request")
	}
	// GitHub's default types, and edited: a pull request whose base is
	// switched to the default branch is checked again against it.
	if h := hooks["pull_request_target"]; h != nil {
		var types []string
		for _, ty := range h.Types {
			types = append(types, str(ty))
		}
		sort.Strings(types)
		if got, want := strings.Join(types, " "), "edited opened reopened synchronize"; got != want {
			t.Errorf("pull_request_target runs on types %q, want %q", got, want)
		}
	}
	if _, ok := w.Jobs["check"]; !ok || len(w.Jobs) != 1 {
		t.Errorf("one job, named check (the required status check), not %d", len(w.Jobs))
	}
	for id, job := range w.Jobs {
		base, prPath := false, ""
		for i, s := range job.Steps {
			switch e := s.Exec.(type) {
			case *actionlint.ExecRun:
				t.Errorf("job %s step %d: a run: step in a pull_request_target job (nothing of the pull request may run)", id, i+1)
			case *actionlint.ExecAction:
				uses := str(e.Uses)
				switch {
				case strings.HasPrefix(uses, "actions/checkout@"):
					ref, p := e.Inputs["ref"], e.Inputs["path"]
					switch {
					case ref == nil && p == nil:
						base = true
					case ref != nil && strings.Contains(str(ref.Value), "refs/pull/{0}/merge"):
						if p != nil {
							prPath = str(p.Value)
						}
						if d := e.Inputs["fetch-depth"]; d == nil || str(d.Value) != "0" {
							t.Errorf("job %s step %d: the pull request's checkout needs its history (fetch-depth: 0)", id, i+1)
						}
					default:
						t.Errorf("job %s step %d: a checkout that is neither the base nor the pull request's merge commit", id, i+1)
					}
				case strings.HasPrefix(uses, "./"):
					// A local action runs from the workspace: it must be the
					// base's, with the pull request elsewhere.
					if !base || prPath == "" {
						t.Errorf("job %s step %d: %s would run the pull request's own action: check out the base at the root and the pull request under a path", id, i+1, uses)
					}
				}
				if warmasterCommand(s) == "check" {
					for _, in := range []string{"actor", "pushed-by", "changed-since", "head"} {
						if e.Inputs[in] == nil {
							t.Errorf("job %s: check needs the input %s", id, in)
						}
					}
					// A push onto someone else's pull request: the pusher is the
					// event's sender, whose rights count too.
					if p := e.Inputs["pushed-by"]; p != nil && !strings.Contains(str(p.Value), "github.event.sender.login") {
						t.Errorf("job %s: check's pushed-by is %q, not the event's sender", id, str(p.Value))
					}
					if p := e.Inputs["path"]; prPath != "" && (p == nil || str(p.Value) != prPath) {
						t.Errorf("job %s: check runs over the pull request's checkout, path %s", id, prPath)
					}
				}
			}
		}
	}
}

// runsCommitBack reports whether a step runs the action's commit-back.sh.
func runsCommitBack(s *actionlint.Step) bool {
	r, ok := s.Exec.(*actionlint.ExecRun)
	return ok && strings.Contains(str(r.Run), "commit-back.sh")
}

var runKey = regexp.MustCompile(`^(\s*)(?:-\s+)?run:\s*(.*)$`)

// TestActionScripts: the composite action's shell never expands an
// expression either; its inputs reach the script through env:.
func TestActionScripts(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(repoRoot(t), ".github/actions/warmaster/action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	for i := 0; i < len(lines); i++ {
		m := runKey.FindStringSubmatch(lines[i])
		if m == nil {
			continue
		}
		indent := len(m[1])
		if !strings.HasPrefix(m[2], "|") && !strings.HasPrefix(m[2], ">") {
			if strings.Contains(m[2], "${{") {
				t.Errorf("action.yml:%d: an expression inside run:", i+1)
			}
			continue
		}
		for i+1 < len(lines) {
			next := lines[i+1]
			if strings.TrimSpace(next) != "" && len(next)-len(strings.TrimLeft(next, " ")) <= indent {
				break
			}
			i++
			if strings.Contains(next, "${{") {
				t.Errorf("action.yml:%d: an expression inside run:", i+1)
			}
		}
	}
}

// jobRunsAdvance reports whether any step of the job runs warmaster advance.
func jobRunsAdvance(job *actionlint.Job) bool { return jobRuns(job, "advance") }

// jobRuns reports whether any step of the job runs the warmaster command.
func jobRuns(job *actionlint.Job, command string) bool {
	for _, s := range job.Steps {
		if warmasterCommand(s) == command {
			return true
		}
	}
	return false
}

// TestGoSetup: setup-go v6 everywhere; the action caches Go's module and
// build caches with actions/cache, keyed on its own go.sum and sources.
func TestGoSetup(t *testing.T) {
	root := repoRoot(t)
	files := append(workflowFiles(t), workflowFile{"action.yml", filepath.Join(root, ".github/actions/warmaster/action.yml")})
	setupGo := regexp.MustCompile(`uses:\s*actions/setup-go@(\S+)`)
	found := 0
	for _, f := range files {
		data, err := os.ReadFile(f.path)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range setupGo.FindAllStringSubmatch(string(data), -1) {
			found++
			if m[1] != "v6" {
				t.Errorf("%s: actions/setup-go@%s, want v6", f.name, m[1])
			}
		}
	}
	if found < 2 {
		t.Errorf("setup-go found %d times; the action and test.yml use it", found)
	}
	action := readFile(t, filepath.Join(root, ".github/actions/warmaster/action.yml"))
	if !strings.Contains(action, "uses: actions/cache/restore@v5") || !strings.Contains(action, "key: ${{ steps.go-cache.outputs.key }}") {
		t.Errorf("the action does not restore Go's caches with actions/cache/restore keyed on its go.sum")
	}
	// A pull request's check runs in the default branch's cache scope: what
	// it saved, the advance job (dice key, push token) would build with.
	// Only advance saves; the combined restore-and-save action appears
	// nowhere.
	if strings.Contains(action, "uses: actions/cache@") {
		t.Errorf("the action uses actions/cache, which saves at the end of every job, a pull request's check included: restore with actions/cache/restore, save with actions/cache/save in advance only")
	}
	save := regexp.MustCompile(`(?m)^\s*if: (.*)\n\s*uses: actions/cache/save@v5$`).FindStringSubmatch(action)
	if save == nil || !strings.Contains(save[1], "inputs.command == 'advance'") {
		t.Errorf("the action's actions/cache/save step is not for advance alone: %q", save)
	}
	// Nothing of the checked-out repository chooses what is built: the key
	// and the build run with the action's own module alone.
	for _, step := range []string{"Key Go's caches on the action's go.sum and sources", "Build warmaster"} {
		i := strings.Index(action, "- name: "+step)
		if i < 0 {
			t.Fatalf("the action has no step %q", step)
		}
		body := action[i:]
		if j := strings.Index(body[1:], "\n    - name: "); j >= 0 {
			body = body[:j+1]
		}
		for _, want := range []string{"GOTOOLCHAIN: local", `GOWORK: "off"`, "GOFLAGS: -mod=readonly"} {
			if !strings.Contains(body, want) {
				t.Errorf("the action's step %q does not set %s", step, want)
			}
		}
	}

	// The key: the runner, Go, go.sum, the sources; the restore key the
	// same without the sources.
	needTools(t, "bash", "go", "sha256sum")
	out := filepath.Join(t.TempDir(), "outputs")
	env := append(os.Environ(), "GITHUB_ACTION_PATH="+filepath.Join(root, ".github/actions/warmaster"), "GITHUB_OUTPUT="+out, "RUNNER_OS=Linux", "RUNNER_ARCH=X64")
	if res := run(t, env, root, "bash", script(t, ".github/actions/warmaster/cache-key.sh")); res.code != 0 {
		t.Fatalf("cache-key.sh: exit %d\n%s", res.code, res.out)
	}
	sum := sha256.Sum256([]byte(readFile(t, filepath.Join(root, "go.sum"))))
	prefix := "warmaster-go-Linux-X64-" + runtime.Version() + "-" + hex.EncodeToString(sum[:]) + "-"
	got := readFile(t, out)
	if !regexp.MustCompile(`(?m)^key=`+regexp.QuoteMeta(prefix)+`[0-9a-f]{64}$`).MatchString(got) || !strings.Contains(got, "restore-key="+prefix+"\n") {
		t.Errorf("cache keys:\n%s\nwant key=%s<sources> and restore-key=%s", got, prefix, prefix)
	}
	for _, name := range []string{"modcache=", "buildcache="} {
		if !strings.Contains(got, name) {
			t.Errorf("outputs lack %s:\n%s", name, got)
		}
	}

	// The attack: a pull request's work tree holding a go.mod that asks for
	// a toolchain of its choosing and a go.work, with the key computed there.
	// The key is the same, and no toolchain is fetched or run.
	evil := t.TempDir()
	for name, text := range map[string]string{
		"go.mod":  "module evil\n\ngo 1.99\n\ntoolchain go1.99.9\n",
		"go.work": "go 1.99\n\nuse .\n",
	} {
		if err := os.WriteFile(filepath.Join(evil, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out2 := filepath.Join(t.TempDir(), "outputs")
	env2 := append(os.Environ(), "GITHUB_ACTION_PATH="+filepath.Join(root, ".github/actions/warmaster"), "GITHUB_OUTPUT="+out2, "RUNNER_OS=Linux", "RUNNER_ARCH=X64",
		// As on GitHub's runners, where go follows a go.mod's toolchain line;
		// no proxy, so a switch fails here instead of downloading.
		"GOTOOLCHAIN=auto", "GOPROXY=off", "GOFLAGS=-modfile="+filepath.Join(evil, "go.mod"))
	if res := run(t, env2, evil, "bash", script(t, ".github/actions/warmaster/cache-key.sh")); res.code != 0 {
		t.Fatalf("cache-key.sh in a work tree with its own go.mod and go.work: exit %d\n%s", res.code, res.out)
	}
	if got2 := readFile(t, out2); got2 != got {
		t.Errorf("cache-key.sh in a hostile work tree gives\n%s\nnot\n%s", got2, got)
	}
}

// scriptRef is a script a workflow runs from the action's folder
// ($WARMASTER_ACTION) or the action's repository ($WARMASTER_HOME).
var scriptRef = regexp.MustCompile(`\$\{?(WARMASTER_ACTION|WARMASTER_HOME)\}?/([^"'\s]+)`)

// TestCommitBackBesideAction: commit-back.sh lives beside the action that
// builds the warmaster it commits for; the action tells later steps where
// (WARMASTER_ACTION), and every script a workflow runs from there exists.
// A workflow that advances also commits back.
func TestCommitBackBesideAction(t *testing.T) {
	root := repoRoot(t)
	action := readFile(t, filepath.Join(root, ".github/actions/warmaster/action.yml"))
	if !strings.Contains(action, `echo "WARMASTER_ACTION=$GITHUB_ACTION_PATH"`) {
		t.Errorf("the action does not set WARMASTER_ACTION to its folder in $GITHUB_ENV")
	}
	for _, file := range workflowFiles(t) {
		w := parseWorkflow(t, file.path)
		for id, job := range w.Jobs {
			commitsBack := false
			for _, s := range job.Steps {
				r, ok := s.Exec.(*actionlint.ExecRun)
				if !ok {
					continue
				}
				commitsBack = commitsBack || runsCommitBack(s)
				for _, m := range scriptRef.FindAllStringSubmatch(str(r.Run), -1) {
					p := filepath.Join(root, filepath.FromSlash(m[2]))
					if m[1] == "WARMASTER_ACTION" {
						p = filepath.Join(root, ".github/actions/warmaster", filepath.FromSlash(m[2]))
					}
					if _, err := os.Stat(p); err != nil {
						t.Errorf("%s job %s runs %s, which is not there: %v", file.name, id, m[0], err)
					}
				}
			}
			if jobRunsAdvance(job) && !commitsBack {
				t.Errorf("%s job %s advances and never runs commit-back.sh", file.name, id)
			}
		}
	}
}

// TestLayout: the tool repository's top level is the design's: cmd,
// processor, schema, campaigns, .github, docs, .ci, go.mod, go.sum,
// README.md and .gitignore; nothing else is committed there.
func TestLayout(t *testing.T) {
	needTools(t, "git")
	res := run(t, gitEnv(t), repoRoot(t), "git", "ls-files", "-z", "--", ".")
	if res.code != 0 {
		t.Skipf("not a git work tree: %s", res.out)
	}
	allowed := []string{"cmd", "processor", "schema", "campaigns", ".github", "docs", ".ci", "go.mod", "go.sum", "README.md", ".gitignore"}
	seen := map[string]bool{}
	for _, f := range strings.Split(strings.TrimSuffix(res.out, "\x00"), "\x00") {
		top, _, _ := strings.Cut(f, "/")
		if !seen[top] && !slices.Contains(allowed, top) {
			t.Errorf("%s is at the top level: the layout holds only %s", top, strings.Join(allowed, ", "))
		}
		seen[top] = true
	}
}

// stepScript is the run: script of the step with id in the workflow file.
func stepScript(t *testing.T, file, job, id string) string {
	t.Helper()
	w := parseWorkflow(t, file)
	j := w.Jobs[job]
	if j == nil {
		t.Fatalf("%s has no job %s", file, job)
	}
	for _, s := range j.Steps {
		if str(s.ID) == id {
			if r, ok := s.Exec.(*actionlint.ExecRun); ok {
				return str(r.Run)
			}
		}
	}
	t.Fatalf("%s job %s has no run: step %s", file, job, id)
	return ""
}

// TestFailureMessage runs the advance workflow's step that keeps what
// failed for the Warmasters' issue: what a failed campaign said, and
// commit-back's own lines when the push failed — never what advance
// showed of the steps applied (which stays unpublished when the push
// failed).
func TestFailureMessage(t *testing.T) {
	needTools(t, "bash", "grep", "head")
	dir := t.TempDir()
	file := filepath.Join(dir, "warmaster-advance.yml")
	files, _, err := Files(Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if f.Path == ".github/workflows/warmaster-advance.yml" {
			writeFile(t, file, string(f.Data))
		}
	}
	script := filepath.Join(dir, "failure.sh")
	writeFile(t, script, "set -eo pipefail\n"+stepScript(t, file, "advance", "failure"))
	applied := filepath.Join(dir, "applied.tsv")
	writeFile(t, applied+".failed", "warmaster advance campaigns/autumn: exit status 1\n::error file=campaigns/autumn/phases/01/orders/bob.toml,line=1,col=1,title=warmaster::restore it: git checkout abc -- campaigns/autumn/phases/01/orders/bob.toml\n")
	writeFile(t, applied+".out", "warmaster advance campaigns/spring:\nred-1 attacks blue at kryndaer (revealed)\n")
	writeFile(t, filepath.Join(dir, "warmaster-commit-back.log"), "commit-back: committed 1234 warmaster: spring phase 1 step 2.1\nred-1 attacks blue at kryndaer (revealed)\ncommit-back: while advance ran, origin/main changed what this commit advanced:\n    campaigns/spring/phases/01/orders/bob.toml\n")
	out := filepath.Join(dir, "output")
	env := append(os.Environ(), "APPLIED="+applied, "COMMIT_OUTCOME=failure", "RUNNER_TEMP="+dir, "GITHUB_OUTPUT="+out, "GITHUB_RUN_ID=77")
	if res := run(t, env, dir, "bash", script); res.code != 0 {
		t.Fatalf("exit %d:\n%s", res.code, res.out)
	}
	got := readFile(t, out)
	for _, want := range []string{"message<<warmaster-failure-77\n", "warmaster advance campaigns/autumn: exit status 1", "git checkout abc --", "commit-back: while advance ran", "    campaigns/spring/phases/01/orders/bob.toml", "\nwarmaster-failure-77\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("the failure message lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "revealed") {
		t.Errorf("the failure message shows what the unpushed steps revealed:\n%s", got)
	}
}
