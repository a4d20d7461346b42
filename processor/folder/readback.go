package folder

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder/owntoml"
	"github.com/warmaster/warmaster/processor/report"
	"github.com/warmaster/warmaster/schema"
)

// What Warmaster reads back from the files it wrote — state.toml,
// journal.toml — is checked as a player's file is: a value a run could not
// have written (a Power Level of 99, a step out of order, a journal cut
// short) is a fault at its line and column, and nothing is processed.
// Damage or a hand edit would otherwise decide the campaign quietly.

// StepAt is a step of a phase, as the journal and the state name it.
type StepAt struct {
	Phase int
	Step  processor.Step
}

func (p StepAt) String() string {
	if p.Step == processor.StepSetup {
		return "set-up"
	}
	return fmt.Sprintf("phase %d, step %s", p.Phase, p.Step)
}

// NextSteps are the steps the campaign can wait for once an input step
// has been applied (run.nextStep, and the End of the Campaign after the
// last phase's battles). An Open Tome right after set-up no event can
// bring about, but it is harmless, and tests make such a state.
func NextSteps(done StepAt) []StepAt {
	p := done.Phase
	switch done.Step {
	case processor.StepSetup:
		return []StepAt{{1, processor.StepOpenTome}, {1, processor.StepOperations}}
	case processor.StepOpenTome:
		return []StepAt{{p, processor.StepOperations}}
	case processor.StepOperations:
		return []StepAt{{p, processor.StepBattles}}
	case processor.StepBattles:
		return []StepAt{{p, processor.StepEvents}, {p, processor.StepMoves}, {p, processor.StepTiebreak}, {p, processor.StepEnded}}
	case processor.StepEvents:
		return []StepAt{{p, processor.StepMoves}}
	case processor.StepMoves:
		return []StepAt{{p, processor.StepBuilds}}
	case processor.StepBuilds:
		return []StepAt{{p + 1, processor.StepOpenTome}, {p + 1, processor.StepOperations}}
	case processor.StepTiebreak:
		return []StepAt{{p, processor.StepEnded}}
	}
	return nil
}

func stepList(steps []StepAt) string {
	s := make([]string, len(steps))
	for i, st := range steps {
		s[i] = st.String()
	}
	return strings.Join(s, " or ")
}

// CheckJournal checks journal.toml's entries as read: each complete, in the
// order steps are applied, and the last one the step just before the
// state's (when the state could be read). A journal cut short or edited
// would let inputs be applied twice or never, and replay lie.
func CheckJournal(c *processor.Campaign, s *processor.State, steps []owntoml.JournalEntry, fs *processor.Faults) {
	checkJournalFrom(c, s, steps, 0, fs)
}

// checkJournalFrom is CheckJournal of a journal whose entries before from
// are known to be without fault for a campaign of as many phases: each
// entry is judged by itself and the one before it.
func checkJournalFrom(c *processor.Campaign, s *processor.State, steps []owntoml.JournalEntry, from int, fs *processor.Faults) {
	root := processor.Src{File: processor.JournalFile}
	bad := func(at processor.Src, format string, args ...any) {
		fs.Add(at, format+" (journal.toml is written by the processor: it was cut short or edited; restore it from git history)", args...)
	}
	var prev *StepAt
	if from > 0 {
		prev = &StepAt{steps[from-1].Phase, steps[from-1].Step}
	}
	for i := from; i < len(steps); i++ {
		e := steps[i]
		at := root.At("steps", i)
		here := StepAt{e.Phase, e.Step}
		switch {
		case e.Step == processor.StepEnded:
			bad(at.At("step"), "step %q is never applied: it is where a campaign stops", e.Step)
		case (e.Step == processor.StepSetup) != (e.Phase == 0):
			bad(at.At("phase"), "phase %d with step %q: set-up is phase 0, every other step phase 1 to %d", e.Phase, e.Step, c.Phases)
		case e.Phase < 0 || e.Phase > c.Phases:
			bad(at.At("phase"), "phase %d is outside 1–%d", e.Phase, c.Phases)
		case prev != nil && !slices.Contains(NextSteps(*prev), here):
			bad(at, "%s cannot follow %s: after it comes %s", here, *prev, stepList(NextSteps(*prev)))
		}
		switch {
		case e.Applied.IsZero():
			bad(at, "this step has no applied time")
		case i > 0 && e.Applied.Before(steps[i-1].Applied):
			// The journal's times are history: a run applies its steps at
			// one time, each run after the one before.
			bad(at.At("applied"), "%s was applied at %s, before the step before it (%s)", here, e.Applied.Format(time.RFC3339), steps[i-1].Applied.Format(time.RFC3339))
		}
		checkJournalDice(at, e, bad)
		for j, in := range e.Inputs {
			checkJournalInput(root, i, j, in, bad)
		}
		prev = &here
	}
	if s == nil {
		return
	}
	state := StepAt{s.Phase, s.Step}
	switch {
	case prev == nil && s.Step != processor.StepSetup:
		bad(root, "the journal has no step, but state.toml is at %s", state)
	case prev != nil && !slices.Contains(NextSteps(*prev), state):
		bad(root.At("steps", len(steps)-1), "the last step applied is %s, so the campaign waits for %s; state.toml is at %s", *prev, stepList(NextSteps(*prev)), state)
	}
}

// CheckJournalTime refuses a journal with a step applied after now, the
// time of an advance: its steps would follow one that has not happened yet
// (an applied time edited, or a clock set back).
func CheckJournalTime(steps []owntoml.JournalEntry, now time.Time, fs *processor.Faults) {
	root := processor.Src{File: processor.JournalFile}
	for i, e := range steps {
		if e.Applied.After(now) {
			fs.Add(root.At("steps", i, "applied"), "%s was applied at %s, after the time of this run (%s) (journal.toml is written by the processor: it was edited, or this run's clock is behind; restore it from git history, or run at the right time with --now)", StepAt{e.Phase, e.Step}, e.Applied.Format(time.RFC3339), now.Format(time.RFC3339))
			return
		}
	}
}

// checkJournalInput: an input is a file of the campaign folder, by a
// clean slash path, with the SHA-256 of what the step consumed — or, for
// a file that arrived after its step (not_applied, and never read), none.
// Its place (steps i, inputs j) is made only for a fault: a journal has an
// input for every file a campaign consumed, and a replay reads it once a run.
func checkJournalInput(root processor.Src, i, j int, in owntoml.JournalInput, bad func(processor.Src, string, ...any)) {
	at := func() processor.Src { return root.At("steps", i, "inputs", j) }
	if why := inputPathProblem(in.Path); why != "" {
		bad(at().At("path"), "the input %q %s: a journal names the input files of the campaign folder it is in, such as phases/01/orders/alice.toml", in.Path, why)
	}
	switch {
	case in.SHA256 == "" && in.NotApplied == "":
		bad(at(), "this input has no sha256: only a file not applied (not_applied, it arrived after its step) has none")
	case in.SHA256 != "" && !isSHA256(in.SHA256):
		bad(at().At("sha256"), "%q is not a SHA-256: 64 hexadecimal digits, lower case", in.SHA256)
	}
}

// checkJournalDice: a step records how many dice it rolled and their
// digest (a step journaled before Warmaster recorded its dice has
// neither).
func checkJournalDice(at processor.Src, e owntoml.JournalEntry, bad func(processor.Src, string, ...any)) {
	switch {
	case e.Dice < 0:
		bad(at.At("dice"), "dice = %d: a step rolls 0 dice or more", e.Dice)
	case e.DiceSHA256 != "" && !isSHA256(e.DiceSHA256):
		bad(at.At("dice_sha256"), "%q is not a SHA-256: 64 hexadecimal digits, lower case", e.DiceSHA256)
	case e.Dice > 0 && e.DiceSHA256 == "":
		bad(at.At("dice"), "dice = %d without dice_sha256, the digest of those dice", e.Dice)
	}
}

func isSHA256(s string) bool {
	if len(s) != 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !(s[i] >= '0' && s[i] <= '9' || s[i] >= 'a' && s[i] <= 'f') {
			return false
		}
	}
	return true
}

// checkReadBack checks the values of state.toml as read (f) into s that a
// run could never have written: each is a fault, at the value, saying what
// would be valid. What decodeState checks as it reads (known ids, the
// number of locations, war engines' damage) is not repeated here.
func checkReadBack(s *processor.State, f *owntoml.StateDoc, root processor.Src, bad func(processor.Src, string, ...any)) {
	c := s.C
	switch {
	case s.Step == processor.StepSetup && s.Phase != 0:
		bad(root.At("phase"), "phase %d at set-up: set-up is phase 0", s.Phase)
	case s.Step != processor.StepSetup && (s.Phase < 1 || s.Phase > c.Phases):
		bad(root.At("phase"), "phase %d is outside 1–%d", s.Phase, c.Phases)
	}
	if s.Step == processor.StepSetup {
		return // nothing is on the map yet
	}
	// Points Tracker: total Power Level, +3 while the Stronghold stands.
	most := 4*len(c.Map.Planets) + 3
	for _, a := range c.AllianceIDs() {
		if p := s.Points[a]; p < 0 || p > most {
			bad(root.At("points", a), "%s has %d Campaign points: they are its total Power Level (at most 4 a planet) plus 3, from 0 to %d on this map", a, p, most)
		}
	}
	pieces := map[processor.AllianceID]map[processor.InfraType]int{}
	for _, p := range c.Map.Planets {
		at := root.At("planets", p.ID)
		ps := s.Planet(p.ID)
		destroyed := s.Destroyed(p.ID)
		if pf, ok := f.Planets[string(p.ID)]; ok && len(pf.Locations) == len(ps.Locations) && pf.Destroyed != destroyed {
			bad(at.At("destroyed"), "destroyed = %t, but %s: a planet is destroyed when the last of its locations is", pf.Destroyed, locationsText(destroyed))
		}
		for i, l := range ps.Locations {
			if l.Status != processor.Built {
				continue
			}
			if pieces[l.Alliance] == nil {
				pieces[l.Alliance] = map[processor.InfraType]int{}
			}
			// Limits per Alliance: Stronghold 1, Staging Grounds 3,
			// Support Facility 3, Fortification Line 5.
			if pieces[l.Alliance][l.Type]++; pieces[l.Alliance][l.Type] == l.Type.Limit()+1 {
				bad(at.At("locations", i), "%s has more than %d %s pieces on the map, its limit", l.Alliance, l.Type.Limit(), l.Type.Title())
			}
		}
		for _, a := range c.AllianceIDs() {
			lvl := ps.Power[a]
			min := min(4, 1+s.Pieces(p.ID, a, processor.FortificationLine))
			switch {
			// Power Level bounds: 1–4 on an intact planet; a destroyed
			// planet is 0 for everyone.
			case destroyed && lvl != 0:
				bad(at.At("power", a), "%s's Power Level is %d at a destroyed planet: every Alliance is at 0 there", a, lvl)
			case !destroyed && (lvl < 1 || lvl > 4):
				bad(at.At("power", a), "%s's Power Level is %d: on an intact planet it is 1 to 4", a, lvl)
			// Fortification Line: the minimum is 1 + the Alliance's Lines there.
			case !destroyed && lvl < min:
				bad(at.At("power", a), "%s's Power Level is %d, below the %d its Fortification Lines here hold it at", a, lvl, min)
			}
		}
	}
	// The fleets on the map are those of every player who has played, at
	// the roster changes in effect (rosterAt): not one that joins later.
	var unknown []string
	for id := range f.Fleets {
		if _, ok := c.FleetOf(processor.FleetID(id)); !ok {
			unknown = append(unknown, id)
		}
	}
	slices.Sort(unknown)
	valid := "campaign.toml's fleets are " + report.OneOf(c.Declared().FleetIDs())
	if n := len(c.Declared().Fleets); n > report.MaxListed {
		valid = fmt.Sprintf("not one of the %d fleets campaign.toml declares", n) // not listed in each of up to MaxFaults faults
	}
	for i, id := range unknown {
		if i == schema.MaxFaults {
			// A million made-up fleets are not worded one by one.
			bad(root.At("fleets", id), "unknown fleet %q, and %d more after it by name", id, len(unknown)-i-1)
			break
		}
		if fl, ok := c.Declared().FleetOf(processor.FleetID(id)); ok {
			why := c.NotPlaying(fl.Player)
			if why == "" {
				why = fmt.Sprintf("%s does not play yet", fl.Player)
			}
			bad(root.At("fleets", id), "fleet %q is not on the map at roster = %d: %s", id, s.Roster, why)
			continue
		}
		bad(root.At("fleets", id), "unknown fleet %q: %s", id, valid)
	}
	for i, o := range s.Orders {
		checkReadBackOrder(s, root.At("orders", i), o, bad)
	}
	if s.StellarStorms < 0 || s.StellarStorms > c.Phases {
		bad(root.At("stellar_storms"), "stellar_storms = %d: it is the phase Stellar Storms took effect in, 1 to %d, or 0 before", s.StellarStorms, c.Phases)
	}
	for i, e := range s.Events {
		checkReadBackEffect(s, root.At("events", i), e, bad)
		// A held event waits behind an earlier one that waits for choices
		// (RULINGS 45); one that waits for choices itself is never held.
		switch {
		case e.Held && e.Event.Holds():
			bad(root.At("events", i, "held"), "%s waits for choices itself: held is only for events without choices of their own", e.Event.Title())
		case e.Held && !slices.ContainsFunc(s.Events[:i], func(x processor.Effect) bool { return x.Event.Holds() }):
			bad(root.At("events", i, "held"), "held, but no event before it in [[events]] waits for choices")
		}
	}
	for i, e := range s.Effects {
		checkReadBackEffect(s, root.At("effects", i), e, bad)
		if e.Held {
			bad(root.At("effects", i, "held"), "held is for [[events]] waiting in the events step behind an earlier event, not for an effect in force")
		}
	}
	ends := s.Step == processor.StepEnded || s.Step == processor.StepTiebreak
	switch {
	case s.End != nil && !ends:
		bad(root.At("end"), "the campaign has an end, but the state waits for step %q", s.Step)
	case s.End == nil && ends:
		bad(root.At("step"), "step %q, but the state has no [end]: how the campaign ended", s.Step)
	case s.End != nil:
		checkReadBackEnd(s, root.At("end"), bad)
	}
}

func locationsText(destroyed bool) string {
	if destroyed {
		return "every one of its locations is destroyed"
	}
	return "not every one of its locations is destroyed"
}

// checkOrder checks a revealed order's values that decodeState does not.
func checkReadBackOrder(s *processor.State, at processor.Src, o processor.Order, bad func(processor.Src, string, ...any)) {
	c := s.C
	if o.Defender != "" && !c.HasAlliance(o.Defender) {
		bad(at.At("defender"), "unknown alliance %q; alliances: %s", o.Defender, report.OneOf(c.AllianceIDs()))
	}
	if o.Theatre != "" && processor.TheatreTwists[o.Theatre] == [3]string{} {
		bad(at.At("theatre"), "unknown theatre %q", o.Theatre)
	}
	if o.Src.File != "" && !sourceRE.MatchString(o.Src.File) {
		bad(at.At("source"), "%q is not an orders file: phases/NN/orders/<login>.toml", o.Src.File)
	}
	ch := o.Choices()
	out := at.At("outcome")
	if ch.PowerAdjust < -1 || ch.PowerAdjust > 1 {
		bad(out.At("power_adjust"), "power_adjust = %d: the Power Level is treated as 1 higher (1) or lower (-1), or as it is (0)", ch.PowerAdjust)
	}
	if ch.Direction != "" && ch.Direction != "to-connected" && ch.Direction != "from-connected" {
		bad(out.At("direction"), "direction %q: \"to-connected\" or \"from-connected\"", ch.Direction)
	}
	for _, k := range []struct {
		key  string
		list []processor.PlanetID
	}{{"transfer", ch.Transfer}, {"planets", ch.Planets}, {"moves", ch.Moves}, {"reinforce", []processor.PlanetID{ch.Reinforce}}, {"planet", []processor.PlanetID{ch.Planet}}} {
		for _, p := range k.list {
			if p != "" && !c.Map.Has(p) {
				bad(out.At(k.key), "unknown planet %q", p)
			}
		}
	}
	if n := ch.Location; n < 0 || n > maxLocations {
		bad(out.At("location"), "location %d: locations are counted from 1 to at most %d", n, maxLocations)
	}
	for i, n := range ch.Locations {
		if n < 1 || n > maxLocations {
			bad(out.At("locations", i), "location %d: locations are counted from 1 to at most %d", n, maxLocations)
		}
	}
	if ch.Fleet != "" {
		if _, ok := c.FleetOf(ch.Fleet); !ok {
			bad(out.At("fleet"), "unknown fleet %q", ch.Fleet)
		}
	}
}

// maxLocations: a planet has 1 to 10 Infrastructure locations (map.toml).
const maxLocations = 10

// sourceRE is an orders file's path, as the state records where an order
// came from.
var sourceRE = regexp.MustCompile(`^phases/[0-9]{2,3}/orders/[^/\\]+\.toml$`)

// checkEffect checks an event or effect's values that decodeEvents does
// not. The players and fleets Machinations of Fate names are those of
// campaign.toml: one may have left since it was decided ([[roster_changes]]).
func checkReadBackEffect(s *processor.State, at processor.Src, e processor.Effect, bad func(processor.Src, string, ...any)) {
	c := s.C
	// An effect takes effect in this phase or the next ("in the next
	// Campaign phase"), at most one after the last.
	if e.Phase < 1 || e.Phase > c.Phases+1 {
		bad(at.At("phase"), "phase %d is outside 1–%d", e.Phase, c.Phases+1)
	}
	for _, a := range slices.Sorted(maps.Keys(e.Riches)) {
		if !c.HasAlliance(a) {
			bad(at.At("riches", a), "unknown alliance %q", a)
		}
		for _, p := range slices.Sorted(maps.Keys(e.Riches[a])) {
			if !c.Map.Has(p) {
				bad(at.At("riches", a, p), "unknown planet %q", p)
			}
		}
	}
	d := c.Declared()
	for _, l := range slices.Sorted(maps.Keys(e.Players)) {
		if _, ok := d.PlayerOf(l); !ok {
			bad(at.At("players", l), "unknown player %q", l)
		} else if a := e.Players[l]; !c.HasAlliance(a) {
			bad(at.At("players", l), "unknown alliance %q", a)
		}
	}
	for _, id := range slices.Sorted(maps.Keys(e.Fleets)) {
		if _, ok := d.FleetOf(id); !ok {
			bad(at.At("fleets", id), "unknown fleet %q", id)
		} else if l := e.Fleets[id]; !slices.Contains(d.Logins(), l) {
			bad(at.At("fleets", id), "unknown player %q", l)
		}
	}
}

// checkEnd checks how the campaign ended: known Alliances and players (of
// campaign.toml: a medal may go to one who has left since).
func checkReadBackEnd(s *processor.State, at processor.Src, bad func(processor.Src, string, ...any)) {
	c := s.C
	if w := s.End.Winner; w != "" && !c.HasAlliance(w) {
		bad(at.At("winner"), "unknown alliance %q; alliances: %s", w, report.OneOf(c.AllianceIDs()))
	}
	for i, a := range s.End.Tied {
		if !c.HasAlliance(a) {
			bad(at.At("tied", i), "unknown alliance %q; alliances: %s", a, report.OneOf(c.AllianceIDs()))
		}
	}
	for _, m := range s.End.Medals {
		for i, l := range m.Players {
			if !slices.Contains(c.Declared().Logins(), l) {
				bad(at.At("medals", m.Medal, "players", i), "unknown player %q", l)
			}
		}
		for _, a := range slices.Sorted(maps.Keys(m.Scores)) {
			if !c.HasAlliance(a) {
				bad(at.At("medals", m.Medal, "scores", a), "unknown alliance %q", a)
			}
		}
	}
}
