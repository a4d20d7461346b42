package schema

import (
	"strconv"
	"testing"
)

// BenchmarkDecodeResult decodes a battle's result as a load does each of a
// public campaign's 100,000: prescan, parse, the fast check and the
// checks of its values.
func BenchmarkDecodeResult(b *testing.B) {
	data := []byte("played = 2027-01-12T15:00:00Z\nwinner = \"attacker\"\n")
	b.ReportAllocs()
	for b.Loop() {
		if _, faults := Decode(Results, data); len(faults) > 0 {
			b.Fatal(faults)
		}
	}
}

// The date check's memory of paths is bounded: a hostile file with dates
// at a million different paths (an array's elements each) makes it
// remember notDateMemo of them, and each is still answered as the schema
// says.
func TestStringNotDateMemoBounded(t *testing.T) {
	c := lookup(Orders)
	for i := range 3 * notDateMemo {
		path := []string{"operations", strconv.Itoa(i), "fleet"}
		if !c.stringNotDate(path) {
			t.Fatalf("%v: a fleet is a string, not a date", path)
		}
	}
	n := 0
	c.notDate.Range(func(any, any) bool { n++; return true })
	if n > notDateMemo {
		t.Errorf("remembers %d paths, at most %d", n, notDateMemo)
	}
}
