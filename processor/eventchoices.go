package processor

import (
	"fmt"
	"strings"

	"github.com/warmaster/warmaster/processor/report"
)

// EventChoices is an Alliance's choices for the Events that ask for them:
// phases/NN/events/<alliance>.toml, one table per Event.
type EventChoices struct {
	Alliance AllianceID
	// Given: the tables in the file, by Event, with where each is.
	Given map[EventKind]Src

	// Lull in the Fighting: the build (nil: none), the builds to make
	// instead, in order, should it be no longer possible in the Alliance's
	// turn, and the fleets' moves.
	LullBuild      *PieceChoice
	LullAlternates []PieceChoice
	LullMoves      []Move
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

// DecodeEventChoices reads phases/NN/events/<alliance>.toml and checks what
// does not depend on the map's state: planets, fleets and players of the
// Alliance, other Alliances.
func (k Checker) DecodeEventChoices(a AllianceID, d Obj) *EventChoices {
	ch := &EventChoices{Alliance: a, Given: map[EventKind]Src{}, Src: d.Src}
	for _, key := range d.keys() {
		var e EventKind
		if err := e.UnmarshalText([]byte(strings.ReplaceAll(key, "_", "-"))); err != nil {
			continue // the schema allows only the Events' keys
		}
		ch.Given[e] = d.Src.At(key)
	}
	piece := func(o Obj) *PieceChoice {
		return &PieceChoice{Planet: k.planet(o.Src.At("planet"), o.Str("planet")), Type: k.infra(o.Src.At("type"), o.Str("type")), Src: o.Src}
	}
	fleetMoves := func(m Obj) []Move {
		var out []Move
		for _, id := range m.keys() {
			at := m.Src.At(id)
			f, ok := k.C.FleetOf(FleetID(id))
			switch {
			case !ok:
				k.Fs.AddKey(at, "unknown fleet %q; %s", id, Hint(k.Fs, id, k.C.AllianceFleets(a), fmt.Sprintf("%s's fleets: %s", a, report.OneOf(k.C.AllianceFleets(a)))))
				continue
			case k.C.FleetAlliance(f.ID) != a:
				k.Fs.AddKey(at, "fleet %q is %s's, not %s's; %s's fleets: %s", id, k.C.FleetAlliance(f.ID), a, a, report.OneOf(k.C.AllianceFleets(a)))
				continue
			}
			out = append(out, Move{Fleet: f.ID, To: k.planet(at, m.Str(id)), Src: at})
		}
		return out
	}
	if t := d.Obj(LullInTheFighting.Key()); t.m != nil {
		if t.has("build") {
			ch.LullBuild = piece(t.Obj("build"))
		}
		for _, o := range t.Objs("alternates") {
			ch.LullAlternates = append(ch.LullAlternates, *piece(o))
		}
		if ch.LullBuild != nil { // alternates without a build: the schema's fault
			ch.LullAlternates = k.distinctAlternates(*ch.LullBuild, ch.LullAlternates, " under [lull_in_the_fighting]", "type")
		}
		ch.LullMoves = fleetMoves(t.Obj("moves"))
	}
	if t := d.Obj(TidesOfWar.Key()); t.m != nil {
		ch.Tides, ch.TidesSrc = k.planet(t.Src.At("stronghold"), t.Str("stronghold")), t.Src.At("stronghold")
	}
	if t := d.Obj(ArcheotechRiches.Key()); t.m != nil {
		ch.Riches, ch.RichesSrc = map[PlanetID][]PlanetID{}, map[PlanetID]Src{}
		for _, id := range t.keys() {
			p := PlanetID(id)
			if !k.C.Map.Has(p) {
				k.Fs.AddKey(t.Src.At(id), "unknown planet %q; %s", id, Hint(k.Fs, id, k.C.Map.IDs(), "valid: "+report.OneOf(k.C.Map.IDs())))
				continue
			}
			ch.Riches[p] = k.planets(t.Src.At(id), t.strs(id))
			ch.RichesSrc[p] = t.Src.At(id)
		}
	}
	if t := d.Obj(XenobeastMigration.Key()); t.m != nil {
		ch.Xenobeast = fleetMoves(t)
	}
	if t := d.Obj(MachinationsOfFate.Key()); t.m != nil {
		for _, id := range t.keys() {
			at := t.Src.At(id)
			l := Login(id)
			p, ok := k.C.PlayerOf(l)
			switch {
			case !ok:
				k.Fs.AddKey(at, "unknown player %q; %s", id, Hint(k.Fs, id, k.C.PlayersOf(a), fmt.Sprintf("%s's players: %s", a, report.OneOf(k.C.PlayersOf(a)))))
				continue
			case p.Alliance != a:
				k.Fs.AddKey(at, "%s is in %s, not %s: each Alliance says which of its own players defect (%s)", id, p.Alliance, a, report.OneOf(k.C.PlayersOf(a)))
				continue
			}
			to := AllianceID(t.Str(id))
			switch {
			case !k.C.HasAlliance(to):
				k.Fs.Add(at, "unknown alliance %q; %s", to, Hint(k.Fs, string(to), k.Others(a), fmt.Sprintf("%s can defect to %s", id, report.OneOf(k.Others(a)))))
				continue
			case to == a:
				k.Fs.Add(at, "%s is in %s already; a defection goes to another Alliance: %s (or leave the player out)", id, a, report.OneOf(k.Others(a)))
				continue
			}
			ch.Defections = append(ch.Defections, Defection{Player: l, To: to, Src: at})
		}
	}
	if t := d.Obj(ACostlyBargain.Key()); t.m != nil {
		b := &BargainChoice{Planet: k.planet(t.Src.At("planet"), t.Str("planet")), With: AllianceID(t.Str("alliance")), Src: t.Src}
		switch {
		case !k.C.HasAlliance(b.With):
			k.Fs.Add(t.Src.At("alliance"), "unknown alliance %q; %s", b.With, Hint(k.Fs, string(b.With), k.Others(a), "an opposing Alliance: "+report.OneOf(k.Others(a))))
		case b.With == a:
			k.Fs.Add(t.Src.At("alliance"), "A Costly Bargain switches Power Levels with an opposing Alliance: %s", report.OneOf(k.Others(a)))
		}
		ch.Bargain = b
	}
	if t := d.Obj(SmuggledAssets.Key()); t.m != nil {
		for _, o := range t.Objs("relocate") {
			ch.Relocations = append(ch.Relocations, Relocation{
				From: k.planet(o.Src.At("from"), o.Str("from")), To: k.planet(o.Src.At("to"), o.Str("to")),
				Type: k.infra(o.Src.At("type"), o.Str("type")), Src: o.Src,
			})
		}
		if t.has("build") {
			ch.SmuggledBuild = piece(t.Obj("build"))
		}
	}
	return ch
}
