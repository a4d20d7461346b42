package processor

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/warmaster/warmaster/processor/report"
)

// PointsTrackerLine opens the Points Tracker table step 3 writes in a
// phase report.
const PointsTrackerLine = "Points Tracker:"

// PointsHistory is each Alliance's Campaign points after step 3 of every
// phase that has had one, as the Points Tracker tables of the phase
// reports up to phase last have them (table: a phase's) — written by this
// run or before it — so that a replay, which writes the same reports,
// draws the same history; the state keeps only the latest points.
func PointsHistory(c *Campaign, last int, table func(phase int) (map[AllianceID]int, bool)) (phases []int, points map[AllianceID][]int) {
	points = map[AllianceID][]int{}
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

// PointsMemo is what a replay's runs know of the Campaign points after
// the phases over before theirs, whose reports no later run changes: each
// run's README charts every phase so far, and a run reading every such
// phase's report made a replay grow as the square of the campaign's
// length. Nil: each run reads them.
type PointsMemo map[int]map[AllianceID]int

// DrawPointsChart draws the Campaign points after each phase (phases and
// points, PointsHistory's): a Mermaid xychart GitHub renders, one line per
// Alliance in its map colour. Mermaid draws no legend for it, so a
// sentence below says which line is whose.
func DrawPointsChart(d *report.Doc, c *Campaign, phases []int, points map[AllianceID][]int) {
	if len(phases) == 0 {
		return
	}
	colours := report.AllianceColours(c.AllianceIDs())
	var fills, names []string
	xs := []string{`"start"`}
	lines := [][]int{}
	top := 0
	for _, a := range c.AllianceIDs() {
		fills = append(fills, colours[a].Fill)
		names = append(names, fmt.Sprintf("%s = %s (%s)", colours[a].Name, c.AllianceName(a), a))
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

// PointsTable reads the Campaign points of a report's last Points Tracker
// table before stand, the line that opens "where things stand" (the
// steps' part of the report).
func PointsTable(md []byte, stand string) (map[AllianceID]int, bool) {
	if i := bytes.Index(md, []byte(stand)); i >= 0 {
		md = md[:i]
	}
	i := bytes.LastIndex(md, []byte("\n"+PointsTrackerLine+"\n"))
	if i < 0 {
		return nil, false
	}
	header, rows, ok := report.ReadTable(md[i+len(PointsTrackerLine)+2:])
	if !ok {
		return nil, false
	}
	who, pts := slices.Index(header, "alliance"), slices.Index(header, "Campaign points")
	out := map[AllianceID]int{}
	for _, cells := range rows {
		if who < 0 || pts < 0 || max(who, pts) >= len(cells) {
			return nil, false
		}
		n, err := strconv.Atoi(cells[pts])
		if err != nil {
			return nil, false
		}
		out[AllianceID(cells[who])] = n
	}
	return out, true
}
