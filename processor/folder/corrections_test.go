package folder

import (
	"slices"
	"testing"

	"github.com/warmaster/warmaster/processor"
)

// A correction's was is typed by no schema, and the journal's fingerprint
// (JSON) reads 2.0 as 2: so does the correction read, or a replay of the
// runs before it plays other rules than they did (the decoders read
// integers alone) and the README lists a default as changed.
func TestCorrectionWasWholeFloats(t *testing.T) {
	var fs processor.Faults
	for _, o := range processor.RuleOptions {
		n, ok := o.Default.(int64)
		if !ok {
			continue
		}
		for _, v := range []int64{n, n - 1} {
			asFloat := corrections(map[string]any{"corrections": []any{map[string]any{
				"part": "[rules]", "reason": "r", "was": map[string]any{o.Key: float64(v), "events": true, "half": 2.5},
			}}})[0].Was
			if asFloat[o.Key] != v || asFloat["events"] != true || asFloat["half"] != 2.5 {
				t.Errorf("was = { %s = %d.0, events = true, half = 2.5 } reads as %v", o.Key, v, asFloat)
			}
			want := processor.DecodeEngineRules(processor.NewObj(map[string]any{o.Key: v}, processor.Src{}), &fs)
			if got := processor.DecodeEngineRules(processor.NewObj(asFloat, processor.Src{}), &fs); got != want {
				t.Errorf("%s = %d.0 in a correction's was decodes as %+v, %d as %+v", o.Key, v, got, v, want)
			}
			if a, b := processor.ChangedRules(map[string]any{o.Key: v}, 2), processor.ChangedRules(asFloat, 2); !slices.Equal(a, b) {
				t.Errorf("ChangedRules lists %s = %d.0 as %q, = %d as %q", o.Key, v, b, v, a)
			}
		}
	}
}
