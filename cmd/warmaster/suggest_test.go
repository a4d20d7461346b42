package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/warmaster/warmaster/campaigns"
	"github.com/warmaster/warmaster/processor/github"
	"github.com/warmaster/warmaster/processor/github/standin"
)

// suggest against a stand-in of GitHub: a pull request of bob's misspelt
// fleet gets one review with the suggested change on its line; a re-run
// posts nothing; --dry-run prints it and posts nothing; a player's comment
// carrying the marker is not taken for warmaster's.
func TestSuggestCommand(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	root := t.TempDir()
	git := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.name=Test", "-c", "user.email=test@example.com"}, args...)...)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL="+os.DevNull, "GIT_CONFIG_NOSYSTEM=1")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return strings.TrimSpace(string(out))
	}
	git("init", "--quiet", "--initial-branch=main")
	writeTestFile(t, root, ".github/warmaster.toml", "warmasters = [\"alice\"]\ncampaigns = [\"campaigns/spring\"]\n")
	if err := campaigns.CopyTo(campaigns.Example, filepath.Join(root, "campaigns/spring")); err != nil {
		t.Fatal(err)
	}
	git("add", "-A")
	git("commit", "--quiet", "-m", "the spring campaign")
	git("checkout", "--quiet", "-b", "bob-orders")
	const bob = "campaigns/spring/phases/01/orders/bob.toml"
	writeTestFile(t, root, bob, "[[operations]]\nfleet = \"blue2\"\noperation = \"raise-edifices\"\ninfrastructure = \"fortification-line\"\n")
	git("commit", "--quiet", "-am", "bob's orders")
	head := git("rev-parse", "HEAD")
	// The pull request's merge commit, as GitHub makes it.
	git("checkout", "--quiet", "main")
	git("commit", "--quiet", "--allow-empty", "-m", "main moves on")
	git("merge", "--quiet", "--no-ff", "-m", "merge", "bob-orders")

	s := standin.New("club/vespator")
	defer s.Close()
	s.Tokens["workflow"] = standin.Token{Login: github.Bot, App: true}
	s.Pulls[7] = &standin.Pull{Number: 7, Head: head, Lines: map[string][]int{bob: {2}}}
	t.Setenv("GITHUB_API_URL", s.URL)
	t.Setenv("GITHUB_REPOSITORY", "club/vespator")
	wm := func(code int, args ...string) string {
		t.Helper()
		var out, errOut bytes.Buffer
		if got := run(append([]string{"warmaster"}, args...), &out, &errOut); got != code {
			t.Fatalf("warmaster %s: exit %d, want %d\n%s%s", strings.Join(args, " "), got, code, out.String(), errOut.String())
		}
		return out.String()
	}
	args := []string{"suggest", "--base", "HEAD^1", "--pull-request", "7", "--actor", "bob", "--now", "2027-01-05T12:00:00Z", "--", root}

	t.Setenv("GITHUB_TOKEN", "")
	dry := wm(0, append([]string{"suggest", "--dry-run"}, args[1:]...)...)
	want := "would comment on pull request #7: a review of 1 suggested change\n" +
		"    " + bob + ":2:\n" +
		"    <!-- warmaster:suggestion KEY -->\n" +
		"    **warmaster check:** `unknown fleet \"blue2\"; did you mean \"blue-2\"?`\n" +
		"    \n" +
		"    ```suggestion\n" +
		"    fleet = \"blue-2\"\n" +
		"    ```\n" +
		"    \n" +
		"    *Commit suggestion* (above) makes this change on your pull request's branch in one click.\n"
	key := regexp.MustCompile(`warmaster:suggestion ([0-9a-f]{16})`).FindStringSubmatch(dry)
	if key == nil || dry != strings.Replace(want, "KEY", key[1], 1) {
		t.Fatalf("dry run:\n%s\nwant:\n%s", dry, want)
	}
	if len(s.Calls) != 0 {
		t.Fatalf("a dry run without a token called GitHub: %q", s.Calls)
	}

	// A player's comment with the marker does not stop the real one.
	s.ReviewComment(7, "carol", bob, 2, "<!-- warmaster:suggestion "+key[1]+" -->\nnothing to see")
	t.Setenv("GITHUB_TOKEN", "workflow")
	wm(0, args...)
	pr := s.Pulls[7]
	if len(pr.Reviews) != 1 || pr.Reviews[0].Event != "COMMENT" || pr.Reviews[0].CommitID != head || pr.Reviews[0].User.Login != github.Bot {
		t.Fatalf("reviews %+v", pr.Reviews)
	}
	if len(pr.Comments) != 2 || pr.Comments[1].Path != bob || pr.Comments[1].Line != 2 || !strings.Contains(pr.Comments[1].Body, "```suggestion\nfleet = \"blue-2\"\n```\n") {
		t.Fatalf("review comments %+v", pr.Comments)
	}
	if os.Getenv("GITHUB_TOKEN") != "" {
		t.Error("suggest left GITHUB_TOKEN in its environment, for the replays it runs")
	}

	// The check runs again: nothing is posted twice.
	t.Setenv("GITHUB_TOKEN", "workflow")
	if out := wm(0, args...); !strings.Contains(out, bob+":2: suggestion "+key[1]+" posted already\nno suggestion to post on pull request #7\n") {
		t.Errorf("re-run said:\n%s", out)
	}
	if len(pr.Reviews) != 1 || len(pr.Comments) != 2 {
		t.Errorf("a re-run posted again: %d reviews, %d comments", len(pr.Reviews), len(pr.Comments))
	}

	// Without a token, and not a dry run: refused, saying what is needed.
	t.Setenv("GITHUB_TOKEN", "")
	var out, errOut bytes.Buffer
	if got := run(append([]string{"warmaster"}, args...), &out, &errOut); got != 2 || !strings.Contains(errOut.String(), "suggest needs a token in GITHUB_TOKEN") {
		t.Errorf("no token: exit %d\n%s%s", got, out.String(), errOut.String())
	}
}
