package processor

import (
	"fmt"
	"strings"
	"testing"
)

// TestSrcAtAsSprint: a pointer's keys are what fmt.Sprint says of them,
// escaped for a JSON pointer — ints and strings without the detour.
func TestSrcAtAsSprint(t *testing.T) {
	keys := []any{"steps", 0, 12, -3, "a/b", "~x", "~/~", "", Login("red~1"), AllianceID("a/b"), StepBattles, 2.5, true}
	for _, k := range keys {
		want := "/x/" + strings.NewReplacer("~", "~0", "/", "~1").Replace(fmt.Sprint(k))
		if got := (Src{File: "f", Ptr: "/x"}).At(k).Ptr; got != want {
			t.Errorf("At(%#v) = %q, want %q", k, got, want)
		}
	}
	if got := (Src{}).At("steps", 3, "inputs", 14, "path").Ptr; got != "/steps/3/inputs/14/path" {
		t.Errorf("At(steps, 3, inputs, 14, path) = %q", got)
	}
}
