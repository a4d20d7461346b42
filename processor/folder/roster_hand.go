package folder

import (
	"maps"
	"slices"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder/owntoml"
)

// rosterGuide is where the organisers' guide says how the roster changes.
const rosterGuide = `docs/organisers.md, "Players who join late, drop out, or hand over"`

// checkRosterByHand refuses a roster changed by hand once steps were
// played with it. Who plays changes only through [[roster_changes]]: the
// steps so far, and their replay with today's campaign.toml, were played
// with every player who played and with each fleet under its player, and
// a replay would otherwise blame the files Warmaster wrote. Neither
// state.toml nor the journal lists the roster; what they show of it is
// held: a login whose orders or moves a step applied (the journal's
// inputs, state.toml's orders) is still in [[players]], and a fleet whose
// orders this phase came from a player's file is that player's, unless a
// defection or roster change gave it to another.
func checkRosterByHand(c *processor.Campaign, s *processor.State, steps []owntoml.JournalEntry, fs *processor.Faults) {
	d := c.Declared()
	type first struct { // the first file of a login's a step applied, and its step
		file  string
		step  processor.Step
		phase int
	}
	gone := map[processor.Login]first{} // only the logins no longer in [[players]]: a big campaign's look-ups, not a map of all
	note := func(file string, step processor.Step, phase int) {
		switch p := Classify(file); p.Kind {
		case KindOrders, KindMoves:
			l := processor.Login(p.Name)
			if _, ok := d.PlayerOf(l); !ok && gone[l].file == "" {
				gone[l] = first{file, step, phase}
			}
		}
	}
	for _, e := range steps {
		for _, in := range e.Inputs {
			if in.SHA256 != "" && in.NotApplied == "" {
				note(in.Path, e.Step, e.Phase)
			}
		}
	}
	for _, o := range s.Orders {
		if o.Src.File != "" {
			note(o.Src.File, processor.StepOperations, s.Phase)
		}
	}
	for _, l := range slices.Sorted(maps.Keys(gone)) {
		p := gone[l]
		fs.Add(processor.Src{File: processor.CampaignFile}.At("players"), "%s is no longer in [[players]], but steps were played with them (%s, applied at %s): put their [[players]] table back as it was. To have them stop playing, add a [[roster_changes]] entry from a step still to come: leave = %q, or hand = %q, to = \"<login>\" (%s)", l, p.file, StepInWords(p.step, p.phase), l, l, rosterGuide)
	}
	// A fleet's orders of this phase: from its player's file, unless a
	// roster change of this phase in effect, or a defection, moved it.
	for _, e := range d.RosterChanges[:min(s.Roster, len(d.RosterChanges))] {
		if e.Phase == s.Phase {
			return
		}
	}
	_, moved := c.AllegianceChanges()
	told := map[processor.FleetID]bool{} // a fleet's second operation (Defiant Zeal) comes from the same file
	for _, o := range s.Orders {
		if o.Src.File == "" || told[o.Fleet] {
			continue
		}
		l := processor.Login(Classify(o.Src.File).Name)
		f, ok := d.FleetOf(o.Fleet)
		if _, by := moved[o.Fleet]; !ok || by || f.Player == l || slices.Contains(c.FleetsOf(l), o.Fleet) {
			continue
		}
		told[o.Fleet] = true
		fs.Add(d.FleetSrc(o.Fleet).At("player"), "%s's player is %s, but %s commanded it in phase %d (%s): put player = %q back. To give it to %s, add a [[roster_changes]] entry from a step still to come: hand = %q, to = %q (or leave = %q) (%s)", o.Fleet, f.Player, l, s.Phase, o.Src.File, l, f.Player, l, f.Player, l, rosterGuide)
	}
}
