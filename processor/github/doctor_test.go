package github_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/warmaster/warmaster/campaigns"
	"github.com/warmaster/warmaster/processor/github"
	"github.com/warmaster/warmaster/processor/github/standin"
	"github.com/warmaster/warmaster/processor/phase"
)

const workflow = `name: warmaster advance
on: push
jobs:
  advance:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v6
      - uses: warmaster/warmaster/.github/actions/warmaster@v1.4.0
`

// clubRepo is a campaign repository's work tree as the guide leaves it:
// the registry, one campaign, the workflows pinned.
func clubRepo(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(".github/warmaster.toml", "warmasters = [\"alice\"]\ncampaigns = [\"campaigns/spring\"]\n")
	write(".github/workflows/warmaster-advance.yml", workflow)
	if err := campaigns.CopyTo(campaigns.Example, filepath.Join(root, "campaigns/spring")); err != nil {
		t.Fatal(err)
	}
	return root
}

// wellSet is a stand-in of a repository set up as the guide asks.
func wellSet(t *testing.T) *standin.Server {
	s := server(t)
	s.Tokens["organiser"] = standin.Token{Login: "alice"}
	s.Tokens["push"] = standin.Token{Login: "alice", Expires: time.Date(2027, 12, 31, 0, 0, 0, 0, time.UTC)}
	s.Environments["warmaster"] = map[string]any{"id": 1, "name": "warmaster", "deployment_branch_policy": map[string]bool{"protected_branches": false, "custom_branch_policies": true}}
	s.BranchPolicies["warmaster"] = []string{"main"}
	s.EnvSecrets["warmaster"] = []string{"WARMASTER_PUSH_TOKEN"}
	s.Protection["main"] = map[string]any{
		"required_status_checks":        map[string]any{"strict": true, "contexts": []string{"check"}, "checks": []map[string]any{{"context": "check", "app_id": 15368}}},
		"required_pull_request_reviews": map[string]any{"require_code_owner_reviews": true, "dismiss_stale_reviews": true, "require_last_push_approval": true, "required_approving_review_count": 1},
	}
	for _, l := range []string{"alice", "bob", "carol", "dave", "erin", "frank"} {
		s.Collaborators[l] = "write"
	}
	s.Collaborators["alice"] = "admin"
	return s
}

func doctor(t *testing.T, s *standin.Server, root string, push bool) []github.Finding {
	t.Helper()
	ctx := context.Background()
	c, err := github.New(ctx, repo, "organiser", s.URL)
	if err != nil {
		t.Fatal(err)
	}
	d := &github.Doctor{Root: root, Client: c, Options: phase.Options{Now: at(t, "2027-01-01T00:00:00Z")}}
	if push {
		if d.Push, err = github.New(ctx, repo, "push", s.URL); err != nil {
			t.Fatal(err)
		}
	}
	return d.Run(ctx)
}

func problems(fs []github.Finding) []string {
	var out []string
	for _, f := range fs {
		if !f.Unchecked {
			out = append(out, f.Area+": "+f.Problem+" | "+f.Fix)
		}
	}
	return out
}

func TestDoctorWellSet(t *testing.T) {
	s := wellSet(t)
	fs := doctor(t, s, clubRepo(t), true)
	if len(fs) != 0 {
		for _, f := range fs {
			t.Error(f.String())
		}
	}
}

// Each thing the guide asks, undone: doctor names it, and what to click.
func TestDoctorFindings(t *testing.T) {
	for _, tc := range []struct {
		name   string
		break_ func(s *standin.Server, root string)
		want   []string
	}{
		{"undeclared campaign", func(s *standin.Server, root string) {
			if err := campaigns.CopyTo(campaigns.Example, filepath.Join(root, "campaigns/autumn")); err != nil {
				panic(err)
			}
		}, []string{"campaigns/autumn: it has a campaign.toml but .github/warmaster.toml does not declare it", `add "campaigns/autumn" to campaigns`}},
		{"declared but missing", func(s *standin.Server, root string) {
			os.WriteFile(filepath.Join(root, ".github/warmaster.toml"), []byte("warmasters = [\"alice\"]\ncampaigns = [\"campaigns/spring\", \"campaigns/winter\"]\n"), 0o644)
		}, []string{"campaigns/winter: declared in .github/warmaster.toml, but there is no campaign.toml there"}},
		{"campaign failing check", func(s *standin.Server, root string) {
			os.WriteFile(filepath.Join(root, "campaigns/spring/setup/blue.toml"), []byte("nonsense = 1\n"), 0o644)
		}, []string{"campaigns/spring: `warmaster check` finds", "run `warmaster check campaigns/spring`"}},
		{"workflow on a branch", func(s *standin.Server, root string) {
			os.WriteFile(filepath.Join(root, ".github/workflows/warmaster-check.yml"), []byte(strings.ReplaceAll(workflow, "@v1.4.0", "@main")), 0o644)
		}, []string{".github/workflows: warmaster/warmaster/.github/actions/warmaster is named at \"main\", which can change under you (a branch), in warmaster-check.yml", "the workflows name warmaster at different versions: v1.4.0, main"}},
		{"no environment", func(s *standin.Server, root string) {
			delete(s.Environments, "warmaster")
		}, []string{"environment: there is no `warmaster` environment", "New environment, name it warmaster"}},
		{"environment open to every branch", func(s *standin.Server, root string) {
			s.Environments["warmaster"]["deployment_branch_policy"] = nil
		}, []string{"every branch may deploy to the warmaster environment", "Selected branches and tags, and add one rule, main"}},
		{"environment open to a pattern", func(s *standin.Server, root string) {
			s.BranchPolicies["warmaster"] = []string{"*"}
		}, []string{`deployment rules are ["*"], not the default branch main alone`}},
		{"environment waits for a reviewer", func(s *standin.Server, root string) {
			s.Environments["warmaster"]["protection_rules"] = []map[string]any{{"id": 3, "node_id": "GA_x", "type": "required_reviewers", "reviewers": []any{}}}
		}, []string{"the hourly advance would wait for someone every hour", "untick Required reviewers"}},
		{"campaign of another repository", func(s *standin.Server, root string) {
			data, _ := os.ReadFile(filepath.Join(root, "campaigns/spring/campaign.toml"))
			data = append(data, []byte("\n[github]\nrepository = \"club/other\"\npath = \"campaigns/spring\"\n")...)
			os.WriteFile(filepath.Join(root, "campaigns/spring/campaign.toml"), data, 0o644)
		}, []string{`[github] repository is "club/other", not this repository club/vespator`}},
		{"secrets missing", func(s *standin.Server, root string) {
			s.EnvSecrets["warmaster"] = nil
			data, _ := os.ReadFile(filepath.Join(root, "campaigns/spring/campaign.toml"))
			data = []byte(strings.Replace(string(data), "seed = \"vespator-front-example\"\n", "commitment = \"sha256:"+strings.Repeat("0", 64)+"\"\n", 1))
			os.WriteFile(filepath.Join(root, "campaigns/spring/campaign.toml"), data, 0o644)
		}, []string{"no WARMASTER_DICE_KEY secret", "no WARMASTER_PUSH_TOKEN secret", "Add environment secret: name WARMASTER_DICE_KEY"}},
		{"unprotected branch", func(s *standin.Server, root string) {
			delete(s.Protection, "main")
		}, []string{"main does not require the `check` status", "Require branches to be up to date before merging", "Require review from Code Owners", "Require approval of the most recent reviewable push", "Dismiss stale pull request approvals when new commits are pushed"}},
		{"codeowners errors", func(s *standin.Server, root string) {
			s.CodeownersErrors = []map[string]any{{"line": 3, "column": 1, "kind": "Unknown owner", "source": "/campaigns/spring/phases/*/orders/zed.toml @zed", "suggestion": nil, "message": "Unknown owner on line 3", "path": ".github/CODEOWNERS"}}
		}, []string{".github/CODEOWNERS line 3: GitHub reads CODEOWNERS with an error: Unknown owner"}},
		// GitHub loads no CODEOWNERS of 3 MB or more (as warmaster
		// wrote it for 1,000 players before its lines were bounded).
		{"codeowners too big", func(s *standin.Server, root string) {
			big := strings.Repeat("/campaigns/spring/phases/*/orders/bob.toml* @bob @carol\n", github.CodeownersLimit/56+1)
			os.WriteFile(filepath.Join(root, ".github/CODEOWNERS"), []byte(big), 0o644)
		}, []string{".github/CODEOWNERS: it is 3000", "GitHub does not load a CODEOWNERS file of 3 MB or more", "warmaster codeowners > .github/CODEOWNERS"}},
		{"collaborators", func(s *standin.Server, root string) {
			delete(s.Collaborators, "bob")
			delete(s.Collaborators, "carol")
			s.Invitations["carol"] = "write"
			s.Collaborators["dave"] = "read"
		}, []string{"bob is not a collaborator", "carol has not accepted the invitation yet", "https://github.com/club/vespator/invitations", "dave may not write"}},
		{"workflow token writes", func(s *standin.Server, root string) {
			s.WorkflowPermissions = "write"
		}, []string{"the workflows' token may write by default"}},
		{"push token expires", func(s *standin.Server, root string) {
			s.Tokens["push"] = standin.Token{Login: "alice", Expires: time.Date(2027, 3, 1, 0, 0, 0, 0, time.UTC)}
		}, []string{"WARMASTER_PUSH_TOKEN expires 2027-03-01 00:00 UTC, before the campaigns' last deadline 2027-06-01 18:00 UTC", "Regenerate the token with an expiry after 2027-06-01"}},
		{"push token read-only", func(s *standin.Server, root string) {
			s.Tokens["push"] = standin.Token{Login: "alice", ReadOnly: true}
		}, []string{"WARMASTER_PUSH_TOKEN may not push"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := wellSet(t)
			root := clubRepo(t)
			tc.break_(s, root)
			got := strings.Join(problems(doctor(t, s, root, true)), "\n")
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("doctor lacks %q:\n%s", w, got)
				}
			}
			if got == "" {
				t.Error("no problem found")
			}
		})
	}
}

// Rulesets instead of classic branch protection, and a merge queue for
// up-to-date branches; a token that may not read protection.
func TestDoctorRulesets(t *testing.T) {
	s := wellSet(t)
	delete(s.Protection, "main")
	s.Forbidden = []string{"/branches/main/protection"}
	s.Rules["main"] = []map[string]any{
		{"type": "required_status_checks", "ruleset_source_type": "Repository", "ruleset_source": repo, "ruleset_id": 7, "parameters": map[string]any{"required_status_checks": []map[string]any{{"context": "check"}}, "strict_required_status_checks_policy": false}},
		{"type": "merge_queue", "ruleset_source_type": "Repository", "ruleset_source": repo, "ruleset_id": 7, "parameters": map[string]any{"merge_method": "MERGE"}},
		{"type": "pull_request", "ruleset_source_type": "Repository", "ruleset_source": repo, "ruleset_id": 7, "parameters": map[string]any{"require_code_owner_review": true, "dismiss_stale_reviews_on_push": true, "require_last_push_approval": true, "required_approving_review_count": 1, "required_review_thread_resolution": false}},
	}
	if fs := doctor(t, s, clubRepo(t), true); len(fs) != 0 {
		for _, f := range fs {
			t.Error(f.String())
		}
	}
	s.Rules["main"] = s.Rules["main"][:2]
	fs := doctor(t, s, clubRepo(t), true)
	if len(problems(fs)) != 0 || len(fs) != 3 || !strings.Contains(fs[0].String(), "not checked: branch protection") {
		for _, f := range fs {
			t.Log(f.String())
		}
		t.Error("a protection the token may not read is not checked, and not a problem")
	}
}

// Without the push token, its expiry is not checked (said, not a problem).
func TestDoctorNoPushToken(t *testing.T) {
	s := wellSet(t)
	fs := doctor(t, s, clubRepo(t), false)
	if len(fs) != 1 || !fs[0].Unchecked || fs[0].Area != "push token" {
		t.Errorf("findings %v", fs)
	}
}

// The findings go on the campaign's issue once, again only when changed.
func TestDoctorReport(t *testing.T) {
	s := wellSet(t)
	d := club(t)
	notify(t, s, d, "2027-01-05T13:17:00Z")
	c, err := github.New(context.Background(), repo, bot, s.URL)
	if err != nil {
		t.Fatal(err)
	}
	p := &github.Poster{Client: c, Out: &strings.Builder{}}
	ctx := context.Background()
	for _, r := range []struct {
		text, digest string
		clean        bool
	}{{"all good", "sha256:a", true}, {"bob is not a collaborator", "sha256:b", false}, {"bob is not a collaborator", "sha256:b", false}, {"all good", "sha256:a", true}} {
		if err := p.Report(ctx, []string{dir}, r.text, r.digest, r.clean); err != nil {
			t.Fatal(err)
		}
	}
	got := comments(s.Issues[0], github.Bot)
	if len(got) != 2 || !strings.Contains(got[0], "bob is not") || !strings.Contains(got[1], "all good") {
		t.Errorf("doctor's comments %q", got)
	}
}

// A CODEOWNERS file just under GitHub's 3 MB is no finding; at the limit,
// offline too (the size is the work tree's), it is.
func TestDoctorCodeownersSize(t *testing.T) {
	for size, want := range map[int]bool{github.CodeownersLimit - 1: false, github.CodeownersLimit: true} {
		root := clubRepo(t)
		if err := os.WriteFile(filepath.Join(root, ".github/CODEOWNERS"), []byte(strings.Repeat("#", size-1)+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		d := &github.Doctor{Root: root, Options: phase.Options{Now: at(t, "2027-01-01T00:00:00Z")}}
		got := strings.Join(problems(d.Run(context.Background())), "\n")
		if strings.Contains(got, "3 MB or more") != want {
			t.Errorf("%d bytes: findings\n%s\nwant the size's: %v", size, got, want)
		}
	}
}
