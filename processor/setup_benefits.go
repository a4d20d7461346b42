package processor

import (
	"fmt"
	"strings"
)

// SetupBenefits are an Alliance's set-up choices for the benefits it holds.
type SetupBenefits struct {
	// Laurel is laurel_of_victory: the planet selected "at the start of the
	// Alliances Decide on Strongholds step"; it must be the Stronghold.
	Laurel PlanetID
	// Wreath is penumbral_wreath: two planets, +2 Power Level each.
	Wreath []PlanetID
	// Dagger is sable_dagger: up to three swaps of Power Levels.
	Dagger [][2]PlanetID
	Src    Src // the set-up file
}

// SetupKey is the set-up key of a medal's benefit; "" for the Star of the
// Voidfarer, which is used in the Move Fleets step of phase 1.
func SetupKey(m Medal) string {
	return [...]string{"laurel_of_victory", "penumbral_wreath", "", "sable_dagger"}[m]
}

// decodeSetupBenefits reads the benefit keys of setup/<alliance>.toml and
// checks what does not depend on who holds which benefit. The Laurel of
// Victory's additional Fortification Line counts towards the planet's
// locations and the Alliance's limit, as the Stronghold does.
func (k Checker) decodeSetupBenefits(d Obj, s *SetupChoice, perType map[InfraType]int, perPlanet map[PlanetID]int) {
	b := &s.Benefits
	b.Src = d.Src
	if d.has("laurel_of_victory") {
		b.Laurel = k.planet(d.Src.At("laurel_of_victory"), d.Str("laurel_of_victory"))
		switch {
		case !k.C.Map.Has(b.Laurel):
		case b.Laurel != s.Stronghold:
			// Laurel of Victory — "This Alliance must select that Planet to build their Stronghold on."
			k.Fs.Add(d.Src.At("laurel_of_victory"), "the Laurel of Victory's planet must be your Stronghold's (stronghold = %q): give laurel_of_victory = %q, or stronghold = %q", s.Stronghold, s.Stronghold, b.Laurel)
		case k.C.Map.Planet(b.Laurel).Locations < 2:
			k.Fs.Add(d.Src.At("laurel_of_victory"), "%s has 1 Infrastructure location: the Stronghold and the Laurel of Victory's additional Fortification Line need 2", b.Laurel)
		default:
			// "When doing so, they build 1 additional Fortification Line on that Planet."
			perType[FortificationLine]++
			perPlanet[b.Laurel]++
		}
	}
	if d.has("penumbral_wreath") {
		b.Wreath = k.planets(d.Src.At("penumbral_wreath"), d.strs("penumbral_wreath"))
	}
	arr, _ := d.m["sable_dagger"].([]any)
	for i, v := range arr {
		pair, _ := v.([]any)
		var ids []string
		for _, x := range pair {
			s, _ := x.(string)
			ids = append(ids, s)
		}
		ps := k.planets(d.Src.At("sable_dagger", i), ids)
		if len(ps) == 2 {
			b.Dagger = append(b.Dagger, [2]PlanetID{ps[0], ps[1]})
		}
	}
}

// movePath reads a fleet's moves: a planet, or (Star of the Voidfarer) a
// list of one or two planets moved to in turn.
func (k Checker) movePath(m Obj, id string, at Src) (PlanetID, []PlanetID) {
	if _, ok := m.m[id].([]any); !ok {
		return k.planet(at, m.Str(id)), nil
	}
	path := k.planets(at, m.strs(id))
	if len(path) == 0 {
		return "", nil // the schema has said so
	}
	return path[len(path)-1], path[:len(path)-1]
}

// BenefitsText lists the benefits held, for where things stand: "Laurel of
// Victory: red; Star of the Voidfarer: blue".
func (s *State) BenefitsText() string {
	var parts []string
	for _, m := range Medals {
		if a, ok := s.Benefits[m]; ok {
			parts = append(parts, fmt.Sprintf("%s: %s", m.Title(), a))
		}
	}
	return strings.Join(parts, "; ")
}

func (b SetupBenefits) Uses(m Medal) bool {
	switch m {
	case LaurelOfVictory:
		return b.Laurel != ""
	case PenumbralWreath:
		return len(b.Wreath) > 0
	case SableDagger:
		return len(b.Dagger) > 0
	}
	return false
}
