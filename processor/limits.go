package processor

import (
	"fmt"
	"io"
	"os"

	"github.com/warmaster/warmaster/schema"
)

// What the files Warmaster writes may hold when it reads them back (the
// files people write have schema.LimitOf). A hostile or damaged file is
// refused where it passes a limit, before any parser reads it, so that
// reading it costs no more than reading a real one (see the README's
// Limits).
var (
	// StateLimits: the scale test's 100,000 fleets and battle orders on
	// 12,500 planets write 19.3 MB (work 8.4 million, 288,000 keys); a
	// simulated 300-player campaign 61 KB.
	StateLimits = schema.Limits{Bytes: 24 << 20, Work: 35 << 18, Keys: 1 << 20}
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

// maxFileBytes is the most of any file read: more than the largest limit
// of any kind is never needed to refuse it where it passes that limit.
var maxFileBytes = max(StateLimits.Bytes, JournalLimits.Bytes, schema.LimitOf(schema.Campaign).Bytes)

// readAtMost reads up to n bytes of a file, as os.ReadFile reads it all:
// a hostile file of gigabytes is refused without being read into memory.
func readAtMost(name string, n int) ([]byte, error) {
	fh, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	size := 0
	if st, err := fh.Stat(); err == nil && st.Mode().IsRegular() {
		size = int(min(st.Size(), int64(n)))
	}
	data := make([]byte, 0, size+1)
	r := io.LimitReader(fh, int64(n))
	for {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
		m, err := r.Read(data[len(data):cap(data)])
		data = data[:len(data)+m]
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return data, err
		}
	}
}

// SealedLimit is the largest sealed orders file: the largest orders file
// (schema.LimitOf(schema.Orders), 256 KiB) once encrypted and armored is
// under 350 KiB.
const SealedLimit = 512 << 10

// readOwn checks a file Warmaster writes (state.toml, journal.toml) against
// lim before it is read, with read, the line reader of its layout, which
// says which line it could not read (0: all). A file not in the layout is
// left to the TOML library (library true) when it is small enough for
// it; otherwise the first line not in the layout is the fault. ok is false
// when the file has a fault, added to fs.
func readOwn(file string, data []byte, lim schema.Limits, read func([]byte) int, fs *faults) (library, ok bool) {
	if f := schema.Prescan(data, lim); len(f) > 0 {
		fs.addSchema(file, f)
		return false, false
	}
	bad := read(data)
	if bad == 0 {
		return false, true
	}
	if f := schema.Prescan(data, HandEditedLimits); len(f) > 0 {
		fs.addSchema(file, []schema.Fault{{Line: bad, Col: 1, Message: fmt.Sprintf(
			"this line is not as Warmaster writes it, and a %s written otherwise is read only within tighter limits, which this one passes at %d:%d (%s): restore it from git history", file, f[0].Line, f[0].Col, f[0].Message)}})
		return false, false
	}
	return true, true
}
