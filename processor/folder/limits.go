package folder

import (
	"fmt"
	"path"
	"strings"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/disk"
	"github.com/warmaster/warmaster/processor/folder/owntoml"
	"github.com/warmaster/warmaster/processor/seal"
	"github.com/warmaster/warmaster/schema"
)

// What the files Warmaster writes may hold when it reads them back (the
// files people write have schema.LimitOf). A hostile or damaged file is
// refused where it passes a limit, before any parser reads it, so that
// reading it costs no more than reading a real one (see docs/reference.md,
// Limits).
var (
	// StateLimits: the scale test's 100,000 fleets and battle orders on
	// 12,500 planets write 19.3 MB (work 8.4 million, 288,000 keys); a
	// simulated 300-player campaign 61 KB.
	StateLimits = schema.Limits{Bytes: 24 << 20, Work: 35 << 18, Keys: owntoml.MaxStateKeys}
	// JournalLimits: ten times a 6-phase campaign of 1,000 players (a
	// simulated one of 300 players and 600 fleets writes 700 KB; work
	// 166,000, 7 keys).
	JournalLimits = schema.Limits{Bytes: 32 << 20, Work: 16 << 20, Keys: schema.MaxKeys}
	// HandEditedLimits bound a state.toml or journal.toml not laid out as
	// Warmaster writes it (edited by hand, or damaged): the TOML library,
	// which costs ten times the line readers, reads it only within these;
	// past them the first line not in the layout is the fault.
	HandEditedLimits = schema.Limits{Bytes: 4 << 20, Work: 2 << 20, Keys: 128 << 10}
	// SheetLimits: a battle sheet is under 1 KB.
	SheetLimits = schema.Limits{Bytes: 64 << 10, Work: 16 << 10, Keys: schema.MaxKeys}
)

// MarkdownLimit bounds what is read back of the Markdown Warmaster writes
// (a phase's report, which each run appends to, and README.md): a phase
// report of the scale test's 100,000 battles is 31 MB.
var MarkdownLimit = 256 << 20

// ReadLimit is the most read of a file of a campaign folder: the limit of
// its kind (one byte more is read, to refuse it where it passes it), so
// that a phase of thousands of gigabyte files costs no more to refuse than
// to read within its limits; disk.MaxFileBytes for a file of no kind.
func ReadLimit(file string) int {
	switch file {
	case processor.CampaignFile:
		return schema.LimitOf(schema.Campaign).Bytes
	case processor.MapFile:
		return schema.LimitOf(schema.Map).Bytes
	case processor.StateFile:
		return StateLimits.Bytes
	case processor.JournalFile:
		return JournalLimits.Bytes
	case processor.ReadmeFile:
		return MarkdownLimit
	}
	cp := Classify(file)
	switch cp.Kind {
	case KindWarmaster:
		return schema.LimitOf(schema.Engine).Bytes // engines/<profile>.toml
	case KindWritten:
		if path.Base(file) == "report.md" {
			return MarkdownLimit
		}
		return SheetLimits.Bytes // battles/<battle>.toml
	case KindSeen:
		return SeenLimits.Bytes
	case KindOrders:
		if strings.HasSuffix(file, seal.SealedExt) {
			return seal.SealedLimit
		}
	}
	if kind, ok := inputKinds[cp.Kind]; ok {
		return schema.LimitOf(kind).Bytes
	}
	return disk.MaxFileBytes
}

// inputKinds are the schemas of the files players write.
var inputKinds = map[fileKind]schema.Kind{
	KindSetup: schema.Setup, KindOrders: schema.Orders, KindResults: schema.Results, KindMoves: schema.Moves,
	KindBuilds: schema.Builds, KindEvents: schema.Events, KindTiebreak: schema.Tiebreak,
	KindConfirmation: schema.Confirmations, KindRuling: schema.Rulings,
}

// readOwn checks a file Warmaster writes (state.toml, journal.toml) against
// lim before it is read (with prescan: schema.Prescan, or one that knows
// the text read before), with read, the line reader of its layout, which
// says which line it could not read (0: all). A file not in the layout is
// left to the TOML library (library true) when it is small enough for
// it; otherwise the first line not in the layout is the fault. ok is false
// when the file has a fault, added to fs.
func readOwn(file string, data []byte, lim schema.Limits, prescan func([]byte, schema.Limits) []schema.Fault, read func([]byte) int, fs *processor.Faults) (library, ok bool) {
	if f := prescan(data, lim); len(f) > 0 {
		fs.AddSchema(file, f)
		return false, false
	}
	bad := read(data)
	if bad == 0 {
		return false, true
	}
	if f := schema.Prescan(data, HandEditedLimits); len(f) > 0 {
		fs.AddSchema(file, []schema.Fault{{Line: bad, Col: 1, Message: fmt.Sprintf(
			"this line is not as Warmaster writes it, and a %s written otherwise is read only within tighter limits, which this one passes at %d:%d (%s): restore it from git history", file, f[0].Line, f[0].Col, f[0].Message)}})
		return false, false
	}
	return true, true
}

// ReadBack refuses a file as a run would write it that Warmaster would
// then refuse to read: past its kind's size limit, or, for state.toml and
// journal.toml, past the limits of their layout. A campaign outgrows them
// as it grows (the journal by every input of every step): refused at the
// run that would cross them, the folder stays as the run before left it,
// readable, instead of one no command can read.
func ReadBack(file string, data []byte) error {
	var lim schema.Limits
	prescan := schema.Prescan
	switch file {
	case processor.StateFile:
		lim = StateLimits
	case processor.JournalFile:
		lim, prescan = JournalLimits, prescanJournal
	default:
		return ReadBackSize(file, len(data))
	}
	if f := prescan(data, lim); len(f) > 0 {
		return fmt.Errorf("%s as this run would write it (%d bytes) passes the limits Warmaster reads it within at %d:%d (%s; docs/reference.md, Limits): the campaign has grown past what Warmaster supports; nothing was written", file, len(data), f[0].Line, f[0].Col, f[0].Message)
	}
	return nil
}

// ReadBackSize is ReadBack of a file other than state.toml and
// journal.toml, which only its size can pass: n bytes.
func ReadBackSize(file string, n int) error {
	if lim := ReadLimit(file); n > lim {
		return fmt.Errorf("%s as this run would write it is %d bytes, more than the %s Warmaster reads back of it (docs/reference.md, Limits): the campaign has grown past what Warmaster supports; nothing was written", file, n, schema.ByteSize(lim))
	}
	return nil
}

// SizeNotes are notes on the files a run writes (paths, in order; size,
// each one's bytes) that come near a limit, for the Warmaster to hear of
// before a run is refused for it: state.toml or journal.toml past three
// quarters of the size they are read back within (ReadBack), and any file
// past the 50 MB GitHub warns of (it refuses one over 100 MB).
func SizeNotes(paths []string, size func(path string) int) []processor.Fault {
	var notes []processor.Fault
	for _, p := range paths {
		n := size(p)
		switch lim := ReadLimit(p); {
		case (p == processor.StateFile || p == processor.JournalFile) && n > lim/4*3:
			notes = append(notes, processor.Fault{File: p, Message: fmt.Sprintf("now %d bytes, %d%% of the %s Warmaster reads it back within: a run that would write it past that is refused (docs/organisers.md, A public campaign of thousands)", n, n*100/lim, schema.ByteSize(lim))})
		case n > 50<<20:
			notes = append(notes, processor.Fault{File: p, Message: fmt.Sprintf("now %d bytes: GitHub warns of a file over 50 MB and refuses one over 100 MB", n)})
		}
	}
	return notes
}
