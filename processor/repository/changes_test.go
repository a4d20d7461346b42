package repository

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/warmaster/warmaster/campaigns"
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/phase"
)

// testRepo is a campaign repository in a temporary folder: the example
// campaign as campaigns/spring (alice is its Warmaster; bob and carol play),
// declared by .github/warmaster.toml with alice the repository's Warmaster.
type testRepo struct {
	t   *testing.T
	dir string
	at  time.Time // the time of the last advance (testRepo.advance)
}

const registry = `warmasters = ["alice"]
campaigns = ["campaigns/spring"]
`

// now is before phase 1's operations deadline: the example's set-up and
// orders are in.
var now = time.Date(2027, 1, 5, 12, 0, 0, 0, time.UTC)

func newTestRepo(t *testing.T) *testRepo {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	r := &testRepo{t: t, dir: t.TempDir()}
	r.git("init", "--quiet", "--initial-branch=main")
	if err := campaigns.CopyTo(campaigns.Example, r.path("campaigns/spring")); err != nil {
		t.Fatal(err)
	}
	r.write(RegistryFile, registry)
	r.write(".github/CODEOWNERS", "* @alice\n")
	r.write(".github/workflows/check.yml", "name: check\n")
	r.write("README.md", "# The club's campaigns\n")
	r.commit("the spring campaign")
	return r
}

func (r *testRepo) path(rel string) string { return filepath.Join(r.dir, filepath.FromSlash(rel)) }

func (r *testRepo) git(args ...string) string {
	r.t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=Test", "-c", "user.email=test@example.com"}, args...)...)
	cmd.Dir = r.dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL="+os.DevNull, "GIT_CONFIG_NOSYSTEM=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		r.t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

func (r *testRepo) write(rel, content string) {
	r.t.Helper()
	if err := os.MkdirAll(filepath.Dir(r.path(rel)), 0o755); err != nil {
		r.t.Fatal(err)
	}
	if err := os.WriteFile(r.path(rel), []byte(content), 0o644); err != nil {
		r.t.Fatal(err)
	}
}

func (r *testRepo) read(rel string) string {
	r.t.Helper()
	data, err := os.ReadFile(r.path(rel))
	if err != nil {
		r.t.Fatal(err)
	}
	return string(data)
}

func (r *testRepo) commit(msg string) string {
	r.t.Helper()
	r.git("add", "-A")
	r.git("commit", "--quiet", "--allow-empty", "-m", msg)
	return r.git("rev-parse", "HEAD")
}

// change commits a pull request's changes on top of main and checks them
// as the pull-request check does, with actor's rights ("" for none).
func (r *testRepo) change(actor string, edit func()) *Report {
	r.t.Helper()
	edit()
	r.commit("the pull request")
	rep, err := CheckChanges(r.dir, Options{Base: "HEAD^1", Actor: processor.Login(actor), Run: phase.Options{Now: now}})
	if err != nil {
		r.t.Fatal(err)
	}
	return rep
}

// pushedTo commits changes on top of main as someone else's push onto the
// author's pull request, and checks them as the pull-request check does for
// GitHub's synchronize event: its author and its sender.
func (r *testRepo) pushedTo(author, pusher string, edit func()) *Report {
	r.t.Helper()
	edit()
	r.commit("a push onto the pull request")
	rep, err := CheckChanges(r.dir, Options{Base: "HEAD^1", Actor: processor.Login(author), PushedBy: processor.Login(pusher), Run: phase.Options{Now: now}})
	if err != nil {
		r.t.Fatal(err)
	}
	return rep
}

// faults are a report's faults, one "file: message" a line.
func faults(rep *Report) string {
	var b strings.Builder
	for _, f := range rep.Faults {
		b.WriteString(f.File + ": " + f.Message + "\n")
	}
	return b.String()
}

// wantFaults requires exactly these faults, each by file and a part of its
// message.
func wantFaults(t *testing.T, rep *Report, want ...[2]string) {
	t.Helper()
	if len(rep.Faults) != len(want) {
		t.Fatalf("%d faults, want %d:\n%s", len(rep.Faults), len(want), faults(rep))
	}
	for i, w := range want {
		if f := rep.Faults[i]; f.File != w[0] || !strings.Contains(f.Message, w[1]) {
			t.Errorf("fault %d is %s: %s\nwant %s: …%s…", i+1, f.File, f.Message, w[0], w[1])
		}
	}
}

// A push onto someone else's pull request is judged with the rights of its
// author and of whoever pushed it: carol's change to bob's orders, pushed
// onto bob's pull request, never passes as bob's.
func TestPushedBy(t *testing.T) {
	t.Run("ErrCarolChangesBobsOrders", func(t *testing.T) {
		t.Parallel()
		r := newTestRepo(t)
		rep := r.pushedTo("bob", "carol", func() {
			r.write("campaigns/spring/phases/01/orders/bob.toml", strings.Replace(r.read("campaigns/spring/phases/01/orders/bob.toml"), "fortification-line", "staging-grounds", 1))
		})
		wantFaults(t, rep, [2]string{"campaigns/spring/phases/01/orders/bob.toml", "carol may not change this file"})
		if msg := rep.Faults[0].Message; !strings.Contains(msg, "carol pushed to bob's pull request") {
			t.Errorf("the refusal does not say carol pushed to bob's pull request: %s", msg)
		}
	})
	// Nor carol's own file: bob's pull request is judged with bob's rights too.
	t.Run("ErrCarolPushesHerOwnFile", func(t *testing.T) {
		t.Parallel()
		r := newTestRepo(t)
		carol := r.read("campaigns/spring/phases/01/orders/carol.toml")
		os.Remove(r.path("campaigns/spring/phases/01/orders/carol.toml"))
		r.commit("without carol's orders")
		rep := r.pushedTo("bob", "carol", func() { r.write("campaigns/spring/phases/01/orders/carol.toml", carol) })
		wantFaults(t, rep, [2]string{"campaigns/spring/phases/01/orders/carol.toml", "bob may not change this file"})
	})
	// The control: the author's own push (GitHub's sender is the author).
	t.Run("OKAuthorPushes", func(t *testing.T) {
		t.Parallel()
		r := newTestRepo(t)
		rep := r.pushedTo("bob", "Bob", func() {
			r.write("campaigns/spring/phases/01/orders/bob.toml", strings.Replace(r.read("campaigns/spring/phases/01/orders/bob.toml"), "fortification-line", "staging-grounds", 1))
		})
		wantFaults(t, rep)
	})
	// A Warmaster pushing onto a player's pull request adds no rights: a
	// file neither may change is refused (once, as the pusher's).
	t.Run("ErrWarmasterPushesAnotherPlayersFile", func(t *testing.T) {
		t.Parallel()
		r := newTestRepo(t)
		rep := r.pushedTo("bob", "alice", func() {
			r.write("campaigns/spring/phases/01/orders/carol.toml", strings.Replace(r.read("campaigns/spring/phases/01/orders/carol.toml"), "\n", "\n\n", 1))
		})
		wantFaults(t, rep, [2]string{"campaigns/spring/phases/01/orders/carol.toml", "alice may not change this file"})
	})
}

// Each pull request is judged on its own files: a fault the campaign has
// in a file the changes do not touch (carol's orders, broken on main) is
// the campaign's, said, and never fails bob's pull request.
func TestCampaignsOwnFaults(t *testing.T) {
	r := newTestRepo(t)
	bob := r.read("campaigns/spring/phases/01/orders/bob.toml")
	os.Remove(r.path("campaigns/spring/phases/01/orders/bob.toml"))
	r.write("campaigns/spring/phases/01/orders/carol.toml", strings.Replace(r.read("campaigns/spring/phases/01/orders/carol.toml"), "planet = \"", "planet = \"no-such-", 1))
	r.commit("carol's orders, broken on main; without bob's")
	rep := r.change("bob", func() { r.write("campaigns/spring/phases/01/orders/bob.toml", bob) })
	wantFaults(t, rep)
	if len(rep.Campaigns) != 1 {
		t.Fatalf("campaigns %+v", rep.Campaigns)
	}
	cr := rep.Campaigns[0]
	if len(cr.Campaign) == 0 || cr.Campaign[0].File != "campaigns/spring/phases/01/orders/carol.toml" {
		t.Errorf("the campaign's faults %v, want carol's orders", cr.Campaign)
	}
	if !strings.Contains(cr.NoPlan, "not this pull request's") {
		t.Errorf("no plan %q", cr.NoPlan)
	}
}

// The repository's Warmasters may delete any input no step has used (a
// stray file, whoever sent it); a player may not delete another's.
func TestWarmasterDeletesUnusedInputs(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		t.Parallel()
		r := newTestRepo(t)
		rep := r.change("alice", func() { os.Remove(r.path("campaigns/spring/phases/01/orders/carol.toml")) })
		wantFaults(t, rep)
	})
	t.Run("ErrPlayerDeletesAnothers", func(t *testing.T) {
		t.Parallel()
		r := newTestRepo(t)
		rep := r.change("bob", func() { os.Remove(r.path("campaigns/spring/phases/01/orders/carol.toml")) })
		wantFaults(t, rep, [2]string{"campaigns/spring/phases/01/orders/carol.toml", "bob may not change this file"})
	})
}

// Nothing a step has used changes afterwards, the Warmaster included: the
// dice seed or commitment, the [rules], the forced events of a phase
// already applied, the map. Judged from the base and its journal, without
// secrets; what no step has used yet may still change.
func TestUsedCampaignParts(t *testing.T) {
	played := func(t *testing.T) *testRepo {
		t.Helper()
		r := newTestRepo(t)
		if _, err := phase.Advance(r.path("campaigns/spring"), phase.Options{Now: now}); err != nil {
			t.Fatal(err)
		}
		r.commit("phase 1's operations applied")
		return r
	}
	edit := func(r *testRepo, file, old, new string) {
		text := r.read(file)
		if !strings.Contains(text, old) {
			r.t.Fatalf("%s has no %q", file, old)
		}
		r.write(file, strings.Replace(text, old, new, 1))
	}
	for _, tc := range []struct {
		name, file, old, new, want string
	}{
		{"ErrDiceSeed", "campaigns/spring/campaign.toml", `seed = "vespator-front-example"`, `seed = "a luckier one"`, "[dice] changed after"},
		{"ErrTimeZone", "campaigns/spring/campaign.toml", "phases = 3\n", "phases = 3\ntime_zone = \"Europe/London\"\n", "time_zone changed after"},
		{"ErrRules", "campaigns/spring/campaign.toml", "[rules]\n", "[rules]\nseize_power_base_keeps_piece = true\n", "[rules] changed after"},
		{"ErrForcedEventOfAppliedPhase", "campaigns/spring/campaign.toml", "phase = 1\nevent = \"lull-in-the-fighting\"", "phase = 1\nevent = \"void-piracy\"", "phase 1's [[forced_events]] changed after"},
		{"ErrMap", "campaigns/spring/map.toml", "[[lanes]]", "# a comment is no change\n[[lanes]]", ""},
		{"OKForcedEventToCome", "campaigns/spring/campaign.toml", "phase = 2\nevent = \"sinister-omens\"", "phase = 2\nevent = \"void-piracy\"", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := played(t)
			rep := r.change("alice", func() { edit(r, tc.file, tc.old, tc.new) })
			if tc.want == "" {
				wantFaults(t, rep)
				return
			}
			wantFaults(t, rep, [2]string{tc.file, tc.want})
		})
	}
	// A correction of the [rules], openly: the check lets it through for
	// the campaign's load to judge against the journal (trust's
	// TestCorrection); a correction whose was is not the base's is no
	// correction.
	t.Run("OKRulesCorrected", func(t *testing.T) {
		t.Parallel()
		r := played(t)
		c := r.read("campaigns/spring/campaign.toml")
		i := strings.Index(c, "\n[rules]\n") + len("\n[rules]\n")
		rules := c[i : i+strings.Index(c[i:], "\n[")+1]
		changed := strings.Replace(c, "orbital_invasion_defender_power = false", "orbital_invasion_defender_power = true", 1)
		correction := "\n[[corrections]]\npart = \"[rules]\"\nreason = \"RULINGS 14's option, as the club agreed\"\n[corrections.was]\n"
		rep := r.change("alice", func() { r.write("campaigns/spring/campaign.toml", changed+correction+rules) })
		wantFaults(t, rep)
		r2 := played(t)
		rep = r2.change("alice", func() {
			r2.write("campaigns/spring/campaign.toml", changed+correction+strings.Replace(rules, "events = true", "events = false", 1))
		})
		wantFaults(t, rep, [2]string{"campaigns/spring/campaign.toml", "[rules] changed after"})
	})
	t.Run("ErrMapLane", func(t *testing.T) {
		t.Parallel()
		r := played(t)
		rep := r.change("alice", func() {
			m := r.read("campaigns/spring/map.toml")
			i := strings.LastIndex(m, "[[lanes]]")
			r.write("campaigns/spring/map.toml", m[:i])
		})
		wantFaults(t, rep, [2]string{"campaigns/spring/map.toml", "map.toml changed after"})
	})
}

func TestCheckChanges(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		t.Parallel()
		r := newTestRepo(t)
		bob := r.read("campaigns/spring/phases/01/orders/bob.toml")
		os.Remove(r.path("campaigns/spring/phases/01/orders/bob.toml"))
		r.commit("without bob's orders")
		rep := r.change("bob", func() { r.write("campaigns/spring/phases/01/orders/bob.toml", bob) })
		wantFaults(t, rep)
		if len(rep.Campaigns) != 1 {
			t.Fatalf("campaigns %+v, want campaigns/spring", rep.Campaigns)
		}
		cr := rep.Campaigns[0]
		if cr.Dir != "campaigns/spring" || strings.Join(cr.Files, " ") != "phases/01/orders/bob.toml" {
			t.Errorf("campaign %s, files %q", cr.Dir, cr.Files)
		}
		if !strings.HasPrefix(cr.Plan, "## warmaster plan: campaigns/spring at 2027-01-05T12:00:00Z") || cr.NoPlan != "" {
			t.Errorf("plan %q, no plan %q", cr.Plan, cr.NoPlan)
		}
		// A player's input: no replay (its cost is the change's, and
		// every advance replays the whole campaign first).
		if !strings.HasPrefix(cr.Replay, "replay not needed: the changes touch nothing Warmaster wrote") {
			t.Errorf("replay %q", cr.Replay)
		}
		// The Warmaster's change to campaign.toml is replayed.
		rep = r.change("alice", func() {
			r.write("campaigns/spring/campaign.toml", strings.Replace(r.read("campaigns/spring/campaign.toml"), "[dice]", "# the dice\n[dice]", 1))
		})
		wantFaults(t, rep)
		if cr := rep.Campaigns[0]; !strings.HasPrefix(cr.Replay, "replayed 0 steps") {
			t.Errorf("replay of the Warmaster's change %q", cr.Replay)
		}
	})

	// The attack of the issue: a "practice" campaign naming its author the
	// Warmaster, holding a rival's orders copied in.
	t.Run("ErrPracticeCampaign", func(t *testing.T) {
		t.Parallel()
		r := newTestRepo(t)
		rep := r.change("erin", func() {
			campaign := strings.Replace(r.read("campaigns/spring/campaign.toml"), `login = "erin"`, `login = "erin"`+"\nwarmaster = true", 1)
			campaign = strings.Replace(campaign, "warmaster = true\n", "", 1) // alice's
			r.write("campaigns/practice/campaign.toml", campaign)
			r.write("campaigns/practice/map.toml", r.read("campaigns/spring/map.toml"))
			r.write("campaigns/practice/phases/01/orders/erin.toml", r.read("campaigns/spring/phases/01/orders/bob.toml"))
		})
		wantFaults(t, rep,
			[2]string{"campaigns/practice/campaign.toml", "erin may not change this file: a new campaign folder (campaigns/practice) is the Warmaster's (alice) to add and to declare in .github/warmaster.toml"},
			[2]string{"campaigns/practice/map.toml", "erin may not change this file: campaigns/practice is not a campaign this repository plays"},
			[2]string{"campaigns/practice/phases/01/orders/erin.toml", "campaigns/practice is not a campaign this repository plays"},
		)
		if len(rep.Campaigns) != 0 {
			t.Errorf("an undeclared folder was checked as a campaign: %+v", rep.Campaigns)
		}
		if strings.Join(rep.Undeclared, " ") != "campaigns/practice" {
			t.Errorf("undeclared %q", rep.Undeclared)
		}
	})

	// The registry of the pull request does not count: bob declaring
	// himself the Warmaster is refused, and so is what it would allow.
	t.Run("ErrRegistryFromThePullRequest", func(t *testing.T) {
		t.Parallel()
		r := newTestRepo(t)
		rep := r.change("bob", func() {
			r.write(RegistryFile, `warmasters = ["bob"]`+"\n"+`campaigns = ["campaigns/spring"]`+"\n")
			r.write("campaigns/spring/campaign.toml", strings.Replace(r.read("campaigns/spring/campaign.toml"), `name = "War on the Vespator Front"`, `name = "Bob's war"`, 1))
		})
		wantFaults(t, rep,
			[2]string{".github/warmaster.toml", "bob may not change this file: the registry says who this repository's Warmaster is"},
			[2]string{"campaigns/spring/campaign.toml", "bob may not change this file: campaign.toml sets the campaign's players, rules and dice; only the repository's Warmaster (alice) changes it"},
		)
		if cr := rep.Campaigns[0]; cr.Plan != "" || !strings.Contains(cr.NoPlan, "1 problem") {
			t.Errorf("a refused campaign was planned: plan %q, no plan %q", cr.Plan, cr.NoPlan)
		}
	})

	t.Run("ErrCampaignTomlDeleted", func(t *testing.T) {
		t.Parallel()
		r := newTestRepo(t)
		rep := r.change("bob", func() { os.Remove(r.path("campaigns/spring/campaign.toml")) })
		wantFaults(t, rep, [2]string{"campaigns/spring/campaign.toml", "bob may not change this file: deleting campaign.toml ends the campaign; only the repository's Warmaster (alice) does that"})
	})

	t.Run("ErrWarmasterDeletesADeclaredCampaign", func(t *testing.T) {
		t.Parallel()
		r := newTestRepo(t)
		rep := r.change("alice", func() { os.Remove(r.path("campaigns/spring/campaign.toml")) })
		wantFaults(t, rep, [2]string{"campaigns/spring/campaign.toml", ".github/warmaster.toml declares campaigns/spring, which has no campaign.toml"})
	})

	t.Run("ErrWorkflowsAndCodeowners", func(t *testing.T) {
		t.Parallel()
		r := newTestRepo(t)
		rep := r.change("bob", func() {
			r.write(".github/workflows/check.yml", "name: check\non: push\n")
			r.write(".github/actions/warmaster/action.yml", "runs: {}\n")
			r.write("CODEOWNERS", "* @bob\n")
		})
		wantFaults(t, rep,
			[2]string{".github/actions/warmaster/action.yml", ".github/ holds the workflows that judge pull requests"},
			[2]string{".github/workflows/check.yml", ".github/ holds the workflows that judge pull requests"},
			[2]string{"CODEOWNERS", "CODEOWNERS says who reviews what"},
		)
	})

	// The editors' schemas and their configuration: bob loosens the orders
	// schema, points .taplo.toml at a server of his, and adds a taplo.toml
	// of his own — the files every player's editor checks their files
	// with. The Warmaster's change passes.
	t.Run("ErrEditorSchemas", func(t *testing.T) {
		t.Parallel()
		r := newTestRepo(t)
		r.write(".taplo.toml", "[[rule]]\ninclude = [\"**/orders/*.toml\"]\n[rule.schema]\npath = \"schemas/orders.schema.json\"\n")
		r.write("schemas/orders.schema.json", `{"type": "object", "additionalProperties": false}`)
		r.commit("the editors' schemas")
		edit := func() {
			r.write(".taplo.toml", "[[rule]]\ninclude = [\"**/orders/*.toml\"]\n[rule.schema]\nurl = \"https://bob.example/orders.json\"\n")
			r.write("schemas/orders.schema.json", `{"type": "object"}`)
			r.write("campaigns/taplo.toml", "")
		}
		rep := r.change("bob", edit)
		wantFaults(t, rep,
			[2]string{".taplo.toml", "bob may not change this file: the editors' configuration (.taplo.toml) and the JSON Schemas in schemas/ check every player's files as they type; only the Warmaster (alice) changes them"},
			[2]string{"campaigns/taplo.toml", "the editors' configuration"},
			[2]string{"schemas/orders.schema.json", "the editors' configuration"},
		)
		r.git("reset", "--quiet", "--hard", "HEAD^1")
		wantFaults(t, r.change("alice", edit))
	})

	// Whatever a player changes outside the declared campaigns is refused:
	// a .gitignore (hiding what advance writes from commit-back), a
	// .gitattributes (changing the bytes the jobs check out), a new folder,
	// the README, and a link where a declared campaign is to be (advance
	// would run spring under autumn's name).
	t.Run("ErrOutsideTheCampaigns", func(t *testing.T) {
		t.Parallel()
		r := newTestRepo(t)
		r.write(RegistryFile, "warmasters = [\"alice\"]\ncampaigns = [\"campaigns/spring\", \"campaigns/autumn\"]\n")
		r.commit("autumn is to come")
		edit := func() {
			r.write(".gitignore", "**/orders/*.toml\n")
			r.write("campaigns/.gitattributes", "*.toml eol=crlf\n")
			r.write("notacampaign/x.toml", "")
			r.write("README.md", "# Bob's campaigns\n")
			if err := os.Symlink("spring", r.path("campaigns/autumn")); err != nil {
				t.Fatal(err)
			}
		}
		rep := r.change("bob", edit)
		outside := "bob may not change this file: it is outside the campaigns this repository plays (campaigns/spring, campaigns/autumn); only the Warmaster (alice) changes the rest of the repository"
		wantFaults(t, rep,
			[2]string{".gitignore", outside},
			[2]string{"README.md", outside},
			[2]string{"campaigns/.gitattributes", outside},
			[2]string{"campaigns/autumn", outside},
			[2]string{"notacampaign/x.toml", outside},
		)
		r.git("reset", "--quiet", "--hard", "HEAD^1")
		if err := os.Remove(r.path("campaigns/autumn")); err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
		if got := faults(r.change("alice", edit)); strings.Contains(got, "may not change") {
			t.Errorf("the Warmaster's own changes are refused:\n%s", got)
		}
	})

	// A player's change to map.toml is refused for what it is, even when
	// what it holds keeps the campaign from loading (its content's faults
	// would hide the refusal, and cost a whole check of a file nobody but
	// the Warmaster may change).
	t.Run("ErrPlayerBreaksTheMap", func(t *testing.T) {
		t.Parallel()
		r := newTestRepo(t)
		rep := r.change("bob", func() {
			r.write("campaigns/spring/map.toml", r.read("campaigns/spring/map.toml")+"\nlocations = 99\n[[planets]]\nid = \"nowhere\"\n")
		})
		wantFaults(t, rep, [2]string{"campaigns/spring/map.toml", "bob may not change this file: only the repository's Warmaster (alice) edits map.toml"})
	})

	// The campaign's Warmaster (warmaster = true) who is not one of the
	// repository's changes neither campaign.toml nor the map: both are the
	// repository's Warmasters' alone, who may.
	t.Run("ErrCampaignWarmasterChangesTheMap", func(t *testing.T) {
		t.Parallel()
		r := newTestRepo(t)
		r.write(RegistryFile, "warmasters = [\"zoe\"]\ncampaigns = [\"campaigns/spring\"]\n")
		r.commit("zoe runs the repository")
		edit := func() {
			r.write("campaigns/spring/map.toml", r.read("campaigns/spring/map.toml")+"# a comment\n")
			r.write("campaigns/spring/campaign.toml", r.read("campaigns/spring/campaign.toml")+"# a comment\n")
		}
		wantFaults(t, r.change("alice", edit),
			[2]string{"campaigns/spring/campaign.toml", "alice may not change this file: campaign.toml sets the campaign's players, rules and dice; only the repository's Warmaster (zoe) changes it"},
			[2]string{"campaigns/spring/map.toml", "alice may not change this file: only the repository's Warmaster (zoe) edits map.toml"})
		r.git("reset", "--quiet", "--hard", "HEAD^1")
		wantFaults(t, r.change("zoe", edit))
	})

	// A pull request that changes only CODEOWNERS is judged and reported
	// like any other: the Warmaster's passes.
	t.Run("WarmasterChangesCodeowners", func(t *testing.T) {
		t.Parallel()
		r := newTestRepo(t)
		rep := r.change("alice", func() { r.write(".github/CODEOWNERS", "* @alice @bob\n") })
		wantFaults(t, rep)
		if len(rep.Campaigns) != 0 || strings.Join(rep.Changed, " ") != ".github/CODEOWNERS" {
			t.Errorf("campaigns %+v, changed %q", rep.Campaigns, rep.Changed)
		}
	})

	t.Run("WarmasterDeclaresACampaign", func(t *testing.T) {
		t.Parallel()
		r := newTestRepo(t)
		rep := r.change("alice", func() {
			if err := campaigns.CopyTo(campaigns.Example, r.path("campaigns/autumn")); err != nil {
				t.Fatal(err)
			}
			r.write(RegistryFile, `warmasters = ["alice"]`+"\n"+`campaigns = ["campaigns/spring", "campaigns/autumn"]`+"\n")
		})
		wantFaults(t, rep)
		if len(rep.Campaigns) != 1 || rep.Campaigns[0].Dir != "campaigns/autumn" || rep.Campaigns[0].Plan == "" {
			t.Errorf("campaigns %+v, want campaigns/autumn checked and planned", rep.Campaigns)
		}
	})

	// Two campaigns named alike would share their sealed orders' and dice's
	// binding: refused.
	t.Run("ErrSameFolderName", func(t *testing.T) {
		t.Parallel()
		r := newTestRepo(t)
		rep := r.change("alice", func() {
			if err := campaigns.CopyTo(campaigns.Example, r.path("league/spring")); err != nil {
				t.Fatal(err)
			}
			r.write(RegistryFile, `warmasters = ["alice"]`+"\n"+`campaigns = ["campaigns/spring", "league/spring"]`+"\n")
		})
		wantFaults(t, rep, [2]string{".github/warmaster.toml", "campaigns/spring and league/spring have the same name, spring"})
		if got := rep.Faults[0]; got.Line != 2 || got.Col != 34 {
			t.Errorf("at %d:%d, want 2:34", got.Line, got.Col)
		}
	})

	// A file's name is data, never an option: "--actor=erin" is a file bob
	// may not write.
	t.Run("ErrFileNamedLikeAFlag", func(t *testing.T) {
		t.Parallel()
		r := newTestRepo(t)
		rep := r.change("bob", func() { r.write("campaigns/spring/--actor=erin", "x\n") })
		// Refused before anything reads it: a name a command would take for
		// an option is a fault of the folder that holds it.
		wantFaults(t, rep, [2]string{"campaigns/spring", `a file named "--actor=erin": its name starts with "-", which a command would take for an option; rename it`})
	})

	// A stale green check: bob's pull request was checked before step 1
	// consumed his orders, and is merged after. The merge queue's check
	// (no actor) finds it, and says which commit to restore the file from.
	t.Run("ErrChangedAfterConsumed", func(t *testing.T) {
		t.Parallel()
		r := newTestRepo(t)
		consumed := r.git("rev-parse", "HEAD")
		if _, err := phase.Advance(r.path("campaigns/spring"), phase.Options{Now: time.Date(2027, 1, 10, 0, 0, 0, 0, time.UTC)}); err != nil {
			t.Fatal(err)
		}
		r.commit("warmaster: spring phase 1 steps 1-2.2")
		rep := r.change("", func() {
			r.write("campaigns/spring/phases/01/orders/bob.toml", strings.Replace(r.read("campaigns/spring/phases/01/orders/bob.toml"), "fortification-line", "staging-grounds", 1))
		})
		wantFaults(t, rep, [2]string{"campaigns/spring/phases/01/orders/bob.toml",
			"this file was changed after its step consumed it (journal.toml records sha256 28140d3ed9db…); restore it from commit " + consumed[:12] +
				": git checkout " + consumed + " -- campaigns/spring/phases/01/orders/bob.toml"})
	})

	// A pull request's registry is a player's file: bounded before any
	// parser sees it, and never read through a link.
	t.Run("ErrRegistryNested", func(t *testing.T) {
		t.Parallel()
		r := newTestRepo(t)
		rep := r.change("alice", func() {
			r.write(RegistryFile, "warmasters = "+strings.Repeat("[", 100000)+"\ncampaigns = []\n")
		})
		wantFaults(t, rep, [2]string{".github/warmaster.toml", "nested too deeply"})
		if f := rep.Faults[0]; f.Line != 1 || f.Col == 0 {
			t.Errorf("the fault is at %d:%d, want line 1", f.Line, f.Col)
		}
	})
	t.Run("ErrRegistryLink", func(t *testing.T) {
		t.Parallel()
		r := newTestRepo(t)
		secret := filepath.Join(t.TempDir(), "secret.toml")
		if err := os.WriteFile(secret, []byte("TOPSECRET = 1\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		rep := r.change("alice", func() {
			os.Remove(r.path(RegistryFile))
			if err := os.Symlink(secret, r.path(RegistryFile)); err != nil {
				t.Skipf("no symbolic links here: %v", err)
			}
		})
		if got := faults(rep); !strings.Contains(got, "not a regular file (a link is not followed)") || strings.Contains(got, "TOPSECRET") {
			t.Errorf("faults:\n%s", got)
		}
	})

	t.Run("ErrNoRegistryAtTheBase", func(t *testing.T) {
		t.Parallel()
		r := newTestRepo(t)
		os.Remove(r.path(RegistryFile))
		r.commit("no registry")
		rep := r.change("alice", func() { r.write(RegistryFile, registry) })
		wantFaults(t, rep, [2]string{".github/warmaster.toml", "has no .github/warmaster.toml, so nobody is this repository's Warmaster"})
	})
}

func TestParseRegistry(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		r, err := ParseRegistry([]byte("warmasters = [\"Alice\", \"bob\"]\ncampaigns = [\"campaigns/spring\", \"league/autumn-2027\"]\n"))
		if err != nil {
			t.Fatal(err)
		}
		if !r.IsWarmaster("alice") || !r.IsWarmaster("BOB") || r.IsWarmaster("carol") {
			t.Errorf("warmasters %q", r.Warmasters)
		}
		if d, ok := r.CampaignOf("league/autumn-2027/state.toml"); !ok || d != "league/autumn-2027" {
			t.Errorf("CampaignOf = %q, %v", d, ok)
		}
		if _, ok := r.CampaignOf("campaigns/spring-2/state.toml"); ok {
			t.Error("campaigns/spring-2 is not inside campaigns/spring")
		}
	})
	t.Run("ErrEach", func(t *testing.T) {
		_, err := ParseRegistry([]byte(`warmasters = ["alice", "-bob", "ALICE"]
campaigns = ["../outside", "/abs", "campaigns/.hidden", "campaigns/a", "campaigns/a/b", "campaigns/-x", "x/A"]
owner = "me"
`))
		want := []string{
			`.github/warmaster.toml:1:24: "-bob" is not a GitHub login`,
			`.github/warmaster.toml:1:32: ALICE is listed twice`,
			`.github/warmaster.toml:2:14: "../outside" is not a campaign folder`,
			`.github/warmaster.toml:2:28: "/abs" is not a campaign folder`,
			`.github/warmaster.toml:2:36: "campaigns/.hidden" is not a campaign folder`,
			`.github/warmaster.toml:2:72: campaigns/a and campaigns/a/b overlap`,
			`.github/warmaster.toml:2:89: "campaigns/-x" is not a campaign folder`,
			`.github/warmaster.toml:2:105: campaigns/a and x/A have the same name, A`,
			`.github/warmaster.toml:3:1: unknown key "owner"`,
		}
		got := err.Error()
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("faults lack %q:\n%s", w, got)
			}
		}
		if n := strings.Count(got, "\n") + 1; n != len(want) {
			t.Errorf("%d faults, want %d:\n%s", n, len(want), got)
		}
	})
	t.Run("ErrSyntax", func(t *testing.T) {
		_, err := ParseRegistry([]byte("warmasters = [\"alice\"\ncampaigns = []\n"))
		if err == nil || !strings.HasPrefix(err.Error(), ".github/warmaster.toml:2:1: not TOML") {
			t.Errorf("err = %v", err)
		}
	})
	t.Run("ErrMissing", func(t *testing.T) {
		_, err := ParseRegistry(nil)
		if err == nil || !strings.Contains(err.Error(), "no warmasters") || !strings.Contains(err.Error(), "no campaigns") {
			t.Errorf("err = %v", err)
		}
	})
}

// The last phase ends with its battles: a moves, builds or events file
// for it would never count, and a pull request adding one is refused
// (advance only notes such a file, and its report names it) — once, in
// those words, whatever the state: before the last phase, while it runs,
// and once the campaign has ended (where its "moves step" was said to
// have been played, and the refusal named phase 3's step 4 Move Fleets as
// processed: a step the last phase never has).
func TestFinalPhaseInputsRefused(t *testing.T) {
	t.Run("AtSetup", func(t *testing.T) {
		t.Parallel()
		r := newTestRepo(t)
		moves := "campaigns/spring/phases/03/moves/bob.toml"
		rep := r.change("bob", func() { r.write(moves, r.read("campaigns/spring/phases/01/moves/bob.toml")) })
		wantFaults(t, rep, [2]string{moves, "Phase 3 is the campaign's last and has no moves, so this file would never count: close this pull request."})
		if msg := rep.Faults[0].Message; !strings.Contains(msg, "not applied: phase 3 is the campaign's last, which ends after its battles") {
			t.Errorf("the refusal does not say why in full: %s", msg)
		}
	})
	// Each file as its own pull request, by its owner (bob, of blue), by
	// a player of another Alliance (carol: the file is not hers, but no
	// file of hers would count either) and by the Warmaster (alice).
	refusedOnce := func(t *testing.T, r *testRepo, at time.Time) {
		t.Helper()
		for _, in := range []struct{ dir, name string }{{"moves", "bob"}, {"builds", "blue"}, {"events", "blue"}} {
			file := "campaigns/spring/phases/03/" + in.dir + "/" + in.name + ".toml"
			for _, actor := range []string{"bob", "carol", "alice"} {
				rep := r.changeAt(at, actor, "", func() { r.write(file, r.read("campaigns/spring/phases/01/"+in.dir+"/"+in.name+".toml")) })
				wantFaults(t, rep, [2]string{file, "Phase 3 is the campaign's last and has no " + in.dir + ", so this file would never count: close this pull request. Why: not applied: phase 3 is the campaign's last, which ends after its battles (step 3 is the End of the Campaign), so it has no " + in.dir})
				if len(rep.Campaigns) != 1 || rep.Campaigns[0].Faults != 1 || rep.Campaigns[0].Plan != "" {
					t.Errorf("%s, by %s: the pull request is not refused: %+v", file, actor, rep.Campaigns)
				}
				r.git("reset", "--quiet", "--hard", "HEAD^1")
			}
		}
	}
	t.Run("PhaseRunning", func(t *testing.T) {
		t.Parallel()
		r := newTestRepo(t)
		for _, sub := range []string{"results", "confirmations", "rulings"} {
			if err := os.RemoveAll(r.path("campaigns/spring/phases/03/" + sub)); err != nil {
				t.Fatal(err)
			}
		}
		r.commit("phase 3's battles not played yet")
		at := time.Date(2027, 5, 10, 12, 0, 0, 0, time.UTC) // past phase 3's orders, before its battles' deadline
		r.advance(at)
		if s := r.step(); !strings.Contains(s, "phase 3 of 3, step: battles") {
			t.Fatalf("not at phase 3's battles:\n%s", s)
		}
		refusedOnce(t, r, at)
	})
	t.Run("Ended", func(t *testing.T) {
		t.Parallel()
		r := newTestRepo(t)
		at := time.Date(2027, 6, 10, 12, 0, 0, 0, time.UTC)
		r.advance(at)
		if s := r.step(); !strings.Contains(s, "the campaign is over") {
			t.Fatalf("the campaign has not ended:\n%s", s)
		}
		refusedOnce(t, r, at.Add(time.Hour))
	})
}

// The pull-request check says what check says of a changed file without
// refusing it: an alternate that could never be built passes, with its
// note, where the player sees it.
func TestNotesOfChangedFiles(t *testing.T) {
	t.Parallel()
	r := newTestRepo(t)
	rep := r.change("alice", func() {
		r.write("campaigns/spring/phases/01/builds/blue.toml", r.read("campaigns/spring/phases/01/builds/blue.toml")+"\n[[alternates]]\nplanet = \"tarkad-vindix\"\ninfrastructure = \"fortification-line\"\n")
	})
	wantFaults(t, rep)
	if len(rep.Campaigns) != 1 {
		t.Fatalf("campaigns %+v", rep.Campaigns)
	}
	notes := rep.Campaigns[0].Notes
	if len(notes) != 1 || notes[0].File != "campaigns/spring/phases/01/builds/blue.toml" || notes[0].Line != 4 || !strings.Contains(notes[0].Message, "the 1st alternate is the build itself") {
		t.Errorf("notes %+v, want the one on the repeated alternate at 4:1", notes)
	}
}
