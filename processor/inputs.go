package processor

import (
	"cmp"
	"fmt"
	"slices"
	"time"

	"github.com/warmaster/warmaster/processor/report"
	"github.com/warmaster/warmaster/schema"
)

// Order is one Fleet's Campaign Operation for a phase (Select Operations).
type Order struct {
	Fleet    FleetID
	Op       Operation
	Attack   AttackType // Battle
	Planet   PlanetID   // Battle, Void Leap, Deploy Kill Teams: the target
	Defender AllianceID // Battle
	Infra    InfraType  // Raise Edifices
	// Outcome is a Battle's Campaign Outcome choices if the battle goes
	// unplayed (RULINGS 18), nil without an [operations.outcome] table:
	// most orders have none, and a phase holds tens of thousands of orders
	// (Choices is 272 bytes). Choices gives them.
	Outcome *Choices
	// Default marks Logistical Auxilia given to a Fleet without orders.
	Default bool
	// Second marks a Fleet's second operation (Defiant Zeal): its battle is <fleet>-2.
	Second bool
	// Theatre is the battle's Theatre when Sinister Omens has it rolled.
	Theatre string
	Src     Src
	// Unresolved is the fleet as written when it is none of the player's
	// (Fleet is then ""): the fault says so, and the fleet it was meant
	// for is not also said to have no operation.
	Unresolved string
}

// Choices are a victor's Campaign Outcome decisions (`[outcome]`).
type Choices struct {
	// PowerAdjust is the Stronghold's "treat the Power Level as 1 higher or
	// lower" for the battle's Campaign Outcomes: -1, 0 or +1 (RULINGS 8).
	PowerAdjust int
	// LoserPowerAdjust is Coordinated Opposition's "treat their Alliance's
	// Power Level ... as 1 higher or lower" for the side that lost, when it
	// fought the dominating Alliance: -1, 0 or +1, in the comparisons of
	// its level in the outcome (results only: an unplayed battle has no
	// loser who fought; RULINGS 8).
	LoserPowerAdjust int
	// Transfer: Purge and Burn — Defender wins; each entry moves one Power
	// Level from the battle's planet to that connected planet.
	Transfer []PlanetID
	// Reinforce: Purge and Burn — Defender wins; the connected planet for the final +1.
	Reinforce PlanetID
	// Planet, Direction, Pieces: Orbital Invasion — Defender wins; the
	// connected planet, which way pieces move ("to-connected" or
	// "from-connected"), and the types of the pieces moved.
	Planet    PlanetID
	Direction string
	Pieces    []InfraType
	// Take, Build, Extra: Seize Power Base (Has… says the key was given; a
	// zero InfraType is a Stronghold). Attacker wins: `take` is the type of
	// the Defending Alliance's piece taken, `build` the type built when it
	// has no piece to take, `extra` the piece built at Power Level 3 or more.
	// Defender wins: `build` is fortification-line or staging-grounds, at
	// `planet` (this Planet or a connected one).
	// NoBuild: Defender wins' `build = "none"`, the Defender's choice to
	// build nothing ("can build"); HasBuild is false then.
	Take, Build, Extra          InfraType
	HasTake, HasBuild, HasExtra bool
	NoBuild                     bool
	// Location: Planetary Bombardment — Attacker wins; the location struck
	// at this Planet, 1-based. Locations: Defender wins; the location of
	// each strike at `planet` (a second strike at Power Level 3 or more).
	Location  int
	Locations []int
	// Planets: Supply Base Raid — Attacker wins; the planet of each D6 (this
	// Planet or a connected one; a second D6 at Power Level 3 or more).
	// Supply Base Raid — Defender wins uses `planet`.
	Planets []PlanetID
	// Fleet, Moves: Boarding Action; the Defending Alliance's Fleet at this
	// Planet and the planets it moves to, in order (up to two moves when the
	// Attacker wins, one when the Defender wins).
	Fleet FleetID
	Moves []PlanetID

	Src Src // the [outcome] table
}

// Choices are the order's Campaign Outcome choices: none without an
// [operations.outcome] table.
func (o Order) Choices() Choices { return o.Outcome.orNone() }

// Choices are the result's Campaign Outcome choices: none without an
// [outcome] table.
func (r *Result) Choices() Choices { return r.Outcome.orNone() }

func (c *Choices) orNone() Choices {
	if c == nil {
		return Choices{}
	}
	return *c
}

func (c Choices) Empty() bool {
	return c.PowerAdjust == 0 && c.LoserPowerAdjust == 0 && len(c.Transfer) == 0 && c.Reinforce == "" && c.Planet == "" && c.Direction == "" && len(c.Pieces) == 0 &&
		!c.HasTake && !c.HasBuild && !c.NoBuild && !c.HasExtra && c.Location == 0 && len(c.Locations) == 0 && len(c.Planets) == 0 && c.Fleet == "" && len(c.Moves) == 0
}

// Result is a battle's reported result: results/<fleet>.toml.
type Result struct {
	Battle         string
	Played         time.Time
	HasPlayed      bool
	PlayedDate     bool // played is a date without a time: midnight in the club's time zone
	Winner         Side
	HasWinner      bool
	AttackerVP     int
	DefenderVP     int
	HasVP          bool
	BattleReady    []Side
	DefenderPlayer Login
	// FiledBy is the Alliance filing the result (filed_by): with [rules]
	// confirm_results the other side confirms it. The pull-request check
	// refuses one that is not the Alliance of whoever files it.
	FiledBy AllianceID
	Theatre string
	Twist   int
	// Outcome is the victor's Campaign Outcome choices, nil without an
	// [outcome] table (as Order's); Choices gives them.
	Outcome *Choices
	Src     Src
	// WarEngines: what happened to the war engines (warengines_results.go).
	WarEngines []EngineEntry
	// SHA256 is the digest of the file as it was read and decoded (the
	// folder's Digest): what a confirmation or a ruling names, and
	// seen.toml records. Kept with the result, for under confirm_results
	// every look at the battles step asks it of each of 100,000 results.
	SHA256 string
}

// Victor is the battle's result: winner as reported; or from VP, the most VP
// wins with +10 VP for an army painted Battle Ready; equal VP is a draw
// (Determine the Victor; RULINGS 7).
func (r *Result) Victor() Side {
	if r.HasWinner {
		return r.Winner
	}
	a, d := r.VpWithBonus()
	switch {
	case a > d:
		return Attacker
	case d > a:
		return Defender
	}
	return Draw
}

func (r *Result) VpWithBonus() (a, d int) {
	a, d = r.AttackerVP, r.DefenderVP
	for _, s := range r.BattleReady {
		if s == Attacker {
			a += 10
		} else {
			d += 10
		}
	}
	return a, d
}

// vpWords says the VP as they decide the victor: "50 to 60", or, with an
// army painted Battle Ready, "80 to 60, +10 for the defender's army painted
// Battle Ready: 80 to 70" (Determine the Victor; RULINGS 7).
func (r *Result) vpWords() string {
	a, d := r.VpWithBonus()
	if a == r.AttackerVP && d == r.DefenderVP {
		return fmt.Sprintf("%d to %d", a, d)
	}
	whose := "both armies"
	if len(r.BattleReady) == 1 {
		whose = "the " + r.BattleReady[0].String() + "'s army"
	}
	return fmt.Sprintf("%d to %d, +10 for %s painted Battle Ready: %d to %d", r.AttackerVP, r.DefenderVP, whose, a, d)
}

// Move is one fleet's move in step 4.
type Move struct {
	Fleet FleetID
	To    PlanetID
	// Via: the planet of a first move, when a Fleet moves twice (Star of
	// the Voidfarer); To is where its second move ends.
	Via []PlanetID
	Src Src
}

// MoveText says where a fleet moves: "moves to masnet", or for a fleet
// moved twice "moves to tarkad-vindix, then to masnet".
func MoveText(via []PlanetID, to PlanetID) string {
	out := "moves to "
	for _, p := range via {
		out += string(p) + ", then to "
	}
	return out + string(to)
}

// BuildChoice is an Alliance's one build in step 5; None when it builds
// nothing. Alternates are the builds to make instead, in order, should
// this one be no longer possible in the Alliance's turn.
type BuildChoice struct {
	Alliance   AllianceID
	Planet     PlanetID
	Type       InfraType
	None       bool
	Alternates []PieceChoice
	Src        Src
}

// Choices are the build and its alternates, in order.
func (b BuildChoice) Choices() []PieceChoice {
	if b.None {
		return nil
	}
	return append([]PieceChoice{{Planet: b.Planet, Type: b.Type, Src: b.Src}}, b.Alternates...)
}

// SetupChoice is an Alliance's set-up decisions: setup/<alliance>.toml.
type SetupChoice struct {
	Alliance   AllianceID
	Stronghold PlanetID
	Power3     []PlanetID
	Power2     []PlanetID
	Pieces     []SetupPiece
	Fleets     []Move // each fleet's starting planet, by fleet id
	Src        Src
	// Benefits: the Campaign Medal benefits' set-up choices.
	Benefits SetupBenefits
}

// SetupPiece is one piece of starting Infrastructure and, should the lot go
// against it, the planets to try instead, in order.
type SetupPiece struct {
	Alliance   AllianceID
	Planet     PlanetID
	Type       InfraType
	Alternates []PlanetID
	Src        Src
}

// Checker holds what static checks need: the campaign and where to put faults.
type Checker struct {
	C  *Campaign
	Fs *Faults
	// Note, if set, takes what a check says of an input without refusing
	// it (the folder's notes): a choice that can never be used, left out.
	Note func(at Src, msg string)
	// Tied, for a tie-break, are the tied Alliances: the ones its values
	// name (an empty value's fault offers them and their players alone).
	Tied []AllianceID
}

// note says msg of at through Note, when the checker has one.
func (k Checker) note(at Src, format string, args ...any) {
	if k.Note != nil {
		k.Note(at, fmt.Sprintf(format, args...))
	}
}

func (k Checker) planet(at Src, id string) PlanetID {
	p := PlanetID(id)
	if !k.C.Map.Has(p) {
		k.Fs.Add(at, "unknown planet %q; %s", id, Hint(k.Fs, id, k.C.Map.IDs(), "valid: "+report.OneOf(k.C.Map.IDs())))
	}
	return p
}

func (k Checker) planets(at Src, ids []string) []PlanetID {
	out := make([]PlanetID, len(ids))
	for i, id := range ids {
		out[i] = k.planet(at.At(i), id)
	}
	return out
}

func (k Checker) infra(at Src, s string) InfraType {
	t, _ := infraNames.Parse(s) // the schema allows only valid names
	return t
}

func (k Checker) choices(o Obj) Choices {
	ch := Choices{Src: o.Src, PowerAdjust: o.int("power_adjust"), LoserPowerAdjust: o.int("loser_power_adjust"), Direction: o.Str("direction")}
	if o.has("transfer") {
		ch.Transfer = k.planets(o.Src.At("transfer"), o.strs("transfer"))
	}
	if o.has("reinforce") {
		ch.Reinforce = k.planet(o.Src.At("reinforce"), o.Str("reinforce"))
	}
	if o.has("planet") {
		ch.Planet = k.planet(o.Src.At("planet"), o.Str("planet"))
	}
	for i, s := range o.strs("pieces") {
		ch.Pieces = append(ch.Pieces, k.infra(o.Src.At("pieces", i), s))
	}
	ch.Take, ch.HasTake = k.infra(o.Src.At("take"), o.Str("take")), o.has("take")
	if ch.NoBuild = o.Str("build") == "none"; !ch.NoBuild {
		ch.Build, ch.HasBuild = k.infra(o.Src.At("build"), o.Str("build")), o.has("build")
	}
	ch.Extra, ch.HasExtra = k.infra(o.Src.At("extra"), o.Str("extra")), o.has("extra")
	ch.Location, ch.Locations = o.int("location"), o.ints("locations")
	if o.has("planets") {
		ch.Planets = k.planets(o.Src.At("planets"), o.strs("planets"))
	}
	if o.has("fleet") {
		ch.Fleet = FleetID(o.Str("fleet"))
		if _, ok := k.C.FleetOf(ch.Fleet); !ok {
			k.Fs.Add(o.Src.At("fleet"), "unknown fleet %q; %s", ch.Fleet, Hint(k.Fs, string(ch.Fleet), k.C.FleetIDs(), "fleets: "+report.OneOf(k.C.FleetIDs())))
		}
	}
	if o.has("moves") {
		ch.Moves = k.planets(o.Src.At("moves"), o.strs("moves"))
	}
	// direction and pieces go with planet, pieces with direction: the
	// schema's (if/then).
	return ch
}

// ownFleet checks that a player controls a fleet; key says the fleet id is
// a table key (moves), so faults point at the key, not its value.
func (k Checker) ownFleet(at Src, login Login, id string, key bool) (FleetID, bool) {
	add := k.Fs.Add
	if key {
		add = k.Fs.AddKey
	}
	f, ok := k.C.FleetOf(FleetID(id))
	switch {
	case !ok:
		add(at, "unknown fleet %q; %s", id, Hint(k.Fs, id, k.C.FleetsOf(login), fmt.Sprintf("%s controls %s", login, report.OneOf(k.C.FleetsOf(login)))))
		return "", false
	case f.Player != login:
		add(at, "fleet %q belongs to %s, not %s; %s controls %s", id, f.Player, login, login, report.OneOf(k.C.FleetsOf(login)))
		return "", false
	}
	return f.ID, true
}

// DecodeOrders reads phases/NN/orders/<login>.toml and checks what does not
// depend on the map's state: whose fleets, which keys go with which operation.
func (k Checker) DecodeOrders(login Login, d Obj) []Order {
	var out []Order
	seen := map[FleetID]int{}
	for _, o := range d.Objs("operations") {
		fleet, ok := k.ownFleet(o.Src.At("fleet"), login, o.Str("fleet"), false)
		if ok && seen[fleet] >= 2 {
			k.Fs.Add(o.Src.At("fleet"), "fleet %q already has two operations in this file; one operation per fleet (Defiant Zeal allows a second one, no more)", fleet)
			continue
		}
		seen[fleet]++
		// A second entry for a fleet is its second operation, refused unless
		// Defiant Zeal is in force for its Alliance (validateOrders).
		ord := Order{Fleet: fleet, Second: ok && seen[fleet] == 2, Src: o.Src}
		if !ok {
			ord.Unresolved = o.Str("fleet")
		}
		ord.Op, _ = operationNames.Parse(o.Str("operation"))
		// Which keys each operation takes. That it has them is the
		// schema's to check (orders.schema.json, if/then: editors see it
		// too); that it has no others is checked here.
		want := map[Operation][]string{
			Battle:            {"attack", "planet", "defender"},
			VoidLeap:          {"planet"},
			RaiseEdifices:     {"infrastructure"},
			LogisticalAuxilia: nil,
			DeployKillTeams:   {"planet"},
		}[ord.Op]
		optional := map[string]bool{}
		if ord.Op == Battle {
			optional["outcome"] = true
		}
		for _, key := range []string{"attack", "planet", "defender", "infrastructure", "outcome"} {
			if !slices.Contains(want, key) && !optional[key] && o.has(key) {
				k.Fs.AddKey(o.Src.At(key), "%q does not apply to a %s operation (it takes %s)", key, ord.Op, cmp.Or(report.QuotedAnd(want), "no other keys"))
			}
		}
		if o.has("attack") {
			ord.Attack, _ = attackNames.Parse(o.Str("attack"))
		}
		if o.has("planet") {
			ord.Planet = k.planet(o.Src.At("planet"), o.Str("planet"))
		}
		if o.has("defender") {
			ord.Defender = AllianceID(o.Str("defender"))
			own := k.C.FleetAlliance(fleet)
			switch {
			case !k.C.HasAlliance(ord.Defender):
				k.Fs.Add(o.Src.At("defender"), "unknown alliance %q; %s", ord.Defender, Hint(k.Fs, string(ord.Defender), k.Others(own), "valid: "+report.OneOf(k.Others(own))))
			case ok && ord.Defender == own:
				k.Fs.Add(o.Src.At("defender"), "%s cannot attack its own Alliance; the defender is one of %s", own, report.OneOf(k.Others(own)))
			}
		}
		if o.has("infrastructure") {
			ord.Infra = k.infra(o.Src.At("infrastructure"), o.Str("infrastructure"))
			if ord.Infra == Stronghold {
				k.Fs.Add(o.Src.At("infrastructure"), "Raise Edifices builds a fortification-line, support-facility or staging-grounds, not a stronghold (each Alliance places its one at set-up)")
			}
		}
		if o.has("outcome") {
			ch := k.choices(o.Obj("outcome"))
			ord.Outcome = &ch
		}
		out = append(out, ord)
	}
	return out
}

func (k Checker) Others(a AllianceID) []AllianceID {
	var out []AllianceID
	for _, id := range k.C.AllianceIDs() {
		if id != a {
			out = append(out, id)
		}
	}
	return out
}

// DecodeResult reads phases/NN/results/<fleet>.toml.
func (k Checker) DecodeResult(battle string, d Obj) *Result {
	r := &Result{Battle: battle, Src: d.Src}
	if d.has("played") {
		if r.Played, r.PlayedDate, r.HasPlayed = d.timeIn("played", k.C.Zone); !r.HasPlayed {
			k.Fs.Add(d.Src.At("played"), "played: %q is not a date-time such as 2027-01-10T19:00:00Z or a date such as 2027-01-10", d.Str("played"))
		}
	}
	if d.has("winner") {
		r.Winner, _ = sideNames.Parse(d.Str("winner"))
		r.HasWinner = true
	}
	hasA, hasD := d.has("attacker_vp"), d.has("defender_vp")
	r.AttackerVP, r.DefenderVP, r.HasVP = d.int("attacker_vp"), d.int("defender_vp"), hasA && hasD
	for _, s := range d.strs("battle_ready") {
		side, _ := sideNames.Parse(s)
		if side == Draw {
			k.Fs.Add(d.Src.At("battle_ready"), "battle_ready lists sides: \"attacker\", \"defender\"")
			continue
		}
		r.BattleReady = append(r.BattleReady, side)
	}
	if len(r.BattleReady) > 0 && !r.HasVP {
		// Determine the Victor: Battle Ready's +10 counts only in a VP total.
		k.Fs.Add(d.Src.At("battle_ready"), "battle_ready adds 10 to a side's victory points, and this result gives none: give attacker_vp and defender_vp, or leave battle_ready out")
	}
	// A winner or both VPs, the VPs in pairs, a twist with its theatre:
	// the schema's (results.schema.json).
	if r.HasWinner && r.HasVP {
		// Determine the Victor: the VP must agree with the reported winner.
		a, dv := r.VpWithBonus()
		byVP := Draw
		if a > dv {
			byVP = Attacker
		} else if dv > a {
			byVP = Defender
		}
		if byVP != r.Winner {
			k.Fs.Add(d.Src.At("winner"), "winner is %q but the VP make it %q (%s); correct winner or the VP", r.Winner, byVP, r.vpWords())
		}
	}
	if d.has("defender_player") {
		r.DefenderPlayer = Login(d.Str("defender_player"))
		if _, ok := k.C.PlayerOf(r.DefenderPlayer); !ok {
			k.Fs.Add(d.Src.At("defender_player"), "unknown player %q; %s", r.DefenderPlayer, Hint(k.Fs, string(r.DefenderPlayer), k.C.Logins(), "valid: "+report.OneOf(k.C.Logins())))
		}
	}
	if d.has("filed_by") {
		r.FiledBy = AllianceID(d.Str("filed_by"))
		if p, ok := k.C.PlayerOf(Login(r.FiledBy)); ok && !k.C.HasAlliance(r.FiledBy) {
			// A login where the side goes: the slip a player makes.
			k.Fs.Add(d.Src.At("filed_by"), "filed_by names the Alliance filing the result, not a player: %s plays for %s, so write filed_by = %q", p.Login, p.Alliance, p.Alliance)
		} else if !k.C.HasAlliance(r.FiledBy) {
			k.Fs.Add(d.Src.At("filed_by"), "unknown alliance %q; %s", r.FiledBy, Hint(k.Fs, string(r.FiledBy), k.C.AllianceIDs(), "filed_by is your Alliance: "+report.OneOf(k.C.AllianceIDs())))
		}
	}
	r.Theatre = d.Str("theatre")
	r.Twist = d.int("twist")
	if d.has("outcome") {
		ch := k.choices(d.Obj("outcome"))
		r.Outcome = &ch
	}
	r.WarEngines = k.decodeEngineEntries(d)
	return r
}

// Confirmation is the other side's word on a battle's result:
// confirmations/<battle>.toml, confirming or disputing the result whose
// SHA-256 it gives.
type Confirmation struct {
	Battle   string
	Confirms string // the SHA-256 of the result confirmed
	Disputes string // or of the result disputed
	Why      string
	Src      Src
}

// Digest is the SHA-256 of the result the confirmation is about.
func (c *Confirmation) Digest() string { return c.Confirms + c.Disputes }

// DecodeConfirmation reads phases/NN/confirmations/<battle>.toml.
func (k Checker) DecodeConfirmation(battle string, d Obj) *Confirmation {
	c := &Confirmation{Battle: battle, Confirms: d.Str("confirms"), Disputes: d.Str("disputes"), Why: d.Str("why"), Src: d.Src}
	if c.Confirms != "" && c.Disputes != "" {
		k.Fs.Add(d.Src.At("disputes"), "a confirmation either confirms the result or disputes it: keep confirms or disputes (with why), not both")
	}
	return c
}

// WarmasterRuling is the Warmaster's ruling on a battle's result:
// rulings/<battle>.toml, upholding or overturning the result whose
// SHA-256 it gives.
type WarmasterRuling struct {
	Battle    string
	Upholds   string
	Overturns string
	Why       string
	Src       Src
}

// Digest is the SHA-256 of the result ruled on.
func (r *WarmasterRuling) Digest() string { return r.Upholds + r.Overturns }

// DecodeRuling reads phases/NN/rulings/<battle>.toml.
func (k Checker) DecodeRuling(battle string, d Obj) *WarmasterRuling {
	r := &WarmasterRuling{Battle: battle, Upholds: d.Str("upholds"), Overturns: d.Str("overturns"), Why: d.Str("why"), Src: d.Src}
	if r.Upholds != "" && r.Overturns != "" {
		k.Fs.Add(d.Src.At("overturns"), "a ruling either upholds the result or overturns it: keep upholds or overturns, not both")
	}
	return r
}

// DecodeMoves reads phases/NN/moves/<login>.toml.
func (k Checker) DecodeMoves(login Login, d Obj) []Move {
	var out []Move
	m := d.Obj("moves")
	shape := movesAsOrders(k, login, m)
	for _, id := range m.keys() {
		if slices.Contains(shape, id) {
			continue
		}
		at := m.Src.At(id)
		fleet, ok := k.ownFleet(at, login, id, true)
		to, via := k.movePath(m, id, at)
		if ok {
			out = append(out, Move{Fleet: fleet, To: to, Via: via, Src: at})
		}
	}
	return out
}

// DecodeBuild reads phases/NN/builds/<alliance>.toml.
func (k Checker) DecodeBuild(a AllianceID, d Obj) BuildChoice {
	b := BuildChoice{Alliance: a, Src: d.Src}
	// Both or neither: the schema's (if/then).
	hasP, hasI := d.has("planet"), d.has("infrastructure")
	if !hasP && !hasI {
		b.None = true
		return b
	}
	if hasP {
		b.Planet = k.planet(d.Src.At("planet"), d.Str("planet"))
	}
	if hasI {
		b.Type = k.buildType(d.Src.At("infrastructure"), d.Str("infrastructure"))
	}
	for _, o := range d.Objs("alternates") {
		b.Alternates = append(b.Alternates, PieceChoice{
			Planet: k.planet(o.Src.At("planet"), o.Str("planet")),
			Type:   k.buildType(o.Src.At("infrastructure"), o.Str("infrastructure")),
			Src:    o.Src,
		})
	}
	b.Alternates = k.distinctAlternates(PieceChoice{Planet: b.Planet, Type: b.Type}, b.Alternates, "", "infrastructure")
	return b
}

// distinctAlternates leaves out, with a note at the repeat, each
// alternate that is the build itself again or an earlier alternate again:
// it could never be built instead, since were the choice it repeats
// impossible, so is the same build again. A note, not a fault: the repeat
// is harmless, and a fault would set the whole file aside past its
// deadline, the build with it (a set-up piece's alternates listed twice
// are the schema's fault, uniqueItems). under says where the list is
// ("" or " under [lull_in_the_fighting]"), key the type's key.
func (k Checker) distinctAlternates(build PieceChoice, alts []PieceChoice, under, key string) []PieceChoice {
	var out []PieceChoice
	for i, a := range alts {
		same := func(c PieceChoice) bool { return c.Planet == a.Planet && c.Type == a.Type }
		j := slices.IndexFunc(alts[:i], same)
		switch {
		case !k.C.Map.Has(a.Planet) || a.Type == Stronghold: // its own fault already
		case same(build):
			k.note(a.Src, "the %s alternate%s is the build itself, a %s at %s: it could never be built instead (were the build impossible, so is the same build again), so it is left out; give another planet or %s, or remove it", schema.Ordinal(i+1), under, a.Type.Title(), a.Planet, key)
			continue
		case j >= 0:
			k.note(a.Src, "the %[1]s alternate%[2]s is the %[3]s again, a %[4]s at %[5]s: it could never be built instead (were the %[3]s impossible, so is the same build again), so it is left out; give another planet or %[6]s, or remove it", schema.Ordinal(i+1), under, schema.Ordinal(j+1), a.Type.Title(), a.Planet, key)
			continue
		}
		out = append(out, a)
	}
	return out
}

// buildType is a step 5 build's type: Build Infrastructure — "of any type
// (excluding Strongholds)".
func (k Checker) buildType(at Src, s string) InfraType {
	t := k.infra(at, s)
	if t == Stronghold {
		k.Fs.Add(at, "a Stronghold cannot be built in step 5 (each Alliance places its one at set-up); build a fortification-line, support-facility or staging-grounds")
	}
	return t
}

// DecodeSetup reads setup/<alliance>.toml and checks it against Setup the
// Campaign Map: a Stronghold at Power Level 4, 3 other Planets at 3, 4 other
// Planets at 2, the starting Infrastructure and every Fleet's starting Planet.
func (k Checker) DecodeSetup(a AllianceID, d Obj) *SetupChoice {
	s := &SetupChoice{Alliance: a, Src: d.Src}
	s.Stronghold = k.planet(d.Src.At("stronghold"), d.Str("stronghold"))
	s.Power3 = k.planets(d.Src.At("power3"), d.strs("power3"))
	s.Power2 = k.planets(d.Src.At("power2"), d.strs("power2"))
	// Alliances Decide on Strongholds: "3 other Planets", "4 other Planets".
	chosen := map[PlanetID]string{s.Stronghold: "stronghold"}
	for _, g := range []struct {
		key  string
		list []PlanetID
	}{{"power3", s.Power3}, {"power2", s.Power2}} {
		for i, p := range g.list {
			if prev, dup := chosen[p]; dup && prev != g.key {
				k.Fs.Add(d.Src.At(g.key, i), "%s is already your %s planet; %s names other planets", p, prev, g.key)
			}
			if _, dup := chosen[p]; !dup {
				chosen[p] = g.key
			}
		}
	}
	// Alliances Decide on Infrastructure: 3 pieces (4 with two Alliances), excluding Strongholds.
	pieces := d.Objs("infrastructure")
	if n := k.C.SetupPieces(); len(pieces) != n {
		k.Fs.Add(d.Src.At("infrastructure"), "set-up builds exactly %d pieces of Infrastructure with %d Alliances, not %d", n, len(k.C.Alliances), len(pieces))
	}
	perType := map[InfraType]int{}
	perPlanet := map[PlanetID]int{s.Stronghold: 1}
	k.decodeSetupBenefits(d, s, perType, perPlanet)
	for n, o := range pieces {
		pc := SetupPiece{Alliance: a, Planet: k.planet(o.Src.At("planet"), o.Str("planet")), Type: k.infra(o.Src.At("type"), o.Str("type")), Src: o.Src}
		pc.Alternates = k.planets(o.Src.At("alternates"), o.strs("alternates"))
		// The piece's own planet as an alternate could never be used: a
		// note (harmless: tried after the piece's planet, it is as full;
		// one listed twice is the schema's fault, uniqueItems).
		if i := slices.Index(pc.Alternates, pc.Planet); i >= 0 && k.C.Map.Has(pc.Planet) {
			k.note(o.Src.At("alternates", i), "alternates of the %s piece in infrastructure: %q is the piece's planet itself, so it could never be used instead (should the piece not go there, it cannot go there as an alternate either); list only other planets", schema.Ordinal(n+1), pc.Planet)
		}
		// A Stronghold is no starting piece: stronghold names it (the
		// schema's enum, setup.schema.json).
		perType[pc.Type]++
		if perType[pc.Type] == pc.Type.Limit()+1 {
			k.Fs.Add(o.Src.At("type"), "more than %d %s pieces: the limit per Alliance", pc.Type.Limit(), pc.Type.Title())
		}
		if k.C.Map.Has(pc.Planet) {
			perPlanet[pc.Planet]++
			if loc := k.C.Map.Planet(pc.Planet).Locations; perPlanet[pc.Planet] == loc+1 {
				k.Fs.Add(o.Src.At("planet"), "%s has %d Infrastructure locations and your set-up already fills them", pc.Planet, loc)
			}
		}
		s.Pieces = append(s.Pieces, pc)
	}
	// Alliances Decide on Fleet Locations: each Fleet exactly once.
	fl := d.Obj("fleets")
	own := k.C.AllianceFleets(a)
	misspelt := map[FleetID]bool{} // a fleet whose id an unknown key nearly is
	for _, id := range fl.keys() {
		at := fl.Src.At(id)
		f, ok := k.C.FleetOf(FleetID(id))
		switch {
		case !ok:
			k.Fs.AddKey(at, "unknown fleet %q; %s", id, Hint(k.Fs, id, own, fmt.Sprintf("%s's fleets: %s", a, report.OneOf(own))))
			for _, m := range Closest(k.Fs, id, own) {
				misspelt[m] = true
			}
			continue
		case k.C.FleetAlliance(f.ID) != a:
			k.Fs.AddKey(at, "fleet %q belongs to %s, not %s; %s's fleets: %s", id, k.C.FleetAlliance(f.ID), a, a, report.OneOf(own))
			continue
		}
		s.Fleets = append(s.Fleets, Move{Fleet: f.ID, To: k.planet(at, fl.Str(id)), Src: at})
	}
	for _, f := range own {
		// One mistake, one fault: a misspelt fleet is said to be unknown,
		// not also to have no starting planet.
		if !fl.has(string(f)) && !misspelt[f] {
			k.Fs.Add(fl.Src, "fleet %q has no starting planet; add %s = \"<planet>\" under [fleets]", f, f)
		}
	}
	return s
}

// ID names an operation: its fleet, or <fleet>-2 for the fleet's second
// operation under Defiant Zeal (a battle's id, its results file's name).
func (o Order) ID() string {
	if o.Second {
		return string(o.Fleet) + "-2"
	}
	return string(o.Fleet)
}
