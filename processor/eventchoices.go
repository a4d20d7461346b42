package processor

import (
	"fmt"
	"strings"
)

// EventChoices is an Alliance's choices for the Events that ask for them:
// phases/NN/events/<alliance>.toml, one table per Event.
type EventChoices struct {
	Alliance AllianceID
	// Given: the tables in the file, by Event, with where each is.
	Given map[EventKind]Src

	// Lull in the Fighting: the build (nil: none) and the fleets' moves.
	LullBuild *PieceChoice
	LullMoves []Move
	// Tides of War: the Stronghold's new planet.
	Tides    PlanetID
	TidesSrc Src
	// Archeotech Riches: by riches planet, the planets of the up to three +1s.
	Riches    map[PlanetID][]PlanetID
	RichesSrc map[PlanetID]Src
	// Xenobeast Migration: each fleet's new planet.
	Xenobeast []Move
	// Machinations of Fate: the Alliance's players who defect, and where to.
	Defections []Defection
	// A Costly Bargain: the planet and the opposing Alliance.
	Bargain *BargainChoice
	// Smuggled Assets: the pieces moved, then the one built.
	Relocations   []Relocation
	SmuggledBuild *PieceChoice

	Src Src
}

// PieceChoice is a piece of Infrastructure to build at a planet.
type PieceChoice struct {
	Planet PlanetID
	Type   InfraType
	Src    Src
}

// Defection is a player's wish to defect (Machinations of Fate).
type Defection struct {
	Player Login
	To     AllianceID
	Src    Src
}

// BargainChoice is A Costly Bargain's planet and opposing Alliance.
type BargainChoice struct {
	Planet PlanetID
	With   AllianceID
	Src    Src
}

// Relocation is one piece Smuggled Assets removes and builds elsewhere.
type Relocation struct {
	From, To PlanetID
	Type     InfraType
	Src      Src
}

// decodeEventChoices reads phases/NN/events/<alliance>.toml and checks what
// does not depend on the map's state: planets, fleets and players of the
// Alliance, other Alliances.
func (k checker) decodeEventChoices(a AllianceID, d obj) *EventChoices {
	ch := &EventChoices{Alliance: a, Given: map[EventKind]Src{}, Src: d.src}
	for _, key := range d.keys() {
		var e EventKind
		if err := e.UnmarshalText([]byte(strings.ReplaceAll(key, "_", "-"))); err != nil {
			continue // the schema allows only the Events' keys
		}
		ch.Given[e] = d.src.At(key)
	}
	piece := func(o obj) *PieceChoice {
		return &PieceChoice{Planet: k.planet(o.src.At("planet"), o.str("planet")), Type: k.infra(o.src.At("type"), o.str("type")), Src: o.src}
	}
	fleetMoves := func(m obj) []Move {
		var out []Move
		for _, id := range m.keys() {
			at := m.src.At(id)
			f, ok := k.c.FleetOf(FleetID(id))
			switch {
			case !ok:
				k.fs.addKey(at, "unknown fleet %q; %s", id, hint(k.fs, id, k.c.AllianceFleets(a), fmt.Sprintf("%s's fleets: %s", a, oneOf(k.c.AllianceFleets(a)))))
				continue
			case k.c.FleetAlliance(f.ID) != a:
				k.fs.addKey(at, "fleet %q is %s's, not %s's; %s's fleets: %s", id, k.c.FleetAlliance(f.ID), a, a, oneOf(k.c.AllianceFleets(a)))
				continue
			}
			out = append(out, Move{Fleet: f.ID, To: k.planet(at, m.str(id)), Src: at})
		}
		return out
	}
	if t := d.obj(LullInTheFighting.key()); t.m != nil {
		if t.has("build") {
			ch.LullBuild = piece(t.obj("build"))
		}
		ch.LullMoves = fleetMoves(t.obj("moves"))
	}
	if t := d.obj(TidesOfWar.key()); t.m != nil {
		ch.Tides, ch.TidesSrc = k.planet(t.src.At("stronghold"), t.str("stronghold")), t.src.At("stronghold")
	}
	if t := d.obj(ArcheotechRiches.key()); t.m != nil {
		ch.Riches, ch.RichesSrc = map[PlanetID][]PlanetID{}, map[PlanetID]Src{}
		for _, id := range t.keys() {
			p := PlanetID(id)
			if !k.c.Map.Has(p) {
				k.fs.addKey(t.src.At(id), "unknown planet %q; %s", id, hint(k.fs, id, k.c.Map.IDs(), "valid: "+oneOf(k.c.Map.IDs())))
				continue
			}
			ch.Riches[p] = k.planets(t.src.At(id), t.strs(id))
			ch.RichesSrc[p] = t.src.At(id)
		}
	}
	if t := d.obj(XenobeastMigration.key()); t.m != nil {
		ch.Xenobeast = fleetMoves(t)
	}
	if t := d.obj(MachinationsOfFate.key()); t.m != nil {
		for _, id := range t.keys() {
			at := t.src.At(id)
			l := Login(id)
			p, ok := k.c.PlayerOf(l)
			switch {
			case !ok:
				k.fs.addKey(at, "unknown player %q; %s", id, hint(k.fs, id, k.c.PlayersOf(a), fmt.Sprintf("%s's players: %s", a, oneOf(k.c.PlayersOf(a)))))
				continue
			case p.Alliance != a:
				k.fs.addKey(at, "%s is in %s, not %s: each Alliance says which of its own players defect (%s)", id, p.Alliance, a, oneOf(k.c.PlayersOf(a)))
				continue
			}
			to := AllianceID(t.str(id))
			switch {
			case !k.c.HasAlliance(to):
				k.fs.add(at, "unknown alliance %q; %s", to, hint(k.fs, string(to), k.others(a), fmt.Sprintf("%s can defect to %s", id, oneOf(k.others(a)))))
				continue
			case to == a:
				k.fs.add(at, "%s is in %s already; a defection goes to another Alliance: %s (or leave the player out)", id, a, oneOf(k.others(a)))
				continue
			}
			ch.Defections = append(ch.Defections, Defection{Player: l, To: to, Src: at})
		}
	}
	if t := d.obj(ACostlyBargain.key()); t.m != nil {
		b := &BargainChoice{Planet: k.planet(t.src.At("planet"), t.str("planet")), With: AllianceID(t.str("alliance")), Src: t.src}
		switch {
		case !k.c.HasAlliance(b.With):
			k.fs.add(t.src.At("alliance"), "unknown alliance %q; %s", b.With, hint(k.fs, string(b.With), k.others(a), "an opposing Alliance: "+oneOf(k.others(a))))
		case b.With == a:
			k.fs.add(t.src.At("alliance"), "A Costly Bargain switches Power Levels with an opposing Alliance: %s", oneOf(k.others(a)))
		}
		ch.Bargain = b
	}
	if t := d.obj(SmuggledAssets.key()); t.m != nil {
		for _, o := range t.objs("relocate") {
			ch.Relocations = append(ch.Relocations, Relocation{
				From: k.planet(o.src.At("from"), o.str("from")), To: k.planet(o.src.At("to"), o.str("to")),
				Type: k.infra(o.src.At("type"), o.str("type")), Src: o.src,
			})
		}
		if t.has("build") {
			ch.SmuggledBuild = piece(t.obj("build"))
		}
	}
	return ch
}
