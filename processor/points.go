package processor

import (
	"bytes"
	"slices"
	"strconv"

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
