package phase

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/report"
)

// pointsTrackerLine opens the Points Tracker table step 3 writes in a
// phase report (resultsAndEvents).
const pointsTrackerLine = "Points Tracker:"

// pointsHistory is each Alliance's Campaign points after step 3 of every
// phase that has had one, as the Points Tracker tables of the phase
// reports up to phase last have them (table: a phase's) — written by this
// run or before it — so that a replay, which writes the same reports,
// draws the same history; the state keeps only the latest points.
func pointsHistory(c *processor.Campaign, last int, table func(phase int) (map[processor.AllianceID]int, bool)) (phases []int, points map[processor.AllianceID][]int) {
	points = map[processor.AllianceID][]int{}
	for phase := 1; phase <= last; phase++ {
		row, ok := table(phase)
		if !ok {
			continue
		}
		phases = append(phases, phase)
		for _, a := range c.AllianceIDs() {
			points[a] = append(points[a], row[a])
		}
	}
	return phases, points
}

// pointsTable reads the Campaign points of a report's Points Tracker table
// (the steps' part of it, before "where things stand").
func pointsTable(md []byte) (map[processor.AllianceID]int, bool) {
	if i := bytes.Index(md, []byte(StandMarker)); i >= 0 {
		md = md[:i]
	}
	i := bytes.LastIndex(md, []byte("\n"+pointsTrackerLine+"\n"))
	if i < 0 {
		return nil, false
	}
	header, rows, ok := report.ReadTable(md[i+len(pointsTrackerLine)+2:])
	if !ok {
		return nil, false
	}
	who, pts := slices.Index(header, "alliance"), slices.Index(header, "Campaign points")
	out := map[processor.AllianceID]int{}
	for _, cells := range rows {
		if who < 0 || pts < 0 || max(who, pts) >= len(cells) {
			return nil, false
		}
		n, err := strconv.Atoi(cells[pts])
		if err != nil {
			return nil, false
		}
		out[processor.AllianceID(cells[who])] = n
	}
	return out, true
}

// pointsChart draws the Campaign points after each phase: a Mermaid
// xychart GitHub renders, one line per Alliance in its map colour. Mermaid
// draws no legend for it, so a sentence below says which line is whose.
func (r *run) pointsChart(d *report.Doc) {
	phases, points := pointsHistory(r.c, r.s.Phase, func(phase int) (map[processor.AllianceID]int, bool) {
		// A phase whose step 3 this run applied: the last Points Tracker of
		// its report is the one written then (only step 3 writes one; a
		// player's text cannot make a line of it, Plain keeps no line
		// breaks). Otherwise the last is in the report as it was before
		// this run, which the run's sections only follow.
		if row, ok := r.tracked[phase]; ok {
			return row, true
		}
		return pointsTable(r.writtenReport(processor.PhaseDir(phase) + "/report.md"))
	})
	if len(phases) == 0 {
		return
	}
	colours := report.AllianceColours(r.c.AllianceIDs())
	var fills, names []string
	xs := []string{`"start"`}
	lines := [][]int{}
	top := 0
	for _, a := range r.c.AllianceIDs() {
		fills = append(fills, colours[a].Fill)
		names = append(names, fmt.Sprintf("%s = %s (%s)", colours[a].Name, r.c.AllianceName(a), a))
		// The campaign starts at 0 points (the Points Tracker is first
		// updated in step 3): with it, a line has two points from phase 1
		// on, and Mermaid draws it.
		lines = append(lines, append([]int{0}, points[a]...))
		for _, p := range points[a] {
			top = max(top, p)
		}
	}
	for _, p := range phases {
		xs = append(xs, strconv.Itoa(p))
	}
	top = (top/5 + 1) * 5 // room above the highest line, in steps of 5
	d.Mermaid(report.LineChart("Campaign points after each phase", "phase", xs, "Campaign points", top, fills, lines))
	d.Para("Campaign points at the start and after step 3 of each phase, a line per Alliance in its colour on the map: %s.", strings.Join(names, ", "))
}
