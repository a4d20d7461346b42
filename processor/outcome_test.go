package processor

import (
	"slices"
	"testing"

	"github.com/warmaster/warmaster/schema"
)

// TestResultVictor: the victor a faulty result names, as its outcome's
// faults are worded: the winner, else the VP with Battle Ready's +10; none
// when it names none, or a winner that is none of the sides.
func TestResultVictor(t *testing.T) {
	for _, c := range []struct {
		doc  map[string]any
		want Side
		ok   bool
	}{
		{map[string]any{"winner": "defender"}, Defender, true},
		{map[string]any{"winner": "draw", "attacker_vp": int64(90), "defender_vp": int64(10)}, Draw, true},
		{map[string]any{"winner": "me"}, 0, false},
		{map[string]any{"attacker_vp": int64(55), "defender_vp": int64(60), "battle_ready": []any{"attacker"}}, Attacker, true},
		{map[string]any{"attacker_vp": int64(55), "defender_vp": int64(55), "battle_ready": []any{"both"}}, Draw, true},
		{map[string]any{"attacker_vp": "55", "defender_vp": int64(60)}, 0, false},
		{map[string]any{}, 0, false},
	} {
		if got, ok := resultVictor(c.doc); got != c.want || ok != c.ok {
			t.Errorf("%v: got %v, %v; want %v, %v", c.doc, got, ok, c.want, c.ok)
		}
	}
}

// TestWordOutcomesUnknown: with the battle not known, or its victor, the
// schema's faults stay as they are.
func TestWordOutcomesUnknown(t *testing.T) {
	data := []byte("winner = \"defender\"\n[outcome]\nbuild = \"castle\"\n")
	doc, sf := schema.Decode(schema.Results, data)
	want := slices.Clone(sf)
	k := Checker{C: &Campaign{Map: &Map{}}}
	if got := k.WordOutcomes(schema.Results, data, doc, sf, nil); !slices.Equal(got, want) {
		t.Errorf("battle unknown: got %v, want %v", got, want)
	}
	delete(doc, "winner")
	b := &Order{Op: Battle, Attack: SeizePowerBase}
	if got := k.WordOutcomes(schema.Results, data, doc, slices.Clone(want), b); !slices.Equal(got, want) {
		t.Errorf("victor unknown: got %v, want %v", got, want)
	}
	doc["winner"] = "defender"
	got := k.WordOutcomes(schema.Results, data, doc, slices.Clone(want), b)
	if len(got) != 1 || got[0].Message != `build under [outcome]: "castle" is not one of fortification-line, staging-grounds, none (Seize Power Base — Defender wins)` {
		t.Errorf("both known: got %v", got)
	}
}
