package processor

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/warmaster/warmaster/processor/report"
	"github.com/warmaster/warmaster/schema"
)

// OutcomeKeys are the `[outcome]` keys each attack type's result takes.
// power_adjust, the Stronghold's ±1 (RULINGS 8), goes with every result
// whose outcome compares or tests the victor's Power Level;
// loser_power_adjust, Coordinated Opposition's ±1 for the losing side, with
// every result whose outcome compares the loser's.
func OutcomeKeys(a AttackType, victor Side) []string {
	if victor == Draw {
		return nil
	}
	return slices.Clip(outcomeKeys[a][victor])
}

// outcomeKeys are OutcomeKeys by attack type, Attacker wins then Defender
// wins: made once, not at each of the calls a battle makes.
var outcomeKeys = map[AttackType][2][]string{
	SeizePowerBase:       {{"power_adjust", "take", "build", "extra"}, {"power_adjust", "planet", "build"}},
	PurgeAndBurn:         {{"power_adjust", "loser_power_adjust"}, {"transfer", "reinforce"}},
	OrbitalInvasion:      {{"power_adjust", "loser_power_adjust"}, {"planet", "direction", "pieces"}},
	PlanetaryBombardment: {{"power_adjust", "location"}, {"power_adjust", "planet", "locations"}},
	SupplyBaseRaid:       {{"power_adjust", "planets"}, {"power_adjust", "planet"}},
	BoardingAction:       {{"fleet", "moves"}, {"fleet", "moves"}},
}

// ResultTitle names a battle's result: Attacker wins, Defender wins, Draw.
func ResultTitle(v Side) string {
	return [...]string{"Attacker wins", "Defender wins", "Draw"}[v]
}

// OrderOutcomeWhy ends the fault of an `[outcome]` key that an order's
// outcome does not take (NoOutcomeChoice).
const OrderOutcomeWhy = "; orders give the attacker's choices, for a battle that goes unplayed"

// NoOutcomeChoice is the fault of an `[outcome]` key that the outcome of a
// battle of attack type a that victor won does not take; "" when it takes
// it. why, if any, ends the message: an orders file's (OrderOutcomeWhy;
// orders take no loser_power_adjust).
func NoOutcomeChoice(a AttackType, victor Side, key, why string) string {
	takes := OutcomeKeys(a, victor)
	if slices.Contains(takes, key) {
		return ""
	}
	result := fmt.Sprintf("%s — %s", a.Title(), ResultTitle(victor))
	if key == "loser_power_adjust" && victor != Draw {
		// Coordinated Opposition's ±1 for the loser counts only where the
		// outcome compares the loser's level (RULINGS 8).
		return fmt.Sprintf("%s compares no Power Level of the losing side: loser_power_adjust counts only in Purge and Burn and Orbital Invasion — Attacker wins; leave it out", result)
	}
	if why != "" {
		takes = slices.DeleteFunc(slices.Clone(takes), func(k string) bool { return k == "loser_power_adjust" })
	}
	return fmt.Sprintf("%s has no %q choice (it takes %s)%s", result, key, cmp.Or(report.QuotedAnd(takes), "no choices"), why)
}

// OutcomeValues are the values an `[outcome]` key takes in the outcome of
// a battle of attack type a that victor won, where they are fewer than the
// schema lists for the key (every kind of piece, and "none"); nil for any
// other key. Seize Power Base — Attacker wins takes and builds pieces
// "excluding a Stronghold"; — Defender wins "can build one Fortification
// Lines ... or ... one Staging Grounds instead", or nothing ("none").
func OutcomeValues(a AttackType, victor Side, key string) []string {
	if a != SeizePowerBase || key == "power_adjust" || !slices.Contains(OutcomeKeys(a, victor), key) {
		return nil
	}
	if victor == Defender {
		return []string{"fortification-line", "staging-grounds", "none"} // build
	}
	return slices.Clone(buildable) // take, build, extra: a list of the caller's
}

// buildable are the kinds of Infrastructure a piece built can be: any
// "excluding Strongholds" (5 Build Infrastructure; Raise Edifices; Seize
// Power Base), which each Alliance places at set-up.
var buildable = []string{"staging-grounds", "support-facility", "fortification-line"}

// buildsKind is whether a fault's pointer is at the kind of a piece built
// in a file of kind: a build's or an alternate's `infrastructure`, or an
// operation's (Raise Edifices).
func buildsKind(kind schema.Kind, ptr string) bool {
	segs := strings.Split(ptr, "/")
	switch {
	case kind == schema.Builds:
		return ptr == "/infrastructure" || len(segs) == 4 && segs[1] == "alternates" && segs[3] == "infrastructure"
	case kind == schema.Orders:
		return len(segs) == 4 && segs[1] == "operations" && segs[3] == "infrastructure"
	}
	return false
}

// WordOutcomes words anew the schema's faults of the `[outcome]` values of
// a battle known as the file is read — a results file's (battle: its
// Battle Operation as far as the folder knows it then, nil when it does
// not), an orders file's operation's own — so that a mistake is refused
// once, with what that outcome takes, and not with the schema's list first
// and the rules' next: a key the outcome does not take is refused as such,
// at the key, whatever its value (NoOutcomeChoice, as the rules refuse it
// once the value passes); a value none of the schema's, with the outcome's
// (OutcomeValues); a location past the schema's 10, with the planet's
// count. A piece to build's kind none of the schema's (a build's, Raise
// Edifices') is given the kinds that can be built, not the schema's list
// with the Stronghold, which the rules refuse, saying why, beside the
// file's other faults. data is the file's text. It returns the faults,
// each once.
func (k Checker) WordOutcomes(kind schema.Kind, data []byte, doc map[string]any, sf []schema.Fault, battle *Order) []schema.Fault {
	if k.C == nil || k.C.Map == nil {
		return sf
	}
	moved := false
	for i, f := range sf {
		if f.Value != "" && buildsKind(kind, f.Pointer) {
			sf[i].Message = schema.NotOneOf(f, buildable, "")
			continue
		}
		table, b, victor, why := outcomeOf(kind, doc, f.Pointer, battle)
		if table == "" {
			continue
		}
		key, _, _ := strings.Cut(strings.TrimPrefix(f.Pointer, table+"/"), "/")
		if msg := NoOutcomeChoice(b.Attack, victor, key, why); msg != "" {
			sf[i].Message, moved = msg, true
			sf[i].Line, sf[i].Col = schema.LocateKey(data, table+"/"+key)
			continue
		}
		if f.Value == "" {
			continue // not a value none of the schema's, or out of its bounds
		}
		if vals := OutcomeValues(b.Attack, victor, key); vals != nil {
			sf[i].Message = schema.NotOneOf(f, vals, fmt.Sprintf("%s — %s", b.Attack.Title(), ResultTitle(victor)))
			continue
		}
		// Planetary Bombardment strikes a location of this Planet (Attacker
		// wins) or of the connected planet chosen (Defender wins).
		p := b.Planet
		if key == "locations" {
			s, _ := schema.WalkJSON(doc, strings.Split(table+"/planet", "/")[1:]).(string)
			p = PlanetID(s)
		}
		if n, err := strconv.Atoi(f.Value); err == nil && (key == "location" || key == "locations") && k.C.Map.Has(p) && n > k.C.Map.Planet(p).Locations {
			locs := k.C.Map.Planet(p).Locations
			sf[i].Message = fmt.Sprintf("%s: %d is too large; at most %d (%s has %s)", f.Path, n, locs, p, report.Plural(locs, "Infrastructure location", "Infrastructure locations"))
		}
	}
	if moved { // the faults of one key the outcome does not take are one
		slices.SortStableFunc(sf, func(a, b schema.Fault) int {
			return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col), cmp.Compare(a.Message, b.Message))
		})
		sf = slices.CompactFunc(sf, func(a, b schema.Fault) bool { return a.Line == b.Line && a.Col == b.Col && a.Message == b.Message })
	}
	return sf
}

// WordNames words anew the schema's fault of a value that is an
// Alliance's name where its id goes (defender = "Nekrosor Dynasty"): the
// schema would have it spelt as an id ("nekrosor-dynasty"), which no
// campaign knows; the id is what to write.
func (k Checker) WordNames(sf []schema.Fault) []schema.Fault {
	if k.C == nil {
		return sf
	}
	for i, f := range sf {
		v, err := strconv.Unquote(f.Value)
		if !f.Spelling || err != nil || v == "" {
			continue // not where an id goes: winner = "Reborn Kin" is none of attacker, defender, draw
		}
		for _, a := range k.C.AllianceIDs() {
			name := k.C.AllianceName(a)
			if strings.EqualFold(v, name) || strings.EqualFold(strings.ReplaceAll(v, "-", " "), name) {
				sf[i].Message = fmt.Sprintf("%s: %q is the name of an Alliance, not its id; did you mean %q?", f.Path, v, a)
				break
			}
		}
	}
	return sf
}

// outcomeOf is the outcome whose key a fault's pointer is at or under: the
// outcome table's pointer, the battle, its victor, and what ends the fault
// of a key it does not take; table is "" when the pointer is under no
// outcome key, or the battle or its victor is not known.
func outcomeOf(kind schema.Kind, doc map[string]any, ptr string, battle *Order) (table string, b Order, victor Side, why string) {
	switch segs := strings.Split(ptr, "/"); {
	case kind == schema.Results && battle != nil:
		ok := false
		if victor, ok = resultVictor(doc); !ok {
			return "", b, victor, ""
		}
		table, b = "/outcome", *battle
	case kind == schema.Orders && len(segs) >= 5 && segs[1] == "operations" && segs[3] == "outcome":
		// An order's outcome: its battle's, the attacker's choices.
		op, _ := schema.WalkJSON(doc, segs[1:3]).(map[string]any)
		attack, _ := op["attack"].(string)
		planet, _ := op["planet"].(string)
		if op["operation"] != "battle" || b.Attack.UnmarshalText([]byte(attack)) != nil {
			return "", b, victor, ""
		}
		table, b.Planet, victor, why = strings.Join(segs[:4], "/"), PlanetID(planet), Attacker, OrderOutcomeWhy
	}
	key, _, _ := strings.Cut(strings.TrimPrefix(ptr, table+"/"), "/")
	if table == "" || !strings.HasPrefix(ptr, table+"/") || !isOutcomeKey(key) {
		return "", b, victor, ""
	}
	return table, b, victor, why
}

// isOutcomeKey says whether some outcome takes key.
func isOutcomeKey(key string) bool {
	for _, byVictor := range outcomeKeys {
		for _, keys := range byVictor {
			if slices.Contains(keys, key) {
				return true
			}
		}
	}
	return false
}

// resultVictor is the victor a results file names: its winner, else the
// side its VP make it (with Battle Ready's +10); ok is false when it names
// none.
func resultVictor(doc map[string]any) (v Side, ok bool) {
	if w, has := doc["winner"]; has {
		s, _ := w.(string)
		return v, v.UnmarshalText([]byte(s)) == nil
	}
	a, aok := doc["attacker_vp"].(int64)
	d, dok := doc["defender_vp"].(int64)
	if !aok || !dok {
		return v, false
	}
	r := Result{AttackerVP: int(a), DefenderVP: int(d)}
	ready, _ := doc["battle_ready"].([]any)
	for _, s := range ready {
		if str, _ := s.(string); str == "attacker" || str == "defender" {
			side, _ := sideNames.Parse(str)
			r.BattleReady = append(r.BattleReady, side)
		}
	}
	return r.Victor(), true
}
