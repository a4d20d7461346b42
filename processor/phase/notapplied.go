package phase

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/folder/owntoml"
	"github.com/warmaster/warmaster/processor/report"
	"github.com/warmaster/warmaster/processor/seal"
	"github.com/warmaster/warmaster/schema"
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
// battle, the roll-off. An orders file is taken operation by operation
// (setAsideOperations): an [[operations]] entry with a fault is not given,
// its fleet performs Logistical Auxilia, and the others stand; a file not
// valid TOML or not shaped as orders is set aside whole. A Defender's win
// or a draw whose every fault is a choice in its [outcome] is applied
// without it (setAsideOutcome): the battle was played and its winner
// stands, the victor's choices take their defaults. The report names
// the file, its faults and the default applied, and the journal records it
// as not applied with its digest (one applied in part, as an input), so a
// replay reaches the same decision from the same bytes. Faults
// in the Warmaster's files (campaign.toml, map.toml, engine profiles, the
// set-up) always stop the run.

// NotApplied is a player's file advance did not apply: it still had
// faults past its step's deadline, or it arrived after its step was
// processed.
type NotApplied struct {
	File   string
	Why    string            // what happened instead, in a sentence
	Faults []processor.Fault // the file's faults, when it had any
	// Part: the file was applied but for a part of it (an orders file's
	// faulty operations, a result's faulty [outcome]), which Why names.
	Part bool
}

// notApplied is a faulty input set aside at its step: the whole file,
// or (ops) only those of its [[operations]] entries that have faults.
type notApplied struct {
	NotApplied
	phase int
	step  processor.Step
	stray bool              // set aside as of no use at its step (rules.strays), not for a deadline
	ops   []processor.Order // the operations set aside, when not the whole file
	kept  []processor.Order // the file's operations as read, to restore
	// result is a result applied without its [outcome], as read (to
	// restore); nil when the whole file was set aside.
	result *processor.Result
}

// outcomePart is what advance does with a result past its deadline whose
// faults are all in its [outcome] (setAsideOutcome), as check says it.
const outcomePart = "advance applies this result without its [outcome]: the result stands, and its Campaign Outcome choices are the defaults"

// pastDeadline reports whether file is a player's input for a step still to
// be processed whose deadline has passed by now: a fault in it will not
// stop the run, the step sets the file aside instead.
func (r *rules) pastDeadline(file string) (folder.StepAt, bool) {
	cp := folder.Classify(file)
	step, ok := cp.Step()
	switch {
	case !ok || step == processor.StepSetup:
		return folder.StepAt{}, false
	case step == processor.StepOperations && r.f.OpenTomeOrders(r.s, cp.Phase, file):
		step = processor.StepOpenTome
	}
	s := r.s
	if s.Step == processor.StepEnded || s.Step != processor.StepSetup && (cp.Phase < s.Phase || cp.Phase == s.Phase && step < s.Step) {
		return folder.StepAt{}, false // processed already: another matter (Late)
	}
	dl := r.c.Deadlines[cp.Phase].For(step)
	return folder.StepAt{Phase: cp.Phase, Step: step}, !dl.IsZero() && !r.now.Before(dl)
}

// deferFaults takes out of fs the faults of inputs past their deadline,
// and of inputs their step has no use for (strays): they wait for their
// step, which sets those files aside.
func (r *run) deferFaults(fs *processor.Faults) {
	keep := fs.List[:0]
	for _, f := range fs.List {
		if _, ok := r.pastDeadline(f.File); ok || r.strays[f.File] != "" {
			r.deferred.List = append(r.deferred.List, f)
			continue
		}
		keep = append(keep, f)
	}
	fs.List = keep
}

// setAside is a step's check of its inputs (fs: their faults as the map
// stands now). Past the step's deadline every input with a fault is set
// aside as not submitted, and the rest checked again without it (an input
// may have been valid only with another); any fault left stops the run.
func (r *run) setAside(fs *processor.Faults) error {
	here := folder.StepAt{Phase: r.s.Phase, Step: r.s.Step}
	done := map[string]bool{}
	for {
		var files []string
		byFile := map[string][]processor.Fault{}
		for _, list := range [][]processor.Fault{r.deferred.List, fs.List} {
			for _, f := range list {
				if at, ok := r.pastDeadline(f.File); ok && at == here || r.strays[f.File] != "" {
					if _, seen := byFile[f.File]; !seen {
						files = append(files, f.File)
					}
					byFile[f.File] = append(byFile[f.File], f)
				}
			}
		}
		if len(files) == 0 || slices.ContainsFunc(files, func(f string) bool { return done[f] && !r.partlySetAside(f) }) {
			return fs.Err(r.f.Text) // nothing to set aside, or no way to: the faults stand
		}
		slices.Sort(files)
		var battleIDs map[string]bool // the phase's battles, once (defaultFor)
		for _, file := range files {
			if !done[file] && (r.setAsideOperations(file, byFile[file]) || setAsideOutcome(r, file, byFile[file])) {
				done[file] = true // once: a fault left after is the whole file's
				continue
			}
			if done[file] && r.partlySetAside(file) {
				// Set aside whole, after all, with every fault it had.
				byFile[file] = append(r.restoreOperations(file), byFile[file]...)
			}
			done[file] = true
			if r.f.Text(file) == nil { // refused by its name alone: the journal keeps its digest
				if _, _, err := r.f.Read(file); err != nil {
					return err
				}
			}
			var inv *processor.InvalidError
			all := processor.Faults{List: byFile[file]}
			inv, _ = all.Err(r.f.Text).(*processor.InvalidError)
			r.withdraw(file)
			// Past its deadline a file is set aside as such (its faults); a
			// stray before it, as having no use.
			at, late := r.pastDeadline(file)
			why, stray := r.strays[file], r.strays[file] != "" && !(late && at == here)
			if !stray {
				if battleIDs == nil && folder.Classify(file).Kind == folder.KindResults {
					bs := r.battles()
					battleIDs = make(map[string]bool, len(bs))
					for _, b := range bs {
						battleIDs[b.ID] = true
					}
				}
				why = r.defaultFor(file, here.Step, len(inv.Faults), battleIDs)
			}
			r.setAsideFiles = append(r.setAsideFiles, notApplied{
				NotApplied: NotApplied{File: file, Why: why, Faults: inv.Faults},
				phase:      here.Phase, step: here.Step, stray: stray,
			})
		}
		r.deferred.List = slices.DeleteFunc(r.deferred.List, func(f processor.Fault) bool { return byFile[f.File] != nil })
		*fs = processor.Faults{}
		r.validate(here.Step, fs)
	}
}

// setAsideOperations sets aside, of a plain orders file past its deadline
// whose every fault is in one of its [[operations]] entries (a rule the
// entry breaks, such as an unreachable planet), those entries only: their
// fleets perform Logistical Auxilia, the default for a fleet without an
// operation (Select Operations: "If a player does not provide the
// Warmaster with a Campaign Operation for a Fleet within an agreed time
// frame, that Fleet will default to performing the Logistical Auxillia
// Operation"; RULINGS 25), and the file's other operations stand. It
// reports whether it did; a file with a fault about it as a whole (not
// TOML, not shaped as orders) is the caller's to set aside whole.
func (r *run) setAsideOperations(file string, faults []processor.Fault) bool {
	cp := folder.Classify(file)
	login := processor.Login(cp.Name)
	list, ok := r.f.Orders[cp.Phase][login]
	if cp.Kind != folder.KindOrders || strings.HasSuffix(file, seal.SealedExt) || !ok {
		return false
	}
	keep, ops, ok := processor.SplitOperations(list, faults)
	if !ok {
		return false
	}
	r.f.Orders[cp.Phase][login] = keep
	all := processor.Faults{List: faults}
	inv, _ := all.Err(r.f.Text).(*processor.InvalidError)
	why := fmt.Sprintf("%s past the %s deadline, so %s", report.Plural(len(inv.Faults), "fault", "faults"), deadlineName(r.s.Step), r.operationsDefault(cp.Phase, login, ops))
	r.setAsideFiles = append(r.setAsideFiles, notApplied{
		NotApplied: NotApplied{File: file, Why: why, Faults: inv.Faults, Part: true},
		phase:      cp.Phase, step: r.s.Step, ops: ops, kept: list,
	})
	return true
}

// operationsDefault says which of a file's operations are not applied and
// what their fleets do instead (the file's others in r.f.Orders already).
func (r *rules) operationsDefault(phase int, login processor.Login, ops []processor.Order) string {
	var which []string
	var fleets []processor.FleetID
	for _, o := range ops {
		i, _ := strconv.Atoi(strings.TrimPrefix(o.Src.Ptr, "/operations/"))
		which = append(which, schema.Ordinal(i+1))
		if o.Fleet != "" && !slices.Contains(fleets, o.Fleet) && !slices.ContainsFunc(r.f.Orders[phase][login], func(k processor.Order) bool { return k.Fleet == o.Fleet }) {
			fleets = append(fleets, o.Fleet)
		}
	}
	what := "its fleets keep their other operations"
	switch len(fleets) {
	case 0:
	case 1:
		what = fmt.Sprintf("%s performs Logistical Auxilia, the default for a fleet without an operation", fleets[0])
	default:
		what = fmt.Sprintf("%s perform Logistical Auxilia, the default for a fleet without an operation", report.And(fleets))
	}
	is, stand := "operations are", ""
	if len(ops) == 1 {
		is = "operation is"
	}
	if len(r.f.Orders[phase][login]) > 0 {
		stand = "; the file's other operations stand"
	}
	return fmt.Sprintf("its %s %s not applied: %s%s", report.And(which), is, what, stand)
}

// setAsideOutcome applies, of a result past its deadline whose every
// fault is in its [outcome] (a Campaign Outcome choice the rules refuse),
// all but that table: the battle was played, so it is not one "not
// resolved by playing a battle" (2.3), and its winner stands; the victor's
// choices take the defaults 2.4 has for a choice left out (RULINGS 25, as
// an orders file's operations are). It reports whether it did. Not for a
// result that says the attacker won: set aside whole, the attacker wins
// all the same, with its orders' choices (RULINGS 18), which the result
// without its [outcome] would lose; nor for one the Warmaster overturns,
// which is not applied at all.
func setAsideOutcome(r *run, file string, faults []processor.Fault) bool {
	res := outcomeAlone(r, file, faults)
	if res == nil {
		return false
	}
	cp := folder.Classify(file)
	without := *res
	without.Outcome = nil
	r.f.Results[cp.Phase][cp.Name] = &without
	all := processor.Faults{List: faults}
	inv, _ := all.Err(r.f.Text).(*processor.InvalidError)
	why := fmt.Sprintf("%s past the %s deadline, so its [outcome] is not applied: the result stands, and its Campaign Outcome choices are the defaults", report.Plural(len(inv.Faults), "fault", "faults"), deadlineName(r.s.Step))
	r.setAsideFiles = append(r.setAsideFiles, notApplied{
		NotApplied: NotApplied{File: file, Why: why, Faults: inv.Faults, Part: true},
		phase:      cp.Phase, step: r.s.Step, result: res,
	})
	return true
}

// outcomeAlone is file's result when, past its deadline with these
// faults, only its [outcome] is set aside (setAsideOutcome); else nil.
func outcomeAlone(r *run, file string, faults []processor.Fault) *processor.Result {
	cp := folder.Classify(file)
	res, ok := r.f.Results[cp.Phase][cp.Name]
	if cp.Kind != folder.KindResults || !ok || res.Outcome == nil || !processor.OutcomeOnly(faults) || res.Victor() == processor.Attacker {
		return nil
	}
	if w := r.f.Rulings[cp.Phase][cp.Name]; w != nil && w.Overturns != "" && w.Overturns == res.SHA256 {
		return nil
	}
	return res
}

// partlySetAside reports whether a part of file was set aside.
func (r *rules) partlySetAside(file string) bool {
	return slices.ContainsFunc(r.setAsideFiles, func(n notApplied) bool { return n.File == file && n.Part })
}

// restoreOperations undoes setAsideOperations or setAsideOutcome, for the
// file to be set aside whole; it returns the faults its part was set
// aside for.
func (r *rules) restoreOperations(file string) []processor.Fault {
	i := slices.IndexFunc(r.setAsideFiles, func(n notApplied) bool { return n.File == file && n.Part })
	n := r.setAsideFiles[i]
	cp := folder.Classify(file)
	if n.result != nil {
		r.f.Results[cp.Phase][cp.Name] = n.result
		r.setAsideFiles = slices.Delete(r.setAsideFiles, i, i+1)
		return n.Faults
	}
	r.f.Orders[cp.Phase][processor.Login(cp.Name)] = n.kept
	r.setAsideFiles = slices.Delete(r.setAsideFiles, i, i+1)
	return n.Faults
}

// withdraw takes a player's input out of the run: as if never submitted.
func (r *rules) withdraw(file string) {
	cp := folder.Classify(file)
	name := cp.Name
	switch cp.Kind {
	case folder.KindOrders:
		if strings.HasSuffix(file, seal.SealedExt) {
			delete(r.f.Sealed[cp.Phase], processor.Login(name))
		} else {
			delete(r.f.Orders[cp.Phase], processor.Login(name))
		}
	case folder.KindResults:
		delete(r.f.Results[cp.Phase], name)
	case folder.KindConfirmation:
		delete(r.f.Confirmations[cp.Phase], name)
	case folder.KindRuling:
		delete(r.f.Rulings[cp.Phase], name)
	case folder.KindMoves:
		delete(r.f.Moves[cp.Phase], processor.Login(name))
	case folder.KindBuilds:
		delete(r.f.Builds[cp.Phase], processor.AllianceID(name))
	case folder.KindEvents:
		delete(r.f.Events[cp.Phase], processor.AllianceID(name))
	case folder.KindTiebreak:
		r.f.Tiebreak = nil
	}
}

// defaultFor says why a faulty input is not applied at step (whose
// deadline passed: open_tome, for An Open Tome's orders) and what applies
// instead: the rules' default for a missing input of its kind. battleIDs
// are the phase's battles (for a result).
func (r *rules) defaultFor(file string, step processor.Step, n int, battleIDs map[string]bool) string {
	cp := folder.Classify(file)
	why := fmt.Sprintf("%s past the %s deadline, so ", report.Plural(n, "fault", "faults"), deadlineName(step))
	switch cp.Kind {
	case folder.KindOrders:
		if fleets := r.c.FleetsOf(processor.Login(cp.Name)); len(fleets) > 0 {
			return why + fmt.Sprintf("%s's fleets (%s) perform Logistical Auxilia, the default for a fleet without orders", cp.Name, report.OneOf(fleets))
		}
	case folder.KindResults:
		if battleIDs[cp.Name] {
			return why + "the battle counts as not reported: the attacker is victorious (with the Campaign Outcome choices of its orders, else the defaults)"
		}
	case folder.KindConfirmation:
		return why + "the result counts as neither confirmed nor disputed"
	case folder.KindRuling:
		return why + "the result has no ruling"
	case folder.KindMoves:
		if fleets := r.c.FleetsOf(processor.Login(cp.Name)); len(fleets) > 0 {
			return why + fmt.Sprintf("%s's fleets (%s) stay", cp.Name, report.OneOf(fleets))
		}
	case folder.KindBuilds:
		return why + fmt.Sprintf("%s builds nothing", cp.Name)
	case folder.KindEvents:
		return why + fmt.Sprintf("%s takes each event's default", cp.Name)
	case folder.KindTiebreak:
		return why + "no final battle counts as reported: the tied Alliances roll off"
	}
	return why + "it is not applied"
}

// deadlineName is the [[deadlines]] key of an input step.
func deadlineName(s processor.Step) string {
	if s == processor.StepOpenTome {
		return "open_tome"
	}
	return s.String()
}

// reportSetAside says, at the top of a step's report, which of its inputs
// were not applied, their faults, and the default applied instead; and,
// in the first step a run applies, the files that arrived too late.
func (r *run) reportSetAside(step processor.Step) {
	if c := r.f.Correcting; c != nil && !r.correctionReported {
		// The Warmaster's correction (folder's "A correction"): said
		// where it takes effect.
		r.correctionReported = true
		r.sec.Para("**A correction by the Warmaster**: campaign.toml's %s %s from this step on: %s", c.Part, report.Changes(c.Was, r.f.RulesDoc()), c.Reason)
	}
	if !r.lateReported {
		r.lateReported = true
		if late := r.newLate(); len(late) > 0 {
			what := "Files that came too late"
			if slices.ContainsFunc(late, func(f processor.Fault) bool {
				cp := folder.Classify(f.File)
				return cp.Phase == r.c.Phases && (cp.Kind == folder.KindEvents || cp.Kind == folder.KindMoves || cp.Kind == folder.KindBuilds)
			}) {
				what = "Files never applied" // the last phase's events, moves or builds: no step takes them
			}
			r.sec.Para("**%s** (never applied; they may be removed):", what)
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
		if n.Part {
			r.sec.Para("**`%s` is applied in part**: %s:", n.File, n.Why)
		} else {
			r.sec.Para("**`%s` is not applied**: %s:", n.File, n.Why)
		}
		r.sec.List(processor.FaultLines(n.Faults))
	}
}

// newLate are the late files no report has named yet.
func (r *rules) newLate() []processor.Fault {
	var out []processor.Fault
	for _, f := range r.f.LateFaults {
		if !r.f.LateNoted[f.File] {
			out = append(out, f)
		}
	}
	return out
}

// journalNotApplied are the journal records of a step's set-aside inputs
// (with their digests) and, for the first step of a run, the late files
// its report names (without: only their arrival matters).
func (r *rules) journalNotApplied(phase int, step processor.Step, first bool) []owntoml.JournalInput {
	var out []owntoml.JournalInput
	for _, n := range r.setAsideFiles {
		// A file set aside in part is applied (its digest is with the
		// step's inputs): the same bytes set aside the same operations.
		if n.phase == phase && n.step == step && !n.Part {
			out = append(out, owntoml.JournalInput{Path: n.File, SHA256: r.f.Digest(n.File), NotApplied: fmt.Sprintf("%s past the %s deadline", report.Plural(len(n.Faults), "fault", "faults"), deadlineName(step))})
		}
	}
	if first {
		for _, f := range r.newLate() {
			out = append(out, owntoml.JournalInput{Path: f.File, NotApplied: "arrived after its step was processed"})
		}
	}
	return out
}

// notAppliedList is what the run did not apply, for Summary and Plan: the
// late files first, then the inputs set aside, in the order of their steps.
func (r *rules) notAppliedList() []NotApplied {
	var out []NotApplied
	for _, f := range r.f.LateFaults {
		out = append(out, NotApplied{File: f.File, Why: strings.TrimPrefix(f.Message, "not applied: ")})
	}
	for _, n := range r.setAsideFiles {
		out = append(out, n.NotApplied)
	}
	return out
}

// setAsideHere reports whether this phase's step set aside the input of
// dir (orders, results, moves, builds, events) named name.
func (r *rules) setAsideHere(dir, name string) bool {
	file := processor.InputPath(r.s.Phase, dir, name)
	return slices.ContainsFunc(r.setAsideFiles, func(n notApplied) bool {
		return n.File == file || n.File == file+seal.SealedExt
	})
}
