package folder

import (
	"slices"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder/owntoml"
)

// encodeEvents writes the Events' part of the state into f: the players
// whose Alliance changed among them (players, AllegianceChanges'; its
// fleets are stateLists').
func encodeEvents(s *processor.State, players map[processor.Login]processor.AllianceID, f *owntoml.StateDoc) {
	f.StellarStorms = s.StellarStorms
	for l, a := range players {
		if f.Players == nil {
			f.Players = map[string]owntoml.PlayerFile{}
		}
		f.Players[string(l)] = owntoml.PlayerFile{Alliance: string(a)}
	}
	for _, e := range s.Events {
		f.Events = append(f.Events, encodeEffect(e))
	}
	for _, e := range s.Effects {
		f.Effects = append(f.Effects, encodeEffect(e))
	}
}

func encodeEffect(e processor.Effect) owntoml.EffectFile {
	ef := owntoml.EffectFile{Event: e.Event, Phase: e.Phase, Alliance: string(e.Alliance), Held: e.Held}
	for _, p := range e.Planets {
		ef.Planets = append(ef.Planets, string(p))
	}
	if len(e.Riches) > 0 {
		ef.Riches = map[string]map[string][]string{}
		for a, m := range e.Riches {
			ef.Riches[string(a)] = map[string][]string{}
			for p, list := range m {
				ps := make([]string, 0, len(list)) // an empty list is a choice: no +1s
				for _, q := range list {
					ps = append(ps, string(q))
				}
				ef.Riches[string(a)][string(p)] = ps
			}
		}
	}
	ef.Players = recast[string, string](e.Players)
	ef.Fleets = recast[string, string](e.Fleets)
	return ef
}

// decodeEvents reads the events' part of state.toml into s, and returns s
// with the campaign's allegiance as the state has it.
func decodeEvents(s *processor.State, f *owntoml.StateDoc, root processor.Src, bad func(at processor.Src, format string, args ...any)) *processor.State {
	c := s.C
	s.StellarStorms = f.StellarStorms
	players := map[processor.Login]processor.AllianceID{}
	for l, pf := range f.Players {
		switch {
		case !slices.Contains(c.Logins(), processor.Login(l)):
			bad(root.At("players", l), "unknown player %q", l)
		case !c.HasAlliance(processor.AllianceID(pf.Alliance)):
			bad(root.At("players", l, "alliance"), "unknown alliance %q", pf.Alliance)
		default:
			players[processor.Login(l)] = processor.AllianceID(pf.Alliance)
		}
	}
	fleets := map[processor.FleetID]processor.Login{}
	for id, ff := range f.Fleets {
		if ff.Player == "" {
			continue
		}
		if _, ok := c.PlayerOf(processor.Login(ff.Player)); !ok {
			bad(root.At("fleets", id, "player"), "unknown player %q", ff.Player)
			continue
		}
		fleets[processor.FleetID(id)] = processor.Login(ff.Player)
	}
	decode := func(key string, list []owntoml.EffectFile) []processor.Effect {
		var out []processor.Effect
		for i, ef := range list {
			at := root.At(key, i)
			e := processor.Effect{Event: ef.Event, Phase: ef.Phase, Alliance: processor.AllianceID(ef.Alliance), Held: ef.Held}
			if ef.Alliance != "" && !c.HasAlliance(e.Alliance) {
				bad(at.At("alliance"), "unknown alliance %q", ef.Alliance)
			}
			for _, p := range ef.Planets {
				if !c.Map.Has(processor.PlanetID(p)) {
					bad(at.At("planets"), "unknown planet %q", p)
				}
				e.Planets = append(e.Planets, processor.PlanetID(p))
			}
			if len(ef.Riches) > 0 {
				e.Riches = map[processor.AllianceID]map[processor.PlanetID][]processor.PlanetID{}
				for a, m := range ef.Riches {
					e.Riches[processor.AllianceID(a)] = map[processor.PlanetID][]processor.PlanetID{}
					for p, list := range m {
						ps := make([]processor.PlanetID, 0, len(list)) // empty: no +1s, not the defaults
						for _, q := range list {
							if !c.Map.Has(processor.PlanetID(q)) {
								bad(at.At("riches", a, p), "unknown planet %q", q)
							}
							ps = append(ps, processor.PlanetID(q))
						}
						e.Riches[processor.AllianceID(a)][processor.PlanetID(p)] = ps
					}
				}
			}
			e.Players = recast[processor.Login, processor.AllianceID](ef.Players)
			e.Fleets = recast[processor.FleetID, processor.Login](ef.Fleets)
			out = append(out, e)
		}
		return out
	}
	s.Events = decode("events", f.Events)
	s.Effects = decode("effects", f.Effects)
	s.C = c.WithAllegiance(players, fleets)
	return s
}

// recast copies a map of string-like keys and values into another such type
// (ids to the state file's strings and back); nil for an empty map.
func recast[K2, V2, K1, V1 ~string](m map[K1]V1) map[K2]V2 {
	if len(m) == 0 {
		return nil
	}
	out := make(map[K2]V2, len(m))
	for k, v := range m {
		out[K2(k)] = V2(v)
	}
	return out
}
