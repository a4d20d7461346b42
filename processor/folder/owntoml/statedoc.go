package owntoml

import (
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/engines"
)

// StateComment is the comment state.toml opens with.
const StateComment = "# Written by warmaster: the campaign map as it stands. Do not edit by hand.\n"

// MaxStateKeys is the most keys a state.toml may hold when it is read back
// (folder.StateLimits): ReadStateLines makes its maps no bigger than it.
const MaxStateKeys = 1 << 20

// StateDoc is state.toml, as written: plain TOML the processor owns. Maps
// are written by the encoder in sorted key order, so the file is
// byte-for-byte reproducible.
type StateDoc struct {
	// Format is the state format the file is written in (StateFormat; 0
	// in files written before formats were numbered).
	Format  int                   `toml:"format,omitzero"`
	Phase   int                   `toml:"phase"`
	Step    processor.Step        `toml:"step"`
	Points  map[string]int        `toml:"points"`
	End     *EndFile              `toml:"end,omitempty"`
	Planets map[string]PlanetFile `toml:"planets"`
	Fleets  map[string]FleetFile  `toml:"fleets"`
	Orders  []OrderFile           `toml:"orders,omitempty"`
	// War engines' conditions (warengines.go).
	WarEngines map[string]EngineFile `toml:"war_engines,omitempty"`
	// Vespator Front Events: see PlayerFile below.
	StellarStorms int                   `toml:"stellar_storms,omitzero"`
	Players       map[string]PlayerFile `toml:"players,omitempty"`
	Events        []EffectFile          `toml:"events,omitempty"`
	Effects       []EffectFile          `toml:"effects,omitempty"`
	// Stalled: fleets that cannot move in this phase's step 4 (Boarding Action — Defender wins).
	Stalled []string `toml:"stalled,omitempty"`

	// Benefits: the Campaign Medal benefits held, medal -> alliance (set-up).
	Benefits map[string]string `toml:"benefits,omitempty"`
	// Roster: how many [[roster_changes]] of campaign.toml are in effect.
	Roster int `toml:"roster,omitzero"`
	// LaurelPlanet: the Laurel of Victory's planet, chosen at set-up
	// (RULINGS 40); absent when no Alliance chose one.
	LaurelPlanet string `toml:"laurel_planet,omitempty"`
}

type EndFile struct {
	Winner string   `toml:"winner,omitempty"`
	Tied   []string `toml:"tied,omitempty"`
	How    string   `toml:"how"`
	// Medals: the Campaign Medals awarded, by medal.
	Medals map[string]MedalFile `toml:"medals,omitempty"`
}

type PlanetFile struct {
	Destroyed bool           `toml:"destroyed,omitempty"`
	Power     map[string]int `toml:"power"`
	Locations []LocFile      `toml:"locations"`
}

type LocFile struct {
	Status   processor.LocStatus `toml:"status"`
	Alliance string              `toml:"alliance,omitempty"`
	Type     string              `toml:"type,omitempty"`
}

type FleetFile struct {
	Planet string `toml:"planet"`
	Player string `toml:"player,omitempty"` // when not campaign.toml's (Machinations of Fate)
}

type OrderFile struct {
	Fleet          string              `toml:"fleet"`
	Operation      processor.Operation `toml:"operation"`
	Attack         string              `toml:"attack,omitempty"`
	Planet         string              `toml:"planet,omitempty"`
	Defender       string              `toml:"defender,omitempty"`
	Infrastructure string              `toml:"infrastructure,omitempty"`
	Default        bool                `toml:"default,omitempty"`
	Second         bool                `toml:"second,omitempty"`  // Defiant Zeal: the fleet's second operation
	Theatre        string              `toml:"theatre,omitempty"` // Sinister Omens: the theatre rolled
	Source         string              `toml:"source,omitempty"`
	Outcome        *OutcomeFile        `toml:"outcome,omitempty"`
}

type OutcomeFile struct {
	PowerAdjust int      `toml:"power_adjust,omitempty"`
	Transfer    []string `toml:"transfer,omitempty"`
	Reinforce   string   `toml:"reinforce,omitempty"`
	Planet      string   `toml:"planet,omitempty"`
	Direction   string   `toml:"direction,omitempty"`
	Pieces      []string `toml:"pieces,omitempty"`
	Take        string   `toml:"take,omitempty"`
	Build       string   `toml:"build,omitempty"`
	Extra       string   `toml:"extra,omitempty"`
	Location    int      `toml:"location,omitempty"`
	Locations   []int    `toml:"locations,omitempty"`
	Planets     []string `toml:"planets,omitempty"`
	Fleet       string   `toml:"fleet,omitempty"`
	Moves       []string `toml:"moves,omitempty"`
}

// MedalFile is one medal in state.toml's [end.medals.<medal>].
type MedalFile struct {
	Alliance string         `toml:"alliance,omitempty"`
	Players  []string       `toml:"players,omitempty"`
	How      string         `toml:"how"`
	Scores   map[string]int `toml:"scores,omitempty"`
}

// state.toml's Vespator Front Events:
//
//	stellar_storms = 2                 # the phase Stellar Storms took effect in
//	[players.bob]                      # a player's Alliance, when not campaign.toml's
//	alliance = "red"
//	[fleets.red-2]
//	planet = "masnet"
//	player = "bob"                     # a fleet's player, when not campaign.toml's
//	[[events]]                         # this phase's events waiting for choices
//	event = "lull-in-the-fighting"
//	phase = 2
//	[[effects]]                        # effects in force in a later phase
//	event = "void-piracy"
//	phase = 3
type PlayerFile struct {
	Alliance string `toml:"alliance"`
}

type EffectFile struct {
	Event    processor.EventKind `toml:"event"`
	Phase    int                 `toml:"phase"`
	Alliance string              `toml:"alliance,omitempty"`
	// Held: an event waiting behind an earlier one that waits for choices
	// (absent in state files written before events were held).
	Held    bool                           `toml:"held,omitempty"`
	Planets []string                       `toml:"planets,omitempty"`
	Riches  map[string]map[string][]string `toml:"riches,omitempty"`
	Players map[string]string              `toml:"players,omitempty"`
	Fleets  map[string]string              `toml:"fleets,omitempty"`
}

// EngineFile is one engine's condition in state.toml: [war_engines.<id>].
type EngineFile struct {
	Profile   string `toml:"profile"`
	Destroyed bool   `toml:"destroyed,omitempty"`
	// Behemoth: Damage Points per zone, the Crippled results suffered.
	Hull     *int           `toml:"hull,omitempty"`
	Legs     *int           `toml:"legs,omitempty"`
	Weapons  *int           `toml:"weapons,omitempty"`
	Crippled []CrippledFile `toml:"crippled,omitempty"`
	// War Machine: structure points and fields left, weapons destroyed,
	// Engines Damaged when the campaign keeps it.
	StructurePoints *int     `toml:"structure_points,omitempty"`
	Fields          int      `toml:"fields,omitzero"`
	WeaponsLost     []string `toml:"weapons_lost,omitempty"`
	MoveLost        int      `toml:"move_lost,omitzero"`
	Immobilised     bool     `toml:"immobilised,omitempty"`
}

type CrippledFile struct {
	Zone   engines.Zone `toml:"zone"`
	Below  int          `toml:"below"`
	Effect string       `toml:"effect"`
	Option string       `toml:"option,omitempty"`
}

// StateFormat is the state format this warmaster writes, and the newest it
// reads.
const StateFormat = 2
