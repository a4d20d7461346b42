package phase

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/attacks"
	"github.com/warmaster/warmaster/processor/dice"
	"github.com/warmaster/warmaster/processor/disk"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/folder/owntoml"
	"github.com/warmaster/warmaster/processor/report"
	"github.com/warmaster/warmaster/processor/seal"
)

// stage is one step of the Campaign phase as the rulebook numbers it.
type stage struct {
	num, title string
	input      processor.Step // the input step it belongs to: it runs once that step's inputs are in
	apply      func(*run)
}

// campaignPhase is the Campaign Phase in the rulebook's fixed order. Each
// group of stages waits for the inputs of its Step, then runs in one go.
var campaignPhase = []stage{
	{"1", "Select Operations: An Open Tome", processor.StepOpenTome, (*run).openTomeOperations},
	{"1", "Select Operations", processor.StepOperations, (*run).selectOperations},
	{"2.1", "Reveal Alliance Operations", processor.StepOperations, (*run).revealOperations},
	{"2.2", "Edifice Raising Complete", processor.StepOperations, (*run).raiseEdifices},
	{"2.3", "Resolve Battle Operations", processor.StepBattles, (*run).resolveBattles},
	{"2.4", "Process Battle Results", processor.StepBattles, (*run).processBattleResults},
	{"2.5", "Fleet Arrival", processor.StepBattles, (*run).fleetArrival},
	{"2.6", "Low-level Resistance", processor.StepBattles, (*run).lowLevelResistance},
	{"3", "Results and Vespator Front Events", processor.StepBattles, (*run).resultsAndEvents},
	{"3", "Vespator Front Events: the Alliances' choices", processor.StepEvents, (*run).applyEventChoices},
	{"4", "Move Fleets", processor.StepMoves, (*run).moveFleets},
	{"5", "Build Infrastructure", processor.StepBuilds, (*run).buildInfrastructure},
	// End of the Campaign after a tie: the final battle(s), then the medals.
	{"3", "End of the Campaign", processor.StepTiebreak, (*run).breakTie},
}

// rules is what the phase's stages read and change: the folder's inputs,
// the campaign, the state as it changes, the dice and the time of the run,
// the inputs set aside, and the report section a stage's sentences go in
// (note). The stages and the queries they share are methods of rules and
// of the views over it below; what a run collects — files to write, report
// sections, journal entries — is run's alone.
type rules struct {
	f    *folder.Folder
	c    *processor.Campaign
	s    *processor.State
	now  time.Time
	dice *dice.Roller
	// standInDice: a dry run without the secret dice key rolls stand-ins.
	standInDice bool
	sec         *report.Doc // the report section being written
	// setAsideFiles are the inputs set aside (notapplied.go).
	setAsideFiles []notApplied
	// strays are the inputs the step has no use for, whatever they hold (a
	// result of a fleet that, revealed, fights no battle), and why: set
	// aside at their step, before or after its deadline (notapplied.go).
	strays map[string]string
	// seen are the sightings of the results of phase seenPhase, as this run
	// noted them (confirm.go); seenChanged when it noted one anew, and
	// seenOut the seen.toml files to write. replaying: a replay's run,
	// which notes none.
	seen        map[string]folder.Seen
	seenPhase   int
	seenChanged bool
	seenOut     map[string][]byte
	replaying   bool
	// battleList is battles() made once for the orders as they stand.
	battleList battleList
	// places are the Fleets by Alliance and planet while validateOrders
	// checks the orders (the Fleets stand still then), nil otherwise;
	// edified, the map 2.2 may leave (attacks.AfterEdifices), once found.
	places  attacks.FleetPlaces
	edified *processor.State
	// awaitedPaths: the last list's awaited files' paths, for the next of
	// the five looks a run takes at a step (awaited).
	awaitedPaths processor.InputPaths
}

// The views over rules, each a part of the rules with the parts it builds
// on (a view's methods call only its own, those of what it embeds, and
// rules'):
//   - eventRules: the Vespator Front Events, rolled and taking effect (events.go);
//   - choiceRules: the Alliances' choices for them and the steps that apply
//     them (event_choices.go, events_step.go);
//   - checks: every input validated against the map as it stands;
//   - drafts: the ready-to-edit drafts of awaited files (draft.go);
//   - reporting: what the reports and README show of the map (medals.go,
//     render.go, warengines.go);
//   - confirms: where each result stands with the other side, and when
//     advance first saw it (confirm.go).
type (
	eventRules  struct{ *rules }
	choiceRules struct{ eventRules }
	checks      struct{ choiceRules }
	drafts      struct{ choiceRules }
	reporting   struct{ *rules }
	confirms    struct{ *rules }
)

// run is one `advance`: the rules as they apply step by step, and
// everything to be written once every step has gone through.
type run struct {
	*rules
	choiceRules
	checks
	drafts
	reporting
	confirms

	opt  Options
	mode mode

	out map[string]output // files to write, by slash path
	// sheets are the battle sheets among them, as written (for plan's
	// one-line descriptions).
	sheets map[string]folder.BattleSheet
	// revealed: who 2.1's table said chooses each battle's Theatre, for
	// the sheets to say where 2.2 changed it (a Support Facility raised).
	revealed map[string]processor.Side
	sections map[int][]*report.Doc // each phase's report sections of the run, in order
	journal  []owntoml.JournalEntry
	// correctionReported: the report says the correction the run applies.
	correctionReported bool
	sighted            sightings        // the awaited files the README found in the folder
	fought             []attacks.Fought // this phase's battles, from 2.3 to 2.4
	// standings: each phase report's "where things stand", as of the last
	// step of that phase applied in this run.
	standings map[int]string
	// tracked: the Campaign points of the Points Tracker step 3 wrote, for
	// each phase whose step 3 the run applied (the README's points chart).
	tracked map[int]map[processor.AllianceID]int
	// stepsDone: the run's steps are over (advance returned) and its state
	// changes no more, so the map part of "where things stand" — the same
	// in the last phase report and in the README — is written once
	// (mapStanding), not for each.
	stepsDone   bool
	mapStanding *levelText
	// checked: the current step's faults as runLoaded found them, before
	// any step, for its first check (a 100,000-battle step's results are
	// checked once, not twice).
	checked  *checkedStep
	applied  []string
	secPhase int // the phase whose report the section being written goes in
	mark     int // dice rolls before the current stage

	rejected map[processor.Login]*unsealError // sealed orders not used at the reveal, and why
	// stepRolls are the dice the reports list for the step being applied,
	// for its journal entry.
	stepRolls []dice.Roll

	// deferred are the faults of inputs past their step's deadline, kept
	// until their step sets them aside (notapplied.go). lateReported: the
	// late files are in a report of this run.
	deferred     processor.Faults
	lateReported bool

	// readErr is the first error reading back a report (writtenReport);
	// stateBack, state.toml's as encodeState encoded it (folder.ReadBack).
	readErr, stateBack error
	state              chan []byte // state.toml, from encodeState
}

// runOf is a run of the rules rl, with its views over them.
func runOf(rl *rules) *run {
	ch := choiceRules{eventRules{rl}}
	return &run{rules: rl, choiceRules: ch, checks: checks{ch}, drafts: drafts{ch}, reporting: reporting{rl}, confirms: confirms{rl}}
}

// Summary says what an `advance` did.
type Summary struct {
	Applied []string // steps applied, e.g. "phase 1: 1 Select Operations"
	Steps   int      // input steps applied (journal entries): setup, operations, battles, moves, builds
	Written []string // files written, slash paths, sorted
	State   *processor.State
	// Status is where the campaign stands after the run, as Status has it
	// but listing at most maxAwaitedRows awaited files.
	Status string
	// NotApplied are the players' files the run did not apply: arrived
	// after their step, or still faulty past its deadline.
	NotApplied []NotApplied
	// Placeholders are the notes on campaign.toml as the run began
	// (Folder.CampaignNotes): what init wrote for the Warmaster to replace and is
	// still there, a phase still to come without its deadlines. A rehearsal
	// may go on with them, but should know.
	Placeholders []processor.Fault
	SizeNotes    []processor.Fault // on the files written near a limit (folder.SizeNotes)
}

// Advance applies every step of the campaign whose inputs are in or whose
// deadline has passed by now, stopping at the first that must wait. It
// validates every input first, and each step's inputs again against the map
// as it stands when the step comes; with any fault it writes nothing and
// returns an *InvalidError. With nothing to do it writes nothing.
func Advance(dir string, opt Options) (*Summary, error) {
	return advance(dir, opt, mode{})
}

func advance(dir string, opt Options, m mode) (*Summary, error) {
	dm := disk.Write // one run at a time, from reading to writing
	if m.scratch {
		dm = disk.Scratch
	}
	d, err := folder.OpenFolder(dir, dm)
	if err != nil {
		return nil, err
	}
	defer d.Close()
	return advanceIn(d, opt, m)
}

// advanceIn is advance in a folder open for it; it leaves it open.
func advanceIn(d *disk.Dir, opt Options, m mode) (*Summary, error) {
	dir := d.Path()
	f, fs, err := folder.LoadFromWith(d, m.loadOptions(opt))
	if err != nil {
		return nil, err
	}
	r, err := runLoaded(d, f, fs, opt, m)
	if err != nil {
		return nil, err
	}
	sum := &Summary{Applied: r.applied, Steps: len(r.journal), State: r.s, Status: r.status(maxAwaitedRows, r.stepFaults()), NotApplied: r.notAppliedList(), Placeholders: r.f.CampaignNotes()}
	r.flushSeen()
	if len(r.applied) == 0 && len(r.seenOut) == 0 {
		return sum, nil
	}
	paths, err := outputs(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", dir, err)
	}
	changes := make([]disk.Change, 0, len(paths))
	for _, p := range paths {
		changes = append(changes, r.out[p].change(p))
	}
	sum.Written, sum.SizeNotes = paths, folder.SizeNotes(paths, func(p string) int { return r.out[p].size() })
	if err := d.Commit(changes); err != nil {
		return nil, fmt.Errorf("%s: %w", dir, err)
	}
	return sum, nil
}

// outputs renders what a run writes when it applied a step, adds the
// sightings it records, and returns the files' paths in order; an error
// when a report cannot be read back to append to, or when Warmaster
// would refuse to read back what it writes (folder.ReadBack), every such
// file at once.
func outputs(r *run) ([]string, error) {
	if len(r.applied) > 0 {
		if err := r.render(); err != nil {
			return nil, err
		}
	}
	for p, data := range r.seenOut {
		r.out[p] = output{data: data}
	}
	paths := slices.Sorted(maps.Keys(r.out))
	var back []error
	for _, p := range paths {
		switch o := r.out[p]; {
		case p == processor.StateFile:
			back = append(back, r.stateBack) // checked as render encoded it
		case o.parts != nil:
			back = append(back, folder.ReadBackSize(p, o.size())) // a phase report
		default:
			back = append(back, folder.ReadBack(p, o.data))
		}
	}
	return paths, errors.Join(back...)
}

// Check validates a campaign folder without writing anything: every file
// against its schema and the rules, and every step advance would apply at
// now run in memory, so a file that advance would refuse is refused here.
// A player's file still faulty past its step's deadline, which advance
// would set aside rather than stop at, is refused too, the message saying
// so. It returns the folder when it could be read at all.
func Check(dir string, opt Options) (*folder.Folder, error) {
	d, err := folder.OpenFolder(dir, disk.Read)
	if err != nil {
		return nil, err
	}
	defer d.Unlock()
	return check(d, opt)
}

func check(d *disk.Dir, opt Options) (*folder.Folder, error) {
	f, _, err := checkRun(d, opt, false)
	return f, err
}

// CheckAndPlan is Check and then, on demand, Plan, of one load and one run
// (the pull-request check asks both of each campaign a change touches):
// plan gives what Plan would, but for a plan the faults stop, of which it
// gives only the faults (Plan's error), not the refused plan beside them. A
// plan with an age identity decrypts sealed orders, which a check never
// does; with one, plan is Plan itself.
func CheckAndPlan(dir string, opt Options) (f *folder.Folder, plan func() (*PlanResult, error), err error) {
	d, err := folder.OpenFolder(dir, disk.Read)
	if err != nil {
		return nil, nil, err
	}
	defer d.Unlock()
	if opt.AgeIdentity != "" {
		f, err = check(d, opt)
		return f, func() (*PlanResult, error) { return Plan(dir, opt) }, err
	}
	return checkRun(d, opt, true)
}

// checkRun checks as Check does. When forPlan its run is Plan's dry run
// (Plan's mode, which a check's verdict does not depend on), and plan
// gives that run's plan, or the error it stopped at as Plan's (the
// faults of the files as the steps meet them, without what only a check
// refuses: files advance would set aside).
func checkRun(d *disk.Dir, opt Options, forPlan bool) (f *folder.Folder, plan func() (*PlanResult, error), err error) {
	m := mode{
		noReveal:   true, // sealed orders stay sealed: check looks at their name and format only
		unverified: true, // players check without the secret dice key
		plan:       forPlan,
		checkOnly:  !forPlan,
	}
	stopped := func(err error) func() (*PlanResult, error) {
		return func() (*PlanResult, error) { return nil, err }
	}
	loaded, lfs, err := folder.LoadFromWith(d, m.loadOptions(opt))
	if err != nil {
		return nil, stopped(err), err // as it is: loading it again would fail again
	}
	r, err := runLoaded(d, loaded, lfs, opt, m)
	if r == nil {
		return loaded, stopped(err), err
	}
	plan = func() (*PlanResult, error) { return planOf(r) }
	if err != nil {
		plan = stopped(err)
	}
	var fs processor.Faults
	var inv *processor.InvalidError
	if errors.As(err, &inv) {
		fs.List = inv.Faults
	} else if err != nil {
		return r.f, plan, err
	}
	for _, n := range r.setAsideFiles {
		for _, f := range n.Faults {
			what := "advance does not apply this file"
			switch {
			case n.ops != nil:
				what = "advance does not apply this operation"
			case n.result != nil:
				what = outcomePart
			}
			if n.stray {
				f.Message += " (advance sets this file aside: it has no use at its step)"
			} else {
				f.Message += fmt.Sprintf(" (past the %s deadline: %s)", deadlineName(n.step), what)
			}
			fs.List = append(fs.List, f)
		}
	}
	// The step the run stopped at, waiting for files, when this run came to
	// it: the files of it that are in are checked against the map as the
	// run left it, as the step will check them (a moves file sent with the
	// battles' last result is judged by those battles' outcome). A step the
	// folder was at already was checked when the run began; one that
	// stopped the run has said its faults.
	if inv == nil && len(r.journal) > 0 && r.s.Step != processor.StepEnded {
		var ahead processor.Faults
		r.validate(r.s.Step, &ahead)
		r.deferFaults(&ahead)
		fs.List = append(fs.List, ahead.List...)
	}
	byFile := map[string][]processor.Fault{} // an orders file's, to tell whether its operations alone are set aside
	for _, f := range r.deferred.List {
		byFile[f.File] = append(byFile[f.File], f)
	}
	for _, f := range r.deferred.List {
		if at, ok := r.pastDeadline(f.File); ok {
			what, cp := "advance will not apply this file", folder.Classify(f.File)
			if _, _, part := processor.SplitOperations(r.f.Orders[cp.Phase][processor.Login(cp.Name)], byFile[f.File]); part && cp.Kind == folder.KindOrders {
				what = "advance will not apply this operation"
			} else if outcomeAlone(r, f.File, byFile[f.File]) != nil {
				what = outcomePart
			}
			f.Message += fmt.Sprintf(" (past the %s deadline: %s)", deadlineName(at.Step), what)
		} else if r.strays[f.File] != "" {
			f.Message += " (advance sets this file aside: it has no use at its step)"
		}
		fs.List = append(fs.List, f)
	}
	return r.f, plan, fs.Err(r.f.Text)
}

// Options are what a run takes besides the campaign folder.
type Options struct {
	// Now is the time the run happens at: deadlines are compared with it and
	// the journal records it.
	Now time.Time
	// DiceKey is the secret key of the dice streams when campaign.toml
	// commits to one ([dice] commitment); empty with a public seed.
	DiceKey string
	// AgeIdentity decrypts sealed orders at the reveal: an AGE-SECRET-KEY-1…
	// line (or an age-keygen key file) that goes with [secrecy] recipient.
	AgeIdentity string
	// Progress, if set, gets a line as each step starts (long runs, at a
	// terminal); never part of any output file.
	Progress io.Writer
	// Version is the warmaster that runs, which the journal records of the
	// steps it applies; "" is DevelVersion.
	Version string
	// Unchanged, for the pull-request check, reports the files git knows
	// are as the base has them (the base was checked when each change to
	// it was merged): an input a step used is then not read and hashed
	// again to find it unchanged, so a check costs its change, not the
	// campaign's age. Nil reads every one.
	Unchanged func(file string) bool
	// Release, for a replay, is the warmaster binary of another version
	// that applied some of the journal's runs (they are replayed with it).
	Release func(version string) (path string, err error)
}

// DevelVersion is the version a warmaster without one records (a build
// from a copy without version control, or a test).
const DevelVersion = "(devel)"

// Again is what a replay knows, from the journal, of a run it plays again
// in a scratch folder of its own (AdvanceAgain).
type Again struct {
	// CampaignID is the campaign's identity (folder.CampaignID): the
	// scratch folder's name is not it.
	CampaignID string
	// LegacyDice replays steps journaled before warmaster bound its dice
	// and recorded them: rolled from the key as it is, one stream per label
	// for the whole run, and journaled without a dice record.
	LegacyDice bool
	// Steps is how many input steps the run applied: the run applies those
	// and no more, whatever deadlines have moved since.
	Steps int
	// Legacy replays a run journaled before warmaster recorded its version
	// and what it saw: with campaign.toml as it is, its state and journal
	// written as then (no formats, no record of the run).
	Legacy bool
	// Saw is what the run saw (its first entry's saw lines): the replay
	// plays it with those deadlines, [github] and [rules]; Version is the
	// warmaster that applied it, which the replayed entries name.
	Saw     []string
	Version string
	// Corrections is how many of campaign.toml's [[corrections]] the run
	// had applied, its own included: its [rules] were as the next one's
	// was says (folder.LoadOptions).
	Corrections int
	// Points are the Campaign points of the phases over, shared by a
	// replay's runs; nil for none. Not sent to another warmaster's run.
	Points processor.PointsMemo `json:"-"`
}

// AdvanceAgain is Advance as a replay runs it: dir is a scratch folder of
// the replay's own, made to be thrown away (not locked, nothing flushed to
// disk, its name not the campaign's), and again says what the journal
// recorded of the run.
func AdvanceAgain(dir string, opt Options, again Again) (*Summary, error) {
	return advance(dir, opt, mode{again: again, scratch: true})
}

// AdvanceAgainIn is AdvanceAgain in a scratch folder open already
// (folder.OpenFolder, disk.Scratch), which it leaves open: a replay keeps
// one for all its runs, each knowing what the runs before it wrote,
// rather than scan again for each run everything they wrote.
func AdvanceAgainIn(d *disk.Dir, opt Options, again Again) (*Summary, error) {
	return advanceIn(d, opt, mode{again: again, scratch: true})
}

// mode is how Check, Plan and AdvanceAgain change a run; Advance's is the
// zero mode.
type mode struct {
	// noReveal stops the run before a reveal that has sealed orders to
	// decrypt (Check: a dry run never decrypts, so it never prints a fault
	// that would give sealed orders away).
	noReveal bool
	// unverified lets a dry run go without the secret dice key of a
	// committed campaign (Check, Plan): its dice are stand-ins, never written.
	unverified bool
	// again: a replay's run (AdvanceAgain); scratch, in a folder of its own.
	again   Again
	scratch bool
	// plan: Plan's dry run, which keeps the battle sheets it writes as
	// values too (run.sheets), to describe them.
	plan bool
	// checkOnly: Check's run, whose outputs nobody reads — no file is
	// written nor planned — so it makes none: its report sections are
	// Discarding, it lays out no battle sheet and no "where things
	// stand". It checks and applies every step as any run does.
	checkOnly bool
}

// writes: a run of this mode writes its outputs once its steps are done
// (Advance's, AdvanceAgain's); Check's makes none, Plan's are asked for
// only if the plan is.
func (m mode) writes() bool { return !m.checkOnly && !m.plan }

// loadOptions are how a run of this mode reads its folder.
func (m mode) loadOptions(opt Options) folder.LoadOptions {
	return folder.LoadOptions{Unchanged: opt.Unchanged, Replay: m.again.Saw != nil, Corrections: m.again.Corrections, History: m.again.CampaignID != ""}
}

// completeJournal completes a run's journal entries (none in a legacy
// replay): each names the journal format and the warmaster that applied
// it; the first says what the run saw of the campaign (processor's
// Campaign.Saw), the last what the steps so far used (folder.Used).
func (m mode) completeJournal(journal []owntoml.JournalEntry, f *folder.Folder, opt Options, found []string) {
	if len(journal) == 0 || m.again.Legacy {
		return
	}
	v := cmp.Or(m.again.Version, opt.Version, DevelVersion)
	for i := range journal {
		journal[i].Format, journal[i].Warmaster = owntoml.JournalFormat, v
	}
	journal[0].Saw = slices.Concat(f.Campaign.Saw(), found)
	if c := f.Correcting; c != nil {
		journal[0].Corrected = []string{c.Line()}
	}
	journal[len(journal)-1].Used = f.Used(journal)
}

// stateFormat is the state format a run writes.
func (m mode) stateFormat() int {
	if m.again.Legacy {
		return 0
	}
	return owntoml.StateFormat
}

// runLoaded applies in memory, to the folder load read, every step that
// can go: nil, and the faults, when it stopped before its steps; the run
// so far, and the faults, when one stopped it.
func runLoaded(d *disk.Dir, f *folder.Folder, fs *processor.Faults, opt Options, m mode) (r *run, err error) {
	if m.again.CampaignID == "" {
		if m.again.CampaignID, err = folder.CampaignID(d.Path()); err != nil {
			return nil, err
		}
	}
	if m.again.Saw != nil {
		// A replay's run sees what the run it replays saw (the files it
		// found: inFolder).
		if err := f.Campaign.SetSaw(slices.DeleteFunc(slices.Clone(m.again.Saw), func(l string) bool { return strings.HasPrefix(l, "file ") })); err != nil {
			return nil, err
		}
	}
	// A run never comes before one it follows: its steps would go into the
	// journal out of order (a clock set back, or a journal redated). A check
	// or plan at that time says so too: it says what advance would do.
	folder.CheckJournalTime(f.JournalSteps, opt.Now, fs)
	roller, standIn, err := runDice(f, opt, m)
	if err != nil {
		return nil, err
	}
	if !m.scratch { // a replay's scratch folder is not the campaign's place
		if err := folder.CheckGitHubPath(f.Campaign.GitHub, d.Path(), fs); err != nil {
			return nil, err
		}
	}
	r = newRun(f, opt.Now)
	r.opt, r.mode, r.standInDice = opt, m, standIn
	r.replaying = m.scratch
	r.dice = roller
	// Every fault in the files as they are, at once; those of inputs past
	// their deadline wait for their step (notapplied.go). The current
	// step's, checked as its own check will find them (from no faults),
	// are kept for it.
	var here processor.Faults
	r.validate(r.s.Step, &here)
	r.checked = &checkedStep{at: folder.StepAt{Phase: r.s.Phase, Step: r.s.Step}, faults: slices.Clone(here.List)}
	fs.Merge(here)
	r.validateEarlyBuilds(fs) // judged now what no step before theirs can change
	r.deferFaults(fs)
	if err := fs.Err(f.Text); err != nil {
		if m.checkOnly {
			return r, err // with the files past their deadline, which check lists too
		}
		return nil, err
	}
	if err := r.advance(); err != nil {
		return r, err // the run so far: Check shows what it set aside too
	}
	return r, nil
}

// checkedStep is a step's check: its faults from no faults.
type checkedStep struct {
	at     folder.StepAt
	faults []processor.Fault
}

func newRun(f *folder.Folder, now time.Time) *run {
	r := runOf(&rules{f: f, c: f.Campaign, s: f.State.Clone(), now: now.UTC(), dice: dice.New(f.Campaign.Seed)})
	r.out = map[string]output{}
	r.sections = map[int][]*report.Doc{}
	r.standings = map[int]string{}
	r.tracked = map[int]map[processor.AllianceID]int{}
	return r
}

func (r *run) advance() (err error) {
	// Each phase report's "where things stand" is the map as this run left
	// it after that phase's last step, not at the end of the run: taken when
	// a step of a later phase comes, or the run stops.
	pending := 0
	defer func() {
		if err == nil {
			r.stepsDone = true
			if len(r.applied) > 0 && r.mode.writes() {
				r.state = encodeState(r) // while "where things stand" and the status are made
			}
		}
		if pending > 0 && err == nil {
			r.standings[pending] = r.standingText()
		}
	}()
	for r.s.Step != processor.StepEnded {
		if !r.ready() || r.mode.again.Steps > 0 && len(r.journal) == r.mode.again.Steps {
			return nil
		}
		if p := max(r.s.Phase, 1); pending > 0 && pending != p {
			r.standings[pending] = r.standingText()
		}
		if r.s.Step == processor.StepOperations {
			// 2.1 Reveal: sealed orders are decrypted before step 1 is validated.
			if stop, err := r.unseal(); stop || err != nil {
				return err
			}
		}
		var fs processor.Faults
		if c := r.checked; c != nil && c.at == (folder.StepAt{Phase: r.s.Phase, Step: r.s.Step}) && r.s.Step != processor.StepOperations {
			// As runLoaded found them: nothing the step checks has changed
			// since (at operations the reveal has just added the orders).
			fs.List = c.faults
		} else {
			r.validate(r.s.Step, &fs)
		}
		r.checked = nil
		if err := r.setAside(&fs); err != nil {
			return err
		}
		step, phase := r.s.Step, r.s.Phase
		if r.opt.Progress != nil {
			fmt.Fprintf(r.opt.Progress, "warmaster: phase %d, step %s\n", phase, step)
		}
		inputs := append(r.inputFiles(step), r.journalNotApplied(phase, step, len(r.journal) == 0)...)
		entry := owntoml.JournalEntry{Phase: phase, Step: step, Applied: r.now, Inputs: inputs}
		if !r.mode.again.LegacyDice {
			r.dice.Step(folder.DiceInputs(entry)) // the step's dice depend on its inputs
		}
		r.stepRolls = nil
		if step == processor.StepSetup {
			r.begin(1, "", "Setup the Campaign Map")
			r.setup()
			r.end()
			r.s.Phase, r.s.Step = 1, processor.StepOperations
			if err := r.applyRoster(); err != nil {
				return err
			}
		} else {
			first := true
			for _, st := range campaignPhase {
				if st.input != step || r.s.Step == processor.StepEnded {
					continue
				}
				r.begin(phase, st.num, st.title)
				if first {
					r.reportSetAside(step) // what the step does not apply, first
					first = false
				}
				st.apply(r)
				r.end()
			}
			if err := r.nextStep(step); err != nil {
				return err
			}
		}
		if !r.mode.again.LegacyDice {
			entry.Dice, entry.DiceSHA256 = len(r.stepRolls), folder.DiceDigest(r.stepRolls)
		}
		r.journal = append(r.journal, entry)
		pending = max(phase, 1)
	}
	return nil
}

// nextStep moves on from an input step that has been applied, and puts in
// effect the roster changes due from the next one.
func (r *run) nextStep(done processor.Step) error {
	if r.s.Step == processor.StepEnded || r.s.Step == processor.StepTiebreak {
		return nil
	}
	switch done {
	case processor.StepOpenTome:
		r.s.Step = processor.StepOperations
	case processor.StepOperations:
		r.s.Step = processor.StepBattles
	case processor.StepBattles:
		r.s.Step = processor.StepMoves
		if len(r.s.Events) > 0 {
			r.s.Step = processor.StepEvents // events that ask the Alliances for choices
		}
	case processor.StepEvents:
		r.s.Step = processor.StepMoves
	case processor.StepMoves:
		r.s.Step = processor.StepBuilds
	case processor.StepBuilds:
		r.s.Phase++
		r.s.Step = processor.StepOperations
		r.s.DropExpiredEffects()
		if err := r.applyRoster(); err != nil { // before An Open Tome asks its Alliance's players
			return err
		}
		if len(r.openTomeLogins()) > 0 {
			r.s.Step = processor.StepOpenTome // An Open Tome: the dominating Alliance's orders first
		}
	}
	return r.applyRoster()
}

func (r *run) begin(phase int, num, title string) {
	if _, ok := r.sections[phase]; !ok {
		r.sections[phase] = []*report.Doc{}
	}
	r.sec, r.secPhase = r.mode.section(), phase
	if num == "" {
		r.sec.Heading(2, "%s", title)
	} else {
		r.sec.Heading(2, "%s %s", num, title)
	}
	r.mark = len(r.dice.Rolls())
	if num == "" {
		r.applied = append(r.applied, title)
	} else {
		r.applied = append(r.applied, fmt.Sprintf("phase %d: %s %s", phase, num, title))
	}
}

func (r *run) end() {
	if rolls := r.dice.Take(r.mark); len(rolls) > 0 {
		r.stepRolls = append(r.stepRolls, rolls...)
		rows := make([][]string, len(rolls))
		for i, d := range rolls {
			rows[i] = []string{d.Label, d.Dice, fmt.Sprint(d.Result), d.Why}
		}
		r.sec.Para("Dice:")
		r.sec.Table([]string{"label", "dice", "result", "for"}, rows)
	}
	r.sections[r.secPhase] = append(r.sections[r.secPhase], r.sec) // as written: its chunks are the report's
	r.sec = r.mode.section()                                       // nothing written after its end is in it, as before
}

// section is a new report section: Discarding for a run whose outputs
// nobody reads.
func (m mode) section() *report.Doc {
	if m.checkOnly {
		return report.Discarding()
	}
	return &report.Doc{}
}

// note adds lines to the current report section.
func (r *rules) note(lines ...string) { r.sec.List(lines) }

// Await is one input a step waits for (processor's, which the GitHub
// notices and the status share).
type Await = processor.Await

// stepFaults are the faults of the current step's inputs against the map as
// it stands now, positioned.
func (r *run) stepFaults() []processor.Fault {
	var fs processor.Faults
	r.validate(r.s.Step, &fs)
	return fs.Resolved(r.f.Text)
}

// Awaited lists the inputs the current step waits for.
func Awaited(f *folder.Folder) []Await {
	return newRun(f, time.Time{}).awaited(nil)
}

// awaited lists the inputs the current step waits for; given each, it
// hands them to it one at a time instead (a look at each of 100,000
// results need not make a list of 18 MB).
func (r *run) awaited(each func(Await)) []Await { return awaitedOf(r, each, false) }

// awaitedOf is r.awaited; bare leaves out a battle's Who, for a caller
// that asks only which files are in (ready, inputFiles: each of 100,000
// results a run, twice).
func awaitedOf(r *run, each func(Await), bare bool) []Await {
	s := r.s
	dl := r.c.Deadlines[s.Phase].For(s.Step)
	var out []Await
	grow := func(int) {}
	if each == nil { // a list, sized where a step has a file a player or a battle
		each = func(a Await) { out = append(out, a) }
		grow = func(n int) { out = make([]Await, 0, n) }
	}
	add := func(a Await) { a.Step, a.Deadline = s.Step, dl; each(a) }
	switch s.Step {
	case processor.StepSetup:
		for _, a := range r.c.AllianceIDs() {
			add(Await{File: "setup/" + string(a) + ".toml", Who: "alliance " + string(a), Present: r.f.Setup[a] != nil, Alliance: a})
		}
	case processor.StepOpenTome:
		for _, l := range r.openTomeLogins() {
			_, ok := r.f.Orders[s.Phase][l]
			add(Await{File: processor.InputPath(s.Phase, "orders", string(l)), Who: string(l) + " (An Open Tome: first, not sealed)", Present: ok, Logins: []processor.Login{l}})
		}
	case processor.StepOperations:
		cs := r.c.Commanders()
		grow(len(cs))
		first := r.openTomeLogins()
		paths := commanderPaths(&r.awaitedPaths, s.Phase, "orders", cs)
		for i, l := range cs {
			if slices.Contains(first, l) {
				continue // declared first under An Open Tome
			}
			_, ok := r.f.Orders[s.Phase][l]
			_, sealed := r.f.Sealed[s.Phase][l]
			add(Await{File: paths[i], Who: string(l), Present: ok || sealed, Sealed: sealed, Logins: one(cs, i)})
		}
	case processor.StepBattles:
		bs := r.battles()
		grow(len(bs))
		attackers := make([]processor.Login, len(bs))
		var paths []string
		if len(bs) > 0 {
			paths = r.awaitedPaths.Of(s.Phase, "results", &bs[0], len(bs), func(i int) string { return bs[i].ID })
		}
		for i, b := range bs {
			_, ok := r.f.Results[s.Phase][b.ID]
			attackers[i] = b.Player
			a := Await{File: paths[i], Present: ok, Alliance: b.Defender, Logins: one(attackers, i)}
			if !bare {
				a.Who = string(b.Player) + " (attacker) or alliance " + string(b.Defender)
				if r.confirming() {
					a.Who += "; the other side confirms"
				}
			}
			if st, filed := r.standingOf(b); filed {
				a.Confirm, a.Digest, a.Seen = st.words(), st.digest, st.seen
				if !st.settled() {
					a.Unsettled, a.Dispute = st.words(), st.disputeWhy()
				}
				if st.kind == unconfirmed { // the other side's turn: the issue reminds them
					a.AnswerFrom = []processor.AllianceID{st.other}
				}
			}
			add(a)
		}
	case processor.StepMoves:
		cs := r.c.Commanders()
		grow(len(cs))
		paths := commanderPaths(&r.awaitedPaths, s.Phase, "moves", cs)
		for i, l := range cs {
			_, ok := r.f.Moves[s.Phase][l]
			add(Await{File: paths[i], Who: string(l), Present: ok, Logins: one(cs, i)})
		}
	case processor.StepBuilds:
		for _, a := range r.c.AllianceIDs() {
			_, ok := r.f.Builds[s.Phase][a]
			add(Await{File: processor.InputPath(s.Phase, "builds", string(a)), Who: "alliance " + string(a), Present: ok, Alliance: a})
		}
	case processor.StepEvents:
		for _, a := range r.eventAlliances() {
			_, ok := r.f.Events[s.Phase][a]
			add(Await{File: processor.InputPath(s.Phase, "events", string(a)), Who: "alliance " + string(a) + ": " + strings.Join(r.pendingFor(a), " "), Present: ok, Alliance: a})
		}
	case processor.StepTiebreak:
		a := Await{File: processor.TiebreakPath(s.Phase), Who: r.tiebreakWho(), Present: r.f.Tiebreak != nil, Logins: r.tiebreakLogins()}
		if missing := r.unagreed(); len(missing) > 0 {
			a.Confirm = "yes, awaiting the agreement of " + report.And(missing)
			a.Unsettled, a.AnswerFrom, a.Agree = a.Confirm, missing, r.f.Tiebreak.AgreeLines(r.s.End.Tied)
		}
		add(a)
	}
	return out
}

// commanderPaths are the paths of the files of dir a step awaits from
// each commander, kept in c.
func commanderPaths(c *processor.InputPaths, phase int, dir string, cs []processor.Login) []string {
	if len(cs) == 0 {
		return nil
	}
	return c.Of(phase, dir, &cs[0], len(cs), func(i int) string { return string(cs[i]) })
}

// one is the login at i of ls as a list of its own, sharing ls's array
// (an Await's Logins, 100,000 of them at a public campaign's moves): no
// room to append into, and nobody writes into an Await's.
func one(ls []processor.Login, i int) []processor.Login { return ls[i : i+1 : i+1] }

// ready reports whether the current step can be applied: every input is in,
// or its deadline has passed. A step without a deadline waits for all.
func (r *run) ready() bool {
	r.noteSightings()
	all := true
	awaitedOf(r, func(a Await) { all = all && a.Present && a.Unsettled == "" }, true)
	if all {
		return true
	}
	dl := r.c.Deadlines[r.s.Phase].For(r.s.Step)
	if dl.IsZero() || r.now.Before(dl) {
		return false
	}
	// A result counts when both sides stand behind it: past the deadline
	// a disputed one waits for the Warmaster's ruling, and one the other
	// side has not had a day to see waits out that day (confirm.go).
	if len(r.unagreed()) > 0 {
		// The final battle counts once every tied Alliance stands behind
		// it: it waits, past the deadline too, for them or the Warmaster —
		// unless the file is at fault, which sets it aside (a roll-off).
		var fs processor.Faults
		r.validateTiebreak(&fs)
		return !fs.Empty() || slices.ContainsFunc(r.deferred.List, func(f processor.Fault) bool { return f.File == r.f.Tiebreak.Src.File })
	}
	return r.s.Step != processor.StepBattles || r.battlesBlocked() == ""
}

// inputFiles lists the files a step consumes, for the journal.
func (r *run) inputFiles(step processor.Step) []owntoml.JournalInput {
	var out []owntoml.JournalInput
	switch step { // sized: 100,000 results a step
	case processor.StepOperations, processor.StepMoves:
		out = make([]owntoml.JournalInput, 0, len(r.c.Commanders()))
	case processor.StepBattles:
		out = make([]owntoml.JournalInput, 0, len(r.battles()))
	}
	in := func(p string) { out = append(out, owntoml.JournalInput{Path: p, SHA256: r.f.Digest(p)}) }
	awaitedOf(r, func(a Await) {
		switch {
		case a.Sealed:
			// The sealed file, and the orders decrypted from it at the reveal.
			in(a.File + seal.SealedExt)
			if _, ok := r.out[a.File]; ok {
				in(a.File)
			}
		case a.Digest != "": // a result's, as its standing has it
			out = append(out, owntoml.JournalInput{Path: a.File, SHA256: a.Digest})
		case a.Present:
			in(a.File)
		}
	}, true)
	if step == processor.StepBattles {
		for _, p := range r.confirmationInputs() { // the other side's word, and the Warmaster's
			in(p)
		}
	}
	return out
}

// validate checks the inputs of a step against the state as it is now.
func (r checks) validate(step processor.Step, fs *processor.Faults) {
	switch step {
	case processor.StepSetup:
		r.validateSetup(fs)
	case processor.StepOpenTome:
		r.validateOpenTome(fs)
	case processor.StepOperations:
		r.validateOrders(fs)
	case processor.StepEvents:
		r.validateEventChoices(fs)
	case processor.StepBattles:
		r.validateResults(fs)
		r.validateConfirmations(fs)
	case processor.StepMoves:
		r.validateMoves(fs)
	case processor.StepBuilds:
		r.validateBuilds(fs)
	case processor.StepTiebreak:
		r.validateTiebreak(fs)
	}
}

// attackRules is the run's campaign, state and dice as the attack types
// read them.
func (r *rules) attackRules() attacks.Rules {
	return attacks.Rules{C: r.c, S: r.s, Dice: r.dice, Places: r.places}
}
