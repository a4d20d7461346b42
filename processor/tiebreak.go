package processor

import (
	"fmt"
	"path"
	"slices"
	"time"

	"github.com/warmaster/warmaster/schema"
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

// TiebreakFile is the name of the tie-break file in the final phase's folder.
const TiebreakFile = "tiebreak.toml"

// TiebreakPath is the tie-break file of a phase: phases/06/tiebreak.toml.
func TiebreakPath(phase int) string { return path.Join(PhaseDir(phase), TiebreakFile) }

// Tiebreak is phases/NN/tiebreak.toml: the final battle(s) of a tie.
type Tiebreak struct {
	Victor  AllianceID // as given; "" when the battles decide it
	Battles []TiebreakBattle
	Src     Src
}

// TiebreakBattle is one final battle between players of two tied Alliances.
type TiebreakBattle struct {
	Players   []Login
	Alliances []AllianceID // each player's Alliance
	Winner    AllianceID
	Played    time.Time
	HasPlayed bool
	Src       Src
}

// decodeTiebreak reads phases/NN/tiebreak.toml and checks what does not
// depend on who is tied: known players of two different Alliances, a winner
// that is one of them.
func (k checker) decodeTiebreak(d obj) *Tiebreak {
	t := &Tiebreak{Src: d.src}
	if d.has("victor") {
		t.Victor = AllianceID(d.str("victor"))
		if !k.c.HasAlliance(t.Victor) {
			k.fs.add(d.src.At("victor"), "unknown alliance %q; %s", t.Victor, hint(k.fs, string(t.Victor), k.c.AllianceIDs(), "valid: "+oneOf(k.c.AllianceIDs())))
		}
	}
	for _, o := range d.objs("battles") {
		b := TiebreakBattle{Src: o.src, Winner: AllianceID(o.str("winner"))}
		known := true
		for i, l := range o.strs("players") {
			p, ok := k.c.PlayerOf(Login(l))
			if !ok {
				k.fs.add(o.src.At("players", i), "unknown player %q; %s", l, hint(k.fs, string(l), k.c.logins(), "valid: "+oneOf(k.c.logins())))
				known = false
				continue
			}
			b.Players = append(b.Players, p.Login)
			b.Alliances = append(b.Alliances, p.Alliance)
		}
		if known && len(b.Alliances) == 2 && b.Alliances[0] == b.Alliances[1] {
			k.fs.add(o.src.At("players", 1), "%s and %s are both in %s: a final battle is between players of two tied Alliances", b.Players[0], b.Players[1], b.Alliances[0])
			known = false
		}
		if known && len(b.Alliances) == 2 && b.Winner != b.Alliances[0] && b.Winner != b.Alliances[1] {
			k.fs.add(o.src.At("winner"), "winner %q did not play this battle: the winner is %s (%s) or %s (%s)", b.Winner, b.Alliances[0], b.Players[0], b.Alliances[1], b.Players[1])
		}
		if o.has("played") {
			if b.Played, b.HasPlayed = o.time("played"); !b.HasPlayed {
				k.fs.add(o.src.At("played"), "played: %q is not a date-time such as 2027-07-10T19:00:00Z or a date such as 2027-07-10", o.str("played"))
			}
		}
		t.Battles = append(t.Battles, b)
	}
	return t
}

// loadTiebreak reads the final phase's tiebreak.toml while the campaign
// waits for it; once the campaign has ended it must be the file the
// tie-break consumed, and before a tie there is nothing for it to decide.
func (f *Folder) loadTiebreak(k checker, phase int) error {
	file := TiebreakPath(phase)
	s := f.State
	switch {
	case phase != k.c.Phases:
		k.fs.add(Src{File: file}, "only the final phase (%02d) has a tie-break: %s", k.c.Phases, TiebreakPath(k.c.Phases))
		return nil
	case s.Step == StepEnded:
		f.consumed(k, file)
		return nil
	case s.Step != StepTiebreak:
		k.fs.add(Src{File: file}, "the campaign is not waiting for a tie-break: commit this file only once the final phase has ended tied (state.toml says step = \"tiebreak\")")
		return nil
	}
	doc, err := f.decodeInput(k, file, schema.Tiebreak)
	if err != nil || doc == nil {
		return err
	}
	f.Tiebreak = k.decodeTiebreak(obj{doc, Src{File: file}})
	return nil
}

// tiebreakRecord is who won and lost the final battles.
type tiebreakRecord struct {
	won, lost, fought map[AllianceID]int
}

func (t *Tiebreak) record() tiebreakRecord {
	rec := tiebreakRecord{won: map[AllianceID]int{}, lost: map[AllianceID]int{}, fought: map[AllianceID]int{}}
	for _, b := range t.Battles {
		if len(b.Alliances) != 2 {
			continue
		}
		for _, a := range b.Alliances {
			rec.fought[a]++
			if a == b.Winner {
				rec.won[a]++
			} else {
				rec.lost[a]++
			}
		}
	}
	return rec
}

// unbeaten lists the tied Alliances that won a final battle and lost none.
func (rec tiebreakRecord) unbeaten(tied []AllianceID) []AllianceID {
	var out []AllianceID
	for _, a := range tied {
		if rec.won[a] > 0 && rec.lost[a] == 0 {
			out = append(out, a)
		}
	}
	return out
}

// validateTiebreak checks the tie-break against the Alliances tied: each
// battle between players of two of them, each of them in a battle ("one
// player from each of those Alliances"), and a victorious Alliance the
// battles bear out: named by `victor` (one of them that won a battle, every
// other having lost one), or else the only one unbeaten.
func (r *run) validateTiebreak(fs *faults) {
	t, end := r.f.Tiebreak, r.s.End
	if t == nil || end == nil {
		return
	}
	tied := end.Tied
	isTied := func(a AllianceID) bool { return slices.Contains(tied, a) }
	for _, b := range t.Battles {
		if b.HasPlayed {
			r.checkPlayed(b.Src.At("played"), b.Played, r.c.Deadlines[r.s.Phase].Tiebreak, fs)
		}
		for i, a := range b.Alliances {
			if !isTied(a) {
				fs.add(b.Src.At("players", i), "%s is in %s, which is not tied: the final battles are between players of %s", b.Players[i], a, oneOf(tied))
			}
		}
	}
	rec := t.record()
	for _, a := range tied {
		if rec.fought[a] == 0 {
			fs.add(t.Src.At("battles"), "%s fought no final battle: one player from each tied Alliance (%s) plays; add a [[battles]] entry with a player of %s (%s)", a, oneOf(tied), a, oneOf(r.c.PlayersOf(a)))
		}
	}
	if t.Victor != "" {
		switch {
		case !r.c.HasAlliance(t.Victor):
			return
		case !isTied(t.Victor):
			fs.add(t.Src.At("victor"), "%s is not tied: the victor is one of %s", t.Victor, oneOf(tied))
			return
		case rec.won[t.Victor] == 0:
			fs.add(t.Src.At("victor"), "%s won no final battle, so the battles do not make it victorious; the victor won at least one", t.Victor)
		}
		for _, a := range tied {
			if a != t.Victor && rec.fought[a] > 0 && rec.lost[a] == 0 {
				fs.add(t.Src.At("victor"), "%s lost no final battle, so the battles do not put it out of the running: play another, or name %s", a, a)
			}
		}
		return
	}
	if u := rec.unbeaten(tied); len(u) != 1 {
		why := "no tied Alliance is unbeaten"
		if len(u) > 1 {
			why = oneOf(u) + " are unbeaten"
		}
		fs.add(t.Src, "the final battles do not decide the victor (%s): add victor = \"<alliance>\", one of %s", why, oneOf(tied))
	}
}

// tiebreakWho says who commits the tie-break.
func (r *run) tiebreakWho() string {
	if r.s.End == nil {
		return "the tied Alliances"
	}
	tied := r.s.End.Tied
	if len(tied) < 2 {
		return "a player of " + oneOf(tied)
	}
	return fmt.Sprintf("a player of %s or %s", oneOf(tied[:len(tied)-1]), tied[len(tied)-1])
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
		end.Winner = AllianceID(order[0])
		end.How = fmt.Sprintf("tied on %d points (%s), no final battle reported by the tiebreak deadline, and the roll-off won", points, oneOf(tied))
		r.sec.Para("No final battle reported by the tiebreak deadline (%s): the tied Alliances roll off.", TiebreakPath(s.Phase))
	} else {
		var rows [][]string
		for i, b := range t.Battles {
			played := "no date"
			if b.HasPlayed {
				played = b.Played.Format("2006-01-02 15:04 MST")
			}
			rows = append(rows, []string{fmt.Sprint(i + 1), fmt.Sprintf("%s (%s) vs %s (%s)", b.Players[0], b.Alliances[0], b.Players[1], b.Alliances[1]), played, string(b.Winner)})
		}
		r.sec.Para("The final battle(s), from %s:", TiebreakPath(s.Phase))
		r.sec.Table([]string{"battle", "players", "played", "winner"}, rows)
		end.Winner = t.Victor
		end.How = fmt.Sprintf("tied on %d points (%s), and named the victor of the final battle(s) in %s", points, oneOf(tied), TiebreakFile)
		if end.Winner == "" {
			end.Winner = t.record().unbeaten(tied)[0]
			end.How = fmt.Sprintf("tied on %d points (%s), and the only one unbeaten in the final battle(s)", points, oneOf(tied))
		}
	}
	s.Step = StepEnded
	r.sec.Para("**The campaign is over. %s (%s) is victorious**: %s.", r.c.AllianceName(end.Winner), end.Winner, end.How)
	r.awardMedals(end)
}

// concludeCampaign ends the campaign with its victor and awards the Campaign
// Medals; without a victor it waits for the final battle(s).
func (r *run) concludeCampaign(end *End) {
	s := r.s
	s.End, s.Orders = end, nil
	if end.Winner == "" {
		s.Step = StepTiebreak
		r.sec.Para("**The final phase ends tied**: %s. The campaign waits for the final battle(s): %s, committed by %s.", end.How, TiebreakPath(s.Phase), r.tiebreakWho())
		return
	}
	s.Step = StepEnded
	r.sec.Para("**The campaign is over. %s (%s) is victorious**: %s.", r.c.AllianceName(end.Winner), end.Winner, end.How)
	r.awardMedals(end)
}

// tiebreakRefusal: the final battle(s) are reported by the players of the
// tied Alliances (End of the Campaign: "one player from each of those
// Alliances").
func (f *Folder) tiebreakRefusal(p Player) string {
	end := f.State.End
	if end == nil || len(end.Tied) < 2 {
		return "no tie is to be broken: the campaign has not ended tied (state.toml has no [end] tied)"
	}
	if !slices.Contains(end.Tied, p.Alliance) {
		return fmt.Sprintf("the final battle(s) are reported by the tied Alliances (%s), and %s is not one of them", oneOf(end.Tied), p.Alliance)
	}
	return ""
}
