package processor

import (
	"fmt"
	"slices"

	"github.com/warmaster/warmaster/processor/report"
)

// rosterKind is what a roster change does.
type rosterKind int

const (
	RosterJoin  rosterKind = iota // a new player enters, with their fleets
	rosterHand                    // a player's fleets go to another login; the player leaves
	rosterLeave                   // a player leaves; their fleets go to their Alliance's other players
)

// RosterChange is one [[roster_changes]] entry of campaign.toml.
type RosterChange struct {
	Phase int
	Step  Step // the step it takes effect from: operations, battles, moves or builds
	Kind  rosterKind
	Login Login // who joins, hands over or leaves
	To    Login // hand: who takes the fleets
	Src   Src
}

// RosterSteps are the steps a roster change can take effect from: those
// every phase has (the final one ends in its step 3).
var RosterSteps = []Step{StepOperations, StepBattles, StepMoves, StepBuilds}

// PointOrder orders points in the campaign: phase, then step (An Open Tome's
// orders are step 1's); set-up comes first.
func PointOrder(phase int, s Step) int {
	if s == StepSetup {
		return 0
	}
	if s == StepOpenTome {
		s = StepOperations
	}
	return phase*16 + int(s)
}

// PointText names a step of a phase for a message: "phase 3, step moves".
func PointText(phase int, s Step) string {
	return fmt.Sprintf("phase %d, step %s", phase, s)
}

// decodeRoster reads [[roster_changes]] and [[fleets]] start, and checks
// what campaign.toml alone can say: one change per entry, in the order they
// take effect, who plays when.
func (c *Campaign) decodeRoster(d Obj, fleets []RosterFleet, fs *Faults) {
	c.Start = map[FleetID]PlanetID{}
	for _, f := range fleets {
		if f.Start != "" { // the schema's id: never empty where given
			c.Start[f.ID] = f.Start
		}
	}
	last := 0
	c.joining = map[Login]bool{} // named by a join key, even in an entry at fault: no follow-on faults
	for _, o := range d.Objs("roster_changes") {
		if o.has("join") {
			c.joining[Login(o.Str("join"))] = true
		}
	}
	for _, o := range d.Objs("roster_changes") {
		e := RosterChange{Phase: o.int("phase"), Step: StepOperations, Src: o.Src}
		if o.has("step") {
			_ = e.Step.UnmarshalText([]byte(o.Str("step"))) // the schema allows only RosterSteps
		}
		var kinds []string
		for _, k := range []struct {
			key  string
			kind rosterKind
		}{{"join", RosterJoin}, {"hand", rosterHand}, {"leave", rosterLeave}} {
			if o.has(k.key) {
				kinds = append(kinds, k.key)
				e.Kind, e.Login = k.kind, Login(o.Str(k.key))
			}
		}
		switch {
		case len(kinds) == 0:
			fs.Add(o.Src, "a roster change says what happens: join = \"<login>\", hand = \"<login>\" with to = \"<login>\", or leave = \"<login>\"")
			continue
		case len(kinds) > 1:
			fs.Add(o.Src, "one change per [[roster_changes]] entry, not %s: write an entry for each", report.QuotedAnd(kinds))
			continue
		}
		if e.Kind == rosterHand {
			e.To = Login(o.Str("to")) // there: the schema's if/then
		} else if o.has("to") {
			fs.AddKey(o.Src.At("to"), "\"to\" goes with hand = \"<login>\" (who takes the fleets), not with %s", kinds[0])
		}
		switch {
		case e.Phase > c.Phases:
			fs.Add(o.Src.At("phase"), "phase %d is past the campaign's last phase (%d)", e.Phase, c.Phases)
		case e.Phase == c.Phases && e.Step > StepBattles:
			fs.Add(o.Src.At("step"), "the final phase ends in its step 3: a change in phase %d takes effect from step \"operations\" or \"battles\"", e.Phase)
		case e.Order() < last:
			fs.Add(o.Src.At("phase"), "roster changes are listed in the order they take effect: %s comes before the change above it", PointText(e.Phase, e.Step))
		}
		last = max(last, e.Order())
		c.RosterChanges = append(c.RosterChanges, e)
	}
	c.checkRoster(fs)
}

// lateLogins are the players campaign.toml declares who do not play from
// the start: those who join, and those given fleets by a hand-over who have
// none of their own.
func (c *Campaign) lateLogins() map[Login]bool {
	late := map[Login]bool{}
	for _, e := range c.RosterChanges {
		switch {
		case e.Kind == RosterJoin:
			late[e.Login] = true
		case e.Kind == rosterHand && len(c.DeclaredFleets(e.To)) == 0:
			if p, ok := c.PlayerOf(e.To); !ok || !p.Warmaster {
				late[e.To] = true
			}
		}
	}
	return late
}

// DeclaredFleets are the fleets campaign.toml gives a player.
func (c *Campaign) DeclaredFleets(l Login) []FleetID {
	var out []FleetID
	for _, f := range c.Fleets {
		if f.Player == l {
			out = append(out, f.ID)
		}
	}
	return out
}

// checkRoster follows the roster changes through: each names players of
// campaign.toml who play (or, joining, do not yet) at that point, and a
// fleet that joins later says where it starts.
func (c *Campaign) checkRoster(fs *Faults) {
	c.Late = c.lateLogins()
	playing, ever := map[Login]bool{}, map[Login]bool{}
	if len(c.RosterChanges) > 0 { // else none to follow: a public campaign's players not copied for nothing
		for _, p := range c.Players {
			playing[p.Login] = !c.Late[p.Login]
			ever[p.Login] = playing[p.Login]
		}
	}
	declared := func(at Src, l Login) bool {
		if _, ok := c.PlayerOf(l); !ok {
			fs.Add(at, "no player %q in [[players]]: a player who joins is declared there too (login and alliance); %s", l, Hint(fs, string(l), c.Logins(), "valid: "+report.OneOf(c.Logins())))
			return false
		}
		return true
	}
	stays := func(l Login) bool { p, _ := c.PlayerOf(l); return p.Warmaster } // the Warmaster runs the campaign, with or without fleets
	for _, e := range c.RosterChanges {
		at := PointText(e.Phase, e.Step)
		switch e.Kind {
		case RosterJoin:
			if !declared(e.Src.At("join"), e.Login) {
				continue
			}
			switch {
			case ever[e.Login]:
				fs.Add(e.Src.At("join"), "%s plays already (from the start, or an earlier change): join is for a player who comes later", e.Login)
			case len(c.DeclaredFleets(e.Login)) == 0:
				fs.Add(e.Src.At("join"), "%s joins with no fleet: add a [[fleets]] entry with player = %q and start = \"<planet>\" (or give them someone's: hand = \"<login>\", to = %q)", e.Login, e.Login, e.Login)
			}
			playing[e.Login], ever[e.Login] = true, true
		case rosterHand:
			okFrom, okTo := declared(e.Src.At("hand"), e.Login), declared(e.Src.At("to"), e.To)
			switch {
			case !okFrom || !okTo:
			case e.To == e.Login:
				fs.Add(e.Src.At("to"), "%s hands their fleets to another login, not to themselves", e.Login)
			case !playing[e.Login]:
				fs.Add(e.Src.At("hand"), "%s does not play at %s: only a player's fleets are handed over", e.Login, at)
			case !playing[e.To] && ever[e.To]:
				fs.Add(e.Src.At("to"), "%s left the campaign earlier: the fleets go to a player who plays (or a new login)", e.To)
			}
			playing[e.To], ever[e.To] = true, true
			playing[e.Login] = stays(e.Login)
		case rosterLeave:
			if !declared(e.Src.At("leave"), e.Login) {
				continue
			}
			if !playing[e.Login] {
				fs.Add(e.Src.At("leave"), "%s does not play at %s", e.Login, at)
			}
			playing[e.Login] = stays(e.Login)
		}
	}
	joins := c.joining
	for i, f := range c.Fleets {
		_, hasStart := c.Start[f.ID]
		switch {
		case hasStart && !joins[f.Player]:
			fs.Add(c.Fleets[i].Src.At("start"), "start is where a fleet that joins later starts, and %s plays from the start: the set-up places %s (remove start, or have %s join with [[roster_changes]] join = %q)", f.Player, f.ID, f.Player, f.Player)
		case !hasStart && joins[f.Player]:
			fs.Add(c.Fleets[i].Src, "fleet %q joins with %s: say where it starts, start = \"<planet>\"", f.ID, f.Player)
		}
	}
}

// CheckStarts checks the planets fleets that join later start at.
func (c *Campaign) CheckStarts(fs *Faults) {
	for _, f := range c.Fleets {
		if p, ok := c.Start[f.ID]; ok && !c.Map.Has(p) {
			fs.Add(f.Src.At("start"), "unknown planet %q; %s", p, Hint(fs, string(p), c.Map.IDs(), "valid: "+report.OneOf(c.Map.IDs())))
		}
	}
}

// RosterAt is the campaign with its first n roster changes in effect, as
// campaign.toml declares them: who plays, and which fleets are on the map
// (those of every player who has played). A fleet keeps campaign.toml's
// player here: who commands a fleet handed over is the state's to say
// (withAllegiance). Without roster changes, the declared campaign itself.
func (c *Campaign) RosterAt(n int) *Campaign {
	d := c.Declared()
	if len(d.RosterChanges) == 0 {
		return d
	}
	playing, ever := map[Login]bool{}, map[Login]bool{}
	for _, p := range d.Players {
		playing[p.Login] = !d.Late[p.Login]
		ever[p.Login] = playing[p.Login]
	}
	for _, e := range d.RosterChanges[:min(n, len(d.RosterChanges))] {
		switch e.Kind {
		case RosterJoin:
			playing[e.Login], ever[e.Login] = true, true
		case rosterHand:
			playing[e.To], ever[e.To] = true, true
			playing[e.Login] = d.isWarmaster(e.Login)
		case rosterLeave:
			playing[e.Login] = d.isWarmaster(e.Login)
		}
	}
	b := *d
	b.origin, b.rosterN = d, n
	b.Players = slices.DeleteFunc(slices.Clone(d.Players), func(p Player) bool { return !playing[p.Login] })
	b.Fleets = slices.DeleteFunc(slices.Clone(d.Fleets), func(f Fleet) bool { return !ever[f.Player] })
	b.index()
	return &b
}

func (c *Campaign) isWarmaster(l Login) bool { p, ok := c.PlayerOf(l); return ok && p.Warmaster }

// NextRoster is the campaign cur with the (n+1)-th roster change e in
// effect where the state s stands, and what changed, in words; or why e
// cannot take effect (a fault at e's key key).
func NextRoster(cur *Campaign, s *State, n int, e RosterChange) (next *Campaign, lines []string, key, why string) {
	d := cur.Declared()
	players, fleets := cur.AllegianceChanges()
	switch e.Kind {
	case RosterJoin:
		p, _ := d.PlayerOf(e.Login)
		var list []string
		for _, f := range d.DeclaredFleets(e.Login) {
			list = append(list, fmt.Sprintf("%s at %s", f, d.Start[f]))
		}
		lines = append(lines, fmt.Sprintf("%s joins %s with %s", e.Login, p.Alliance, report.OneOf(list)))
	case rosterHand:
		own := cur.FleetsOf(e.Login)
		if len(own) == 0 {
			return nil, nil, "hand", fmt.Sprintf("%s commands no fleet at %s: there is nothing to hand over", e.Login, PointText(e.Phase, e.Step))
		}
		from := cur.PlayerAlliance(e.Login)
		to := cur.PlayerAlliance(e.To)
		if to == "" { // joins now
			p, _ := d.PlayerOf(e.To)
			to = p.Alliance
		}
		if to != from {
			return nil, nil, "to", fmt.Sprintf("%s plays for %s and %s for %s at %s: fleets go to a player of their own Alliance", e.To, to, e.Login, from, PointText(e.Phase, e.Step))
		}
		if why := defectionsPending(s, e, "hand over", []Login{e.To}); why != "" {
			return nil, nil, "hand", why
		}
		for _, f := range own {
			fleets[f] = e.To
		}
		lines = append(lines, fmt.Sprintf("%s hands %s to %s, who commands %s from here on", e.Login, report.OneOf(own), e.To, map[bool]string{true: "it", false: "them"}[len(own) == 1]))
		lines = append(lines, leaveText(d, e.Login))
	case rosterLeave:
		own := cur.FleetsOf(e.Login)
		a := cur.PlayerAlliance(e.Login)
		var members []Login
		for _, l := range cur.PlayersOf(a) {
			if l != e.Login && (len(cur.FleetsOf(l)) > 0 || !d.isWarmaster(l)) {
				members = append(members, l)
			}
		}
		if len(own) > 0 && len(members) == 0 {
			return nil, nil, "leave", fmt.Sprintf("%s is the last player of %s at %s: nobody would command %s; hand them to a new login instead (hand = %q, to = \"<login>\")", e.Login, a, PointText(e.Phase, e.Step), report.OneOf(own), e.Login)
		}
		// Like Machinations of Fate's unclaimed Fleets, "assigned amongst
		// the remaining players": one by one, each to the player of the
		// Alliance commanding the fewest (campaign order on ties).
		count := map[Login]int{}
		for _, l := range members {
			count[l] = len(cur.FleetsOf(l))
		}
		lines = append(lines, leaveText(d, e.Login))
		var gets []Login
		for _, f := range own {
			to := members[0]
			for _, l := range members[1:] {
				if count[l] < count[to] {
					to = l
				}
			}
			count[to]++
			fleets[f] = to
			gets = append(gets, to)
			lines = append(lines, fmt.Sprintf("%s is commanded by %s from here on", f, to))
		}
		if why := defectionsPending(s, e, "leave", gets); why != "" {
			return nil, nil, "leave", why
		}
	}
	for f, l := range fleets {
		if g, ok := d.FleetOf(f); ok && g.Player == l {
			delete(fleets, f) // back with campaign.toml's player
		}
	}
	return d.RosterAt(n+1).WithAllegiance(players, fleets), lines, "", ""
}

// defectionsPending says why a hand-over or a leave (e, verb) cannot
// take effect in step 4 or 5 of a phase whose Machinations of Fate has
// granted defections (in step 3, in force at the end of step 5, RULINGS
// 49): who then commands which fleet was worked out with the players as
// they were, so the player who goes may not be one who defects or is to
// take over a fleet then (it would go to a player who plays no more), nor
// may those who get their fleets (gets) defect (they would hold another
// Alliance's fleets). From the next phase on, it takes effect after them.
// "" when nothing stands in its way.
func defectionsPending(s *State, e RosterChange, verb string, gets []Login) string {
	for _, x := range s.Effects {
		if x.Event != MachinationsOfFate || x.Phase != e.Phase+1 {
			continue
		}
		var takes []string
		for f, l := range x.Fleets {
			if l == e.Login {
				takes = append(takes, string(f))
			}
		}
		slices.Sort(takes)
		why := ""
		switch {
		case x.Players[e.Login] != "":
			why = fmt.Sprintf("%s defects to %s then", e.Login, x.Players[e.Login])
		case len(takes) > 0:
			why = fmt.Sprintf("%s is to take over %s then", e.Login, report.OneOf(takes))
		}
		for _, l := range gets {
			if to := x.Players[l]; to != "" && why == "" {
				why = fmt.Sprintf("%s, who would command %s's fleets, defects to %s then", l, e.Login, to)
			}
		}
		if why != "" {
			return fmt.Sprintf("%s cannot %s from %s: %s, at the end of this phase's step 5 (Machinations of Fate, granted in its step 3: RULINGS 49); have the change take effect from phase %d instead", e.Login, verb, PointText(e.Phase, e.Step), why, e.Phase+1)
		}
	}
	return ""
}

// CheckJoinStarts holds the planets where the fleets of a player who joins
// (e) start to the state s: none is destroyed.
func CheckJoinStarts(d *Campaign, s *State, e RosterChange, fs *Faults) {
	for _, f := range d.DeclaredFleets(e.Login) {
		if p := d.Start[f]; s.Destroyed(p) {
			fs.Add(d.FleetSrc(f).At("start"), "%s cannot join at %s (%s joins at %s): %s is destroyed; give %s a start that is not", f, p, e.Login, PointText(e.Phase, e.Step), p, f)
		}
	}
}

func leaveText(d *Campaign, l Login) string {
	if d.isWarmaster(l) {
		return fmt.Sprintf("%s commands no fleet from here on, and stays the Warmaster", l)
	}
	return fmt.Sprintf("%s plays no more", l)
}

// FleetSrc is where campaign.toml declares a fleet.
func (c *Campaign) FleetSrc(id FleetID) Src {
	d := c.Declared()
	if i, ok := d.Fleet[id]; ok {
		return d.Fleets[i].Src
	}
	return Src{File: CampaignFile}
}

// NextRosterPoint is the first step a new roster change can take effect
// from: the one after the step the campaign waits for.
func NextRosterPoint(s *State) (int, Step) {
	for _, st := range RosterSteps {
		if PointOrder(s.Phase, st) > PointOrder(s.Phase, s.Step) {
			return s.Phase, st
		}
	}
	return s.Phase + 1, StepOperations
}

// NotPlaying says why a login declared in campaign.toml is not a player
// where the campaign stands ("" if it is not declared at all): it left, or
// it joins later.
func (c *Campaign) NotPlaying(l Login) string {
	d := c.Declared()
	if _, ok := d.PlayerOf(l); !ok {
		return ""
	}
	why := ""
	for i, e := range d.RosterChanges {
		switch {
		case i < c.rosterN && (e.Kind == rosterHand || e.Kind == rosterLeave) && e.Login == l:
			why = fmt.Sprintf("%s plays no more (from %s: campaign.toml's [[roster_changes]])", l, PointText(e.Phase, e.Step))
		case i >= c.rosterN && (e.Kind == RosterJoin && e.Login == l || e.Kind == rosterHand && e.To == l) && why == "":
			return fmt.Sprintf("%s joins later (from %s: campaign.toml's [[roster_changes]])", l, PointText(e.Phase, e.Step))
		}
	}
	return why
}

func (e RosterChange) Order() int { return PointOrder(e.Phase, e.Step) }
