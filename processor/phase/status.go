package phase

import (
	"fmt"
	"slices"
	"time"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/disk"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/report"
)

// Status reads the campaign folder dir and says where it stands: phase,
// step, and what is awaited from whom by when, as a Markdown table of every
// awaited file. An awaited file with faults — as read, or against the map as
// it stands now (a file sent early that the steps since have made invalid)
// — is marked faulty, and every fault in the folder comes back as an
// *InvalidError beside the text. The folder is returned when it could be
// read at all (for its Placeholders); the text is empty when it could not.
// Files are judged at now, as advance would judge them then.
func Status(dir string, now time.Time) (*folder.Folder, string, error) {
	r, list, err := judged(dir, now)
	if r == nil {
		return nil, "", err
	}
	return r.f, r.status(0, list), err
}

// judged reads the folder dir and judges, at now as advance would, the
// files of the step it awaits (and those sent early that no step before
// theirs can change): the run, the faults resolved and as an error. Status
// and Stand (the campaign's issue) say the same of a folder. The run is
// nil when the folder cannot be read at all.
func judged(dir string, now time.Time) (*run, []processor.Fault, error) {
	d, err := folder.OpenFolder(dir, disk.Read)
	if err != nil {
		return nil, nil, err
	}
	defer d.Unlock()
	f, fs, err := folder.LoadFrom(d)
	if err != nil {
		return nil, nil, err
	}
	folder.CheckJournalTime(f.JournalSteps, now, fs)
	r := newRun(f, now)
	r.validate(r.s.Step, fs)
	r.validateEarlyBuilds(fs)
	return r, fs.Resolved(f.Text), fs.Err(f.Text)
}

// status says where the run's state stands, each awaited file with a fault
// in faults marked faulty; with limit > 0 it lists at most limit awaited
// files and says how many more there are.
func (r *run) status(limit int, faults []processor.Fault) string {
	var d report.Doc
	s := r.s
	d.Para("%s", r.headline())
	switch {
	case s.Step == processor.StepEnded:
		if s.End != nil {
			if s.End.Winner != "" {
				d.Para("Victor: %s (%s) — %s.", r.c.AllianceName(s.End.Winner), s.End.Winner, s.End.How)
			} else {
				d.Para("Undecided — %s.", s.End.How)
			}
			if len(s.End.Medals) > 0 {
				header, rows := r.medalsTable(s.End.Medals)
				d.Table(header, rows)
			}
		}
	}
	// The awaited files one at a time, the first limit of them kept: at a
	// public campaign's battles or moves, 100,000 of them, which advance
	// says of at its end, when its memory peaks.
	isFaulty := folder.FaultyFiles(faults)
	var aw []Await
	var tally processor.Tallied
	faulty, open := false, false // open: one of this step's is not in, or faulty
	r.awaited(func(a Await) {
		a.Faulty = isFaulty(a.File)
		tally.Add(a)
		faulty = faulty || a.Faulty
		open = open || a.Step == s.Step && (!a.Present || a.Faulty)
		if limit <= 0 || len(aw) < limit {
			aw = append(aw, a)
		}
	})
	if tally.N() >= processor.TallyFrom {
		d.Para("%s", tally) // all of them, not only the rows listed
	}
	more := tally.N() - len(aw)
	rows := make([][]string, len(aw))
	for i, a := range aw {
		rows[i] = []string{a.File, a.Who, deadlineText(r.c, a), inText(a)}
	}
	d.Table([]string{"file", "from", "deadline", "in"}, rows)
	d.List(folder.ConfirmNotes(aw))
	switch note := r.blockedNote(); {
	case note != "" && faulty && r.s.Step == processor.StepTiebreak:
		d.Para("The tiebreak deadline has passed, and the tie-break is at fault: advance sets it aside, and the tied Alliances roll off.")
	case note != "":
		d.Para("%s", note)
	default:
		if note := dueNote(r, open, faults); note != "" {
			d.Para("%s", note)
		}
	}
	if faulty {
		d.Para("%s", faultyNote)
		listed := folder.AwaitedFiles(aw)
		d.List(processor.FaultLines(slices.DeleteFunc(slices.Clone(faults), func(f processor.Fault) bool { return !listed(f.File) })))
	}
	if more > 0 {
		d.Para("… and %d more awaited files: `warmaster status` lists them all.", more)
	}
	if len(r.f.LateFaults) > 0 {
		d.Para("Not applied (these files may be removed):")
		rows := make([][]string, len(r.f.LateFaults))
		for i, f := range r.f.LateFaults {
			rows[i] = []string{f.File, f.Message}
		}
		d.Table([]string{"file", "why"}, rows)
	}
	return d.String()
}

// headline is the first line of status: the campaign, its phase and step.
func (r reporting) headline() string {
	s := r.s
	switch {
	case s.Step == processor.StepEnded:
		return r.c.Name + " — the campaign is over."
	case s.Step == processor.StepTiebreak && s.End != nil:
		return fmt.Sprintf("%s — the final phase ended tied, step: tiebreak (%s): %s.", r.c.Name, s.Step.Title(), s.End.How)
	case s.Step == processor.StepSetup:
		return r.c.Name + " — setting up the campaign map (step: setup)."
	}
	return fmt.Sprintf("%s — phase %d of %d, step: %s (%s).", r.c.Name, s.Phase, r.c.Phases, s.Step, s.Step.Title())
}

// dueNote says, once the awaited step's deadline has passed and nothing
// holds the step past it, that the files still awaited will not be: the
// next advance applies the step with the rules' defaults. What holds it:
// blockedNote's waits; a fault advance would not set aside (one in a
// file past its deadline, or of no use at its step, it does); a roster
// change to come that could not take effect, when the next step reached
// is its (the run that reaches it applies nothing). open: one of the
// step's awaited files, listed or not, is not in or is faulty.
func dueNote(r *run, open bool, faults []processor.Fault) string {
	dl := r.c.Deadlines[r.s.Phase].For(r.s.Step)
	if dl.IsZero() || r.now.Before(dl) || !open {
		return ""
	}
	if slices.ContainsFunc(faults, func(f processor.Fault) bool {
		_, past := r.pastDeadline(f.File)
		return !past && r.strays[f.File] == ""
	}) {
		return ""
	}
	if changes := r.c.Declared().RosterChanges; len(r.f.RosterAhead) > 0 && r.s.Roster < len(changes) {
		next := processor.PointOrder(r.s.Phase+1, processor.StepOperations) // the first step a roster change may name after this one
		for _, t := range []processor.Step{processor.StepBattles, processor.StepMoves, processor.StepBuilds} {
			if t > r.s.Step {
				next = processor.PointOrder(r.s.Phase, t)
				break
			}
		}
		if changes[r.s.Roster].Order() <= next {
			return ""
		}
	}
	return fmt.Sprintf("The %s deadline (%s) has passed: the next advance (every hour) applies this step, with the rules' defaults for each file still missing and for each mistake.", deadlineName(r.s.Step), r.c.When(dl))
}
