package owntoml

import (
	"bytes"
	"slices"
	"time"

	"github.com/warmaster/warmaster/processor"
)

// journal.toml is append-only: every applied step, when, the dice it
// rolled, and the digest of every input file it consumed, so the campaign
// can be replayed and checked.
type JournalEntry struct {
	Phase   int            `toml:"phase"`
	Step    processor.Step `toml:"step"`
	Applied time.Time      `toml:"applied"`
	// Format is the journal format the entry is written in (JournalFormat;
	// 0 in entries written before formats were numbered), and Warmaster
	// the version of warmaster that applied the step ("" before it was
	// recorded).
	Format    int    `toml:"format,omitzero"`
	Warmaster string `toml:"warmaster,omitempty"`
	// Dice is how many dice the step rolled, and DiceSHA256 the digest of
	// their labels, kinds and results in order (diceDigest), which verify
	// holds the reports' dice tables to. Steps journaled before warmaster
	// recorded its dice have neither (DiceSHA256 is "").
	Dice       int    `toml:"dice,omitzero"`
	DiceSHA256 string `toml:"dice_sha256,omitempty"`
	// Used are the digests of what the steps applied so far used of
	// campaign.toml and map.toml, which never changes afterwards (folder's
	// UsedParts): on the last entry of each run.
	Used []string `toml:"used,omitempty"`
	// Saw is what the run saw of campaign.toml that the files a replay has
	// do not say (the deadlines in force, [github], the [rules] options):
	// on the first entry of each run, one line each (phase.Saw).
	Saw []string `toml:"saw,omitempty"`
	// Corrected are the Warmaster's corrections of campaign.toml (its
	// [[corrections]]) the run applied, one line each ("[rules]: why"): on
	// its first entry.
	Corrected []string       `toml:"corrected,omitempty"`
	Inputs    []JournalInput `toml:"inputs"`
}

// JournalFormat is the journal format this warmaster writes, and the
// newest it reads: an entry of a later one was written by a later
// warmaster (its Warmaster says which).
const JournalFormat = 2

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

// AppendJournal returns the journal with the new entries appended, leaving
// what was there byte for byte. Each entry is laid out as the TOML
// library's encoder lays out a [[steps]] element (journal_test.go holds
// the two together); written directly, it costs a tenth.
func AppendJournal(old []byte, entries []JournalEntry) []byte {
	// One buffer of about the journal's size: an entry of 100,000 inputs
	// is 14 MB, grown by doubling and copied it was twice that again.
	n := len(old) + len(JournalHeader)
	for _, e := range entries {
		n += 512
		for _, l := range [][]string{e.Used, e.Saw, e.Corrected} {
			for _, s := range l {
				n += len(s) + 8
			}
		}
		for _, in := range e.Inputs {
			n += 128 + len(in.Path) + len(in.NotApplied)
		}
	}
	w := &tomlOut{}
	w.b = slices.Grow(w.b, n)
	if len(old) == 0 {
		w.b = append(w.b, JournalHeader...)
	} else {
		w.b = append(w.b, old...)
	}
	for _, e := range entries {
		w.written = false // each entry begins with its own blank line
		w.b = append(w.b, "\n"...)
		w.arrayTable("steps")
		path := []string{"steps"}
		w.int(path, "phase", e.Phase)
		w.str(path, "step", e.Step.String())
		w.assign(path, "applied")
		w.b = e.Applied.AppendFormat(w.b, time.RFC3339Nano)
		w.end()
		w.optInt(path, "format", e.Format)
		w.optStr(path, "warmaster", e.Warmaster)
		w.optInt(path, "dice", e.Dice)
		w.optStr(path, "dice_sha256", e.DiceSHA256)
		w.optStrs(path, "used", e.Used)
		w.optStrs(path, "saw", e.Saw)
		w.optStrs(path, "corrected", e.Corrected)
		for _, in := range e.Inputs {
			path := []string{"steps", "inputs"}
			w.arrayTable(path...)
			w.str(path, "path", in.Path)
			w.optStr(path, "sha256", in.SHA256)
			w.optStr(path, "not_applied", in.NotApplied)
		}
	}
	return w.b
}

// ReadJournalLines reads a journal in exactly AppendJournal's layout. Any
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
		case in == nil && k == "format":
			ok = v.integer(&e.Format)
		case in == nil && k == "warmaster":
			ok = v.str(&e.Warmaster)
		case in == nil && k == "used":
			ok = v.strList(&e.Used)
		case in == nil && k == "saw":
			ok = v.strList(&e.Saw)
		case in == nil && k == "corrected":
			ok = v.strList(&e.Corrected)
		default:
			ok = false
		}
		if !ok {
			return nil, n
		}
	}
	return out, 0
}
