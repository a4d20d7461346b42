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
	long := strings.Repeat("k", 120) // past the pointer's buffer on the stack
	if got := (Src{Ptr: "/" + long}).At(long, 7).Ptr; got != "/"+long+"/"+long+"/7" {
		t.Errorf("At(long, 7) = %q", got)
	}
	if got := (Src{Ptr: "/p"}).At().Ptr; got != "/p" {
		t.Errorf("At() = %q", got)
	}
	src, name := Src{File: "f", Ptr: "/players"}, "login"
	if n := testing.AllocsPerRun(10, func() { _ = src.At(1000, name) }); n > 2 {
		t.Errorf("At(1000, login) allocates %v times, want at most 2 (the pointer, the boxed int)", n)
	}
}
