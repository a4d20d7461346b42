package phase

import (
	"fmt"

	"github.com/warmaster/warmaster/processor"
)

// Allegiance: who serves whom. campaign.toml declares each player's
// Alliance and each Fleet's player; Machinations of Fate changes them from
// the next phase on, and state.toml keeps the changes ([players.<login>]
// alliance, [fleets.<id>] player). The Campaign is the one accessor: its
// PlayerOf, PlayersOf, FleetsOf, FleetOf(…).Player and Commanders give the
// allegiance as the campaign stands. A Fleet stays with its Alliance
// (FleetAlliance, AllianceFleets never change): players move between
// Alliances and take over Fleets there.

// machinationsOfFate: "Each player can notify the Warmaster that they wish
// to defect to another Alliance ... the Warmaster should try to move all
// players around so that each has at least one Fleet for their desired
// Alliance. If this is not possible then some players may not be able to
// defect ... Any unclaimed Fleets are then assigned amongst the remaining
// players of the relevant Alliances."
//
// Read deterministically: every wish is granted while, for each Alliance,
// its players who hold fleets after the defections (those who stay and hold
// fleets now, and those who join) are at least one and no more than its
// fleets; otherwise the last wish (campaign order of players) into an
// Alliance with too many players, or out of one left without any, is
// refused, until all fits. A player who joins takes a fleet left by one who
// went, else one from the player of the new Alliance holding the most
// (the last of them, their last fleet); fleets left over go one by one to
// the Alliance's player holding the fewest (campaign order). The defections
// take effect from the next phase.
func (r choiceRules) machinationsOfFate() []string {
	c := r.c
	wishes := r.defectionWishes()
	var out []string
	for _, a := range c.AllianceIDs() {
		if _, why := r.choicesOf(a, processor.MachinationsOfFate); why != "" {
			out = append(out, why+": none of its players defects")
		}
	}
	if len(wishes) == 0 {
		return append(out, "Nobody defects")
	}
	players, refusals := processor.GrantDefections(c, wishes)
	out = append(out, refusals...)
	if len(players) == 0 {
		return append(out, "Nobody defects")
	}
	e := processor.Effect{Event: processor.MachinationsOfFate, Phase: r.s.Phase + 1, Players: players, Fleets: processor.ReassignFleets(c, players)}
	r.s.Effects = append(r.s.Effects, e)
	out = append(out, fmt.Sprintf("From phase %d:", e.Phase))
	return append(out, r.allegianceLines(e)...)
}

// defectionWishes are this phase's wishes to defect, in campaign order of
// players: each player's own, from their Alliance's event choices.
func (r choiceRules) defectionWishes() []processor.DefectionWish {
	var wishes []processor.DefectionWish
	for _, p := range r.c.Players {
		a := p.Alliance
		ch, ok := r.f.Events[r.s.Phase][a]
		if !ok {
			continue
		}
		for _, d := range ch.Defections {
			if d.Player == p.Login {
				wishes = append(wishes, processor.DefectionWish{Defection: d, From: a})
			}
		}
	}
	return wishes
}

// allegianceLines says who defects and who commands which fleet.
func (r eventRules) allegianceLines(e processor.Effect) []string {
	var out []string
	for _, p := range r.c.Declared().Players {
		if to, ok := e.Players[p.Login]; ok {
			out = append(out, fmt.Sprintf("%s defects to %s", p.Login, to))
		}
	}
	for _, f := range r.c.Fleets {
		if l, ok := e.Fleets[f.ID]; ok {
			out = append(out, fmt.Sprintf("fleet %s (%s) is commanded by %s", f.ID, r.c.FleetAlliance(f.ID), l))
		}
	}
	return out
}
