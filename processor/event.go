package processor

import (
	"maps"
	"slices"
	"strings"

	"github.com/warmaster/warmaster/processor/enum"
)

// EventKind is one of the fifteen Vespator Front Events.
type EventKind int

const (
	// Fortunes of War (D33: 11 12 13 21 22 23 31 32 33).
	LullInTheFighting EventKind = iota
	VoidPiracy
	TidesOfWar
	SinisterOmens
	ArcheotechRiches
	StarvationAndDisease
	XenobeastMigration
	MachinationsOfFate
	StellarStorms
	// Perils of Power (D3), against the dominating Alliance.
	CultUprisings
	CoordinatedOpposition
	AnOpenTome
	// Desperate Measures (D3), for the trailing Alliance.
	ACostlyBargain
	DefiantZeal
	SmuggledAssets
)

var eventNames = enum.Names[EventKind]{
	"lull-in-the-fighting", "void-piracy", "tides-of-war", "sinister-omens", "archeotech-riches",
	"starvation-and-disease", "xenobeast-migration", "machinations-of-fate", "stellar-storms",
	"cult-uprisings", "coordinated-opposition", "an-open-tome",
	"a-costly-bargain", "defiant-zeal", "smuggled-assets",
}

// Effect is a Vespator Front Event as the state keeps it: waiting in the
// `events` step (State.Events, in the order generated, Phase = the phase it
// was generated in) for the Alliances' choices or, Held, behind an earlier
// event that does; or taking effect in a later phase (State.Effects, Phase
// = that phase).
type Effect struct {
	Event    EventKind
	Phase    int
	Alliance AllianceID // the dominating (Perils of Power) or trailing (Desperate Measures) Alliance
	// Held: generated after an Event that waits for the Alliances' choices,
	// this Event, without choices of its own to wait for, takes effect
	// after that one, in the `events` step (RULINGS 45). (An Event that
	// waits for choices too waits in the same step, in its place, as ever.)
	Held    bool
	Planets []PlanetID // Archeotech Riches: the planets the riches were found on
	// Riches: Archeotech Riches, each Alliance's choices, by riches planet:
	// the planets of its up to three +1s should it secure them.
	Riches map[AllianceID]map[PlanetID][]PlanetID
	// Players, Fleets: Machinations of Fate, the players' new Alliances and
	// the fleets' new players, from Phase on.
	Players map[Login]AllianceID
	Fleets  map[FleetID]Login
}

func cloneEffects(list []Effect) []Effect {
	if list == nil {
		return nil
	}
	out := make([]Effect, len(list))
	for i, e := range list {
		out[i] = e.clone()
	}
	return out
}

// Active lists the effects of an Event in force in the current phase.
func (s *State) Active(e EventKind) []Effect {
	var out []Effect
	for _, x := range s.Effects {
		if x.Event == e && x.Phase == s.Phase && s.Step != StepSetup {
			out = append(out, x)
		}
	}
	return out
}

// ActiveFor reports whether an Event about an Alliance (Coordinated
// Opposition, An Open Tome, Defiant Zeal) is in force against or for it.
func (s *State) ActiveFor(e EventKind, a AllianceID) bool {
	return slices.ContainsFunc(s.Active(e), func(x Effect) bool { return x.Alliance == a })
}

// supportFacilitiesOff: Void Piracy — "The Support Facility Infrastructure
// rules do not take effect" in its phase (RULINGS 4).
func (s *State) supportFacilitiesOff() bool { return len(s.Active(VoidPiracy)) > 0 }

// decodeForcedEvents reads campaign.toml's [[forced_events]]: each replaces
// the generated events of its phase, in file order.
func (c *Campaign) decodeForcedEvents(d Obj, fs *Faults) {
	// Defiant Zeal names a fleet's second battle <fleet>-2: it must not be
	// another fleet's id.
	for _, f := range c.Fleets {
		if i, ok := c.Fleet[f.ID+"-2"]; ok && c.Rules.Events {
			fs.Add(Src{File: CampaignFile}.At("fleets", i, "id"), "fleet %q: under Defiant Zeal, fleet %s's second battle is %s-2; rename one of them", f.ID+"-2", f.ID, f.ID)
		}
	}
	forced := d.Objs("forced_events")
	if len(forced) == 0 {
		return
	}
	c.ForcedEvents = map[int][]EventKind{}
	storms := false
	for _, o := range forced {
		ph := o.int("phase")
		var k EventKind
		if err := k.UnmarshalText([]byte(o.Str("event"))); err != nil {
			continue // the schema lists the names
		}
		switch {
		case !c.Rules.Events:
			fs.Add(o.Src, "events = false turns Vespator Front Events off: remove [[forced_events]], or set events = true")
			continue
		case ph >= c.Phases:
			fs.Add(o.Src.At("phase"), "phase %d generates no events: the campaign ends in step 3 of its last phase (%d), before any event is generated (RULINGS 13); events can be forced in phases 1 to %d", ph, c.Phases, c.Phases-1)
			continue
		case k == StellarStorms && storms:
			fs.Add(o.Src.At("event"), "Stellar Storms cannot take effect more than once during the campaign, and it is forced already")
			continue
		}
		storms = storms || k == StellarStorms
		c.ForcedEvents[ph] = append(c.ForcedEvents[ph], k)
	}
}

func (e EventKind) String() string { return eventNames.Name(e) }

func (e EventKind) MarshalText() ([]byte, error) { return []byte(e.String()), nil }

func (e *EventKind) UnmarshalText(b []byte) error { return eventNames.Unmarshal(e, b) }

// Title is the Event's name as the rulebook prints it.
func (e EventKind) Title() string {
	return [...]string{
		"Lull in the Fighting", "Void Piracy", "Tides of War", "Sinister Omens", "Archeotech Riches",
		"Starvation and Disease", "Xenobeast Migration", "Machinations of Fate", "Stellar Storms",
		"Cult Uprisings", "Coordinated Opposition", "An Open Tome",
		"A Costly Bargain", "Defiant Zeal", "Smuggled Assets",
	}[e]
}

// Key is the Event's table in an events choices file: lull_in_the_fighting.
func (e EventKind) Key() string { return strings.ReplaceAll(e.String(), "-", "_") }

// Table is the table the Event is generated from.
func (e EventKind) Table() string {
	switch {
	case e <= StellarStorms:
		return "Fortunes of War"
	case e <= AnOpenTome:
		return "Perils of Power"
	}
	return "Desperate Measures"
}

// Perils and desperate: the Events about one Alliance (the dominating or
// the trailing one).
func (e EventKind) Perils() bool { return e >= CultUprisings && e <= AnOpenTome }

func (e EventKind) Desperate() bool { return e >= ACostlyBargain }

// AsksChoices: the Events that wait for the Alliances' choices (the
// `events` step).
func (e EventKind) AsksChoices() bool {
	switch e {
	case LullInTheFighting, TidesOfWar, ArcheotechRiches, XenobeastMigration, MachinationsOfFate, ACostlyBargain, SmuggledAssets:
		return true
	}
	return false
}

// Holds reports whether the Event, waiting for the Alliances' choices,
// holds the Events generated after it until its choices are applied: every
// Event that asks for choices but Archeotech Riches, whose choices are for
// the next phase (its riches planets are selected when it takes effect).
func (e EventKind) Holds() bool { return e.AsksChoices() && e != ArcheotechRiches }

// Asks reports whether an Event waiting in the `events` step asks the
// Alliances for choices there. A held Archeotech Riches does not: its
// planets are selected only when it takes effect, after the choices are due,
// so its +1s go by the defaults (RULINGS 45).
func (e Effect) Asks() bool { return e.Event.AsksChoices() && !e.Held }

func (e Effect) clone() Effect {
	e.Planets = slices.Clone(e.Planets)
	if e.Riches != nil {
		r := make(map[AllianceID]map[PlanetID][]PlanetID, len(e.Riches))
		for a, m := range e.Riches {
			r[a] = maps.Clone(m)
		}
		e.Riches = r
	}
	if e.Players != nil {
		e.Players = maps.Clone(e.Players)
	}
	if e.Fleets != nil {
		e.Fleets = maps.Clone(e.Fleets)
	}
	return e
}

// EventIndex is where an event is among a phase's (its order of taking
// effect, RULINGS 45), or after them all.
func EventIndex(events []Effect, k EventKind) int {
	if i := slices.IndexFunc(events, func(e Effect) bool { return e.Event == k }); i >= 0 {
		return i
	}
	return len(events)
}
