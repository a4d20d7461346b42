package phase

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/report"
)

// pointsChart draws the Campaign points after each phase: a Mermaid
// xychart GitHub renders, one line per Alliance in its map colour. Mermaid
// draws no legend for it, so a sentence below says which line is whose.
func (r *run) pointsChart(d *report.Doc) {
	phases, points := processor.PointsHistory(r.c, r.s.Phase, func(phase int) (map[processor.AllianceID]int, bool) {
		// A phase whose step 3 this run applied: the last Points Tracker of
		// its report is the one written then (only step 3 writes one; a
		// player's text cannot make a line of it, Plain keeps no line
		// breaks). Otherwise the last is in the report as it was before
		// this run, which the run's sections only follow.
		if row, ok := r.tracked[phase]; ok {
			return row, true
		}
		return processor.PointsTable(r.writtenReport(processor.PhaseDir(phase)+"/report.md"), StandMarker)
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
