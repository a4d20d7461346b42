package phase

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/folder/owntoml"
	"github.com/warmaster/warmaster/processor/report"
	"github.com/warmaster/warmaster/processor/seal"
)

// maxAwaitedRows is the most awaited files a report lists one by one.
const maxAwaitedRows = 60

// StandMarker separates a phase report's step sections (appended as steps
// are applied) from "where things stand" (rewritten each time).
const StandMarker = "<!-- warmaster: where things stand (rewritten on every advance) -->"

// encodeState encodes state.toml on the other CPU, and checks it reads
// back (stateBack, set before the send: read it after the receive). The
// state changes no more once the run's steps are done, and what is made
// after them — "where things stand", the status, the reports — only
// reads it: a run that writes starts it then, render otherwise.
func encodeState(r *run) chan []byte {
	state := make(chan []byte, 1)
	go func() {
		data := folder.EncodeState(r.s, r.mode.stateFormat())
		r.stateBack = folder.ReadBack(processor.StateFile, data)
		state <- data
	}()
	return state
}

// render produces every file a run writes; an error when a report it
// reads back cannot be read. state.toml is checked to read back as it is
// encoded (stateBack).
func (r *run) render() error {
	if r.state == nil {
		r.state = encodeState(r)
	}
	defer func() { r.out[processor.StateFile] = output{data: <-r.state} }()
	for phase := 1; phase <= r.c.Phases; phase++ {
		secs, ok := r.sections[phase]
		if !ok {
			continue
		}
		file := processor.PhaseDir(phase) + "/report.md"
		old, ok := r.previousReport(file)
		if !ok {
			var head report.Doc
			head.Heading(1, "%s — phase %d of %d", r.c.Name, phase, r.c.Phases)
			old = head.String()
		}
		var d report.Doc // the sections' chunks are its, written as they are
		d.Raw(old)
		for _, s := range secs { // each step's section, as written
			d.RawDoc(s)
		}
		if len(secs) == 0 {
			d.Raw("") // a phase begun and not ended: as its sections were
		}
		d.Raw(StandMarker)
		if st, ok := r.standings[phase]; ok {
			d.Raw(st)
		} else {
			r.standing(&d, 2, false)
		}
		r.out[file] = output{parts: d.Chunks()}
	}
	r.out[processor.ReadmeFile] = output{data: []byte(r.readme())}
	// Last: it records what the README found (sightings).
	r.mode.completeJournal(r.journal, r.f, r.opt, r.sighted.found)
	r.out[processor.JournalFile] = output{data: owntoml.AppendJournal(r.f.Journal, r.journal)}
	return r.readErr
}

// standingText is "where things stand" now, as a phase report has it;
// nothing for a run whose outputs nobody reads.
func (r *run) standingText() string {
	if r.mode.checkOnly {
		return ""
	}
	var d report.Doc
	r.standing(&d, 2, false)
	return d.String()
}

// previousReport is a phase report's step sections as already written,
// without the newlines they end with (Raw's); ok is false when there is
// none. Cut and trimmed before it is copied into a string: a report after
// the battles step is 31 MB at 100,000 battles.
func (r *run) previousReport(file string) (sections string, ok bool) {
	data := r.writtenReport(file)
	if data == nil {
		return "", false
	}
	if i := bytes.Index(data, []byte(StandMarker)); i >= 0 {
		data = data[:i]
	}
	return string(bytes.TrimRight(data, "\n")), true
}

// writtenReport is a phase report as it is in the folder; nil if it is
// not. One that cannot be read (past MarkdownLimit, say) is not taken for
// none, which would drop the sections written before: render fails with
// readErr.
func (r *run) writtenReport(file string) []byte {
	data, err := r.f.ReadFile(file)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) && r.readErr == nil {
			r.readErr = err // it names the file
		}
		return nil
	}
	return data
}

// readme is the campaign's README.md: where things stand, with the points
// chart and, with [github], links that open each awaited file in GitHub's
// web editor; then the reports.
func (r *run) readme() string {
	var d report.Doc
	d.Heading(1, "%s", r.c.Name)
	d.Para("**Playing?** [The players' card](%s): what to do this week, on one page.", PlayersCard)
	d.Para("Written by [warmaster](https://github.com/warmaster/warmaster) on every advance; do not edit by hand.")
	r.standing(&d, 2, true)
	var links []string
	for phase := 1; phase <= r.c.Phases; phase++ {
		if phase < r.s.Phase || (phase == r.s.Phase && r.s.Step != processor.StepSetup) || r.s.Step == processor.StepEnded && phase <= r.c.Phases && phase <= r.s.Phase {
			links = append(links, fmt.Sprintf("[Phase %d](%s/report.md)", phase, processor.PhaseDir(phase)))
		}
	}
	// RULINGS' promise: the options the campaign changed are listed.
	if changed := processor.ChangedRules(r.f.RulesDoc(), len(r.c.AllianceIDs())); len(changed) > 0 {
		d.Heading(2, "Rules options")
		d.Para("This campaign sets these `[rules]` options away from their defaults ([every option](%s)):", RulesOptions)
		d.List(changed)
	}
	if len(links) > 0 {
		d.Heading(2, "Reports")
		d.List(links)
	}
	return d.String()
}

// standing writes where the campaign stands: the step awaited and from whom,
// the Points Tracker, the map, every planet and every fleet. The README's
// (readme) also has the points chart and the links to GitHub's editor.
func (r *run) standing(d *report.Doc, level int, readme bool) {
	s := r.s
	d.Heading(level, "Where things stand")
	switch {
	case s.Step == processor.StepEnded && s.End != nil && s.End.Winner != "":
		d.Para("The campaign is over: **%s (%s) is victorious** — %s.", r.c.AllianceName(s.End.Winner), s.End.Winner, s.End.How)
	case s.Step == processor.StepEnded && s.End != nil:
		d.Para("The campaign is over, undecided — %s.", s.End.How)
	case s.Step == processor.StepTiebreak && s.End != nil:
		d.Para("The final phase ended tied — %s. Waiting for the final battle(s) (End of the Campaign):", s.End.How)
	case s.Step == processor.StepSetup:
		d.Para("Setting up the campaign map: waiting for every Alliance's set-up.")
	default:
		d.Para("Phase %d of %d, waiting for step %s.", s.Phase, r.c.Phases, s.Step.Title())
	}
	// What the step waits for. Whether each file is in already is left to
	// `warmaster status`: written files hold only what the processed inputs
	// determine, so a replay from the journal reproduces them byte for byte.
	// At most the rows it shows are kept: a public campaign's 100,000
	// awaited files, listed, were 18 MB for this, the README and the report.
	var aw []Await
	n := 0
	r.awaited(func(a Await) {
		if n++; n <= maxAwaitedRows {
			aw = append(aw, a)
		}
	})
	switch {
	case n > maxAwaitedRows:
		// A public campaign: thousands of rows help nobody on a front page.
		d.Para("%d files awaited, by %s (e.g. %s); `warmaster status` lists them.", n, deadlineText(r.c, aw[0]), aw[0].File)
	case len(aw) > 0 && readme && r.c.GitHub != nil:
		r.awaitedLinks(d, aw)
	case len(aw) > 0:
		rows := make([][]string, len(aw))
		for i, a := range aw {
			rows[i] = []string{a.File, a.Who, deadlineText(r.c, a)}
		}
		d.Table([]string{"file", "from", "deadline"}, rows)
	}
	if s.Step == processor.StepBattles && r.c.Rules.ConfirmResults {
		d.Para("%s", confirmRuleNote)
	}
	if s.Step == processor.StepSetup {
		return
	}
	r.standingEvents(d, level+1)
	d.Heading(level+1, "Points Tracker")
	var rows [][]string
	for _, a := range r.c.AllianceIDs() {
		rows = append(rows, []string{fmt.Sprintf("%s (%s)", r.c.AllianceName(a), a), fmt.Sprint(s.Points[a])})
	}
	d.Table([]string{"alliance", "Campaign points"}, rows)
	if readme {
		r.pointsChart(d)
	}
	if !r.stepsDone {
		r.standingMap(d, level+1)
		return
	}
	if r.mapStanding == nil || r.mapStanding.level != level+1 {
		var m report.Doc
		r.standingMap(&m, level+1)
		r.mapStanding = &levelText{level: level + 1, text: m.String()}
	}
	d.Raw(r.mapStanding.text)
}

// levelText is Markdown written with its headings at a level.
type levelText struct {
	level int
	text  string
}

// standingMap is where the map stands: medals, the map, every planet and
// every fleet, the war engines.
func (r reporting) standingMap(d *report.Doc, level int) {
	s := r.s
	r.standingMedals(d, level)

	// Each planet's fleets, listed once for the map and the table (at a
	// public campaign's size, 100,000 fleets on 12,500 planets).
	fleets := s.FleetsByPlanet()
	listed := make([]string, len(r.c.Map.Planets)) // "": none
	for i, p := range r.c.Map.Planets {
		if fl := fleets[p.ID]; len(fl) > 0 {
			listed[i] = report.OneOf(fl)
		}
	}
	d.Heading(level, "Map")
	d.Para("%s", r.legend())
	d.Mermaid(r.mermaid(listed))

	d.Heading(level, "Planets")
	header := []string{"planet"}
	for _, a := range r.c.AllianceIDs() {
		header = append(header, string(a))
	}
	header = append(header, "Infrastructure locations", "fleets")
	var rows [][]string
	for i, p := range r.c.Map.Planets {
		row := []string{p.Name}
		if s.Destroyed(p.ID) {
			row[0] += " (destroyed)"
		}
		for _, a := range r.c.AllianceIDs() {
			row = append(row, fmt.Sprint(s.Power(p.ID, a)))
		}
		row = append(row, s.DescribeLocations(p.ID), cmp.Or(listed[i], report.OneOf[processor.FleetID](nil)))
		rows = append(rows, row)
	}
	d.Table(header, rows)
	r.engineStanding(d, level)
}

// awaitedLinks is the awaited files' table with, for each, a link that
// opens GitHub's web editor on the file: on a new file holding its draft
// when the file is not in the folder (and the link to edit it once it is:
// this README is written afresh only when a step is applied), on the file
// itself when it is. The links are Markdown references below the table,
// so that the table stays readable in the file itself.
func (r *run) awaitedLinks(d *report.Doc, aw []Await) {
	g := r.c.GitHub
	rows := make([][]string, len(aw))
	var refs []string
	cut := false
	for i, a := range aw {
		link, full := r.awaitedLink(g, a)
		if link == "" {
			rows[i] = []string{a.File, a.Who, deadlineText(r.c, a), fmt.Sprintf(EditCell, i+1)}
			refs = append(refs, fmt.Sprintf("[edit-%d]: %s", i+1, g.EditURL(a.File)))
			continue
		}
		cut = cut || !full
		rows[i] = []string{a.File, a.Who, deadlineText(r.c, a), fmt.Sprintf(NewAndEditCell, i+1, i+1)}
		refs = append(refs, fmt.Sprintf("[new-%d]: %s", i+1, link), fmt.Sprintf("[edit-%d]: %s", i+1, g.EditURL(a.File)))
	}
	d.Table([]string{"file", "from", "deadline", BrowserColumn}, rows)
	d.Raw(strings.Join(refs, "\n"))
	d.Para(BrowserNote)
	if cut {
		d.Para(DraftsCutNote)
	}
}

// sightings are the awaited files a run found in the folder, which the
// journal records of the run (a file of a step to come is no input of the
// run: a replay of it has not got it, and reads the record instead).
type sightings struct {
	found []string        // fileSaw lines, in the order found
	seen  map[string]bool // found, as a set
	saw   map[string]bool // a replay's record (Again.Saw), as a set
}

// in reports whether an awaited file is in the folder as the run sees it
// (inFolder: as the folder has it; replayed: the record of the run it
// replays, when not nil), and notes it when it is.
func (s *sightings) in(file string, inFolder bool, replayed []string) bool {
	line := fileSaw(file)
	in := inFolder
	if replayed != nil {
		if s.saw == nil {
			s.saw = map[string]bool{}
			for _, l := range replayed {
				s.saw[l] = true
			}
		}
		in = s.saw[line]
	}
	if in && !s.seen[line] {
		if s.seen == nil {
			s.seen = map[string]bool{}
		}
		s.seen[line] = true
		s.found = append(s.found, line)
	}
	return in
}

// fileSaw is the journal's record that a run saw an awaited file in the
// folder.
func fileSaw(file string) string { return "file " + strconv.Quote(file) }

// awaitedLink is the link to GitHub's editor on a new file holding an
// awaited file's draft, and whether it holds the whole draft; "" when the
// file is in already (sealed orders too: a plain file beside them would be
// a fault), as a new file of that name would clash: g.EditURL opens it.
func (r *run) awaitedLink(g *processor.GitHub, a Await) (string, bool) {
	if r.sighted.in(a.File, r.f.Disk.IsFile(a.File) || a.Sealed, r.mode.again.Saw) {
		return "", true
	}
	return DraftLink(g, r.draft(a))
}

// The README's links to GitHub's editor, beside the awaited files' table
// (replay recognises them: see sameButMoved).
const (
	BrowserColumn = "in the browser"
	BrowserNote   = "In the browser: *new* opens GitHub's editor on a file not yet in the repository, filled with a draft that lists every choice; *edit* opens the file in the repository, to change it (this page is written afresh only when a step is applied, so a file merged since still shows *new*: use *edit* for it). Propose the change: the pull request's check says what is wrong, if anything."
	// The "in the browser" cell: a file not in the folder, and one in it.
	NewAndEditCell = "[new][new-%d] · [edit][edit-%d]"
	EditCell       = "[edit][edit-%d]"
	DraftsCutNote  = "Some drafts are too long for a link: their links carry the draft without its lists of choices, or an empty file; `warmaster draft` prints them whole."
)

// DraftLink is the link to GitHub's editor on a new file holding the
// draft, and whether it holds the whole draft: a link of more than
// maxLinkLen carries the draft without its lists of choices instead, and
// if that is still too long, an empty file.
func DraftLink(g *processor.GitHub, d Draft) (string, bool) {
	if u := g.NewFileURL(d.File, d.Text); len(u) <= processor.MaxLinkLen {
		return u, true
	}
	if u := g.NewFileURL(d.File, d.Short); len(u) <= processor.MaxLinkLen {
		return u, false
	}
	return g.NewFileURL(d.File, ""), false
}

func deadlineText(c *processor.Campaign, a Await) string {
	if a.Deadline.IsZero() {
		return "none: waits for every input"
	}
	return c.When(a.Deadline)
}

// inText is an awaited file's "in" column: yes, awaited, faulty, or sealed.
func inText(a Await) string {
	switch {
	case a.Faulty:
		return "faulty"
	case a.Sealed:
		return "sealed (" + path.Base(a.File) + seal.SealedExt + ")"
	case a.Present && a.Confirm != "":
		return a.Confirm
	case a.Present:
		return "yes"
	}
	return "awaited"
}

// confirmRuleNote is where things stand's word on results, when the
// campaign confirms them ([rules] confirm_results).
const confirmRuleNote = "A result counts once both sides stand behind it: the side that files it (`filed_by`, its Alliance) and a player of the other side, who commits `phases/NN/confirmations/<battle>.toml` naming the result by its SHA-256 (`warmaster status` shows it): `confirms = \"…\"`, or `disputes = \"…\"` with `why`. A disputed result waits for the Warmaster's ruling; a change to a confirmed result voids its confirmation. At the deadline a result neither confirmed nor disputed is applied as filed (the report says \"not confirmed\"), once the other side has had a day to see it; `warmaster status` says where each stands."

// faultyNote says what a faulty file in an awaited table means.
const faultyNote = "faulty: the file is there but has faults, listed with their line and column: it is not in until they are fixed. Before the deadline advance refuses it; past the deadline its mistakes are not applied (an orders file with other operations loses only its faulty ones; a Defender's win or a draw, only a faulty [outcome]) and the rules' defaults apply instead."

// legend says what the map's colours and marks mean.
func (r reporting) legend() string {
	colours := report.AllianceColours(r.c.AllianceIDs())
	var parts []string
	for _, a := range r.c.Alliances {
		parts = append(parts, fmt.Sprintf("%s = %s (%s)", colours[a.ID].Name, a.Name, a.ID))
	}
	return "Each planet is coloured by the Alliance with the highest Power Level there, and says so: " + strings.Join(parts, ", ") +
		"; " + report.TiedSwatch.Name + " = tied or nobody, " + report.DestroyedSwatch.Name + " = destroyed. A hexagon (★) holds a Stronghold; ⚑ lists the fleets there. " +
		"The colours (Okabe and Ito's, readable with colour blindness) follow each Alliance's id, not the order of campaign.toml."
}

// leaders are the Alliances with the highest Power Level at a planet: one
// leads, several are tied; none when nobody is there.
func (r reporting) leaders(p processor.PlanetID) []processor.AllianceID {
	best := 0
	var who []processor.AllianceID
	for _, a := range r.c.AllianceIDs() {
		switch lvl := r.s.Power(p, a); {
		case lvl > best:
			best, who = lvl, []processor.AllianceID{a}
		case lvl == best && lvl > 0:
			who = append(who, a)
		}
	}
	return who
}

// strongholds lists the Alliances with a Stronghold at a planet.
func (r reporting) strongholds(p processor.PlanetID) []processor.AllianceID {
	var out []processor.AllianceID
	for _, l := range r.s.Planet(p).Locations {
		if l.Status == processor.Built && l.Type == processor.Stronghold && !slices.Contains(out, l.Alliance) {
			out = append(out, l.Alliance)
		}
	}
	return out
}

// mermaidClass is an Alliance's class on the map: ids are lowercase
// letters, digits and hyphens, so this is one to one.
func mermaidClass(a processor.AllianceID) string {
	return "al_" + strings.ReplaceAll(string(a), "-", "_")
}

// mermaidText escapes a label's text for Mermaid.
var mermaidText = strings.NewReplacer(`"`, "#quot;", "<", "#lt;", ">", "#gt;")

// mermaid draws the map: one node per planet with its Power Levels, who
// leads in words, its Strongholds and fleets; one edge per lane; each node
// coloured by the Alliance that leads there (report.AllianceColours).
// fleets lists each planet's fleets, by its index in the map ("" for
// none).
func (r reporting) mermaid(fleets []string) string {
	s := r.s
	colours := report.AllianceColours(r.c.AllianceIDs())
	var b strings.Builder
	b.WriteString("graph LR\n")
	class := make([]string, len(r.c.Map.Planets))
	for i, p := range r.c.Map.Planets {
		var lv []string
		for _, a := range r.c.AllianceIDs() {
			lv = append(lv, fmt.Sprintf("%s %d", a, s.Power(p.ID, a)))
		}
		lines := []string{mermaidText.Replace(p.Name)}
		lead := r.leaders(p.ID)
		switch {
		case s.Destroyed(p.ID):
			lines[0] += " (destroyed)"
			class[i] = "destroyed"
		case len(lead) == 1:
			lines = append(lines, strings.Join(lv, " · "), "led by "+string(lead[0]))
			class[i] = mermaidClass(lead[0])
		case len(lead) > 1:
			lines = append(lines, strings.Join(lv, " · "), "tied: "+report.OneOf(lead))
			class[i] = "tied"
		default:
			lines = append(lines, strings.Join(lv, " · "), "held by nobody")
			class[i] = "tied"
		}
		sh := r.strongholds(p.ID)
		if len(sh) > 0 {
			lines = append(lines, "★ Stronghold: "+report.OneOf(sh))
		}
		if fl := fleets[i]; fl != "" {
			lines = append(lines, "⚑ "+fl)
		}
		open, end := "[", "]"
		if len(sh) > 0 {
			open, end = "{{", "}}"
		}
		fmt.Fprintf(&b, "  p%d%s\"%s\"%s\n", i, open, strings.Join(lines, "<br/>"), end)
	}
	for _, l := range r.c.Map.Lanes {
		fmt.Fprintf(&b, "  p%d --- p%d\n", r.c.Map.Index[l[0]], r.c.Map.Index[l[1]])
	}
	for _, a := range r.c.AllianceIDs() {
		c := colours[a]
		fmt.Fprintf(&b, "  classDef %s fill:%s,color:%s\n", mermaidClass(a), c.Fill, c.Text)
	}
	fmt.Fprintf(&b, "  classDef tied fill:%s,color:%s\n  classDef destroyed fill:%s,color:%s\n", report.TiedSwatch.Fill, report.TiedSwatch.Text, report.DestroyedSwatch.Fill, report.DestroyedSwatch.Text)
	for i := range r.c.Map.Planets {
		fmt.Fprintf(&b, "  class p%d %s\n", i, class[i])
	}
	return b.String()
}
