package phase

import (
	"fmt"
	"strings"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/report"
)

// awardMedals is Campaign Medals: "the Warmaster will determine which
// Alliances (and the players within them) win the Campaign Medals. [...] In
// the event of any ties, the Warmaster should prioritise the Alliance with
// the fewest other Campaign Medals." RULINGS 23: medals are decided in the
// order Laurel, Wreath, Star, Dagger; a tie goes to the Alliance with the
// fewest medals so far, then a roll-off.
func (r reporting) awardMedals(end *processor.End) {
	held := map[processor.AllianceID]int{}
	end.Medals = nil
	for _, m := range processor.Medals {
		aw := processor.MedalAward{Medal: m, Scores: r.medalScores(m)}
		best, top := 0, []processor.AllianceID(nil)
		for _, a := range r.c.AllianceIDs() {
			v, ok := aw.Scores[a]
			switch {
			case !ok || v < 1:
			case v > best:
				best, top = v, []processor.AllianceID{a}
			case v == best:
				top = append(top, a)
			}
		}
		switch {
		case m == processor.LaurelOfVictory:
			// Laurel of Victory — Award To: The victorious Alliance.
			aw.Alliance, aw.How = end.Winner, "the victorious Alliance"
		case len(top) == 0:
			aw.How = "not awarded: " + r.noMedal(m)
		case len(top) == 1:
			aw.Alliance, aw.How = top[0], r.medalWhy(m, top[0], best)
		default:
			aw.Alliance, aw.How = r.breakMedalTie(m, top, held, best)
		}
		if aw.Alliance != "" {
			held[aw.Alliance]++
			aw.Players = r.c.PlayersOf(aw.Alliance)
		}
		end.Medals = append(end.Medals, aw)
	}
	r.reportMedals(end.Medals)
}

// breakMedalTie gives a tied medal to the Alliance with the fewest medals so
// far, then by roll-off (RULINGS 23).
func (r reporting) breakMedalTie(m processor.Medal, top []processor.AllianceID, held map[processor.AllianceID]int, best int) (processor.AllianceID, string) {
	fewest := held[top[0]]
	for _, a := range top {
		fewest = min(fewest, held[a])
	}
	var least []processor.AllianceID
	var counts []string
	for _, a := range top {
		counts = append(counts, fmt.Sprintf("%s %d", a, held[a]))
		if held[a] == fewest {
			least = append(least, a)
		}
	}
	tie := fmt.Sprintf("%s tie on %d", report.OneOf(top), best)
	if len(least) == 1 {
		return least[0], fmt.Sprintf("%s; %s has the fewest medals so far (%s)", tie, least[0], strings.Join(counts, ", "))
	}
	names := make([]string, len(least))
	for i, a := range least {
		names[i] = string(a)
	}
	label := fmt.Sprintf("phase-%02d/3/medals/%s", r.s.Phase, m)
	order := r.dice.RollOff(label, "roll-off for the "+m.Title(), names)
	winner := processor.AllianceID(order[0])
	how := fmt.Sprintf("%s, each with %s so far; %s wins the roll-off", tie, report.Plural(fewest, "medal", "medals"), winner)
	if len(least) < len(top) {
		how = fmt.Sprintf("%s; %s have the fewest medals so far (%s), and %s wins their roll-off", tie, report.OneOf(least), strings.Join(counts, ", "), winner)
	}
	return winner, how
}

// medalScores are each Alliance's numbers behind a medal, as the map stands.
func (r reporting) medalScores(m processor.Medal) map[processor.AllianceID]int {
	s := r.s
	out := map[processor.AllianceID]int{}
	for _, a := range r.c.AllianceIDs() {
		switch m {
		case processor.LaurelOfVictory:
			out[a] = s.Points[a]
		case processor.PenumbralWreath:
			// Penumbral Wreath — Award To: The Alliance with a Power Level
			// of 1 at the most Planets (a destroyed Planet is 0 for all).
			n := 0
			for _, p := range s.Planets {
				if p.Power[a] == 1 {
					n++
				}
			}
			out[a] = n
		case processor.StarOfTheVoidfarer, processor.SableDagger:
			if d, _, _, ok := r.widest(a, m); ok {
				out[a] = d
			}
		}
	}
	return out
}

// widest is the largest distance between two planets an Alliance's Support
// Facilities (Star of the Voidfarer) or Fleets (Sable Dagger) are at, and
// those planets (the first pair in map order); false with fewer than two
// such planets ("this requires at least two Support Facilities to be
// built": two on one planet give no distance between two Planets).
func (r reporting) widest(a processor.AllianceID, m processor.Medal) (int, processor.PlanetID, processor.PlanetID, bool) {
	// The planets, in map order; an Alliance's Fleets' found from the
	// Fleets, not looked for at each planet (a campaign of thousands of
	// both).
	fleetsAt := map[processor.PlanetID]bool{}
	if m != processor.StarOfTheVoidfarer {
		for _, f := range r.c.AllianceFleets(a) {
			fleetsAt[r.s.Fleets[f]] = true
		}
	}
	var at []processor.PlanetID
	for _, p := range r.c.Map.IDs() {
		if m == processor.StarOfTheVoidfarer && r.s.Pieces(p, a, processor.SupportFacility) > 0 || fleetsAt[p] {
			at = append(at, p)
		}
	}
	best, x, y := -1, processor.PlanetID(""), processor.PlanetID("")
	var buf []int
	for i, p := range at {
		row := r.c.Map.DistancesFrom(p, &buf)
		for _, q := range at[i+1:] {
			if d := row[r.c.Map.Index[q]]; d > best {
				best, x, y = d, p, q
			}
		}
	}
	return best, x, y, best >= 0
}

func (r reporting) medalWhy(m processor.Medal, a processor.AllianceID, best int) string {
	switch m {
	case processor.PenumbralWreath:
		return fmt.Sprintf("Power Level 1 at the most planets: %d", best)
	case processor.StarOfTheVoidfarer, processor.SableDagger:
		_, x, y, _ := r.widest(a, m)
		what := "Support Facilities"
		if m == processor.SableDagger {
			what = "Fleets"
		}
		return fmt.Sprintf("the largest distance between planets with its %s: %s (%s–%s)", what, report.Plural(best, "lane", "lanes"), x, y)
	}
	return ""
}

func (r reporting) noMedal(m processor.Medal) string {
	switch m {
	case processor.PenumbralWreath:
		return "no Alliance has Power Level 1 at any planet"
	case processor.StarOfTheVoidfarer:
		return "no Alliance has Support Facilities on two planets"
	}
	return "no Alliance has Fleets at two planets"
}

// reportMedals writes the medals and the numbers behind them into the
// report's end section.
func (r reporting) reportMedals(awards []processor.MedalAward) {
	r.sec.Para("Campaign Medals, decided in the order Laurel, Wreath, Star, Dagger; a tie goes to the Alliance with the fewest medals so far, then a roll-off (%s):", processor.Ruling(23))
	header := []string{"medal", "measure"}
	for _, a := range r.c.AllianceIDs() {
		header = append(header, string(a))
	}
	header = append(header, "awarded to", "players")
	var rows [][]string
	var how []string
	for _, aw := range awards {
		row := []string{aw.Medal.Title(), aw.Medal.Measure()}
		for _, a := range r.c.AllianceIDs() {
			if v, ok := aw.Scores[a]; ok {
				row = append(row, fmt.Sprint(v))
			} else {
				row = append(row, "—")
			}
		}
		to := "nobody"
		if aw.Alliance != "" {
			to = string(aw.Alliance)
		}
		players := "—"
		if len(aw.Players) > 0 {
			players = report.OneOf(aw.Players)
		}
		row = append(row, to, players)
		rows = append(rows, row)
		how = append(how, fmt.Sprintf("%s: %s", aw.Medal.Title(), aw.How))
	}
	r.sec.Table(header, rows)
	r.note(how...)
}

// medalsTable is where things stand once the campaign is over: who holds which medal.
func (r reporting) medalsTable(awards []processor.MedalAward) ([]string, [][]string) {
	var rows [][]string
	for _, aw := range awards {
		to := "nobody"
		if aw.Alliance != "" {
			to = fmt.Sprintf("%s (%s)", r.c.AllianceName(aw.Alliance), aw.Alliance)
		}
		players := "—"
		if len(aw.Players) > 0 {
			players = report.OneOf(aw.Players)
		}
		rows = append(rows, []string{aw.Medal.Title(), to, players, aw.How})
	}
	return []string{"medal", "awarded to", "players", "why"}, rows
}

// standingMedals writes, where things stand, the Campaign Medals once
// awarded and the benefits this campaign's Alliances hold.
func (r reporting) standingMedals(d *report.Doc, level int) {
	s := r.s
	if len(s.Benefits) > 0 {
		d.Para("Campaign Medal benefits held this campaign: %s.", s.BenefitsText())
	}
	if s.End == nil || len(s.End.Medals) == 0 {
		return
	}
	d.Heading(level, "Campaign Medals")
	header, rows := r.medalsTable(s.End.Medals)
	d.Table(header, rows)
}
