package processor

import (
	"cmp"
	"fmt"
	"slices"
)

// validateResults checks this phase's battle results against the battles
// revealed and the map as it stands.
func (r *run) validateResults(fs *faults) {
	s := r.s
	bs := r.battles()
	ids := make([]string, len(bs))
	byID := make(map[string]int, len(bs))
	for i, b := range bs {
		ids[i] = b.ID
		byID[b.ID] = i
	}
	results := r.f.Results[s.Phase]
	for _, id := range sortedKeys(results) {
		res := results[id]
		i, ok := byID[id]
		if !ok {
			fs.add(Src{File: res.Src.File}, "no battle %q in phase %d; results are named after the attacking fleet of a battle: %s", id, s.Phase, oneOf(ids))
			continue
		}
		b := bs[i]
		if res.DefenderPlayer != "" {
			if p, ok := r.c.PlayerOf(res.DefenderPlayer); ok && p.Alliance != b.Defender {
				fs.add(res.Src.At("defender_player"), "%s is in %s, not the defending alliance %s: %s", res.DefenderPlayer, p.Alliance, b.Defender, oneOf(r.c.PlayersOf(b.Defender)))
			}
		}
		if res.Theatre != "" && !slices.Contains(r.c.Map.Planet(b.Planet).Theatres, res.Theatre) {
			fs.add(res.Src.At("theatre"), "%s has no %s theatre; its theatres: %s", b.Planet, res.Theatre, oneOf(r.c.Map.Planet(b.Planet).Theatres))
		}
		r.validateOutcome(b, res.Victor(), res.Outcome, fs)
	}
}

// validateOutcome checks a victor's Campaign Outcome choices: only the keys
// the attack type's result takes, and planets and pieces that fit the map now.
func (r *run) validateOutcome(b BattleOp, victor Side, ch Choices, fs *faults) {
	s := r.s
	type key struct {
		name string
		set  bool
	}
	keys := []key{
		{"power_adjust", ch.PowerAdjust != 0},
		{"transfer", len(ch.Transfer) > 0},
		{"reinforce", ch.Reinforce != ""},
		{"planet", ch.Planet != ""},
		{"direction", ch.Direction != ""},
		{"pieces", len(ch.Pieces) > 0},
	}
	var takes []string
	switch {
	case victor == Draw:
	case victor == Attacker:
		takes = []string{"power_adjust"}
	case b.Attack == PurgeAndBurn:
		takes = []string{"transfer", "reinforce"}
	case b.Attack == OrbitalInvasion:
		takes = []string{"planet", "direction", "pieces"}
	}
	result := fmt.Sprintf("%s — %s", b.Attack.Title(), resultTitle(victor))
	for _, k := range keys {
		if k.set && !slices.Contains(takes, k.name) {
			fs.addKey(ch.Src.At(k.name), "%s has no %q choice (it takes %s)", result, k.name, joinQuotedOr(takes, "no choices"))
		}
	}
	if victor == Attacker {
		r.validatePowerAdjust(ch, b.Attacker, b.Planet, fs)
	}
	if victor != Defender {
		return
	}
	connected := func(at Src, p PlanetID) {
		switch {
		case !r.c.Map.Has(p):
		case s.Destroyed(p):
			fs.add(at, "%s is destroyed; connected planets of %s: %s", p, b.Planet, oneOf(r.intactConnected(b.Defender, b.Planet)))
		case !s.IsConnected(b.Defender, b.Planet, p):
			fs.add(at, "%s is not connected to %s; connected planets: %s", p, b.Planet, oneOf(r.intactConnected(b.Defender, b.Planet)))
		}
	}
	for i, p := range ch.Transfer {
		connected(ch.Src.At("transfer", i), p)
	}
	if len(ch.Transfer) > 3 {
		fs.add(ch.Src.At("transfer"), "%d transfers: a Power Level goes from at most 4 down to 1, so at most 3", len(ch.Transfer))
	}
	if ch.Reinforce != "" {
		connected(ch.Src.At("reinforce"), ch.Reinforce)
	}
	if ch.Planet != "" {
		connected(ch.Src.At("planet"), ch.Planet)
		from := b.Planet
		if ch.Direction == "from-connected" {
			from = ch.Planet
		}
		if r.c.Map.Has(from) {
			need := map[InfraType]int{}
			for i, t := range ch.Pieces {
				need[t]++
				if have := s.Pieces(from, b.Defender, t); need[t] > have {
					fs.add(ch.Src.At("pieces", i), "%s has %s at %s", b.Defender, plural(have, t.Title(), t.Title()+" pieces"), from)
				}
			}
		}
	}
}

func resultTitle(v Side) string {
	return [...]string{"Attacker wins", "Defender wins", "Draw"}[v]
}

// intactConnected lists the undestroyed planets connected to p for an Alliance.
func (r *run) intactConnected(a AllianceID, p PlanetID) []PlanetID {
	var out []PlanetID
	for _, q := range r.s.Connected(a, p) {
		if !r.s.Destroyed(q) {
			out = append(out, q)
		}
	}
	return out
}

// fought is a battle with its result, played or not.
type fought struct {
	BattleOp
	res     *Result // nil: unplayed
	victor  Side
	choices Choices
}

// resolveBattles is 2.3 Resolve Battle Operations: each battle's result as
// reported; "if any Battle Operations have not been resolved by playing a
// battle, the attacking Fleet is considered to have been victorious" and its
// player's choices are those in its orders (RULINGS 18).
func (r *run) resolveBattles() {
	var out []fought
	var rows [][]string
	for _, b := range r.battles() {
		f := fought{BattleOp: b, res: r.f.Results[r.s.Phase][b.ID]}
		played, score, theatre, players := "not played: the attacker is victorious", "", "", string(b.Player)
		if f.res == nil {
			f.victor, f.choices = Attacker, b.Order.Outcome
		} else {
			f.victor, f.choices = f.res.Victor(), f.res.Outcome
			played = "reported, no date"
			if f.res.HasPlayed {
				played = f.res.Played.Format("2006-01-02 15:04 MST")
			}
			if f.res.DefenderPlayer != "" {
				players += " vs " + string(f.res.DefenderPlayer)
			}
			if f.res.HasVP {
				a, d := f.res.vpWithBonus()
				score = fmt.Sprintf("%d–%d", a, d)
			}
			if f.res.Theatre != "" {
				theatre = f.res.Theatre
				if f.res.Twist > 0 {
					theatre += fmt.Sprintf(" (twist %d: %s)", f.res.Twist, TwistName(f.res.Theatre, f.res.Twist))
				}
			}
		}
		out = append(out, f)
		rows = append(rows, []string{b.ID, string(b.Planet), b.Attack.Title(), players, played, resultTitle(f.victor), score, theatre})
	}
	if len(rows) == 0 {
		r.sec.Para("No battles this phase.")
	}
	r.sec.Table([]string{"battle", "planet", "attack type", "players", "played", "result", "VP (with Battle Ready)", "theatre"}, rows)
	r.fought = out
}

// processBattleResults is 2.4 Process Battle Results: battles with a played
// time first, oldest first, then the rest by battle id (RULINGS 6), each
// applied to the map as it stands when processed (RULINGS 9).
func (r *run) processBattleResults() {
	order := slices.Clone(r.fought)
	slices.SortStableFunc(order, func(x, y fought) int {
		px, py := x.res != nil && x.res.HasPlayed, y.res != nil && y.res.HasPlayed
		switch {
		case px && py:
			return cmp.Or(x.res.Played.Compare(y.res.Played), cmp.Compare(x.ID, y.ID))
		case px:
			return -1
		case py:
			return 1
		}
		return cmp.Compare(x.ID, y.ID)
	})
	if len(order) == 0 {
		r.sec.Para("No battles to process.")
	}
	for i, f := range order {
		r.sec.Heading(3, "%d. %s: %s at %s — %s", i+1, f.ID, f.Attack.Title(), f.Planet, resultTitle(f.victor))
		r.note(r.applyOutcome(f)...)
	}
}

// applyOutcome applies one battle's Campaign Outcome and says what happened.
func (r *run) applyOutcome(f fought) []string {
	s, p, A, D := r.s, f.Planet, f.Attacker, f.Defender
	var out []string
	// Stronghold: the victor may treat its Power Level as 1 higher or lower
	// for the battle's Campaign Outcomes, where the Stronghold applies when
	// the battle is processed (RULINGS 8, 9).
	adj := f.choices.PowerAdjust
	if adj != 0 {
		victor := A
		if f.victor == Defender {
			victor = D
		}
		if !s.AppliesAt(victor, Stronghold, p) {
			out = append(out, fmt.Sprintf("%s's power_adjust %+d no longer applies (no Stronghold at or connected to %s): ignored", victor, adj, p))
			adj = 0
		}
	}
	switch {
	case f.victor == Draw:
		// DRAW (every attack type): Add 1 to the Attacking Alliance's Power Level at this Planet.
		out = append(out, s.Raise(p, A))
	case f.Attack == PurgeAndBurn && f.victor == Attacker:
		out = append(out, r.purgeAndBurnAttackerWins(p, A, D, adj)...)
	case f.Attack == PurgeAndBurn:
		out = append(out, r.purgeAndBurnDefenderWins(p, D, f.choices)...)
	case f.Attack == OrbitalInvasion && f.victor == Attacker:
		out = append(out, r.orbitalInvasionAttackerWins(p, A, D, adj)...)
	case f.Attack == OrbitalInvasion:
		out = append(out, r.orbitalInvasionDefenderWins(p, D, f.choices)...)
	default:
		panic(fmt.Sprintf("processor: %s outcomes are refused at check time", f.Attack))
	}
	return out
}

// fleetArrival is 2.5 Fleet Arrival: each Fleet that selected Void Leap moves
// to the selected Planet. It was not destroyed when selected; should it be
// destroyed since, the fleet still arrives (Fleets can be moved to a
// destroyed Planet).
func (r *run) fleetArrival() {
	var notes []string
	for _, o := range r.s.Orders {
		if o.Op == VoidLeap {
			notes = append(notes, fmt.Sprintf("%s leaps from %s to %s", o.Fleet, r.s.Fleets[o.Fleet], o.Planet))
			r.s.Fleets[o.Fleet] = o.Planet
		}
	}
	if len(notes) == 0 {
		r.sec.Para("No Void Leap Operations this phase.")
	}
	r.note(notes...)
}

// lowLevelResistance is 2.6 Low-level Resistance: each Deploy Kill Teams,
// unless its Planet is now destroyed, rolls one D6 per opposing Alliance:
// on a 5+ that Alliance loses 1 Power Level there (MAP.md).
func (r *run) lowLevelResistance() {
	s := r.s
	var notes []string
	for _, o := range s.Orders {
		if o.Op != DeployKillTeams {
			continue
		}
		if s.Destroyed(o.Planet) {
			notes = append(notes, fmt.Sprintf("%s's Kill Teams at %s: the planet is now destroyed, nothing happens", o.Fleet, o.Planet))
			continue
		}
		own := r.c.FleetAlliance(o.Fleet)
		for _, a := range r.c.AllianceIDs() {
			if a == own {
				continue
			}
			label := fmt.Sprintf("phase-%02d/2.6/kill-teams/%s/%s", s.Phase, o.Fleet, a)
			d := r.dice.D6(label, fmt.Sprintf("%s's Kill Teams against %s at %s (5+)", o.Fleet, a, o.Planet))
			if d >= 5 {
				notes = append(notes, fmt.Sprintf("%s's Kill Teams roll %d against %s: %s", o.Fleet, d, a, s.Lower(o.Planet, a)))
			} else {
				notes = append(notes, fmt.Sprintf("%s's Kill Teams roll %d against %s: no effect", o.Fleet, d, a))
			}
		}
	}
	if len(notes) == 0 {
		r.sec.Para("No Deploy Kill Teams Operations this phase.")
	}
	r.note(notes...)
}

// resultsAndEvents is step 3, Results and Vespator Front Events: the Points
// Tracker is updated; in the final phase the campaign ends here (RULINGS 13).
func (r *run) resultsAndEvents() {
	s := r.s
	s.UpdatePoints()
	var rows [][]string
	for _, a := range r.c.AllianceIDs() {
		sh := "destroyed"
		if p, ok := s.StrongholdAt(a); ok {
			sh = string(p) + " (+3)"
		}
		rows = append(rows, []string{string(a), fmt.Sprint(s.TotalPower(a)), sh, fmt.Sprint(s.Points[a])})
	}
	r.sec.Para("Points Tracker:")
	r.sec.Table([]string{"alliance", "total Power Level", "Stronghold", "Campaign points"}, rows)
	if s.Phase < r.c.Phases {
		r.sec.Para("Vespator Front Events are off in this campaign (`[rules] events = false`): none are generated.")
		return
	}
	r.endCampaign()
}

// endCampaign is End of the Campaign: the Alliance with the highest Campaign
// points total wins; in a tie, if only one of the tied Alliances still has
// its Stronghold on the map, it wins; otherwise the tied Alliances play a
// final battle (or battles) to decide (tiebreak.go).
func (r *run) endCampaign() {
	s := r.s
	best := -1
	var tied []AllianceID
	for _, a := range r.c.AllianceIDs() {
		switch p := s.Points[a]; {
		case p > best:
			best, tied = p, []AllianceID{a}
		case p == best:
			tied = append(tied, a)
		}
	}
	end := &End{}
	switch {
	case len(tied) == 1:
		end.Winner, end.How = tied[0], fmt.Sprintf("the highest Campaign points total (%d)", best)
	default:
		end.Tied = tied
		var holding []AllianceID
		for _, a := range tied {
			if _, ok := s.StrongholdAt(a); ok {
				holding = append(holding, a)
			}
		}
		if len(holding) == 1 {
			end.Winner = holding[0]
			end.How = fmt.Sprintf("tied on %d points with %s, and the only one of them with its Stronghold still on the map", best, oneOf(tied))
		} else {
			end.How = fmt.Sprintf("tied on %d points: one player from each of %s plays a final battle to decide the victor", best, oneOf(tied))
		}
	}
	r.concludeCampaign(end) // the Campaign Medals, or the wait for the final battle(s)
}

func sortedKeys[K cmp.Ordered, V any](m map[K]V) []K {
	out := make([]K, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
