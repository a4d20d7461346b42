package processor

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/warmaster/warmaster/processor/engines"
)

// prestateEngine reads a rules case's `engine <id> <key>=<value> ...` line:
// the engine's condition before advance (otherwise as its profile gives
// it). Keys, an underscore standing for a space in names:
//
//	Behemoth:    hull=N legs=N weapons=N crippled=<zone>:<below>[:<option>],...  destroyed
//	War Machine: sp=N fields=N lost=<weapon>,... move-lost=N immobilised destroyed
func prestateEngine(s *State, w []string) error {
	if len(w) == 0 {
		return fmt.Errorf("want engine <id> <key>=<value> ...")
	}
	e, ok := s.c.Engines.Engine(EngineID(w[0]))
	if !ok {
		return fmt.Errorf("unknown war engine %q", w[0])
	}
	c := s.Engines[e.ID]
	num := func(v string) (int, error) { return strconv.Atoi(v) }
	name := func(v string) string { return strings.ReplaceAll(v, "_", " ") }
	for _, kv := range w[1:] {
		k, v, _ := strings.Cut(kv, "=")
		var err error
		switch b := &c.Behemoth; k {
		case "destroyed":
			b.Destroyed, c.WarMachine.Destroyed = true, true
		case "hull":
			b.DamagePoints[engines.Hull], err = num(v)
		case "legs":
			b.DamagePoints[engines.Legs], err = num(v)
		case "weapons":
			b.DamagePoints[engines.Weapons], err = num(v)
		case "crippled":
			for _, x := range strings.Split(v, ",") {
				parts := strings.SplitN(x, ":", 3)
				z, ok := engines.ParseZone(parts[0])
				if !ok || len(parts) < 2 {
					return fmt.Errorf("crippled: want <zone>:<below>[:<option>], got %q", x)
				}
				cr := engines.Crippling{Zone: z}
				if cr.Below, err = num(parts[1]); err != nil {
					return err
				}
				for _, t := range e.Profile.Behemoth.Zones[z].Thresholds {
					if t.Below == cr.Below {
						cr.Effect = t.Effect
					}
				}
				if len(parts) == 3 {
					cr.Option = name(parts[2])
				}
				b.Crippled = append(b.Crippled, cr)
			}
		case "sp":
			c.WarMachine.StructurePoints, err = num(v)
		case "fields":
			c.WarMachine.Fields, err = num(v)
		case "lost":
			for _, x := range strings.Split(v, ",") {
				c.WarMachine.WeaponsLost = append(c.WarMachine.WeaponsLost, name(x))
			}
		case "move-lost":
			c.WarMachine.MoveLost, err = num(v)
		case "immobilised":
			c.WarMachine.Immobilised = true
		default:
			return fmt.Errorf("unknown engine key %q", k)
		}
		if err != nil {
			return fmt.Errorf("%s: %v", k, err)
		}
	}
	s.Engines[e.ID] = c
	return nil
}

// diffEngines lists each war engine whose condition changed, in roster order.
func diffEngines(a, b *State) []string {
	var out []string
	for _, e := range b.c.Engines.Engines {
		if x, y := a.Engines[e.ID].Describe(e.Profile), b.Engines[e.ID].Describe(e.Profile); x != y {
			out = append(out, fmt.Sprintf("engine %s: %s -> %s", e.ID, x, y))
		}
	}
	return out
}
