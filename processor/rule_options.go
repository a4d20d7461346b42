package processor

import (
	"fmt"

	"github.com/warmaster/warmaster/processor/report"
)

// RuleOption is one of campaign.toml's [rules] options: its key, its
// default (as the schema-decoded document holds it: bool, int64 or
// string), and the ruling it switches (docs/rules.md's RULINGS N; 0 for
// a house rule no ruling names).
type RuleOption struct {
	Key     string
	Default any
	Ruling  int
}

// RuleOptions are every [rules] option, in docs/rules.md's order, with
// the defaults DecodeCampaign and DecodeEngineRules read a missing one as
// (tests hold the decoders, the schema and docs/rules.md's table to it).
var RuleOptions = []RuleOption{
	{"events", true, 43},
	{"orbital_invasion_defender_power", false, 14},
	{"seize_power_base_keeps_piece", false, 16},
	{"boarding_action_without_fleet", false, 15},
	{"two_alliance_setup_pieces", int64(4), 0},
	{"xenobeast_lanes_only", false, 21},
	{"confirm_results", true, 0},
	{"outcome_power_levels", OutcomeLevelsBattle, 9},
	{"laurel_of_victory_builds", LaurelBuildsCampaign, 40},
	{"war_machine_catastrophic_3", "destroyed", 60},
	{"war_machine_keep_engines_damaged", false, 65},
	{"war_machine_repair", int64(0), 66},
	{"volcano_cannon_pick", "higher", 61},
	{"behemoth_repair", int64(0), 66},
	{"behemoth_untargeted_chain", "random", 56},
	{"behemoth_landing_enemy_dice", int64(2), 68},
}

// ChangedRules are the options of a decoded [rules] table that differ
// from their defaults, in RuleOptions' order, as a campaign's README
// lists them: "`key = value` (RULINGS N)". An option written at its
// default is no change, nor is one the campaign's number of Alliances
// leaves without effect (Idle).
func ChangedRules(rules map[string]any, alliances int) []string {
	var out []string
	for _, o := range RuleOptions {
		if Idle(o.Key, alliances) != "" {
			continue
		}
		// Compared as TOML writes them: a default of a named string
		// type is its text.
		v, ok := rules[o.Key]
		if !ok || report.TOMLValue(v) == report.TOMLValue(o.Default) {
			continue
		}
		line := fmt.Sprintf("`%s = %s`", o.Key, report.TOMLValue(v))
		if o.Ruling > 0 {
			line += fmt.Sprintf(" (RULINGS %d)", o.Ruling)
		}
		out = append(out, line)
	}
	return out
}

// Idle says why the [rules] option key changes nothing in a campaign of
// that many Alliances, or "": two_alliance_setup_pieces is for two alone
// (1.4, Decide on Infrastructure).
func Idle(key string, alliances int) string {
	if key == "two_alliance_setup_pieces" && alliances != 2 {
		return fmt.Sprintf("two_alliance_setup_pieces is for a campaign of two Alliances; this one has %d, whose Alliances each set up 3 pieces of Infrastructure, so it changes nothing", alliances)
	}
	return ""
}
