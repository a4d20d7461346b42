package processor

import "time"

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
