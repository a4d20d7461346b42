package processor

import (
	"fmt"
	"slices"
	"strings"

	"github.com/warmaster/warmaster/processor/enum"

	"github.com/warmaster/warmaster/processor/report"
)

// Medal is a Campaign Medal.
type Medal int

const (
	LaurelOfVictory Medal = iota
	PenumbralWreath
	StarOfTheVoidfarer
	SableDagger
)

// Medals lists the Campaign Medals in the order they are decided (RULINGS 23).
var Medals = []Medal{LaurelOfVictory, PenumbralWreath, StarOfTheVoidfarer, SableDagger}

var medalNames = enum.Names[Medal]{"laurel-of-victory", "penumbral-wreath", "star-of-the-voidfarer", "sable-dagger"}

func (m Medal) String() string                { return medalNames.Name(m) }
func (m Medal) MarshalText() ([]byte, error)  { return []byte(m.String()), nil }
func (m *Medal) UnmarshalText(b []byte) error { return medalNames.Unmarshal(m, b) }

// Title is the medal's name as the rulebook prints it.
func (m Medal) Title() string {
	return [...]string{"Laurel of Victory", "Penumbral Wreath", "Star of the Voidfarer", "Sable Dagger"}[m]
}

// measure says what the numbers behind a medal are.
func (m Medal) measure() string {
	return [...]string{
		"the victor (Campaign points)",
		"planets at Power Level 1",
		"lanes between its farthest Support Facilities",
		"lanes between its farthest Fleets",
	}[m]
}

// MedalAward is one Campaign Medal as awarded at the End of the Campaign.
type MedalAward struct {
	Medal    Medal
	Alliance AllianceID // "" when nobody meets the criteria
	Players  []Login    // the Alliance's players, who hold the medal
	// Scores are each Alliance's number behind the medal; an Alliance that
	// cannot be measured (Support Facilities or Fleets on fewer than two
	// planets) has none.
	Scores map[AllianceID]int
	How    string // how it was decided, in words
}

// awardMedals is Campaign Medals: "the Warmaster will determine which
// Alliances (and the players within them) win the Campaign Medals. [...] In
// the event of any ties, the Warmaster should prioritise the Alliance with
// the fewest other Campaign Medals." RULINGS 23: medals are decided in the
// order Laurel, Wreath, Star, Dagger; a tie goes to the Alliance with the
// fewest medals so far, then a roll-off.
func (r *run) awardMedals(end *End) {
	held := map[AllianceID]int{}
	end.Medals = nil
	for _, m := range Medals {
		aw := MedalAward{Medal: m, Scores: r.medalScores(m)}
		best, top := 0, []AllianceID(nil)
		for _, a := range r.c.AllianceIDs() {
			v, ok := aw.Scores[a]
			switch {
			case !ok || v < 1:
			case v > best:
				best, top = v, []AllianceID{a}
			case v == best:
				top = append(top, a)
			}
		}
		switch {
		case m == LaurelOfVictory:
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
func (r *run) breakMedalTie(m Medal, top []AllianceID, held map[AllianceID]int, best int) (AllianceID, string) {
	fewest := held[top[0]]
	for _, a := range top {
		fewest = min(fewest, held[a])
	}
	var least []AllianceID
	var counts []string
	for _, a := range top {
		counts = append(counts, fmt.Sprintf("%s %d", a, held[a]))
		if held[a] == fewest {
			least = append(least, a)
		}
	}
	tie := fmt.Sprintf("%s tie on %d", oneOf(top), best)
	if len(least) == 1 {
		return least[0], fmt.Sprintf("%s; %s has the fewest medals so far (%s)", tie, least[0], strings.Join(counts, ", "))
	}
	names := make([]string, len(least))
	for i, a := range least {
		names[i] = string(a)
	}
	label := fmt.Sprintf("phase-%02d/3/medals/%s", r.s.Phase, m)
	order := r.dice.RollOff(label, "roll-off for the "+m.Title(), names)
	winner := AllianceID(order[0])
	how := fmt.Sprintf("%s, each with %s so far; %s wins the roll-off", tie, plural(fewest, "medal", "medals"), winner)
	if len(least) < len(top) {
		how = fmt.Sprintf("%s; %s have the fewest medals so far (%s), and %s wins their roll-off", tie, oneOf(least), strings.Join(counts, ", "), winner)
	}
	return winner, how
}

// medalScores are each Alliance's numbers behind a medal, as the map stands.
func (r *run) medalScores(m Medal) map[AllianceID]int {
	s := r.s
	out := map[AllianceID]int{}
	for _, a := range r.c.AllianceIDs() {
		switch m {
		case LaurelOfVictory:
			out[a] = s.Points[a]
		case PenumbralWreath:
			// Penumbral Wreath — Award To: The Alliance with a Power Level
			// of 1 at the most Planets (a destroyed Planet is 0 for all).
			n := 0
			for _, p := range s.Planets {
				if p.Power[a] == 1 {
					n++
				}
			}
			out[a] = n
		case StarOfTheVoidfarer, SableDagger:
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
func (r *run) widest(a AllianceID, m Medal) (int, PlanetID, PlanetID, bool) {
	var at []PlanetID
	for _, p := range r.c.Map.IDs() {
		var here bool
		if m == StarOfTheVoidfarer {
			here = r.s.Pieces(p, a, SupportFacility) > 0
		} else {
			for _, f := range r.c.AllianceFleets(a) {
				here = here || r.s.Fleets[f] == p
			}
		}
		if here {
			at = append(at, p)
		}
	}
	best, x, y := -1, PlanetID(""), PlanetID("")
	for i, p := range at {
		for _, q := range at[i+1:] {
			if d := r.c.Map.Distance(p, q); d > best {
				best, x, y = d, p, q
			}
		}
	}
	return best, x, y, best >= 0
}

func (r *run) medalWhy(m Medal, a AllianceID, best int) string {
	switch m {
	case PenumbralWreath:
		return fmt.Sprintf("Power Level 1 at the most planets: %d", best)
	case StarOfTheVoidfarer, SableDagger:
		_, x, y, _ := r.widest(a, m)
		what := "Support Facilities"
		if m == SableDagger {
			what = "Fleets"
		}
		return fmt.Sprintf("the largest distance between planets with its %s: %s (%s–%s)", what, plural(best, "lane", "lanes"), x, y)
	}
	return ""
}

func (r *run) noMedal(m Medal) string {
	switch m {
	case PenumbralWreath:
		return "no Alliance has Power Level 1 at any planet"
	case StarOfTheVoidfarer:
		return "no Alliance has Support Facilities on two planets"
	}
	return "no Alliance has Fleets at two planets"
}

// reportMedals writes the medals and the numbers behind them into the
// report's end section.
func (r *run) reportMedals(awards []MedalAward) {
	r.sec.Para("Campaign Medals, decided in the order Laurel, Wreath, Star, Dagger; a tie goes to the Alliance with the fewest medals so far, then a roll-off (%s):", ruling(23))
	header := []string{"medal", "measure"}
	for _, a := range r.c.AllianceIDs() {
		header = append(header, string(a))
	}
	header = append(header, "awarded to", "players")
	var rows [][]string
	var how []string
	for _, aw := range awards {
		row := []string{aw.Medal.Title(), aw.Medal.measure()}
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
			players = oneOf(aw.Players)
		}
		row = append(row, to, players)
		rows = append(rows, row)
		how = append(how, fmt.Sprintf("%s: %s", aw.Medal.Title(), aw.How))
	}
	r.sec.Table(header, rows)
	r.note(how...)
}

// medalsTable is where things stand once the campaign is over: who holds which medal.
func (r *run) medalsTable(awards []MedalAward) ([]string, [][]string) {
	var rows [][]string
	for _, aw := range awards {
		to := "nobody"
		if aw.Alliance != "" {
			to = fmt.Sprintf("%s (%s)", r.c.AllianceName(aw.Alliance), aw.Alliance)
		}
		players := "—"
		if len(aw.Players) > 0 {
			players = oneOf(aw.Players)
		}
		rows = append(rows, []string{aw.Medal.Title(), to, players, aw.How})
	}
	return []string{"medal", "awarded to", "players", "why"}, rows
}

// medalFile is one medal in state.toml's [end.medals.<medal>].
type medalFile struct {
	Alliance string         `toml:"alliance,omitempty"`
	Players  []string       `toml:"players,omitempty"`
	How      string         `toml:"how"`
	Scores   map[string]int `toml:"scores,omitempty"`
}

func encodeMedals(awards []MedalAward) map[string]medalFile {
	if len(awards) == 0 {
		return nil
	}
	out := map[string]medalFile{}
	for _, aw := range awards {
		mf := medalFile{Alliance: string(aw.Alliance), How: aw.How, Scores: map[string]int{}}
		for _, l := range aw.Players {
			mf.Players = append(mf.Players, string(l))
		}
		for a, v := range aw.Scores {
			mf.Scores[string(a)] = v
		}
		out[aw.Medal.String()] = mf
	}
	return out
}

func decodeMedals(c *Campaign, m map[string]medalFile, at Src, bad func(Src, string, ...any)) []MedalAward {
	var out []MedalAward
	for _, id := range sortedKeys(m) {
		mf := m[id]
		var medal Medal
		if err := medal.UnmarshalText([]byte(id)); err != nil {
			bad(at.At(id), "%v", err)
			continue
		}
		aw := MedalAward{Medal: medal, Alliance: AllianceID(mf.Alliance), How: mf.How, Scores: map[AllianceID]int{}}
		if aw.Alliance != "" && !c.HasAlliance(aw.Alliance) {
			bad(at.At(id, "alliance"), "unknown alliance %q", mf.Alliance)
		}
		for _, l := range mf.Players {
			aw.Players = append(aw.Players, Login(l))
		}
		for a, v := range mf.Scores {
			aw.Scores[AllianceID(a)] = v
		}
		out = append(out, aw)
	}
	slices.SortFunc(out, func(x, y MedalAward) int { return int(x.Medal) - int(y.Medal) })
	return out
}

// MedalRecord is one [[medals]] entry of campaign.toml: players who won a
// Campaign Medal in an earlier campaign (warmaster init --medals-from).
type MedalRecord struct {
	Medal    Medal
	Players  []Login
	Campaign string // where it was won, if said
	Src      Src
}

// decodeMedalRecords reads campaign.toml's [[medals]]. A login that is not
// among [[players]] is no fault: the record is history, and a player who
// does not play this campaign simply does not count at set-up.
func decodeMedalRecords(d obj) []MedalRecord {
	var out []MedalRecord
	for _, o := range d.objs("medals") {
		m, _ := medalNames.Parse(o.str("medal")) // the schema allows only valid names
		rec := MedalRecord{Medal: m, Campaign: o.str("campaign"), Src: o.src}
		for _, l := range o.strs("players") {
			rec.Players = append(rec.Players, Login(l))
		}
		out = append(out, rec)
	}
	return out
}

// MedalsWon reads a campaign folder that has ended and returns its Campaign
// Medals and the campaign's name, for `warmaster init --medals-from`. Faults
// in its player inputs do not matter; its campaign, map and state must read.
func MedalsWon(dir string) ([]MedalAward, string, error) {
	f, fs, err := loadDir(dir)
	if err != nil {
		return nil, "", err
	}
	if f == nil {
		return nil, "", fs.err(func(string) []byte { return nil })
	}
	s := f.State
	switch {
	case s.Step == StepTiebreak:
		return nil, "", fmt.Errorf("%s has not ended: it waits for the final battle (%s)", dir, TiebreakPath(s.Phase))
	case s.Step == StepSetup:
		return nil, "", fmt.Errorf("%s has not ended: it is setting up; its Campaign Medals are awarded at the End of the Campaign", dir)
	case s.Step != StepEnded || s.End == nil:
		return nil, "", fmt.Errorf("%s has not ended: it is in phase %d, step %s; its Campaign Medals are awarded at the End of the Campaign", dir, s.Phase, s.Step)
	}
	return s.End.Medals, f.Campaign.Name, nil
}

// MedalsTOML is the [[medals]] tables that record, in a new campaign.toml,
// the medals won in the campaign called name.
func MedalsTOML(awards []MedalAward, name string) string {
	var b strings.Builder
	b.WriteString("\n# Campaign Medals won in an earlier campaign (warmaster init --medals-from).\n")
	b.WriteString("# At set-up, the Alliance with the most players holding a medal receives its\n")
	b.WriteString("# benefit (a roll-off on ties); a login that is not among [[players]] does not count.\n")
	n := 0
	for _, aw := range awards {
		if aw.Alliance == "" || len(aw.Players) == 0 {
			continue
		}
		n++
		quoted := make([]string, len(aw.Players))
		for i, l := range aw.Players {
			quoted[i] = fmt.Sprintf("%q", l)
		}
		fmt.Fprintf(&b, "\n[[medals]]\nmedal = %q\nplayers = [%s]\ncampaign = %q\n", aw.Medal.String(), strings.Join(quoted, ", "), name)
	}
	if n == 0 {
		return ""
	}
	return b.String()
}

// standingMedals writes, where things stand, the Campaign Medals once
// awarded and the benefits this campaign's Alliances hold.
func (r *run) standingMedals(d *report.Doc, level int) {
	s := r.s
	if len(s.Benefits) > 0 {
		d.Para("Campaign Medal benefits held this campaign: %s.", s.benefitsText())
	}
	if s.End == nil || len(s.End.Medals) == 0 {
		return
	}
	d.Heading(level, "Campaign Medals")
	header, rows := r.medalsTable(s.End.Medals)
	d.Table(header, rows)
}
