package phase

import "github.com/warmaster/warmaster/processor/disk"

// output is what a run writes to a file: data, or, for a phase report,
// the parts it was made of in order, written as they are (disk.Change's
// Parts) rather than first copied into one — at 100,000 battles a phase
// report is 31 MB of a step's section's chunks.
type output struct {
	data  []byte
	parts []string
}

func (o output) size() int {
	n := len(o.data)
	for _, p := range o.parts {
		n += len(p)
	}
	return n
}

// is reports whether the file o writes is b, byte for byte.
func (o output) is(b []byte) bool {
	if o.size() != len(b) {
		return false
	}
	if string(o.data) != string(b[:len(o.data)]) {
		return false
	}
	b = b[len(o.data):]
	for _, p := range o.parts {
		if p != string(b[:len(p)]) {
			return false
		}
		b = b[len(p):]
	}
	return true
}

func (o output) change(path string) disk.Change {
	return disk.Change{Path: path, Data: o.data, Parts: o.parts}
}
