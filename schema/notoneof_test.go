package schema

import "testing"

// TestNotOneOf: a value none of the schema's, or out of its bounds, says
// where it is and what it is (Path, Value), and a caller that knows the
// values valid in its place words it with those: the list, a blank's, a
// near miss among them only.
func TestNotOneOf(t *testing.T) {
	_, faults := Decode(Results, []byte("winner = \"defender\"\n[outcome]\nbuild = \"castle\"\ntake = \"\"\nextra = \"Stronghold\"\nlocation = 11\n"))
	valid := []string{"fortification-line", "staging-grounds", "none"}
	want := map[string]struct{ path, value, msg string }{
		"/outcome/build":    {"build under [outcome]", `"castle"`, `build under [outcome]: "castle" is not one of fortification-line, staging-grounds, none (Seize Power Base — Defender wins)`},
		"/outcome/take":     {"take under [outcome]", `""`, `take under [outcome] is empty: write one of fortification-line, staging-grounds, none (Seize Power Base — Defender wins)`},
		"/outcome/extra":    {"extra under [outcome]", `"Stronghold"`, `extra under [outcome]: "Stronghold" is not one of fortification-line, staging-grounds, none (Seize Power Base — Defender wins)`},
		"/outcome/location": {"location under [outcome]", "11", ""},
	}
	if len(faults) != len(want) {
		t.Fatalf("got %d faults, want %d: %v", len(faults), len(want), faults)
	}
	for _, f := range faults {
		w, ok := want[f.Pointer]
		if !ok || f.Path != w.path || f.Value != w.value {
			t.Errorf("%s: Path %q, Value %q; want %q, %q", f.Pointer, f.Path, f.Value, w.path, w.value)
			continue
		}
		if w.msg != "" {
			if got := NotOneOf(f, valid, "Seize Power Base — Defender wins"); got != w.msg {
				t.Errorf("%s: NotOneOf\n got %s\nwant %s", f.Pointer, got, w.msg)
			}
		}
	}
	// A near miss among the values given: "did you mean", not the list.
	for _, f := range faults {
		if f.Pointer == "/outcome/extra" {
			got := NotOneOf(f, []string{"stronghold", "staging-grounds"}, "Seize Power Base — Attacker wins")
			if want := `extra under [outcome]: "Stronghold" is not valid; did you mean "stronghold"?`; got != want {
				t.Errorf("near miss:\n got %s\nwant %s", got, want)
			}
		}
	}
}
