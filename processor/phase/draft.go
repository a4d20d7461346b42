package phase

import (
	"cmp"
	"fmt"
	"path"
	"slices"
	"strings"
	"time"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/attacks"
	"github.com/warmaster/warmaster/processor/disk"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/folder/owntoml"
	"github.com/warmaster/warmaster/processor/report"
	"github.com/warmaster/warmaster/processor/seal"
)

// Draft is a ready-to-edit input file the campaign awaits: every key, the
// legal choices as comments, and the values the rules apply by default
// (orders: Logistical Auxilia; moves, builds, event choices: none). Such a
// draft passes check as it is. A results, set-up or tie-break draft has no
// default to give: its values are left empty, and check refuses it until
// they are filled in.
type Draft struct {
	File string // slash path inside the campaign folder
	Text string
	// Fill names the values left empty for the player to fill in; none
	// when the draft passes check as it is.
	Fill []string
	// Short is Text without the comments that only list choices: what a
	// link carries when Text is too long for one.
	Short string
}

// Drafts returns a draft of each FILE (slash paths inside the campaign
// folder dir), which must each be an input the campaign awaits now, as
// `warmaster status` lists them. Faults in other inputs do not matter: a
// draft depends on the campaign, the map and the state only.
func Drafts(dir string, files []string) ([]Draft, error) {
	f, _, err := folder.LoadDir(dir)
	if err != nil {
		return nil, err
	}
	r := newRun(f, time.Time{})
	aw := r.awaited(nil)
	var refused []string
	out := make([]Draft, 0, len(files))
	for _, file := range files {
		if slices.ContainsFunc(out, func(d Draft) bool { return d.File == file }) {
			continue // named twice
		}
		i := slices.IndexFunc(aw, func(a Await) bool { return a.File == file })
		if text, ok := folder.ConfirmationDraft(f, file); i < 0 && ok {
			out = append(out, Draft{File: file, Text: text, Short: text}) // a result's, awaited as status lists it
			continue
		} else if i < 0 {
			refused = append(refused, file)
			continue
		}
		out = append(out, r.draft(aw[i]))
	}
	if len(refused) > 0 {
		e := &processor.NotAwaitedError{Files: refused, Step: r.stepText()}
		for _, a := range aw {
			e.Awaited = append(e.Awaited, a.File)
		}
		for _, file := range refused {
			if step, ok := r.comesLater(file); ok {
				e.Early = append(e.Early, processor.EarlyFile{File: file, Step: step.Title()})
			}
		}
		return nil, e
	}
	return out, nil
}

// comesLater reports whether file is a player's input for a step of the
// current phase still to come (a file that may come early), and its step.
func (r drafts) comesLater(file string) (processor.Step, bool) {
	cp := folder.Classify(file)
	step, ok := cp.Step()
	s := r.s
	if !ok || step == processor.StepSetup || s.Step == processor.StepSetup || s.Step == processor.StepEnded || cp.Phase != s.Phase || step <= s.Step {
		return 0, false
	}
	// Someone the campaign knows: a player's moves, an Alliance's builds
	// or event choices, a fleet's result.
	switch cp.Kind {
	case folder.KindMoves:
		ok = slices.Contains(r.c.Commanders(), processor.Login(cp.Name))
	case folder.KindBuilds, folder.KindEvents:
		ok = slices.Contains(r.c.AllianceIDs(), processor.AllianceID(cp.Name))
	case folder.KindResults:
		_, ok = r.c.FleetOf(processor.FleetID(cp.Name))
	default:
		ok = false
	}
	return step, ok
}

// WriteDrafts writes each draft to its file in the campaign folder dir,
// never over an existing file: if any exists, nothing is written. A file
// that holds its draft already, byte for byte (a run killed after it
// wrote it, run again), is not written again: held lists those. The
// folder is held and written as advance writes it (disk): all the drafts
// or none, and never through a link.
func WriteDrafts(dir string, ds []Draft) (held []string, err error) {
	e, err := OpenEdit(dir)
	if err != nil {
		return nil, fmt.Errorf("draft: %w", err)
	}
	defer e.Close()
	var there []string
	changes := make([]disk.Change, 0, len(ds))
	for _, d := range ds {
		// Orders sealed already (<login>.toml.age) are in too: a plain file
		// beside them would be a fault.
		if e.d.IsFile(d.File + seal.SealedExt) {
			there = append(there, d.File+seal.SealedExt)
		}
		if e.d.IsFile(d.File) {
			if data, err := e.d.ReadFile(d.File); err == nil && string(data) == d.Text {
				held = append(held, d.File)
			} else {
				there = append(there, d.File)
			}
			continue
		}
		changes = append(changes, disk.Change{Path: d.File, Data: []byte(d.Text)})
	}
	if len(there) > 0 {
		return nil, fmt.Errorf("draft: %s %s already; a draft is never written over a file (edit it, or remove it first); nothing was written", strings.Join(there, ", "), report.Agree(len(there), "exists", "exist"))
	}
	if len(changes) == 0 {
		return held, nil
	}
	if err := e.d.Commit(changes); err != nil {
		return nil, fmt.Errorf("draft: %w; nothing was written", err)
	}
	return held, nil
}

// draft is the draft of one awaited input, from the campaign and the state
// only (not from other inputs), so that the README's links are the same
// when replay writes it again.
func (r drafts) draft(a Await) Draft {
	t := &owntoml.Commented{}
	name := strings.TrimSuffix(path.Base(a.File), ".toml")
	var fill []string
	switch a.Step {
	case processor.StepSetup:
		fill = r.draftSetup(t, processor.AllianceID(name))
	case processor.StepOpenTome, processor.StepOperations:
		fill = r.draftOrders(t, processor.Login(name), a)
	case processor.StepBattles:
		fill = r.draftResult(t, name, a)
	case processor.StepEvents:
		r.draftEvents(t, processor.AllianceID(name), a)
	case processor.StepMoves:
		r.draftMoves(t, processor.Login(name), a)
	case processor.StepBuilds:
		r.draftBuild(t, processor.AllianceID(name), a)
	case processor.StepTiebreak:
		fill = r.draftTiebreak(t, a)
	}
	return Draft{File: a.File, Text: t.Text(false), Fill: fill, Short: t.Text(true)}
}

func deadlineSentence(c *processor.Campaign, a Await, past string) string {
	if a.Deadline.IsZero() {
		return "No deadline: the step waits for every file."
	}
	return fmt.Sprintf("Due by %s; %s", deadlineText(c, a), past)
}

func (r drafts) allianceText(a processor.AllianceID) string {
	return fmt.Sprintf("%s (%s)", r.c.AllianceName(a), a)
}

// buildable are the piece types an Alliance can build at a planet now.
func (r drafts) buildable(p processor.PlanetID, a processor.AllianceID) []processor.InfraType {
	var out []processor.InfraType
	for _, t := range []processor.InfraType{processor.FortificationLine, processor.SupportFacility, processor.StagingGrounds} {
		if r.s.CanBuild(p, a, t) == "" {
			out = append(out, t)
		}
	}
	return out
}

// draftOrders: Select Operations — one Campaign Operation per Fleet; "that
// Fleet will default to performing the Logistical Auxilia Operation", the
// value each fleet gets here.
func (r drafts) draftOrders(t *owntoml.Commented, l processor.Login, a Await) []string {
	s := r.s
	p, _ := r.c.PlayerOf(l)
	al := p.Alliance
	t.Say("Orders of %s, %s, for phase %d, step %s: one operation per fleet.", l, r.allianceText(al), s.Phase, s.Step.Title())
	t.Say("%s", deadlineSentence(r.c, a, "with no orders file of yours by then, all your fleets perform Logistical Auxilia, the value written below."))
	switch {
	case s.Step == processor.StepOpenTome:
		t.Say("An Open Tome: %s declares its operations first, openly: these orders cannot be sealed.", al)
	case r.c.Recipient != "":
		t.Say("This campaign seals orders: `warmaster seal %s` encrypts the file until 2.1 Reveal; committed as it is, everyone can read it at once.", a.File)
	}
	sinister, piracy := r.sinisterOmens(), len(s.Active(processor.VoidPiracy)) > 0
	if sinister {
		t.Say("Sinister Omens: no fleet may be ordered to perform Logistical Auxilia in phase %d (a fleet left out still does, to no effect), so this draft deploys Kill Teams at each fleet's planet instead.", s.Phase)
	}
	if piracy {
		t.Say("Void Piracy: no Void Leap in phase %d, and Support Facilities count for nothing.", s.Phase)
	}
	t.Blank()
	t.Help("Operations and their keys:")
	t.Help("battle: attack, planet (the fleet's planet or a connected one), defender; optional [operations.outcome]")
	t.Help("void-leap: planet (any planet not destroyed, the fleet's own too)")
	t.Help("raise-edifices: infrastructure (built on the fleet's own planet)")
	t.Help("logistical-auxilia: no keys (the Defender chooses the theatre of an attack on its Alliance at the fleet's planet or a connected one)")
	t.Help("deploy-kill-teams: planet (the fleet's planet or a connected one)")
	var attacks []string
	for at := processor.SeizePowerBase; at <= processor.BoardingAction; at++ {
		attacks = append(attacks, at.String())
	}
	t.Help("Attack types: %s.", report.Either(attacks))
	t.Help("[operations.outcome] gives your Attacker wins choices should the battle go unplayed (the keys of a result's [outcome]).")
	var destroyed []processor.PlanetID
	for _, q := range r.c.Map.IDs() {
		if s.Destroyed(q) {
			destroyed = append(destroyed, q)
		}
	}
	entries := 0
	for _, fl := range r.c.FleetsOf(l) {
		at := s.Fleets[fl]
		reach := r.s.Reachable(al, at)
		t.Blank()
		switch {
		case !sinister:
			t.TOML("[[operations]]")
			t.TOML("fleet = %q  # at %s", fl, at)
			t.TOML("operation = %q", processor.LogisticalAuxilia.String())
			entries++
		case len(reach) > 0:
			t.TOML("[[operations]]")
			t.TOML("fleet = %q  # at %s", fl, at)
			t.TOML("operation = %q", processor.DeployKillTeams.String())
			t.TOML("planet = %q", reach[0])
			entries++
		default:
			t.Say("%s at %s has no planet in reach for Kill Teams: leave it out (it performs Logistical Auxilia), or order it below.", fl, at)
			t.Say("[[operations]]")
			t.Say("fleet = %q", fl)
		}
		t.Help("%s: battle or deploy-kill-teams: planet = %s", fl, report.Either(reach))
		others := processor.Checker{C: r.c}.Others(al)
		t.Help("battle: defender = %s", report.Either(others))
		if !r.c.Rules.BoardingActionWithoutFleet {
			var targets []string
			for _, q := range reach {
				for _, d := range others {
					for _, f := range r.attackRules().DefendingFleetsAt(d, q) {
						targets = append(targets, fmt.Sprintf("%s (%s) at %s", f, d, q))
					}
				}
			}
			t.Help("boarding-action needs a fleet of the defender at the planet: %s", report.OneOf(targets))
		}
		switch {
		case piracy:
			t.Help("void-leap: not in this phase (Void Piracy)")
		case len(destroyed) > 0:
			t.Help("void-leap: planet = any but the destroyed %s", report.OneOf(destroyed))
		default:
			t.Help("void-leap: planet = any")
		}
		if types := r.buildable(at, al); len(types) > 0 {
			t.Help("raise-edifices: infrastructure = %s", report.Either(processor.InfraNames(types)))
		} else {
			why := fmt.Sprintf("%s is at its limit of every type", al)
			if s.Destroyed(at) || s.FreeLocations(at) == 0 || s.LaurelBar(at, al) != "" {
				why = s.CanBuild(at, al, processor.FortificationLine) // the planet's reason, the same for every type
			}
			t.Help("raise-edifices: nothing can be built at %s: %s", at, why)
		}
		if r.defiantZeal(fl) {
			t.Help("Defiant Zeal: %s may have a second [[operations]] entry; its battle would be %s-2", fl, fl)
		}
	}
	if entries == 0 {
		return []string{"operations"}
	}
	return nil
}

// draftMoves: Move Fleets — a fleet left out stays, the default.
func (r drafts) draftMoves(t *owntoml.Commented, l processor.Login, a Await) {
	s := r.s
	p, _ := r.c.PlayerOf(l)
	al := p.Alliance
	t.Say("Moves of %s, %s, for phase %d, step %s.", l, r.allianceText(al), s.Phase, s.Step.Title())
	t.Say("%s", deadlineSentence(r.c, a, "a fleet without a move then stays where it is."))
	t.Say("A fleet left out stays: the default, as written. To move one, remove the # before its line and keep one planet connected to its own.")
	double := false
	if holder, ok := s.Benefits[processor.StarOfTheVoidfarer]; ok && holder == al && s.Phase == 1 {
		double = true
		t.Help("Star of the Voidfarer: a fleet may move twice, each time to a planet connected to the one it is on then: fleet = [\"first\", \"second\"].")
	}
	t.Blank()
	t.TOML("[moves]")
	for _, fl := range r.c.FleetsOf(l) {
		at := s.Fleets[fl]
		if s.IsStalled(fl) {
			t.Say("%s stays at %s: it cannot move in this phase (Boarding Action — Defender wins).", fl, at)
			continue
		}
		conn := s.Connected(al, at)
		if len(conn) == 0 {
			t.Say("%s at %s has no connected planet to move to.", fl, at)
			continue
		}
		t.TOML("# %s = %q  # at %s; connected: %s", fl, conn[0], at, report.OneOf(conn))
		if double {
			t.Help("or two moves: %s = [%q, \"…\"]", fl, conn[0])
		}
	}
}

// draftBuild: Build Infrastructure — "each Alliance can build one piece";
// an empty file builds nothing, the default.
func (r drafts) draftBuild(t *owntoml.Commented, al processor.AllianceID, a Await) {
	s := r.s
	t.Say("Build of %s for phase %d, step %s: one piece, on a planet with one of its fleets or connected to one.", r.allianceText(al), s.Phase, s.Step.Title())
	t.Say("%s", deadlineSentence(r.c, a, "without a file, nothing is built."))
	t.Say("An empty file builds nothing: the default, as written. To build, remove the # before the planet and infrastructure lines and pick from the lists. Alliances build in order of total Power Level: one before yours may fill a planet first, so you may add [[alternates]], builds to make instead, in order: the first still possible in your turn is built.")
	t.Blank()
	first := processor.PlanetID("")
	var lists []string
	var open []processor.PieceChoice
	for _, typ := range []processor.InfraType{processor.FortificationLine, processor.SupportFacility, processor.StagingGrounds} {
		var where []processor.PlanetID
		for _, p := range r.c.Map.IDs() {
			if r.buildReach(al, p) == "" && s.CanBuild(p, al, typ) == "" {
				where = append(where, p)
				open = append(open, processor.PieceChoice{Planet: p, Type: typ})
			}
		}
		if first == "" && len(where) > 0 {
			first = where[0]
		}
		lists = append(lists, fmt.Sprintf("%s at %s", typ, report.OneOf(where)))
	}
	if first == "" {
		t.Say("%s can build nothing now: no planet in reach of its fleets has a free location within its limits.", al)
		return
	}
	t.TOML("# planet = %q", first)
	t.TOML("# infrastructure = %q  # %s", processor.FortificationLine.String(), report.Either([]string{processor.FortificationLine.String(), processor.SupportFacility.String(), processor.StagingGrounds.String()}))
	for _, l := range lists {
		t.Help("%s", l)
	}
	if alt, ok := processor.AlternatePiece(open, first); ok {
		t.Blank()
		t.TOML("# [[alternates]]")
		t.TOML("# planet = %q", alt.Planet)
		t.TOML("# infrastructure = %q", alt.Type.String())
	}
}

// draftResult: a battle's result. The rules' default — the attacker wins an
// unplayed battle — is what happens without a file, so the draft leaves
// the winner to be filled in.
func (r drafts) draftResult(t *owntoml.Commented, id string, a Await) []string {
	s := r.s
	b, ok := r.battle(id)
	if !ok {
		return nil // awaited() lists only this phase's battles
	}
	t.Say("Result of battle %s, phase %d: %s's fleet %s (%s) attacks %s at %s — %s.", b.ID, s.Phase, b.Player, b.Fleet, b.Attacker, b.Defender, b.Planet, b.Attack.Title())
	t.Say("%s", deadlineSentence(r.c, a, "a battle without a result then is won by the attacker, with the choices of its orders."))
	confirm := r.c.Rules.ConfirmResults
	if confirm {
		t.Say("Fill in filed_by, your Alliance, and winner (or delete the winner line and give attacker_vp and defender_vp instead): check refuses this file until then. Either side commits it, and a player of the other side confirms it (confirmations/%s.toml, with the line `warmaster status` gives); the battle sheet is battles/%s.toml.", b.ID, b.ID)
	} else {
		t.Say("Fill in winner (or delete the winner line and give attacker_vp and defender_vp instead): check refuses this file until then. Either side commits it; the battle sheet is battles/%s.toml.", b.ID)
	}
	t.Blank()
	if confirm {
		t.TOML(`filed_by = ""  # your Alliance, the side filing it: %s`, report.Either([]processor.AllianceID{b.Attacker, b.Defender}))
	}
	t.TOML(`winner = ""  # %s`, report.Either([]string{"attacker", "defender", "draw"}))
	t.Help("Victory points, instead of winner or with it: the most wins, +10 for an army painted Battle Ready (battle_ready).")
	t.TOML("# attacker_vp = 0")
	t.TOML("# defender_vp = 0")
	t.TOML(`# battle_ready = ["attacker", "defender"]`)
	// The example day: the battle's reveal, a day it can have been played
	// and is past (the deadline, which a result must not be after now, was
	// written here and refused when uncommented).
	played, when := "2027-01-10", a.Deadline
	if revealed, ok := r.f.AppliedAt(r.s.Phase, processor.StepOperations); ok {
		when = revealed
	} else if !r.now.IsZero() {
		when = r.now // revealed by this run, at its time (the journal will say so)
	}
	if !when.IsZero() {
		played = when.In(cmp.Or(r.c.Zone, time.UTC)).Format("2006-01-02") // the club's day
	}
	if r.c.Zone != nil {
		t.TOML("# played = %s  # when it was played: a date, or a date-time such as %sT19:00:00 (%s time)", played, played, r.c.Zone)
	} else {
		t.TOML("# played = %s  # when it was played: a date, or a date-time such as %sT19:00:00Z", played, played)
	}
	if ps := r.c.PlayersOf(b.Defender); len(ps) > 0 {
		t.TOML("# defender_player = %q  # who defended: %s", ps[0], report.Either(ps))
	}
	// A Boarding Action has no Theatre (HasTheatre): no theatre, no twist.
	if theatres := r.c.Map.Planet(b.Planet).Theatres; b.HasTheatre() {
		switch {
		case b.Order.Theatre != "":
			t.TOML("# theatre = %q  # rolled by Sinister Omens (see the battle sheet)", b.Order.Theatre)
		case len(theatres) > 0:
			by, _ := attacks.TheatreChooser(r.c, r.s, b)
			t.TOML("# theatre = %q  # %s, chosen by the %s", theatres[0], report.Either(theatres), by)
		}
		t.TOML("# twist = 1  # the D6 rolled for the Twist, 1 to 6 (needs theatre)")
	}
	var engs []string
	for _, e := range r.c.Engines.Engines {
		if fa := r.c.FleetAlliance(e.Fleet); (fa == b.Attacker || fa == b.Defender) && !s.Engines[e.ID].Destroyed(e.Profile) {
			engs = append(engs, fmt.Sprintf("%s (%s's, fleet %s)", e.ID, fa, e.Fleet))
		}
	}
	if len(engs) > 0 {
		t.Help("War engines that may have fought: %s; one [[war_engines]] table for each that did: engine = its id, then what happened to it.", report.OneOf(engs))
	}
	t.Blank()
	t.TOML("# [outcome]  # the victor's Campaign Outcome choices; a key left out takes its default")
	for _, side := range []processor.Side{processor.Attacker, processor.Defender} {
		keys := processor.OutcomeKeys(b.Attack, side)
		if len(keys) == 0 {
			continue
		}
		victor := b.Attacker
		if side == processor.Defender {
			victor = b.Defender
		}
		t.Help("%s — %s (%s chooses):", b.Attack.Title(), processor.ResultTitle(side), victor)
		for _, k := range keys {
			if h := r.outcomeHint(b, side, k); h != "" {
				t.Help("  %s", h)
			}
		}
	}
	if confirm {
		return []string{"filed_by", "winner"}
	}
	return []string{"winner"}
}

// outcomeHint is one [outcome] key of a result, with its choices now; ""
// for a key that cannot apply to this battle and is best not offered.
func (r drafts) outcomeHint(b processor.BattleOp, side processor.Side, key string) string {
	s, p, A, D := r.s, b.Planet, b.Attacker, b.Defender
	victor, foe := A, D
	if side == processor.Defender {
		victor, foe = D, A
	}
	here := append([]processor.PlanetID{p}, r.s.IntactConnected(victor, p)...)
	switch key {
	case "power_adjust":
		if !s.AppliesAt(victor, processor.Stronghold, p) && !s.CoordinatedOpposition(victor, foe) {
			return fmt.Sprintf("power_adjust: none: no Stronghold of %s at or connected to %s", victor, p)
		}
		return fmt.Sprintf("power_adjust: 1 or -1, to treat %s's Power Level as 1 higher or lower (allowed)", victor)
	case "loser_power_adjust":
		// Coordinated Opposition: the loser's ±1, only when it fights the
		// dominating Alliance (RULINGS 8); otherwise not offered.
		if !s.CoordinatedOpposition(foe, victor) {
			return ""
		}
		return fmt.Sprintf("loser_power_adjust: 1 or -1, %s's choice: losing to the dominating Alliance under Coordinated Opposition, it may treat its Power Level as 1 higher or lower in the comparison (allowed)", foe)
	case "take":
		var there []processor.InfraType
		for _, l := range s.Planet(p).Locations {
			if l.Status == processor.Built && l.Alliance == D && l.Type != processor.Stronghold && !slices.Contains(there, l.Type) {
				there = append(there, l.Type)
			}
		}
		return fmt.Sprintf("take: the type of %s's piece at %s taken: %s", D, p, report.Either(processor.InfraNames(there)))
	case "build":
		if side == processor.Defender {
			types := s.WithinLimit(D, processor.FortificationLine, processor.StagingGrounds)
			if slices.Contains(types, processor.StagingGrounds) {
				return fmt.Sprintf("build: %s (staging-grounds at Power Level 3 or more), or none to build nothing", report.Either(processor.InfraNames(types)))
			}
			return fmt.Sprintf("build: %s, or none to build nothing", report.Either(processor.InfraNames(types)))
		}
		if s.FirstPiece(p, D) < 0 && (s.FreeLocations(p) == 0 || s.LaurelBar(p, A) != "") {
			return fmt.Sprintf("build: none: %s has no piece at %s to take, and nothing can be built there (%s)", D, p, s.CanBuild(p, A, processor.FortificationLine))
		}
		return fmt.Sprintf("build: the type built when there is no piece to take: %s", report.Either(processor.InfraNames(s.WithinLimit(A, attacks.BuildDefaults...))))
	case "extra":
		// On the map as the first part leaves it, taking the first piece (RULINGS 29).
		after := r.attackRules().AfterTake(b, processor.Choices{})
		if why := s.LaurelBar(p, A); why != "" {
			return fmt.Sprintf("extra: none: %s", why)
		}
		if after.FreeLocations(p) == 0 {
			return fmt.Sprintf("extra: none: after the take %s has no free Infrastructure location", p)
		}
		// "3 or more" after the first part, on the map the battle is
		// fought on (RULINGS 9, 29), with a ±1 where one is allowed.
		if lvl, up := after.Power(p, A), 0; !r.c.Rules.JudgedAtProcessing() {
			if s.AppliesAt(A, processor.Stronghold, p) || s.CoordinatedOpposition(A, D) {
				up = 1
			}
			if lvl+up < 3 {
				return fmt.Sprintf("extra: none: %s's Power Level at %s is %d after the first part, and the further piece needs 3 or more", A, p, lvl)
			}
		}
		return fmt.Sprintf("extra: the further piece at Power Level 3 or more: %s", report.Either(processor.InfraNames(after.WithinLimit(A, attacks.BuildDefaults...))))
	case "transfer":
		return fmt.Sprintf("transfer: up to 3 connected planets, each taking one Power Level from %s: %s", p, report.Either(r.s.IntactConnected(D, p)))
	case "reinforce":
		return fmt.Sprintf("reinforce: the connected planet for the final +1: %s", report.Either(r.s.IntactConnected(D, p)))
	case "direction":
		return "direction: to-connected or from-connected"
	case "pieces":
		return fmt.Sprintf("pieces: the types of %s's pieces moved, one free location each where they go; at %s: %s", D, p, report.OneOf(r.piecesAt(p, D)))
	case "location":
		return fmt.Sprintf("location: the Infrastructure location struck at %s: %s", p, r.attackRules().StrikeChoices(p, attacks.AttackerStrikeRank(D)))
	case "locations":
		var at []string
		for _, q := range r.s.IntactConnected(D, p) {
			at = append(at, fmt.Sprintf("at %s: %s", q, r.attackRules().StrikeChoices(q, attacks.DefenderStrikeRank(A, D))))
		}
		return fmt.Sprintf("locations: the location of each strike at planet, counted from 1 (two at Power Level 3 or more); %s", strings.Join(at, "; "))
	case "planets":
		return fmt.Sprintf("planets: the planet of each D6 (two at Power Level 3 or more): %s", report.Either(here))
	case "fleet":
		return fmt.Sprintf("fleet: a fleet of %s at %s: %s", D, p, report.Either(r.attackRules().DefendingFleetsAt(D, p)))
	case "moves":
		n := "up to two planets, each connected to the one before"
		if side == processor.Defender {
			n = "one connected planet"
		}
		return fmt.Sprintf("moves: %s: from %s, %s", n, p, report.Either(s.Connected(D, p)))
	case "planet":
		switch b.Attack {
		case processor.SeizePowerBase:
			var free []processor.PlanetID
			for _, q := range here {
				if s.FreeLocations(q) > 0 && s.LaurelBar(q, D) == "" {
					free = append(free, q)
				}
			}
			return fmt.Sprintf("planet: where the piece is built, this planet or a connected one with a free location: %s", report.Either(free))
		case processor.SupplyBaseRaid:
			return fmt.Sprintf("planet: where %s loses 1 (a connected one at Power Level 3 or more): %s", A, report.Either(append([]processor.PlanetID{p}, r.s.IntactConnected(D, p)...)))
		case processor.OrbitalInvasion:
			// The pieces moved need a free location each where they go.
			var to, from []string
			mine := r.piecesAt(p, D)
			for _, q := range r.s.IntactConnected(D, p) {
				if n := s.FreeLocations(q); n > 0 && len(mine) > 0 && s.LaurelBar(q, D) == "" {
					to = append(to, fmt.Sprintf("%s (%d free)", q, n))
				}
				if pieces := r.piecesAt(q, D); len(pieces) > 0 && s.FreeLocations(p) > 0 && s.LaurelBar(p, D) == "" {
					from = append(from, fmt.Sprintf("%s (%s)", q, strings.Join(pieces, ", ")))
				}
			}
			return fmt.Sprintf("planet: a connected planet; to-connected, one with free locations: %s; from-connected, one with %s's pieces (%s has %d free): %s",
				report.Either(to), D, p, s.FreeLocations(p), report.Either(from))
		default:
			return fmt.Sprintf("planet: a connected planet: %s", report.Either(r.s.IntactConnected(D, p)))
		}
	}
	return key
}

// piecesAt lists an Alliance's pieces at a planet, by type, in location order.
func (r drafts) piecesAt(p processor.PlanetID, a processor.AllianceID) []string {
	var out []string
	for _, l := range r.s.Planet(p).Locations {
		if l.Status == processor.Built && l.Alliance == a {
			out = append(out, l.Type.String())
		}
	}
	return out
}

// draftEvents: the Events waiting for the Alliance's choices. A table left
// out takes the event's default, which the draft keeps: every table is a
// comment to uncomment.
func (r drafts) draftEvents(t *owntoml.Commented, al processor.AllianceID, a Await) {
	s := r.s
	t.Say("Event choices of %s for phase %d, step %s.", r.allianceText(al), s.Phase, s.Step.Title())
	t.Say("%s", deadlineSentence(r.c, a, "without a file, every event's default applies."))
	t.Say("A table left out takes its event's default, as written. To choose, remove the # before a table and its keys.")
	done := map[processor.EventKind]bool{}
	for _, ev := range s.Events {
		if done[ev.Event] || !r.asks(ev, al) {
			continue
		}
		done[ev.Event] = true
		t.Blank()
		t.Say("%s: %s.", ev.Event.Title(), eventText[ev.Event])
		r.draftEvent(t, al, ev)
	}
}

func (r drafts) draftEvent(t *owntoml.Commented, al processor.AllianceID, ev processor.Effect) {
	s := r.s
	table := "# [" + ev.Event.Key() + "]"
	fleets := r.c.AllianceFleets(al)
	switch ev.Event {
	case processor.LullInTheFighting:
		t.Say("Default: nothing is built and the fleets stay.")
		t.TOML("%s", table)
		r.draftPiece(t, al, "build")
		var open []processor.PieceChoice
		for _, typ := range []processor.InfraType{processor.FortificationLine, processor.SupportFacility, processor.StagingGrounds} {
			for _, p := range processor.BuildableFor(r.s, al, typ) {
				open = append(open, processor.PieceChoice{Planet: p, Type: typ})
			}
		}
		if len(open) > 0 {
			if alt, ok := processor.AlternatePiece(open, open[0].Planet); ok {
				t.TOML("# alternates = [{ planet = %q, type = %q }]", alt.Planet, alt.Type.String())
				t.Help("alternates: pieces to build instead, in order, should an Alliance before yours fill the planet first: the first still possible in your turn is built")
			}
		}
		var moves, reach []string
		for _, f := range fleets {
			at := s.Fleets[f]
			conn := s.Connected(al, at)
			if len(conn) > 0 {
				moves = append(moves, fmt.Sprintf("%s = %q", f, conn[0]))
			}
			reach = append(reach, fmt.Sprintf("%s at %s moves to %s", f, at, report.Either(conn)))
		}
		if len(moves) > 0 {
			t.TOML("# moves = { %s }", strings.Join(moves, ", "))
		}
		for _, l := range reach {
			t.Help("%s", l)
		}
	case processor.TidesOfWar:
		var open []processor.PlanetID
		for _, p := range r.c.Map.IDs() {
			if r.tidesWhy(s, al, p, true) == "" {
				open = append(open, p)
			}
		}
		sh, _ := s.StrongholdAt(al)
		t.Say("Default: the Stronghold stays at %s.", sh)
		t.TOML("%s", table)
		if len(open) > 0 {
			t.TOML("# stronghold = %q", open[0])
		}
		t.Help("stronghold: %s", report.Either(open))
	case processor.ArcheotechRiches:
		t.Say("Default: each +1 at the riches planet while below 4 and not destroyed, else at the connected planet, not destroyed, where %s is lowest.", al)
		t.TOML("%s", table)
		for _, p := range ev.Planets {
			reach := r.s.Reachable(al, p)
			t.TOML("# %s = [%s]", p, report.Quoted(reach[:min(3, len(reach))]))
			t.Help("%s: up to 3 of %s; a +1 where %s would pass Power Level 4 goes by the default", p, report.Either(reach), al)
		}
	case processor.XenobeastMigration:
		t.Say("Default: a fleet left out goes to the nearest planet it may (fewest lanes, then map order, not destroyed).")
		t.TOML("%s", table)
		for _, f := range fleets {
			at := s.Fleets[f]
			far := r.xenobeastPlanets(s, al, at)
			if len(far) > 0 {
				t.TOML("# %s = %q  # at %s", f, far[0], at)
			}
			t.Help("%s: any planet but %s and those connected to it (%s): %s", f, at, report.OneOf(r.xenobeastBarred(s, al, at)), report.Either(far))
		}
	case processor.MachinationsOfFate:
		t.Say("Default: nobody defects.")
		t.TOML("%s", table)
		others := processor.Checker{C: r.c}.Others(al)
		for _, l := range r.c.PlayersOf(al) {
			t.TOML("# %s = %q  # %s", l, others[0], report.Either(others))
		}
	case processor.ACostlyBargain:
		var open []processor.PlanetID
		for _, p := range r.c.Map.IDs() {
			if r.bargainBlocked(al, p) == "" {
				open = append(open, p)
			}
		}
		others := processor.Checker{C: r.c}.Others(al)
		t.Say("Default: nothing happens.")
		t.TOML("%s", table)
		if len(open) > 0 {
			t.TOML("# planet = %q", open[0])
		}
		t.TOML("# alliance = %q  # %s", others[0], report.Either(others))
		t.Help("planet: %s", report.Either(open))
	case processor.SmuggledAssets:
		t.Say("Default: nothing happens.")
		t.TOML("%s", table)
		if from, typ, ok := r.firstPiece(al); ok {
			to := ""
			for _, p := range r.c.Map.IDs() {
				if p != from && !s.Destroyed(p) && s.FreeLocations(p) > 0 && s.LaurelBar(p, al) == "" {
					to = string(p)
					break
				}
			}
			t.TOML("# relocate = [{ from = %q, to = %q, type = %q }]", from, to, typ.String())
		}
		t.Help("relocate: any of %s's pieces, each to another planet with a free location: %s", al, r.piecesOf(s, al))
		r.draftPiece(t, al, "build")
	}
}

// draftPiece is a `build = { planet, type }` line and where each type can go.
func (r drafts) draftPiece(t *owntoml.Commented, al processor.AllianceID, key string) {
	first := processor.PlanetID("")
	var where []string
	for _, typ := range []processor.InfraType{processor.FortificationLine, processor.SupportFacility, processor.StagingGrounds} {
		ps := processor.BuildableFor(r.s, al, typ)
		if first == "" && len(ps) > 0 {
			first = ps[0]
		}
		where = append(where, fmt.Sprintf("%s: %s at %s", key, typ, report.OneOf(ps)))
	}
	if first != "" {
		t.TOML("# %s = { planet = %q, type = %q }", key, first, processor.FortificationLine.String())
	}
	for _, w := range where {
		t.Help("%s", w)
	}
}

// firstPiece is an Alliance's first piece of Infrastructure, in map order.
func (r drafts) firstPiece(a processor.AllianceID) (processor.PlanetID, processor.InfraType, bool) {
	for _, p := range r.s.Planets {
		for _, l := range p.Locations {
			if l.Status == processor.Built && l.Alliance == a {
				return p.ID, l.Type, true
			}
		}
	}
	return "", 0, false
}

// draftSetup: Setup the Campaign Map has no default to give: every choice
// is the Alliance's, left empty to fill in.
func (r drafts) draftSetup(t *owntoml.Commented, al processor.AllianceID) []string {
	c := r.c
	n := c.SetupPieces()
	t.Say("Set-up of %s: Setup the Campaign Map. No deadline: the campaign waits for every Alliance's set-up.", r.allianceText(al))
	t.Say("Fill in every value left empty: check refuses this file until then.")
	var planets []string
	for _, p := range c.Map.Planets {
		planets = append(planets, fmt.Sprintf("%s (%d)", p.ID, p.Locations))
	}
	t.Help("Planets (Infrastructure locations): %s.", strings.Join(planets, ", "))
	if len(c.Medals) > 0 {
		t.Help("The Alliance holding a Campaign Medal's benefit may also give laurel_of_victory, penumbral_wreath or sable_dagger, before the first table.")
	}
	t.Blank()
	t.TOML(`stronghold = ""  # Power Level 4 and your Stronghold`)
	t.TOML("power3 = [%s]  # 3 other planets at Power Level 3", strings.TrimSuffix(strings.Repeat(`"", `, 3), ", "))
	t.TOML("power2 = [%s]  # 4 other planets at Power Level 2", strings.TrimSuffix(strings.Repeat(`"", `, 4), ", "))
	for i := range n {
		t.Blank()
		t.TOML("[[infrastructure]]  # %d of %d", i+1, n)
		t.TOML(`planet = ""`)
		t.TOML(`type = ""  # staging-grounds, support-facility or fortification-line`)
		t.TOML("# alternates = []  # optional: where to build it should it lose the lot")
	}
	t.Blank()
	t.TOML("[fleets]  # each fleet's starting planet")
	for _, f := range c.AllianceFleets(al) {
		t.TOML(`%s = ""`, f)
	}
	return []string{"stronghold", "power3", "power2", "infrastructure", "fleets"}
}

// draftTiebreak: End of the Campaign — the tied Alliances' final battle(s),
// which only the players can report.
func (r drafts) draftTiebreak(t *owntoml.Commented, a Await) []string {
	var tied []processor.AllianceID
	if e := r.s.End; e != nil {
		tied = e.Tied
	}
	t.Say("The final battle(s) of the tie between %s (End of the Campaign).", report.And(tied))
	t.Say("%s", deadlineSentence(r.c, a, "without it by then, the tied Alliances roll off; with it in but not agreed by every tied Alliance, it waits for them or the repository's Warmasters."))
	t.Say("Fill in every value left empty: check refuses this file until then.")
	for _, al := range tied {
		t.Help("%s's players: %s", al, report.Either(r.c.PlayersOf(al)))
	}
	t.Blank()
	if len(tied) > 0 {
		t.TOML("# victor = %q  # optional when exactly one tied Alliance won a battle and lost none: %s", tied[0], report.Either(tied))
	}

	t.Blank()
	t.TOML("[[battles]]  # one per battle played (two tied Alliances play one)")
	t.TOML(`players = ["", ""]  # one player of each of two tied Alliances`)
	t.TOML(`winner = ""  # the Alliance whose player won: %s`, report.Either(tied))
	t.TOML("# played = 2027-07-10  # optional: a date or date-time")
	if r.c.Rules.ConfirmResults && len(tied) > 0 {
		t.Blank()
		t.TOML("[agreed]  # a line for each tied Alliance that stands behind this file: it and the victor it agrees to")
		for _, al := range tied {
			t.TOML("# %s = \"\"  # %s's line, for %s's players alone to write", al, al, al)
		}
	}
	return []string{"battles"}
}
