package phase

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/warmaster/warmaster/processor"
)

// TestScalePullRequest prints what a pull request's check costs against its
// change (issue 24, item 1: at most 2 × `check` of the file it adds). For
// each size n, a campaign repository (`init-repo`, the generated campaign
// declared in its registry) whose last commit adds one player's file, as a
// pull request does: the result of battle f<k> at the battles step
// (genBattles), and player p<k>'s orders at the operations step (genPhase
// with orders); then the best wall time of `check-changes --base HEAD^
// --actor p<k>` against `check --actor p<k>` of that one file. Both must
// pass: a check that stopped at a fault would time less than the work.
// Run: go test ./processor/phase -run TestScalePullRequest -scale-pr 1000,10000,100000 -v -timeout 60m
func TestScalePullRequest(t *testing.T) {
	if *scalePR == "" {
		t.Skip("no -scale-pr given")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	bin := buildWarmaster(t)
	now := "2027-02-02T00:00:00Z"
	var rows []string
	for _, n := range sizesOf(t, *scalePR) {
		tries := triesAt(n)
		k := n / 2
		for _, pr := range []struct {
			what   string
			orders bool
			file   string
		}{
			{"a result, battles step", false, processor.InputPath(1, "results", fmt.Sprintf("f%d", k))},
			{"an orders file, operations step", true, processor.InputPath(1, "orders", fmt.Sprintf("p%d", k))},
		} {
			repo := pullRequestRepo(t, bin, genPhase(t, n, pr.orders), pr.file)
			actor := fmt.Sprintf("p%d", k)
			cc := measureRun(t, tries, true, bin, "check-changes", "--base", "HEAD^", "--actor", actor, "--now", now, repo)
			ck := measureRun(t, tries, true, bin, "check", "--actor", actor, "--now", now, filepath.Join(repo, "campaigns", "big"), pr.file)
			ratio := float64(cc.wall) / float64(ck.wall)
			bar := ""
			if ratio > 2 {
				bar = " (over the bar of 2)"
			}
			rows = append(rows, fmt.Sprintf("| %d | %s | %v | %v | %.2f%s |", n, pr.what, cc, ck, ratio, bar))
			if err := os.RemoveAll(filepath.Dir(repo)); err != nil { // one campaign on tmpfs at a time
				t.Fatal(err)
			}
		}
	}
	t.Logf("\n| battles | the pull request adds | check-changes | check of the file | ratio |\n|---|---|---|---|---|\n%s\n(each cell: the best wall time of the runs (-scale-tries, at most 2 from 50,000 battles), that run's CPU time and peak RSS; %s, %d CPUs)",
		strings.Join(rows, "\n"), runtime.Version(), runtime.NumCPU())
}

// pullRequestRepo makes a git repository of the campaign folder src, as
// campaigns/big, whose base commit lacks file (a slash path in the
// campaign) and whose head commit adds it; it returns the work tree.
func pullRequestRepo(t *testing.T, bin, src, file string) string {
	repo := filepath.Join(t.TempDir(), "repo")
	if out, err := exec.Command(bin, "init-repo", "--warmaster", "boss", repo).CombinedOutput(); err != nil {
		t.Fatalf("init-repo: %v\n%s", err, out)
	}
	registry := filepath.Join(repo, ".github", "warmaster.toml")
	data, err := os.ReadFile(registry)
	if err != nil {
		t.Fatal(err)
	}
	declared := strings.Replace(string(data), "\ncampaigns = []\n", "\ncampaigns = [\"campaigns/big\"]\n", 1)
	if declared == string(data) {
		t.Fatalf("%s declares no campaigns = [] to replace:\n%s", registry, data)
	}
	if err := os.WriteFile(registry, []byte(declared), 0o644); err != nil {
		t.Fatal(err)
	}
	camp := filepath.Join(repo, "campaigns", "big")
	if err := os.CopyFS(camp, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(src); err != nil {
		t.Fatal(err)
	}
	added := filepath.Join(camp, filepath.FromSlash(file))
	content, err := os.ReadFile(added)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(added); err != nil {
		t.Fatal(err)
	}
	git := func(args ...string) {
		cmd := exec.Command("git", append([]string{"-c", "user.name=bench", "-c", "user.email=bench@example.com", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Dir = repo
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q")
	git("add", "-A")
	git("commit", "-q", "-m", "base")
	if err := os.WriteFile(added, content, 0o644); err != nil {
		t.Fatal(err)
	}
	git("add", "-A")
	git("commit", "-q", "-m", "the pull request")
	return repo
}
