package githubci

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
	"github.com/rhysd/actionlint"

	"github.com/warmaster/warmaster/processor/repository"
)

// The composite action as the template refers to it, and as this
// repository's own workflows do.
const (
	templateAction = "warmaster/warmaster/.github/actions/warmaster@main"
	localAction    = "./.github/actions/warmaster"
)

// workflowFiles are every workflow of this repository and of the template,
// relative to the repository root.
func workflowFiles(t *testing.T) []string {
	t.Helper()
	root := repoRoot(t)
	var files []string
	for _, dir := range []string{".github/workflows", "repo-template/.github/workflows"} {
		for _, ext := range []string{"*.yml", "*.yaml"} {
			m, err := filepath.Glob(filepath.Join(root, dir, ext))
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range m {
				rel, _ := filepath.Rel(root, f)
				files = append(files, filepath.ToSlash(rel))
			}
		}
	}
	sort.Strings(files)
	if len(files) < 5 {
		t.Fatalf("found only %d workflows: %q", len(files), files)
	}
	return files
}

// TestActionlint runs actionlint, a tool dependency in go.mod, over every
// workflow; any finding fails. actionlint also runs shellcheck over the
// `run:` scripts when shellcheck is installed.
func TestActionlint(t *testing.T) {
	needTools(t, "go")
	files := workflowFiles(t)
	res := run(t, os.Environ(), repoRoot(t), "go", append([]string{"tool", "actionlint", "-no-color", "-oneline"}, files...)...)
	if res.code != 0 || strings.TrimSpace(res.out) != "" {
		t.Errorf("actionlint exited %d:\n%s", res.code, res.out)
	}
}

// TestShellcheck checks the scripts themselves, when shellcheck is there.
func TestShellcheck(t *testing.T) {
	needTools(t, "shellcheck")
	res := run(t, os.Environ(), repoRoot(t), "shellcheck", "scripts/commit-back.sh", ".github/actions/warmaster/run.sh", ".github/actions/warmaster/cache-key.sh")
	if res.code != 0 {
		t.Errorf("shellcheck exited %d:\n%s", res.code, res.out)
	}
}

func parseWorkflow(t *testing.T, file string) *actionlint.Workflow {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot(t), file))
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
	if u := str(a.Uses); u != localAction && u != templateAction {
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
		t.Run(path.Base(file), func(t *testing.T) {
			w := parseWorkflow(t, file)
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
				got := map[string]string{}
				for name, scope := range p.Scopes {
					got[name] = str(scope.Value)
				}
				if len(got) != len(want) || got["contents"] != want["contents"] {
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
	if h := hooks["pull_request_target"]; h != nil && (h.Paths != nil || h.PathsIgnore != nil || h.Branches != nil || h.BranchesIgnore != nil || len(h.Types) > 0) {
		t.Errorf("pull_request_target has a filter: the required check must report on every pull request")
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
					for _, in := range []string{"actor", "changed-since", "head"} {
						if e.Inputs[in] == nil {
							t.Errorf("job %s: check needs the input %s", id, in)
						}
					}
					if p := e.Inputs["path"]; prPath != "" && (p == nil || str(p.Value) != prPath) {
						t.Errorf("job %s: check runs over the pull request's checkout, path %s", id, prPath)
					}
				}
			}
		}
	}
}

// runsCommitBack reports whether a step runs scripts/commit-back.sh.
func runsCommitBack(s *actionlint.Step) bool {
	r, ok := s.Exec.(*actionlint.ExecRun)
	return ok && strings.Contains(str(r.Run), "scripts/commit-back.sh")
}

// stepSummary is what a job does, step by step, with the template's action
// reference read as this repository's. This repository's check also checks
// out its base (its action is local) and the pull request under a path:
// those are left out, so that the two read alike.
func stepSummary(w *actionlint.Workflow) []string {
	var out []string
	ids := make([]string, 0, len(w.Jobs))
	for id := range w.Jobs {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		job := w.Jobs[id]
		for _, s := range job.Steps {
			line := []string{"job " + id, "if " + str(s.If)}
			switch e := s.Exec.(type) {
			case *actionlint.ExecAction:
				uses := str(e.Uses)
				if uses == templateAction {
					uses = localAction
				}
				if strings.HasPrefix(uses, "actions/checkout@") && e.Inputs["ref"] == nil && e.Inputs["fetch-depth"] == nil {
					continue // this repository's base, for its local action
				}
				line = append(line, "uses "+uses)
				for name, in := range e.Inputs {
					if name != "path" {
						line = append(line, "with "+name+"="+str(in.Value))
					}
				}
			case *actionlint.ExecRun:
				line = append(line, "run "+str(e.Run))
			}
			if s.Env != nil {
				for name, v := range s.Env.Vars {
					line = append(line, "env "+name+"="+str(v.Value))
				}
			}
			sort.Strings(line[2:])
			out = append(out, strings.Join(line, "; "))
		}
		if job.Environment != nil {
			out = append(out, "job "+id+" environment "+str(job.Environment.Name))
		}
	}
	return out
}

// TestTemplateWorkflows: the template's workflows do what this repository's
// do, through the action by its documented reference.
func TestTemplateWorkflows(t *testing.T) {
	root := repoRoot(t)
	owner, rest, _ := strings.Cut(templateAction, "/")
	_, rest, _ = strings.Cut(rest, "/")
	actionDir, _, _ := strings.Cut(rest, "@")
	if owner != "warmaster" {
		t.Errorf("template action %q", templateAction)
	}
	if _, err := os.Stat(filepath.Join(root, actionDir, "action.yml")); err != nil {
		t.Errorf("the template's action %s: %v", templateAction, err)
	}
	for here, there := range map[string]string{
		".github/workflows/campaign-check.yml": "repo-template/.github/workflows/warmaster-check.yml",
		".github/workflows/campaign.yml":       "repo-template/.github/workflows/warmaster-advance.yml",
	} {
		a, b := stepSummary(parseWorkflow(t, here)), stepSummary(parseWorkflow(t, there))
		if strings.Join(a, "\n") != strings.Join(b, "\n") {
			t.Errorf("%s and %s differ:\n%s\n---\n%s", here, there, strings.Join(a, "\n"), strings.Join(b, "\n"))
		}
		data, err := os.ReadFile(filepath.Join(root, there))
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(data), localAction) || !strings.Contains(string(data), "uses: "+templateAction) {
			t.Errorf("%s must use the action as %s", there, templateAction)
		}
	}
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

// taploConfig is the part of Taplo's .taplo.toml the template uses.
type taploConfig struct {
	Rule []struct {
		Name    string
		Include []string
		Schema  struct {
			URL string `toml:"url"`
		}
	}
}

// TestTaploTemplate: the template's .taplo.toml gives each kind of file a
// player writes its schema, as raw files of this repository's schema/, and
// nothing Warmaster writes.
func TestTaploTemplate(t *testing.T) {
	root := repoRoot(t)
	var cfg taploConfig
	md, err := toml.DecodeFile(filepath.Join(root, "repo-template/.taplo.toml"), &cfg)
	if err != nil {
		t.Fatal(err)
	}
	if un := md.Undecoded(); len(un) > 0 {
		t.Errorf("keys this test does not know: %v", un)
	}
	const prefix = "https://raw.githubusercontent.com/warmaster/warmaster/main/schema/"
	used := map[string]bool{}
	for _, r := range cfg.Rule {
		name, ok := strings.CutPrefix(r.Schema.URL, prefix)
		if !ok {
			t.Errorf("rule %s: url %q is not under %s", r.Name, r.Schema.URL, prefix)
			continue
		}
		if _, err := os.Stat(filepath.Join(root, "schema", name)); err != nil {
			t.Errorf("rule %s: %v", r.Name, err)
		}
		used[name] = true
	}
	schemas, _ := filepath.Glob(filepath.Join(root, "schema", "*.schema.json"))
	for _, s := range schemas {
		if !used[filepath.Base(s)] {
			t.Errorf("schema/%s has no rule in repo-template/.taplo.toml: add one", filepath.Base(s))
		}
	}

	// schemaOf is the schema a campaign file should get: "" for none.
	schemaOf := func(rel string) string {
		parts := strings.Split(rel, "/")
		switch {
		case rel == "campaign.toml" || rel == "map.toml":
			return strings.TrimSuffix(rel, ".toml") + ".schema.json"
		case len(parts) == 2 && parts[0] == "setup":
			return "setup.schema.json"
		case len(parts) == 2 && parts[0] == "engines":
			return "engine.schema.json"
		case len(parts) == 3 && parts[0] == "phases" && parts[2] == "tiebreak.toml":
			return "tiebreak.schema.json"
		case len(parts) == 4 && parts[0] == "phases" && parts[2] != "battles":
			return parts[2] + ".schema.json"
		}
		return ""
	}
	matches := func(file string) []string {
		var got []string
		for _, r := range cfg.Rule {
			for _, glob := range r.Include {
				if ok, err := path.Match(glob, file); err != nil {
					t.Errorf("rule %s: %v", r.Name, err)
				} else if ok {
					got = append(got, strings.TrimPrefix(r.Schema.URL, prefix))
				}
			}
		}
		return got
	}
	example := filepath.Join(root, "campaigns", "vespator-front")
	// The example never ends tied: the final phase's tie-break, as it would be.
	files := []string{"state.toml", "journal.toml", "phases/01/battles/red-1.toml", "phases/06/tiebreak.toml",
		"phases/02/events/blue.toml"} // event choices: the example campaign has none
	err = filepath.WalkDir(example, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".toml") {
			rel, _ := filepath.Rel(example, p)
			files = append(files, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]bool{}
	for _, rel := range files {
		got := matches("campaigns/spring/" + rel)
		want := schemaOf(rel)
		switch {
		case want == "" && len(got) > 0:
			t.Errorf("%s is written by Warmaster, yet has schema %v", rel, got)
		case want != "" && (len(got) != 1 || got[0] != want):
			t.Errorf("%s: schemas %v, want %s", rel, got, want)
		}
		kinds[want] = true
	}
	for name := range used {
		if !kinds[name] {
			t.Errorf("no file of the example campaign exercises %s", name)
		}
	}
}

// TestTemplateFiles: what a gaming group copies is all there, the
// registry a valid one to fill in, and the README says how to keep the
// secrets and set up the repository.
func TestTemplateFiles(t *testing.T) {
	root := repoRoot(t)
	for _, f := range []string{"campaigns/.gitkeep", ".taplo.toml", "README.md", ".github/warmaster.toml"} {
		if _, err := os.Stat(filepath.Join(root, "repo-template", f)); err != nil {
			t.Error(err)
		}
	}
	// The template's registry, and this repository's (which declares no
	// campaign: its bundled ones are data), are valid.
	for _, f := range []string{"repo-template/.github/warmaster.toml", ".github/warmaster.toml"} {
		reg, err := repository.ParseRegistry([]byte(readFile(t, filepath.Join(root, f))))
		if err != nil {
			t.Errorf("%s: %v", f, err)
		} else if f == ".github/warmaster.toml" && len(reg.Campaigns) > 0 {
			t.Errorf("%s declares %q: this repository's bundled campaigns are data, never advanced", f, reg.Campaigns)
		}
	}
	readme, err := os.ReadFile(filepath.Join(root, "repo-template", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"WARMASTER_DICE_KEY", "WARMASTER_AGE_IDENTITY", "WARMASTER_PUSH_TOKEN", "environment", "named `warmaster`",
		".github/warmaster.toml", "warmaster codeowners > .github/CODEOWNERS", "Require branches to be up to date", "merge queue", "#repository-settings", templateAction} {
		if !strings.Contains(string(readme), want) {
			t.Errorf("repo-template/README.md does not mention %s", want)
		}
	}
}

// jobRunsAdvance reports whether any step of the job runs warmaster advance.
func jobRunsAdvance(job *actionlint.Job) bool {
	for _, s := range job.Steps {
		if warmasterCommand(s) == "advance" {
			return true
		}
	}
	return false
}

// TestGoSetup: setup-go v6 everywhere; the action caches Go's module and
// build caches with actions/cache, keyed on its own go.sum and sources.
func TestGoSetup(t *testing.T) {
	root := repoRoot(t)
	files := append(workflowFiles(t), ".github/actions/warmaster/action.yml")
	setupGo := regexp.MustCompile(`uses:\s*actions/setup-go@(\S+)`)
	found := 0
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range setupGo.FindAllStringSubmatch(string(data), -1) {
			found++
			if m[1] != "v6" {
				t.Errorf("%s: actions/setup-go@%s, want v6", f, m[1])
			}
		}
	}
	if found < 2 {
		t.Errorf("setup-go found %d times; the action and test.yml use it", found)
	}
	action := readFile(t, filepath.Join(root, ".github/actions/warmaster/action.yml"))
	if !strings.Contains(action, "uses: actions/cache@v5") || !strings.Contains(action, "key: ${{ steps.go-cache.outputs.key }}") {
		t.Errorf("the action does not cache Go's caches with actions/cache keyed on its go.sum")
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
}
