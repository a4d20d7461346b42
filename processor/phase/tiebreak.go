package phase

import (
	"fmt"
	"slices"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/report"
)

// End of the Campaign: "In the event of a tie, if only one of the tied
// Alliances still have their Stronghold on the campaign map, that Alliance
// wins. Otherwise, one player from each of those Alliances should be chosen
// to play one final battle with one another (or multiple battles, if there
// are more than two tied Alliances), to determine which Alliance is
// victorious." The state then waits (step "tiebreak") for
// phases/NN/tiebreak.toml: the battles played and, when they leave it open,
// the victorious Alliance. Past the final phase's tiebreak deadline with no
// such file, a roll-off decides (our default).

// validateTiebreak checks the tie-break against the Alliances tied: each
// battle between players of two of them, each of them in a battle ("one
// player from each of those Alliances"), and a victorious Alliance the
// battles bear out: named by `victor` (one of them that won a battle, every
// other having lost one), or else the only one unbeaten.
func (r checks) validateTiebreak(fs *processor.Faults) {
	t, end := r.f.Tiebreak, r.s.End
	if t == nil || end == nil {
		return
	}
	tied := end.Tied
	isTied := func(a processor.AllianceID) bool { return slices.Contains(tied, a) }
	for _, b := range t.Battles {
		if b.HasPlayed {
			tied, _ := r.f.AppliedAt(r.s.Phase, processor.StepBattles)
			r.checkPlayed(b.Src, b.Played, b.PlayedDate, tied, r.c.Deadlines[r.s.Phase].Tiebreak, "the campaign ended tied", fs)
		}
		for i, a := range b.Alliances {
			if !isTied(a) {
				fs.Add(b.Src.At("players", i), "%s is in %s, which is not tied: the final battles are between players of %s", b.Players[i], a, report.OneOf(tied))
			}
		}
	}
	t.CheckAgreed(r.c, tied, fs, folder.NoteAt(r.f))
	rec := t.Record()
	for _, a := range tied {
		if rec.Fought[a] == 0 {
			fs.Add(t.Src.At("battles"), "%s fought no final battle: one player from each tied Alliance (%s) plays; add a [[battles]] entry with a player of %s (%s)", a, report.OneOf(tied), a, report.OneOf(r.c.PlayersOf(a)))
		}
	}
	notTied := t.Victor != "" && r.c.HasAlliance(t.Victor) && !isTied(t.Victor)
	if notTied {
		fs.Add(t.Src.At("victor"), "%s is not tied: the victor is one of %s", t.Victor, report.OneOf(tied))
	}
	if len(tied) == 2 && t.OneFinalBattle(isTied, fs) || notTied {
		return
	}
	t.CheckVictor(r.c, tied, fs)
}

// unagreed are the tied Alliances not yet standing behind the tie-break
// filed ([rules] confirm_results: [agreed], each naming the victor the
// file makes), none when none is filed.
func (r confirms) unagreed() []processor.AllianceID {
	t := r.f.Tiebreak
	if t == nil || r.s.End == nil || r.s.Step != processor.StepTiebreak || !r.c.Rules.ConfirmResults {
		return nil
	}
	return t.Unagreed(r.s.End.Tied)
}

// tiebreakWho says who commits the tie-break.
func (r *rules) tiebreakWho() string {
	if r.s.End == nil {
		return "the tied Alliances"
	}
	tied := r.s.End.Tied
	if len(tied) < 2 {
		return "a player of " + report.OneOf(tied)
	}
	return fmt.Sprintf("a player of %s or %s", report.OneOf(tied[:len(tied)-1]), tied[len(tied)-1])
}

// tiebreakLogins are the players of the tied Alliances (tiebreakWho).
func (r *rules) tiebreakLogins() []processor.Login {
	if r.s.End == nil {
		return nil
	}
	var out []processor.Login
	for _, a := range r.s.End.Tied {
		out = append(out, r.c.PlayersOf(a)...)
	}
	return out
}

// breakTie is End of the Campaign, once the final battle(s) are in: the
// victorious Alliance, then the Campaign Medals. Past the tiebreak deadline
// without them, the tied Alliances roll off.
func (r *run) breakTie() {
	s := r.s
	end := s.End
	tied := end.Tied
	points := 0
	if len(tied) > 0 {
		points = s.Points[tied[0]]
	}
	t := r.f.Tiebreak
	if t == nil {
		names := make([]string, len(tied))
		for i, a := range tied {
			names[i] = string(a)
		}
		order := r.dice.RollOff(fmt.Sprintf("phase-%02d/3/tiebreak", s.Phase), "roll-off for the victory, the final battle unreported", names)
		end.Winner = processor.AllianceID(order[0])
		end.How = fmt.Sprintf("tied on %d points (%s), no final battle reported by the tiebreak deadline, and the roll-off won", points, report.OneOf(tied))
		r.sec.Para("No final battle reported by the tiebreak deadline (%s): the tied Alliances roll off.", processor.TiebreakPath(s.Phase))
	} else {
		var rows [][]string
		for i, b := range t.Battles {
			played := "no date"
			if b.HasPlayed {
				played = r.c.When(b.Played)
			}
			rows = append(rows, []string{fmt.Sprint(i + 1), fmt.Sprintf("%s (%s) vs %s (%s)", b.Players[0], b.Alliances[0], b.Players[1], b.Alliances[1]), played, string(b.Winner)})
		}
		agreed := ""
		if r.c.Rules.ConfirmResults {
			agreed = ", agreed by " + report.And(tied)
		}
		r.sec.Para("The final battle(s), from %s%s:", processor.TiebreakPath(s.Phase), agreed)
		r.sec.Table([]string{"battle", "players", "played", "winner"}, rows)
		end.Winner = t.Victor
		end.How = fmt.Sprintf("tied on %d points (%s), and named the victor of the final battle(s) in %s", points, report.OneOf(tied), processor.TiebreakFile)
		if end.Winner == "" {
			end.Winner = t.Record().Unbeaten(tied)[0]
			end.How = fmt.Sprintf("tied on %d points (%s), and the only one unbeaten in the final battle(s)", points, report.OneOf(tied))
		}
	}
	s.Step = processor.StepEnded
	r.sec.Para("**The campaign is over. %s (%s) is victorious**: %s.", r.c.AllianceName(end.Winner), end.Winner, end.How)
	r.awardMedals(end)
}

// concludeCampaign ends the campaign with its victor and awards the Campaign
// Medals; without a victor it waits for the final battle(s).
func (r *run) concludeCampaign(end *processor.End) {
	s := r.s
	s.End, s.Orders = end, nil
	r.ordersChanged()
	if end.Winner == "" {
		s.Step = processor.StepTiebreak
		r.sec.Para("**The final phase ends tied**: %s. The campaign waits for the final battle(s): %s, committed by %s.", end.How, processor.TiebreakPath(s.Phase), r.tiebreakWho())
		return
	}
	s.Step = processor.StepEnded
	r.sec.Para("**The campaign is over. %s (%s) is victorious**: %s.", r.c.AllianceName(end.Winner), end.Winner, end.How)
	r.awardMedals(end)
}
