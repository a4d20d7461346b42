package processor

import (
	"fmt"
	"slices"
	"strings"

	"github.com/warmaster/warmaster/processor/report"
)

// A campaign never stalls on one player's file. Before a step's deadline a
// player's input with a fault stops the run, as every fault does: the
// player can still fix it. Once the deadline has passed, such an input is
// treated as not submitted — our ruling, the rules' own "if a player does
// not provide the Warmaster with a Campaign Operation … within an agreed
// time frame" read for every input a step waits for — and the rules'
// default for a missing input applies instead: no orders, Logistical
// Auxilia; no result, the attacker wins (RULINGS 18); no moves, the fleets
// stay; no build, none; no event choices, each event's default; no final
// battle, the roll-off. The report names the file, its faults and the
// default applied, and the journal records it as not applied with its
// digest, so a replay reaches the same decision from the same bytes. Faults
// in the Warmaster's files (campaign.toml, map.toml, engine profiles, the
// set-up) always stop the run.

// NotApplied is a player's file advance did not apply: it still had
// faults past its step's deadline, or it arrived after its step was
// processed.
type NotApplied struct {
	File   string
	Why    string  // what happened instead, in a sentence
	Faults []Fault // the file's faults, when it had any
}

// notApplied is a faulty input set aside at its step.
type notApplied struct {
	NotApplied
	phase int
	step  Step
}

// pastDeadline reports whether file is a player's input for a step still to
// be processed whose deadline has passed by now: a fault in it will not
// stop the run, the step sets the file aside instead.
func (r *run) pastDeadline(file string) (phaseStep, bool) {
	cp := classify(file)
	step, ok := cp.step()
	switch {
	case !ok || step == StepSetup:
		return phaseStep{}, false
	case step == StepOperations && r.f.openTomeOrders(cp.phase, file):
		step = StepOpenTome
	}
	s := r.s
	if s.Step == StepEnded || s.Step != StepSetup && (cp.phase < s.Phase || cp.phase == s.Phase && step < s.Step) {
		return phaseStep{}, false // processed already: another matter (Late)
	}
	dl := r.c.Deadlines[cp.phase].For(step)
	return phaseStep{cp.phase, step}, !dl.IsZero() && !r.now.Before(dl)
}

// deferFaults takes out of fs the faults of inputs past their deadline:
// they wait for their step, which sets those files aside.
func (r *run) deferFaults(fs *faults) {
	keep := fs.list[:0]
	for _, f := range fs.list {
		if _, ok := r.pastDeadline(f.File); ok {
			r.deferred.list = append(r.deferred.list, f)
			continue
		}
		keep = append(keep, f)
	}
	fs.list = keep
}

// setAside is a step's check of its inputs (fs: their faults as the map
// stands now). Past the step's deadline every input with a fault is set
// aside as not submitted, and the rest checked again without it (an input
// may have been valid only with another); any fault left stops the run.
func (r *run) setAside(fs *faults) error {
	here := phaseStep{r.s.Phase, r.s.Step}
	done := map[string]bool{}
	for {
		var files []string
		byFile := map[string][]Fault{}
		for _, list := range [][]Fault{r.deferred.list, fs.list} {
			for _, f := range list {
				if at, ok := r.pastDeadline(f.File); ok && at == here {
					if _, seen := byFile[f.File]; !seen {
						files = append(files, f.File)
					}
					byFile[f.File] = append(byFile[f.File], f)
				}
			}
		}
		if len(files) == 0 || slices.ContainsFunc(files, func(f string) bool { return done[f] }) {
			return fs.err(r.f.Text) // nothing to set aside, or no way to: the faults stand
		}
		slices.Sort(files)
		for _, file := range files {
			done[file] = true
			if _, ok := r.f.text[file]; !ok { // refused by its name alone: the journal keeps its digest
				if _, _, err := r.f.read(file); err != nil {
					return err
				}
			}
			var inv *InvalidError
			all := faults{list: byFile[file]}
			inv, _ = all.err(r.f.Text).(*InvalidError)
			r.withdraw(file)
			r.setAsideFiles = append(r.setAsideFiles, notApplied{
				NotApplied: NotApplied{File: file, Why: r.defaultFor(file, len(inv.Faults)), Faults: inv.Faults},
				phase:      here.phase, step: here.step,
			})
		}
		r.deferred.list = slices.DeleteFunc(r.deferred.list, func(f Fault) bool { return byFile[f.File] != nil })
		*fs = faults{}
		r.validate(here.step, fs)
	}
}

// withdraw takes a player's input out of the run: as if never submitted.
func (r *run) withdraw(file string) {
	cp := classify(file)
	name := cp.name
	switch cp.kind {
	case kindOrders:
		if strings.HasSuffix(file, SealedExt) {
			delete(r.f.sealed[cp.phase], Login(name))
		} else {
			delete(r.f.Orders[cp.phase], Login(name))
		}
	case kindResults:
		delete(r.f.Results[cp.phase], name)
	case kindMoves:
		delete(r.f.Moves[cp.phase], Login(name))
	case kindBuilds:
		delete(r.f.Builds[cp.phase], AllianceID(name))
	case kindEvents:
		delete(r.f.Events[cp.phase], AllianceID(name))
	case kindTiebreak:
		r.f.Tiebreak = nil
	}
}

// defaultFor says why a faulty input is not applied and what applies
// instead: the rules' default for a missing input of its kind.
func (r *run) defaultFor(file string, n int) string {
	cp := classify(file)
	step, _ := cp.step()
	why := fmt.Sprintf("%s past the %s deadline, so ", plural(n, "fault", "faults"), deadlineName(step))
	switch cp.kind {
	case kindOrders:
		if fleets := r.c.FleetsOf(Login(cp.name)); len(fleets) > 0 {
			return why + fmt.Sprintf("%s's fleets (%s) perform Logistical Auxilia, the default for a fleet without orders", cp.name, oneOf(fleets))
		}
	case kindResults:
		if slices.ContainsFunc(r.battles(), func(b BattleOp) bool { return b.ID == cp.name }) {
			return why + "the battle counts as not reported: the attacker is victorious (with the Campaign Outcome choices of its orders, else the defaults)"
		}
	case kindMoves:
		if fleets := r.c.FleetsOf(Login(cp.name)); len(fleets) > 0 {
			return why + fmt.Sprintf("%s's fleets (%s) stay", cp.name, oneOf(fleets))
		}
	case kindBuilds:
		return why + fmt.Sprintf("%s builds nothing", cp.name)
	case kindEvents:
		return why + fmt.Sprintf("%s takes each event's default", cp.name)
	case kindTiebreak:
		return why + "no final battle counts as reported: the tied Alliances roll off"
	}
	return why + "it is not applied"
}

// deadlineName is the [[deadlines]] key of an input step.
func deadlineName(s Step) string {
	if s == StepOpenTome {
		return "open_tome"
	}
	return s.String()
}

// reportSetAside says, at the top of a step's report, which of its inputs
// were not applied, their faults, and the default applied instead; and,
// in the first step a run applies, the files that arrived too late.
func (r *run) reportSetAside(step Step) {
	if !r.lateReported {
		r.lateReported = true
		if late := r.newLate(); len(late) > 0 {
			r.sec.Para("**Files that came too late** (never applied; they may be removed):")
			lines := make([]string, len(late))
			for i, f := range late {
				lines[i] = fmt.Sprintf("`%s`: %s", f.File, f.Message)
			}
			r.sec.List(lines)
		}
	}
	for _, n := range r.setAsideFiles {
		if n.phase != r.s.Phase || n.step != step {
			continue
		}
		r.sec.Para("**`%s` is not applied**: %s:", n.File, n.Why)
		r.sec.List(faultLines(n.Faults))
	}
}

// faultLines are faults as a report lists them: "`file:line:col`: message".
func faultLines(fs []Fault) []string {
	lines := make([]string, len(fs))
	for i, f := range fs {
		where := f.File
		if f.Line > 0 {
			where = fmt.Sprintf("%s:%d:%d", f.File, f.Line, f.Col)
		}
		lines[i] = fmt.Sprintf("`%s`: %s", where, report.Plain(f.Message)) // it may quote a player's text
	}
	return lines
}

// newLate are the late files no report has named yet.
func (r *run) newLate() []Fault {
	var out []Fault
	for _, f := range r.f.late {
		if !r.f.lateNoted[f.File] {
			out = append(out, f)
		}
	}
	return out
}

// journalNotApplied are the journal records of a step's set-aside inputs
// (with their digests) and, for the first step of a run, the late files
// its report names (without: only their arrival matters).
func (r *run) journalNotApplied(phase int, step Step, first bool) []journalInput {
	var out []journalInput
	for _, n := range r.setAsideFiles {
		if n.phase == phase && n.step == step {
			out = append(out, journalInput{Path: n.File, SHA256: r.f.Digest(n.File), NotApplied: fmt.Sprintf("%s past the %s deadline", plural(len(n.Faults), "fault", "faults"), deadlineName(step))})
		}
	}
	if first {
		for _, f := range r.newLate() {
			out = append(out, journalInput{Path: f.File, NotApplied: "arrived after its step was processed"})
		}
	}
	return out
}

// notAppliedList is what the run did not apply, for Summary and Plan: the
// late files first, then the inputs set aside, in the order of their steps.
func (r *run) notAppliedList() []NotApplied {
	var out []NotApplied
	for _, f := range r.f.late {
		out = append(out, NotApplied{File: f.File, Why: strings.TrimPrefix(f.Message, "not applied: ")})
	}
	for _, n := range r.setAsideFiles {
		out = append(out, n.NotApplied)
	}
	return out
}

// setAsideHere reports whether this phase's step set aside the input of
// dir (orders, results, moves, builds, events) named name.
func (r *run) setAsideHere(dir, name string) bool {
	file := InputPath(r.s.Phase, dir, name)
	return slices.ContainsFunc(r.setAsideFiles, func(n notApplied) bool {
		return n.File == file || n.File == file+SealedExt
	})
}
