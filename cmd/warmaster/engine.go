package main

import (
	"cmp"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/urfave/cli/v2"
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/dice"
	"github.com/warmaster/warmaster/processor/engines"
	"github.com/warmaster/warmaster/processor/folder"
)

// engineFlags are the flags of `warmaster engine`, given before or after
// the procedure: one set for every procedure, each saying which it is for.
var engineFlags = []cli.Flag{
	&cli.StringFlag{Name: "campaign", Usage: "the campaign folder whose state holds the engine's condition (with --engine)"},
	&cli.StringFlag{Name: "engine", Usage: "the engine's id in the campaign's [[war_engines]] (with --campaign)"},
	&cli.StringFlag{Name: "profile", Usage: "instead of --campaign: a profile file (engines/<profile>.toml); the engine is undamaged"},
	&cli.StringFlag{Name: "seed", Usage: "the dice key: the campaign's seed (or key) reproduces its rolls (default: a random key, printed)"},
	&cli.StringFlag{Name: "label", Value: "engine", Usage: "the engine's dice label, e.g. phase-01/2.4/blue-1/engines/titan-1; the procedure adds what it rolls (landing, damage/1, glancing/1…)"},
	&cli.IntFlag{Name: "impassable", Usage: "landing: times it landed on Impassable Scenery (5 dice each)"},
	&cli.IntFlag{Name: "tough", Usage: "landing: times it landed on Tough scenery (2 dice each)"},
	&cli.IntFlag{Name: "enemy-within-3", Usage: "landing: enemy squads within 3\" (2 dice each; 1 under behemoth_landing_enemy_dice = 1, with --campaign)"},
	&cli.IntFlag{Name: "units", Usage: "landing: units it landed on (1 die each)"},
	&cli.IntFlag{Name: "anti-aircraft", Usage: "landing: AA weapons with it in R(C) and line of sight (1 die each)"},
	&cli.StringFlag{Name: "zone", Usage: "damage: the zone the weapon targeted: hull, legs or weapons"},
	&cli.IntFlag{Name: "points", DefaultText: "none", Usage: "damage: the Damage Points the weapon took from the zone"},
	&cli.IntFlag{Name: "stomp", DefaultText: "none", Usage: "damage: instead of --zone, hits from moving through Impassable scenery that failed to damage it (each costs 1 Damage Point from a random zone)"},
	&cli.IntFlag{Name: "entry", Value: 1, Usage: "damage: its place among the battle's damage entries (its dice stream: LABEL/damage/N)"},
	&cli.StringSliceFlag{Name: "crippled", Usage: "landing, damage: the pick for each Crippled result with options, in order (repeat the flag)"},
	&cli.StringSliceFlag{Name: "chain", Usage: "landing, damage: the zone for each chain reaction, in order (repeat the flag)"},
	&cli.StringFlag{Name: "hits", Usage: "hits: the hits in order, comma-separated: glancing, penetrating, close-combat-glancing, close-combat-penetrating, volcano-glancing, volcano-penetrating"},
	&cli.StringSliceFlag{Name: "weapon-lost", Usage: "hits: the opponent's pick for each Weapon Destroyed, in order (repeat the flag)"},
	&cli.BoolFlag{Name: "titan-weapon", Usage: "hits: the close-combat hits were scored by a Titan close combat weapon (a result's close_combat_by): each adds D3 structure points"},
	&cli.IntFlag{Name: "turns", DefaultText: "none", Usage: fmt.Sprintf("hits: the owner's turns played (1 to %d), as a result's turns: Imperial Void Fields down are rolled for at the start of each (LABEL/void-fields, LABEL/void-fields/2…), as the campaign rolls them; without it, once at the start of the battle, as the campaign does for a result without turns", engines.MaxTurns)},
	&cli.StringFlag{Name: "volcano-pick", Usage: "hits: which of a Volcano Cannon's 2D6 the attacking player uses, higher or lower, as [rules] volcano_cannon_pick (default: the campaign's with --campaign, otherwise higher)"},
	&cli.StringFlag{Name: "hit-turns", Usage: "hits, with --turns: the owner's turn of each hit, comma-separated, as a result's hit_turns (default: all in the first)"},
}

// engineCommand resolves one war-engine procedure at the table, printing
// the narrative and every die; it never writes.
func engineCommand() *cli.Command {
	proc := func(name, usage string) *cli.Command {
		return &cli.Command{Name: name, Usage: usage, Description: procedureFlags(name), Action: cmdEngine, OnUsageError: onUsageError}
	}
	return &cli.Command{
		Name:  "engine",
		Usage: "resolve one war-engine procedure at the table (landing, damage, hits, destroy) and print every event and die; writes nothing",
		Description: "The engine is --campaign DIR --engine ID (its condition in the campaign's state and the campaign's [rules]) or --profile FILE (undamaged, the default readings).\n" +
			"With --seed and --label the dice come from the campaign's labelled streams, so a roll of the campaign can be reproduced.",
		ArgsUsage: "landing|damage|hits|destroy",
		Flags:     engineFlags,
		// A procedure's help is `engine PROCEDURE --help`; a help
		// procedure would be one more than the reference lists.
		HideHelpCommand: true,
		Subcommands: []*cli.Command{
			proc("landing", "Behemoth: a Drop-harness landing (--impassable, --tough, --enemy-within-3, --units, --anti-aircraft: how often each condition was met, once what the landing destroyed is removed)"),
			proc("damage", "Behemoth: one weapon's damage to a zone (--zone, --points) or a stomp's failed hits (--stomp)"),
			proc("hits", "War Machine: glancing and penetrating hits (--hits glancing,penetrating,...), in the battle as the campaign resolves it: its Void Field repairs at the start of each of --turns (once, at the start of the battle, without it)"),
			proc("destroy", "the destruction roll: a Behemoth's explosion or singularity; a War Machine's Catastrophic Damage Table"),
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usagef("unknown procedure %q; engine takes landing, damage, hits or destroy", c.Args().First())
			}
			return usagef("engine needs a procedure: landing, damage, hits or destroy")
		},
	}
}

// procedureFlags lists, for a procedure's help, the engine flags it
// reads: those of every procedure, and those whose usage names it
// ("landing, damage: …"). They are engine's, given before or after the
// procedure: its own help would list --help alone.
func procedureFlags(name string) string {
	var b strings.Builder
	b.WriteString("Its flags, given before or after the procedure:\n")
	for _, f := range engineFlags {
		if procs := flagProcedures(f); procs != nil && !slices.Contains(procs, name) {
			continue
		}
		fmt.Fprintf(&b, "   %s\n", strings.ReplaceAll(f.String(), "\t", "  "))
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// engineProcedures are engine's procedures, as its usage names them.
var engineProcedures = []string{"landing", "damage", "hits", "destroy"}

// flagProcedures are the procedures an engine flag is read by, as its
// usage opens ("landing, damage: …", "hits, with --turns: …"); nil for a
// flag of every procedure (TestEngineFlagProcedures holds each flag's).
func flagProcedures(f cli.Flag) []string {
	scope, _, ok := strings.Cut(f.(cli.DocGenerationFlag).GetUsage(), ":")
	var procs []string
	for _, w := range strings.FieldsFunc(scope, func(r rune) bool { return r == ',' || r == ' ' }) {
		if slices.Contains(engineProcedures, w) {
			procs = append(procs, w)
		}
	}
	if !ok || len(procs) == 0 || !strings.HasPrefix(scope, procs[0]) {
		return nil
	}
	return procs
}

// tableEngine is the engine the procedure resolves on.
type tableEngine struct {
	name    string
	profile *engines.Profile
	cond    processor.EngineCondition
	rules   engines.Rules
}

func loadTableEngine(c *cli.Context) (*tableEngine, error) {
	dir, id, file := c.String("campaign"), c.String("engine"), c.String("profile")
	switch {
	case file != "" && (dir != "" || id != ""):
		return nil, usagef("give either --profile FILE or --campaign DIR --engine ID, not both")
	case file != "":
		p, err := folder.ReadProfile(file)
		if err != nil {
			return nil, printFaults(c.App.ErrWriter, ".", err, false)
		}
		t := &tableEngine{name: fmt.Sprintf("%s (%s)", p.Name, file), profile: p}
		if p.Behemoth != nil {
			t.cond.Behemoth = engines.NewBehemothCondition(p.Behemoth)
		} else {
			t.cond.WarMachine = engines.NewWarMachineCondition(p.WarMachine)
		}
		return t, nil
	case dir == "" || id == "":
		return nil, usagef("engine needs --campaign DIR --engine ID, or --profile FILE")
	}
	f, err := folder.Load(dir)
	if err != nil {
		return nil, printFaults(c.App.ErrWriter, dir, err, false)
	}
	e, ok := f.Campaign.Engines.Engine(processor.EngineID(id))
	if !ok {
		var ids []string
		for _, x := range f.Campaign.Engines.Engines {
			ids = append(ids, string(x.ID))
		}
		return nil, refusedError{fmt.Errorf("%s has no war engine %q; its engines: %s", dir, id, strings.Join(ids, ", "))}
	}
	return &tableEngine{name: fmt.Sprintf("%s (%s's %s)", e.ID, e.Fleet, e.Profile.Name), profile: e.Profile, cond: f.State.Engines[e.ID], rules: f.Campaign.Engines.Rules}, nil
}

// cmdEngine resolves the procedure the subcommand names: the flags make a
// request, engines.Resolve runs it, the command prints what it did.
func cmdEngine(c *cli.Context) error {
	if c.NArg() > 0 {
		return usagef("engine %s takes flags only, got %q", c.Command.Name, c.Args().First())
	}
	t, err := loadTableEngine(c)
	if err != nil {
		return err
	}
	seed := engineSeed(c)
	req := engines.Request{
		Procedure: c.Command.Name, Profile: t.profile, Behemoth: t.cond.Behemoth, WarMachine: t.cond.WarMachine,
		Rules: t.rules, Roll: dice.New(seed), Label: c.String("label"),
	}
	// The engine's kind first: a procedure of the other kind says so
	// before any of its flags is read.
	if err := engines.CheckKind(req.Procedure, t.profile); err != nil {
		return engineUsage(c, t, err)
	}
	if err := engineRequest(c, &req); err != nil {
		return err
	}
	res, err := engines.Resolve(req)
	if err != nil {
		return engineUsage(c, t, err)
	}
	printProcedure(c.App.Writer, t.name, t.cond.Describe(t.profile), res.After, res.Events, res.Rolls, seed, c.IsSet("seed"))
	return nil
}

// engineSeed is --seed, or a random dice key (printed with the dice).
func engineSeed(c *cli.Context) string {
	if seed := c.String("seed"); seed != "" {
		return seed
	}
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// engineUsage says in the command's words what engines refused of the
// request.
func engineUsage(c *cli.Context, t *tableEngine, err error) error {
	var kind *engines.KindError
	var zone *engines.ZoneError
	switch {
	case errors.As(err, &kind):
		return usagef("engine %s is for a %s; %s is a %s", c.Command.Name, kind.Kind, t.name, t.profile.Kind())
	case errors.As(err, &zone):
		return usagef("--zone %q is not a zone: hull, legs or weapons", zone.Zone)
	case errors.Is(err, engines.ErrDamageTarget):
		return usagef("engine damage needs --zone and --points (a weapon's damage), or --stomp N (hits from Impassable scenery)")
	}
	return err
}

// engineRequest reads the flags of the request's procedure into it.
func engineRequest(c *cli.Context, req *engines.Request) error {
	switch req.Procedure {
	case engines.ProcLanding:
		// As a result's landing counts (the results schema's count).
		for _, f := range engineFlags {
			name := f.Names()[0]
			if u, ok := f.(*cli.IntFlag); ok && slices.Equal(flagProcedures(f), []string{"landing"}) && (c.Int(name) < 0 || c.Int(name) > maxLandingCount) {
				what, _, _ := strings.Cut(strings.TrimPrefix(u.Usage, "landing: "), " (")
				return usagef("--%s %d: give a whole number from 0 to %d, how often the condition was met (%s)", name, c.Int(name), maxLandingCount, what)
			}
		}
		req.Landing = engines.Landing{Impassable: c.Int("impassable"), Tough: c.Int("tough"), EnemyNear: c.Int("enemy-within-3"), Units: c.Int("units"), AntiAircraft: c.Int("anti-aircraft")}
		return engineChoices(c, req, true)
	case engines.ProcDamage:
		req.Zone, req.Points, req.Stomp, req.Entry = c.String("zone"), c.Int("points"), c.Int("stomp"), c.Int("entry")
		if err := damageCounts(c, req); err != nil {
			return err
		}
		return engineChoices(c, req, c.IsSet("stomp"))
	case engines.ProcHits:
		return engineBattle(c, req)
	}
	return nil
}

// What a result's war engine entry may hold (the results schema's bounds,
// which TestEngineBoundsAreTheResults holds these to): the most times a
// landing's condition was met; the most hits in a stomp (D3, "Moving and
// stomping"); the most damage entries, hits, hit turns, chain reactions or
// Crippled picks; the most Weapon Destroyed picks.
const (
	maxLandingCount = 20
	maxStomp        = 3
	maxEntries      = 100
	maxWeaponsLost  = 50
)

// listCap refuses a list flag given more items than a result may hold.
func listCap(flag string, n, most int, what string) error {
	if n > most {
		return usagef("--%s: %d %s; a result holds at most %d", flag, n, what, most)
	}
	return nil
}

// damageCounts holds engine damage's --stomp and --points to what a
// result's damage entry may say: a stomp is D3 hits ("Moving and
// stomping"), and a weapon takes 1 Damage Point or more, at most the
// zone's full (processor's behemothEntry says the same of a result).
func damageCounts(c *cli.Context, req *engines.Request) error {
	if c.IsSet("stomp") && (c.IsSet("zone") || c.IsSet("points")) {
		return usagef("give either --zone and --points (a weapon's damage to one zone) or --stomp N (hits from Impassable scenery), not both")
	}
	if req.Entry < 1 || req.Entry > maxEntries {
		return usagef("--entry %d: damage entries count from 1 (the first is LABEL/damage/1) to %d, the most a result holds", req.Entry, maxEntries)
	}
	if c.IsSet("stomp") && (req.Stomp < 1 || req.Stomp > maxStomp) {
		return usagef("--stomp %d: a stomp is D3 hits: give 1 to %d", req.Stomp, maxStomp)
	}
	if !c.IsSet("points") {
		return nil
	}
	if req.Points < 1 {
		return usagef("--points %d: give the Damage Points the weapon took, 1 or more", req.Points)
	}
	if z, ok := engines.ParseZone(req.Zone); ok && req.Profile.Behemoth != nil {
		if full := req.Profile.Behemoth.Zones[z].DamagePoints; req.Points > full {
			return usagef("--points %d: more than the %s can lose: %s's %s has %d Damage Points", req.Points, z.Title(), req.Profile.Name, z.Title(), full)
		}
	}
	return nil
}

// engineChoices reads --crippled and --chain; untargeted, the damage is a
// landing's or a stomp's, whose chain reactions the default rules roll.
func engineChoices(c *cli.Context, req *engines.Request, untargeted bool) error {
	req.Choices = engines.Choices{Crippled: c.StringSlice("crippled")}
	if err := cmp.Or(listCap("crippled", len(req.Choices.Crippled), maxEntries, "Crippled picks"), listCap("chain", len(c.StringSlice("chain")), maxEntries, "chain reactions")); err != nil {
		return err
	}
	if untargeted && c.IsSet("chain") && req.Rules.UntargetedChain == engines.ChainRandom {
		// As check says of a result's chain there; --profile reads the
		// default rules, which a campaign may not.
		instead := "leave it out"
		if c.IsSet("profile") {
			instead += " (--profile reads the rules at their defaults: for a campaign with behemoth_untargeted_chain = \"opponent\", give --campaign DIR --engine ID)"
		}
		return usagef("--chain is never used here: these rules roll the Zone of a chain reaction from landing or stomp damage ([rules] behemoth_untargeted_chain = \"random\"); %s", instead)
	}
	for _, s := range c.StringSlice("chain") {
		z, ok := engines.ParseZone(s)
		if !ok {
			return usagef("--chain %q is not a zone: hull, legs or weapons", s)
		}
		req.Choices.Chain = append(req.Choices.Chain, z)
	}
	return nil
}

// engineBattle reads the flags of engine hits: the hits, the picks, the
// turns, and the campaign's Volcano Cannon reading overridden.
func engineBattle(c *cli.Context, req *engines.Request) error {
	hits, err := engineHits(c)
	if err != nil {
		return err
	}
	if c.IsSet("volcano-pick") {
		if err := req.Rules.VolcanoPick.UnmarshalText([]byte(c.String("volcano-pick"))); err != nil {
			return usagef("--volcano-pick %q: give higher or lower", c.String("volcano-pick"))
		}
	}
	battle := engines.Battle{Hits: hits, WeaponsLost: c.StringSlice("weapon-lost"), Turns: c.Int("turns")}
	if err := cmp.Or(listCap("hits", len(hits), maxEntries, "hits"), listCap("weapon-lost", len(battle.WeaponsLost), maxWeaponsLost, "Weapon Destroyed picks")); err != nil {
		return err
	}
	// As a result's turns and hit_turns: they time Imperial Void Field
	// repairs alone.
	if !req.Profile.WarMachine.RepairsVoidFields() {
		for _, name := range []string{"turns", "hit-turns"} {
			if c.IsSet(name) {
				return usagef("--%s: %s has no Imperial Void Fields: the turns time only their repair rolls; leave it out", name, req.Profile.Name)
			}
		}
	}
	for _, x := range battle.WeaponsLost {
		// As a result's weapons_lost: checked whether or not a Weapon Destroyed comes up.
		if msg := processor.WeaponLostProblem(req.Profile, x); msg != "" {
			return usagef("--weapon-lost: %s", msg)
		}
	}
	if battle.HitTurns, err = engineHitTurns(c); err != nil {
		return err
	}
	if err := listCap("hit-turns", len(battle.HitTurns), maxEntries, "turns"); err != nil {
		return err
	}
	switch {
	case c.IsSet("turns") && battle.Turns < 1:
		return usagef("--turns %d: the owner plays 1 turn or more", battle.Turns)
	case battle.Turns > engines.MaxTurns:
		return usagef("--turns %d: give 1 to %d, the owner's turns played (a result's turns is at most %d)", battle.Turns, engines.MaxTurns, engines.MaxTurns)
	case !c.IsSet("turns") && battle.HitTurns != nil:
		return usagef("--hit-turns needs --turns: the owner's turns played")
	}
	if faults := battle.Check(); len(faults) > 0 {
		var msgs []string
		for _, f := range faults {
			msgs = append(msgs, f.Message)
		}
		return usagef("--hit-turns: %s", strings.Join(msgs, "; "))
	}
	req.Battle = battle
	return nil
}

// engineHits reads --hits, with --titan-weapon.
func engineHits(c *cli.Context) ([]engines.Hit, error) {
	var hits []engines.Hit
	for _, s := range strings.Split(c.String("hits"), ",") {
		if s = strings.TrimSpace(s); s == "" {
			continue
		}
		h, ok := engines.ParseHit(s)
		if !ok {
			return nil, usagef("--hits: %q is not a hit: %s", s, strings.Join(engines.HitNames(), ", "))
		}
		hits = append(hits, h)
	}
	if len(hits) == 0 {
		return nil, usagef("engine hits needs --hits, e.g. --hits glancing,penetrating")
	}
	if c.Bool("titan-weapon") {
		closeCombat := false
		for i := range hits {
			hits[i].TitanWeapon = hits[i].Source == engines.CloseCombat
			closeCombat = closeCombat || hits[i].TitanWeapon
		}
		if !closeCombat {
			return nil, usagef("--titan-weapon: no close-combat hit in --hits; list the hits the Titan close combat weapon scored as close-combat-glancing or close-combat-penetrating")
		}
	}
	return hits, nil
}

// engineHitTurns reads --hit-turns: nil when it is not given.
func engineHitTurns(c *cli.Context) ([]int, error) {
	s := c.String("hit-turns")
	if s == "" {
		return nil, nil
	}
	var turns []int
	for _, x := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(x))
		if err != nil {
			return nil, usagef("--hit-turns: %q is not a turn: give one whole number per hit, e.g. --hit-turns 1,1,2", x)
		}
		turns = append(turns, n)
	}
	return turns, nil
}

func printProcedure(out io.Writer, name, before, after string, events []string, rolls []dice.Roll, seed string, given bool) {
	fmt.Fprintf(out, "%s\nbefore: %s\n", name, before)
	for _, e := range events {
		fmt.Fprintf(out, "- %s\n", e)
	}
	fmt.Fprintf(out, "after: %s\n", after)
	if len(rolls) == 0 {
		fmt.Fprintln(out, "no dice rolled")
		return
	}
	if given {
		fmt.Fprintf(out, "dice (seed %q):\n", seed)
	} else {
		fmt.Fprintf(out, "dice (random seed %s; give --seed %s to roll them again):\n", seed, seed)
	}
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	for _, r := range rolls {
		fmt.Fprintf(tw, "  %s\t%s\t%d\t%s\n", r.Label, r.Dice, r.Result, r.Why)
	}
	tw.Flush()
}
