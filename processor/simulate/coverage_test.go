package simulate

import (
	"errors"
	"fmt"
	"io/fs"
	"regexp"
	"slices"
	"strings"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/seal"
)

// Coverage counts what simulated campaigns exercised, read from their
// reports and final state: by kind, then item.
type Coverage map[string]map[string]int

// The kinds of a Coverage, in the order its table lists them.
const (
	KindOperation = "operation"
	KindBattle    = "attack type × result"
	KindEvent     = "event"
	KindMedal     = "medal"
	KindFallback  = "fallback or default"
	KindAlso      = "also"
	KindRoster    = "roster change"
)

var kinds = []string{KindOperation, KindBattle, KindEvent, KindMedal, KindRoster, KindFallback, KindAlso}

// rosterLines are the lines of a report's Roster changes section, one for
// each kind of change (processor.NextRoster's words).
var rosterLines = []struct {
	item string
	re   *regexp.Regexp
}{
	{"a player joins with a fleet", regexp.MustCompile(`^- \S+ joins \S+ with `)},
	{"a player hands their fleets to another", regexp.MustCompile(`^- \S+ hands .+ to \S+, who commands (it|them) from here on$`)},
	{"a player leaves, their fleets shared out", regexp.MustCompile(`^- \S+ is commanded by \S+ from here on$`)},
	{"the Warmaster hands over and stays the Warmaster", regexp.MustCompile(`^- \S+ commands no fleet from here on, and stays the Warmaster$`)},
}

// Unplayed is the KindBattle item of a battle without a result.
const Unplayed = "unplayed: the attacker wins (RULINGS 18)"

func (c Coverage) add(kind, item string, n int) {
	if c[kind] == nil {
		c[kind] = map[string]int{}
	}
	c[kind][item] += n
}

// Merge adds o's counts to c.
func (c Coverage) Merge(o Coverage) {
	for k, items := range o {
		for item, n := range items {
			c.add(k, item, n)
		}
	}
}

// Required lists, by kind, what a default run must exercise at least once:
// every operation, attack type × result, unplayed battles, every event
// and every medal.
func Required() map[string][]string {
	req := map[string][]string{}
	for o := processor.Battle; o <= processor.DeployKillTeams; o++ {
		req[KindOperation] = append(req[KindOperation], o.String())
	}
	for t := processor.SeizePowerBase; t <= processor.BoardingAction; t++ {
		for _, r := range []string{"Attacker wins", "Defender wins", "Draw"} {
			req[KindBattle] = append(req[KindBattle], t.Title()+" — "+r)
		}
	}
	req[KindBattle] = append(req[KindBattle], Unplayed)
	for e := processor.LullInTheFighting; e <= processor.SmuggledAssets; e++ {
		req[KindEvent] = append(req[KindEvent], e.Title())
	}
	for _, m := range processor.Medals {
		req[KindMedal] = append(req[KindMedal], m.Title())
	}
	for _, r := range rosterLines {
		req[KindRoster] = append(req[KindRoster], r.item)
	}
	req[KindAlso] = []string{SealedRevealed}
	return req
}

// SealedRevealed is the coverage of sealed orders decrypted at 2.1 (the
// folder's <login>.toml beside its <login>.toml.age).
const SealedRevealed = "sealed orders revealed at 2.1"

// Missing lists the required items that never occurred, as "kind: item".
func (c Coverage) Missing() []string {
	var out []string
	req := Required()
	for _, k := range kinds {
		for _, item := range req[k] {
			if c[k][item] == 0 {
				out = append(out, k+": "+item)
			}
		}
	}
	return out
}

// Table is the coverage as a text table, kind by kind: the required items
// in their order (MISSING where never seen), then the others by name.
func (c Coverage) Table() string {
	var b strings.Builder
	req := Required()
	for _, k := range kinds {
		items := slices.Clone(req[k])
		var extra []string
		for item := range c[k] {
			if !slices.Contains(items, item) {
				extra = append(extra, item)
			}
		}
		slices.Sort(extra)
		items = append(items, extra...)
		if len(items) == 0 {
			continue
		}
		fmt.Fprintf(&b, "%s:\n", k)
		for _, item := range items {
			n := fmt.Sprint(c[k][item])
			if c[k][item] == 0 {
				n = "0  MISSING"
			}
			fmt.Fprintf(&b, "  %-62s %s\n", item, n)
		}
	}
	return b.String()
}

// fallbacks are the report's words for a rule's default or fallback.
var fallbacks = []struct{ item, text string }{
	{"Logistical Auxilia: no orders by the deadline", "no orders by the deadline: the default"},
	{"outcome choice left to its default", "by default"},
	{"outcome choice no longer possible (RULINGS 9)", "is not possible now"},
	{"power_adjust no longer applies (RULINGS 8)", "no longer applies"},
	{"Seize Power Base: take no longer there", "no longer has a"},
	{"Seize Power Base at the limit (RULINGS 16)", "RULINGS 16]"},
	{"seize_power_base_keeps_piece", "seize_power_base_keeps_piece)"},
	{"orbital_invasion_defender_power", "orbital_invasion_defender_power)"},
	{"Planetary Bombardment: second strike lost (RULINGS 22)", "RULINGS 22]"},
	{"Boarding Action: chosen fleet gone", "is no longer at"},
	{"Raise Edifices cancelled (RULINGS 17)", "'s Raise Edifices ("},
	{"Fortification Line destroyed instead (RULINGS 2)", "is destroyed instead"},
	{"event: no choices file by the deadline", "no choices by the deadline"},
	{"event: table left out of the file", "in its file"},
	{"event choice no longer possible", "any more"},
	{"Xenobeast Migration: the nearest planet", "the nearest planet"},
	{"Archeotech Riches: default +1", "the default instead"},
	{"Smuggled Assets: relocation skipped", "is skipped:"},
	{"Lull in the Fighting: move cancelled", "is no longer connected"},
	{"Stellar Storms again: a new Fortunes of War Event", "Stellar Storms has already taken effect"},
	{"moves: none by the deadline", "no moves by the deadline"},
	{"builds: none by the deadline", "no build by the deadline"},
	{"war engine entry ignored: destroyed earlier this 2.4", "destroyed in an earlier battle this phase"},
	{"war engine: no pick recorded, the first", "names no weapon for it"},
}

// also are other things worth seeing in the table.
var also = []struct{ item, text string }{
	{"power_adjust: Stronghold", "with its Stronghold"},
	{"power_adjust: Stronghold", "(Stronghold)"},
	{"power_adjust: Coordinated Opposition", "with Coordinated Opposition"},
	{"power_adjust: Coordinated Opposition", "(Coordinated Opposition)"},
	{"loser_power_adjust: Coordinated Opposition", "(Coordinated Opposition, as the loser)"},
	{"outcome judged with the levels fought at (RULINGS 9)", "the levels the battle was fought at"},
	{"outcome judged with the levels fought at (RULINGS 9)", "when the battle was fought"},
	{"Sinister Omens: theatre rolled", "theatre (rolled)"},
	{"Archeotech Riches secured", "secures the riches"},
	{"Archeotech Riches: fewer than three +1s", "of its up to three +1s"},
	{"Seize Power Base: the Defender builds nothing", `builds nothing (build = "none")`},
	{"Machinations of Fate: defections take effect", "takes effect for phase"},
	{"Boarding Action: attacking fleet cannot move", "cannot move in this Campaign phase's Move Fleets step"},
	{"planet destroyed", "every Alliance's Power Level there is 0"},
	{"forced event", "forced by campaign.toml"},
	{"A Costly Bargain struck", "switch their Power Levels"},
	{"Tides of War: Stronghold moved", "removes its Stronghold from"},
	{"Kill Teams roll", "Kill Teams roll"},
	{"medal benefit: Star of the Voidfarer (two moves)", ", then to "},
	{"war engine: Volcano Cannon's 2D6", ": 2D6 on the "},
	{"war engine: structural weapon kept", "structural, never lost"},
	{"war engine: structural Crippled option kept", "nor structural"},
	{"war engine: close combat without a Titan weapon", "not a Titan close combat weapon's"},
	{"war engine: Void Fields rolled for in a later turn", "Start of its turn"},
	{"disputed result upheld by the Warmaster", "upholds it: applied as filed"},
	{"disputed result overturned by the Warmaster", "overturns it: not applied"},
	{"a correction of [rules] by the Warmaster", "**A correction by the Warmaster**"},
}

var (
	engineEntry   = regexp.MustCompile(`^engine-\d+ \(.+'s (.+)\):$`)
	battleHeading = regexp.MustCompile(`^### \d+\. (\S+): (.+) at \S+ — (.+)$`) // ### 1. f3: Planetary Bombardment at p07 — Defender wins
)

// Collect reads what a simulated campaign exercised from its folder.
func Collect(dir string) (Coverage, error) {
	f, err := folder.Load(dir)
	if err != nil {
		return nil, err
	}
	c := Coverage{}
	for ph := 1; ph <= f.Campaign.Phases; ph++ {
		data, err := f.ReadFile(processor.PhaseDir(ph) + "/report.md")
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		for _, sec := range reportSections(data) {
			if sec.title == "Where things stand" {
				continue // rewritten on every advance
			}
			collectSection(c, sec)
		}
	}
	for _, file := range f.Files() {
		if plain, ok := strings.CutSuffix(file, seal.SealedExt); ok && f.Disk.IsFile(plain) {
			c.add(KindAlso, SealedRevealed, 1)
		}
	}
	if e := f.State.End; e != nil {
		for _, m := range e.Medals {
			if m.Alliance != "" {
				c.add(KindMedal, m.Medal.Title(), 1)
			} else {
				c.add(KindAlso, "medal not awarded: "+m.Medal.Title(), 1)
			}
		}
		switch {
		case len(e.Tied) == 0:
		case strings.Contains(e.How, "roll-off won"):
			c.add(KindFallback, "tie-break: roll-off past the deadline", 1)
		case strings.Contains(e.How, "with its Stronghold still on the map"):
			c.add(KindAlso, "tie broken by the Strongholds", 1)
		default:
			c.add(KindAlso, "tie broken by final battles (tiebreak.toml)", 1)
		}
	}
	return c, nil
}

func collectSection(c Coverage, sec section) {
	switch sec.title {
	case "1 Select Operations":
		for _, line := range sec.lines {
			cells := tableRow(line)
			if len(cells) != 5 || cells[0] == "fleet" {
				continue
			}
			op := cells[4]
			for o := processor.Battle; o <= processor.DeployKillTeams; o++ {
				if strings.HasPrefix(op, o.Title()) {
					c.add(KindOperation, o.String(), 1)
				}
			}
			if strings.HasSuffix(cells[0], "-2") {
				c.add(KindAlso, "Defiant Zeal: second operation", 1)
			}
			if strings.Contains(op, "An Open Tome") {
				c.add(KindAlso, "An Open Tome: orders declared first", 1)
			}
		}
	case "2.3 Resolve Battle Operations":
		for _, line := range sec.lines {
			if cells := tableRow(line); len(cells) == 8 && strings.HasPrefix(cells[4], "not played") {
				c.add(KindBattle, Unplayed, 1)
			}
		}
	case "2.4 Process Battle Results":
		for _, line := range sec.lines {
			if m := battleHeading.FindStringSubmatch(line); m != nil {
				c.add(KindBattle, m[2]+" — "+m[3], 1)
				if strings.HasSuffix(m[1], "-2") {
					c.add(KindAlso, "Defiant Zeal: second battle", 1)
				}
			}
			if m := engineEntry.FindStringSubmatch(line); m != nil {
				c.add(KindAlso, "war engine entry: "+m[1], 1)
			}
			if cells := tableRow(line); len(cells) == 5 && cells[4] == "destroyed" {
				c.add(KindAlso, "war engine destroyed", 1)
			}
		}
	case "3 Results and Vespator Front Events":
		for _, line := range sec.lines {
			if ev, ok := eventHeading(line); ok {
				c.add(KindEvent, ev.Title(), 1)
			}
		}
	case "Setup the Campaign Map":
		for _, line := range sec.lines {
			for _, m := range []processor.Medal{processor.LaurelOfVictory, processor.PenumbralWreath, processor.SableDagger} {
				if strings.HasPrefix(line, "- "+m.Title()+": ") {
					c.add(KindAlso, "medal benefit: "+m.Title(), 1)
				}
			}
		}
	case "1 Select Operations: An Open Tome":
		c.add(KindAlso, "An Open Tome: the open-tome step", 1)
	case "3 Vespator Front Events: the Alliances' choices":
		c.add(KindAlso, "events step: choices applied", 1)
	case "Roster changes":
		for _, line := range sec.lines {
			for _, r := range rosterLines {
				if r.re.MatchString(line) {
					c.add(KindRoster, r.item, 1)
				}
			}
		}
	}
	for _, line := range sec.lines {
		for _, fb := range fallbacks {
			if strings.Contains(line, fb.text) {
				c.add(KindFallback, fb.item, 1)
			}
		}
		for _, a := range also {
			if strings.Contains(line, a.text) {
				c.add(KindAlso, a.item, 1)
			}
		}
	}
}
