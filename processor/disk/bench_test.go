package disk

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkCommit commits n new files (battle sheets) into a new folder,
// in the order they are numbered, not in their names' (f10 before f2).
func BenchmarkCommit(b *testing.B) {
	for _, n := range []int{20, 200, 2000, 20000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			cs := make([]Change, n)
			for i := range cs {
				cs[i] = Change{Path: fmt.Sprintf("phases/01/battles/f%d.toml", i), Data: make([]byte, 500)}
			}
			for range b.N {
				b.StopTimer()
				commitTimed(b, b.TempDir(), cs)
			}
		})
	}
}

// BenchmarkOpen opens (and scans) the bundled example campaign's folder.
func BenchmarkOpen(b *testing.B) {
	dir := b.TempDir()
	if err := os.CopyFS(dir, os.DirFS("../../campaigns/vespator-front")); err != nil {
		b.Fatal(err)
	}
	for range b.N {
		d, err := Open(dir, Read, func(string) bool { return true })
		if err != nil {
			b.Fatal(err)
		}
		d.Close()
	}
}

// BenchmarkCommitReplacing commits what a public campaign's battles step
// writes over its files: three of 20 MB (state.toml, the journal, the
// phase's report, the report in 64 KB parts) replacing files of the same
// size, whose digests the manifest records too.
func BenchmarkCommitReplacing(b *testing.B) {
	const size = 20 << 20
	part := strings.Repeat("x", 64<<10)
	var parts []string
	for range size / len(part) {
		parts = append(parts, part)
	}
	cs := []Change{
		{Path: "journal.toml", Data: bytes.Repeat([]byte("j"), size)},
		{Path: "phases/01/report.md", Parts: parts},
		{Path: "state.toml", Data: bytes.Repeat([]byte("s"), size)},
	}
	for range b.N {
		b.StopTimer()
		dir := b.TempDir()
		for _, c := range cs {
			if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(c.Path)), 0o755); err != nil {
				b.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, c.Path), bytes.Repeat([]byte("o"), size), 0o644); err != nil {
				b.Fatal(err)
			}
		}
		commitTimed(b, dir, cs)
	}
}

// commitTimed opens dir, the timer stopped, then commits cs into it and
// closes it, the timer running.
func commitTimed(b *testing.B, dir string, cs []Change) {
	d, err := Open(dir, Write, func(string) bool { return true })
	if err != nil {
		b.Fatal(err)
	}
	b.StartTimer()
	if err := d.Commit(cs); err != nil {
		b.Fatal(err)
	}
	d.Close()
	b.StopTimer()
}
