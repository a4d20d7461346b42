package processor

import (
	"bytes"
	"fmt"
	"time"

	"github.com/BurntSushi/toml"
)

// journal.toml is append-only: every applied step, when, and the digest of
// every input file it consumed, so the campaign can be replayed and checked.
type journalEntry struct {
	Phase   int            `toml:"phase"`
	Step    Step           `toml:"step"`
	Applied time.Time      `toml:"applied"`
	Inputs  []journalInput `toml:"inputs"`
}

type journalInput struct {
	Path   string `toml:"path"`
	SHA256 string `toml:"sha256"`
}

const journalHeader = "# Written by warmaster: every applied step, when, and the SHA-256 of each input it consumed. Append-only.\n"

// appendJournal returns the journal with the new entries appended, leaving
// what was there byte for byte.
func appendJournal(old []byte, entries []journalEntry) []byte {
	var buf bytes.Buffer
	if len(old) == 0 {
		buf.WriteString(journalHeader)
	} else {
		buf.Write(old)
	}
	for _, e := range entries {
		var one bytes.Buffer
		if err := toml.NewEncoder(&one).Encode(struct {
			Steps []journalEntry `toml:"steps"`
		}{[]journalEntry{e}}); err != nil {
			panic(fmt.Sprintf("processor: encode journal: %v", err))
		}
		buf.WriteString("\n")
		buf.Write(one.Bytes())
	}
	return buf.Bytes()
}

// readJournal reads the digests of every consumed input from journal.toml.
func readJournal(data []byte, fs *faults) map[string]string {
	var j struct {
		Steps []journalEntry `toml:"steps"`
	}
	if _, err := toml.Decode(string(data), &j); err != nil {
		fs.add(Src{File: JournalFile}, "cannot read the processor's journal: %v (restore it from git history; it is not edited by hand)", err)
		return nil
	}
	out := map[string]string{}
	for _, e := range j.Steps {
		for _, in := range e.Inputs {
			out[in.Path] = in.SHA256
		}
	}
	return out
}
