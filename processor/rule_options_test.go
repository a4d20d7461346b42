package processor

import (
	"encoding/json"
	"maps"
	"slices"
	"testing"

	"github.com/warmaster/warmaster/processor/report"
	"github.com/warmaster/warmaster/schema"
)

// Each option written at its RuleOptions default decodes as the option
// left out: the table's defaults are the decoders'. And the table has
// every option the schema knows, no more.
func TestRuleOptionsDefaults(t *testing.T) {
	decode := func(rules map[string]any) (Rules, any) {
		var fs Faults
		c := DecodeCampaign(NewObj(map[string]any{"rules": rules}, Src{File: CampaignFile}), &fs)
		return c.Rules, DecodeEngineRules(NewObj(rules, Src{File: CampaignFile}), &fs)
	}
	var doc struct {
		Properties struct {
			Rules struct {
				Properties map[string]struct {
					Enum []any `json:"enum"`
				} `json:"properties"`
			} `json:"rules"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(schema.JSON(schema.Campaign), &doc); err != nil {
		t.Fatal(err)
	}
	none, noneEngines := decode(map[string]any{})
	for _, o := range RuleOptions {
		got, gotEngines := decode(map[string]any{o.Key: o.Default})
		if got != none || gotEngines != noneEngines {
			t.Errorf("[rules] %s = %s decodes as %+v %+v, left out as %+v %+v: RuleOptions' default is not the decoders'", o.Key, report.TOMLValue(o.Default), got, gotEngines, none, noneEngines)
		}
		// And another value is read: it decodes otherwise.
		var other any
		switch d := o.Default.(type) {
		case bool:
			other = !d
		case int64:
			other = d + 1
			if d == 4 || d == 2 { // an enum of two: the other one
				other = d - 1
			}
		case string:
			for _, e := range doc.Properties.Rules.Properties[o.Key].Enum {
				if e != d {
					other = e
				}
			}
		}
		if got, gotEngines := decode(map[string]any{o.Key: other}); got == none && gotEngines == noneEngines {
			t.Errorf("[rules] %s = %s decodes as the option left out: the decoders do not read it", o.Key, report.TOMLValue(other))
		}
	}
	var keys []string
	for _, o := range RuleOptions {
		keys = append(keys, o.Key)
	}
	if want := slices.Sorted(maps.Keys(doc.Properties.Rules.Properties)); !slices.Equal(slices.Sorted(slices.Values(keys)), want) {
		t.Errorf("RuleOptions has %v, the schema's [rules] %v", slices.Sorted(slices.Values(keys)), want)
	}
}

// TestChangedRules: an option set away from its default is listed, but
// two_alliance_setup_pieces in a campaign of three Alliances, which the
// text's 1.4 Alliances Decide on Infrastructure gives 3 pieces each ("If
// playing the campaign with only 2 Alliances, we recommend … 4"): there
// the option changes nothing.
func TestChangedRules(t *testing.T) {
	got := ChangedRules(map[string]any{"events": true, "xenobeast_lanes_only": true, "behemoth_landing_enemy_dice": int64(1), "outcome_power_levels": "battle", "volcano_cannon_pick": "lower", "confirm_results": false, "two_alliance_setup_pieces": int64(3)}, 3)
	if want := []string{"`xenobeast_lanes_only = true` (RULINGS 21)", "`confirm_results = false`", "`volcano_cannon_pick = \"lower\"` (RULINGS 61)", "`behemoth_landing_enemy_dice = 1` (RULINGS 68)"}; !slices.Equal(got, want) {
		t.Errorf("ChangedRules: %q, want %q", got, want)
	}
	if got := ChangedRules(map[string]any{"two_alliance_setup_pieces": int64(3)}, 2); !slices.Equal(got, []string{"`two_alliance_setup_pieces = 3`"}) {
		t.Errorf("ChangedRules of two Alliances: %q", got)
	}
}
