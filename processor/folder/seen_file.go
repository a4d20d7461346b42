package folder

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/schema"
)

// A result counts once both sides stand behind it ([rules]
// confirm_results): at the battles deadline one the other side has
// neither confirmed nor disputed is applied as filed only once that side
// has had a day to see it. When it was first there to see is what
// advance records in phases/NN/seen.toml: on every run while the phase
// awaits its battles, each result file it sees for the first time (or
// changed: a changed result is a new one) with the run's time. Nobody
// else writes the file (the pull-request check refuses every change to
// it); it is not an input of any step and replay does not rewrite it (it
// records runs that applied no step, which the journal does not hold): a
// replayed run applies the steps the journal says it applied.

// SeenFile is the name of a phase's record of results seen.
const SeenFile = "seen.toml"

// SeenPath is phases/NN/seen.toml.
func SeenPath(phase int) string { return processor.PhaseDir(phase) + "/" + SeenFile }

// Seen is when advance first saw a result file as it is (its SHA-256).
type Seen struct {
	Battle string
	SHA256 string
	At     time.Time
}

// SeenLimits: an entry is about 150 bytes; the scale test's 100,000
// battles write 15 MB.
var SeenLimits = schema.Limits{Bytes: 32 << 20, Work: 16 << 20, Keys: schema.MaxKeys}

var sha256RE = regexp.MustCompile(`^[0-9a-f]{64}$`)

// loadSeen reads phases/NN/seen.toml: written by warmaster, so any fault
// is a damaged or hand-edited file (restore it from git history).
func (f *Folder) loadSeen(fs *processor.Faults, phase int) error {
	file := SeenPath(phase)
	data, ok, err := f.Read(file)
	if err != nil || !ok {
		return err
	}
	if sf := schema.Prescan(data, SeenLimits); len(sf) > 0 {
		fs.AddSchema(file, sf)
		return nil
	}
	var doc struct {
		Results []struct {
			Battle string
			SHA256 string
			Seen   time.Time
		}
	}
	md, err := toml.Decode(string(data), &doc)
	if err != nil {
		fs.Add(processor.Src{File: file}, "not as Warmaster writes it (%v): restore it from git history", err)
		return nil
	}
	if und := md.Undecoded(); len(und) > 0 {
		fs.Add(processor.Src{File: file}, "not as Warmaster writes it: unknown key %s; restore it from git history", und[0])
		return nil
	}
	out := map[string]Seen{}
	for i, r := range doc.Results {
		at := processor.Src{File: file}.At("results", i)
		switch _, dup := out[r.Battle]; {
		case r.Battle == "" || !sha256RE.MatchString(r.SHA256) || r.Seen.IsZero():
			fs.Add(at, "not as Warmaster writes it: each [[results]] has a battle, a sha256 and a seen time; restore it from git history")
			continue
		case dup:
			fs.Add(at, "battle %q is listed twice: restore the file from git history", r.Battle)
			continue
		}
		out[r.Battle] = Seen{Battle: r.Battle, SHA256: r.SHA256, At: r.Seen.UTC()}
	}
	f.Seen[phase] = out
	return nil
}

// EncodeSeen writes a phase's seen.toml: its entries by battle.
//
// Each entry is appended as fmt's %q and %s wrote it (strconv's quoting,
// the time's format), into a buffer of about its size: 100,000 results'
// Fprintf were a third of a second of the run's end.
func EncodeSeen(phase int, seen map[string]Seen) []byte {
	b := make([]byte, 0, 256+110*len(seen))
	b = fmt.Appendf(b, "# Written by warmaster: when advance first saw each result of phase %d as it is\n", phase)
	b = append(b, "# (its SHA-256). The other side has a day from then to confirm or dispute it\n"...)
	b = append(b, "# (phases/NN/confirmations/<battle>.toml). Never edit this file.\n"...)
	ids := make([]string, 0, len(seen))
	for id := range seen {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		s := seen[id]
		b = append(b, "\n[[results]]\nbattle = "...)
		b = strconv.AppendQuote(b, s.Battle)
		b = append(b, "\nsha256 = "...)
		b = strconv.AppendQuote(b, s.SHA256)
		b = append(b, "\nseen = "...)
		b = s.At.UTC().AppendFormat(b, time.RFC3339)
		b = append(b, '\n')
	}
	return b
}
