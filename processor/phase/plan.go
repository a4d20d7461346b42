package phase

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/disk"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/report"
)

// PlanResult is what an `advance` at a given time would do, worked out in
// memory: nothing is written.
type PlanResult struct {
	Now     time.Time
	Applied []string         // the steps it would apply, as Summary.Applied
	Files   []PlannedFile    // the files it would write that differ from the folder, sorted
	State   *processor.State // the state afterwards
	Awaited []Await          // what the state afterwards waits for
	// StandInDice: the dice are committed to a secret key the plan did not
	// have, so its dice (and what they decide) are stand-ins.
	StandInDice bool
	// NotApplied are the players' files advance would not apply.
	NotApplied []NotApplied
	// Waiting says why the battles step waits past its deadline: a result
	// disputed, or filed less than a day ago ([rules] confirm_results).
	Waiting string
	// Faults stop advance: it would apply nothing and write nothing until
	// they are fixed (or, for a player's file, its step's deadline passes).
	Faults []processor.Fault

	c *processor.Campaign
}

// PlannedFile is one file an advance would write.
type PlannedFile struct {
	Path   string // slash path relative to the campaign folder
	Change string // "new" (not in the folder yet) or "changed"
	About  string // one line: what the file holds
}

// Plan runs every step advance would apply at opt.Now, renders what it
// would write, and compares it with the folder. With any fault it returns an
// *InvalidError, as Check and Advance do.
func Plan(dir string, opt Options) (*PlanResult, error) {
	m := mode{
		noReveal:   opt.AgeIdentity == "", // never decrypt without the identity
		unverified: true,                  // the pull-request check has no dice key
		plan:       true,
	}
	d, err := folder.OpenFolder(dir, disk.Read)
	if err != nil {
		return nil, err
	}
	defer d.Close()
	f, fs, err := folder.LoadFromWith(d, m.loadOptions(opt))
	if err != nil {
		return nil, err
	}
	r, err := runLoaded(d, f, fs, opt, m)
	var inv *processor.InvalidError
	switch {
	case errors.As(err, &inv) && r == nil:
		// Stopped before its steps, which alone set files aside: the
		// folder as loaded is the folder as it is.
		return refusedPlanOf(f, opt, inv)
	case errors.As(err, &inv):
		return refusedPlan(d, opt, inv)
	case err != nil:
		return nil, err
	}
	return planOf(r)
}

// planOf is the plan of a dry run that found nothing to stop at.
func planOf(r *run) (*PlanResult, error) {
	p := &PlanResult{Now: r.now, Applied: r.applied, State: r.s, Awaited: r.awaited(nil), StandInDice: r.standInDice, NotApplied: r.notAppliedList(), Waiting: r.blockedNote(), c: r.c}
	folder.MarkFaulty(p.Awaited, r.stepFaults())
	r.flushSeen() // what advance would record of the results it sees
	if len(r.applied) == 0 && len(r.seenOut) == 0 {
		return p, nil
	}
	paths, err := outputs(r)
	if err != nil {
		return nil, fmt.Errorf("plan: %w", err)
	}
	for _, file := range paths {
		data := r.out[file]
		old, err := r.f.ReadFile(file)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			p.Files = append(p.Files, PlannedFile{Path: file, Change: "new", About: r.about(file, data.data)})
		case err != nil:
			return nil, fmt.Errorf("plan: %w", err)
		case !data.is(old):
			p.Files = append(p.Files, PlannedFile{Path: file, Change: "changed", About: r.about(file, data.data)})
		}
	}
	return p, nil
}

// refusedPlan is the plan of a folder with faults that advance would stop
// at: it would apply nothing and write nothing; the plan says so, with where
// things stand, the awaited files with faults marked, and every fault. The
// faults come back as the error too. Without a campaign to plan (its own
// files cannot be read), only the error.
func refusedPlan(d *disk.Dir, opt Options, inv *processor.InvalidError) (*PlanResult, error) {
	f, _, err := folder.LoadFromWith(d, folder.LoadOptions{Unchanged: opt.Unchanged})
	if err != nil || f == nil {
		return nil, inv
	}
	return refusedPlanOf(f, opt, inv)
}

// refusedPlanOf is refusedPlan of the folder as it is, loaded.
func refusedPlanOf(f *folder.Folder, opt Options, inv *processor.InvalidError) (*PlanResult, error) {
	r := newRun(f, opt.Now)
	p := &PlanResult{Now: r.now, State: r.s, Awaited: r.awaited(nil), Faults: inv.Faults, c: r.c}
	folder.MarkFaulty(p.Awaited, inv.Faults)
	return p, inv
}

// about says in one line what a file the run would write holds.
func (r *run) about(file string, data []byte) string {
	switch {
	case file == processor.StateFile:
		return "the map as it would stand: " + r.stepText()
	case file == processor.JournalFile:
		return report.Plural(len(r.journal), "step", "steps") + " appended, each with the SHA-256 of the inputs it consumed"
	case file == processor.ReadmeFile:
		return "the campaign's front page: where things stand, the map, the reports"
	case path.Base(file) == "report.md":
		var phase int
		fmt.Sscanf(file, "phases/%d/report.md", &phase)
		// The sections' "## " lines, found by looking for them (a section
		// of 100,000 battles is 30 MB: its lines were copied together and
		// split, to look at the first bytes of each).
		var heads []string
		for _, s := range r.sections[phase] {
			for t := s.String(); ; {
				if h, ok := strings.CutPrefix(t, "## "); ok {
					line, _, _ := strings.Cut(h, "\n")
					heads = append(heads, line)
				}
				i := strings.Index(t, "\n## ")
				if i < 0 {
					break
				}
				t = t[i+1:]
			}
		}
		switch len(heads) {
		case 0:
			return fmt.Sprintf("phase %d's report", phase)
		case 1:
			return fmt.Sprintf("phase %d's report, with 1 new section: %s", phase, heads[0])
		}
		return fmt.Sprintf("phase %d's report, with %d new sections: %s to %s", phase, len(heads), heads[0], heads[len(heads)-1])
	case path.Base(file) == folder.SeenFile:
		return "when advance first saw each result as it is: the other side's day to confirm or dispute it runs from then"
	case path.Base(path.Dir(file)) == "orders":
		return "sealed orders, decrypted at 2.1 Reveal"
	case path.Base(path.Dir(file)) == "battles":
		// The sheet as this run wrote it (decoding each again was most of a
		// plan of thousands of battles).
		if sheet, ok := r.sheets[file]; ok {
			return fmt.Sprintf("battle sheet: %s (%s) attacks %s at %s, %s", sheet.Attacker.Fleet, sheet.Attacker.Alliance, sheet.Defender.Alliance, sheet.Planet, sheet.Attack.Title())
		}
		var sheet folder.BattleSheet
		if _, err := toml.Decode(string(data), &sheet); err == nil {
			return fmt.Sprintf("battle sheet: %s (%s) attacks %s at %s, %s", sheet.Attacker.Fleet, sheet.Attacker.Alliance, sheet.Defender.Alliance, sheet.Planet, sheet.Attack.Title())
		}
		return "battle sheet"
	}
	return "written by warmaster"
}

// stepText is where the state stands, in words.
func (r reporting) stepText() string {
	s := r.s
	switch {
	case s.Step == processor.StepEnded && s.End != nil && s.End.Winner != "":
		return fmt.Sprintf("the campaign is over, %s (%s) is victorious", r.c.AllianceName(s.End.Winner), s.End.Winner)
	case s.Step == processor.StepEnded:
		return "the campaign is over, undecided"
	case s.Step == processor.StepSetup:
		return "setting up, waiting for every Alliance's set-up"
	}
	return fmt.Sprintf("phase %d of %d, waiting for step %s", s.Phase, r.c.Phases, s.Step.Title())
}

// Markdown is the plan as GitHub renders it, e.g. in a job summary; dir
// names the campaign folder in its heading.
func (p *PlanResult) Markdown(dir string) string {
	r := runOf(&rules{c: p.c, s: p.State})
	var d report.Doc
	d.Heading(2, "warmaster plan: %s at %s", dir, p.Now.Format(time.RFC3339))
	switch {
	case len(p.Faults) > 0:
		d.Para("advance would refuse to run, applying no step and writing nothing, until %s fixed:", report.Plural(len(p.Faults), "fault is", "faults are"))
		d.List(processor.FaultLines(p.Faults))
	case len(p.Applied) == 0 && len(p.Files) > 0:
		d.Para("advance would apply no step yet, and record the results it sees for the first time:")
		rows := make([][]string, len(p.Files))
		for i, f := range p.Files {
			rows[i] = []string{f.Path, f.Change, f.About}
		}
		d.Table([]string{"file", "change", "what"}, rows)
	case len(p.Applied) == 0:
		d.Para("Nothing to do: advance would apply no step and write nothing.")
	default:
		d.Para("advance would apply %s:", report.Plural(len(p.Applied), "step", "steps"))
		d.List(p.Applied)
		if p.StandInDice {
			d.Para("The dice are committed to a secret key this plan does not have: what they decide here is a stand-in, not the result advance will roll.")
		}
		if len(p.Files) == 0 {
			d.Para("and write nothing new: every file it writes is as it would write it.")
		} else {
			d.Para("and write %s:", report.Plural(len(p.Files), "file", "files"))
			rows := make([][]string, len(p.Files))
			for i, f := range p.Files {
				rows[i] = []string{f.Path, f.Change, f.About}
			}
			d.Table([]string{"file", "change", "what"}, rows)
		}
	}
	if len(p.NotApplied) > 0 {
		d.Para("It would not apply %s:", report.Plural(len(p.NotApplied), "file", "files"))
		rows := make([][]string, len(p.NotApplied))
		for i, n := range p.NotApplied {
			rows[i] = []string{n.File, n.Why}
		}
		d.Table([]string{"file", "why, and what applies instead"}, rows)
	}
	if len(p.Applied) == 0 {
		d.Heading(3, "Where things stand")
	} else {
		d.Heading(3, "Afterwards")
	}
	d.Para("%s.", report.UpperFirst(r.stepText()))
	rows := make([][]string, len(p.Awaited))
	for i, a := range p.Awaited {
		rows[i] = []string{a.File, a.Who, deadlineText(p.c, a), inText(a)}
	}
	d.Table([]string{"awaited file", "from", "deadline", "in"}, rows)
	d.List(folder.ConfirmNotes(p.Awaited))
	if p.Waiting != "" {
		d.Para("%s", p.Waiting)
	}
	if slices.ContainsFunc(p.Awaited, func(a Await) bool { return a.Faulty }) {
		d.Para("%s", faultyNote)
	}
	return d.String()
}
