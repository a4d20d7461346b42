package repotemplate

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// campaignRepo is a bare origin holding a small campaign on main, and the
// environment to run git and scripts in.
type campaignRepo struct {
	env    []string
	dir    string // the test's temporary folder
	origin string // the bare repository
}

func newCampaignRepo(t *testing.T) campaignRepo {
	t.Helper()
	needTools(t, "git", "bash")
	r := campaignRepo{env: gitEnv(t), dir: t.TempDir()}
	r.origin = filepath.Join(r.dir, "origin.git")
	git(t, r.env, r.dir, "init", "--quiet", "--bare", "--initial-branch=main", r.origin)
	seed := filepath.Join(r.dir, "seed")
	git(t, r.env, r.dir, "init", "--quiet", "--initial-branch=main", seed)
	writeFile(t, filepath.Join(seed, "README.md"), "a campaign repository\n")
	writeFile(t, filepath.Join(seed, "campaigns/spring/campaign.toml"), "name = \"Spring\"\n")
	git(t, r.env, seed, "add", ".")
	git(t, r.env, seed, "commit", "--quiet", "-m", "start the spring campaign")
	writeFile(t, filepath.Join(seed, "campaigns/spring/state.toml"), "phase = 1\n")
	git(t, r.env, seed, "add", ".")
	git(t, r.env, seed, "commit", "--quiet", "-m", "set-up")
	git(t, r.env, seed, "push", "--quiet", r.origin, "main")
	return r
}

// clone makes a working clone of the origin; shallow as actions/checkout
// makes it (one commit deep) when asked.
func (r campaignRepo) clone(t *testing.T, name string, shallow bool) string {
	t.Helper()
	dir := filepath.Join(r.dir, name)
	if shallow {
		git(t, r.env, r.dir, "clone", "--quiet", "--depth", "1", "file://"+r.origin, dir)
	} else {
		git(t, r.env, r.dir, "clone", "--quiet", r.origin, dir)
	}
	return dir
}

// subjects is the origin's main, newest first, one commit subject a line.
func (r campaignRepo) subjects(t *testing.T) []string {
	t.Helper()
	return strings.Split(git(t, r.env, r.origin, "log", "--format=%s", "main"), "\n")
}

// commitBack runs the action's commit-back.sh in dir without waiting
// between tries.
func commitBack(t *testing.T, env []string, dir string, args ...string) result {
	t.Helper()
	path := script(t, ".github/actions/warmaster/commit-back.sh")
	env = append(env[:len(env):len(env)], "COMMIT_BACK_BACKOFF=0")
	return run(t, env, dir, "bash", append([]string{path}, args...)...)
}

// racingHook is a script that, before the first push only, commits and
// pushes a change from another clone first: the push it comes before then
// finds main moved and is refused.
func racingHook(marker, other, file, content string) string {
	return fmt.Sprintf(`#!/usr/bin/env bash
set -euo pipefail
[ -e %[1]q ] && exit 0
touch %[1]q
unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE GIT_PREFIX
cd %[2]q
mkdir -p "$(dirname %[3]q)"
printf '%%s\n' %[4]q > %[3]q
git add -- %[3]q
git -c user.name=bob -c user.email=bob@example.com commit --quiet -m "bob's orders"
git push --quiet origin HEAD:main
`, marker, other, file, content)
}

// beforePush is env with git on its PATH a wrapper that runs hook before
// every push (commit-back runs no git hook, so the tests cannot use one to
// come between its commit and its push), then the real git.
func beforePush(t *testing.T, env []string, hook string) []string {
	t.Helper()
	hookFile := filepath.Join(t.TempDir(), "before-push")
	if err := os.WriteFile(hookFile, []byte(hook), 0o755); err != nil {
		t.Fatal(err)
	}
	return wrapGit(t, env, fmt.Sprintf(`for a in "$@"; do
	if [[ $a == push ]]; then
		bash %q </dev/null || exit 1
		break
	fi
done`, hookFile))
}

// wrapGit is env with git on its PATH a wrapper that runs the shell text
// first, then the git found on env's PATH.
func wrapGit(t *testing.T, env []string, first string) []string {
	t.Helper()
	out := env[:len(env):len(env)]
	path := os.Getenv("PATH")
	for i, kv := range out {
		if p, ok := strings.CutPrefix(kv, "PATH="); ok {
			path = p
			out = append(out[:i:i], out[i+1:]...)
			break
		}
	}
	real := ""
	for _, d := range filepath.SplitList(path) {
		if fi, err := os.Stat(filepath.Join(d, "git")); err == nil && !fi.IsDir() {
			real = filepath.Join(d, "git")
			break
		}
	}
	if real == "" {
		t.Fatal("no git on PATH")
	}
	dir := t.TempDir()
	wrapper := fmt.Sprintf("#!/usr/bin/env bash\n%s\nexec %q \"$@\"\n", first, real)
	if err := os.WriteFile(filepath.Join(dir, "git"), []byte(wrapper), 0o755); err != nil {
		t.Fatal(err)
	}
	return append(out, "PATH="+dir+string(os.PathListSeparator)+path)
}

// An applied file as the warmaster action writes it.
const appliedSpring = "campaigns/spring\tapplied phase 1: 1 Select Operations\n" +
	"campaigns/spring\tapplied phase 1: 2.1 Reveal Alliance Operations\n"

func TestCommitBack(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		t.Parallel()
		r := newCampaignRepo(t)
		bot := r.clone(t, "bot", true) // what actions/checkout gives the workflow
		writeFile(t, filepath.Join(bot, "campaigns/spring/state.toml"), "phase = 1\nstep = \"battles\"\n")
		writeFile(t, filepath.Join(bot, "campaigns/spring/phases/01/report.md"), "# Phase 1\n")
		writeFile(t, filepath.Join(bot, "notes.txt"), "not a campaign file\n")
		// What advance wrote is committed even where a .gitignore (here a
		// player's, at the top) would hide it; its .warmaster/ never is.
		writeFile(t, filepath.Join(bot, ".gitignore"), "**/phases/*/report.md\n")
		writeFile(t, filepath.Join(bot, "campaigns/spring/.warmaster/.gitignore"), "*\n")
		writeFile(t, filepath.Join(bot, "campaigns/spring/.warmaster/left-by-a-killed-run"), "x\n")
		applied := filepath.Join(r.dir, "applied.tsv")
		writeFile(t, applied, appliedSpring+"campaigns/autumn\tapplied Setup the Campaign Map\nnot an applied line\n")

		// What advance printed (held by the action) is printed once pushed.
		writeFile(t, applied+".out", "warmaster advance campaigns/spring:\nthe battles revealed\n")

		res := commitBack(t, r.env, bot, applied, "campaigns")
		if res.code != 0 {
			t.Fatalf("commit-back exited %d:\n%s", res.code, res.out)
		}
		if pushed, after, _ := strings.Cut(res.out, "pushed to main"); strings.Contains(pushed, "the battles revealed") || !strings.Contains(after, "the battles revealed") {
			t.Errorf("what advance printed should come after the push:\n%s", res.out)
		}
		if got, want := r.subjects(t)[0], "warmaster: spring phase 1 steps 1–2.1; autumn Setup the Campaign Map"; got != want {
			t.Errorf("subject = %q, want %q", got, want)
		}
		msg := git(t, r.env, r.origin, "log", "-1", "--format=%an <%ae>%n%b", "main")
		for _, want := range []string{
			"warmaster[bot] <41898282+github-actions[bot]@users.noreply.github.com>",
			"campaigns/spring:\n    phase 1: 1 Select Operations\n    phase 1: 2.1 Reveal Alliance Operations\n",
			"campaigns/autumn:\n    Setup the Campaign Map",
		} {
			if !strings.Contains(msg, want) {
				t.Errorf("commit lacks %q:\n%s", want, msg)
			}
		}
		files := git(t, r.env, r.origin, "show", "--format=", "--name-only", "main")
		if got, want := files, "campaigns/spring/phases/01/report.md\ncampaigns/spring/state.toml"; got != want {
			t.Errorf("committed files:\n%s\nwant:\n%s", got, want)
		}
	})

	// A push elsewhere (another campaign) while advance ran is rebased over.
	t.Run("RacingPushElsewhereIsRebasedOver", func(t *testing.T) {
		t.Parallel()
		r := newCampaignRepo(t)
		bot := r.clone(t, "bot", true)
		bob := r.clone(t, "bob", false)
		env := beforePush(t, r.env, racingHook(filepath.Join(r.dir, "raced"), bob,
			"campaigns/autumn/phases/01/orders/bob.toml", "[[operations]]"))
		writeFile(t, filepath.Join(bot, "campaigns/spring/state.toml"), "phase = 1\nstep = \"battles\"\n")
		applied := filepath.Join(r.dir, "applied.tsv")
		writeFile(t, applied, appliedSpring)

		res := commitBack(t, env, bot, applied)
		if res.code != 0 {
			t.Fatalf("commit-back exited %d:\n%s", res.code, res.out)
		}
		if !strings.Contains(res.out, "try 1 of 5") || !strings.Contains(res.out, "pushed to main (try 2)") {
			t.Errorf("the first push should have been refused and the second taken:\n%s", res.out)
		}
		want := []string{"warmaster: spring phase 1 steps 1–2.1", "bob's orders", "set-up", "start the spring campaign"}
		if got := r.subjects(t); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("origin main:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		for file, want := range map[string]string{
			"campaigns/spring/state.toml":                "phase = 1\nstep = \"battles\"",
			"campaigns/autumn/phases/01/orders/bob.toml": "[[operations]]",
		} {
			if got := git(t, r.env, r.origin, "show", "main:"+file); got != want {
				t.Errorf("origin main:%s = %q, want %q", file, got, want)
			}
		}
	})

	// While advance ran, bob's orders of the advanced campaign changed on
	// main. The edits do not overlap (the bot changed state.toml), yet
	// folding them in would commit a state that does not follow from the
	// files: commit-back stops, naming the file, and pushes nothing.
	t.Run("ErrOthersChangedTheAdvancedCampaign", func(t *testing.T) {
		t.Parallel()
		r := newCampaignRepo(t)
		bot := r.clone(t, "bot", true)
		bob := r.clone(t, "bob", false)
		env := beforePush(t, r.env, racingHook(filepath.Join(r.dir, "raced"), bob,
			"campaigns/spring/phases/01/orders/bob.toml", "[[operations]]"))
		writeFile(t, filepath.Join(bot, "campaigns/spring/state.toml"), "phase = 1\nstep = \"battles\"\n")
		applied := filepath.Join(r.dir, "applied.tsv")
		writeFile(t, applied, appliedSpring)

		writeFile(t, applied+".out", "warmaster advance campaigns/spring:\nthe battles revealed\n")

		res := commitBack(t, env, bot, applied)
		if res.code != 1 || !strings.Contains(res.out, "changed what this commit advanced:\n    campaigns/spring/phases/01/orders/bob.toml\n") {
			t.Errorf("commit-back exited %d, want 1 naming bob's orders:\n%s", res.code, res.out)
		}
		// Not pushed: the reveal stays unread.
		if strings.Contains(res.out, "the battles revealed") {
			t.Errorf("commit-back printed what advance showed without pushing it:\n%s", res.out)
		}
		if got := r.subjects(t)[0]; got != "bob's orders" {
			t.Errorf("origin main is at %q, want bob's commit alone", got)
		}
	})

	// A file the bot's commit touches, when no step was applied (a
	// rewrite): the same, and no rebase is left half done.
	t.Run("ErrOthersChangedAFileTheCommitTouches", func(t *testing.T) {
		t.Parallel()
		r := newCampaignRepo(t)
		bot := r.clone(t, "bot", true)
		bob := r.clone(t, "bob", false)
		env := beforePush(t, r.env, racingHook(filepath.Join(r.dir, "raced"), bob,
			"campaigns/spring/state.toml", "phase = 7"))
		writeFile(t, filepath.Join(bot, "campaigns/spring/state.toml"), "phase = 2\n")
		applied := filepath.Join(r.dir, "applied.tsv")
		writeFile(t, applied, "")

		res := commitBack(t, env, bot, applied)
		if res.code != 1 || !strings.Contains(res.out, "    campaigns/spring/state.toml\n") {
			t.Errorf("commit-back exited %d, want 1 naming state.toml:\n%s", res.code, res.out)
		}
		if got := r.subjects(t)[0]; got != "bob's orders" {
			t.Errorf("origin main is at %q, want bob's commit alone", got)
		}
		if st := git(t, r.env, bot, "status", "--porcelain"); strings.Contains(st, "UU") {
			t.Errorf("a rebase was left half done:\n%s", st)
		}
	})

	// The push token reaches git for the push alone, through the
	// environment: it is never in .git/config, nor in the environment of any
	// other git command.
	t.Run("TokenOnlyForThePush", func(t *testing.T) {
		t.Parallel()
		r := newCampaignRepo(t)
		bot := r.clone(t, "bot", true)
		seen := filepath.Join(r.dir, "seen")
		env := beforePush(t, r.env, fmt.Sprintf("#!/usr/bin/env bash\n{ git config --list; echo ---; cat .git/config; } > %q\n", seen))
		writeFile(t, filepath.Join(bot, "campaigns/spring/state.toml"), "phase = 2\n")
		applied := filepath.Join(r.dir, "applied.tsv")
		writeFile(t, applied, appliedSpring)
		env = append(env, "COMMIT_BACK_TOKEN=s3cret-token", "GITHUB_SERVER_URL=https://github.example")
		if res := commitBack(t, env, bot, applied); res.code != 0 {
			t.Fatalf("commit-back exited %d:\n%s", res.code, res.out)
		}
		during, local, _ := strings.Cut(readFile(t, seen), "---")
		// base64("x-access-token:s3cret-token")
		const header = "http.https://github.example/.extraheader=AUTHORIZATION: basic eC1hY2Nlc3MtdG9rZW46czNjcmV0LXRva2Vu"
		if !strings.Contains(during, header) {
			t.Errorf("the push did not get the token:\n%s", during)
		}
		if after := readFile(t, filepath.Join(bot, ".git", "config")); strings.Contains(local+after, "extraheader") || strings.Contains(local+after, "eC1hY2Nlc3Mt") {
			t.Errorf(".git/config holds the token:\n%s\n%s", local, after)
		}
	})

	// The attack: hooks in the clone, and a hooks path into the work tree
	// (what a planted config would do), each writing down the environment
	// it ran with; and every other git command's environment. No hook runs,
	// and no command but the push sees the token.
	t.Run("ErrNoHookRunsBesideTheToken", func(t *testing.T) {
		t.Parallel()
		r := newCampaignRepo(t)
		bot := r.clone(t, "bot", true)
		ran := filepath.Join(r.dir, "hooks-ran")
		hook := fmt.Sprintf("#!/usr/bin/env bash\n{ echo \"$0\"; env; } >> %q\ncat >/dev/null 2>&1 || true\n", ran)
		names := []string{"pre-commit", "prepare-commit-msg", "commit-msg", "post-commit", "pre-push", "pre-rebase", "post-rewrite", "reference-transaction", "post-checkout", "post-merge"}
		for _, dir := range []string{filepath.Join(bot, ".git", "hooks"), filepath.Join(bot, "campaigns", "hooks")} {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			for _, name := range names {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(hook), 0o755); err != nil {
					t.Fatal(err)
				}
			}
		}
		// Every git command commit-back runs, with whether it saw the token.
		calls := filepath.Join(r.dir, "calls")
		env := beforePush(t, r.env, "")
		env = wrapGit(t, env, fmt.Sprintf(`if env | grep -q -e s3cret-token -e eC1hY2Nlc3MtdG9rZW46czNjcmV0LXRva2Vu; then echo "token: $*"; else echo "none: $*"; fi >> %q`, calls))
		git(t, r.env, bot, "config", "core.hooksPath", "campaigns/hooks")
		writeFile(t, filepath.Join(bot, "campaigns/spring/state.toml"), "phase = 2\n")
		applied := filepath.Join(r.dir, "applied.tsv")
		writeFile(t, applied, appliedSpring)
		env = append(env, "COMMIT_BACK_TOKEN=s3cret-token", "GITHUB_SERVER_URL=https://github.example")
		if res := commitBack(t, env, bot, applied); res.code != 0 {
			t.Fatalf("commit-back exited %d:\n%s", res.code, res.out)
		}
		if data, err := os.ReadFile(ran); err == nil {
			t.Errorf("hooks ran during commit-back:\n%s", data)
		}
		log := readFile(t, calls)
		for _, line := range strings.Split(strings.TrimSpace(log), "\n") {
			if strings.HasPrefix(line, "token: ") && !strings.Contains(line, " push ") && !strings.Contains(line, " fetch ") {
				t.Errorf("a git command other than push or fetch had the token in its environment: %s", line)
			}
		}
		if !strings.Contains(log, "token: ") {
			t.Errorf("no push had the token:\n%s", log)
		}
	})

	t.Run("NothingChanged", func(t *testing.T) {
		t.Parallel()
		r := newCampaignRepo(t)
		bot := r.clone(t, "bot", true)
		before := git(t, r.env, bot, "rev-parse", "HEAD")
		res := commitBack(t, r.env, bot, filepath.Join(r.dir, "no-such-file"))
		if res.code != 0 || !strings.Contains(res.out, "nothing changed") {
			t.Errorf("commit-back exited %d, want 0 saying nothing changed:\n%s", res.code, res.out)
		}
		if got := git(t, r.env, bot, "rev-parse", "HEAD"); got != before {
			t.Errorf("a commit was made: HEAD %s, was %s", got, before)
		}
		if got := r.subjects(t)[0]; got != "set-up" {
			t.Errorf("origin main moved to %q", got)
		}
	})

	t.Run("NoStepApplied", func(t *testing.T) {
		t.Parallel()
		r := newCampaignRepo(t)
		bot := r.clone(t, "bot", true)
		writeFile(t, filepath.Join(bot, "campaigns/spring/README.md"), "# Spring\n")
		empty := filepath.Join(r.dir, "applied.tsv")
		writeFile(t, empty, "")
		if res := commitBack(t, r.env, bot, empty); res.code != 0 {
			t.Fatalf("commit-back exited %d:\n%s", res.code, res.out)
		}
		msg := git(t, r.env, r.origin, "log", "-1", "--format=%B", "main")
		if !strings.HasPrefix(msg, "warmaster: rewrite what warmaster writes") || !strings.Contains(msg, "campaigns/spring/README.md") {
			t.Errorf("message:\n%s", msg)
		}
	})
}
