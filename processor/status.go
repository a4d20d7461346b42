package processor

import (
	"path"
	"time"

	"github.com/warmaster/warmaster/processor/report"
)

// Status says where the campaign stands: phase, step, and what is awaited
// from whom by when, as a Markdown table of every awaited file.
func Status(f *Folder) string {
	return newRun(f, time.Time{}).status(0)
}

// status is Status for the run's state; with limit > 0 it lists at most
// limit awaited files and says how many more there are.
func (r *run) status(limit int) string {
	var d report.Doc
	s := r.s
	switch {
	case s.Step == StepEnded:
		d.Para("%s — the campaign is over.", r.c.Name)
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
	case s.Step == StepTiebreak && s.End != nil:
		d.Para("%s — the final phase ended tied, step: tiebreak (%s): %s.", r.c.Name, s.Step.Title(), s.End.How)
	case s.Step == StepSetup:
		d.Para("%s — setting up the campaign map (step: setup).", r.c.Name)
	default:
		d.Para("%s — phase %d of %d, step: %s (%s).", r.c.Name, s.Phase, r.c.Phases, s.Step, s.Step.Title())
	}
	aw := r.awaited()
	more := 0
	if limit > 0 && len(aw) > limit {
		aw, more = aw[:limit], len(aw)-limit
	}
	rows := make([][]string, len(aw))
	for i, a := range aw {
		in := presentText(a.Present)
		if a.Sealed {
			in = "sealed (" + path.Base(a.File) + SealedExt + ")"
		}
		rows[i] = []string{a.File, a.Who, deadlineText(a), in}
	}
	d.Table([]string{"file", "from", "deadline", "in"}, rows)
	if more > 0 {
		d.Para("… and %d more awaited files: `warmaster status` lists them all.", more)
	}
	if len(r.f.late) > 0 {
		d.Para("Not applied (these files may be removed):")
		rows := make([][]string, len(r.f.late))
		for i, f := range r.f.late {
			rows[i] = []string{f.File, f.Message}
		}
		d.Table([]string{"file", "why"}, rows)
	}
	return d.String()
}
