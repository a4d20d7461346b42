package github

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	gh "github.com/google/go-github/v84/github"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/phase"
	"github.com/warmaster/warmaster/processor/report"
	"github.com/warmaster/warmaster/processor/repository"
)

// Finding is one thing the organisers' guide asks of the repository that
// doctor found missing, or could not check.
type Finding struct {
	// Area is what it is about: registry, campaigns/spring, environment…
	Area string
	// Problem says what is wrong; Fix, what to click or type.
	Problem, Fix string
	// Unchecked: the token may not read it; Problem says why, Fix how to
	// check it.
	Unchecked bool
}

func (f Finding) String() string {
	mark := "problem"
	if f.Unchecked {
		mark = "not checked"
	}
	return fmt.Sprintf("%s: %s: %s\n    what to do: %s", mark, f.Area, f.Problem, f.Fix)
}

// Doctor checks a campaign repository's set-up: its work tree at Root
// (the registry, the campaigns, the workflows) and, through Client, its
// settings on GitHub.
type Doctor struct {
	Root   string
	Client *Client
	// Push is a client with the push token (WARMASTER_PUSH_TOKEN), nil
	// when not given: its expiry and its right to push are checked.
	Push *Client
	// Options run each campaign's check (its --now, dice key, identity).
	Options phase.Options

	findings  []Finding
	reg       *repository.Registry
	campaigns []*processor.Campaign
	branch    string
}

func (d *Doctor) problem(area, problem, fix string, args ...any) {
	d.findings = append(d.findings, Finding{Area: area, Problem: problem, Fix: fmt.Sprintf(fix, args...)})
}

func (d *Doctor) unchecked(area, why, fix string) {
	d.findings = append(d.findings, Finding{Area: area, Problem: why, Fix: fix, Unchecked: true})
}

// Run checks everything, in the guide's order, and returns the findings.
func (d *Doctor) Run(ctx context.Context) []Finding {
	d.local()
	if d.Client != nil {
		d.remote(ctx)
	}
	return d.findings
}

// local: the registry, each declared campaign, folders left undeclared,
// the workflows' pins.
func (d *Doctor) local() {
	data, err := repository.ReadRegistryFile(d.Root)
	if errors.Is(err, os.ErrNotExist) {
		d.problem(repository.RegistryFile, "there is no registry", "run `warmaster init-repo .` in the repository's folder (it writes one), or write %s with warmasters = [\"your-login\"] and campaigns = [\"campaigns/your-campaign\"], and commit it", repository.RegistryFile)
		return
	} else if err != nil {
		d.problem(repository.RegistryFile, err.Error(), "make %s a plain file (not a link) and commit it", repository.RegistryFile)
		return
	}
	reg, err := repository.ParseRegistry(data)
	if err != nil {
		d.problem(repository.RegistryFile, oneLine(err), "mend the file as the message says (`warmaster campaigns` shows the faults with their lines) and commit it")
		return
	}
	d.reg = reg
	for _, w := range reg.Warmasters {
		if strings.Contains(string(w), "--") {
			d.problem(repository.RegistryFile, fmt.Sprintf("the Warmaster is still the placeholder %q", w), "replace it with your GitHub login in %s (warmasters = [\"your-login\"]), commit, and run `warmaster codeowners` again", repository.RegistryFile)
		}
	}
	if len(reg.Campaigns) == 0 {
		d.problem(repository.RegistryFile, "it declares no campaign: the workflows check and advance nothing", "make a campaign with `warmaster init campaigns/your-campaign`, add \"campaigns/your-campaign\" to campaigns = [...] in %s and commit both", repository.RegistryFile)
	}
	for _, dir := range reg.Campaigns {
		full := filepath.Join(d.Root, filepath.FromSlash(dir))
		if _, err := os.Stat(filepath.Join(full, processor.CampaignFile)); err != nil {
			d.problem(dir, "declared in "+repository.RegistryFile+", but there is no "+processor.CampaignFile+" there", "make it with `warmaster init %s`, or take %q out of %s", dir, dir, repository.RegistryFile)
			continue
		}
		f, err := phase.Check(full, d.Options)
		if f != nil {
			d.campaigns = append(d.campaigns, f.Campaign)
		}
		if err != nil {
			var inv *processor.InvalidError
			if errors.As(err, &inv) {
				d.problem(dir, fmt.Sprintf("`warmaster check` finds %s, first: %s", report.Plural(len(inv.Faults), "problem", "problems"), oneLine(errors.New(inv.Faults[0].String()))), "run `warmaster check %s` and mend what it lists", dir)
			} else {
				d.problem(dir, oneLine(err), "run `warmaster check %s` and mend what it says", dir)
			}
		}
	}
	d.codeownersSize()
	for _, dir := range d.undeclared() {
		d.problem(dir, "it has a "+processor.CampaignFile+" but "+repository.RegistryFile+" does not declare it: nothing ever advances it", "add %q to campaigns = [...] in %s (or delete the folder) and commit", dir, repository.RegistryFile)
	}
	d.pins()
}

// undeclared are the folders holding a campaign.toml that the registry
// does not declare (hidden folders, .git's and the like, are not looked in).
func (d *Doctor) undeclared() []string {
	var out []string
	root := os.DirFS(d.Root)
	_ = fs.WalkDir(root, ".", func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if e.IsDir() && p != "." && strings.HasPrefix(e.Name(), ".") {
			return fs.SkipDir
		}
		if !e.IsDir() && e.Name() == processor.CampaignFile {
			dir := path.Dir(p)
			if dir != "." && !d.reg.Declares(dir) && !slices.ContainsFunc(d.reg.Campaigns, func(c string) bool { return strings.HasPrefix(dir, c+"/") }) {
				out = append(out, dir)
			}
		}
		return nil
	})
	return out
}

// usesRE finds a step's `uses:`, in block or flow style.
var usesRE = regexp.MustCompile(`(?:^|[\s{,])uses:\s*["']?([^\s"'#,}\]]+)`)

// A ref that cannot move under the club: a commit, or a release tag.
var pinnedRE = regexp.MustCompile(`^(?:[0-9a-f]{40}|v[0-9]+(?:\.[0-9]+){0,2}(?:-[0-9A-Za-z.-]+)?)$`)

// pins: every action a workflow uses is named at a release or a commit,
// and warmaster's at the same one in every workflow. One finding per
// action and ref, naming every line.
func (d *Doctor) pins() {
	dir := filepath.Join(d.Root, ".github", "workflows")
	entries, err := os.ReadDir(dir)
	if err != nil {
		d.problem(".github/workflows", "there are no workflows: nothing checks pull requests or advances the campaigns", "run `warmaster init-repo .` in the repository's folder (it writes them) and commit .github/workflows")
		return
	}
	var uses []string // action@ref, in the order first met
	where := map[string][]string{}
	for _, e := range entries {
		if e.IsDir() || !(strings.HasSuffix(e.Name(), ".yml") || strings.HasSuffix(e.Name(), ".yaml")) {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "#") {
				continue
			}
			for _, m := range usesRE.FindAllStringSubmatch(line, -1) {
				u := m[1]
				if strings.HasPrefix(u, "./") || strings.HasPrefix(u, "docker://") {
					continue
				}
				if _, ok := where[u]; !ok {
					uses = append(uses, u)
				}
				where[u] = append(where[u], e.Name())
			}
		}
	}
	var warmasterRefs []string
	for _, u := range uses {
		action, ref, _ := strings.Cut(u, "@")
		if strings.HasSuffix(action, "/.github/actions/warmaster") {
			warmasterRefs = append(warmasterRefs, ref)
		}
		if !pinnedRE.MatchString(ref) {
			d.problem(".github/workflows", fmt.Sprintf("%s is named at %q, which can change under you (a branch), in %s", action, ref, fileCounts(where[u])),
				"write a release tag (such as @v1.2.0) or a full commit hash after the @ instead, in each of those `uses:` lines alike, and commit")
		}
	}
	if len(warmasterRefs) > 1 {
		d.problem(".github/workflows", fmt.Sprintf("the workflows name warmaster at different versions: %s", strings.Join(warmasterRefs, ", ")), "make every `uses: …/.github/actions/warmaster@…` line name the same version, and commit")
	}
}

// fileCounts says in which files, and how many lines of each: "a.yml (4
// lines), b.yml".
func fileCounts(files []string) string {
	var out []string
	for i := 0; i < len(files); {
		j := i
		for j < len(files) && files[j] == files[i] {
			j++
		}
		if j-i > 1 {
			out = append(out, fmt.Sprintf("%s (%d lines)", files[i], j-i))
		} else {
			out = append(out, files[i])
		}
		i = j
	}
	return strings.Join(out, ", ")
}

// remote: the settings on GitHub.
func (d *Doctor) remote(ctx context.Context) {
	c := d.Client
	where := fmt.Sprintf("https://github.com/%s/%s/settings", c.Owner, c.Repo)
	repo, _, err := c.gh.Repositories.Get(ctx, c.Owner, c.Repo)
	if err != nil {
		d.problem("repository", c.explainRead("read the repository", err), "check --repo (owner/name) and that GITHUB_TOKEN may read the repository")
		return
	}
	d.branch = repo.GetDefaultBranch()
	for _, cm := range d.campaigns {
		if g := cm.GitHub; g != nil && !strings.EqualFold(g.Repository, c.Owner+"/"+c.Repo) {
			d.problem("campaign "+cm.Name, fmt.Sprintf("campaign.toml's [github] repository is %q, not this repository %s/%s: its README's links open files elsewhere", g.Repository, c.Owner, c.Repo),
				"write repository = %q in its [github] table, and commit", c.Owner+"/"+c.Repo)
		}
		if g := cm.GitHub; g != nil && g.Branch != d.branch {
			d.problem("campaign "+cm.Name, fmt.Sprintf("campaign.toml's [github] branch is %q, not the default branch %s, which the workflows advance", g.Branch, d.branch),
				"write branch = %q in its [github] table (or leave it out for main), and commit", d.branch)
		}
	}
	d.environment(ctx, where)
	d.protection(ctx, where)
	d.codeowners(ctx)
	d.collaborators(ctx, where)
	d.workflowPermissions(ctx, where)
	d.pushToken(ctx, where)
}

// environment: `warmaster`, deployable from the default branch alone,
// holding the secrets the campaigns need.
func (d *Doctor) environment(ctx context.Context, where string) {
	c := d.Client
	var env struct {
		Policy *struct {
			Protected bool `json:"protected_branches"`
			Custom    bool `json:"custom_branch_policies"`
		} `json:"deployment_branch_policy"`
		Rules []struct {
			Type string `json:"type"`
		} `json:"protection_rules"`
	}
	status, err := c.getJSON(ctx, fmt.Sprintf("repos/%s/%s/environments/warmaster", c.Owner, c.Repo), &env)
	switch {
	case status == http.StatusNotFound:
		d.problem("environment", "there is no `warmaster` environment, which holds the secrets only the advance workflow may read",
			"open %s/environments, New environment, name it warmaster, Configure environment", where)
		return
	case err != nil:
		d.unchecked("environment", c.explainRead("read the warmaster environment", err), "run `warmaster doctor` on your computer with a token that may read the repository's administration settings")
		return
	}
	for _, r := range env.Rules {
		if r.Type == "required_reviewers" || r.Type == "wait_timer" {
			d.problem("environment", "the warmaster environment makes each run wait ("+strings.ReplaceAll(r.Type, "_", " ")+"): the hourly advance would wait for someone every hour",
				"open %s/environments, warmaster: untick Required reviewers and Wait timer, Save protection rules", where)
		}
	}
	fix := fmt.Sprintf("open %s/environments, warmaster, Deployment branches and tags: choose Selected branches and tags, and add one rule, %s (nothing else)", where, d.branch)
	switch {
	case env.Policy == nil:
		d.problem("environment", "every branch may deploy to the warmaster environment: a player's branch could read its secrets", "%s", fix)
	case env.Policy.Protected:
		d.problem("environment", "any protected branch may deploy to the warmaster environment, not only "+d.branch, "%s", fix)
	case env.Policy.Custom:
		var list struct {
			Policies []struct {
				Name string `json:"name"`
				Type string `json:"type"`
			} `json:"branch_policies"`
		}
		if _, err := c.getJSON(ctx, fmt.Sprintf("repos/%s/%s/environments/warmaster/deployment-branch-policies", c.Owner, c.Repo), &list); err != nil {
			d.unchecked("environment", c.explainRead("read the environment's branch rules", err), "check by hand: "+fix)
		} else {
			var names []string
			for _, p := range list.Policies {
				names = append(names, p.Name)
			}
			if len(names) != 1 || names[0] != d.branch || (list.Policies[0].Type != "" && list.Policies[0].Type != "branch") {
				d.problem("environment", fmt.Sprintf("the warmaster environment's deployment rules are %q, not the default branch %s alone", names, d.branch), "%s", fix)
			}
		}
	}
	// The secrets' names (GitHub never shows a value).
	var secrets struct {
		Secrets []struct {
			Name string `json:"name"`
		} `json:"secrets"`
	}
	if _, err := c.getJSON(ctx, fmt.Sprintf("repos/%s/%s/environments/warmaster/secrets?per_page=100", c.Owner, c.Repo), &secrets); err != nil {
		d.unchecked("environment secrets", c.explainRead("list the warmaster environment's secrets (names only)", err), "run `warmaster doctor` on your computer with a token that may read the repository's secrets")
		return
	}
	has := func(name string) bool {
		return slices.ContainsFunc(secrets.Secrets, func(s struct {
			Name string `json:"name"`
		}) bool {
			return s.Name == name
		})
	}
	need := func(name, why, what string) {
		if !has(name) {
			d.problem("environment secrets", fmt.Sprintf("the warmaster environment has no %s secret: %s", name, why),
				"open %s/environments, warmaster, Environment secrets, Add environment secret: name %s, value %s", where, name, what)
		}
	}
	for _, cm := range d.campaigns {
		if cm.Commitment != "" {
			need("WARMASTER_DICE_KEY", "campaign "+cm.Name+" commits to a secret dice key, and advance cannot roll without it", "the dice key `warmaster dice-key` printed when you made the commitment")
			break
		}
	}
	for _, cm := range d.campaigns {
		if cm.Recipient != "" {
			need("WARMASTER_AGE_IDENTITY", "campaign "+cm.Name+" has [secrecy], and advance cannot reveal sealed orders without it", "the AGE-SECRET-KEY-1… line of the identity that goes with [secrecy] recipient")
			break
		}
	}
	need("WARMASTER_PUSH_TOKEN", "branch protection refuses the workflow's own token's pushes, so advance could not commit back", "a fine-grained personal access token for this repository alone, with Contents: read and write")
}

// protection: the default branch requires the check, code owners' review
// of the latest push, up-to-date branches or a merge queue.
func (d *Doctor) protection(ctx context.Context, where string) {
	c := d.Client
	var want struct{ check, owners, upToDate, lastPush, dismissStale bool }
	readable := false
	var prot struct {
		Checks *struct {
			Strict   bool     `json:"strict"`
			Contexts []string `json:"contexts"`
			Checks   []struct {
				Context string `json:"context"`
			} `json:"checks"`
		} `json:"required_status_checks"`
		Reviews *struct {
			Owners       bool `json:"require_code_owner_reviews"`
			DismissStale bool `json:"dismiss_stale_reviews"`
			LastPush     bool `json:"require_last_push_approval"`
		} `json:"required_pull_request_reviews"`
	}
	status, err := c.getJSON(ctx, fmt.Sprintf("repos/%s/%s/branches/%s/protection", c.Owner, c.Repo, d.branch), &prot)
	if err == nil || status == http.StatusNotFound {
		readable = true
	}
	if err == nil {
		if ch := prot.Checks; ch != nil {
			want.check = slices.Contains(ch.Contexts, "check") || slices.ContainsFunc(ch.Checks, func(x struct {
				Context string `json:"context"`
			}) bool {
				return x.Context == "check"
			})
			want.upToDate = ch.Strict
		}
		if r := prot.Reviews; r != nil {
			want.owners, want.dismissStale, want.lastPush = r.Owners, r.DismissStale, r.LastPush
		}
	}
	// Rulesets, readable by anyone who may read the repository.
	var rules []struct {
		Type       string `json:"type"`
		Parameters struct {
			Checks []struct {
				Context string `json:"context"`
			} `json:"required_status_checks"`
			Strict       bool `json:"strict_required_status_checks_policy"`
			Owners       bool `json:"require_code_owner_review"`
			DismissStale bool `json:"dismiss_stale_reviews_on_push"`
			LastPush     bool `json:"require_last_push_approval"`
		} `json:"parameters"`
	}
	if _, err := c.getJSON(ctx, fmt.Sprintf("repos/%s/%s/rules/branches/%s?per_page=100", c.Owner, c.Repo, d.branch), &rules); err == nil {
		for _, r := range rules {
			p := r.Parameters
			switch r.Type {
			case "required_status_checks":
				want.check = want.check || slices.ContainsFunc(p.Checks, func(x struct {
					Context string `json:"context"`
				}) bool {
					return x.Context == "check"
				})
				want.upToDate = want.upToDate || p.Strict
			case "pull_request":
				want.owners = want.owners || p.Owners
				want.dismissStale = want.dismissStale || p.DismissStale
				want.lastPush = want.lastPush || p.LastPush
			case "merge_queue":
				want.upToDate = true
			}
		}
	}
	rule := fmt.Sprintf("open %s/branches, Add branch protection rule (or edit the one for %s), branch name pattern %s, and tick", where, d.branch, d.branch)
	missing := func(ok bool, problem, tick string) {
		if ok {
			return
		}
		if !readable {
			d.unchecked("branch protection", problem+" (or this token may not read branch protection)", "run `warmaster doctor` on your computer with a token that may read administration settings, or check by hand: "+rule+" "+tick)
			return
		}
		d.problem("branch protection", problem, "%s %s, then Save changes", rule, tick)
	}
	missing(want.check, d.branch+" does not require the `check` status: a pull request could be merged with its check failing",
		"“Require status checks to pass before merging” and add `check` (it is offered once a first pull request has run it)")
	missing(want.upToDate, d.branch+" does not require branches to be up to date (nor a merge queue): two pull requests could each pass alone and break the campaign together",
		"“Require branches to be up to date before merging” (or “Require merge queue”)")
	missing(want.owners, d.branch+" does not require code owners' review: a player's change to another's file could be merged without them",
		"“Require a pull request before merging” and “Require review from Code Owners”")
	missing(want.lastPush, d.branch+" does not require approval of the most recent push: a pull request could be changed after its approval",
		"“Require approval of the most recent reviewable push”")
	missing(want.dismissStale, d.branch+" keeps approvals when new commits are pushed: an approval would count for changes made after it",
		"“Dismiss stale pull request approvals when new commits are pushed”")
}

// CodeownersLimit is the size from which GitHub does not load a
// CODEOWNERS file: its documentation (About code owners, "CODEOWNERS file
// size") says they "must be under 3 MB", and that one over the limit is
// not loaded — no code owner is shown or asked to review, and branch
// protection's code owners' review then requires nobody's. 3 MB read as
// 3,000,000 bytes, the smaller reading.
const CodeownersLimit = 3_000_000

// codeownersSize: each CODEOWNERS in the work tree (GitHub reads the first
// of .github/, the root, docs/) is under GitHub's limit. Offline: the file
// as committed is what GitHub reads.
func (d *Doctor) codeownersSize() {
	for _, name := range []string{".github/CODEOWNERS", "CODEOWNERS", "docs/CODEOWNERS"} {
		st, err := os.Stat(filepath.Join(d.Root, filepath.FromSlash(name)))
		if err != nil || !st.Mode().IsRegular() || st.Size() < CodeownersLimit {
			continue
		}
		d.problem(name, fmt.Sprintf("it is %d bytes, and GitHub does not load a CODEOWNERS file of 3 MB or more: no code owner's review is asked for, nor required, on any file", st.Size()),
			"write it again with `warmaster codeowners > %s` at the repository's root (its lines name a few owners each, so it grows with the players: about 400 kB for 1,000), commit and push", name)
	}
}

// codeowners: GitHub's own reading of CODEOWNERS finds no error.
func (d *Doctor) codeowners(ctx context.Context) {
	c := d.Client
	var out struct {
		Errors []struct {
			Line    int    `json:"line"`
			Column  int    `json:"column"`
			Kind    string `json:"kind"`
			Source  string `json:"source"`
			Message string `json:"message"`
			Path    string `json:"path"`
		} `json:"errors"`
	}
	status, err := c.getJSON(ctx, fmt.Sprintf("repos/%s/%s/codeowners/errors", c.Owner, c.Repo), &out)
	switch {
	case status == http.StatusNotFound:
		d.problem("CODEOWNERS", "GitHub finds no CODEOWNERS file: nobody's review is required for anyone's files",
			"run `warmaster codeowners > .github/CODEOWNERS` at the repository's root, commit it and push")
		return
	case err != nil:
		d.unchecked("CODEOWNERS", c.explainRead("read CODEOWNERS' errors", err), "run `warmaster doctor` on your computer")
		return
	}
	for _, e := range out.Errors {
		d.problem(fmt.Sprintf("%s line %d", e.Path, e.Line), fmt.Sprintf("GitHub reads CODEOWNERS with an error: %s (%s)", strings.TrimSpace(e.Kind), strings.TrimSpace(e.Source)),
			"a login there is not a collaborator with write access, or is misspelt: fix the player's login in campaign.toml or invite them (Settings, Collaborators), then run `warmaster codeowners > .github/CODEOWNERS` again and commit")
	}
}

// collaborators: every Warmaster and player may write, invitation accepted.
func (d *Doctor) collaborators(ctx context.Context, where string) {
	c := d.Client
	var logins []string
	add := func(l string) {
		if l != "" && !strings.Contains(l, "--") && !slices.ContainsFunc(logins, func(x string) bool { return strings.EqualFold(x, l) }) {
			logins = append(logins, l)
		}
	}
	if d.reg != nil {
		for _, w := range d.reg.Warmasters {
			add(string(w))
		}
	}
	for _, cm := range d.campaigns {
		for _, p := range cm.Players {
			add(string(p.Login))
		}
	}
	if len(logins) == 0 {
		return
	}
	var collab []struct {
		Login       string          `json:"login"`
		Permissions map[string]bool `json:"permissions"`
	}
	if _, err := c.getJSON(ctx, fmt.Sprintf("repos/%s/%s/collaborators?affiliation=all&per_page=100", c.Owner, c.Repo), &collab); err != nil {
		d.unchecked("collaborators", c.explainRead("list the collaborators", err), "run `warmaster doctor` on your computer, or check by hand at "+where+"/access")
		return
	}
	var invites []struct {
		Invitee struct {
			Login string `json:"login"`
		} `json:"invitee"`
	}
	if _, err := c.getJSON(ctx, fmt.Sprintf("repos/%s/%s/invitations?per_page=100", c.Owner, c.Repo), &invites); err != nil {
		invites = nil
	}
	for _, l := range logins {
		i := slices.IndexFunc(collab, func(x struct {
			Login       string          `json:"login"`
			Permissions map[string]bool `json:"permissions"`
		}) bool {
			return strings.EqualFold(x.Login, l)
		})
		switch {
		case i >= 0 && !collab[i].Permissions["push"]:
			d.problem("collaborators", l+" may not write to the repository, so cannot propose their files from a branch here", "open %s/access, find %s, choose the Write role", where, l)
		case i >= 0:
		case slices.ContainsFunc(invites, func(x struct {
			Invitee struct {
				Login string `json:"login"`
			} `json:"invitee"`
		}) bool {
			return strings.EqualFold(x.Invitee.Login, l)
		}):
			d.problem("collaborators", l+" has not accepted the invitation yet: until then CODEOWNERS cannot name them", "ask %s to open https://github.com/%s/%s/invitations and accept", l, c.Owner, c.Repo)
		default:
			d.problem("collaborators", l+" is not a collaborator", "open %s/access, Add people, %s, role Write; they accept the invitation GitHub e-mails them", where, l)
		}
	}
}

// workflowPermissions: the workflows' token is read-only unless a job
// asks for more (then a player's own workflow on a pull request cannot
// post as github-actions[bot], whose issues warmaster trusts).
func (d *Doctor) workflowPermissions(ctx context.Context, where string) {
	c := d.Client
	p, _, err := c.gh.Repositories.GetDefaultWorkflowPermissions(ctx, c.Owner, c.Repo)
	if err != nil {
		d.unchecked("workflow permissions", c.explainRead("read the workflows' default permissions", err), "check by hand: "+where+"/actions, Workflow permissions: Read repository contents and packages permissions")
		return
	}
	if p.GetDefaultWorkflowPermissions() != "read" {
		d.problem("workflow permissions", "the workflows' token may write by default: a workflow a player adds on a branch could post as warmaster or push",
			"open %s/actions, Workflow permissions: choose “Read repository contents and packages permissions”, Save (warmaster's workflows ask for what they need)", where)
	}
}

// pushToken: it may push, and does not expire before the last deadline.
func (d *Doctor) pushToken(ctx context.Context, where string) {
	if d.Push == nil {
		d.unchecked("push token", "WARMASTER_PUSH_TOKEN is not given to doctor, so its expiry is not checked", "run `WARMASTER_PUSH_TOKEN=<the token> warmaster doctor --repo …` on your computer (the workflow gives it from the warmaster environment)")
		return
	}
	c := d.Push
	repo, resp, err := c.gh.Repositories.Get(ctx, c.Owner, c.Repo)
	if err != nil {
		d.problem("push token", c.explainRead("read the repository with WARMASTER_PUSH_TOKEN", err), "make a new fine-grained personal access token for this repository with Contents: read and write, and put it in the warmaster environment's WARMASTER_PUSH_TOKEN secret")
		return
	}
	if p := repo.GetPermissions(); p != nil && !p.GetPush() {
		d.problem("push token", "WARMASTER_PUSH_TOKEN may not push to the repository", "give the token Contents: read and write on this repository (GitHub, Settings, Developer settings, Fine-grained tokens), or make a new one")
	}
	last := d.lastDeadline()
	exp := resp.Header.Get("github-authentication-token-expiration")
	if exp == "" {
		return // a token that never expires
	}
	t, ok := parseExpiry(exp)
	if !ok {
		d.unchecked("push token", fmt.Sprintf("GitHub gave its expiry as %q, which doctor cannot read", exp), "check the token's expiry by hand (GitHub, Settings, Developer settings, Fine-grained tokens)")
		return
	}
	if !last.IsZero() && t.Before(last) {
		d.problem("push token", fmt.Sprintf("WARMASTER_PUSH_TOKEN expires %s, before the campaigns' last deadline %s: advance would stop committing mid-campaign", t.UTC().Format("2006-01-02 15:04 MST"), last.UTC().Format("2006-01-02 15:04 MST")),
			"open GitHub, Settings, Developer settings, Fine-grained tokens, Regenerate the token with an expiry after %s, and put the new value in the warmaster environment's WARMASTER_PUSH_TOKEN (%s/environments)", last.UTC().Format("2006-01-02"), where)
	}
}

// lastDeadline is the latest deadline of every campaign checked.
func (d *Doctor) lastDeadline() time.Time {
	var last time.Time
	for _, c := range d.campaigns {
		for p := 1; p <= c.Phases; p++ {
			dl := c.Deadlines[p]
			for _, t := range []time.Time{dl.Operations, dl.Battles, dl.Events, dl.Moves, dl.Builds, dl.OpenTome, dl.Tiebreak} {
				if t.After(last) {
					last = t
				}
			}
		}
	}
	return last
}

// parseExpiry reads the github-authentication-token-expiration header:
// "2027-03-01 12:00:00 UTC", or with a numeric zone.
func parseExpiry(s string) (time.Time, bool) {
	for _, layout := range []string{"2006-01-02 15:04:05 MST", "2006-01-02 15:04:05 -0700", time.RFC3339} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// getJSON GETs a documented REST path into v; the status of the answer
// (0 when none came).
func (c *Client) getJSON(ctx context.Context, urlStr string, v any) (int, error) {
	req, err := c.gh.NewRequest(http.MethodGet, urlStr, nil)
	if err != nil {
		return 0, err
	}
	resp, err := c.gh.Do(ctx, req, v)
	if resp != nil {
		return resp.StatusCode, err
	}
	return 0, err
}

// explainRead says what GitHub refused to let the token read.
func (c *Client) explainRead(what string, err error) string {
	var er *gh.ErrorResponse
	if errors.As(err, &er) && er.Response != nil {
		switch er.Response.StatusCode {
		case http.StatusUnauthorized:
			return fmt.Sprintf("could not %s: GitHub refused the token (401)", what)
		case http.StatusForbidden, http.StatusNotFound:
			return fmt.Sprintf("could not %s: GitHub answered %d (%s), as it does for a token without that right", what, er.Response.StatusCode, er.Message)
		}
	}
	return fmt.Sprintf("could not %s: %v", what, err)
}

func oneLine(err error) string {
	s := err.Error()
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i] + " …"
	}
	return s
}

// DoctorMarker marks doctor's comments on a campaign's issue, with the
// digest of what it found.
const DoctorMarker = "doctor"

// Report posts doctor's findings as a comment on each campaign's issue —
// only when they differ from what doctor said there last (and an "all
// in place" only after findings were said).
func (p *Poster) Report(ctx context.Context, dirs []string, text, digest string, clean bool) error {
	for _, dir := range dirs {
		var issue *gh.Issue
		var comments []*gh.IssueComment
		if p.Client != nil {
			list, err := p.Client.issues(ctx, CampaignLabel(dir), marker("campaign", dir))
			if err != nil {
				return err
			}
			if len(list) == 0 {
				fmt.Fprintf(p.Out, "%s: no campaign issue yet (warmaster notify opens it): not reported there\n", dir)
				continue
			}
			issue = list[0]
			if comments, err = p.Client.comments(ctx, issue.GetNumber()); err != nil {
				return err
			}
		}
		last := ""
		for _, c := range comments {
			if v := markerValue(c.GetBody(), DoctorMarker); v != "" {
				last = v
			}
		}
		if last == digest || clean && last == "" {
			continue
		}
		number := issue.GetNumber()
		body := marker(DoctorMarker, digest) + "\n\n" + text
		if err := p.do(fmt.Sprintf("comment on issue #%d (doctor)", number), body, func() error {
			return p.Client.comment(ctx, number, body)
		}); err != nil {
			return err
		}
	}
	return nil
}
