package schema

import (
	"reflect"
	"testing"
)

// With Remember, the same bytes give the same document and faults, a
// caller changing its faults does not change the next caller's, and
// Remember(0) forgets.
func TestRemember(t *testing.T) {
	defer Remember(0)
	bad := []byte("fleet = 3\n")
	want, wantFaults := Decode(Results, bad)
	Remember(1 << 20)
	for range 2 {
		doc, faults := Decode(Results, bad)
		if !reflect.DeepEqual(doc, want) || !reflect.DeepEqual(faults, wantFaults) {
			t.Fatalf("remembered decode differs: %v %v, want %v %v", doc, faults, want, wantFaults)
		}
		faults[0].Message = "changed by a caller"
	}
	if memo.bytes != len(bad) {
		t.Fatalf("memo holds %d bytes, want %d", memo.bytes, len(bad))
	}
	// Another kind, same bytes: decoded again against its own schema.
	if _, f := Decode(Orders, bad); reflect.DeepEqual(f, wantFaults) {
		t.Fatal("orders faults are the results file's")
	}
	Remember(0)
	if memo.m != nil || memo.on() {
		t.Fatal("Remember(0) keeps documents")
	}
}
