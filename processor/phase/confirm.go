package phase

import (
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/report"
)

// A result counts when both sides stand behind it ([rules]
// confirm_results, the default). Resolve Battle Operations has the
// players "inform the Warmaster of the result": a battle has two sides,
// and in a repository every player can write, either could tell the
// Warmaster a result the other never agreed to. So a result is filed by
// one side (filed_by, its Alliance, which the pull-request check holds to
// the Alliance of whoever files it) and confirmed by a player of the
// other side in a file of their own, phases/NN/confirmations/<battle>.toml,
// that names the result by its SHA-256: a change to the result afterwards
// voids the confirmation. The other side may dispute it instead; a
// disputed result waits for the Warmaster's ruling (the person who, in the
// rules, processes results), phases/NN/rulings/<battle>.toml. At the
// battles deadline a result neither confirmed nor disputed is applied as
// filed, the report saying "not confirmed" — once the other side has had
// a day to see it (seen.toml records when advance first saw it); one filed
// later waits out that day, or the Warmaster's ruling.

// confirmDay is how long the other side has to see a result before the
// battles deadline applies it unconfirmed.
const confirmDay = folder.ConfirmDay

// standingKind is where a filed result stands with the other side.
type standingKind int

const (
	unconfirmed standingKind = iota // neither confirmed nor disputed (or its confirmation void)
	confirmed                       // the other side confirmed it
	disputed                        // the other side disputed it: it waits for the Warmaster's ruling
	upheld                          // the Warmaster ruled it applies as filed
	overturned                      // the Warmaster ruled it does not apply
)

// resultStanding is a filed result's standing.
type resultStanding struct {
	kind   standingKind
	file   string // results/<battle>.toml
	digest string // its SHA-256 as it is
	filer  processor.AllianceID
	other  processor.AllianceID // the side that confirms
	// void: a confirmation or dispute of another text of the result, which
	// counts for nothing; voidWords, status's word on it and on a ruling of
	// another text (folder.VoidWords).
	void      bool
	voidWords string
	conf      *processor.Confirmation
	ruling    *processor.WarmasterRuling
	seen      time.Time // when advance first saw the result as it is (zero: not yet)
}

// confirming reports whether results need the other side's confirmation.
func (r confirms) confirming() bool { return r.c.Rules.ConfirmResults }

// standingOf is where battle b's result stands, false when none is filed
// (or the campaign does not confirm results).
func (r confirms) standingOf(b processor.BattleOp) (resultStanding, bool) {
	res := r.f.Results[r.s.Phase][b.ID]
	if res == nil || !r.confirming() {
		return resultStanding{}, false
	}
	st := resultStanding{file: res.Src.File, digest: res.SHA256, filer: res.FiledBy}
	st.other = b.OtherSide(res.FiledBy)
	if s, ok := r.seenOf(b.ID); ok && s.SHA256 == st.digest {
		st.seen = s.At
	}
	if c := r.f.Confirmations[r.s.Phase][b.ID]; c != nil {
		st.conf = c
		switch {
		case c.Digest() != st.digest:
			st.void = true
		case c.Confirms != "":
			st.kind = confirmed
		default:
			st.kind = disputed
		}
	}
	if w := r.f.Rulings[r.s.Phase][b.ID]; w != nil {
		st.ruling = w
		switch {
		case w.Digest() == st.digest && w.Upholds != "":
			st.kind = upheld
		case w.Digest() == st.digest:
			st.kind = overturned
		}
	}
	st.voidWords = folder.VoidWords(r.f, r.s.Phase, b.ID, st.digest, st.conf, st.ruling)
	return st, true
}

// disputeWhy is " The dispute: <why>." when the other side disputed the
// result (its reasons, for the Warmaster's ruling and the report), else "".
func (st resultStanding) disputeWhy() string {
	if st.conf == nil || st.conf.Disputes == "" || st.void {
		return ""
	}
	return " The dispute: " + report.Sentence(report.Plain(st.conf.Why))
}

// settled reports whether a result needs nothing more before its step.
func (st resultStanding) settled() bool { return st.kind != unconfirmed && st.kind != disputed }

// words says where a result stands, for status, the plan and the check.
//
// Joined, not formatted: every result's, at each look at the battles step.
func (st resultStanding) words() string {
	var s string
	switch st.kind {
	case confirmed:
		s = "yes, confirmed by " + string(st.other)
	case disputed:
		s = "disputed by " + string(st.other) + ": waits for the Warmaster's ruling"
	case upheld:
		s = "yes, upheld by the Warmaster's ruling"
	case overturned:
		s = "overturned by the Warmaster's ruling: not applied"
	default:
		s = "yes, awaiting " + string(st.other) + "'s confirmation"
	}
	return s + st.voidWords
}

// seenOf is when this run (or an earlier one) first saw battle's result.
func (r confirms) seenOf(battle string) (folder.Seen, bool) {
	if r.seen != nil && r.seenPhase == r.s.Phase {
		s, ok := r.seen[battle]
		return s, ok
	}
	s, ok := r.f.Seen[r.s.Phase][battle]
	return s, ok
}

// noteSightings records, while the phase awaits its battles, each result
// first seen as it is now (new, or changed since it was seen) at the
// run's time, and forgets those no longer filed. A replay's run does not:
// it applies the steps the journal says were applied.
func (r confirms) noteSightings() {
	if !r.confirming() || r.s.Step != processor.StepBattles || r.replaying {
		return
	}
	if r.seen != nil && r.seenPhase != r.s.Phase {
		r.flushSeen() // a run that plays on into the next phase's battles
	}
	if r.seen == nil {
		r.seen = maps.Clone(r.f.Seen[r.s.Phase])
		if r.seen == nil {
			r.seen = map[string]folder.Seen{}
		}
		r.seenPhase = r.s.Phase
	}
	results := r.f.Results[r.s.Phase]
	for _, b := range r.battles() {
		res := results[b.ID]
		if res == nil {
			continue
		}
		d := res.SHA256
		if s, ok := r.seen[b.ID]; !ok || s.SHA256 != d {
			r.seen[b.ID] = folder.Seen{Battle: b.ID, SHA256: d, At: r.now}
			r.seenChanged = true
		}
	}
	// Which are forgotten does not depend on the order they are looked at
	// in (the map is written out sorted, by EncodeSeen): not sorted first,
	// 100,000 battles' ids at every look at the step.
	for id := range r.seen {
		if results[id] == nil {
			delete(r.seen, id)
			r.seenChanged = true
		}
	}
}

// battlesBlocked says why the battles step cannot go past its deadline
// yet: a disputed result without a ruling, or one the other side has not
// had a day to see. "" when it can.
func (r confirms) battlesBlocked() string {
	if !r.confirming() {
		return ""
	}
	r.noteSightings()
	for _, b := range r.battles() {
		st, ok := r.standingOf(b)
		switch {
		case !ok || st.settled():
		case st.kind == disputed:
			return fmt.Sprintf("%s is disputed by %s: it waits for the Warmaster's ruling (%s)", st.file, st.other, rulingPath(r.s.Phase, b.ID))
		case r.replaying:
			// The journal says the step was applied: the day had passed.
		case st.seen.IsZero() || r.now.Before(st.seen.Add(confirmDay)):
			return fmt.Sprintf("%s was filed less than a day ago (first seen %s): %s has until %s to confirm or dispute it", st.file, st.seen.Format("2006-01-02 15:04 MST"), st.other, st.seen.Add(confirmDay).Format("2006-01-02 15:04 MST"))
		}
	}
	return ""
}

func rulingPath(phase int, battle string) string { return folder.RulingPath(phase, battle) }

// validateConfirmations checks this phase's results' filed_by, and its
// confirmations and rulings: each of a battle of the phase, in a campaign
// that confirms results.
func (r checks) validateConfirmations(fs *processor.Faults) {
	s := r.s
	bs, byID := r.battles(), r.battleList.index() // by index: 100,000 battles a phase
	stray := func(file, why string) {
		if r.strays == nil {
			r.strays = map[string]string{}
		}
		r.strays[file] = why
	}
	// Only the files at fault are sorted (by id, the order faults are
	// added in): 100,000 confirmations a phase name a battle.
	stays := func(id string) bool { _, ok := byID[id]; return ok && r.c.Rules.ConfirmResults }
	var answers []string
	for _, kind := range []struct {
		dir   string
		files map[string]processor.Src
	}{
		{"confirmations", srcs(r.f.Confirmations[s.Phase], func(c *processor.Confirmation) processor.Src { return c.Src }, stays)},
		{"rulings", srcs(r.f.Rulings[s.Phase], func(w *processor.WarmasterRuling) processor.Src { return w.Src }, stays)},
	} {
		for _, id := range slices.Sorted(maps.Keys(kind.files)) {
			at := kind.files[id]
			if !r.c.Rules.ConfirmResults {
				fs.Add(at, "this campaign does not confirm results ([rules] confirm_results = false): a result counts as filed; remove this file")
				stray(at.File, "the campaign does not confirm results ([rules] confirm_results = false)")
				continue
			}
			if _, ok := byID[id]; !ok {
				if answers == nil { // the battles whose result is in: those it can answer; once
					ids := battleIDs(bs)
					if answers = slices.DeleteFunc(slices.Clone(ids), func(b string) bool { return r.f.Results[s.Phase][b] == nil }); len(answers) == 0 {
						answers = ids
					}
				}
				fs.Add(at, "no battle %q in phase %d; %s", id, s.Phase, processor.Hint(fs, id, answers, kind.dir+" are named after the attacking fleet of a battle whose result they answer: "+report.OneOf(answers)))
				stray(at.File, fmt.Sprintf("%s fights no battle in phase %d, so this file has no use", id, s.Phase))
			}
		}
	}
	folder.NoteVoid(r.f, s.Phase, stays) // void: no fault, but said
	folder.NoteUnfiled(r.f, s.Phase, func(id string) bool { _, ok := byID[id]; return ok && stays(id) })
	// filed_by is needed only to confirm, and always one of the two sides.
	var faulty []string // a battle's (validateResults says what names none)
	for id, res := range r.f.Results[s.Phase] {
		if i, ok := byID[id]; ok && (res.FiledBy == "" && r.c.Rules.ConfirmResults || r.c.HasAlliance(res.FiledBy) && res.FiledBy != bs[i].Attacker && res.FiledBy != bs[i].Defender) {
			faulty = append(faulty, id)
		}
	}
	slices.Sort(faulty)
	for _, id := range faulty {
		res, b := r.f.Results[s.Phase][id], bs[byID[id]]
		switch {
		case res.FiledBy == "":
			fs.Add(res.Src, "filed_by is missing: %s; a player of the other side then confirms it ([rules] confirm_results)", processor.FiledByChoice(b.Attacker, b.Defender))
		case res.FiledBy != b.Attacker && res.FiledBy != b.Defender:
			fs.Add(res.Src.At("filed_by"), "%s did not fight this battle (%s attacked %s): filed_by is the Alliance filing the result, %s or %s", res.FiledBy, b.Attacker, b.Defender, b.Attacker, b.Defender)
		}
	}
}

// srcs are the places of m's files, but those that stay.
func srcs[V any](m map[string]V, src func(V) processor.Src, stays func(id string) bool) map[string]processor.Src {
	out := map[string]processor.Src{}
	for k, v := range m {
		if !stays(k) {
			out[k] = src(v)
		}
	}
	return out
}

// confirmationInputs are the confirmations and rulings of the phase, as the
// battles step consumes them (sorted by path).
func (r confirms) confirmationInputs() []string {
	files := make([]string, 0, len(r.f.Confirmations[r.s.Phase])+len(r.f.Rulings[r.s.Phase]))
	for _, c := range r.f.Confirmations[r.s.Phase] {
		files = append(files, c.Src.File)
	}
	for _, w := range r.f.Rulings[r.s.Phase] {
		files = append(files, w.Src.File)
	}
	slices.Sort(files)
	return files
}

// confirmedCell is the 2.3 table's "confirmed" cell for a battle, and the
// report's line on a result applied without the other side's word, or
// overturned.
func (r *run) confirmedCell(b processor.BattleOp) (cell, line string) {
	st, ok := r.standingOf(b)
	if !ok {
		return "", ""
	}
	switch st.kind {
	case confirmed:
		if st.conf.Why != "" { // "a note on your confirmation, for the Warmaster and the report"
			line = fmt.Sprintf("`%s` was confirmed by %s, with a note: %s", st.file, st.other, report.Plain(st.conf.Why))
		}
		return fmt.Sprintf("yes (%s)", st.other), line
	case upheld:
		return "upheld by the Warmaster", rulingLine(st)
	case overturned:
		return "overturned by the Warmaster", rulingLine(st)
	}
	why := fmt.Sprintf("%s neither confirmed nor disputed it by the deadline", st.other)
	if st.void {
		why = folder.VoidReport(st.conf, st.other)
	}
	return "not confirmed", fmt.Sprintf("`%s` (filed by %s) is not confirmed: %s; it is applied as filed.", st.file, st.filer, why)
}

func rulingLine(st resultStanding) string {
	what := "upholds it: applied as filed"
	if st.kind == overturned {
		what = "overturns it: not applied, the battle counts as not reported and the attacker is victorious"
	}
	line := fmt.Sprintf("`%s` (filed by %s) was disputed; the Warmaster's ruling (`%s`) %s.%s", st.file, st.filer, st.ruling.Src.File, what, st.disputeWhy())
	if st.ruling.Why != "" {
		line += " The ruling: " + report.Plain(st.ruling.Why)
	}
	return line
}

// flushSeen puts the phase's seen.toml among the files to write when this
// run saw a result anew, and forgets the phase's sightings.
func (r confirms) flushSeen() {
	if r.seenChanged {
		if r.seenOut == nil {
			r.seenOut = map[string][]byte{}
		}
		r.seenOut[folder.SeenPath(r.seenPhase)] = folder.EncodeSeen(r.seenPhase, r.seen)
	}
	r.seen, r.seenChanged = nil, false
}

// blockedNote says why the battles step waits past its deadline, or "".
func (r confirms) blockedNote() string {
	dl := r.c.Deadlines[r.s.Phase].For(r.s.Step)
	if dl.IsZero() || r.now.Before(dl) {
		return ""
	}
	if missing := r.unagreed(); len(missing) > 0 {
		return fmt.Sprintf("The tiebreak deadline has passed, and the step waits for the agreement of %s, or for the repository's Warmasters to complete [agreed] (a tie-break at fault is set aside instead: the tied Alliances roll off).", report.And(missing))
	}
	if r.s.Step != processor.StepBattles {
		return ""
	}
	if why := r.battlesBlocked(); why != "" {
		return "The battles deadline has passed, and the step waits: " + why + "."
	}
	return ""
}
