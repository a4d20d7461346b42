package schema

import "testing"

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
