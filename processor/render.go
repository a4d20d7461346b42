package processor

import (
	"fmt"
	"strings"

	"github.com/warmaster/warmaster/processor/report"
)

// maxAwaitedRows is the most awaited files a report lists one by one.
const maxAwaitedRows = 60

// standMarker separates a phase report's step sections (appended as steps
// are applied) from "where things stand" (rewritten each time).
const standMarker = "<!-- warmaster: where things stand (rewritten on every advance) -->"

// render produces every file a run writes.
func (r *run) render() {
	r.out[StateFile] = r.s.encode()
	r.out[JournalFile] = appendJournal(r.f.Journal, r.journal)
	for phase := 1; phase <= r.c.Phases; phase++ {
		sec, ok := r.sections[phase]
		if !ok {
			continue
		}
		file := PhaseDir(phase) + "/report.md"
		old := r.previousReport(file)
		if old == "" {
			var head report.Doc
			head.Heading(1, "%s — phase %d of %d", r.c.Name, phase, r.c.Phases)
			old = head.String()
		}
		var d report.Doc
		d.Raw(old)
		d.Raw(sec.String())
		d.Raw(standMarker)
		if st, ok := r.standings[phase]; ok {
			d.Raw(st)
		} else {
			r.standing(&d, 2)
		}
		r.out[file] = []byte(d.String())
	}
	r.out[ReadmeFile] = []byte(r.readme())
}

// standingText is "where things stand" now, as Markdown.
func (r *run) standingText() string {
	var d report.Doc
	r.standing(&d, 2)
	return d.String()
}

// previousReport is a phase report's step sections as already written.
func (r *run) previousReport(file string) string {
	data, err := r.f.ReadFile(file)
	if err != nil {
		return ""
	}
	s := string(data)
	if i := strings.Index(s, standMarker); i >= 0 {
		s = s[:i]
	}
	return strings.TrimRight(s, "\n") + "\n"
}

// readme is the campaign's README.md: where things stand, and the reports.
func (r *run) readme() string {
	var d report.Doc
	d.Heading(1, "%s", r.c.Name)
	d.Para("Written by [warmaster](https://github.com/warmaster/warmaster) on every advance; do not edit by hand.")
	if r.lastStanding != "" {
		d.Raw(r.lastStanding)
	} else {
		r.standing(&d, 2)
	}
	var links []string
	for phase := 1; phase <= r.c.Phases; phase++ {
		if phase < r.s.Phase || (phase == r.s.Phase && r.s.Step != StepSetup) || r.s.Step == StepEnded && phase <= r.c.Phases && phase <= r.s.Phase {
			links = append(links, fmt.Sprintf("[Phase %d](%s/report.md)", phase, PhaseDir(phase)))
		}
	}
	if len(links) > 0 {
		d.Heading(2, "Reports")
		d.List(links)
	}
	return d.String()
}

// standing writes where the campaign stands: the step awaited and from whom,
// the Points Tracker, the map, every planet and every fleet.
func (r *run) standing(d *report.Doc, level int) {
	s := r.s
	d.Heading(level, "Where things stand")
	switch {
	case s.Step == StepEnded && s.End != nil && s.End.Winner != "":
		d.Para("The campaign is over: **%s (%s) is victorious** — %s.", r.c.AllianceName(s.End.Winner), s.End.Winner, s.End.How)
	case s.Step == StepEnded && s.End != nil:
		d.Para("The campaign is over, undecided — %s.", s.End.How)
	case s.Step == StepTiebreak && s.End != nil:
		d.Para("The final phase ended tied — %s. Waiting for the final battle(s) (End of the Campaign):", s.End.How)
	case s.Step == StepSetup:
		d.Para("Setting up the campaign map: waiting for every Alliance's set-up.")
	default:
		d.Para("Phase %d of %d, waiting for step %s.", s.Phase, r.c.Phases, s.Step.Title())
	}
	// What the step waits for. Whether each file is in already is left to
	// `warmaster status`: written files hold only what the processed inputs
	// determine, so a replay from the journal reproduces them byte for byte.
	switch aw := r.awaited(); {
	case len(aw) > maxAwaitedRows:
		// A public campaign: thousands of rows help nobody on a front page.
		d.Para("%d files awaited, by %s (e.g. %s); `warmaster status` lists them.", len(aw), deadlineText(aw[0]), aw[0].File)
	case len(aw) > 0:
		rows := make([][]string, len(aw))
		for i, a := range aw {
			rows[i] = []string{a.File, a.Who, deadlineText(a)}
		}
		d.Table([]string{"file", "from", "deadline"}, rows)
	}
	if s.Step == StepSetup {
		return
	}
	r.standingEvents(d, level+1)
	d.Heading(level+1, "Points Tracker")
	var rows [][]string
	for _, a := range r.c.AllianceIDs() {
		rows = append(rows, []string{fmt.Sprintf("%s (%s)", r.c.AllianceName(a), a), fmt.Sprint(s.Points[a])})
	}
	d.Table([]string{"alliance", "Campaign points"}, rows)
	r.standingMedals(d, level+1)

	d.Heading(level+1, "Map")
	d.Para("%s", r.legend())
	d.Mermaid(r.mermaid())

	d.Heading(level+1, "Planets")
	header := []string{"planet"}
	for _, a := range r.c.AllianceIDs() {
		header = append(header, string(a))
	}
	header = append(header, "Infrastructure locations", "fleets")
	rows = nil
	fleets := s.FleetsByPlanet()
	for _, p := range r.c.Map.Planets {
		row := []string{p.Name}
		if s.Destroyed(p.ID) {
			row[0] += " (destroyed)"
		}
		for _, a := range r.c.AllianceIDs() {
			row = append(row, fmt.Sprint(s.Power(p.ID, a)))
		}
		row = append(row, s.describeLocations(p.ID), oneOf(fleets[p.ID]))
		rows = append(rows, row)
	}
	d.Table(header, rows)
	r.engineStanding(d, level+1)
}

func deadlineText(a Await) string {
	if a.Deadline.IsZero() {
		return "none: waits for every input"
	}
	return a.Deadline.Format("2006-01-02 15:04 MST")
}

func presentText(ok bool) string {
	if ok {
		return "yes"
	}
	return "awaited"
}

// Colours of the map, by Alliance order.
var palette = []struct{ name, fill string }{
	{"blue", "#2b6cb0"}, {"red", "#c53030"}, {"green", "#2f855a"},
	{"purple", "#6b46c1"}, {"orange", "#c05621"}, {"teal", "#2c7a7b"},
}

func (r *run) legend() string {
	var parts []string
	for i, a := range r.c.Alliances {
		parts = append(parts, fmt.Sprintf("%s = %s (%s)", palette[i%len(palette)].name, a.Name, a.ID))
	}
	return "Each planet is coloured by the Alliance with the highest Power Level there: " + strings.Join(parts, ", ") + "; grey = tied, black = destroyed."
}

// leader is the Alliance with the highest Power Level at a planet, or -1 on a tie.
func (r *run) leader(p PlanetID) int {
	best, who := -1, -1
	for i, a := range r.c.Alliances {
		switch lvl := r.s.Power(p, a.ID); {
		case lvl > best:
			best, who = lvl, i
		case lvl == best:
			who = -1
		}
	}
	return who
}

// mermaid draws the map: one node per planet with its Power Levels and
// fleets, one edge per lane, coloured by the leading Alliance.
func (r *run) mermaid() string {
	s := r.s
	var b strings.Builder
	b.WriteString("graph LR\n")
	fleets := s.FleetsByPlanet()
	for i, p := range r.c.Map.Planets {
		var lv []string
		for _, a := range r.c.AllianceIDs() {
			lv = append(lv, fmt.Sprintf("%s %d", a, s.Power(p.ID, a)))
		}
		label := p.Name + "<br/>" + strings.Join(lv, " · ")
		if fl := fleets[p.ID]; len(fl) > 0 {
			label += "<br/>⚑ " + oneOf(fl)
		}
		fmt.Fprintf(&b, "  p%d[\"%s\"]\n", i, strings.ReplaceAll(label, `"`, "#quot;"))
	}
	for _, l := range r.c.Map.Lanes {
		fmt.Fprintf(&b, "  p%d --- p%d\n", r.c.Map.index[l[0]], r.c.Map.index[l[1]])
	}
	for i := range r.c.Alliances {
		c := palette[i%len(palette)]
		fmt.Fprintf(&b, "  classDef a%d fill:%s,color:#fff\n", i, c.fill)
	}
	b.WriteString("  classDef tied fill:#a0aec0,color:#000\n  classDef destroyed fill:#1a202c,color:#fff\n")
	for i, p := range r.c.Map.Planets {
		class := "tied"
		switch who := r.leader(p.ID); {
		case s.Destroyed(p.ID):
			class = "destroyed"
		case who >= 0:
			class = fmt.Sprintf("a%d", who)
		}
		fmt.Fprintf(&b, "  class p%d %s\n", i, class)
	}
	return b.String()
}
