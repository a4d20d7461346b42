package phase

import (
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/report"
)

// pointsChart draws the Campaign points after each phase
// (processor.DrawPointsChart).
func (r *run) pointsChart(d *report.Doc) {
	memo := r.mode.again.Points
	phases, points := processor.PointsHistory(r.c, r.s.Phase, func(phase int) (map[processor.AllianceID]int, bool) {
		// A phase whose step 3 this run applied: the last Points Tracker of
		// its report is the one written then (only step 3 writes one; a
		// player's text cannot make a line of it, Plain keeps no line
		// breaks). Otherwise the last is in the report as it was before
		// this run, which the run's sections only follow.
		if row, ok := r.tracked[phase]; ok {
			return row, true
		}
		if row, ok := memo[phase]; ok {
			return row, true
		}
		row, ok := processor.PointsTable(r.writtenReport(processor.PhaseDir(phase)+"/report.md"), StandMarker)
		if ok && memo != nil && r.f.State != nil && phase < r.f.State.Phase {
			memo[phase] = row // a phase over before this run began: its report is done
		}
		return row, ok
	})
	processor.DrawPointsChart(d, r.c, phases, points)
}
