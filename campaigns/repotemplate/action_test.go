package repotemplate

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fakeWarmaster logs each call, one line of arguments joined by "|", to
// $FAKE_LOG; `campaigns` prints $FAKE_DECLARED, one a line; advance prints
// an applied step (and, given --verified FILE, adds $FAKE_PROVES to FILE),
// plan a Markdown line; a folder named in $FAKE_FAIL fails.
const fakeWarmaster = `#!/usr/bin/env bash
(IFS='|'; echo "$*") >> "$FAKE_LOG"
if [ -n "${API_TOKEN:-}" ]; then echo "the token reached warmaster" >&2; exit 9; fi
if [ -n "${GITHUB_TOKEN:-}" ]; then
	if [ "$1" != suggest ]; then echo "the token reached warmaster $1" >&2; exit 9; fi
	echo "GITHUB_TOKEN=$GITHUB_TOKEN" >> "$FAKE_LOG"
fi
dir=${!#}
case $1 in
campaigns) for d in ${FAKE_DECLARED:-}; do echo "$d"; done; exit 0;;
advance) echo "applied phase 1: 1 Select Operations"; echo "wrote state.toml"; [ "$dir" != "${FAKE_FAIL:-}" ] || echo "$dir/phases/01/orders/bob.toml:1:1: restore it: git checkout abc -- x" >&2
	if [ "$3" = --verified ] && [ -n "${FAKE_PROVES:-}" ]; then echo "$FAKE_PROVES" >> "$4"; fi;;
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
		"campaigns/spring/campaign.toml":               "",
		"campaigns/spring/phases/01/orders/alice.toml": "a\n",
		"campaigns/spring/phases/01/moves/old.toml":    "moves of alice\n",
		"campaigns/autumn/campaign.toml":               "",
		// A campaign folder the registry does not declare: never run.
		"campaigns/practice/campaign.toml": "",
	} {
		writeFile(t, filepath.Join(a.dir, file), content)
	}
	git(t, a.env, a.dir, "add", ".")
	git(t, a.env, a.dir, "commit", "--quiet", "-m", "base")
	// The pull request: a change, a rename, a file named like a flag, and
	// a change in the undeclared folder.
	writeFile(t, filepath.Join(a.dir, "campaigns/spring/phases/01/orders/alice.toml"), "b\n")
	git(t, a.env, a.dir, "mv", "campaigns/spring/phases/01/moves/old.toml", "campaigns/spring/phases/01/moves/new.toml")
	writeFile(t, filepath.Join(a.dir, "campaigns/spring/--actor=erin"), "x\n")
	writeFile(t, filepath.Join(a.dir, "campaigns/practice/phases/01/orders/erin.toml"), "x\n")
	git(t, a.env, a.dir, "add", ".")
	git(t, a.env, a.dir, "commit", "--quiet", "-m", "pull request")
	return a
}

// action runs the action's script as the composite action does, with the
// inputs given as NAME=value environment variables; the registry declares
// spring and autumn.
func (a actionRepo) action(t *testing.T, inputs ...string) (result, []string) {
	t.Helper()
	os.Remove(a.log)
	env := append(a.env[:len(a.env):len(a.env)], "WARMASTER="+a.fake, "FAKE_LOG="+a.log, "RUNNER_TEMP="+a.tmp,
		"FAKE_DECLARED=campaigns/autumn campaigns/spring")
	env = append(env, inputs...)
	res := run(t, env, a.dir, "bash", script(t, ".github/actions/warmaster/run.sh"))
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
	// A pull request: check-changes judges every changed file itself, read
	// from git; no file name is ever an argument.
	t.Run("CheckChanges", func(t *testing.T) {
		t.Parallel()
		a := newActionRepo(t)
		actor := `mallory"; touch pwned; echo "$(id)`
		head := git(t, a.env, a.dir, "rev-parse", "HEAD")
		git(t, a.env, a.dir, "checkout", "--quiet", "-b", "merge", "HEAD^1")
		git(t, a.env, a.dir, "merge", "--quiet", "--no-ff", "-m", "merge", head)
		res, calls := a.action(t, "COMMAND=check", "CHANGED_SINCE=HEAD^1", "ACTOR="+actor, "HEAD_COMMIT="+head, "GITHUB_EVENT_NAME=pull_request_target")
		if res.code != 0 {
			t.Fatalf("exit %d:\n%s", res.code, res.out)
		}
		want := "check-changes|--format|github|--base=HEAD^1|--actor=" + actor + "|--|."
		if got := strings.Join(calls, "\n"); got != want {
			t.Errorf("calls:\n%s\nwant:\n%s", got, want)
		}
		if _, err := os.Stat(filepath.Join(a.dir, "pwned")); err == nil {
			t.Error("the actor's login ran as shell text")
		}
	})

	// With the token and the pull request's number, suggest posts the
	// suggested changes after a check-changes that found mistakes — the
	// token in suggest's environment alone — and the check's verdict is
	// check-changes'. After one that passed there is nothing to suggest,
	// and suggest (which checks again) does not run.
	t.Run("CheckChangesThenSuggest", func(t *testing.T) {
		t.Parallel()
		a := newActionRepo(t)
		head := git(t, a.env, a.dir, "rev-parse", "HEAD")
		git(t, a.env, a.dir, "checkout", "--quiet", "-b", "merge", "HEAD^1")
		git(t, a.env, a.dir, "merge", "--quiet", "--no-ff", "-m", "merge", head)
		res, calls := a.action(t, "COMMAND=check", "CHANGED_SINCE=HEAD^1", "ACTOR=bob", "HEAD_COMMIT="+head, "GITHUB_EVENT_NAME=pull_request_target",
			"API_TOKEN=tok", "PULL_REQUEST=7", "FAKE_FAIL=.")
		if res.code != 1 {
			t.Fatalf("exit %d, want check-changes' 1:\n%s", res.code, res.out)
		}
		want := "check-changes|--format|github|--base=HEAD^1|--actor=bob|--|.\n" +
			"suggest|--base=HEAD^1|--pull-request=7|--commit=" + head + "|--actor=bob|--|.\n" +
			"GITHUB_TOKEN=tok"
		if got := strings.Join(calls, "\n"); got != want {
			t.Errorf("calls:\n%s\nwant:\n%s", got, want)
		}
		// No number (a merge queue's, a push's): no suggest.
		res, calls = a.action(t, "COMMAND=check", "CHANGED_SINCE=HEAD^1", "ACTOR=bob", "HEAD_COMMIT="+head, "GITHUB_EVENT_NAME=pull_request_target",
			"API_TOKEN=tok", "PULL_REQUEST=7; id", "FAKE_FAIL=.")
		if res.code != 1 || len(calls) != 1 {
			t.Errorf("no number: exit %d, calls %q", res.code, calls)
		}
		// A check that passed: no suggest.
		res, calls = a.action(t, "COMMAND=check", "CHANGED_SINCE=HEAD^1", "ACTOR=bob", "HEAD_COMMIT="+head, "GITHUB_EVENT_NAME=pull_request_target",
			"API_TOKEN=tok", "PULL_REQUEST=7")
		if res.code != 0 || len(calls) != 1 {
			t.Errorf("a check that passed: exit %d, calls %q", res.code, calls)
		}
	})

	// The attack: carol pushes onto bob's pull request (GitHub's
	// synchronize event: author bob, sender carol). check-changes gets both.
	t.Run("CheckChangesPushedByAnother", func(t *testing.T) {
		t.Parallel()
		a := newActionRepo(t)
		head := git(t, a.env, a.dir, "rev-parse", "HEAD")
		git(t, a.env, a.dir, "checkout", "--quiet", "-b", "merge", "HEAD^1")
		git(t, a.env, a.dir, "merge", "--quiet", "--no-ff", "-m", "merge", head)
		res, calls := a.action(t, "COMMAND=check", "CHANGED_SINCE=HEAD^1", "ACTOR=bob", "PUSHED_BY=carol", "HEAD_COMMIT="+head, "GITHUB_EVENT_NAME=pull_request_target")
		if res.code != 0 {
			t.Fatalf("exit %d:\n%s", res.code, res.out)
		}
		want := "check-changes|--format|github|--base=HEAD^1|--actor=bob|--pushed-by=carol|--|."
		if got := strings.Join(calls, "\n"); got != want {
			t.Errorf("calls:\n%s\nwant:\n%s", got, want)
		}
	})

	// GitHub updates a pull request's merge commit after the push: a check
	// of an older merge commit fails rather than judge what is not there.
	t.Run("ErrStaleMergeCommit", func(t *testing.T) {
		t.Parallel()
		a := newActionRepo(t)
		res, calls := a.action(t, "COMMAND=check", "CHANGED_SINCE=HEAD^1", "ACTOR=bob", "HEAD_COMMIT=0123456789abcdef0123456789abcdef01234567")
		if res.code != 1 || len(calls) != 0 || !strings.Contains(res.out, "has not updated it yet") {
			t.Errorf("exit %d after %d calls, want 1 before any:\n%s", res.code, len(calls), res.out)
		}
	})

	// The merge commit must merge into the base GitHub reports: one made
	// against another base (an older one, or a branch switched) fails
	// rather than judge the changes against what is not the base; the
	// honest case passes.
	t.Run("ErrMergeCommitOfAnotherBase", func(t *testing.T) {
		t.Parallel()
		a := newActionRepo(t)
		head := git(t, a.env, a.dir, "rev-parse", "HEAD")
		git(t, a.env, a.dir, "checkout", "--quiet", "-b", "merge", "HEAD^1")
		base := git(t, a.env, a.dir, "rev-parse", "HEAD")
		git(t, a.env, a.dir, "merge", "--quiet", "--no-ff", "-m", "merge", head)
		res, calls := a.action(t, "COMMAND=check", "CHANGED_SINCE=HEAD^1", "ACTOR=bob", "HEAD_COMMIT="+head, "BASE_COMMIT=0123456789abcdef0123456789abcdef01234567", "GITHUB_EVENT_NAME=pull_request_target")
		if res.code != 1 || len(calls) != 0 || !strings.Contains(res.out, "does not merge into the pull request's base") {
			t.Errorf("exit %d after %d calls, want 1 before any:\n%s", res.code, len(calls), res.out)
		}
		res, calls = a.action(t, "COMMAND=check", "CHANGED_SINCE=HEAD^1", "ACTOR=bob", "HEAD_COMMIT="+head, "BASE_COMMIT="+base, "GITHUB_EVENT_NAME=pull_request_target")
		if res.code != 0 || len(calls) != 1 {
			t.Errorf("the honest case: exit %d after %d calls:\n%s", res.code, len(calls), res.out)
		}
	})

	// A pull request's check without its author would check nobody's
	// rights: refused.
	t.Run("ErrPullRequestWithoutActor", func(t *testing.T) {
		t.Parallel()
		a := newActionRepo(t)
		res, calls := a.action(t, "COMMAND=check", "CHANGED_SINCE=HEAD^1", "GITHUB_EVENT_NAME=pull_request_target")
		if res.code != 2 || len(calls) != 0 {
			t.Errorf("exit %d after %d calls, want 2 before any:\n%s", res.code, len(calls), res.out)
		}
		// A merge queue's group without the queued pull request's
		// author, or with a ref that is no queue's: refused too.
		res, calls = a.action(t, "COMMAND=check", "CHANGED_SINCE=HEAD^1", "GITHUB_EVENT_NAME=merge_group")
		if res.code != 2 || len(calls) != 0 {
			t.Errorf("a group without its author: exit %d after %d calls, want 2 before any:\n%s", res.code, len(calls), res.out)
		}
		res, calls = a.action(t, "COMMAND=check", "CHANGED_SINCE=HEAD^1", "GITHUB_EVENT_NAME=merge_group", "ACTOR=bob", "QUEUE_REF=refs/heads/pr-1")
		if res.code != 2 || len(calls) != 0 {
			t.Errorf("a group of another ref: exit %d after %d calls, want 2 before any:\n%s", res.code, len(calls), res.out)
		}
		res, calls = a.action(t, "COMMAND=check", "CHANGED_SINCE=HEAD^1", "GITHUB_EVENT_NAME=merge_group", "QUEUE_REF=refs/heads/gh-readonly-queue/main/pr-1-0123456789abcdef0123456789abcdef01234567")
		if res.code != 2 || len(calls) != 0 {
			t.Errorf("a group of another ref: exit %d after %d calls, want 2 before any:\n%s", res.code, len(calls), res.out)
		}
	})

	// The attack: alice's pull request, ahead in the merge queue, takes
	// carol out of an Alliance; carol's, queued behind it, changes that
	// Alliance's file — checked green on its own, against main. The group
	// of carol's pull request is judged twice: carol's own changes with her
	// rights against the group ahead of her (so alice's change counts),
	// and the whole group. Whatever merge method the queue uses.
	for _, method := range []string{"merge", "squash", "rebase"} {
		t.Run("MergeQueue/"+method, func(t *testing.T) {
			t.Parallel()
			a := newActionRepo(t)
			g := func(args ...string) string { return git(t, a.env, a.dir, args...) }
			base := g("rev-parse", "HEAD^1")
			ahead := g("rev-parse", "HEAD")
			g("checkout", "--quiet", "-b", "carol", base)
			writeFile(t, filepath.Join(a.dir, "campaigns/spring/phases/01/builds/blue.toml"), "1\n")
			g("add", ".")
			g("commit", "--quiet", "-m", "carol 1")
			writeFile(t, filepath.Join(a.dir, "campaigns/spring/phases/01/builds/blue.toml"), "2\n")
			g("add", ".")
			g("commit", "--quiet", "-m", "carol 2")
			carol := g("rev-parse", "HEAD")
			// The group: alice's pull request (the fixture's commit) on the
			// base, then carol's as the method puts it.
			g("checkout", "--quiet", "-b", "queue", ahead)
			switch method {
			case "merge":
				g("merge", "--quiet", "--no-ff", "-m", "Merge pull request #2", carol)
			case "squash":
				g("merge", "--quiet", "--squash", carol)
				g("commit", "--quiet", "-m", "carol's (#2)")
			case "rebase":
				g("cherry-pick", carol+"~1", carol)
			}
			ref := "QUEUE_REF=refs/heads/gh-readonly-queue/main/pr-2-" + carol
			// The author as GitHub's API says (a stand-in of GET
			// /repos/{owner}/{repo}/pulls/{number}, which answers only
			// with the token).
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path != "/repos/club/front/pulls/2" || r.Header.Get("Authorization") != "Bearer tok" {
					http.Error(w, `{"message":"Not Found"}`, http.StatusNotFound)
					return
				}
				w.Header().Set("Content-Type", "application/json")
				fmt.Fprint(w, `{"number":2,"user":{"login":"carol","type":"User"},"head":{"sha":"`+carol+`"}}`)
			}))
			defer srv.Close()
			api := []string{"API_TOKEN=tok", "GITHUB_API_URL=" + srv.URL, "GITHUB_REPOSITORY=club/front"}
			res, calls := a.action(t, append([]string{"COMMAND=check", "CHANGED_SINCE=" + base, "GITHUB_EVENT_NAME=merge_group", ref}, api...)...)
			want := "check-changes|--format|github|--base=" + ahead + "|--actor=carol|--|.\n" +
				"check-changes|--format|github|--base=" + base + "|--|."
			if got := strings.Join(calls, "\n"); res.code != 0 || got != want {
				t.Errorf("exit %d, calls:\n%s\nwant:\n%s\n%s", res.code, got, want, res.out)
			}
			// A token GitHub refuses: nobody's rights, so nothing is checked.
			res, calls = a.action(t, "COMMAND=check", "CHANGED_SINCE="+base, "GITHUB_EVENT_NAME=merge_group", ref, "API_TOKEN=wrong", "GITHUB_API_URL="+srv.URL, "GITHUB_REPOSITORY=club/front")
			if res.code != 2 || len(calls) != 0 || !strings.Contains(res.out, "did not say who authored pull request #2") {
				t.Errorf("a refused token: exit %d after %d calls:\n%s", res.code, len(calls), res.out)
			}
		})
	}

	t.Run("ReplayAndPlanChangedCampaigns", func(t *testing.T) {
		t.Parallel()
		a := newActionRepo(t)
		summary := filepath.Join(a.tmp, "summary.md")
		_, calls := a.action(t, "COMMAND=replay", "CHANGED_SINCE=HEAD^1")
		if got, want := strings.Join(calls[1:], "\n"), "replay|--format|github|--|campaigns/spring"; got != want {
			t.Errorf("replay calls: %q, want %q", got, want)
		}
		_, calls = a.action(t, "COMMAND=plan", "CHANGED_SINCE=HEAD^1", "GITHUB_STEP_SUMMARY="+summary)
		if got, want := strings.Join(calls[1:], "\n"), "plan|--|campaigns/spring"; got != want {
			t.Errorf("plan calls: %q, want %q", got, want)
		}
		if data, _ := os.ReadFile(summary); string(data) != "## plan of campaigns/spring\n" {
			t.Errorf("step summary = %q", data)
		}
	})

	// Every declared campaign, and no other: campaigns/practice has a
	// campaign.toml and is never advanced.
	t.Run("AdvanceDeclaredCampaigns", func(t *testing.T) {
		t.Parallel()
		a := newActionRepo(t)
		applied := filepath.Join(a.tmp, "applied.tsv")
		outputs := filepath.Join(a.tmp, "outputs")
		res, calls := a.action(t, "COMMAND=advance", "ARGS=--now  2027-01-01T00:00:00Z", "APPLIED_FILE="+applied, "GITHUB_OUTPUT="+outputs)
		if res.code != 0 {
			t.Fatalf("exit %d:\n%s", res.code, res.out)
		}
		want := "campaigns|--|.\n" +
			"advance|--replay|--format|github|--now|2027-01-01T00:00:00Z|--|campaigns/autumn\n" +
			"advance|--replay|--format|github|--now|2027-01-01T00:00:00Z|--|campaigns/spring"
		if got := strings.Join(calls, "\n"); got != want {
			t.Errorf("calls:\n%s\nwant:\n%s", got, want)
		}
		data, _ := os.ReadFile(applied)
		if got, want := string(data), "campaigns/autumn\tapplied phase 1: 1 Select Operations\ncampaigns/spring\tapplied phase 1: 1 Select Operations\n"; got != want {
			t.Errorf("applied file = %q, want %q", got, want)
		}
		// What advance printed shows the reveal: not in the log, where it
		// would be read before commit-back pushed the commit applying it,
		// but held for commit-back.
		if strings.Contains(res.out, "wrote state.toml") || strings.Contains(res.out, "applied phase 1") {
			t.Errorf("the log shows what advance printed before commit-back pushed it:\n%s", res.out)
		}
		data, _ = os.ReadFile(applied + ".out")
		if got, want := string(data), "warmaster advance campaigns/autumn:\napplied phase 1: 1 Select Operations\nwrote state.toml\nwarmaster advance campaigns/spring:\napplied phase 1: 1 Select Operations\nwrote state.toml\n"; got != want {
			t.Errorf("held output = %q, want %q", got, want)
		}
		data, _ = os.ReadFile(outputs)
		for _, want := range []string{"applied-file=" + applied + "\n", "campaigns=campaigns/autumn campaigns/spring\n"} {
			if !strings.Contains(string(data), want) {
				t.Errorf("outputs %q lack %q", data, want)
			}
		}
		// Globs narrow the declared campaigns; they never add one.
		_, calls = a.action(t, "COMMAND=status", "CAMPAIGNS=campaigns/spr* campaigns/practice")
		if got, want := strings.Join(calls[1:], "\n"), "status|--|campaigns/spring"; got != want {
			t.Errorf("status calls: %q, want %q", got, want)
		}
	})

	// With VERIFIED_FILE (the action's verified-cache), advance is given
	// the file of verified digests, made when the cache had none; the
	// output verified-changed says whether a run added to it (the action
	// then saves it to the cache), and only then.
	t.Run("AdvanceVerified", func(t *testing.T) {
		t.Parallel()
		a := newActionRepo(t)
		verified := filepath.Join(a.tmp, "warmaster-verified", "digests.txt")
		for _, tc := range []struct {
			proves, output string
		}{
			{"", ""},
			{strings.Repeat("a", 64), "verified-changed=true\n"},
			{"", ""},
		} {
			outputs := filepath.Join(a.tmp, "outputs")
			os.Remove(outputs)
			res, calls := a.action(t, "COMMAND=advance", "VERIFIED_FILE="+verified, "FAKE_PROVES="+tc.proves, "GITHUB_OUTPUT="+outputs)
			if res.code != 0 {
				t.Fatalf("exit %d:\n%s", res.code, res.out)
			}
			if want := "advance|--replay|--verified|" + verified + "|--format|github|--|campaigns/autumn"; calls[1] != want {
				t.Errorf("call %q, want %q", calls[1], want)
			}
			data, _ := os.ReadFile(outputs)
			if got := strings.Contains(string(data), "verified-changed=true\n"); got != (tc.output != "") {
				t.Errorf("FAKE_PROVES=%q: outputs %q", tc.proves, data)
			}
		}
		if got := readFile(t, verified); got != strings.Repeat("a", 64)+"\n"+strings.Repeat("a", 64)+"\n" {
			t.Errorf("verified file %q", got)
		}
	})

	// A .warmaster/ committed to git (a manifest planted for warmaster to
	// finish, overwriting a player's orders): that campaign is not run at
	// all, the others are, and the step fails naming it.
	t.Run("ErrPlantedCommit", func(t *testing.T) {
		t.Parallel()
		a := newActionRepo(t)
		writeFile(t, filepath.Join(a.dir, "campaigns/spring/.warmaster/commit"), "planted\n")
		git(t, a.env, a.dir, "add", "--force", ".")
		git(t, a.env, a.dir, "commit", "--quiet", "-m", "planted")
		res, calls := a.action(t, "COMMAND=advance", "ARGS=--now 2027-01-01T00:00:00Z")
		if res.code != 1 || !strings.Contains(res.out, "::error title=warmaster::campaigns/spring/.warmaster/ is committed to git") {
			t.Errorf("exit %d, want 1 naming the folder:\n%s", res.code, res.out)
		}
		if got, want := strings.Join(calls, "\n"), "campaigns|--|.\nadvance|--replay|--format|github|--now|2027-01-01T00:00:00Z|--|campaigns/autumn"; got != want {
			t.Errorf("calls:\n%s\nwant:\n%s", got, want)
		}
	})

	// A campaign that fails does not stop the others; the step fails at the
	// end. The script adds no annotation of its own: warmaster's are the
	// faults, one each.
	t.Run("ErrOneCampaignFails", func(t *testing.T) {
		t.Parallel()
		a := newActionRepo(t)
		res, calls := a.action(t, "COMMAND=status", "FAKE_FAIL=campaigns/autumn")
		if res.code != 1 || !strings.Contains(res.out, "warmaster status campaigns/autumn: exit status 1") {
			t.Errorf("exit %d, want 1 naming the campaign:\n%s", res.code, res.out)
		}
		if strings.Contains(res.out, "::error") {
			t.Errorf("the script annotated:\n%s", res.out)
		}
		if len(calls) != 3 { // campaigns, autumn, spring
			t.Errorf("the other campaigns were not run after the failure: %q", calls)
		}
	})

	// An advance that fails keeps what warmaster said, stdout and stderr,
	// in APPLIED_FILE.failed for the Warmasters' issue; the campaign that
	// succeeded is not in it.
	t.Run("ErrAdvanceKeepsTheMessage", func(t *testing.T) {
		t.Parallel()
		a := newActionRepo(t)
		applied := filepath.Join(a.tmp, "applied.tsv")
		res, _ := a.action(t, "COMMAND=advance", "APPLIED_FILE="+applied, "FAKE_FAIL=campaigns/autumn")
		if res.code != 1 {
			t.Fatalf("exit %d:\n%s", res.code, res.out)
		}
		got := readFile(t, applied+".failed")
		for _, want := range []string{"warmaster advance campaigns/autumn: exit status 1", "campaigns/autumn/phases/01/orders/bob.toml:1:1: restore it: git checkout abc -- x"} {
			if !strings.Contains(got, want) {
				t.Errorf("%s.failed lacks %q:\n%s", applied, want, got)
			}
		}
		if strings.Contains(got, "campaigns/spring") {
			t.Errorf("the campaign that advanced is in the failure:\n%s", got)
		}
		if !strings.Contains(res.out, "restore it: git checkout abc -- x") {
			t.Errorf("the log lost warmaster's stderr:\n%s", res.out)
		}
	})

	// notify and doctor run once, over the repository, with the args.
	t.Run("NotifyAndDoctor", func(t *testing.T) {
		t.Parallel()
		a := newActionRepo(t)
		for _, cmd := range []string{"notify", "doctor"} {
			res, calls := a.action(t, "COMMAND="+cmd, "ARGS=--applied=/tmp/x.tsv")
			if want := cmd + "|--applied=/tmp/x.tsv|--|."; res.code != 0 || strings.Join(calls, "\n") != want {
				t.Errorf("%s: exit %d, calls %q, want %q:\n%s", cmd, res.code, calls, want, res.out)
			}
		}
	})

	t.Run("ErrUnknownCommand", func(t *testing.T) {
		t.Parallel()
		a := newActionRepo(t)
		res, calls := a.action(t, "COMMAND=demo")
		if res.code != 2 || len(calls) != 0 {
			t.Errorf("exit %d after %d calls, want 2 before any:\n%s", res.code, len(calls), res.out)
		}
	})
}
