package folder

import (
	"fmt"
	"maps"
	"slices"

	"github.com/warmaster/warmaster/processor"
)

// A confirmation, a dispute and the Warmaster's ruling name a battle's
// result by its SHA-256, and count only for that text: one that names
// another is void (processor/phase, confirm.go). Why it names another is
// said for sure when it can be — it is the SHA-256 of another file of the
// folder (another battle's result, pasted), or of the result as advance
// first saw it (seen.toml: the result changed since) — and else both
// readings are, never one of them as if it were known.

// OtherText says what sum, the SHA-256 a confirmation, dispute or ruling
// of battle (of phase) gives, names when it is not its result as filed now.
func OtherText(f *Folder, phase int, battle, sum string) string {
	of := battle + "'s result"
	if s, ok := f.Seen[phase][battle]; ok && s.SHA256 == sum {
		return fmt.Sprintf("the SHA-256 of %s as advance first saw it at %s, before it changed", of, s.At.Format("2006-01-02 15:04 MST"))
	}
	if file := fileWithSum(f, sum); file != "" {
		return fmt.Sprintf("the SHA-256 of %s, not of %s", file, of)
	}
	return fmt.Sprintf("another text of %s than the one filed now, whether the result changed since or the SHA-256 was mistyped or pasted", of)
}

// fileWithSum is the file of the folder (the first by path) whose SHA-256
// is sum, or "". Every file read is hashed once, at the first void word,
// not at each look at the battles step.
func fileWithSum(f *Folder, sum string) string {
	if f.bySum == nil {
		f.bySum = map[string]string{}
		// Every file read: those whose text is kept, and those read ahead
		// with their sum (a text read again is in both).
		files := slices.AppendSeq(slices.Collect(maps.Keys(f.Texts)), maps.Keys(f.sums))
		slices.Sort(files)
		for _, file := range slices.Compact(files) {
			if d := f.Digest(file); f.bySum[d] == "" && (f.Disk == nil || f.Disk.IsFile(file)) {
				f.bySum[d] = file
			}
		}
	}
	return f.bySum[sum]
}

// voids says whether a battle's confirmation c and the Warmaster's ruling
// w (either nil) name another text than its result as filed now, whose
// SHA-256 is digest: a void confirmation is not said while a ruling stands
// for the result as it is (it is settled).
func voids(c *processor.Confirmation, w *processor.WarmasterRuling, digest string) (conf, ruling bool) {
	ruling = w != nil && w.Digest() != digest
	conf = c != nil && c.Digest() != digest && (w == nil || ruling)
	return conf, ruling
}

// confirmationWords are a confirmation's name and key: confirms or disputes.
func confirmationWords(c *processor.Confirmation) (noun, verb, key string) {
	if c.Confirms == "" {
		return "dispute", "dispute", "disputes"
	}
	return "confirmation", "confirm", "confirms"
}

// VoidWords are status's words on battle's confirmation c and the
// Warmaster's ruling w (either nil) when they name another text than its
// result as filed now, whose SHA-256 is digest: " (its confirmation is
// void: it names …)", or "" when neither does. A void confirmation is not
// said while a ruling stands for the result as it is: it is settled.
func VoidWords(f *Folder, phase int, battle, digest string, c *processor.Confirmation, w *processor.WarmasterRuling) string {
	var s string
	confVoid, rulingVoid := voids(c, w, digest)
	if confVoid {
		noun, _, _ := confirmationWords(c)
		s += fmt.Sprintf(" (its %s is void: it names %s)", noun, OtherText(f, phase, battle, c.Digest()))
	}
	if rulingVoid {
		s += fmt.Sprintf(" (the Warmaster's ruling is void: it names %s)", OtherText(f, phase, battle, w.Digest()))
	}
	return s
}

// NoteVoid notes (Folder.Note), by battle, each confirmation and ruling
// of phase that names another text than its battle's result as filed now,
// of the battles that count (a stray's file is set aside, and says so): it
// counts for nothing, which is no fault — the result awaits the other
// side, then is applied as filed at the deadline — but the check says it,
// what it names, and what would count.
func NoteVoid(f *Folder, phase int, counts func(battle string) bool) {
	var ids []string
	for id, res := range f.Results[phase] {
		confVoid, rulingVoid := voids(f.Confirmations[phase][id], f.Rulings[phase][id], res.SHA256)
		if (confVoid || rulingVoid) && counts(id) {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	for _, id := range ids {
		res, c, w := f.Results[phase][id], f.Confirmations[phase][id], f.Rulings[phase][id]
		d, result := res.SHA256, processor.InputPath(phase, "results", id)
		confVoid, rulingVoid := voids(c, w, d)
		if confVoid {
			noun, verb, key := confirmationWords(c)
			f.Note(processor.Fault{File: c.Src.File, Message: fmt.Sprintf("this %s is void, so %s is neither confirmed nor disputed, and at the deadline is applied as filed: it names %s. To %s the result as filed now, write %s = %q (the SHA-256 `warmaster status` gives for it)", noun, result, OtherText(f, phase, id, c.Digest()), verb, key, d)})
		}
		if rulingVoid {
			f.Note(processor.Fault{File: w.Src.File, Message: fmt.Sprintf("this ruling is void, so %s has no ruling: it names %s. To rule on the result as filed now, write upholds = %q or overturns = %q (the SHA-256 `warmaster status` gives for it)", result, OtherText(f, phase, id, w.Digest()), d, d)})
		}
	}
}

// NoteUnfiled notes each confirmation or dispute of phase for a battle
// that is fought (fought) but whose result is not in: it counts for nothing
// yet, and the SHA-256 it names says, when it is another file's, which
// result it was meant for (a confirmation named after the player's own
// fleet, not the battle's).
func NoteUnfiled(f *Folder, phase int, fought func(battle string) bool) {
	for _, id := range slices.Sorted(maps.Keys(f.Confirmations[phase])) {
		c := f.Confirmations[phase][id]
		if f.Results[phase][id] != nil || !fought(id) {
			continue
		}
		noun, _, _ := confirmationWords(c)
		meant := ""
		if file := fileWithSum(f, c.Digest()); file != "" {
			meant = fmt.Sprintf(": it names the SHA-256 of %s", file)
		}
		f.Note(processor.Fault{File: c.Src.File, Message: fmt.Sprintf("no result of battle %s is in, so this %s counts for nothing yet%s; a %s is named after the battle of the result it answers", id, noun, meant, noun)})
	}
}

// VoidRefusal is the pull-request check's word on a confirmation c of
// battle that names another text than its result as filed now (result):
// the same as status's, to be copied right.
func VoidRefusal(f *Folder, phase int, battle, result string, c *processor.Confirmation) string {
	noun, _, _ := confirmationWords(c)
	return fmt.Sprintf("This %s names %s: copy the line `warmaster status` gives for %s.", noun, OtherText(f, phase, battle, c.Digest()), result)
}

// VoidReport is the report's word on a result applied unconfirmed, other's
// confirmation or dispute c naming another text of it. Said without
// looking further than c: a replay writes the report again from the
// step's inputs alone.
func VoidReport(c *processor.Confirmation, other processor.AllianceID) string {
	noun, _, _ := confirmationWords(c)
	return fmt.Sprintf("%s's %s names another text of the result than the one filed, whether it changed since or the SHA-256 was mistyped or pasted, which voids it, and %s neither confirmed nor disputed it as filed by the deadline", other, noun, other)
}
