package processor

import (
	"fmt"
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
func decodeMedalRecords(d Obj) []MedalRecord {
	var out []MedalRecord
	for _, o := range d.Objs("medals") {
		m, _ := medalNames.Parse(o.Str("medal")) // the schema allows only valid names
		rec := MedalRecord{Medal: m, Campaign: o.Str("campaign"), Src: o.Src}
		for _, l := range o.strs("players") {
			rec.Players = append(rec.Players, Login(l))
		}
		out = append(out, rec)
	}
	return out
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
		fmt.Fprintf(&b, "\n[[medals]]\nmedal = %q\nplayers = [%s]\ncampaign = %q\n", aw.Medal.String(), report.Quoted(aw.Players), name)
	}
	if n == 0 {
		return ""
	}
	return b.String()
}

func (m Medal) String() string { return medalNames.Name(m) }

func (m Medal) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

func (m *Medal) UnmarshalText(b []byte) error { return medalNames.Unmarshal(m, b) }

// Title is the medal's name as the rulebook prints it.
func (m Medal) Title() string {
	return [...]string{"Laurel of Victory", "Penumbral Wreath", "Star of the Voidfarer", "Sable Dagger"}[m]
}

// Measure says what the numbers behind a medal are.
func (m Medal) Measure() string {
	return [...]string{
		"the victor (Campaign points)",
		"planets at Power Level 1",
		"lanes between its farthest Support Facilities",
		"lanes between its farthest Fleets",
	}[m]
}
