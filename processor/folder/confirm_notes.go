package folder

import (
	"fmt"
	"strings"
	"time"

	"github.com/warmaster/warmaster/processor"
)

// ConfirmDay is how long the other side has to see a result before the
// battles deadline applies it unconfirmed ([rules] confirm_results).
const ConfirmDay = 24 * time.Hour

// RulingPath is the Warmaster's ruling on a battle's disputed result.
func RulingPath(phase int, battle string) string {
	return processor.InputPath(phase, "rulings", battle)
}

// ConfirmNotes say, for each result awaiting the other side or the
// Warmaster, what to commit: the confirmation or dispute, or the ruling,
// naming the result by its SHA-256.
func ConfirmNotes(aw []processor.Await) []string {
	var out []string
	for _, a := range aw {
		if a.Unsettled == "" || a.Faulty {
			continue
		}
		cp := Classify(a.File)
		if cp.Kind == KindTiebreak {
			out = append(out, fmt.Sprintf("`%s` is in, %s: under `[agreed]`, their players write %s, the victor the battles make, by a pull request of their own (a line naming another victor counts for nothing). Until then it waits, past the tiebreak deadline too, unless the repository's Warmasters complete it.", a.File, strings.TrimPrefix(a.Unsettled, "yes, "), a.Agree))
			continue
		}
		if strings.HasPrefix(a.Unsettled, "disputed") {
			out = append(out, fmt.Sprintf("`%s` is %s: the Warmaster commits `%s` holding `upholds = \"%s\"` (applied as filed) or `overturns = \"%s\"` (not applied: the attacker is victorious), with `why`.%s", a.File, a.Unsettled, RulingPath(cp.Phase, cp.Name), a.Digest, a.Digest, a.Dispute))
			continue
		}
		when := "once a day has passed since advance first sees it"
		if !a.Seen.IsZero() {
			when = fmt.Sprintf("or from %s if later (advance first saw it at %s: the other side has a day)", a.Seen.Add(ConfirmDay).Format("2006-01-02 15:04 MST"), a.Seen.Format("2006-01-02 15:04 MST"))
		}
		out = append(out, fmt.Sprintf("`%s` is %s: to confirm it, commit `%s` holding `confirms = \"%s\"`; to dispute it, `disputes = \"%s\"` and `why = \"…\"`. Unconfirmed and undisputed, it is applied as filed at the deadline, %s.", a.File, strings.TrimPrefix(a.Unsettled, "yes, "), processor.InputPath(cp.Phase, "confirmations", cp.Name), a.Digest, a.Digest, when))
	}
	return out
}
