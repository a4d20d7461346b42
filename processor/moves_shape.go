package processor

import (
	"fmt"
	"slices"

	"github.com/warmaster/warmaster/processor/report"
)

// movesAsOrders finds moves written in the shape of orders, under [moves]
// one key for the fleet and one for the planet (fleet = "blue-1",
// planet = "tarkad-vindix"), where each line is a fleet and the planet it
// moves to. It says so once, at the first of those keys, with the line to
// write, and returns the keys it took for that shape, which are no
// fleets of the campaign and are read no further (each would be an
// unknown fleet, and the fleet's id an unknown planet); nil for none.
func movesAsOrders(k Checker, login Login, m Obj) []string {
	var shape []string
	for _, key := range []string{"fleet", "planet", "to"} {
		if _, fleet := k.C.FleetOf(FleetID(key)); m.has(key) && !fleet {
			shape = append(shape, key)
		}
	}
	if !slices.Contains(shape, "fleet") && len(shape) < 2 {
		return nil // planet = … alone: its own unknown fleet
	}
	own := k.C.FleetsOf(login)
	fleet := "<fleet>"
	switch id := FleetID(m.Str("fleet")); {
	case slices.Contains(own, id):
		fleet = string(id)
	case len(own) == 1:
		fleet = string(own[0])
	}
	planet := "<planet>"
	for _, key := range []string{"planet", "to"} {
		if p := PlanetID(m.Str(key)); k.C.Map.Has(p) {
			planet = string(p)
			break
		}
	}
	var named []string
	for _, key := range shape {
		named = append(named, key+" = …")
	}
	msg := fmt.Sprintf("under [moves], each line is a fleet and the planet it moves to: write %s = %q (fleet = planet), not %s on lines of their own", fleet, planet, report.And(named))
	if fleet == "<fleet>" {
		msg += fmt.Sprintf("; %s controls %s", login, report.OneOf(own))
	}
	k.Fs.AddKey(m.Src.At(shape[0]), "%s", msg)
	return shape
}
