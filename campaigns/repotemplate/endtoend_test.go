package repotemplate

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

var (
	buildOnce sync.Once
	builtBin  string
	buildErr  string
)

// warmasterBin builds cmd/warmaster once for the package's tests.
func warmasterBin(t *testing.T) string {
	t.Helper()
	needTools(t, "git", "bash", "go")
	if testing.Short() {
		t.Skip("builds warmaster")
	}
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "warmaster-repotemplate-")
		if err != nil {
			buildErr = err.Error()
			return
		}
		binDir = dir
		builtBin = filepath.Join(dir, "warmaster")
		if res := run(t, os.Environ(), repoRoot(t), "go", "build", "-o", builtBin, "./cmd/warmaster"); res.code != 0 {
			buildErr = res.out
		}
	})
	if buildErr != "" {
		t.Fatalf("go build: %s", buildErr)
	}
	return builtBin
}

// binDir is removed when the package's tests end.
var binDir string

func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	if actDir != "" {
		// The act runs' module cache is read-only, as go leaves it.
		_ = exec.Command("chmod", "-R", "u+w", actDir).Run()
		os.RemoveAll(actDir)
	}
	os.Exit(code)
}

const registry = `warmasters = ["alice"]
campaigns = ["campaigns/spring"]
`

// TestAdvanceAndCommitBack runs what the merge workflow runs, with the real
// warmaster, on a copy of the bundled example campaign: advance, commit
// back, and again (nothing changes the second time).
func TestAdvanceAndCommitBack(t *testing.T) {
	bin := warmasterBin(t)
	r := newCampaignRepo(t)
	root := repoRoot(t)
	seed := r.clone(t, "seed2", false)
	if err := os.RemoveAll(filepath.Join(seed, "campaigns/spring")); err != nil {
		t.Fatal(err)
	}
	copyDir(t, filepath.Join(root, "campaigns", "vespator-front"), filepath.Join(seed, "campaigns", "spring"))
	writeFile(t, filepath.Join(seed, ".github/warmaster.toml"), registry)
	git(t, r.env, seed, "add", "-A")
	git(t, r.env, seed, "commit", "--quiet", "-m", "the spring campaign, phase 1 played")
	git(t, r.env, seed, "push", "--quiet", "origin", "HEAD:main")

	bot := r.clone(t, "bot", true)
	applied := filepath.Join(r.dir, "applied.tsv")
	advance := func() {
		t.Helper()
		os.Remove(applied)
		env := append(r.env[:len(r.env):len(r.env)], "WARMASTER="+bin, "COMMAND=advance",
			"ARGS=--now 2027-02-10T12:00:00Z", "APPLIED_FILE="+applied, "RUNNER_TEMP="+r.dir)
		res := run(t, env, bot, "bash", script(t, ".github/actions/warmaster/run.sh"))
		if res.code != 0 {
			t.Fatalf("advance: exit %d:\n%s", res.code, res.out)
		}
	}

	advance()
	if res := commitBack(t, r.env, bot, applied, "campaigns/spring"); res.code != 0 {
		t.Fatalf("commit-back: exit %d:\n%s", res.code, res.out)
	}
	subject := r.subjects(t)[0]
	if !strings.HasPrefix(subject, "warmaster: spring ") || !strings.Contains(subject, "phase 1 steps 1–5") {
		t.Errorf("subject %q should name the campaign and phase 1's steps 1 to 5", subject)
	}
	for _, file := range []string{"state.toml", "journal.toml", "README.md", "phases/01/report.md"} {
		git(t, r.env, r.origin, "cat-file", "-e", "main:campaigns/spring/"+file)
	}

	advance()
	res := commitBack(t, r.env, bot, applied, "campaigns/spring")
	if res.code != 0 || !strings.Contains(res.out, "nothing changed") {
		t.Errorf("second run: exit %d, want 0 with nothing changed:\n%s", res.code, res.out)
	}
	if got := r.subjects(t)[0]; got != subject {
		t.Errorf("second run committed %q", got)
	}
}

// prRepo is a campaign repository as the pull-request check sees it: what
// init-repo writes, the registry (alice is the Warmaster), CODEOWNERS, and
// the example campaign as campaigns/spring without bob's phase 1 orders.
type prRepo struct {
	env   []string
	dir   string
	tmp   string
	bin   string
	extra []string // more inputs of the action, NAME=value
}

func newPRRepo(t *testing.T) *prRepo {
	t.Helper()
	p := &prRepo{env: gitEnv(t), tmp: t.TempDir(), bin: warmasterBin(t)}
	p.dir = filepath.Join(p.tmp, "repo")
	root := repoRoot(t)
	git(t, p.env, p.tmp, "init", "--quiet", "--initial-branch=main", p.dir)
	writeTemplate(t, p.dir, Options{Warmasters: []string{"alice"}})
	copyDir(t, filepath.Join(root, "campaigns", "vespator-front"), filepath.Join(p.dir, "campaigns", "spring"))
	os.Remove(filepath.Join(p.dir, "campaigns/spring/phases/01/orders/bob.toml"))
	writeFile(t, filepath.Join(p.dir, ".github/warmaster.toml"), registry)
	writeFile(t, filepath.Join(p.dir, ".github/CODEOWNERS"), "* @alice\n")
	git(t, p.env, p.dir, "add", "-A")
	git(t, p.env, p.dir, "commit", "--quiet", "-m", "the spring campaign")
	return p
}

// pullRequest commits edit on a branch off main, merges it as GitHub makes
// a pull request's merge commit, and runs the check as warmaster-check.yml
// does, with author's rights. It returns the result, the annotations and
// the job summary, and leaves main as it was.
func (p *prRepo) pullRequest(t *testing.T, author string, edit func(dir string)) (result, []string, string) {
	t.Helper()
	git(t, p.env, p.dir, "checkout", "--quiet", "-B", "pr", "main")
	edit(p.dir)
	git(t, p.env, p.dir, "add", "-A")
	git(t, p.env, p.dir, "commit", "--quiet", "--allow-empty", "-m", "the pull request")
	head := git(t, p.env, p.dir, "rev-parse", "HEAD")
	git(t, p.env, p.dir, "checkout", "--quiet", "--detach", "main")
	git(t, p.env, p.dir, "merge", "--quiet", "--no-ff", "-m", "Merge "+head+" into main", head)
	summary := filepath.Join(p.tmp, "summary.md")
	os.Remove(summary)
	env := append(p.env[:len(p.env):len(p.env)], "WARMASTER="+p.bin, "COMMAND=check", "CHANGED_SINCE=HEAD^1",
		"ACTOR="+author, "HEAD_COMMIT="+head, "GITHUB_EVENT_NAME=pull_request_target",
		"ARGS=--now 2027-01-05T12:00:00Z", "GITHUB_STEP_SUMMARY="+summary, "RUNNER_TEMP="+p.tmp)
	env = append(env, p.extra...)
	res := run(t, env, p.dir, "bash", script(t, ".github/actions/warmaster/run.sh"))
	git(t, p.env, p.dir, "checkout", "--quiet", "--force", "main")
	git(t, p.env, p.dir, "clean", "--quiet", "-fdx")
	data, _ := os.ReadFile(summary)
	var annotations []string
	for _, line := range strings.Split(res.out, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "::") && !strings.HasPrefix(line, "::group::") && !strings.HasPrefix(line, "::endgroup::") {
			annotations = append(annotations, line)
		}
	}
	return res, annotations, string(data)
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestPullRequestCheck plays the attacks on the pull-request check with the
// real warmaster, the action's script and a merge commit as GitHub makes
// it. Each is refused with exit 1 and one annotation per fault on the file;
// the honest pull requests pass with the plan in the job summary.
func TestPullRequestCheck(t *testing.T) {
	p := newPRRepo(t)
	bob := readFile(t, filepath.Join(repoRoot(t), "campaigns/vespator-front/phases/01/orders/bob.toml"))

	refused := func(t *testing.T, res result, annotations []string, want ...string) {
		t.Helper()
		if res.code != 1 {
			t.Errorf("exit %d, want 1:\n%s", res.code, res.out)
		}
		if len(annotations) != len(want) {
			t.Errorf("%d annotations, want %d:\n%s", len(annotations), len(want), strings.Join(annotations, "\n"))
			return
		}
		// Each refusal opens with a sentence in the player's words, then
		// "Why: " and the rule, which want names.
		for i, w := range want {
			head, rule, _ := strings.Cut(w, "title=warmaster::")
			head += "title=warmaster::"
			if !strings.Contains(rule, " may not change this file: ") {
				if !strings.HasPrefix(annotations[i], w) {
					t.Errorf("annotation %d:\n%s\nwant it to start\n%s", i+1, annotations[i], w)
				}
				continue
			}
			if !strings.HasPrefix(annotations[i], head) || !strings.Contains(annotations[i], " Why: "+rule) {
				t.Errorf("annotation %d:\n%s\nwant it to start\n%s\nand say, after its first sentence, Why: %s", i+1, annotations[i], head, rule)
			}
		}
	}

	t.Run("OK", func(t *testing.T) {
		res, annotations, summary := p.pullRequest(t, "bob", func(dir string) {
			writeFile(t, filepath.Join(dir, "campaigns/spring/phases/01/orders/bob.toml"), bob)
		})
		if res.code != 0 || len(annotations) > 0 {
			t.Fatalf("exit %d, annotations %q:\n%s", res.code, annotations, res.out)
		}
		if !strings.HasPrefix(summary, "\n## warmaster plan: campaigns/spring at 2027-01-05T12:00:00Z") {
			t.Errorf("the job summary should be the plan:\n%s", summary)
		}
	})

	// One annotation per fault — not one from check and one from replay,
	// nor a line per failed command — and the summary: the faults, then
	// one line saying why there is no plan.
	t.Run("ErrFaultOnce", func(t *testing.T) {
		res, annotations, summary := p.pullRequest(t, "bob", func(dir string) {
			writeFile(t, filepath.Join(dir, "campaigns/spring/phases/01/orders/bob.toml"), strings.Replace(bob, `"raise-edifices"`, `"raise-edifice"`, 1))
		})
		refused(t, res, annotations, "::error file=campaigns/spring/phases/01/orders/bob.toml,line=3,col=13,title=warmaster::")
		table := strings.Index(summary, "| campaigns/spring/phases/01/orders/bob.toml | 3")
		noPlan := strings.Index(summary, "**campaigns/spring**: No plan for campaigns/spring: its changes have 1 problem to fix first (above).")
		if table < 0 || noPlan < table {
			t.Errorf("the job summary should list the fault, then say why there is no plan:\n%s", summary)
		}
	})

	// The attack: carol pushes a change to bob's orders onto bob's pull
	// request. GitHub's synchronize event names bob as its author and carol
	// as its sender; the check judges it with carol's rights too.
	t.Run("ErrPushedOntoAnothersPullRequest", func(t *testing.T) {
		saved := p.extra
		p.extra = append(saved[:len(saved):len(saved)], "PUSHED_BY=carol")
		defer func() { p.extra = saved }()
		res, annotations, _ := p.pullRequest(t, "bob", func(dir string) {
			writeFile(t, filepath.Join(dir, "campaigns/spring/phases/01/orders/bob.toml"), bob)
		})
		refused(t, res, annotations, "::error file=campaigns/spring/phases/01/orders/bob.toml,line=1,col=1,title=warmaster::carol may not change this file: ")
		if len(annotations) == 1 && !strings.Contains(annotations[0], "carol pushed to bob's pull request") {
			t.Errorf("the refusal does not say carol pushed to bob's pull request: %s", annotations[0])
		}
		// The control: bob's own push (sender bob) passes.
		p.extra = append(saved[:len(saved):len(saved)], "PUSHED_BY=bob")
		res, annotations, _ = p.pullRequest(t, "bob", func(dir string) {
			writeFile(t, filepath.Join(dir, "campaigns/spring/phases/01/orders/bob.toml"), bob)
		})
		if res.code != 0 || len(annotations) > 0 {
			t.Errorf("bob's own push: exit %d, annotations %q:\n%s", res.code, annotations, res.out)
		}
	})

	t.Run("ErrWorkflowEdited", func(t *testing.T) {
		res, annotations, _ := p.pullRequest(t, "bob", func(dir string) {
			writeFile(t, filepath.Join(dir, ".github/workflows/warmaster-check.yml"), "on: pull_request\njobs:\n  check:\n    runs-on: ubuntu-latest\n    steps:\n      - run: exit 0\n")
		})
		refused(t, res, annotations, "::error file=.github/workflows/warmaster-check.yml,line=1,col=1,title=warmaster::bob may not change this file: .github/ holds the workflows that judge pull requests")
	})

	// The schemas every player's editor checks their files with, as
	// init-repo wrote them, are the Warmaster's.
	t.Run("ErrSchemaEdited", func(t *testing.T) {
		res, annotations, _ := p.pullRequest(t, "bob", func(dir string) {
			writeFile(t, filepath.Join(dir, "schemas/orders.schema.json"), "{}\n")
		})
		refused(t, res, annotations, "::error file=schemas/orders.schema.json,line=1,col=1,title=warmaster::bob may not change this file: the editors' configuration")
	})

	// A file named like a flag reaches warmaster from git, as data.
	t.Run("ErrFileNamedLikeAFlag", func(t *testing.T) {
		res, annotations, _ := p.pullRequest(t, "bob", func(dir string) {
			writeFile(t, filepath.Join(dir, "campaigns/spring/--actor=erin"), "x\n")
			writeFile(t, filepath.Join(dir, "campaigns/spring/-h"), "x\n")
		})
		refused(t, res, annotations,
			`::error file=campaigns/spring,title=warmaster::a file named "--actor=erin": its name starts with "-", which a command would take for an option; rename it`,
			`::error file=campaigns/spring,title=warmaster::a file named "-h": its name starts with "-", which a command would take for an option; rename it`)
	})

	t.Run("ErrPracticeCampaign", func(t *testing.T) {
		res, annotations, _ := p.pullRequest(t, "erin", func(dir string) {
			campaign := readFile(t, filepath.Join(dir, "campaigns/spring/campaign.toml"))
			campaign = strings.Replace(campaign, "warmaster = true\n", "", 1)
			campaign = strings.Replace(campaign, `login = "erin"`, "login = \"erin\"\nwarmaster = true", 1)
			writeFile(t, filepath.Join(dir, "campaigns/practice/campaign.toml"), campaign)
			writeFile(t, filepath.Join(dir, "campaigns/practice/phases/01/orders/erin.toml"), bob)
		})
		refused(t, res, annotations,
			"::error file=campaigns/practice/campaign.toml,line=1,col=1,title=warmaster::erin may not change this file: a new campaign folder (campaigns/practice) is the Warmaster's (alice)",
			"::error file=campaigns/practice/phases/01/orders/erin.toml,line=1,col=1,title=warmaster::erin may not change this file: campaigns/practice is not a campaign this repository plays")
	})

	t.Run("ErrCampaignTomlDeleted", func(t *testing.T) {
		res, annotations, _ := p.pullRequest(t, "bob", func(dir string) {
			os.Remove(filepath.Join(dir, "campaigns/spring/campaign.toml"))
		})
		refused(t, res, annotations, "::error file=campaigns/spring/campaign.toml,title=warmaster::bob may not change this file: deleting campaign.toml ends the campaign")
	})

	// The required check reports on a pull request that touches only
	// CODEOWNERS: the Warmaster's passes, anyone else's is refused.
	t.Run("CodeownersOnly", func(t *testing.T) {
		edit := func(dir string) { writeFile(t, filepath.Join(dir, ".github/CODEOWNERS"), "* @bob\n") }
		res, annotations, summary := p.pullRequest(t, "alice", edit)
		if res.code != 0 || len(annotations) > 0 || !strings.Contains(summary, "No campaign folder changed (1 file outside them).") {
			t.Errorf("the Warmaster's: exit %d, annotations %q, summary %q", res.code, annotations, summary)
		}
		res, annotations, _ = p.pullRequest(t, "bob", edit)
		refused(t, res, annotations, "::error file=.github/CODEOWNERS,line=1,col=1,title=warmaster::bob may not change this file: CODEOWNERS says who reviews what")
	})

	// Player text cannot start a workflow command in the log: here a key
	// of a faulty file, which the fault quotes, printed as text.
	t.Run("ErrNoWorkflowCommandFromAFile", func(t *testing.T) {
		p.extra = []string{"FORMAT=text"}
		defer func() { p.extra = nil }()
		res, annotations, _ := p.pullRequest(t, "bob", func(dir string) {
			writeFile(t, filepath.Join(dir, "campaigns/spring/phases/01/orders/bob.toml"), bob+"\"fleet ##[add-mask]alice\" = 1\n")
		})
		if res.code != 1 || len(annotations) != 0 || !strings.Contains(res.out, `unknown key "fleet ##\[add-mask]alice"`) {
			t.Errorf("exit %d, annotations %q:\n%s", res.code, annotations, res.out)
		}
		if strings.Contains(res.out, "##[") {
			t.Errorf("a workflow command from the file reached the log:\n%s", res.out)
		}
	})
}
