package folder

import (
	"bytes"
	"slices"
	"sync"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder/owntoml"
	"github.com/warmaster/warmaster/schema"
)

// decodeJournal reads journal.toml's entries: line by line in the layout
// owntoml.AppendJournal writes (a journal grows with the campaign, and the TOML
// library's decode of it would soon cost seconds a run), or with the
// library when the file is laid out otherwise.
func decodeJournal(data []byte) ([]owntoml.JournalEntry, error) {
	if es, bad := owntoml.ReadJournalLines(data); bad == 0 {
		return es, nil
	}
	var j struct {
		Steps []owntoml.JournalEntry `toml:"steps"`
	}
	_, err := toml.Decode(string(data), &j)
	return j.Steps, err
}

// lastJournal is the last journal this process read in Warmaster's layout,
// and its entries. A replay's runs each read the journal the run before
// wrote — the same text and more — and a journal grows with the campaign:
// read whole each time, a replay would grow as the square of it. The
// entries are shared: nothing changes a journal's entries once read.
var lastJournal struct {
	sync.Mutex
	data  []byte
	steps []owntoml.JournalEntry
	// checked of them were found without fault (checkJournalFrom) in a
	// campaign of phases phases.
	checked, phases int
	// scanned is the last journal prescanned without fault, and where
	// the scan ended (schema.Scanned).
	scanned []byte
	scan    *schema.Scanned
}

// prescanJournal is schema.Prescan of a journal, going on from where the
// last one's ended when data is that text with more after it.
func prescanJournal(data []byte, lim schema.Limits) []schema.Fault {
	lastJournal.Lock()
	prev, from := lastJournal.scanned, lastJournal.scan
	lastJournal.Unlock()
	if from == nil || !bytes.HasPrefix(data, prev) {
		from = nil
	}
	faults, scan := schema.PrescanFrom(data, lim, from)
	if scan != nil {
		lastJournal.Lock()
		lastJournal.scanned, lastJournal.scan = data, scan
		lastJournal.Unlock()
	}
	return faults
}

// entryStart is how AppendJournal begins each entry after the first.
var entryStart = []byte("\n[[steps]]\n")

// readJournalLines is owntoml.ReadJournalLines, reading only what follows
// the last journal read when data is that text with entries added after
// it: the line reader begins afresh at each [[steps]], so the entries of
// the whole are those of the part before and those of the part added. Any
// other text, or an addition it refuses, is read whole (the line of a
// fault is then the whole file's). checked is how many of the entries are
// known to be without fault in a campaign of phases phases: those of the
// last journal found so, when data is it or extends it.
func readJournalLines(data []byte, phases int) (steps []owntoml.JournalEntry, bad, checked int) {
	lastJournal.Lock()
	prev, prevSteps, prevChecked := lastJournal.data, lastJournal.steps, lastJournal.checked
	if lastJournal.phases != phases {
		prevChecked = 0
	}
	lastJournal.Unlock()
	n := len(prev)
	switch {
	case n > 0 && bytes.Equal(data, prev):
		return slices.Clip(prevSteps), 0, prevChecked
	case n > 0 && prev[n-1] == '\n' && bytes.HasPrefix(data, prev) && bytes.HasPrefix(data[n:], entryStart):
		if more, bad := owntoml.ReadJournalLines(data[n:]); bad == 0 {
			steps := append(slices.Clip(prevSteps), more...)
			rememberJournal(data, steps, prevChecked, phases)
			return slices.Clip(steps), 0, prevChecked
		}
	}
	steps, bad = owntoml.ReadJournalLines(data)
	if bad == 0 {
		rememberJournal(data, steps, 0, phases)
	}
	return slices.Clip(steps), bad, 0
}

func rememberJournal(data []byte, steps []owntoml.JournalEntry, checked, phases int) {
	lastJournal.Lock()
	lastJournal.data, lastJournal.steps, lastJournal.checked, lastJournal.phases = data, steps, checked, phases
	lastJournal.Unlock()
}

// journalChecked records that the last journal read, of those steps, was
// found without fault in a campaign of phases phases.
func journalChecked(steps []owntoml.JournalEntry, phases int) {
	lastJournal.Lock()
	defer lastJournal.Unlock()
	if len(lastJournal.steps) == len(steps) && lastJournal.phases == phases && (len(steps) == 0 || &lastJournal.steps[0] == &steps[0]) {
		lastJournal.checked = len(steps)
	}
}

// campaignPhases is c's number of phases, the one thing of the campaign a
// journal's entries are checked against; -1 without a campaign.
func campaignPhases(c *processor.Campaign) int {
	if c == nil {
		return -1
	}
	return c.Phases
}

// journalIndex is what loading a campaign needs of its journal.
type journalIndex struct {
	// Consumed are the digests of the inputs processed steps consumed
	// (applied or not), by path.
	Consumed map[string]string
	// late are the files recorded as arrived after their step: each is
	// reported once, in the run that first found it.
	late map[string]bool
	// applied is when each input step was applied.
	applied map[StepAt]time.Time
}

// ReadJournal reads journal.toml's entries (present says it is there),
// within its limits, checked against the campaign and the state as read
// (nil if it could not be), and its record of what was consumed, and
// when. A fault is added to fs, and nothing returned.
func ReadJournal(data []byte, present bool, c *processor.Campaign, s *processor.State, fs *processor.Faults) ([]owntoml.JournalEntry, journalIndex) {
	if !present {
		if s != nil && s.Step != processor.StepSetup {
			fs.Add(processor.Src{File: processor.JournalFile}, "missing: state.toml is at %s, and the journal of the steps that led there is gone; restore it from git history", StepAt{s.Phase, s.Step})
		}
		return nil, journalIndex{}
	}
	var steps []owntoml.JournalEntry
	checked := 0 // entries known to be without fault (readJournalLines)
	library, ok := readOwn(processor.JournalFile, data, JournalLimits, prescanJournal, func(data []byte) (bad int) {
		steps, bad, checked = readJournalLines(data, campaignPhases(c))
		return bad
	}, fs)
	if !ok {
		return nil, journalIndex{}
	}
	if library {
		var err error
		if steps, err = decodeJournal(data); err != nil {
			pf := schema.ParseFault(data, err)
			pf.Message = "cannot read the processor's journal: " + pf.Message + " (restore it from git history; it is not edited by hand)"
			fs.AddSchema(processor.JournalFile, []schema.Fault{pf})
			return nil, journalIndex{}
		}
	}
	for i, e := range steps {
		if e.Format > owntoml.JournalFormat {
			// A later warmaster's entry: nothing else of it can be judged.
			fs.Add(processor.Src{File: processor.JournalFile}.At("steps", i, "format"), "%s was journaled in journal format %d by warmaster %s; this warmaster reads formats up to %d: run warmaster %s or a later one", StepAt{e.Phase, e.Step}, e.Format, e.Warmaster, owntoml.JournalFormat, e.Warmaster)
			return nil, journalIndex{}
		}
	}
	before := len(fs.List)
	checkJournalFrom(c, s, steps, checked, fs)
	if !library && len(fs.List) == before {
		journalChecked(steps, campaignPhases(c))
	}
	j := journalIndex{Consumed: map[string]string{}, late: map[string]bool{}, applied: map[StepAt]time.Time{}}
	for _, e := range steps {
		j.applied[StepAt{e.Phase, e.Step}] = e.Applied
		for _, in := range e.Inputs {
			if in.SHA256 == "" {
				j.late[in.Path] = true
				continue
			}
			j.Consumed[in.Path] = in.SHA256
		}
	}
	return steps, j
}
