// Package phase is the Campaign phase in the rulebook's order and what a
// run shows: the pipeline (campaignPhase in pipeline.go, the single list
// of stages), the operations, battles, events, moves, builds and the end
// of the campaign, the reports, README, status, plan and drafts. A stage
// reads the State, the Campaign, the step's inputs and the dice; the run
// (run in pipeline.go) collects the files to write, the report sections
// and the journal entries in one place. It may import processor,
// processor/attacks, processor/folder, processor/seal, processor/dice,
// processor/disk, processor/engines, processor/report and schema, never
// processor/trust or processor/repository.
package phase
