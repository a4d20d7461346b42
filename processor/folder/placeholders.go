package folder

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/report"
)

// Placeholders are notes on what `warmaster init` wrote into campaign.toml
// for the Warmaster to replace and that is still there before set-up: the
// placeholder logins (StarterLogin) and the placeholder seed. They are not
// faults — check accepts the campaign as init writes it — and there are
// none once the set-up has been applied, when neither may change.
func (f *Folder) Placeholders() []processor.Fault {
	if f.Campaign == nil || f.State == nil || f.State.Step != processor.StepSetup {
		return nil
	}
	var fs processor.Faults
	var logins []string
	var first processor.Src
	for _, p := range f.Campaign.Players {
		if processor.StarterLoginRE.MatchString(string(p.Login)) {
			if logins == nil {
				first = p.Src.At("login")
			}
			logins = append(logins, string(p.Login))
		}
	}
	switch len(logins) {
	case 0:
	case 1:
		fs.Add(first, "login %s is still warmaster init's placeholder: replace it with a player's GitHub login, in [[players]] and [[fleets]] alike", logins[0])
	default:
		// The first few: init writes up to 1,500, and the note is on every
		// check, status and advance until they are replaced.
		list := strings.Join(logins[:min(len(logins), placeholdersListed)], ", ")
		if more := len(logins) - placeholdersListed; more > 0 {
			list += fmt.Sprintf(", … and %d more", more)
		}
		fs.Add(first, "%d logins are still warmaster init's placeholders (%s): replace each with a player's GitHub login, in [[players]] and [[fleets]] alike",
			len(logins), list)
	}
	if f.Campaign.Seed == processor.StarterSeed {
		fs.Add(processor.Src{File: processor.CampaignFile, Ptr: "/dice/seed"}, "seed %q is warmaster init's placeholder: replace it with words of your own before set-up, as the dice are rolled from it (or commit to a secret key: warmaster dice-key)", processor.StarterSeed)
	}
	var notes *processor.InvalidError
	if errors.As(fs.Err(f.Text), &notes) {
		return notes.Faults
	}
	return nil
}

// placeholdersListed is the most placeholder logins the note names.
const placeholdersListed = 10

// CampaignNotes are what check, status and advance say of campaign.toml
// without refusing it: init's placeholders left in it (Placeholders), the
// roster changes to come that could not take effect (RosterAhead), and
// the phases still to come with a step lacking its deadline, which would
// wait for every file, however long.
func (f *Folder) CampaignNotes() []processor.Fault {
	notes := f.Placeholders()
	for _, n := range f.RosterAhead {
		n.Message = "this roster change could not take effect as the campaign stands: " + n.Message + ". Until it is changed, a run of advance that reaches its step applies nothing, the steps before it in that run included"
		notes = append(notes, n)
	}
	c, s := f.Campaign, f.State
	if c == nil || s == nil || s.Step == processor.StepEnded {
		return notes
	}
	var fs processor.Faults
	at := processor.Src{File: processor.CampaignFile, Ptr: "/phases"}
	var none []string // phases without a [[deadlines]] table
	// The latest deadline of a step still to come in an earlier phase: a
	// phase's before it says a year or a month mistyped (campaign.toml
	// refuses a phase's own out of order; across phases only the steps to
	// come count, as a processed phase's deadlines may since have moved).
	var last struct {
		t     time.Time
		name  string
		phase int
	}
	for phase := max(s.Phase, 1); phase <= c.Phases; phase++ {
		d, ok := c.Deadlines[phase]
		if !ok {
			none = append(none, strconv.Itoa(phase))
			continue
		}
		var missing []string
		early := false
		for _, k := range []struct {
			name string
			t    time.Time
			need bool
			step processor.Step
		}{
			{"operations", d.Operations, true, processor.StepOperations},
			{"battles", d.Battles, true, processor.StepBattles},
			// The last phase ends with its step 3 (End of the Campaign).
			{"events", d.Events, c.Rules.Events && phase < c.Phases, processor.StepEvents},
			{"moves", d.Moves, phase < c.Phases, processor.StepMoves},
			{"builds", d.Builds, phase < c.Phases, processor.StepBuilds},
		} {
			if k.need && k.t.IsZero() {
				missing = append(missing, k.name)
			}
			if k.t.IsZero() || phase == s.Phase && s.Step != processor.StepSetup && k.step < s.Step {
				continue // none, or its step is processed
			}
			if last.phase != 0 && last.phase != phase && k.t.Before(last.t) && !early {
				early = true
				where := at
				if d.Src.File != "" {
					where = d.Src.At(k.name)
				}
				fs.Add(where, "phase %d's %s deadline (%s) is before phase %d's %s deadline (%s): the phases run one after the other, so its steps would wait for phase %d's and then apply at once; is its year or month mistyped?", phase, k.name, k.t.Format(time.RFC3339), last.phase, last.name, last.t.Format(time.RFC3339), last.phase)
			}
			if !k.t.Before(last.t) {
				last.t, last.name, last.phase = k.t, k.name, phase
			}
		}
		if len(missing) > 0 {
			those := "that step"
			if len(missing) > 1 {
				those = "those steps"
			}
			fs.Add(at, "phase %d's [[deadlines]] has no %s: %s will wait for every file, however long", phase, report.QuotedAnd(missing), those)
		}
		if phase == c.Phases {
			lastPhaseSteps(&fs, phase, d, at)
		}
	}
	switch len(none) {
	case 0:
	case 1:
		fs.Add(at, "phase %s has no [[deadlines]] table: its steps will wait for every file, however long; add one", none[0])
	default:
		fs.Add(at, "phases %s have no [[deadlines]] table: their steps will wait for every file, however long; add one for each (warmaster init --start and --every write every phase's)", report.And(none))
	}
	var more *processor.InvalidError
	if errors.As(fs.Err(f.Text), &more) {
		notes = append(notes, more.Faults...)
	}
	return notes
}

// lastPhaseSteps notes the deadlines of the last phase's table for steps it
// never has: the campaign ends at its step 3 (End of the Campaign), so its
// events, moves and builds deadlines (an older init wrote them) are never
// used. Accepted, as they always were, and said once, at the first.
func lastPhaseSteps(fs *processor.Faults, phase int, d processor.Deadlines, at processor.Src) {
	var keys []string
	for _, k := range []struct {
		name string
		t    time.Time
	}{{"events", d.Events}, {"moves", d.Moves}, {"builds", d.Builds}} {
		if !k.t.IsZero() {
			keys = append(keys, k.name)
		}
	}
	if len(keys) == 0 {
		return
	}
	if d.Src.File != "" {
		at = d.Src.At(keys[0])
	}
	what, those := "a step the last phase does not have", "that deadline is never used; remove its line"
	if len(keys) > 1 {
		what, those = "steps the last phase does not have", "those deadlines are never used; remove their lines"
	}
	fs.Add(at, "phase %d's [[deadlines]] has %s, %s: the campaign ends at its step 3 (End of the Campaign; a tie's final battles are due by tiebreak), so %s", phase, report.QuotedAnd(keys), what, those)
}
