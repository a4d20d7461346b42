package repository

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/phase"
	"github.com/warmaster/warmaster/processor/report"
	"github.com/warmaster/warmaster/processor/trust"
	"github.com/warmaster/warmaster/schema"
)

// Options say what changes to check and with whose rights.
type Options struct {
	// Base is the revision the changes are made to: a pull request's base
	// (the first parent of its merge commit), a merge queue's base. The
	// registry — who the Warmaster is, which campaigns are played — is
	// read from it, never from the changes.
	Base string
	// Head is the revision holding the changes (default HEAD); the work
	// tree is taken to hold it.
	Head string
	// Actor is who made the changes (a pull request's author), whose
	// rights are checked; empty checks no one's rights (a merge queue's
	// group, whose pull requests were each checked with their author's).
	Actor processor.Login
	// PushedBy is who pushed the pull request's head, or otherwise set off
	// its check (GitHub's event sender), when that is not Actor: every
	// player may push to every branch, so a push onto someone else's pull
	// request is judged with the rights of both, and passes only what each
	// may change. Empty, or Actor: the author's rights alone.
	PushedBy processor.Login
	// Run are the options of the checks, replays and plans run (the time,
	// and secrets when there are any).
	Run phase.Options
}

// Report is what CheckChanges found.
type Report struct {
	Base, Head string // the commits compared
	Changed    []string
	// Faults are every problem, paths from the repository's root, sorted
	// by file, line and column.
	Faults []processor.Fault
	// Campaigns are the campaign folders the changes touch, in the
	// registry's order.
	Campaigns []CampaignReport
	// Undeclared are folders with a campaign.toml that the changes touch
	// and the registry does not declare: advance never processes them.
	Undeclared []string
}

// CampaignReport is one campaign folder the changes touch.
type CampaignReport struct {
	Dir    string   // slash path from the repository's root
	Files  []string // the changed files, relative to Dir
	Faults int      // how many of Report.Faults are in it
	Replay string   // what replay said, when it ran
	Plan   string   // what advance would do now (Markdown), when there is no fault
	NoPlan string   // else why there is no plan, in one line
	// Campaign are faults replay or the plan found in files the changes do
	// not touch (paths from the repository's root): the campaign's, not the
	// pull request's, which they never fail.
	Campaign []processor.Fault
	// Notes are what the check says of the changed files without refusing
	// them (a fleet left out, a void confirmation, an alternate that could
	// never be used), but of a file it refuses, whose faults say it all;
	// paths from the repository's root.
	Notes []processor.Fault
}

// codeownersFiles are where GitHub looks for CODEOWNERS.
var codeownersFiles = []string{"CODEOWNERS", ".github/CODEOWNERS", "docs/CODEOWNERS"}

// SchemasDir holds a campaign repository's JSON Schemas, for editors, as
// `warmaster init-repo` writes them; editorConfigs are the names of the
// Taplo configuration that maps each kind of file to its schema.
const SchemasDir = "schemas"

var editorConfigs = []string{".taplo.toml", "taplo.toml"}

// CheckChanges checks the changes between opt.Base and opt.Head of the git
// work tree holding root, as the pull-request check does:
//
//   - Who may change what outside the campaigns: only the repository's
//     Warmasters (the base's registry) change anything outside the
//     campaign folders the base declares: among them the registry, CODEOWNERS and
//     .github/ (which decide how pull requests are judged and reviewed),
//     the editors' .taplo.toml and schemas/ (which every player's editor
//     checks their files with),
//     and add, change or delete a campaign.toml anywhere (a new campaign
//     folder among them); nobody else changes a folder with a campaign.toml
//     that the registry does not declare.
//   - Each declared campaign the changes touch is checked as `check --actor
//     ACTOR DIR FILE...` checks it, over exactly the changed files (the
//     Warmasters' files of the campaign — campaign.toml, map.toml, war-engine
//     profiles — are decided above for a repository Warmaster); then, when
//     it has no fault, replayed and planned.
//
// Faults of the files are in the report; an error is returned when the
// changes cannot be read at all (not a git work tree, an unknown revision).
func CheckChanges(root string, opt Options) (*Report, error) {
	g := Git{Dir: root}
	top, _, err := g.Top()
	if err != nil {
		return nil, fmt.Errorf("%s is not in a git work tree: %w", root, err)
	}
	g.Dir = top
	if opt.Head == "" {
		opt.Head = "HEAD"
	}
	rep := &Report{}
	if rep.Base, err = g.Commit(opt.Base); err != nil {
		return nil, fmt.Errorf("--base: %w", err)
	}
	if rep.Head, err = g.Commit(opt.Head); err != nil {
		return nil, fmt.Errorf("--head: %w", err)
	}
	if rep.Changed, err = g.Changed(rep.Base, rep.Head); err != nil {
		return nil, err
	}
	c := &changes{Report: rep, top: top, git: g, opt: opt}
	if opt.Actor != "" {
		c.actors = append(c.actors, opt.Actor)
		if opt.PushedBy != "" && !strings.EqualFold(string(opt.PushedBy), string(opt.Actor)) {
			c.actors = append(c.actors, opt.PushedBy)
		}
	}
	if !c.readRegistries() {
		c.finish()
		return rep, nil
	}
	c.repositoryRights()
	c.campaigns()
	c.finish()
	return rep, nil
}

type changes struct {
	*Report
	top  string
	git  Git
	opt  Options
	base *Registry // the registry of the base: whose rights
	head *Registry // the registry as changed (the base's when unchanged)
	// actors are whose rights are checked: the author, and whoever pushed
	// onto their pull request (Options.PushedBy); none in a merge queue.
	actors []processor.Login
	wm     bool // every actor is one of the base's Warmasters
}

// pushedNote is what a refusal of a pusher's rights adds: why they count.
func (c *changes) pushedNote(actor processor.Login) string {
	if actor == c.opt.Actor {
		return ""
	}
	return fmt.Sprintf(" (%s pushed to %s's pull request, and a pull request is judged with the rights of its author and of everyone who pushed to it: %s takes %s's commits out, or pushes last, for the check to judge it as %s's)", actor, c.opt.Actor, c.opt.Actor, actor, c.opt.Actor)
}

func (c *changes) fault(file, format string, args ...any) {
	c.Faults = append(c.Faults, processor.Fault{File: file, Message: fmt.Sprintf(format, args...)})
}

// readRegistries reads the base's registry (false when it has none, or an
// invalid one: then nothing can be judged) and the registry as changed.
func (c *changes) readRegistries() bool {
	data, ok, err := c.git.Show(c.Base, RegistryFile)
	switch {
	case err != nil:
		c.fault(RegistryFile, "cannot read the registry of the base commit %.12s: %v", c.Base, err)
		return false
	case !ok:
		c.fault(RegistryFile, "the base commit %.12s has no %s, so nobody is this repository's Warmaster and no campaign is declared: the Warmaster commits it to the default branch first, e.g. warmasters = [\"alice\"] and campaigns = [\"campaigns/spring\"]", c.Base, RegistryFile)
		return false
	}
	r, err := ParseRegistry(data)
	if err != nil {
		c.fault(RegistryFile, "the registry of the base commit %.12s is invalid, so nothing can be judged: %v", c.Base, err)
		return false
	}
	c.base, c.head = r, r
	c.wm = len(c.actors) > 0 && !slices.ContainsFunc(c.actors, func(a processor.Login) bool { return !r.IsWarmaster(a) })
	if !slices.Contains(c.Changed, RegistryFile) {
		return true
	}
	data, err = ReadRegistryFile(c.top)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if c.mayChangeRepository() {
			c.fault(RegistryFile, "deleted: the repository needs its registry (declare no campaign with campaigns = [])")
		}
		return true
	case err != nil:
		c.fault(RegistryFile, "cannot read: %v", err)
		return true
	}
	r, err = ParseRegistry(data)
	var invalid *processor.InvalidError
	switch {
	case errors.As(err, &invalid):
		if c.mayChangeRepository() {
			c.Faults = append(c.Faults, invalid.Faults...)
		}
	case err != nil:
		c.fault(RegistryFile, "%v", err)
	default:
		c.head = r
	}
	return true
}

// mayChangeRepository: no actor is given (no rights checked), or the
// actor is one of the base's Warmasters.
func (c *changes) mayChangeRepository() bool { return len(c.actors) == 0 || c.wm }

// repositoryRights refuses the changes outside the declared campaigns that
// only the repository's Warmasters make (Registry.Rights judges a declared
// campaign's own files).
func (c *changes) repositoryRights() {
	if c.mayChangeRepository() {
		return
	}
	// Refused as the first actor who is not a Warmaster.
	actor := c.actors[slices.IndexFunc(c.actors, func(a processor.Login) bool { return !c.base.IsWarmaster(a) })]
	who := fmt.Sprintf("%s may not change this file: ", actor)
	note := c.pushedNote(actor)
	wms := c.base.warmasterNames()
	for _, f := range c.Changed {
		if _, declared := c.base.CampaignOf(f); declared {
			continue
		}
		var why string
		plain := fmt.Sprintf("Only the Warmaster (%s) changes this file: ask them for the change, and close this pull request.", wms)
		switch {
		case f == RegistryFile:
			why = fmt.Sprintf("the registry says who this repository's Warmaster is and which campaigns it plays; only the Warmaster (%s) changes it", wms)
		case slices.Contains(codeownersFiles, f):
			why = fmt.Sprintf("CODEOWNERS says who reviews what; only the Warmaster (%s) changes it", wms)
		case strings.HasPrefix(f, ".github/"):
			why = fmt.Sprintf(".github/ holds the workflows that judge pull requests; only the Warmaster (%s) changes it", wms)
		case slices.Contains(editorConfigs, path.Base(f)) || strings.HasPrefix(f, SchemasDir+"/"):
			why = fmt.Sprintf("the editors' configuration (.taplo.toml) and the JSON Schemas in %s/ check every player's files as they type; only the Warmaster (%s) changes them", SchemasDir, wms)
		case path.Base(f) == processor.CampaignFile:
			plain = fmt.Sprintf("Only the Warmaster (%s) adds a campaign: close this pull request.", wms)
			why = fmt.Sprintf("a new campaign folder (%s) is the Warmaster's (%s) to add and to declare in %s", path.Dir(f), wms, RegistryFile)
		default:
			if dir, ok := c.undeclaredCampaign(f); ok {
				plain = c.base.undeclaredPlain(dir)
				why = c.base.undeclared(dir)
			} else {
				plain = fmt.Sprintf("This file is outside the campaigns this repository plays (%s), where only the Warmaster (%s) changes anything: close this pull request.", strings.Join(c.base.Campaigns, ", "), wms)
				// Anything else outside the campaigns: a .gitignore or
				// .gitattributes changes what the jobs check out and
				// commit, a link where a declared campaign is to be runs
				// another in its place, a new folder is a campaign to be.
				why = fmt.Sprintf("it is outside the campaigns this repository plays (%s); only the Warmaster (%s) changes the rest of the repository", strings.Join(c.base.Campaigns, ", "), wms)
			}
		}
		if why != "" {
			c.Faults = append(c.Faults, refusal(f, c.exists(f), "%s", processor.PlainFirst(plain, who+why+note)))
		}
	}
}

// undeclaredCampaign is the folder holding a campaign.toml (in the work
// tree) that f is in, when the base's registry does not declare it.
func (c *changes) undeclaredCampaign(f string) (string, bool) {
	if _, ok := c.base.CampaignOf(f); ok {
		return "", false
	}
	return c.campaignFolder(f)
}

// campaignFolder is the nearest folder above f that holds a campaign.toml
// in the work tree.
func (c *changes) campaignFolder(f string) (string, bool) {
	for dir := path.Dir(f); dir != "." && dir != "/"; dir = path.Dir(dir) {
		if c.exists(path.Join(dir, processor.CampaignFile)) {
			return dir, true
		}
	}
	return "", false
}

func (c *changes) exists(file string) bool {
	st, err := os.Lstat(filepath.Join(c.top, filepath.FromSlash(file)))
	return err == nil && st.Mode().IsRegular()
}

// campaigns checks each campaign folder the changes touch.
func (c *changes) campaigns() {
	dirs := slices.Clone(c.head.Campaigns)
	for _, d := range c.base.Campaigns {
		if !slices.Contains(dirs, d) {
			dirs = append(dirs, d) // undeclared by these changes
		}
	}
	for _, dir := range dirs {
		var files []string
		for _, f := range c.Changed {
			if rel, ok := strings.CutPrefix(f, dir+"/"); ok {
				files = append(files, rel)
			}
		}
		if len(files) > 0 || (c.head.Declares(dir) && !c.base.Declares(dir)) {
			c.campaign(dir, files)
		}
	}
	// Campaign folders the registry (as changed) does not declare.
	for _, f := range c.Changed {
		if _, ok := c.head.CampaignOf(f); ok {
			continue
		}
		if dir, ok := c.campaignFolder(f); ok && !slices.Contains(c.Undeclared, dir) {
			c.Undeclared = append(c.Undeclared, dir)
		}
	}
}

// campaign checks one campaign folder: files are the changed ones,
// relative to it.
func (c *changes) campaign(dir string, files []string) {
	cr := CampaignReport{Dir: dir, Files: files}
	defer func() {
		for _, f := range c.Faults {
			if strings.HasPrefix(f.File, dir+"/") {
				cr.Faults++
			}
		}
		if cr.Faults > 0 && cr.NoPlan == "" {
			cr.NoPlan = fmt.Sprintf("No plan for %s: its changes have %s to fix first (above).", dir, report.Plural(cr.Faults, "problem", "problems"))
		}
		c.Campaigns = append(c.Campaigns, cr)
	}()
	campaignFile := path.Join(dir, processor.CampaignFile)
	// The repository's rules for this campaign's files. A campaign these
	// changes declare (a repository Warmaster's alone) is theirs to set up,
	// an imported campaign with every player's files included: checked,
	// not judged file by file.
	// Each actor's rights (the author's, and a pusher's): a file refused to
	// either is refused; judged are the files each actor's rights leave to
	// the campaign's own rules (trust.Authorize, below).
	var refused []processor.Fault
	judged := map[processor.Login][]string{}
	declaring := !c.base.Declares(dir)
	if !declaring {
		exists := func(file string) bool { return c.exists(path.Join(dir, file)) }
		for _, actor := range c.actors {
			ref, jud := c.base.Rights(actor, files, exists)
			refused = append(refused, c.noted(actor, ref)...)
			judged[actor] = jud
		}
	}
	refused = append(refused, c.usedParts(dir, files)...)
	if !c.exists(campaignFile) {
		switch {
		case len(refused) > 0:
			c.add(dir, &processor.InvalidError{Faults: refused})
		case c.head.Declares(dir):
			c.fault(campaignFile, "%s declares %s, which has no campaign.toml: add it, or take the folder out of the registry", RegistryFile, dir)
		default:
			cr.NoPlan = fmt.Sprintf("No plan for %s: it is no longer a campaign this repository plays.", dir)
		}
		return
	}
	full := filepath.Join(c.top, filepath.FromSlash(dir))
	f, plan, err := phase.CheckAndPlan(full, c.runOf(files))
	if f != nil {
		// A folder that cannot be read at all (a link in it, a refused
		// name) shows every fault: none is about the changed files alone.
		err = processor.OnlyFiles(err, files)
		err = f.RefuseLate(err, files) // a changed file that can never be applied
	}
	if f != nil && !declaring {
		for _, actor := range c.actors {
			jud := judged[actor]
			if c.base.IsWarmaster(actor) {
				jud = unusedDeletions(f, jud, func(file string) bool { return c.exists(path.Join(dir, file)) })
			}
			err = processor.WithRefusals(err, c.notedErr(actor, trust.Authorize(f, actor, jud, c.base.Warmasters...)))
			err = processor.WithRefusals(err, c.notedErr(actor, c.defectionChanges(f, dir, actor, jud)))
			if refused := append(c.resultDeletions(f, dir, actor, jud), c.tiebreakChanges(f, dir, actor, jud)...); len(refused) > 0 {
				err = processor.WithRefusals(err, &processor.InvalidError{Faults: c.noted(actor, refused)})
			}
		}
	}
	if f != nil && !declaring {
		refused = append(refused, c.strongholdMoves(f, dir, files)...)
		refused = append(refused, c.rosterAhead(f, dir, files)...)
	}
	if len(refused) > 0 {
		err = processor.WithRefusals(err, &processor.InvalidError{Faults: refused})
	}
	if err == nil {
		err = c.campaignsOwn(dir, files, c.replayAndPlan(full, files, plan, &cr), &cr)
	}
	if f != nil {
		var inv *processor.InvalidError
		errors.As(err, &inv)
		for _, n := range slices.Concat(f.Notes, f.EarlyNotes) { // the files of a phase not begun too: all are named
			if slices.Contains(files, n.File) && (inv == nil || !slices.ContainsFunc(inv.Faults, func(x processor.Fault) bool { return x.File == n.File })) {
				n.File = path.Join(dir, n.File)
				cr.Notes = append(cr.Notes, n)
			}
		}
	}
	c.add(dir, err)
}

// decodeAt is a file of the campaign folder dir as TOML, at rev ("" the
// work tree); false when it is not there or not TOML (the check says why).
func (c *changes) decodeAt(rev, dir, file string) (map[string]any, bool) {
	var text []byte
	if rev == "" {
		t, err := os.ReadFile(filepath.Join(c.top, filepath.FromSlash(path.Join(dir, file))))
		if err != nil {
			return nil, false
		}
		text = t
	} else {
		t, ok, err := c.git.Show(rev, path.Join(dir, file))
		if err != nil || !ok {
			return nil, false
		}
		text = t
	}
	var m map[string]any
	if _, err := toml.Decode(string(text), &m); err != nil {
		return nil, false
	}
	return m, true
}

// rosterAhead refuses the roster changes to come that could not take
// effect as the campaign stands (folder.Folder.RosterAhead: notes to
// check and advance, which stop only at the change's step) when these
// changes write or edit campaign.toml's [[roster_changes]]: the Warmaster
// who writes one hears it then, not when the campaign stops at its step.
func (c *changes) rosterAhead(f *folder.Folder, dir string, files []string) []processor.Fault {
	if len(f.RosterAhead) == 0 || !slices.Contains(files, processor.CampaignFile) {
		return nil
	}
	before, ok1 := c.decodeAt(c.Base, dir, processor.CampaignFile)
	after, ok2 := c.decodeAt("", dir, processor.CampaignFile)
	if ok1 && ok2 && reflect.DeepEqual(before["roster_changes"], after["roster_changes"]) {
		return nil
	}
	out := make([]processor.Fault, len(f.RosterAhead))
	for i, n := range f.RosterAhead {
		n.Message = processor.PlainFirst("This roster change could not take effect as the campaign stands: change it, or take it out.", n.Message)
		out[i] = n
	}
	return out
}

// usedParts refuses a change to what an applied step used, by anyone, the
// Warmaster included: the [dice] seed or commitment and the [rules] once a
// step has run (the Warmaster, knowing the next step's inputs, could try
// keys until the dice suited them), a phase's [[forced_events]] once its
// events were generated, map.toml once set-up placed the campaign on it.
// Judged from the base's campaign.toml, map.toml and journal, without
// secrets: with a committed key or sealed orders the check cannot replay.
func (c *changes) usedParts(dir string, files []string) []processor.Fault {
	if !slices.Contains(files, processor.CampaignFile) && !slices.Contains(files, processor.MapFile) {
		return nil
	}
	data, ok, err := c.git.Show(c.Base, path.Join(dir, processor.JournalFile))
	if err != nil || !ok {
		return nil // no step applied: everything may still change
	}
	var journal struct {
		Steps []struct {
			Phase int
			Step  string
		}
	}
	if _, err := toml.Decode(string(data), &journal); err != nil || len(journal.Steps) == 0 {
		return nil // an unreadable journal is the check's to refuse
	}
	last := journal.Steps[len(journal.Steps)-1]
	lastStep := fmt.Sprintf("phase %d's %s step", last.Phase, last.Step)
	if last.Phase == 0 {
		lastStep = "set-up"
	}
	generated := map[int64]bool{} // phases whose events were generated
	for _, st := range journal.Steps {
		if st.Step == processor.StepBattles.String() {
			generated[int64(st.Phase)] = true
		}
	}
	decode := func(rev, file string) (map[string]any, bool) { return c.decodeAt(rev, dir, file) }
	restore := func(file string) string {
		return fmt.Sprintf("restore it as the base has it (git checkout %.12s -- %s)", c.Base, path.Join(dir, file))
	}
	const usedPlain = "This part of the file was used by a step already played, so it can no longer change: undo the change, or close this pull request."
	var refused []processor.Fault
	if slices.Contains(files, processor.CampaignFile) {
		before, ok1 := decode(c.Base, processor.CampaignFile)
		after, ok2 := decode("", processor.CampaignFile)
		if ok1 && ok2 {
			why := func(format string, args ...any) {
				refused = append(refused, refusal(processor.CampaignFile, true, "%s", processor.PlainFirst(usedPlain, fmt.Sprintf(format, args...))))
			}
			if !reflect.DeepEqual(before["dice"], after["dice"]) {
				why("[dice] changed after %s rolled with it: a campaign's seed or commitment never changes once a step has rolled its dice (the commitment promises the players that nobody can choose them); %s", lastStep, restore(processor.CampaignFile))
			}
			if !reflect.DeepEqual(before["time_zone"], after["time_zone"]) {
				why("time_zone changed after %s applied it: the played times written without a zone were read in it, and the battles taken in their order; %s", lastStep, restore(processor.CampaignFile))
			}
			if !reflect.DeepEqual(before["rules"], after["rules"]) && !correctsRules(before, after) {
				why("[rules] changed after %s applied them: a step is played by the rules it was played by, and the later ones by the same; %s", lastStep, restore(processor.CampaignFile))
			}
			forced := func(m map[string]any, phase int64) []any {
				var out []any
				for _, e := range tableList(m["forced_events"]) {
					if p, _ := e["phase"].(int64); p == phase {
						out = append(out, e)
					}
				}
				return out
			}
			for _, p := range slices.Sorted(maps.Keys(generated)) {
				if !reflect.DeepEqual(forced(before, p), forced(after, p)) {
					why("phase %d's [[forced_events]] changed after its events were generated: they are history now; %s", p, restore(processor.CampaignFile))
				}
			}
			if edits, at := rosterEdits(before, after, c.baseRoster(dir)); len(edits) > 0 {
				f := refusal(processor.CampaignFile, true, "%s", processor.PlainFirst(
					"Once steps were played, players and fleets are not taken out or given to others by editing [[players]] or [[fleets]]: undo that edit, and write a [[roster_changes]] entry instead.",
					fmt.Sprintf("%s was played with the roster as it was, and this changes it: %s. Everyone who played stays in [[players]] with their Alliance, and every fleet in [[fleets]] with the player it was declared with (the campaign replays with them); a player leaves, or hands their fleets over, with leave = …, or hand = …, to = …, from a step still to come (docs/organisers.md, \"Players who join late, drop out, or hand over\"); git diff %.12s -- %s shows your edits", lastStep, strings.Join(edits, "; "), c.Base, path.Join(dir, processor.CampaignFile))))
				if text, err := os.ReadFile(filepath.Join(c.top, filepath.FromSlash(path.Join(dir, processor.CampaignFile)))); err == nil {
					f.Line, f.Col = schema.Locate(text, at)
				}
				refused = append(refused, f)
			}
		}
	}
	if slices.Contains(files, processor.MapFile) {
		before, ok1 := decode(c.Base, processor.MapFile)
		after, ok2 := decode("", processor.MapFile)
		if ok1 && ok2 && !reflect.DeepEqual(before, after) {
			refused = append(refused, refusal(processor.MapFile, true, "%s", processor.PlainFirst("The map was used from the set-up on, so it can no longer change: undo the change, or close this pull request.", fmt.Sprintf("map.toml changed after set-up placed the campaign on it (%s is the last step applied): the planets, their locations and the lanes stay as every step used them; %s", lastStep, restore(processor.MapFile)))))
		}
	}
	return refused
}

// baseRoster is how many of campaign.toml's [[roster_changes]] had taken
// effect at the base (state.toml's top-level roster, 0 when absent), read
// from the text's top lines: state.toml is the biggest file of a big
// campaign, and nothing else of it is needed.
func (c *changes) baseRoster(dir string) int {
	data, ok, err := c.git.Show(c.Base, path.Join(dir, processor.StateFile))
	if err != nil || !ok {
		return 0
	}
	for line := range strings.Lines(string(data)) {
		if strings.HasPrefix(line, "[") {
			break
		}
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "roster = "); ok {
			n, _ := strconv.Atoi(v)
			return n
		}
	}
	return 0
}

// tableList is an array of tables as BurntSushi/toml decodes it: [[key]]
// tables, or an inline array of inline tables.
func tableList(v any) []map[string]any {
	switch l := v.(type) {
	case []map[string]any:
		return l
	case []any:
		var out []map[string]any
		for _, t := range l {
			if t, ok := t.(map[string]any); ok {
				out = append(out, t)
			}
		}
		return out
	}
	return nil
}

// rosterEdits are the edits of campaign.toml's declared roster, before
// to after, that only a [[roster_changes]] entry may make once a step was
// played: a player taken out of [[players]] or moved to another Alliance,
// a fleet taken out of [[fleets]] or given another player. Players and
// fleets added are not (a newcomer joins so), nor those of a newcomer not
// in play yet at the base — named by a join, or by a hand-over's to while
// commanding no fleet of their own, in a change not yet in effect (the
// first inEffect took effect): a join still to come may be corrected or
// cancelled. at is the JSON pointer, in after, of the first: its field
// changed, or the array a table was taken out of.
func rosterEdits(before, after map[string]any, inEffect int) (edits []string, at string) {
	tables := func(m map[string]any, key, id string) ([]string, map[string]map[string]any, map[string]int) {
		var ids []string
		by, index := map[string]map[string]any{}, map[string]int{}
		for i, t := range tableList(m[key]) {
			if k, ok := t[id].(string); ok && by[k] == nil {
				ids = append(ids, k)
				by[k], index[k] = t, i
			}
		}
		return ids, by, index
	}
	commands := map[string]bool{} // logins with a fleet declared for them
	for _, t := range tableList(before["fleets"]) {
		if p, ok := t["player"].(string); ok {
			commands[p] = true
		}
	}
	pending := map[string]bool{}
	inPlay := map[string]bool{} // named by a change already in effect
	for i, e := range tableList(before["roster_changes"]) {
		join, _ := e["join"].(string)
		to, _ := e["to"].(string)
		switch {
		case i < inEffect:
			inPlay[join], inPlay[to] = true, true
		case join != "" && !inPlay[join]:
			pending[join] = true
		case to != "" && !inPlay[to] && !commands[to]:
			pending[to] = true
		}
	}
	for _, kind := range []struct{ key, id, field, what string }{
		{"players", "login", "alliance", "player %q %s"},
		{"fleets", "id", "player", "fleet %q %s"},
	} {
		ids, was, _ := tables(before, kind.key, kind.id)
		_, now, index := tables(after, kind.key, kind.id)
		for _, k := range ids {
			if owner, _ := was[k]["player"].(string); pending[k] && kind.key == "players" || pending[owner] && kind.key == "fleets" {
				continue
			}
			where := ""
			switch t := now[k]; {
			case t == nil:
				edits, where = append(edits, fmt.Sprintf(kind.what, k, "was taken out of [["+kind.key+"]]")), "/"+kind.key
			case !reflect.DeepEqual(t[kind.field], was[k][kind.field]):
				edits, where = append(edits, fmt.Sprintf(kind.what, k, fmt.Sprintf("has %s = %q, was %q", kind.field, t[kind.field], was[k][kind.field]))), fmt.Sprintf("/%s/%d/%s", kind.key, index[k], kind.field)
			}
			if at == "" {
				at = where
			}
		}
	}
	return edits, at
}

// correctsRules reports whether a change of campaign.toml's [rules] comes
// with a correction of its own (folder's "A correction"): one
// [[corrections]] entry more than the base has, the others as they were,
// whose was is the base's [rules]. Whether the steps used exactly those is
// the campaign's load to judge, against the journal's digest.
func correctsRules(before, after map[string]any) bool {
	list := func(m map[string]any) []any {
		var out []any
		switch l := m["corrections"].(type) {
		case []map[string]any:
			for _, e := range l {
				out = append(out, e)
			}
		case []any:
			out = l
		}
		return out
	}
	b, a := list(before), list(after)
	if len(a) != len(b)+1 {
		return false
	}
	for i := range b {
		if !reflect.DeepEqual(b[i], a[i]) {
			return false
		}
	}
	last, _ := a[len(a)-1].(map[string]any)
	rules := before["rules"]
	if rules == nil {
		rules = map[string]any{}
	}
	return last != nil && last["part"] == "[rules]" && reflect.DeepEqual(last["was"], rules)
}

// campaignsOwn takes out of err, replay's or the plan's, the faults in
// files the changes do not touch (a stray file, a player's file broken on the
// branch): each pull request is judged on its own files, and those faults
// are the campaign's, said as such (cr.Campaign and NoPlan). Not when the
// changes touch what every file is judged by (campaign.toml, map.toml, the
// war-engine profiles): then the changes may be why.
func (c *changes) campaignsOwn(dir string, files []string, err error, cr *CampaignReport) error {
	if slices.ContainsFunc(files, func(f string) bool { return folder.WarmasterFile(f) || strings.HasPrefix(f, folder.EnginesDir+"/") }) {
		return err
	}
	var inv *processor.InvalidError
	if !errors.As(err, &inv) {
		return err
	}
	var own []processor.Fault
	for _, f := range inv.Faults {
		if slices.Contains(files, f.File) {
			own = append(own, f)
			continue
		}
		f.File = path.Join(dir, f.File)
		cr.Campaign = append(cr.Campaign, f)
	}
	if len(cr.Campaign) > 0 && len(own) == 0 {
		cr.NoPlan = fmt.Sprintf("No plan for %s: the campaign has %s in files these changes do not touch (below); they are the campaign's to fix, not this pull request's.", dir, report.Plural(len(cr.Campaign), "problem", "problems"))
	}
	if len(own) == 0 {
		return nil
	}
	return &processor.InvalidError{Faults: own}
}

// unusedDeletions is files without the players' inputs they delete that no
// step has used: the repository's Warmasters may delete any of those, in
// any campaign they run (a stray file only its sender's Alliance could
// remove otherwise). An input a step used never changes (the check refuses
// that whoever deletes it).
func unusedDeletions(f *folder.Folder, files []string, exists func(string) bool) []string {
	return slices.DeleteFunc(slices.Clone(files), func(file string) bool {
		k := folder.Classify(file).Kind
		input := k >= folder.KindSetup && k <= folder.KindRuling
		return input && !exists(file) && f.ConsumedInputs[file] == ""
	})
}

// noted is refusals of actor's rights with why they count (pushedNote).
func (c *changes) noted(actor processor.Login, refused []processor.Fault) []processor.Fault {
	if note := c.pushedNote(actor); note != "" {
		for i := range refused {
			refused[i].Message += note
		}
	}
	return refused
}

// notedErr is noted for the refusals of an *InvalidError (trust.Authorize's).
func (c *changes) notedErr(actor processor.Login, err error) error {
	var inv *processor.InvalidError
	if errors.As(err, &inv) {
		inv.Faults = c.noted(actor, inv.Faults)
	}
	return err
}

// replayAndPlan replays a campaign without faults, and plans it.
//
// A pull request's check costs its change: the base was checked when each
// of its changes was merged, and every advance replays the whole history
// before it applies a step (`advance --replay`, with the secrets this job
// has not), so the campaign is replayed here only when the changes touch
// what replay reads besides the inputs the journal holds to their digests:
// a file Warmaster wrote, or the Warmaster's (campaign.toml, map.toml,
// war-engine profiles). A changed input a step used is refused without a
// replay (its digest), and a new input is checked and planned below.
func (c *changes) replayAndPlan(full string, files []string, plan func() (*phase.PlanResult, error), cr *CampaignReport) error {
	if !slices.ContainsFunc(files, func(f string) bool {
		return folder.Classify(f).Kind == folder.KindWritten || folder.WarmasterFile(f) || strings.HasPrefix(f, folder.EnginesDir+"/")
	}) {
		cr.Replay = "replay not needed: the changes touch nothing Warmaster wrote and none of the Warmaster's files (each advance replays the whole campaign before it applies a step)"
		return c.plan(plan, cr)
	}
	res, err := trust.Replay(full, c.opt.Run)
	switch {
	case err != nil:
		return err
	case res.Skipped != "":
		cr.Replay = "replay skipped: " + res.Skipped
	default:
		cr.Replay = res.Summary("")
	}
	return c.plan(plan, cr)
}

// runOf is the options of a check or plan of a campaign whose changed
// files are files: those the changes do not touch are as the base has
// them, which was checked when each change to it was merged, so the
// inputs steps used among them are not read and hashed again.
func (c *changes) runOf(files []string) phase.Options {
	changed := make(map[string]bool, len(files))
	for _, f := range files {
		changed[f] = true
	}
	run := c.opt.Run
	run.Unchanged = func(file string) bool { return !changed[file] }
	return run
}

// plan plans a campaign, for the check's summary (plan: of the check's
// own run, phase.CheckAndPlan).
func (c *changes) plan(plan func() (*phase.PlanResult, error), cr *CampaignReport) error {
	p, err := plan()
	if err != nil {
		return err
	}
	cr.Plan = p.Markdown(cr.Dir)
	return nil
}

// add records a campaign's faults (or error) with paths from the root, each
// consumed input to restore with the commit that has it.
func (c *changes) add(dir string, err error) {
	if err == nil {
		return
	}
	var invalid *processor.InvalidError
	if !errors.As(err, &invalid) {
		c.fault(path.Join(dir, processor.CampaignFile), "%v", err)
		return
	}
	invalid.RestoreFrom(func(file, digest string) string {
		return c.git.restoreAdvice(path.Join(dir, file), path.Join(dir, file), digest)
	})
	for _, f := range invalid.Faults {
		f.File = path.Join(dir, f.File)
		if f.Fix != nil && f.Fix.Kind == processor.FixRename {
			fix := *f.Fix
			fix.Meant = path.Join(dir, fix.Meant)
			f.Fix = &fix
		}
		c.Faults = append(c.Faults, f)
	}
}

// finish sorts the faults.
func (c *changes) finish() {
	slices.SortStableFunc(c.Faults, func(a, b processor.Fault) int {
		return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col), cmp.Compare(a.Message, b.Message))
	})
}

// resultDeletions refuses, when results are confirmed ([rules]
// confirm_results), the deletion of a result by anyone not of the side
// that filed it (its filed_by on the base): deleting the other side's
// result would leave the battle unreported, which the attacker wins at
// the deadline — one side deciding it alone. The other side disputes a
// result, or files its own (which the first side then confirms). Nor
// does the filer's side delete it once the other side took part: filed
// a version of it (the base alone would let a side file its own in the
// other's place, then delete it) or answered it (confirmed or disputed
// it, even a version since changed, which voids the answer but not the
// part taken). The repository's Warmasters may delete any unused input
// (unusedDeletions took those out of files).
func (c *changes) resultDeletions(f *folder.Folder, dir string, actor processor.Login, files []string) []processor.Fault {
	if !f.Campaign.Rules.ConfirmResults {
		return nil
	}
	p, ok := f.Campaign.PlayerOf(f.Campaign.Spelling(actor))
	if !ok {
		return nil // Authorize refuses every change of a non-player
	}
	var refused []processor.Fault
	for _, file := range files {
		if folder.Classify(file).Kind != folder.KindResults || c.exists(path.Join(dir, file)) {
			continue
		}
		data, ok, err := c.git.Show(c.Base, path.Join(dir, file))
		filer := filedBy(data)
		if err != nil || !ok || filer == "" {
			continue
		}
		conf := strings.Replace(file, "/results/", "/confirmations/", 1)
		if filer != p.Alliance {
			refused = append(refused, refusal(file, false, "%s may not change this file: %s filed this result, and only its side withdraws it (deleted, the battle would count as not reported, the attacker victorious); dispute it in %s, or file your own result in its place, which %s then confirms", actor, filer, conf, filer))
			continue
		}
		// Its own side withdraws it — unless the other side took part: the
		// attacker's side deleting a "defender wins" the defender filed,
		// confirmed or disputed would make it the attacker's.
		cdata, answered, err := c.git.Show(c.Base, path.Join(dir, conf))
		var cdoc struct{ Confirms string }
		switch {
		case err == nil && answered && toml.Unmarshal(cdata, &cdoc) == nil && cdoc.Confirms == folder.Digest(data):
			refused = append(refused, refusal(file, false, "%s may not change this file: the other side confirmed this result (%s), so it stays as both sides stand behind it; change it instead (which voids the confirmation, for the other side to confirm again), or have them withdraw their confirmation first", actor, conf))
		case err == nil && answered:
			refused = append(refused, refusal(file, false, "%s may not change this file: the other side answered this result (%s), so it is theirs too and stays; change it instead, for them to confirm or dispute, or have them withdraw their file first", actor, conf))
		default:
			var other processor.AllianceID
			var when string
			complete := c.git.versions(c.Base, path.Join(dir, file), func(commit string, data []byte) bool {
				if a := filedBy(data); a != "" && a != p.Alliance {
					other, when = a, commit
				}
				return other != ""
			})
			if other == "" && !complete {
				// Fail closed: a history too long (or a clone too shallow)
				// to read whole may hide the other side's version.
				refused = append(refused, refusal(file, false, "%s may not change this file: its history is too long to show that only your side filed it (%d commits or more, or a shallow clone), and a deletion leaves the battle unreported, the attacker victorious; change it instead, or ask the Warmaster", actor, cmp.Or(c.git.Depth, maxRestoreCommits)))
			}
			if other != "" {
				refused = append(refused, refusal(file, false, "%s may not change this file: %s filed this result before (commit %.12s), and a side withdraws only what it alone filed (deleted, the battle would count as not reported, the attacker victorious); change it instead, for %s to confirm or dispute", actor, other, when, other))
			}
		}
	}
	return refused
}

// strongholdMoves refuses a set-up that moves its Stronghold to a planet
// whose locations merged Strongholds already fill: advance asks the
// later Alliance in campaign.toml's order to choose again, which would
// make another Alliance's merged set-up faulty and stall the campaign —
// so the pull request's own is refused. A change that leaves its
// Stronghold where it was is not (a clash merged otherwise is the
// campaign's to settle, not this change's).
func (c *changes) strongholdMoves(f *folder.Folder, dir string, files []string) []processor.Fault {
	if f.State == nil || f.State.Step != processor.StepSetup {
		return nil
	}
	changed := func(a processor.AllianceID) bool { return slices.Contains(files, "setup/"+string(a)+".toml") }
	var refused []processor.Fault
	for _, a := range f.Campaign.AllianceIDs() {
		sc := f.Setup[a]
		if sc == nil || !changed(a) || !f.Campaign.Map.Has(sc.Stronghold) {
			continue
		}
		base, ok, err := c.git.Show(c.Base, path.Join(dir, sc.Src.File))
		var was struct{ Stronghold string }
		if err == nil && ok && toml.Unmarshal(base, &was) == nil && processor.PlanetID(was.Stronghold) == sc.Stronghold {
			continue // where it was
		}
		var merged []processor.AllianceID
		for _, b := range f.Campaign.AllianceIDs() {
			if o := f.Setup[b]; b != a && o != nil && o.Stronghold == sc.Stronghold && !changed(b) {
				merged = append(merged, b)
			}
		}
		if loc := f.Campaign.Map.Planet(sc.Stronghold).Locations; len(merged) >= loc {
			refused = append(refused, refusal(sc.Src.File, true, "%s has %d Infrastructure locations, all taken by the Strongholds %s set up before yours; choose another planet for your Stronghold", sc.Stronghold, loc, report.And(merged)))
		}
	}
	return refused
}

// filedBy is a result text's filed_by, "" when it has none or is no TOML.
func filedBy(data []byte) processor.AllianceID {
	var doc struct {
		FiledBy string `toml:"filed_by"`
	}
	if _, err := toml.Decode(string(data), &doc); err != nil {
		return ""
	}
	return processor.AllianceID(doc.FiledBy)
}

// defectionChanges refuses a change to another player's wish to defect.
// Machinations of Fate lets each player say whether they defect, and the
// wishes sit in their Alliance's event choices file, which any of its
// players changes: without this, a teammate could add a player's
// defection, change where to, or strike it out. Judged key by key against
// the base: a key of [machinations_of_fate] added, changed or removed is
// its player's alone to change (a file deleted removes every key it had).
func (c *changes) defectionChanges(f *folder.Folder, dir string, actor processor.Login, files []string) error {
	actor = f.Campaign.Spelling(actor)
	p, ok := f.Campaign.PlayerOf(actor)
	if !ok {
		return nil // Authorize refuses every change of a non-player
	}
	key := processor.MachinationsOfFate.Key()
	table := func(file string) processor.Src { return processor.Src{File: file, Ptr: "/" + key} }
	var fs processor.Faults
	for _, file := range files {
		if cp := folder.Classify(file); cp.Kind != folder.KindEvents || processor.AllianceID(cp.Name) != p.Alliance {
			continue // another Alliance's file: Authorize refuses it whole
		}
		base, _, err := c.git.Show(c.Base, path.Join(dir, file))
		before, ok1 := defections(base, err)
		after, ok2 := defections(f.Text(file), nil)
		if !ok1 || !ok2 {
			continue // not TOML, or the table is no table: the check says why
		}
		ids := slices.AppendSeq(slices.Collect(maps.Keys(before)), maps.Keys(after))
		slices.Sort(ids)
		for _, id := range slices.Compact(ids) {
			was, had := before[id]
			is, has := after[id]
			owner := f.Campaign.Spelling(processor.Login(id))
			if _, player := f.Campaign.PlayerOf(owner); !player || owner == actor || had == has && reflect.DeepEqual(was, is) {
				continue // no player's (a misspelt login: the check names it), the actor's own, or as it was
			}
			what := "changes"
			switch {
			case !had:
				what = "adds"
			case !has:
				what = "removes"
			}
			msg := processor.PlainFirst(
				fmt.Sprintf("Whether %s defects is %s's word alone: leave %s's line in [%s] as it was, and change only your own.", owner, owner, owner, key),
				fmt.Sprintf("%s may not change this file: it %s [%s] %s, %s's wish to defect (Machinations of Fate), which only %s adds, changes or removes", actor, what, key, id, owner, owner))
			switch {
			case has:
				fs.AddKey(table(file).At(id), "%s", msg)
			case len(after) > 0:
				fs.AddKey(table(file), "%s", msg)
			default:
				fs.List = append(fs.List, refusal(file, f.Text(file) != nil, "%s", msg))
			}
		}
	}
	return fs.Err(f.Text)
}

// tiebreakChanges holds the tie-break's [agreed] to the Alliances that
// stand behind it ([rules] confirm_results): the final battle decides the
// campaign, and one tied Alliance must not decide it alone. Each line is
// a tied Alliance and the victor it agrees to, which a player adds,
// changes or takes out for their own Alliance only (an agreement counts
// while it names the victor the file makes: a change to the victor voids
// the others', and a merge cannot carry one over to another victor); an
// [agreed] it cannot read is refused. The file is not deleted while
// another Alliance has a line in it, nor by a player past the tiebreak
// deadline, confirming or not (a roll-off then would undo the battle).
// The repository's Warmasters, playing or not, may settle it
// (trust.Authorize).
func (c *changes) tiebreakChanges(f *folder.Folder, dir string, actor processor.Login, files []string) []processor.Fault {
	if c.base.IsWarmaster(actor) {
		return nil
	}
	p, ok := f.Campaign.PlayerOf(f.Campaign.Spelling(actor))
	if !ok {
		return nil // Authorize refuses every change of a non-player
	}
	confirming := f.Campaign.Rules.ConfirmResults
	var refused []processor.Fault
	for _, file := range files {
		cp := folder.Classify(file)
		if cp.Kind != folder.KindTiebreak || f.State == nil || f.State.Step != processor.StepTiebreak || cp.Phase != f.State.Phase {
			continue // no tie-break awaited: Authorize says why
		}
		deleted := !c.exists(path.Join(dir, file))
		head, _ := f.ReadFile(file)
		base, _, err := c.git.Show(c.Base, path.Join(dir, file))
		before, ok1 := agreedOf(base, err)
		after, ok2 := agreedOf(head, nil)
		if confirming && (!ok1 || !ok2) {
			// Fail closed: the agreement cannot be judged.
			refused = append(refused, refusal(file, !deleted, "%s may not change this file: its [agreed] cannot be read as a table of Alliances and victors, so who agreed to what cannot be judged; write it as the end-of-campaign guide shows", actor))
			continue
		}
		if deleted {
			others := slices.DeleteFunc(slices.Sorted(maps.Keys(before)), func(a string) bool { return a == string(p.Alliance) })
			dl := f.Campaign.Deadlines[cp.Phase].Tiebreak
			_, mine := before[string(p.Alliance)]
			switch {
			case confirming && len(others) > 0:
				refused = append(refused, refusal(file, false, "%s may not change this file: %s agreed to it ([agreed]), so it stays; change it instead, for them to agree again", actor, report.And(others)))
			case confirming && !mine:
				// Who filed it is known by its line alone: the other side
				// deleting a file its filer left without one would turn the
				// battle into a roll-off.
				refused = append(refused, refusal(file, false, "%s may not change this file: a tied Alliance deletes only a tie-break it alone stands behind, and this one has no line of %s under [agreed]; change it instead (write your line, or correct the battles)", actor, p.Alliance))
			case !dl.IsZero() && !c.opt.Run.Now.Before(dl):
				refused = append(refused, refusal(file, false, "%s may not change this file: the tiebreak deadline has passed, and the final battle filed stays (deleted, the tied Alliances would roll off instead); the repository's Warmasters settle what is wrong with it", actor))
			}
			continue
		}
		keys := slices.AppendSeq(slices.Collect(maps.Keys(before)), maps.Keys(after))
		slices.Sort(keys)
		for _, a := range slices.Compact(keys) {
			if was, is := before[a], after[a]; confirming && a != string(p.Alliance) && was != is {
				refused = append(refused, refusal(file, true, "%s may not change this file: only a player of %s writes %s's line under [agreed] (each tied Alliance gives its own agreement)", actor, a, a))
			}
		}
	}
	return refused
}

// agreedOf is a tie-break text's [agreed], Alliance by Alliance (none when
// there is no text), false when it is no TOML or [agreed] no table of
// strings.
func agreedOf(text []byte, err error) (map[string]string, bool) {
	if err != nil || text == nil {
		return nil, err == nil
	}
	var doc struct {
		Agreed map[string]any `toml:"agreed"`
	}
	if _, err := toml.Decode(string(text), &doc); err != nil {
		return nil, false
	}
	out := make(map[string]string, len(doc.Agreed))
	for a, v := range doc.Agreed {
		s, ok := v.(string)
		if !ok {
			return nil, false
		}
		out[a] = s
	}
	return out, true
}

// defections is the [machinations_of_fate] table of an event choices
// file's text: empty when there is no file or no table, false when the
// text is no TOML or the table no table.
func defections(text []byte, err error) (map[string]any, bool) {
	if err != nil {
		return nil, false
	}
	var doc map[string]any
	if _, err := toml.Decode(string(text), &doc); err != nil {
		return nil, false
	}
	v, ok := doc[processor.MachinationsOfFate.Key()]
	if !ok {
		return map[string]any{}, true
	}
	t, ok := v.(map[string]any)
	return t, ok
}
