package folder

import (
	"bytes"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/schema"
)

// journal.toml is append-only: every applied step, when, the dice it
// rolled, and the digest of every input file it consumed, so the campaign
// can be replayed and checked.
type JournalEntry struct {
	Phase   int            `toml:"phase"`
	Step    processor.Step `toml:"step"`
	Applied time.Time      `toml:"applied"`
	// Dice is how many dice the step rolled, and DiceSHA256 the digest of
	// their labels, kinds and results in order (diceDigest), which verify
	// holds the reports' dice tables to. Steps journaled before warmaster
	// recorded its dice have neither (DiceSHA256 is "").
	Dice       int            `toml:"dice,omitzero"`
	DiceSHA256 string         `toml:"dice_sha256,omitempty"`
	Inputs     []JournalInput `toml:"inputs"`
}

type JournalInput struct {
	Path   string `toml:"path"`
	SHA256 string `toml:"sha256,omitempty"` // none for a file that arrived after its step
	// NotApplied says why a file the step found was not applied: it still
	// had faults past the step's deadline (its digest is kept, so a replay
	// reaches the same decision), or it arrived after its step was
	// processed (no digest: only its being there is recorded).
	NotApplied string `toml:"not_applied,omitempty"`
}

const JournalHeader = "# Written by warmaster: every applied step, when, and the SHA-256 of each input it consumed. Append-only.\n"

// appendJournal returns the journal with the new entries appended, leaving
// what was there byte for byte. Each entry is laid out as the TOML
// library's encoder lays out a [[steps]] element (journal_test.go holds
// the two together); written directly, it costs a tenth.
func AppendJournal(old []byte, entries []JournalEntry) []byte {
	var buf bytes.Buffer
	if len(old) == 0 {
		buf.WriteString(JournalHeader)
	} else {
		buf.Write(old)
	}
	for _, e := range entries {
		w := &tomlOut{}
		w.b.WriteString("\n")
		w.arrayTable("steps")
		path := []string{"steps"}
		w.int(path, "phase", e.Phase)
		w.str(path, "step", e.Step.String())
		w.assign(path, "applied")
		w.b.WriteString(e.Applied.Format(time.RFC3339Nano))
		w.end()
		w.optInt(path, "dice", e.Dice)
		w.optStr(path, "dice_sha256", e.DiceSHA256)
		for _, in := range e.Inputs {
			path := []string{"steps", "inputs"}
			w.arrayTable(path...)
			w.str(path, "path", in.Path)
			w.optStr(path, "sha256", in.SHA256)
			w.optStr(path, "not_applied", in.NotApplied)
		}
		buf.Write(w.b.Bytes())
	}
	return buf.Bytes()
}

// decodeJournal reads journal.toml's entries: line by line in the layout
// appendJournal writes (a journal grows with the campaign, and the TOML
// library's decode of it would soon cost seconds a run), or with the
// library when the file is laid out otherwise.
func decodeJournal(data []byte) ([]JournalEntry, error) {
	if es, bad := ReadJournalLines(data); bad == 0 {
		return es, nil
	}
	var j struct {
		Steps []JournalEntry `toml:"steps"`
	}
	_, err := toml.Decode(string(data), &j)
	return j.Steps, err
}

// journalIndex is what loading a campaign needs of its journal.
type journalIndex struct {
	// consumed are the digests of the inputs processed steps consumed
	// (applied or not), by path.
	Consumed map[string]string
	// late are the files recorded as arrived after their step: each is
	// reported once, in the run that first found it.
	late map[string]bool
	// applied is when each input step was applied.
	applied map[PhaseStep]time.Time
}

// phaseStep is an input step of a phase.
type PhaseStep struct {
	Phase int
	Step  processor.Step
}

// readJournal reads journal.toml's entries (present says it is there),
// within its limits, checked against the campaign and the state as read
// (nil if it could not be), and its record of what was consumed, and
// when. A fault is added to fs, and nothing returned.
func ReadJournal(data []byte, present bool, c *processor.Campaign, s *processor.State, fs *processor.Faults) ([]JournalEntry, journalIndex) {
	if !present {
		if s != nil && s.Step != processor.StepSetup {
			fs.Add(processor.Src{File: processor.JournalFile}, "missing: state.toml is at %s, and the journal of the steps that led there is gone; restore it from git history", StepAt{s.Phase, s.Step})
		}
		return nil, journalIndex{}
	}
	var steps []JournalEntry
	library, ok := readOwn(processor.JournalFile, data, JournalLimits, func(data []byte) (bad int) {
		steps, bad = ReadJournalLines(data)
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
	CheckJournal(c, s, steps, fs)
	j := journalIndex{Consumed: map[string]string{}, late: map[string]bool{}, applied: map[PhaseStep]time.Time{}}
	for _, e := range steps {
		j.applied[PhaseStep{e.Phase, e.Step}] = e.Applied
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

// readJournalLines reads a journal in exactly appendJournal's layout. Any
// other line, key or value is not read: it returns the number of the first
// such line (0 when every line was read).
func ReadJournalLines(data []byte) ([]JournalEntry, int) {
	if bad := invalidUTF8Line(data); bad > 0 {
		return nil, bad
	}
	var out []JournalEntry
	var e *JournalEntry
	var in *JournalInput
	keys := map[string]bool{}
	for n := 1; len(data) > 0; n++ {
		var line []byte
		line, data = nextLine(data)
		switch string(line) {
		case "", JournalHeader[:len(JournalHeader)-1]:
			continue
		case "[[steps]]":
			out = append(out, JournalEntry{})
			e, in, keys = &out[len(out)-1], nil, map[string]bool{}
			continue
		case "  [[steps.inputs]]":
			if e == nil {
				return nil, n
			}
			e.Inputs = append(e.Inputs, JournalInput{})
			in, keys = &e.Inputs[len(e.Inputs)-1], map[string]bool{}
			continue
		}
		indent := "  "
		if in != nil {
			indent = "    "
		}
		if e == nil || !bytes.HasPrefix(line, []byte(indent)) {
			return nil, n
		}
		k, rest, ok := readKey(line[len(indent):])
		if !ok || !bytes.HasPrefix(rest, []byte(" = ")) || keys[k] {
			return nil, n
		}
		keys[k] = true
		rest = rest[3:]
		if in == nil && k == "applied" {
			t, err := time.Parse(time.RFC3339Nano, string(rest))
			if err != nil || t.Format(time.RFC3339Nano) != string(rest) || t.Location() != time.UTC {
				return nil, n
			}
			e.Applied = t
			continue
		}
		v, rest, ok := readValue(rest)
		if !ok || len(rest) != 0 {
			return nil, n
		}
		switch {
		case in != nil && k == "path":
			ok = v.str(&in.Path)
		case in != nil && k == "sha256":
			ok = v.str(&in.SHA256)
		case in != nil && k == "not_applied":
			ok = v.str(&in.NotApplied)
		case in == nil && k == "phase":
			ok = v.integer(&e.Phase)
		case in == nil && k == "step":
			ok = v.text(&e.Step)
		case in == nil && k == "dice":
			ok = v.integer(&e.Dice)
		case in == nil && k == "dice_sha256":
			ok = v.str(&e.DiceSHA256)
		default:
			ok = false
		}
		if !ok {
			return nil, n
		}
	}
	return out, 0
}
