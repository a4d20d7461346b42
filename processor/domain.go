// Package processor is the campaign's vocabulary and model: the ids,
// Campaign, Map, State and its mechanics (Power Levels, Infrastructure,
// connection), the values players file (orders, results, moves, builds,
// event choices) as decoded from schema-checked tables, and faults with
// their positions. It touches no file and rolls no dice: it may import
// processor/engines, processor/enum, processor/report (for wording) and
// schema, never processor/disk, processor/folder, processor/seal or
// processor/repository. The layers above it: processor/folder (the folder
// on disk), processor/attacks (the six attack types), processor/phase (the
// Campaign phase), processor/trust (who may change what, replay, verify);
// docs/development.md's Layout has the map.
package processor

import (
	"github.com/warmaster/warmaster/processor/enum"
)

// Identifiers, as written in the campaign's files.
type (
	AllianceID string
	PlanetID   string
	FleetID    string
	Login      string
)

// InfraType is a type of Infrastructure.
type InfraType int

const (
	Stronghold InfraType = iota
	StagingGrounds
	SupportFacility
	FortificationLine
)

var infraNames = enum.Names[InfraType]{"stronghold", "staging-grounds", "support-facility", "fortification-line"}

func (t InfraType) String() string                { return infraNames.Name(t) }
func (t InfraType) MarshalText() ([]byte, error)  { return []byte(t.String()), nil }
func (t *InfraType) UnmarshalText(b []byte) error { return infraNames.Unmarshal(t, b) }

// Title is the type's name as the rulebook prints it.
func (t InfraType) Title() string {
	return [...]string{"Stronghold", "Staging Grounds", "Support Facility", "Fortification Line"}[t]
}

// Limit is the most pieces of a type one Alliance can have on the map
// (Building Infrastructure; the table lost from the text: RULINGS 3).
func (t InfraType) Limit() int { return [...]int{1, 3, 3, 5}[t] }

// Operation is a Campaign Operation.
type Operation int

const (
	Battle Operation = iota
	VoidLeap
	RaiseEdifices
	LogisticalAuxilia
	DeployKillTeams
)

var operationNames = enum.Names[Operation]{"battle", "void-leap", "raise-edifices", "logistical-auxilia", "deploy-kill-teams"}

func (o Operation) String() string                { return operationNames.Name(o) }
func (o Operation) MarshalText() ([]byte, error)  { return []byte(o.String()), nil }
func (o *Operation) UnmarshalText(b []byte) error { return operationNames.Unmarshal(o, b) }

// Title is the Operation's name as the rulebook prints it.
func (o Operation) Title() string {
	return [...]string{"Battle", "Void Leap", "Raise Edifices", "Logistical Auxilia", "Deploy Kill Teams"}[o]
}

// AttackType is a Campaign Attack Type.
type AttackType int

const (
	SeizePowerBase AttackType = iota
	PurgeAndBurn
	OrbitalInvasion
	PlanetaryBombardment
	SupplyBaseRaid
	BoardingAction
)

var attackNames = enum.Names[AttackType]{"seize-power-base", "purge-and-burn", "orbital-invasion", "planetary-bombardment", "supply-base-raid", "boarding-action"}

func (a AttackType) String() string                { return attackNames.Name(a) }
func (a AttackType) MarshalText() ([]byte, error)  { return []byte(a.String()), nil }
func (a *AttackType) UnmarshalText(b []byte) error { return attackNames.Unmarshal(a, b) }

// Title is the Attack Type's name as the rulebook prints it.
func (a AttackType) Title() string {
	return [...]string{"Seize Power Base", "Purge and Burn", "Orbital Invasion", "Planetary Bombardment", "Supply Base Raid", "Boarding Action"}[a]
}

// Supported reports whether this version resolves the attack type's Campaign
// Outcomes: every Campaign Attack Type does (one file each, e.g.
// seize_power_base.go).
func (a AttackType) Supported() bool { return a >= SeizePowerBase && a <= BoardingAction }

// Side is a side of a battle.
type Side int

const (
	Attacker Side = iota
	Defender
	Draw // as a battle's result: nobody won
)

var sideNames = enum.Names[Side]{"attacker", "defender", "draw"}

func (s Side) String() string                { return sideNames.Name(s) }
func (s Side) MarshalText() ([]byte, error)  { return []byte(s.String()), nil }
func (s *Side) UnmarshalText(b []byte) error { return sideNames.Unmarshal(s, b) }

// Step is the step of the campaign waiting for input.
type Step int

const (
	StepSetup Step = iota
	// StepOpenTome: An Open Tome — the dominating Alliance's orders are due
	// before everyone else's (phases/NN/orders/<login>.toml, by open_tome).
	StepOpenTome
	StepOperations
	StepBattles
	// StepEvents: Vespator Front Events that ask the Alliances for choices
	// wait for phases/NN/events/<alliance>.toml (between steps 3 and 4).
	StepEvents
	StepMoves
	StepBuilds
	// StepTiebreak: the final phase ended tied and Strongholds did not
	// decide it; the final battle(s) are awaited (phases/NN/tiebreak.toml).
	StepTiebreak
	StepEnded
)

var stepNames = enum.Names[Step]{"setup", "open-tome", "operations", "battles", "events", "moves", "builds", "tiebreak", "ended"}

func (s Step) String() string                { return stepNames.Name(s) }
func (s Step) MarshalText() ([]byte, error)  { return []byte(s.String()), nil }
func (s *Step) UnmarshalText(b []byte) error { return stepNames.Unmarshal(s, b) }

// Title names the step as the rulebook does.
func (s Step) Title() string {
	return [...]string{
		"Setup the Campaign Map",
		"1 Select Operations: An Open Tome",
		"1 Select Operations",
		"2.3 Resolve Battle Operations",
		"3 Vespator Front Events: the Alliances' choices",
		"4 Move Fleets",
		"5 Build Infrastructure",
		"End of the Campaign: the final battle",
		"End of the Campaign",
	}[s]
}

// Theatres of the Five Hundred Worlds and their Twists (D6: 1–2 / 3–4 /
// 5–6), as docs/rules.md lists them ("What the rules text leaves out").
var TheatreTwists = map[string][3]string{
	"spaceport":          {"Coordinate Lock", "Vid-feed Network", "Embarkation Shrines"},
	"desolate-wastes":    {"Open Ground", "Eye of Judgement", "Exposed Combatants"},
	"xenoflora-jungle":   {"Slaughter Spores", "Green Hell", "Predatory Plantlife"},
	"rad-zone":           {"Toxic Ash Storm", "Rad Malaise", "Esoteric Interference"},
	"forge-complex":      {"Thermic Corrosion", "Plasmic Venting", "Volatile Combustibles"},
	"hab-sprawl":         {"Roiling Fumes", "Firing Positions", "Into the Depths"},
	"delvesite-facility": {"Sanctified Charges", "Crumbling Bedrock", "Tectonic Shock"},
	"dead-lands":         {"Bleak Expanse", "Rocky Outcroppings", "Shroud of Dust"},
	"tomb-complex":       {"Space-time Compression", "Overpowering Energies", "Quantum Shielding"},
}

// TwistName names the Twist a D6 result gives in a Theatre.
func TwistName(theatre string, d6 int) string {
	t, ok := TheatreTwists[theatre]
	if !ok || d6 < 1 || d6 > 6 {
		return ""
	}
	return t[(d6-1)/2]
}
