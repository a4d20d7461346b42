// Package simulate writes random but legal campaigns and plays them to the
// end with bot players, running the real processor between steps: the
// folder it leaves is an ordinary campaign that `warmaster replay` verifies.
// Same parameters, same folder, byte for byte.
//
// The bots play the whole rulebook: every operation and attack type, the
// victor's Campaign Outcome choices (power_adjust where a Stronghold or
// Coordinated Opposition allows it), unplayed battles, Vespator Front Events
// (generated, or forced by Params.Forced) and their choices files, An Open
// Tome's early orders, Defiant Zeal's second operations, war engines now and
// then, and a tie-break when the campaign ends tied; and now and then their
// Warmaster changes who plays, puts off deadlines, corrects a [rules]
// option or rules on a disputed result (warmaster.go); given an age
// identity (Params.AgeIdentity), most players seal their orders. Now and
// then a bot misses a deadline (Params.Skip), so the rules' defaults are
// played too.
package simulate

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"filippo.io/age"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/dice"
	"github.com/warmaster/warmaster/processor/disk"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/phase"
	"github.com/warmaster/warmaster/processor/report"
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
	// Forced are the campaign's [[forced_events]]: events that take effect
	// in a phase's step 3 instead of the generated ones, so that rare
	// events surely happen.
	Forced []ForcedEvent
	// DiceKey, if set, is a secret dice key the campaign commits to ([dice]
	// commitment) instead of a public seed: every advance is given it, and
	// a replay needs it (WARMASTER_DICE_KEY).
	DiceKey string
	// AgeIdentity, if set, is a secret age identity (AGE-SECRET-KEY-1…):
	// the campaign seals orders to its recipient ([secrecy] recipient) —
	// most players their orders, each time (warmaster seal) — and every
	// advance is given it to reveal them at 2.1; a replay needs it
	// (WARMASTER_AGE_IDENTITY). age encrypts with fresh randomness, so the
	// same seed then plays the same campaign, but the sealed files and the
	// journal's record of them are not the same bytes.
	AgeIdentity string
}

// ForcedEvent is one [[forced_events]] entry.
type ForcedEvent struct {
	Phase int
	Event processor.EventKind
}

// String is the event as the command line takes it: 1:cult-uprisings.
func (e ForcedEvent) String() string { return fmt.Sprintf("%d:%s", e.Phase, e.Event) }

// ParseForcedEvent reads PHASE:EVENT, e.g. 1:cult-uprisings.
func ParseForcedEvent(s string) (ForcedEvent, error) {
	ph, ev, ok := strings.Cut(s, ":")
	n, err := strconv.Atoi(ph)
	if !ok || err != nil {
		return ForcedEvent{}, fmt.Errorf("simulate: forced event %q: want PHASE:EVENT, e.g. 1:cult-uprisings", s)
	}
	var k processor.EventKind
	if err := k.UnmarshalText([]byte(ev)); err != nil {
		return ForcedEvent{}, fmt.Errorf("simulate: forced event %q: %v", s, err)
	}
	return ForcedEvent{Phase: n, Event: k}, nil
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
	for _, e := range p.Forced {
		switch {
		case p.Phases == 1:
			return fmt.Errorf("simulate: --forced-event %s: a campaign of one phase generates no events (it ends in step 3 of that phase, before any event, RULINGS 13); give --phases 2 or more", e)
		case e.Phase == p.Phases:
			return fmt.Errorf("simulate: --forced-event %s: phase %d is the campaign's last, which ends in its step 3 before any event is generated (RULINGS 13); give a phase from 1 to %d", e, e.Phase, p.Phases-1)
		case e.Phase > p.Phases:
			return fmt.Errorf("simulate: --forced-event %s: phase %d is past the campaign's last (%d); give a phase from 1 to %d", e, e.Phase, p.Phases, p.Phases-1)
		case e.Phase < 1:
			return fmt.Errorf("simulate: --forced-event %s: phases count from 1; give a phase from 1 to %d", e, p.Phases-1)
		}
	}
	if p.AgeIdentity != "" {
		if _, err := age.ParseX25519Identity(p.AgeIdentity); err != nil {
			// Not quoted: an identity is a secret.
			return fmt.Errorf("simulate: --age-identity: not an age identity (AGE-SECRET-KEY-1…, as age-keygen writes one)")
		}
	}
	if p.DiceKey != "" {
		if err := dice.CheckKey(p.DiceKey); err != nil {
			// Not quoted: a key is a secret, the simulated one too.
			return fmt.Errorf("simulate: --dice-key: %w; make one with `warmaster dice-key`", err)
		}
	}
	return nil
}

// Command is the command line that plays these parameters again.
func (p Params) Command(dir string) string {
	p = p.Defaults()
	cmd := fmt.Sprintf("go run ./cmd/warmaster simulate --seed %s --planets %d --alliances %d --players %d --fleets %d --phases %d",
		p.Seed, p.Planets, p.Alliances, p.Players, p.Fleets, p.Phases)
	for _, e := range p.Forced {
		cmd += " --forced-event " + e.String()
	}
	if p.DiceKey != "" {
		cmd += " --dice-key " + p.DiceKey
	}
	if p.AgeIdentity != "" {
		cmd += " --age-identity " + p.AgeIdentity
	}
	return cmd + " " + dir
}

// Step is one advance of a simulated campaign, for invariant checks.
type Step struct {
	Folder  *folder.Folder
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
	d, err := disk.Create(dir)
	if err != nil {
		return fmt.Errorf("simulate: %w", err)
	}
	defer d.Close()
	sum := sha256.Sum256([]byte("warmaster simulate\x00" + p.Seed))
	b := &bot{rng: rand.New(rand.NewChaCha8(sum)), p: p, dir: d}
	if err := b.writeCampaign(); err != nil {
		return err
	}
	var f *folder.Folder // the folder as the last advance left it
	for i := 0; i < 20*p.Phases+10; i++ {
		if f == nil {
			var err error
			if f, err = folder.Load(dir); err != nil {
				return fmt.Errorf("simulate: %w", err)
			}
		}
		if f.State.Step == processor.StepEnded {
			return nil
		}
		now, err := b.fill(f)
		if err != nil {
			return err
		}
		if progress != nil && f.State.Step == processor.StepOperations {
			fmt.Fprintf(progress, "simulate: phase %d of %d\n", f.State.Phase, p.Phases)
		}
		opt := phase.Options{Now: now, DiceKey: p.DiceKey, AgeIdentity: p.AgeIdentity}
		s, err := phase.Advance(dir, opt)
		if withdrawn, werr := b.withdraw(err); werr != nil {
			return werr
		} else if withdrawn {
			s, err = phase.Advance(dir, opt)
		}
		if err != nil {
			return fmt.Errorf("simulate: advance at %s (phase %d, step %s): %w", now.Format(time.RFC3339), f.State.Phase, f.State.Step, err)
		}
		if len(s.Applied) == 0 {
			return fmt.Errorf("simulate: advance at %s applied nothing at phase %d step %s", now.Format(time.RFC3339), f.State.Phase, f.State.Step)
		}
		// The bots write legal files, in time: one set aside is a bot's
		// mistake (or the processor's), never a campaign to play on.
		if len(s.NotApplied) > 0 {
			n := s.NotApplied[0]
			return fmt.Errorf("simulate: advance at %s (phase %d, step %s) did not apply %s: %s %v", now.Format(time.RFC3339), f.State.Phase, f.State.Step, n.File, n.Why, n.Faults)
		}
		f = nil
		if after != nil {
			if f, err = folder.Load(dir); err != nil {
				return fmt.Errorf("simulate: after advance: %w", err)
			}
			if err := after(Step{Folder: f, Now: now, Applied: s.Applied}); err != nil {
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
	dir *disk.Dir // the folder it plays in: the players write their files
	// benefit is the Alliance (its index) holding each Campaign Medal's
	// benefit, from the [[medals]] of an earlier campaign.
	benefit map[processor.Medal]int
	// setupPieces is the Infrastructure each Alliance builds at set-up
	// (3, or two Alliances' [rules] two_alliance_setup_pieces).
	setupPieces int
	// campaign is campaign.toml as the bots' Warmaster last wrote it, and
	// late how many players it has added since the campaign began
	// (rosterChange).
	campaign string
	late     int
	// later is how far the bots' Warmaster has put off each phase's
	// deadlines (postpone).
	later map[int]time.Duration
	// pending is the last roster change the bots' Warmaster wrote for a
	// step after the events, with the players it added (rosterChange),
	// until it takes effect (state.toml's roster past pendingAt, its
	// index): the defections of the events may stand in its way
	// (withdraw).
	pending   string
	pendingAt int
	// look is what the bots look up in the state of the folder they
	// fill, made once for it: for each battle a bot writes, it was made
	// again, and a simulated campaign grew as the square of its fleets.
	look struct {
		s        *processor.State
		byPlanet map[processor.PlanetID][]processor.FleetID
		battles  map[string]processor.Order // the last order of each battle id
	}
}

// lookup is b.look for the state s.
func (b *bot) lookup(s *processor.State) {
	if b.look.s == s {
		return
	}
	b.look.s, b.look.byPlanet = s, s.FleetsByPlanet()
	b.look.battles = make(map[string]processor.Order, len(s.Orders))
	for _, o := range s.Orders {
		if o.Op == processor.Battle {
			b.look.battles[o.ID()] = o
		}
	}
}

var theatres = []string{"spaceport", "desolate-wastes", "xenoflora-jungle", "rad-zone", "forge-complex", "hab-sprawl", "delvesite-facility", "dead-lands", "tomb-complex"}

var start = time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)

// stepDay is the day of its phase each step's deadline falls on: phases a
// month apart; An Open Tome's early orders three days before the phase.
var stepDay = map[processor.Step]int{
	processor.StepOpenTome:   -3,
	processor.StepOperations: 0,
	processor.StepBattles:    7,
	processor.StepEvents:     10,
	processor.StepMoves:      14,
	processor.StepBuilds:     21,
	processor.StepTiebreak:   14,
}

// deadline of a phase's step.
func deadline(phase int, step processor.Step) time.Time {
	return start.AddDate(0, phase-1, stepDay[step])
}

func planetID(i int) string   { return fmt.Sprintf("p%02d", i+1) }
func allianceID(i int) string { return fmt.Sprintf("a%d", i+1) }
func login(i int) string      { return fmt.Sprintf("player-%d", i+1) }
func fleetID(i int) string    { return fmt.Sprintf("f%d", i+1) }

func (b *bot) write(rel, text string) error {
	if err := b.dir.WriteFile(rel, []byte(text)); err != nil {
		return fmt.Errorf("simulate: %w", err)
	}
	return nil
}

// chance is true with probability 1 in n.
func (b *bot) chance(n int) bool { return b.rng.IntN(n) == 0 }

func pick[T any](b *bot, xs []T) T { return xs[b.rng.IntN(len(xs))] }

// sometimes writes line to w with probability 1 in n.
func (b *bot) sometimes(w *strings.Builder, n int, line string) {
	if b.chance(n) {
		w.WriteString(line + "\n")
	}
}

func (b *bot) writeCampaign() error {
	p := b.p
	var c strings.Builder
	fmt.Fprintf(&c, "name = %q\nphases = %d\n\n[dice]\n", "Simulated campaign "+p.Seed, p.Phases)
	if p.DiceKey != "" {
		fmt.Fprintf(&c, "commitment = %q\n\n[rules]\n", processor.KeyCommitment(p.DiceKey))
	} else {
		fmt.Fprintf(&c, "seed = %q\n\n[rules]\n", "simulated "+p.Seed)
	}
	// The options with another reading, now and then: every one, so that
	// each is played through whole campaigns.
	if len(p.Forced) == 0 && b.chance(8) {
		c.WriteString("events = false\n") // forced events need them
	} else {
		c.WriteString("events = true\n")
	}
	b.sometimes(&c, 5, "xenobeast_lanes_only = true")
	b.sometimes(&c, 6, "confirm_results = false")
	b.sometimes(&c, 4, `laurel_of_victory_builds = "setup"`)
	b.setupPieces = 3
	if p.Alliances == 2 {
		if b.setupPieces = 4; b.chance(4) {
			b.setupPieces = 3
			c.WriteString("two_alliance_setup_pieces = 3\n")
		}
	}
	b.sometimes(&c, 4, "orbital_invasion_defender_power = true")
	b.sometimes(&c, 4, "seize_power_base_keeps_piece = true")
	b.sometimes(&c, 6, "boarding_action_without_fleet = true")
	b.sometimes(&c, 4, `outcome_power_levels = "processing"`)
	engines := b.chance(3)
	if engines {
		c.WriteString(b.engineRules())
	}
	if p.AgeIdentity != "" {
		id, _ := age.ParseX25519Identity(p.AgeIdentity) // validated
		fmt.Fprintf(&c, "\n[secrecy]\nrecipient = %q\n", id.Recipient())
	}
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
	if engines {
		c.WriteString(b.engineRoster())
	}
	if b.chance(4) {
		// Medals won in an earlier campaign, each by one player: that
		// player's Alliance holds its benefit.
		b.benefit = map[processor.Medal]int{}
		for _, m := range processor.Medals {
			if b.chance(4) {
				continue
			}
			i := b.rng.IntN(p.Players)
			b.benefit[m] = i % p.Alliances
			fmt.Fprintf(&c, "\n[[medals]]\nmedal = %q\nplayers = [%q]\ncampaign = \"An earlier campaign\"\n", m, login(i))
		}
	}
	at := func(ph int, st processor.Step) string { return deadline(ph, st).Format(time.RFC3339) }
	for ph := 1; ph <= p.Phases; ph++ {
		fmt.Fprintf(&c, "\n[[deadlines]]\nphase = %d\n", ph)
		if ph > 1 {
			fmt.Fprintf(&c, "open_tome = %s\n", at(ph, processor.StepOpenTome))
		}
		fmt.Fprintf(&c, "operations = %s\nbattles = %s\nevents = %s\nmoves = %s\nbuilds = %s\n",
			at(ph, processor.StepOperations), at(ph, processor.StepBattles), at(ph, processor.StepEvents), at(ph, processor.StepMoves), at(ph, processor.StepBuilds))
		if ph == p.Phases {
			fmt.Fprintf(&c, "tiebreak = %s\n", at(ph, processor.StepTiebreak))
		}
	}
	for _, e := range p.Forced {
		fmt.Fprintf(&c, "\n[[forced_events]]\nphase = %d\nevent = %q\n", e.Phase, e.Event)
	}
	b.campaign = c.String()
	if err := b.write(processor.CampaignFile, b.campaign); err != nil {
		return err
	}
	if engines {
		for name, text := range engineProfiles {
			if err := b.write(folder.EnginesDir+"/"+name+".toml", text); err != nil {
				return err
			}
		}
	}
	// A connected map: a random spanning tree and some chords.
	var m strings.Builder
	locations := make([]int, p.Planets)
	for i := 0; i < p.Planets; i++ {
		locations[i] = 2 + b.rng.IntN(3)
		ts := slices.Clone(theatres)
		b.rng.Shuffle(len(ts), func(x, y int) { ts[x], ts[y] = ts[y], ts[x] })
		fmt.Fprintf(&m, "[[planets]]\nid = %q\nname = \"Planet %d\"\nlocations = %d\ntheatres = [%s]\n\n", planetID(i), i+1, locations[i], report.Quoted(ts[:1+b.rng.IntN(3)]))
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
	// By the first planet, then the second: a weighted difference tied
	// distinct lanes from 10,000 planets up, left in the map's order.
	slices.SortFunc(keys, func(x, y [2]int) int { return cmp.Or(cmp.Compare(x[0], y[0]), cmp.Compare(x[1], y[1])) })
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
	pieces := b.setupPieces
	strongholds := b.rng.Perm(p.Planets)
	// The Laurel of Victory's planet: its holder's Stronghold (2 locations
	// at least), where no other Alliance has anything (so 9 planets at least).
	laurel := -1
	if h, ok := b.benefit[processor.LaurelOfVictory]; ok && p.Planets >= 9 && locations[strongholds[h]] >= 2 && !b.chance(4) {
		laurel = strongholds[h]
	}
	for a := 0; a < p.Alliances; a++ {
		sh := strongholds[a%p.Planets]
		barred := func(x int) bool { return x == laurel && x != sh }
		others := slices.DeleteFunc(b.rng.Perm(p.Planets), func(x int) bool { return x == sh || barred(x) })
		var s strings.Builder
		fmt.Fprintf(&s, "stronghold = %q\npower3 = [%s]\npower2 = [%s]\n", planetID(sh), report.Quoted(ids(others[:3])), report.Quoted(ids(others[3:7])))
		used := map[int]int{sh: 1}
		perType := map[string]int{}
		if sh == laurel {
			fmt.Fprintf(&s, "laurel_of_victory = %q\n", planetID(sh))
			used[sh]++
			perType["fortification-line"]++ // the additional Fortification Line
		}
		anywhere := slices.DeleteFunc(b.rng.Perm(p.Planets), barred)
		if h, ok := b.benefit[processor.PenumbralWreath]; ok && h == a && !b.chance(4) {
			fmt.Fprintf(&s, "penumbral_wreath = [%s]\n", report.Quoted(ids(anywhere[:2])))
		}
		if h, ok := b.benefit[processor.SableDagger]; ok && h == a && !b.chance(4) {
			var swaps []string
			for k := range 1 + b.rng.IntN(3) {
				swaps = append(swaps, fmt.Sprintf("[%s]", report.Quoted(ids(anywhere[2*k:2*k+2]))))
			}
			fmt.Fprintf(&s, "sable_dagger = [%s]\n", strings.Join(swaps, ", "))
		}
		limit := map[string]int{"staging-grounds": 3, "support-facility": 3, "fortification-line": 5}
		types := []string{"staging-grounds", "support-facility", "fortification-line"}
		for n := 0; n < pieces; {
			pl := b.rng.IntN(p.Planets)
			t := types[b.rng.IntN(len(types))]
			if used[pl] >= locations[pl] || perType[t] >= limit[t] || barred(pl) {
				continue
			}
			used[pl]++
			perType[t]++
			fmt.Fprintf(&s, "\n[[infrastructure]]\nplanet = %q\ntype = %q\n", planetID(pl), t)
			if alt := b.rng.IntN(p.Planets); b.rng.IntN(2) == 0 && alt != pl && !barred(alt) {
				fmt.Fprintf(&s, "alternates = [%q]\n", planetID(alt))
			}
			n++
		}
		s.WriteString("\n[fleets]\n")
		for f := 0; f < p.Fleets; f++ {
			if (f%p.Players)%p.Alliances == a {
				fmt.Fprintf(&s, "%s = %q\n", fleetID(f), planetID(pick(b, anywhere)))
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
func (b *bot) fill(f *folder.Folder) (time.Time, error) {
	s := f.State
	now := start.AddDate(0, 0, -7)
	if s.Step != processor.StepSetup {
		now = deadline(s.Phase, s.Step).Add(b.later[s.Phase])
	}
	if s.Step == processor.StepTiebreak && s.End != nil && b.rng.IntN(2) == 0 {
		// The tied Alliances play their final battles: the first wins them all.
		var t strings.Builder
		first := s.End.Tied[0]

		for _, other := range s.End.Tied[1:] {
			fmt.Fprintf(&t, "[[battles]]\nplayers = [%q, %q]\nwinner = %q\n\n", f.Campaign.PlayersOf(first)[0], f.Campaign.PlayersOf(other)[0], first)
		}
		if f.Campaign.Rules.ConfirmResults {
			// Every tied Alliance stands behind it, or it waits.
			t.WriteString("[agreed]\n")
			for _, a := range s.End.Tied {
				fmt.Fprintf(&t, "%s = %q\n", a, first)
			}
		}
		if err := b.write(processor.TiebreakPath(s.Phase), t.String()); err != nil {
			return now, err
		}
	}
	if err := b.warmaster(f); err != nil {
		return now, err
	}
	for _, a := range phase.Awaited(f) {
		if a.Present || (s.Step != processor.StepSetup && b.rng.Float64() < b.p.Skip) {
			continue
		}
		var text string
		switch a.Step {
		case processor.StepOpenTome, processor.StepOperations:
			var ok bool
			if text, ok = b.orders(f, processor.Login(baseName(a.File))); !ok {
				continue
			}
		case processor.StepBattles:
			text = b.result(f, baseName(a.File), now)
			if f.Campaign.Rules.ConfirmResults {
				if err := b.confirm(s.Phase, baseName(a.File), text); err != nil {
					return now, err
				}
			}
		case processor.StepEvents:
			text = b.eventChoices(f, processor.AllianceID(baseName(a.File)))
		case processor.StepMoves:
			text = b.moves(f, processor.Login(baseName(a.File)))
		case processor.StepBuilds:
			text = b.build(f, processor.AllianceID(baseName(a.File)))
		default:
			continue // set-up files are written with the campaign; the tie-break above
		}
		if err := b.write(a.File, text); err != nil {
			return now, err
		}
		if a.Step == processor.StepOperations && b.p.AgeIdentity != "" && !b.chance(4) {
			// Sealed, as a player seals them (An Open Tome's are declared
			// openly): the check the seal makes is the one they pass.
			if err := phase.SealOrders(b.dir.Path(), a.File, phase.Options{Now: now}); err != nil {
				return now, fmt.Errorf("simulate: seal %s: %w", a.File, err)
			}
		}
	}
	return now, nil
}

// confirm has the other side of a simulated battle stand behind its
// result, as it counts under confirm_results; now and then it disputes it
// instead, and the Warmaster rules on the dispute at once (a disputed
// result waits for the ruling, past the deadline too), upholding or
// overturning it.
func (b *bot) confirm(phase int, battle, result string) error {
	sum := sha256.Sum256([]byte(result))
	digest := hex.EncodeToString(sum[:])
	if !b.chance(8) {
		return b.write(processor.InputPath(phase, "confirmations", battle), fmt.Sprintf("confirms = %q\n", digest))
	}
	if err := b.write(processor.InputPath(phase, "confirmations", battle), fmt.Sprintf("disputes = %q\nwhy = \"The victory points were added up wrongly.\"\n", digest)); err != nil {
		return err
	}
	ruling := fmt.Sprintf("upholds = %q\nwhy = \"The scoresheet agrees with the result.\"\n", digest)
	if b.chance(2) {
		ruling = fmt.Sprintf("overturns = %q\nwhy = \"The scoresheet does not agree with the result.\"\n", digest)
	}
	return b.write(processor.InputPath(phase, "rulings", battle), ruling)
}

func baseName(file string) string {
	return strings.TrimSuffix(filepath.Base(file), ".toml")
}

func (b *bot) moves(f *folder.Folder, l processor.Login) string {
	c, s := f.Campaign, f.State
	var out strings.Builder
	out.WriteString("[moves]\n")
	for _, fl := range c.FleetsOf(l) {
		if slices.Contains(s.Stalled, fl) {
			continue // Boarding Action — Defender wins: it cannot move this phase
		}
		a, at := c.FleetAlliance(fl), s.Fleets[fl]
		to := s.Connected(a, at)
		if len(to) == 0 || b.chance(2) {
			continue
		}
		first := pick(b, to)
		if holder, ok := s.Benefits[processor.StarOfTheVoidfarer]; ok && holder == a && s.Phase == 1 && !b.chance(4) {
			// Star of the Voidfarer: up to two moves in phase 1.
			if next := s.Connected(a, first); len(next) > 0 {
				fmt.Fprintf(&out, "%s = [%q, %q]\n", fl, first, pick(b, next))
				continue
			}
		}
		fmt.Fprintf(&out, "%s = %q\n", fl, first)
	}
	return out.String()
}

func (b *bot) build(f *folder.Folder, a processor.AllianceID) string {
	c, s := f.Campaign, f.State
	var cands []string
	for _, fl := range c.AllianceFleets(a) {
		at := s.Fleets[fl]
		for _, p := range append([]processor.PlanetID{at}, s.Connected(a, at)...) {
			for _, t := range buildable {
				if s.CanBuild(p, a, t) == "" {
					cands = append(cands, fmt.Sprintf("planet = %q\ninfrastructure = %q\n", p, t))
				}
			}
		}
	}
	if len(cands) == 0 || b.rng.IntN(5) == 0 {
		return "# nothing this phase\n"
	}
	return pick(b, cands)
}

func ids(xs []int) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = planetID(x)
	}
	return out
}
