package folder

import (
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/schema"
)

// loadTiebreak reads the final phase's tiebreak.toml while the campaign
// waits for it; once the campaign has ended it must be the file the
// tie-break consumed, and before a tie there is nothing for it to decide.
func (f *Folder) loadTiebreak(k processor.Checker, phase int) error {
	file := processor.TiebreakPath(phase)
	s := f.State
	switch {
	case phase != k.C.Phases:
		k.Fs.Add(processor.Src{File: file}, "only the final phase (%02d) has a tie-break: %s", k.C.Phases, processor.TiebreakPath(k.C.Phases))
		return nil
	case s.Step == processor.StepEnded:
		f.consumed(k, file, "")
		return nil
	case s.Step != processor.StepTiebreak:
		k.Fs.Add(processor.Src{File: file}, "the campaign is not waiting for a tie-break: commit this file only once the final phase has ended tied (state.toml says step = \"tiebreak\")")
		return nil
	}
	if s.End != nil {
		k.Tied = s.End.Tied // what an empty value may be
	}
	doc, err := f.decodeInput(k, file, schema.Tiebreak)
	if err != nil || doc == nil {
		return err
	}
	f.Tiebreak = k.DecodeTiebreak(processor.NewObj(doc, processor.Src{File: file}))
	return nil
}
