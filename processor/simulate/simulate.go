// Package simulate writes random but legal campaigns and plays them to the
// end with bot players, running the real processor between steps: the
// folder it leaves is an ordinary campaign that `warmaster replay` verifies.
// Same parameters, same folder, byte for byte.
package simulate

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/warmaster/warmaster/processor"
)

// Params shape a simulated campaign.
type Params struct {
	Seed      string
	Planets   int // at least 8: each Alliance's set-up names 8 planets
	Alliances int // 2 or more
	Players   int // at least one per Alliance
	Fleets    int // at least one per player
	Phases    int
	// Skip is the chance (0–1) that a bot misses a deadline, so the rules'
	// defaults are exercised too.
	Skip float64
}

// Defaults fills in what p leaves zero: the Vespator Front's size.
func (p Params) Defaults() Params {
	if p.Planets == 0 {
		p.Planets = 13
	}
	if p.Alliances == 0 {
		p.Alliances = 3
	}
	if p.Players == 0 {
		p.Players = 2 * p.Alliances
	}
	if p.Fleets == 0 {
		p.Fleets = p.Players
	}
	if p.Phases == 0 {
		p.Phases = 6
	}
	return p
}

func (p Params) validate() error {
	switch {
	case p.Planets < 8:
		return fmt.Errorf("simulate: --planets %d: at least 8 (each set-up names 8 planets)", p.Planets)
	case p.Alliances < 2:
		return fmt.Errorf("simulate: --alliances %d: at least 2", p.Alliances)
	case p.Players < p.Alliances:
		return fmt.Errorf("simulate: --players %d: at least one per Alliance (%d)", p.Players, p.Alliances)
	case p.Fleets < p.Players:
		return fmt.Errorf("simulate: --fleets %d: at least one per player (%d)", p.Fleets, p.Players)
	case p.Phases < 1 || p.Phases > 24:
		return fmt.Errorf("simulate: --phases %d: 1 to 24", p.Phases)
	}
	return nil
}

// Step is one advance of a simulated campaign, for invariant checks.
type Step struct {
	Folder  *processor.Folder
	Now     time.Time
	Applied []string
}

// Run writes a campaign into dir (which must not exist or be empty) and
// plays it to the end. after, if not nil, is called after every advance;
// an error from it stops the run. progress, if not nil, gets a line per phase.
func Run(dir string, p Params, after func(Step) error, progress io.Writer) error {
	p = p.Defaults()
	if err := p.validate(); err != nil {
		return err
	}
	if es, err := os.ReadDir(dir); err == nil && len(es) > 0 {
		return fmt.Errorf("simulate: %s is not empty", dir)
	}
	sum := sha256.Sum256([]byte("warmaster simulate\x00" + p.Seed))
	b := &bot{rng: rand.New(rand.NewChaCha8(sum)), p: p, dir: dir}
	if err := b.writeCampaign(); err != nil {
		return err
	}
	for i := 0; i < 20*p.Phases+10; i++ {
		f, err := processor.Load(dir)
		if err != nil {
			return fmt.Errorf("simulate: %w", err)
		}
		if f.State.Step == processor.StepEnded {
			return nil
		}
		now := b.fill(f)
		if progress != nil && f.State.Step == processor.StepOperations {
			fmt.Fprintf(progress, "simulate: phase %d of %d\n", f.State.Phase, p.Phases)
		}
		s, err := processor.Advance(dir, processor.Options{Now: now})
		if err != nil {
			return fmt.Errorf("simulate: advance at %s (phase %d, step %s): %w", now.Format(time.RFC3339), f.State.Phase, f.State.Step, err)
		}
		if len(s.Applied) == 0 {
			return fmt.Errorf("simulate: advance at %s applied nothing at phase %d step %s", now.Format(time.RFC3339), f.State.Phase, f.State.Step)
		}
		if after != nil {
			g, err := processor.Load(dir)
			if err != nil {
				return fmt.Errorf("simulate: after advance: %w", err)
			}
			if err := after(Step{Folder: g, Now: now, Applied: s.Applied}); err != nil {
				return err
			}
		}
	}
	return errors.New("simulate: the campaign did not end")
}

// bot plays every side. All its choices come from one seeded stream.
type bot struct {
	rng *rand.Rand
	p   Params
	dir string
}

var theatres = []string{"spaceport", "desolate-wastes", "xenoflora-jungle", "rad-zone", "forge-complex", "hab-sprawl", "delvesite-facility", "dead-lands", "tomb-complex"}

var start = time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)

// deadline of a phase's step: phases a month apart, steps a week apart.
func deadline(phase int, step int) time.Time {
	return start.AddDate(0, phase-1, 7*step)
}

func planetID(i int) string   { return fmt.Sprintf("p%02d", i+1) }
func allianceID(i int) string { return fmt.Sprintf("a%d", i+1) }
func login(i int) string      { return fmt.Sprintf("player-%d", i+1) }
func fleetID(i int) string    { return fmt.Sprintf("f%d", i+1) }

func (b *bot) write(rel, text string) error {
	p := filepath.Join(b.dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return fmt.Errorf("simulate: %w", err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		return fmt.Errorf("simulate: %w", err)
	}
	return nil
}

func (b *bot) writeCampaign() error {
	p := b.p
	var c strings.Builder
	fmt.Fprintf(&c, "name = %q\nphases = %d\n\n[dice]\nseed = %q\n\n[rules]\nevents = false\n", "Simulated campaign "+p.Seed, p.Phases, "simulated "+p.Seed)
	for i := 0; i < p.Alliances; i++ {
		fmt.Fprintf(&c, "\n[[alliances]]\nid = %q\nname = \"Alliance %d\"\n", allianceID(i), i+1)
	}
	for i := 0; i < p.Players; i++ {
		fmt.Fprintf(&c, "\n[[players]]\nlogin = %q\nalliance = %q\n", login(i), allianceID(i%p.Alliances))
		if i == 0 {
			c.WriteString("warmaster = true\n")
		}
	}
	for i := 0; i < p.Fleets; i++ {
		fmt.Fprintf(&c, "\n[[fleets]]\nid = %q\nplayer = %q\n", fleetID(i), login(i%p.Players))
	}
	for ph := 1; ph <= p.Phases; ph++ {
		fmt.Fprintf(&c, "\n[[deadlines]]\nphase = %d\noperations = %s\nbattles = %s\nmoves = %s\nbuilds = %s\n", ph,
			deadline(ph, 0).Format(time.RFC3339), deadline(ph, 1).Format(time.RFC3339), deadline(ph, 2).Format(time.RFC3339), deadline(ph, 3).Format(time.RFC3339))
		if ph == p.Phases {
			fmt.Fprintf(&c, "tiebreak = %s\n", deadline(ph, 2).Format(time.RFC3339))
		}
	}
	if err := b.write(processor.CampaignFile, c.String()); err != nil {
		return err
	}
	// A connected map: a random spanning tree and some chords.
	var m strings.Builder
	locations := make([]int, p.Planets)
	for i := 0; i < p.Planets; i++ {
		locations[i] = 2 + b.rng.IntN(3)
		ts := slices.Clone(theatres)
		b.rng.Shuffle(len(ts), func(x, y int) { ts[x], ts[y] = ts[y], ts[x] })
		fmt.Fprintf(&m, "[[planets]]\nid = %q\nname = \"Planet %d\"\nlocations = %d\ntheatres = [%s]\n\n", planetID(i), i+1, locations[i], quoted(ts[:1+b.rng.IntN(3)]))
	}
	lanes := map[[2]int]bool{}
	for i := 1; i < p.Planets; i++ {
		lanes[[2]int{b.rng.IntN(i), i}] = true
	}
	for k := 0; k < p.Planets/2; k++ {
		x, y := b.rng.IntN(p.Planets), b.rng.IntN(p.Planets)
		if x != y {
			lanes[[2]int{min(x, y), max(x, y)}] = true
		}
	}
	var keys [][2]int
	for k := range lanes {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(x, y [2]int) int { return (x[0]-y[0])*10000 + x[1] - y[1] })
	for _, k := range keys {
		fmt.Fprintf(&m, "[[lanes]]\nbetween = [%q, %q]\n", planetID(k[0]), planetID(k[1]))
	}
	if err := b.write(processor.MapFile, m.String()); err != nil {
		return err
	}
	return b.writeSetups(locations)
}

// writeSetups writes each Alliance's set-up: distinct Stronghold planets,
// 3 and 4 other planets at Power Level 3 and 2, starting pieces within the
// limits and the planets' locations, every fleet placed.
func (b *bot) writeSetups(locations []int) error {
	p := b.p
	pieces := 3
	if p.Alliances == 2 {
		pieces = 4
	}
	strongholds := b.rng.Perm(p.Planets)
	for a := 0; a < p.Alliances; a++ {
		sh := strongholds[a%p.Planets]
		others := slices.DeleteFunc(b.rng.Perm(p.Planets), func(x int) bool { return x == sh })
		var s strings.Builder
		fmt.Fprintf(&s, "stronghold = %q\npower3 = [%s]\npower2 = [%s]\n", planetID(sh), quoted(ids(others[:3])), quoted(ids(others[3:7])))
		used := map[int]int{sh: 1}
		perType := map[string]int{}
		limit := map[string]int{"staging-grounds": 3, "support-facility": 3, "fortification-line": 5}
		types := []string{"staging-grounds", "support-facility", "fortification-line"}
		for n := 0; n < pieces; {
			pl := b.rng.IntN(p.Planets)
			t := types[b.rng.IntN(len(types))]
			if used[pl] >= locations[pl] || perType[t] >= limit[t] {
				continue
			}
			used[pl]++
			perType[t]++
			fmt.Fprintf(&s, "\n[[infrastructure]]\nplanet = %q\ntype = %q\n", planetID(pl), t)
			if alt := b.rng.IntN(p.Planets); b.rng.IntN(2) == 0 && alt != pl {
				fmt.Fprintf(&s, "alternates = [%q]\n", planetID(alt))
			}
			n++
		}
		s.WriteString("\n[fleets]\n")
		for f := 0; f < p.Fleets; f++ {
			if (f%p.Players)%p.Alliances == a {
				fmt.Fprintf(&s, "%s = %q\n", fleetID(f), planetID(b.rng.IntN(p.Planets)))
			}
		}
		if err := b.write("setup/"+allianceID(a)+".toml", s.String()); err != nil {
			return err
		}
	}
	return nil
}

// fill writes the inputs the current step waits for (missing a deadline now
// and then) and returns the time to advance at: the step's deadline.
func (b *bot) fill(f *processor.Folder) time.Time {
	s := f.State
	now := start.AddDate(0, 0, -1)
	if s.Step != processor.StepSetup {
		now = deadline(s.Phase, map[processor.Step]int{processor.StepOperations: 0, processor.StepBattles: 1, processor.StepMoves: 2, processor.StepBuilds: 3, processor.StepTiebreak: 2}[s.Step])
	}
	if s.Step == processor.StepTiebreak && s.End != nil && b.rng.IntN(2) == 0 {
		// The tied Alliances play their final battles: the first wins them all.
		var t strings.Builder
		first := s.End.Tied[0]
		for _, other := range s.End.Tied[1:] {
			fmt.Fprintf(&t, "[[battles]]\nplayers = [%q, %q]\nwinner = %q\n\n", f.Campaign.PlayersOf(first)[0], f.Campaign.PlayersOf(other)[0], first)
		}
		if err := b.write(processor.TiebreakPath(s.Phase), t.String()); err != nil {
			panic(err)
		}
	}
	for _, a := range f.Awaited() {
		if a.Present || (s.Step != processor.StepSetup && b.rng.Float64() < b.p.Skip) {
			continue
		}
		var text string
		switch a.Step {
		case processor.StepOperations:
			text = b.orders(f, processor.Login(baseName(a.File)))
		case processor.StepBattles:
			text = b.result(f, baseName(a.File), now)
		case processor.StepMoves:
			text = b.moves(f, processor.Login(baseName(a.File)))
		case processor.StepBuilds:
			text = b.build(f, processor.AllianceID(baseName(a.File)))
		default:
			continue // an input this bot does not know: its deadline's default applies
		}
		if err := b.write(a.File, text); err != nil {
			panic(err) // the folder is ours; a write failure is not recoverable here
		}
	}
	return now
}

func baseName(file string) string {
	return strings.TrimSuffix(filepath.Base(file), ".toml")
}

// targets lists the undestroyed planets a fleet can strike (RULINGS 5).
func targets(s *processor.State, a processor.AllianceID, at processor.PlanetID) []processor.PlanetID {
	var out []processor.PlanetID
	for _, p := range append([]processor.PlanetID{at}, s.Connected(a, at)...) {
		if !s.Destroyed(p) {
			out = append(out, p)
		}
	}
	return out
}

func (b *bot) orders(f *processor.Folder, l processor.Login) string {
	c, s := f.Campaign, f.State
	var out strings.Builder
	var supported []processor.AttackType
	for t := processor.SeizePowerBase; t <= processor.BoardingAction; t++ {
		if t.Supported() && t != processor.BoardingAction {
			supported = append(supported, t)
		}
	}
	for _, fl := range c.FleetsOf(l) {
		a, at := c.FleetAlliance(fl), s.Fleets[fl]
		fmt.Fprintf(&out, "[[operations]]\nfleet = %q\n", fl)
		ts := targets(s, a, at)
		var others []processor.AllianceID
		for _, o := range c.AllianceIDs() {
			if o != a {
				others = append(others, o)
			}
		}
		switch r := b.rng.IntN(10); {
		case r < 6 && len(ts) > 0:
			fmt.Fprintf(&out, "operation = \"battle\"\nattack = %q\nplanet = %q\ndefender = %q\n",
				supported[b.rng.IntN(len(supported))], ts[b.rng.IntN(len(ts))], others[b.rng.IntN(len(others))])
		case r == 6 && len(ts) > 0:
			fmt.Fprintf(&out, "operation = \"deploy-kill-teams\"\nplanet = %q\n", ts[b.rng.IntN(len(ts))])
		case r == 7:
			var leap []processor.PlanetID
			for _, p := range c.Map.IDs() {
				if p != at && !s.Destroyed(p) {
					leap = append(leap, p)
				}
			}
			if len(leap) > 0 {
				fmt.Fprintf(&out, "operation = \"void-leap\"\nplanet = %q\n", leap[b.rng.IntN(len(leap))])
				break
			}
			out.WriteString("operation = \"logistical-auxilia\"\n")
		case r == 8:
			t := []processor.InfraType{processor.StagingGrounds, processor.SupportFacility, processor.FortificationLine}[b.rng.IntN(3)]
			if s.CanBuild(at, a, t) == "" {
				fmt.Fprintf(&out, "operation = \"raise-edifices\"\ninfrastructure = %q\n", t)
				break
			}
			out.WriteString("operation = \"logistical-auxilia\"\n")
		default:
			out.WriteString("operation = \"logistical-auxilia\"\n")
		}
		out.WriteString("\n")
	}
	return out.String()
}

func (b *bot) result(f *processor.Folder, battle string, now time.Time) string {
	var out strings.Builder
	played := now.Add(-time.Duration(1+b.rng.IntN(6*24)) * time.Hour)
	if b.rng.IntN(5) > 0 {
		fmt.Fprintf(&out, "played = %s\n", played.Format(time.RFC3339))
	}
	if b.rng.IntN(2) == 0 {
		fmt.Fprintf(&out, "winner = %q\n", []string{"attacker", "defender", "draw"}[b.rng.IntN(3)])
	} else {
		fmt.Fprintf(&out, "attacker_vp = %d\ndefender_vp = %d\n", b.rng.IntN(100), b.rng.IntN(100))
		if b.rng.IntN(3) == 0 {
			out.WriteString("battle_ready = [\"defender\"]\n")
		}
	}
	return out.String()
}

func (b *bot) moves(f *processor.Folder, l processor.Login) string {
	c, s := f.Campaign, f.State
	var out strings.Builder
	out.WriteString("[moves]\n")
	for _, fl := range c.FleetsOf(l) {
		a, at := c.FleetAlliance(fl), s.Fleets[fl]
		if to := s.Connected(a, at); len(to) > 0 && b.rng.IntN(2) == 0 {
			fmt.Fprintf(&out, "%s = %q\n", fl, to[b.rng.IntN(len(to))])
		}
	}
	return out.String()
}

func (b *bot) build(f *processor.Folder, a processor.AllianceID) string {
	c, s := f.Campaign, f.State
	var cands []string
	for _, fl := range c.AllianceFleets(a) {
		at := s.Fleets[fl]
		for _, p := range append([]processor.PlanetID{at}, s.Connected(a, at)...) {
			for _, t := range []processor.InfraType{processor.StagingGrounds, processor.SupportFacility, processor.FortificationLine} {
				if s.CanBuild(p, a, t) == "" {
					cands = append(cands, fmt.Sprintf("planet = %q\ninfrastructure = %q\n", p, t))
				}
			}
		}
	}
	if len(cands) == 0 || b.rng.IntN(5) == 0 {
		return "# nothing this phase\n"
	}
	return cands[b.rng.IntN(len(cands))]
}

func ids(xs []int) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = planetID(x)
	}
	return out
}

func quoted[T ~string](xs []T) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprintf("%q", x)
	}
	return strings.Join(parts, ", ")
}
