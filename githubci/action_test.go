package githubci

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fakeWarmaster logs each call, one line of arguments joined by "|", to
// $FAKE_LOG; advance prints an applied step, plan a Markdown line; a folder
// named in $FAKE_FAIL fails.
const fakeWarmaster = `#!/usr/bin/env bash
(IFS='|'; echo "$*") >> "$FAKE_LOG"
dir=${!#}
for a in "$@"; do case $a in campaigns/*) dir=$a;; esac; done
case $1 in
advance) echo "applied phase 1: 1 Select Operations"; echo "wrote state.toml";;
plan) echo "## plan of $dir";;
esac
[ "$dir" != "${FAKE_FAIL:-}" ]
`

// actionRepo is a repository with campaigns, a base commit and a pull
// request's commit on top, and a fake warmaster.
type actionRepo struct {
	env  []string
	dir  string // the repository
	log  string // the fake's calls
	tmp  string
	fake string
}

func newActionRepo(t *testing.T) actionRepo {
	t.Helper()
	needTools(t, "git", "bash")
	tmp := t.TempDir()
	a := actionRepo{env: gitEnv(t), dir: filepath.Join(tmp, "repo"), log: filepath.Join(tmp, "calls"), tmp: tmp, fake: filepath.Join(tmp, "warmaster")}
	if err := os.WriteFile(a.fake, []byte(fakeWarmaster), 0o755); err != nil {
		t.Fatal(err)
	}
	git(t, a.env, tmp, "init", "--quiet", a.dir)
	for file, content := range map[string]string{
		"campaigns/spring/campaign.toml":                "",
		"campaigns/spring/phases/01/orders/alice.toml":  "a\n",
		"campaigns/spring/phases/01/moves/old.toml":     "moves of alice\n",
		"campaigns/spring/phases/01/builds/blue.toml":   "b\n",
		"campaigns/autumn/campaign.toml":                "",
		"campaigns/notes/README.md":                     "not a campaign\n",
		"campaigns/vespator-front/campaign.toml":        "",
		"campaigns/vespator-front/phases/01/moves.toml": "",
		// This repository's own layout: the bundled example is skipped.
		"cmd/warmaster/main.go": "package main\n",
	} {
		writeFile(t, filepath.Join(a.dir, file), content)
	}
	git(t, a.env, a.dir, "add", ".")
	git(t, a.env, a.dir, "commit", "--quiet", "-m", "base")
	// The pull request: a change, a deletion, a rename, a new file with a
	// space in its name, a change outside every campaign folder, and one in
	// the bundled example.
	writeFile(t, filepath.Join(a.dir, "campaigns/spring/phases/01/orders/alice.toml"), "b\n")
	git(t, a.env, a.dir, "rm", "--quiet", "campaigns/spring/phases/01/builds/blue.toml")
	git(t, a.env, a.dir, "mv", "campaigns/spring/phases/01/moves/old.toml", "campaigns/spring/phases/01/moves/new.toml")
	writeFile(t, filepath.Join(a.dir, "campaigns/spring/phases/01/results/red 1.toml"), "r\n")
	writeFile(t, filepath.Join(a.dir, "campaigns/notes/README.md"), "still not a campaign\n")
	writeFile(t, filepath.Join(a.dir, "campaigns/vespator-front/phases/01/moves.toml"), "x\n")
	git(t, a.env, a.dir, "add", ".")
	git(t, a.env, a.dir, "commit", "--quiet", "-m", "pull request")
	return a
}

// action runs the action's script as the composite action does, with the
// inputs given as NAME=value environment variables.
func (a actionRepo) action(t *testing.T, inputs ...string) (result, []string) {
	t.Helper()
	os.Remove(a.log)
	env := append(a.env[:len(a.env):len(a.env)], "WARMASTER="+a.fake, "FAKE_LOG="+a.log, "RUNNER_TEMP="+a.tmp)
	env = append(env, inputs...)
	res := run(t, env, a.dir, "bash", filepath.Join(repoRoot(t), ".github", "actions", "warmaster", "run.sh"))
	data, err := os.ReadFile(a.log)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	calls := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(data) == 0 {
		calls = nil
	}
	return res, calls
}

func TestAction(t *testing.T) {
	t.Run("CheckChangedFiles", func(t *testing.T) {
		a := newActionRepo(t)
		actor := `mallory"; touch pwned; echo "$(id)`
		res, calls := a.action(t, "COMMAND=check", "CHANGED_SINCE=HEAD^1", "ACTOR="+actor)
		if res.code != 0 {
			t.Fatalf("exit %d:\n%s", res.code, res.out)
		}
		want := []string{"check|--format|github|--actor|" + actor + "|campaigns/spring|" +
			"phases/01/builds/blue.toml|phases/01/moves/new.toml|phases/01/moves/old.toml|phases/01/orders/alice.toml|phases/01/results/red 1.toml"}
		if strings.Join(calls, "\n") != strings.Join(want, "\n") {
			t.Errorf("calls:\n%s\nwant:\n%s", strings.Join(calls, "\n"), strings.Join(want, "\n"))
		}
		if _, err := os.Stat(filepath.Join(a.dir, "pwned")); err == nil {
			t.Error("the actor's login ran as shell text")
		}
	})

	t.Run("ReplayAndPlanChangedFolders", func(t *testing.T) {
		a := newActionRepo(t)
		summary := filepath.Join(a.tmp, "summary.md")
		_, calls := a.action(t, "COMMAND=replay", "CHANGED_SINCE=HEAD^1")
		if got, want := strings.Join(calls, "\n"), "replay|--format|github|campaigns/spring"; got != want {
			t.Errorf("replay calls: %q, want %q", got, want)
		}
		_, calls = a.action(t, "COMMAND=plan", "CHANGED_SINCE=HEAD^1", "GITHUB_STEP_SUMMARY="+summary)
		if got, want := strings.Join(calls, "\n"), "plan|campaigns/spring"; got != want {
			t.Errorf("plan calls: %q, want %q", got, want)
		}
		if data, _ := os.ReadFile(summary); string(data) != "## plan of campaigns/spring\n" {
			t.Errorf("step summary = %q", data)
		}
	})

	t.Run("AdvanceEveryCampaign", func(t *testing.T) {
		a := newActionRepo(t)
		applied := filepath.Join(a.tmp, "applied.tsv")
		outputs := filepath.Join(a.tmp, "outputs")
		res, calls := a.action(t, "COMMAND=advance", "ARGS=--now  2027-01-01T00:00:00Z", "APPLIED_FILE="+applied, "GITHUB_OUTPUT="+outputs)
		if res.code != 0 {
			t.Fatalf("exit %d:\n%s", res.code, res.out)
		}
		want := "advance|--now|2027-01-01T00:00:00Z|campaigns/autumn\nadvance|--now|2027-01-01T00:00:00Z|campaigns/spring"
		if got := strings.Join(calls, "\n"); got != want {
			t.Errorf("calls:\n%s\nwant:\n%s", got, want)
		}
		data, _ := os.ReadFile(applied)
		if got, want := string(data), "campaigns/autumn\tapplied phase 1: 1 Select Operations\ncampaigns/spring\tapplied phase 1: 1 Select Operations\n"; got != want {
			t.Errorf("applied file = %q, want %q", got, want)
		}
		data, _ = os.ReadFile(outputs)
		for _, want := range []string{"applied-file=" + applied + "\n", "campaigns=campaigns/autumn campaigns/spring\n"} {
			if !strings.Contains(string(data), want) {
				t.Errorf("outputs %q lack %q", data, want)
			}
		}
	})

	t.Run("ErrOneCampaignFails", func(t *testing.T) {
		a := newActionRepo(t)
		// Not this repository: campaigns/vespator-front is a campaign.
		if err := os.RemoveAll(filepath.Join(a.dir, "cmd")); err != nil {
			t.Fatal(err)
		}
		res, calls := a.action(t, "COMMAND=status", "FAKE_FAIL=campaigns/autumn")
		if res.code != 1 || !strings.Contains(res.out, "::error title=warmaster status::campaigns/autumn") {
			t.Errorf("exit %d, want 1 with an annotation:\n%s", res.code, res.out)
		}
		if len(calls) != 3 { // autumn, spring, vespator-front
			t.Errorf("the other campaigns were not run after the failure: %q", calls)
		}
	})

	t.Run("ErrUnknownCommand", func(t *testing.T) {
		a := newActionRepo(t)
		res, calls := a.action(t, "COMMAND=demo")
		if res.code != 2 || len(calls) != 0 {
			t.Errorf("exit %d after %d calls, want 2 before any:\n%s", res.code, len(calls), res.out)
		}
	})
}

// TestAdvanceAndCommitBack runs what the merge workflow runs, with the real
// warmaster, on a copy of the bundled example campaign: advance, commit
// back, and again (nothing changes the second time).
func TestAdvanceAndCommitBack(t *testing.T) {
	needTools(t, "git", "bash", "go")
	if testing.Short() {
		t.Skip("builds warmaster")
	}
	r := newCampaignRepo(t)
	root := repoRoot(t)
	bin := filepath.Join(r.dir, "warmaster")
	build := run(t, os.Environ(), root, "go", "build", "-o", bin, "./cmd/warmaster")
	if build.code != 0 {
		t.Fatalf("go build: %s", build.out)
	}
	seed := r.clone(t, "seed2", false)
	if err := os.RemoveAll(filepath.Join(seed, "campaigns/spring")); err != nil {
		t.Fatal(err)
	}
	copyDir(t, filepath.Join(root, "campaigns", "vespator-front"), filepath.Join(seed, "campaigns", "spring"))
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
		res := run(t, env, bot, "bash", filepath.Join(root, ".github", "actions", "warmaster", "run.sh"))
		if res.code != 0 {
			t.Fatalf("advance: exit %d:\n%s", res.code, res.out)
		}
	}

	advance()
	if res := commitBack(t, r.env, bot, applied); res.code != 0 {
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
	res := commitBack(t, r.env, bot, applied)
	if res.code != 0 || !strings.Contains(res.out, "nothing changed") {
		t.Errorf("second run: exit %d, want 0 with nothing changed:\n%s", res.code, res.out)
	}
	if got := r.subjects(t)[0]; got != subject {
		t.Errorf("second run committed %q", got)
	}
}
