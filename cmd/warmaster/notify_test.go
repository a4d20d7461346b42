package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/warmaster/warmaster/campaigns"
	"github.com/warmaster/warmaster/processor/github"
	"github.com/warmaster/warmaster/processor/github/standin"
)

// The commands as the workflows run them, against a stand-in of GitHub:
// notify opens the campaign's issue, comments the step advance applied
// (read from the applied file), and, with --failed and --resolved, opens
// and closes the Warmasters' issue; doctor comments its findings on the
// campaign's issue.
func TestNotifyAndDoctorCommands(t *testing.T) {
	s := standin.New("club/vespator")
	defer s.Close()
	s.Tokens["workflow"] = standin.Token{Login: github.Bot, App: true}
	root := t.TempDir()
	writeTestFile(t, root, ".github/warmaster.toml", "warmasters = [\"alice\"]\ncampaigns = [\"campaigns/spring\"]\n")
	writeTestFile(t, root, ".github/workflows/warmaster-advance.yml", "on: push\njobs:\n  a:\n    steps:\n      - uses: warmaster/warmaster/.github/actions/warmaster@v1.0.0\n")
	dir := filepath.Join(root, "campaigns/spring")
	if err := campaigns.CopyTo(campaigns.Example, dir); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"phases/01/orders/frank.toml", "phases/01/moves/frank.toml"} {
		if err := os.Remove(filepath.Join(dir, f)); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("GITHUB_TOKEN", "workflow")
	t.Setenv("GITHUB_API_URL", s.URL)
	t.Setenv("GITHUB_REPOSITORY", "club/vespator")
	t.Setenv("GITHUB_SERVER_URL", "https://github.com")
	t.Setenv("GITHUB_RUN_ID", "42")
	t.Setenv("WARMASTER_PUSH_TOKEN", "")
	t.Setenv("WARMASTER_DOCTOR_TOKEN", "")
	wm := func(code int, args ...string) string {
		t.Helper()
		var out, errOut bytes.Buffer
		if got := run(append([]string{"warmaster"}, args...), &out, &errOut); got != code {
			t.Fatalf("warmaster %s: exit %d, want %d\n%s%s", strings.Join(args, " "), got, code, out.String(), errOut.String())
		}
		return out.String()
	}
	wm(0, "advance", "--now", "2027-01-01T00:00:00Z", dir)
	wm(0, "notify", "--now", "2027-01-01T01:00:00Z", root)
	if len(s.Issues) != 1 || !strings.Contains(s.Issues[0].Title, "phase 1 of 3, step 1 Select Operations") || !s.Issues[0].Pinned {
		t.Fatalf("issues %d: %+v", len(s.Issues), s.Issues)
	}
	is := s.Issues[0]

	// The deadline passes: advance applies the steps, notify says so once.
	wm(0, "advance", "--now", "2027-01-09T00:00:00Z", dir)
	applied := filepath.Join(t.TempDir(), "applied.tsv")
	writeTestFile(t, filepath.Dir(applied), "applied.tsv", "campaigns/spring\tapplied phase 1: 1 Select Operations\ncampaigns/autumn\tapplied phase 1: 1 Select Operations\n")
	for range 2 {
		wm(0, "notify", "--now", "2027-01-09T01:00:00Z", "--applied", applied, root)
	}
	if len(is.Comments) != 1 || !strings.Contains(is.Comments[0].Body, "- phase 1: 1 Select Operations\n") {
		t.Fatalf("comments %+v", is.Comments)
	}

	// A failure, then a success.
	failed := filepath.Join(t.TempDir(), "failed.txt")
	writeTestFile(t, filepath.Dir(failed), "failed.txt", "commit-back: main refused the push 5 times; giving up\n")
	wm(0, "notify", "--failed", failed, root)
	if len(s.Issues) != 2 || !strings.Contains(s.Issues[1].Body, "@alice: the advance workflow failed ([the run](https://github.com/club/vespator/actions/runs/42))") {
		t.Fatalf("failure issue: %+v", s.Issues[len(s.Issues)-1])
	}
	wm(0, "notify", "--resolved", root)
	if s.Issues[1].State != "closed" {
		t.Errorf("the failure issue is %s after a success", s.Issues[1].State)
	}

	// doctor with the workflow's token: what it may not read is not
	// checked; the findings go on the campaign's issue once.
	s.Forbidden = []string{"/environments/warmaster", "/branches/main/protection", "/codeowners/errors", "/collaborators", "/actions/permissions/workflow"}
	for range 2 {
		out := wm(0, "doctor", "--report-issue", "--now", "2027-01-09T02:00:00Z", root)
		if !strings.Contains(out, "warmaster doctor: everything the organisers' guide asks is in place (") {
			t.Fatalf("doctor:\n%s", out)
		}
	}
	if len(is.Comments) != 1 {
		t.Errorf("doctor commented a clean set-up that it never found wanting: %+v", is.Comments[1:])
	}
	// A problem: exit 1, and a new comment.
	s.Forbidden = nil
	s.Environments = map[string]map[string]any{}
	out := wm(1, "doctor", "--report-issue", "--now", "2027-01-09T02:00:00Z", root)
	if !strings.Contains(out, "problem: environment: there is no `warmaster` environment") || len(is.Comments) != 2 ||
		!strings.Contains(is.Comments[1].Body, "- **Problem** — environment: there is no `warmaster` environment") {
		t.Errorf("doctor with a problem:\n%s\n%+v", out, is.Comments[1:])
	}
}

func writeTestFile(t *testing.T, root, name, text string) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
