package processor

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/warmaster/warmaster/processor/report"
)

// Tiebreak is phases/NN/tiebreak.toml: the final battle(s) of a tie.
type Tiebreak struct {
	Victor  AllianceID // as given; "" when the battles decide it
	Battles []TiebreakBattle
	// Agreed are the tied Alliances that stand behind the file, each with
	// the victor it agrees to ([rules] confirm_results); HasAgreed,
	// whether the table is there.
	Agreed    map[AllianceID]AllianceID
	HasAgreed bool
	Src       Src
}

// TiebreakBattle is one final battle between players of two tied Alliances.
type TiebreakBattle struct {
	Players    []Login
	Alliances  []AllianceID // each player's Alliance
	Winner     AllianceID
	Played     time.Time
	HasPlayed  bool
	PlayedDate bool // a date without a time
	Src        Src
}

// DecodeTiebreak reads phases/NN/tiebreak.toml and checks what does not
// depend on who is tied: known players of two different Alliances, a winner
// that is one of them.
func (k Checker) DecodeTiebreak(d Obj) *Tiebreak {
	t := &Tiebreak{Src: d.Src}
	if d.has("victor") {
		t.Victor = AllianceID(d.Str("victor"))
		if !k.C.HasAlliance(t.Victor) {
			k.Fs.Add(d.Src.At("victor"), "unknown alliance %q; %s", t.Victor, Hint(k.Fs, string(t.Victor), k.C.AllianceIDs(), "valid: "+report.OneOf(k.C.AllianceIDs())))
		}
	}
	if t.HasAgreed = d.has("agreed"); t.HasAgreed {
		t.Agreed = map[AllianceID]AllianceID{}
		ag := d.Obj("agreed")
		for _, a := range ag.keys() {
			t.Agreed[AllianceID(a)] = AllianceID(ag.Str(a))
			for _, id := range []string{a, ag.Str(a)} {
				if !k.C.HasAlliance(AllianceID(id)) {
					k.Fs.Add(ag.Src.At(a), "unknown alliance %q; %s", id, Hint(k.Fs, id, k.C.AllianceIDs(), "valid: "+report.OneOf(k.C.AllianceIDs())))
				}
			}
		}
	}
	for _, o := range d.Objs("battles") {
		b := TiebreakBattle{Src: o.Src, Winner: AllianceID(o.Str("winner"))}
		known := true
		for i, l := range o.strs("players") {
			p, ok := k.C.PlayerOf(Login(l))
			if !ok {
				k.Fs.Add(o.Src.At("players", i), "unknown player %q; %s", l, Hint(k.Fs, string(l), k.C.Logins(), "valid: "+report.OneOf(k.C.Logins())))
				known = false
				continue
			}
			b.Players = append(b.Players, p.Login)
			b.Alliances = append(b.Alliances, p.Alliance)
		}
		if known && len(b.Alliances) == 2 && b.Alliances[0] == b.Alliances[1] {
			k.Fs.Add(o.Src.At("players", 1), "%s and %s are both in %s: a final battle is between players of two tied Alliances", b.Players[0], b.Players[1], b.Alliances[0])
			known = false
		}
		if known && len(b.Alliances) == 2 && b.Winner != b.Alliances[0] && b.Winner != b.Alliances[1] {
			k.Fs.Add(o.Src.At("winner"), "winner %q did not play this battle: the winner is %s (%s) or %s (%s)", b.Winner, b.Alliances[0], b.Players[0], b.Alliances[1], b.Players[1])
		}
		if o.has("played") {
			if b.Played, b.PlayedDate, b.HasPlayed = o.timeIn("played", k.C.Zone); !b.HasPlayed {
				k.Fs.Add(o.Src.At("played"), "played: %q is not a date-time such as 2027-07-10T19:00:00Z or a date such as 2027-07-10", o.Str("played"))
			}
		}
		t.Battles = append(t.Battles, b)
	}
	return t
}

// tiebreakRecord is who won and lost the final battles.
type tiebreakRecord struct {
	Won, Lost, Fought map[AllianceID]int
}

func (t *Tiebreak) Record() tiebreakRecord {
	rec := tiebreakRecord{Won: map[AllianceID]int{}, Lost: map[AllianceID]int{}, Fought: map[AllianceID]int{}}
	for _, b := range t.Battles {
		if len(b.Alliances) != 2 {
			continue
		}
		for _, a := range b.Alliances {
			rec.Fought[a]++
			if a == b.Winner {
				rec.Won[a]++
			} else {
				rec.Lost[a]++
			}
		}
	}
	return rec
}

// Unbeaten lists the tied Alliances that won a final battle and lost none.
func (rec tiebreakRecord) Unbeaten(tied []AllianceID) []AllianceID {
	var out []AllianceID
	for _, a := range tied {
		if rec.Won[a] > 0 && rec.Lost[a] == 0 {
			out = append(out, a)
		}
	}
	return out
}

// MostWon is the tied Alliance that won the most final battles, the first
// in the order of tied on a tie: a victor the file names must have won as
// many (RULINGS 37).
func (rec tiebreakRecord) MostWon(tied []AllianceID) AllianceID {
	var most AllianceID
	for _, a := range tied {
		if most == "" || rec.Won[a] > rec.Won[most] {
			most = a
		}
	}
	return most
}

// OneFinalBattle: two tied Alliances play "one final battle with one
// another (or multiple battles, if there are more than two tied
// Alliances)", and its winner is victorious. It refuses a second battle
// between them — one side could add a rematch it won, then name itself —
// and a victor the battle does not make; false when there is neither.
func (t *Tiebreak) OneFinalBattle(isTied func(AllianceID) bool, fs *Faults) bool {
	var final *TiebreakBattle
	refused := false
	for i := range t.Battles {
		b := &t.Battles[i]
		switch {
		case len(b.Alliances) != 2 || b.Alliances[0] == b.Alliances[1] || !isTied(b.Alliances[0]) || !isTied(b.Alliances[1]):
		case final == nil:
			final = b
		default:
			fs.Add(b.Src, "two tied Alliances play one final battle with one another, and the first here decided it: remove this one (a drawn battle is played again, and the file records the one that was won)")
			refused = true
		}
	}
	if final != nil && t.Victor != "" && isTied(t.Victor) && t.Victor != final.Winner && isTied(final.Winner) {
		fs.Add(t.Src.At("victor"), "%s won the final battle, so %s is victorious: remove victor, or make it %q", final.Winner, final.Winner, final.Winner)
		refused = true
	}
	return refused
}

// Winner is the victor the file makes: the one it names, else the only
// tied Alliance unbeaten; "" when the battles leave it open.
func (t *Tiebreak) Winner(tied []AllianceID) AllianceID {
	if t.Victor != "" {
		return t.Victor
	}
	if u := t.Record().Unbeaten(tied); len(u) == 1 {
		return u[0]
	}
	return ""
}

// CheckAgreed holds [agreed] to the tied: a line for each tied Alliance
// that stands behind the file, naming a tied Alliance as the victor; and
// none at all in a campaign that does not confirm results. note says
// what counts for nothing without being a fault: a line naming another
// victor than the battles make, no [agreed] at all.
func (t *Tiebreak) CheckAgreed(c *Campaign, tied []AllianceID, fs *Faults, note func(Src, string)) {
	if !c.Rules.ConfirmResults {
		if t.HasAgreed {
			fs.Add(t.Src.At("agreed"), "this campaign does not confirm results ([rules] confirm_results = false): the final battles count as filed; remove [agreed]")
		}
		return
	}
	won := t.Winner(tied)
	for _, a := range slices.Sorted(maps.Keys(t.Agreed)) {
		for _, id := range []AllianceID{a, t.Agreed[a]} {
			if c.HasAlliance(id) && !slices.Contains(tied, id) {
				fs.Add(t.Src.At("agreed", string(a)), "%s is not tied: [agreed] holds a line for each tied Alliance that stands behind this file, naming the victor it agrees to, each of %s", id, report.OneOf(tied))
			}
		}
		if v := t.Agreed[a]; won != "" && v != won && slices.Contains(tied, a) && slices.Contains(tied, v) {
			note(t.Src.At("agreed", string(a)), fmt.Sprintf("%s's line names %s, but the battles make %s the victor, so it counts for nothing: write %s = %q, or correct the battles", a, v, won, a, won))
		}
	}
	if !t.HasAgreed && won != "" {
		note(t.Src, fmt.Sprintf("no [agreed]: the final battle counts once every tied Alliance stands behind it; under an [agreed] heading, the players of each write its line: %s", t.AgreeLines(tied)))
	}
}

// AgreeLines are the lines under [agreed] still awaited, each as its
// Alliance writes it: `blue = "red"`, the victor the battles make.
func (t *Tiebreak) AgreeLines(tied []AllianceID) string {
	won := t.Winner(tied)
	var lines []string
	for _, a := range t.Unagreed(tied) {
		lines = append(lines, fmt.Sprintf("`%s = %q`", a, cmp.Or(won, "<the victor>")))
	}
	return report.And(lines)
}

// Unagreed are the tied Alliances whose line under [agreed] is missing or
// names another victor than the file makes (it counts for nothing).
func (t *Tiebreak) Unagreed(tied []AllianceID) []AllianceID {
	won := t.Winner(tied)
	return slices.DeleteFunc(slices.Clone(tied), func(a AllianceID) bool { v, ok := t.Agreed[a]; return ok && v == won && won != "" })
}

// CheckVictor holds the victorious Alliance to the final battles among the
// tied: the one victor names (it won a battle, as many as any other, and
// every other lost one: RULINGS 37), or else the only one unbeaten.
func (t *Tiebreak) CheckVictor(c *Campaign, tied []AllianceID, fs *Faults) {
	rec := t.Record()
	if most := rec.MostWon(tied); t.Victor != "" {
		switch {
		case !c.HasAlliance(t.Victor):
			return
		case rec.Won[t.Victor] == 0 || rec.Won[t.Victor] < rec.Won[most]:
			won, other := report.Plural(rec.Won[t.Victor], "final battle", "final battles"), ""
			if rec.Won[t.Victor] == 0 {
				won = "no final battle"
			}
			if most != t.Victor && rec.Won[most] > 0 { // (most is the first tied when none won)
				other = fmt.Sprintf(" and %s %d", most, rec.Won[most])
			}
			fs.Add(t.Src.At("victor"), "%s won %s%s, so the battles do not make %s victorious; the victor won at least one, and as many as any other", t.Victor, won, other, t.Victor)
		}
		for _, a := range tied {
			if a != t.Victor && rec.Fought[a] > 0 && rec.Lost[a] == 0 {
				fs.Add(t.Src.At("victor"), "%s lost no final battle, so the battles do not put it out of the running: play another, or name %s", a, a)
			}
		}
		return
	}
	if u := rec.Unbeaten(tied); len(u) != 1 {
		why := "no tied Alliance is unbeaten"
		if len(u) > 1 {
			why = report.OneOf(u) + " are unbeaten"
		}
		fs.Add(t.Src, "the final battles do not decide the victor (%s): add victor = \"<alliance>\", one of %s", why, report.OneOf(tied))
	}
}
