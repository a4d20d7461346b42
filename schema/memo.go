package schema

import (
	"crypto/sha256"
	"sync"
)

// Remember makes Decode keep what it decoded, by the SHA-256 of the kind
// and bytes, for up to maxBytes of source (past that it starts again
// empty; 0 stops remembering). For a process that loads the same campaign
// again and again — simulate, replay — each unchanged file is parsed and
// validated once. A single advance does not: it would only hold memory.
// What is kept never changes a result.
func Remember(maxBytes int) {
	memo.mu.Lock()
	defer memo.mu.Unlock()
	if memo.max != maxBytes {
		memo.max, memo.m, memo.bytes = maxBytes, nil, 0
	}
}

type memoEntry struct {
	doc    map[string]any
	faults []Fault
	size   int
}

// memoTable holds decoded documents by the SHA-256 of their kind and bytes.
type memoTable struct {
	mu    sync.Mutex
	m     map[[sha256.Size]byte]memoEntry
	bytes int
	max   int
}

var memo memoTable

func memoKey(kind Kind, data []byte) [sha256.Size]byte {
	h := sha256.New()
	h.Write([]byte(kind))
	h.Write([]byte{0})
	h.Write(data)
	var k [sha256.Size]byte
	h.Sum(k[:0])
	return k
}

func (t *memoTable) on() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.max > 0
}

func (t *memoTable) get(k [sha256.Size]byte) (memoEntry, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	e, ok := t.m[k]
	return e, ok
}

func (t *memoTable) put(k [sha256.Size]byte, e memoEntry) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.max == 0 {
		return
	}
	if t.m == nil || t.bytes+e.size > t.max {
		t.m, t.bytes = map[[sha256.Size]byte]memoEntry{}, 0
	}
	if _, ok := t.m[k]; !ok {
		t.m[k] = e
		t.bytes += e.size
	}
}
