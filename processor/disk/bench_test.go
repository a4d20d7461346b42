package disk

import (
	"fmt"
	"os"
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
				d, err := Open(b.TempDir(), Write, func(string) bool { return true })
				if err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				if err := d.Commit(cs); err != nil {
					b.Fatal(err)
				}
				d.Close()
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
