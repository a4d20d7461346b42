package processor

import (
	"fmt"
	"path"
	"strings"

	"github.com/warmaster/warmaster/processor/report"
	"github.com/warmaster/warmaster/schema"
)

// idKind is what an id names, for a value left empty: what to write there.
type idKind int

const (
	planetID idKind = iota + 1
	fleetID
	allianceID
	playerID
)

// blankIDs are the values of each kind of file that name a planet, a fleet,
// an alliance or a player: JSON pointers, * for any key or index.
var blankIDs = map[schema.Kind][]struct {
	ptr  string
	kind idKind
}{
	schema.Setup: {
		{"/stronghold", planetID}, {"/power3/*", planetID}, {"/power2/*", planetID},
		{"/infrastructure/*/planet", planetID}, {"/infrastructure/*/alternates/*", planetID},
		{"/fleets/*", planetID},
	},
	schema.Orders: {
		{"/operations/*/fleet", fleetID}, {"/operations/*/planet", planetID}, {"/operations/*/defender", allianceID},
		{"/operations/*/outcome/planet", planetID}, {"/operations/*/outcome/reinforce", planetID},
		{"/operations/*/outcome/transfer/*", planetID}, {"/operations/*/outcome/planets/*", planetID},
		{"/operations/*/outcome/moves/*", planetID},
	},
	schema.Moves:  {{"/moves/*", planetID}, {"/moves/*/*", planetID}},
	schema.Builds: {{"/planet", planetID}, {"/alternates/*/planet", planetID}},
	schema.Events: {
		{"/lull_in_the_fighting/build/planet", planetID}, {"/lull_in_the_fighting/alternates/*/planet", planetID}, {"/lull_in_the_fighting/moves/*", planetID},
		{"/tides_of_war/stronghold", planetID}, {"/archeotech_riches/*/*", planetID},
		{"/xenobeast_migration/*", planetID}, {"/machinations_of_fate/*", allianceID},
		{"/a_costly_bargain/planet", planetID}, {"/a_costly_bargain/alliance", allianceID},
		{"/smuggled_assets/relocate/*/from", planetID}, {"/smuggled_assets/relocate/*/to", planetID},
	},
	schema.Results: {
		{"/defender_player", playerID}, {"/filed_by", allianceID},
		{"/outcome/planet", planetID}, {"/outcome/reinforce", planetID},
		{"/outcome/transfer/*", planetID}, {"/outcome/planets/*", planetID}, {"/outcome/moves/*", planetID},
	},
	schema.Tiebreak: {{"/victor", allianceID}, {"/battles/*/winner", allianceID}, {"/battles/*/players/*", playerID}},
}

// WordBlanks words the fault of an id left empty (a draft's "") where the
// campaign knows the ids it may be: the schema knows only how an id is
// spelt, so its fault ("stronghold is empty: write an id: lowercase
// letters…") is replaced by one that names them — still one fault. In a
// result of battle (nil when not known), the sides that fought it.
func (k Checker) WordBlanks(file string, kind schema.Kind, sf []schema.Fault, battle *Order) {
	if k.C == nil || k.C.Map == nil {
		return
	}
	for i, f := range sf {
		if f.Blank == "" {
			continue
		}
		if battle != nil && kind == schema.Results {
			// A result of a battle known: the two sides that fought it.
			attacker := k.C.FleetAlliance(battle.Fleet)
			switch f.Pointer {
			case "/filed_by":
				sf[i].Message = "filed_by is empty: " + FiledByChoice(attacker, battle.Defender)
				continue
			case "/defender_player":
				sf[i].Message = fmt.Sprintf("defender_player is empty: write the player of %s who fought it: %s", battle.Defender, report.Either(k.C.PlayersOf(battle.Defender)))
				continue
			}
		}
		for _, b := range blankIDs[kind] {
			if pointerMatch(b.ptr, f.Pointer) {
				sf[i].Message = f.Blank + " is empty: write " + k.idChoice(b.kind, file)
				break
			}
		}
	}
}

// FiledByChoice is what to write as a result's filed_by, of a battle
// attacker fought against defender.
func FiledByChoice(attacker, defender AllianceID) string {
	return fmt.Sprintf("write the Alliance filing this result, yours: %s (the attacker) or %s (the defender)", attacker, defender)
}

// WordMissingValues adds to the fault of a key missing the values it may
// take, where the campaign knows them: an operation's attack (the attack
// types) and defender (the Alliances the file's player may attack, all
// but their own); a result's theatre, of its battle (nil when not
// known), the planet's two.
func (k Checker) WordMissingValues(file string, kind schema.Kind, sf []schema.Fault, battle *Order) {
	if k.C == nil || k.C.Map == nil {
		return
	}
	for i, f := range sf {
		if kind == schema.Results && battle != nil && f.Missing == "theatre" && k.C.Map.Has(battle.Planet) && battle.Attack != BoardingAction {
			sf[i].Message += fmt.Sprintf("; theatre: %s (%s's)", report.Either(k.C.Map.Planet(battle.Planet).Theatres), battle.Planet)
			continue
		}
		if kind != schema.Orders || f.Missing == "" || !pointerMatch("/operations/*", f.Pointer) {
			continue
		}
		for _, key := range strings.Split(f.Missing, ",") {
			switch key {
			case "attack":
				sf[i].Message += "; attack: " + report.Either([]string(attackNames))
			case "defender":
				own := k.C.PlayerAlliance(Login(strings.TrimSuffix(path.Base(file), ".toml")))
				var others []AllianceID
				for _, a := range k.C.AllianceIDs() {
					if a != own {
						others = append(others, a)
					}
				}
				sf[i].Message += "; defender: " + report.Either(others)
			}
		}
	}
}

// pointerMatch says whether ptr matches pattern, whose * segments match
// any one key or index.
func pointerMatch(pattern, ptr string) bool {
	ps, qs := strings.Split(pattern, "/"), strings.Split(ptr, "/")
	if len(ps) != len(qs) {
		return false
	}
	for i := range ps {
		if ps[i] != "*" && ps[i] != qs[i] {
			return false
		}
	}
	return true
}

// blankListed is the most ids a fault for an empty value lists; past it,
// it names the first few, "such as …".
const blankListed = 8

// idChoice is what to write for an id of kind in file: the ids it may be
// (a player's own fleets in their orders).
func (k Checker) idChoice(kind idKind, file string) string {
	switch kind {
	case planetID:
		ps := k.C.Map.IDs()
		if len(ps) > blankListed {
			return fmt.Sprintf("a planet, such as %s (map.toml lists all %d)", report.Either(ps[:3]), len(ps))
		}
		return "one of the planets: " + report.OneOf(ps)
	case fleetID:
		login := Login(strings.TrimSuffix(path.Base(file), ".toml"))
		switch fs := k.C.FleetsOf(login); len(fs) {
		case 0:
			return "one of the fleets: " + report.OneOf(k.C.FleetIDs())
		case 1:
			return "your fleet, " + string(fs[0])
		default:
			return "one of your fleets: " + report.OneOf(fs)
		}
	case allianceID:
		if k.Tied != nil {
			return "one of the tied alliances: " + report.OneOf(k.Tied)
		}
		return "one of the alliances: " + report.OneOf(k.C.AllianceIDs())
	default:
		if k.Tied != nil {
			var ls []Login
			for _, a := range k.Tied {
				ls = append(ls, k.C.PlayersOf(a)...)
			}
			return "one of the tied alliances' players: " + report.OneOf(ls)
		}
		return "one of the players' logins: " + report.OneOf(k.C.Logins())
	}
}
