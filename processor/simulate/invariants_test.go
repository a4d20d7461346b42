package simulate

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/disk"
	"github.com/warmaster/warmaster/processor/folder"
)

// Invariants checks what must hold after every step of every campaign:
// Power Levels within RULINGS 1–2, Infrastructure within the limits per
// Alliance (RULINGS 3), destroyed planets at 0 for good, every fleet on a
// planet and commanded by a player who plays for its Alliance. destroyed
// carries the planets seen destroyed from step to step. Checker adds the
// Points Tracker rule and the inputs' fate.
func Invariants(f *folder.Folder, destroyed map[processor.PlanetID]bool) error {
	c, s := f.Campaign, f.State
	if s.Step == processor.StepSetup {
		return nil
	}
	for _, p := range c.Map.Planets {
		if s.Destroyed(p.ID) {
			destroyed[p.ID] = true
		} else if destroyed[p.ID] {
			return fmt.Errorf("%s was destroyed and is whole again", p.ID)
		}
		for _, a := range c.AllianceIDs() {
			lvl := s.Power(p.ID, a)
			switch {
			case s.Destroyed(p.ID) && lvl != 0:
				return fmt.Errorf("%s is destroyed but %s's Power Level there is %d (RULINGS 1)", p.ID, a, lvl)
			case !s.Destroyed(p.ID) && (lvl < 1 || lvl > 4):
				return fmt.Errorf("%s's Power Level at %s is %d, outside 1–4 (RULINGS 1)", a, p.ID, lvl)
			case !s.Destroyed(p.ID) && lvl < min(4, 1+s.Pieces(p.ID, a, processor.FortificationLine)):
				return fmt.Errorf("%s's Power Level at %s is %d, below its Fortification Line minimum (RULINGS 2)", a, p.ID, lvl)
			}
		}
	}
	for _, a := range c.AllianceIDs() {
		for t := processor.Stronghold; t <= processor.FortificationLine; t++ {
			if n := s.Count(a, t); n > t.Limit() {
				return fmt.Errorf("%s has %d %s pieces, over the limit %d (RULINGS 3)", a, n, t, t.Limit())
			}
		}
	}
	for _, fl := range c.Fleets {
		if p, ok := s.Fleets[fl.ID]; !ok || !c.Map.Has(p) {
			return fmt.Errorf("fleet %s is on no planet", fl.ID)
		}
		// Who commands it plays, for the fleet's Alliance (roster changes,
		// Machinations of Fate: fleets stay with their Alliance).
		switch p, ok := c.PlayerOf(fl.Player); {
		case !ok:
			return fmt.Errorf("fleet %s is commanded by %s, who does not play (%s)", fl.ID, fl.Player, c.NotPlaying(fl.Player))
		case p.Alliance != c.FleetAlliance(fl.ID):
			return fmt.Errorf("fleet %s of %s is commanded by %s, of %s", fl.ID, c.FleetAlliance(fl.ID), fl.Player, p.Alliance)
		}
	}
	return nil
}

// Checker checks one campaign after each of its advances: Invariants, the
// Points Tracker rule where it must hold, and that no input is silently
// ignored. It remembers what it must from step to step.
type Checker struct {
	destroyed map[processor.PlanetID]bool
	points    map[processor.AllianceID]int // the Points Tracker after the last advance
}

// NewChecker is a Checker for a campaign about to be played.
func NewChecker() *Checker {
	return &Checker{destroyed: map[processor.PlanetID]bool{}, points: map[processor.AllianceID]int{}}
}

// immediateEvents are the events without choices that change the map in
// step 3, after the Points Tracker was updated.
var immediateEvents = []processor.EventKind{processor.StarvationAndDisease, processor.StellarStorms, processor.CultUprisings}

// Check checks the folder after an advance.
func (k *Checker) Check(st Step) error {
	f := st.Folder
	if err := Invariants(f, k.destroyed); err != nil {
		return err
	}
	if err := k.checkPoints(st); err != nil {
		return err
	}
	return inputsAccountedFor(f)
}

// checkPoints: the Points Tracker is updated in step 3 only, 0 before the
// first (RULINGS 11), to each Alliance's combined Power Level plus 3 while
// its Stronghold stands. Events in step 3 may change the map right after
// the update, and later steps always may: the rule is checked on the state
// where nothing has changed since (the end of the campaign, or step 3 with
// no event that changes the map), and otherwise against step 3's table.
func (k *Checker) checkPoints(st Step) error {
	f := st.Folder
	c, s := f.Campaign, f.State
	step3 := -1
	for i, a := range st.Applied {
		if strings.HasSuffix(a, ": 3 Results and Vespator Front Events") {
			step3 = i
		}
	}
	defer func() { k.points = maps(s.Points) }()
	if step3 < 0 {
		for _, a := range c.AllianceIDs() {
			if s.Points[a] != k.points[a] {
				return fmt.Errorf("%s's Campaign points changed from %d to %d outside step 3 (RULINGS 11)", a, k.points[a], s.Points[a])
			}
		}
		if s.Step != processor.StepEnded && s.Step != processor.StepTiebreak {
			return nil
		}
	}
	rule := func(a processor.AllianceID) int {
		n := s.TotalPower(a)
		if _, ok := s.StrongholdAt(a); ok {
			n += 3
		}
		return n
	}
	phase, _, _ := strings.Cut(strings.TrimPrefix(st.Applied[max(step3, 0)], "phase "), ":")
	n, _ := strconv.Atoi(phase)
	if step3 >= 0 {
		// Step 3's own table: each Alliance's points as the rule gives them
		// from its total and Stronghold, and as the state keeps them.
		table, events, err := step3Report(f, n)
		if err != nil {
			return err
		}
		for _, a := range c.AllianceIDs() {
			row, ok := table[a]
			switch {
			case !ok:
				return fmt.Errorf("phase %d's step 3 report has no Points Tracker row for %s", n, a)
			case row[2] != row[0]+3*row[1]:
				return fmt.Errorf("phase %d's step 3 gives %s %d Campaign points for a total Power Level of %d (Stronghold: %d) (RULINGS 11)", n, a, row[2], row[0], row[1])
			case row[2] != s.Points[a]:
				return fmt.Errorf("phase %d's step 3 gives %s %d Campaign points, the state %d", n, a, row[2], s.Points[a])
			}
		}
		changed := slices.ContainsFunc(events, func(e processor.EventKind) bool { return slices.Contains(immediateEvents, e) })
		last := step3 == len(st.Applied)-1
		if changed || !last {
			return nil // the map changed since step 3's update
		}
	}
	for _, a := range c.AllianceIDs() {
		if got, want := s.Points[a], rule(a); got != want {
			return fmt.Errorf("%s has %d Campaign points, the rule gives %d (RULINGS 11)", a, got, want)
		}
	}
	return nil
}

func maps[K comparable, V any](m map[K]V) map[K]V {
	out := make(map[K]V, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// step3Report reads phase n's step 3 from its report: the Points Tracker
// table (total Power Level, Stronghold standing 0/1, Campaign points, by
// Alliance) and the events that took effect.
func step3Report(f *folder.Folder, n int) (map[processor.AllianceID][3]int, []processor.EventKind, error) {
	data, err := f.ReadFile(processor.PhaseDir(n) + "/report.md")
	if err != nil {
		return nil, nil, err
	}
	table := map[processor.AllianceID][3]int{}
	var events []processor.EventKind
	for _, sec := range reportSections(data) {
		if sec.title != "3 Results and Vespator Front Events" {
			continue
		}
		for _, line := range sec.lines {
			if ev, ok := eventHeading(line); ok {
				events = append(events, ev)
			}
			cells := tableRow(line)
			if len(cells) != 4 {
				continue
			}
			total, err1 := strconv.Atoi(cells[1])
			points, err2 := strconv.Atoi(cells[3])
			if err1 != nil || err2 != nil {
				continue // the header
			}
			standing := 0
			if cells[2] != "destroyed" {
				standing = 1
			}
			table[processor.AllianceID(cells[0])] = [3]int{total, standing, points}
		}
	}
	return table, events, nil
}

// inputsAccountedFor: every input file in the folder was consumed by a
// processed step (journal.toml lists it, unchanged) or belongs to a step
// not processed yet — none is silently ignored.
func inputsAccountedFor(f *folder.Folder) error {
	s := f.State
	var j struct {
		Steps []struct {
			Inputs []struct {
				Path   string `toml:"path"`
				SHA256 string `toml:"sha256"`
			} `toml:"inputs"`
		} `toml:"steps"`
	}
	if _, err := toml.Decode(string(f.Journal), &j); err != nil {
		return fmt.Errorf("journal.toml: %v", err)
	}
	consumed := map[string]string{}
	for _, st := range j.Steps {
		for _, in := range st.Inputs {
			consumed[in.Path] = in.SHA256
		}
	}
	stepOf := map[string]processor.Step{"orders": processor.StepOperations, "results": processor.StepBattles, "events": processor.StepEvents, "moves": processor.StepMoves, "builds": processor.StepBuilds}
	// The folder as it is now, not as Load saw it: a file Load would
	// not look at is counted too.
	d, err := disk.Open(f.Dir, disk.Scratch, nil) // a folder the simulation made
	if err != nil {
		return err
	}
	defer d.Close()
	for _, rel := range d.Files() {
		parts := strings.Split(rel, "/")
		var phase int
		var step processor.Step
		switch {
		case len(parts) == 2 && parts[0] == "setup":
			step = processor.StepSetup
		case len(parts) == 3 && parts[0] == "phases" && parts[2] == processor.TiebreakFile:
			phase, _ = strconv.Atoi(parts[1])
			step = processor.StepTiebreak
		case len(parts) == 4 && parts[0] == "phases" && stepOf[parts[2]] != 0:
			phase, _ = strconv.Atoi(parts[1])
			step = stepOf[parts[2]]
			if parts[2] == "orders" && openTome(f, phase, processor.Login(strings.TrimSuffix(parts[3], ".toml"))) {
				step = processor.StepOpenTome
			}
		default:
			continue // not an input
		}
		data, err := d.ReadFile(rel)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(data)
		want, ok := consumed[rel]
		pending := s.Step != processor.StepEnded && (phase > s.Phase || (phase == s.Phase && step >= s.Step) || (step == processor.StepSetup && s.Step == processor.StepSetup))
		switch {
		case ok && want != hex.EncodeToString(sum[:]):
			return fmt.Errorf("%s was changed after journal.toml recorded it", rel)
		case !ok && !pending:
			return fmt.Errorf("%s is in the folder, belongs to a processed step (phase %d, step %s; the state is at phase %d, step %s) and journal.toml does not list it: it was silently ignored", rel, phase, step, s.Phase, s.Step)
		}
	}
	return nil
}

// openTome: a player's orders are due first, An Open Tome being in force
// against its Alliance in that phase.
func openTome(f *folder.Folder, phase int, l processor.Login) bool {
	p, ok := f.Campaign.PlayerOf(l)
	return ok && slices.ContainsFunc(f.State.Effects, func(e processor.Effect) bool {
		return e.Event == processor.AnOpenTome && e.Phase == phase && e.Alliance == p.Alliance
	})
}

// section is one "## " section of a report.
type section struct {
	title string
	lines []string
}

func reportSections(data []byte) []section {
	var out []section
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		line := sc.Text()
		if t, ok := strings.CutPrefix(line, "## "); ok {
			out = append(out, section{title: t})
			continue
		}
		if len(out) > 0 {
			out[len(out)-1].lines = append(out[len(out)-1].lines, line)
		}
	}
	return out
}

// tableRow splits a Markdown table row into its cells; nil for other lines
// and the separator row.
func tableRow(line string) []string {
	if !strings.HasPrefix(line, "|") || strings.HasPrefix(line, "|:") || strings.HasPrefix(line, "|-") {
		return nil
	}
	cells := strings.Split(strings.Trim(line, "|"), "|")
	for i := range cells {
		cells[i] = strings.TrimSpace(cells[i])
	}
	return cells
}

// eventHeading reads step 3's "### Event 1: Stellar Storms (Fortunes of War)".
func eventHeading(line string) (processor.EventKind, bool) {
	rest, ok := strings.CutPrefix(line, "### Event ")
	if !ok {
		return 0, false
	}
	_, title, _ := strings.Cut(rest, ": ")
	title, _, _ = strings.Cut(title, " (")
	return eventByTitle(title)
}

func eventByTitle(title string) (processor.EventKind, bool) {
	for e := processor.LullInTheFighting; e <= processor.SmuggledAssets; e++ {
		if e.Title() == title {
			return e, true
		}
	}
	return 0, false
}
