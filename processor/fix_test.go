package processor

import (
	"reflect"
	"testing"
)

// A "did you mean" with one id carries that id as the fault's Fix, for the
// pull-request check's suggested change; with two, or none, no Fix; a hint
// is never carried by a fault that does not word it.
func TestHintFix(t *testing.T) {
	known := []FleetID{"blue-1", "blue-2", "red-1"}
	at := Src{File: "phases/01/orders/bob.toml", Ptr: "/operations/0/fleet"}
	t.Run("One", func(t *testing.T) {
		var fs Faults
		fs.Add(at, "unknown fleet %q; %s", "red1", Hint(&fs, "red1", known, "fleets: …"))
		if got, want := fs.List[0].Fix, (&Fix{Kind: FixMeant, Was: "red1", Meant: "red-1"}); !reflect.DeepEqual(got, want) {
			t.Errorf("Fix = %+v, want %+v", got, want)
		}
		if got, want := fs.List[0].Message, `unknown fleet "red1"; did you mean "red-1"?`; got != want {
			t.Errorf("message %q, want %q", got, want)
		}
	})
	t.Run("Two", func(t *testing.T) {
		var fs Faults
		fs.Add(at, "unknown fleet %q; %s", "blue-3", Hint(&fs, "blue-3", known, "fleets: …"))
		if fs.List[0].Fix != nil {
			t.Errorf("Fix = %+v with two candidates (%s)", fs.List[0].Fix, fs.List[0].Message)
		}
	})
	t.Run("NotWorded", func(t *testing.T) {
		var fs Faults
		_ = Hint(&fs, "red1", known, "fleets: …")
		fs.AddKey(at, "something else")
		fs.Add(at, `unknown fleet "red1"; did you mean "red-1"?`)
		for _, f := range fs.List {
			if f.Fix != nil {
				t.Errorf("%q carries %+v", f.Message, f.Fix)
			}
		}
	})
}
