package trust

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/disk"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/report"
	"github.com/warmaster/warmaster/processor/seal"
	"github.com/warmaster/warmaster/schema"
)

// Who may change what: the design's Trust. The repository's Warmasters
// (its registry, .github/warmaster.toml) alone edit campaign.toml, map.toml
// and the war-engine profiles — outside a campaign repository, the
// campaign's Warmaster (warmaster = true) stands in for them; a disputed
// result is ruled on by the campaign's Warmaster or one of the
// repository's; a player edits only their own orders and
// moves, their Alliance's set-up, builds and event choices, and the results
// of battles their Alliance fought; nobody edits what the processor writes,
// nor an input a processed step consumed (journal.toml holds its SHA-256).
// Judged from the file as it is; what needs the base's file too — a
// player's line of [machinations_of_fate] in the Alliance's event choices,
// a result the other side filed — the pull-request check judges
// (repository.CheckChanges).

// Authorize checks that actor may make the change a pull request made to
// each of files: slash paths relative to the campaign folder, as they are
// on disk now (a file that is not there was deleted). Each refused file is
// a fault saying why; nil when every change is allowed. A player's file of
// a step its phase never has (the last phase's events, moves or builds) is
// the check's to refuse, as late, whoever sent it (folder.RefuseLate).
//
// A refusal is read by a player in a browser first: it opens with one
// sentence in their words — what happened and what to do, the file to use
// instead or "close this pull request" — and only then the rule in full,
// and last, where there is one, the git command (see PlainFirst).
//
// warmasters are the repository's Warmasters, for a campaign a repository
// declares: they alone edit the Warmaster's files, and rule on a disputed
// result as the campaign's Warmaster does. None: a campaign folder on its
// own, whose Warmaster (warmaster = true) edits them.
func Authorize(f *folder.Folder, actor processor.Login, files []string, warmasters ...processor.Login) error {
	actor = f.Campaign.Spelling(actor)
	var fs processor.Faults
	for _, file := range files {
		r := authRefusal(f, actor, file, warmasters)
		if r.why == "" {
			continue
		}
		fault := processor.Fault{File: file, Message: processor.PlainFirst(r.plain, fmt.Sprintf("%s may not change this file: %s", actor, r.why))}
		if strings.HasSuffix(r.why, processor.RestoreFromHistory) || strings.HasSuffix(r.why, processor.RestoreDeleted(file)) {
			fault.Restore = f.ConsumedInputs[file] // a consumed input, changed or deleted
		}
		if meant, ok := folder.MeantPath(file); ok && r.plain == meantPlain(meant) {
			fault.Fix = &processor.Fix{Kind: processor.FixRename, Meant: meant}
		} else if meant := noBattleRename(f, file, r); meant != "" {
			fault.Fix = &processor.Fix{Kind: processor.FixRename, Meant: meant}
		}
		fs.List = append(fs.List, fault)
	}
	return fs.Err(f.Text)
}

// meantPlain is the refusal of a file misnamed, which was likely meant
// to be at meant.
func meantPlain(meant string) string {
	return fmt.Sprintf("Warmaster reads no file of this name: it should be %s; rename it (or move it there).", meant)
}

// strayBattleRefusal refuses a file under a phase's battles/ that is not a
// battle sheet Warmaster wrote (folder.StrayBattleFile): Warmaster reads
// nothing there but its sheets, and a result goes in results/.
func strayBattleRefusal(file, meant, why string) refusal {
	to := meant
	if phaseDir, _, ok := strings.Cut(file, "/battles/"); ok && to == "" {
		to = phaseDir + "/results/<attacking fleet>.toml"
	}
	return refusal{fmt.Sprintf("Warmaster reads no file here: a battle's result goes in %s (move it there if it is one), and nothing else does: take it out, or %s.", to, closePR),
		"it is not a battle sheet Warmaster wrote, and nobody else writes there: " + strings.TrimPrefix(folder.StrayBattleText(file, meant, why), folder.ReadsNoFile)}
}

// refusal is why a change is refused: plain, the player's first sentence
// (what happened, what to do); why, the rule in full.
type refusal struct{ plain, why string }

// closePR is what a refusal says to do when nothing is to be done.
const closePR = "close this pull request"

// isOneOf reports whether login is among logins (GitHub's logins are the
// same in any case).
func isOneOf(login processor.Login, logins []processor.Login) bool {
	return slices.ContainsFunc(logins, func(l processor.Login) bool { return strings.EqualFold(string(l), string(login)) })
}

// joinLogins joins logins with sep, each after prefix ("@" in CODEOWNERS).
func joinLogins(logins []processor.Login, sep, prefix string) string {
	s := make([]string, len(logins))
	for i, l := range logins {
		s[i] = prefix + string(l)
	}
	return strings.Join(s, sep)
}

// refusal says why actor may not change file (an empty why when they may);
// warmasters are the repository's (Authorize).
func authRefusal(f *folder.Folder, actor processor.Login, file string, warmasters []processor.Login) refusal {
	c := f.Campaign
	p, isPlayer := c.PlayerOf(actor)
	w, hasW := c.Warmaster()
	repo := joinLogins(warmasters, ", ", "")
	if first, _, _ := strings.Cut(file, "/"); first == disk.StateDir {
		return refusal{"Warmaster's unfinished work files are never sent in a pull request: " + closePR + ".",
			"Warmaster keeps the files of a run it has not finished writing there; they are never committed (see its .gitignore)"}
	}
	cp := folder.Classify(file)
	switch cp.Kind {
	case folder.KindWritten:
		if meant, why, stray := folder.StrayBattleFile(f, file); stray {
			if !f.Disk.IsFile(file) {
				// Taken out: what check asks of it (a sheet is never
				// stray, so no sheet is deleted here; a link in its place
				// is no file either, but the folder's load refuses it
				// before anyone's rights are asked).
				return refusal{}
			}
			// Not a battle sheet Warmaster wrote, nor ever will: a
			// player's file, most likely a result, in the wrong folder.
			return strayBattleRefusal(file, meant, why)
		}
		return refusal{"Warmaster writes this file itself and nobody edits it: " + closePR + ".", "it is written by the processor, never by hand"}
	case folder.KindSeen:
		return refusal{"Warmaster writes this file itself and nobody edits it: " + closePR + ".", "advance writes it, recording when it first saw each result (the other side's day to confirm or dispute it runs from then); nobody edits it"}
	case folder.KindTiebreak:
		if isOneOf(actor, warmasters) {
			// The repository's Warmasters settle a final battle a tied
			// Alliance will not agree to, as they rule on a result,
			// whether or not they play.
			return authProcessed(f, file, cp, p)
		}
	case folder.KindRuling:
		// A disputed result waits for the Warmaster's ruling: the
		// campaign's Warmaster's (the person who, in the rules, processes
		// results), or one of the repository's, who could name themselves
		// the campaign's anyway.
		if isPlayer && p.Warmaster || isOneOf(actor, warmasters) {
			return authProcessed(f, file, cp, p)
		}
		others := joinLogins(slices.DeleteFunc(slices.Clone(warmasters), func(l processor.Login) bool { return strings.EqualFold(string(l), string(w)) }), ", ", "")
		var who, whose string
		switch {
		case hasW && others != "":
			who = fmt.Sprintf("the campaign's Warmaster (%s) or the repository's (%s)", w, others)
			whose = fmt.Sprintf("the campaign's Warmaster's (%s) or the repository's (%s)", w, others)
		case hasW:
			who, whose = fmt.Sprintf("the Warmaster (%s)", w), fmt.Sprintf("the Warmaster's (%s)", w)
		case others != "":
			who = fmt.Sprintf("the repository's Warmaster (%s)", others)
			whose = fmt.Sprintf("the repository's Warmaster's (%s)", others)
		default:
			return refusal{"Only the Warmaster rules on a disputed result, and this campaign names none: " + closePR + ".", "a ruling on a disputed result is the Warmaster's alone, and campaign.toml names none"}
		}
		return refusal{fmt.Sprintf("Only %s rules on a disputed result: ask them, and %s.", who, closePR),
			fmt.Sprintf("a ruling on a disputed result is %s alone", whose)}
	case folder.KindWarmaster:
		if len(warmasters) > 0 {
			if isOneOf(actor, warmasters) {
				return refusal{}
			}
			return refusal{fmt.Sprintf("Only the Warmaster (%s) edits this file: ask them for the change, and %s.", repo, closePR),
				fmt.Sprintf("only the repository's Warmaster (%s) edits %s", repo, file)}
		}
		if isPlayer && p.Warmaster {
			return refusal{}
		}
		if hasW {
			return refusal{fmt.Sprintf("Only the Warmaster (%s) edits this file: ask them for the change, and %s.", w, closePR),
				fmt.Sprintf("only the Warmaster (%s) edits %s", w, file)}
		}
		return refusal{"Only the Warmaster edits this file: " + closePR + ".", fmt.Sprintf("only the Warmaster edits %s, and campaign.toml names none", file)}
	}
	if !isPlayer {
		plain := fmt.Sprintf("%s does not play in this campaign now, so changes nothing in it: ask the Warmaster if you should, and %s.", actor, closePR)
		if why := c.NotPlaying(actor); why != "" {
			return refusal{plain, why}
		}
		return refusal{plain, fmt.Sprintf("%s is not a player in campaign.toml", actor)}
	}
	if cp.Kind == folder.KindOther {
		if meant, ok := folder.MeantPath(file); ok {
			return refusal{meantPlain(meant),
				fmt.Sprintf("it is not a file players write: %s is the file it was likely meant to be", meant)}
		}
		return refusal{"Players do not write a file here: the campaign's README names the file that is yours to write now" + nextFor(f, p, "; ") + "; " + closePR + ".",
			"it is not a file players write: setup/<alliance>.toml, and in phases/NN/ orders/<login>.toml, results/<battle>.toml, confirmations/<battle>.toml, moves/<login>.toml, builds/<alliance>.toml, events/<alliance>.toml, and the final phase's tiebreak.toml"}
	}
	if cp.NoSuchStep(c.Phases) && slices.ContainsFunc(f.LateFaults, func(l processor.Fault) bool { return l.File == file }) {
		// The last phase's events, moves or builds: no step of theirs was
		// processed, nor is one to come, and whose file it is changes
		// nothing. The check refuses it as late, whoever sends it, in its
		// words ("Phase 3 is the campaign's last and has no moves";
		// folder.RefuseLate), which a refusal here would replace.
		return refusal{}
	}
	if r := authProcessed(f, file, cp, p); r.why != "" {
		return r
	}
	switch cp.Kind {
	case folder.KindSetup:
		if processor.AllianceID(cp.Name) != p.Alliance {
			return refusal{fmt.Sprintf("This is %s's set-up, not your Alliance's: yours is setup/%s.toml.", cp.Name, p.Alliance),
				fmt.Sprintf("set-up files are their own Alliance's (%s's is setup/%s.toml)", p.Alliance, p.Alliance)}
		}
	case folder.KindOrders, folder.KindMoves:
		if processor.Login(cp.Name) != actor {
			yours := processor.InputPath(cp.Phase, cp.Dir, string(actor))
			return refusal{fmt.Sprintf("This is %s's %s file, and only %s writes it: yours is %s.", cp.Name, cp.Dir, cp.Name, yours),
				fmt.Sprintf("%s files are each player's own (yours is %s)", cp.Dir, yours)}
		}
		if r := authOpenTomeRefusal(f, file, cp); r.why != "" {
			return r
		}
	case folder.KindBuilds:
		if processor.AllianceID(cp.Name) != p.Alliance {
			yours := processor.InputPath(cp.Phase, cp.Dir, string(p.Alliance))
			return refusal{fmt.Sprintf("This is %s's builds file, not your Alliance's: yours is %s.", cp.Name, yours),
				fmt.Sprintf("builds are each Alliance's own (yours is %s)", yours)}
		}
	case folder.KindEvents:
		if processor.AllianceID(cp.Name) != p.Alliance {
			yours := processor.InputPath(cp.Phase, cp.Dir, string(p.Alliance))
			return refusal{fmt.Sprintf("This is %s's event choices file, not your Alliance's: yours is %s.", cp.Name, yours),
				fmt.Sprintf("event choices are each Alliance's own (yours is %s)", yours)}
		}
	case folder.KindResults:
		if r := authResultRefusal(f, p, cp); r.why != "" {
			return r
		}
		return authFiledBy(f, p, cp)
	case folder.KindConfirmation:
		return authConfirmationRefusal(f, p, file, cp)
	case folder.KindTiebreak:
		return authTiebreakRefusal(f, p)
	}
	return refusal{}
}

// authOpenTomeRefusal refuses another Alliance's plaintext orders for a
// phase of An Open Tome until the dominating Alliance's are in: its
// players "must declare all of their Fleets' Campaign Operations and
// reveal them to the players of the other Alliances before those players
// declare their own", and orders in the repository are read by everyone.
// Sealed orders, which nobody reads before the reveal, may come early;
// orders withdrawn (deleted) too.
func authOpenTomeRefusal(f *folder.Folder, file string, cp folder.CampaignPath) refusal {
	s := f.State
	if s == nil || cp.Kind != folder.KindOrders || strings.HasSuffix(file, seal.SealedExt) || f.OpenTomeOrders(s, cp.Phase, file) ||
		s.Phase > cp.Phase || s.Phase == cp.Phase && s.Step != processor.StepOpenTome {
		return refusal{}
	}
	i := slices.IndexFunc(s.Effects, func(e processor.Effect) bool { return e.Event == processor.AnOpenTome && e.Phase == cp.Phase })
	if i < 0 || openTomeIn(f, cp.Phase, s.Effects[i].Alliance) {
		return refusal{}
	}
	if _, err := f.ReadFile(file); err != nil {
		return refusal{} // withdrawn: it shows nothing any more
	}
	first := s.Effects[i].Alliance
	sealing := ""
	if f.Campaign.Recipient != "" {
		sealing = ", or seal them now (warmaster seal), which nobody reads before the reveal"
	}
	return refusal{fmt.Sprintf("An Open Tome: %s's players declare their operations first, and yours come after theirs are revealed: %s, and send your orders once %s's are in%s.", first, closePR, first, sealing),
		fmt.Sprintf("under An Open Tome the dominating Alliance (%s) declares its operations and reveals them before the other Alliances declare theirs, and orders in the repository are read by everyone", first)}
}

// openTomeIn reports whether the orders of every player of the
// dominating Alliance a who commands a fleet are in for phase: the others
// may declare then, before advance has moved on.
func openTomeIn(f *folder.Folder, phase int, a processor.AllianceID) bool {
	for _, l := range f.Campaign.PlayersOf(a) {
		if _, in := f.Orders[phase][l]; !in && len(f.Campaign.FleetsOf(l)) > 0 {
			return false
		}
	}
	return true
}

// inputNoun names what a player's file holds, for a refusal's first
// sentence: "orders", "moves", "the result of blue-1's battle".
func inputNoun(cp folder.CampaignPath) string {
	switch cp.Kind {
	case folder.KindOrders:
		return "the orders in this file"
	case folder.KindMoves:
		return "the moves in this file"
	case folder.KindBuilds:
		return "the builds in this file"
	case folder.KindEvents:
		return "the event choices in this file"
	case folder.KindResults:
		return "this battle result"
	case folder.KindTiebreak:
		return "the final battle's result"
	}
	return "this file"
}

// nextFor is what the campaign waits for from p now, after sep: "; phase
// 1's moves go in phases/01/moves/cat.toml"; "" when nothing is.
func nextFor(f *folder.Folder, p processor.Player, sep string) string {
	s := f.State
	if s == nil || p.Login == "" {
		return "" // or no player: a repository's Warmaster ruling
	}
	in := func(what, dir, name string) string {
		return fmt.Sprintf("%sphase %d's %s go in %s", sep, s.Phase, what, processor.InputPath(s.Phase, dir, name))
	}
	switch s.Step {
	case processor.StepSetup:
		return fmt.Sprintf("%syour Alliance's set-up goes in setup/%s.toml", sep, p.Alliance)
	case processor.StepOpenTome, processor.StepOperations:
		return in("orders", "orders", string(p.Login))
	case processor.StepBattles:
		return fmt.Sprintf("%sphase %d's battle results go in %s/results/, one file for each battle, named after its attacking fleet", sep, s.Phase, processor.PhaseDir(s.Phase))
	case processor.StepEvents:
		return in("event choices (when its report asks for your Alliance's)", "events", string(p.Alliance))
	case processor.StepMoves:
		return in("moves", "moves", string(p.Login))
	case processor.StepBuilds:
		return in("builds", "builds", string(p.Alliance))
	case processor.StepTiebreak:
		return fmt.Sprintf("%sthe final battle's result goes in %s/tiebreak.toml", sep, processor.PhaseDir(s.Phase))
	case processor.StepEnded:
		return sep + "the campaign has ended"
	}
	return ""
}

// processed refuses a change to the input of a step already processed:
// changing or deleting an input the journal says was consumed would rewrite
// what was applied; adding one now would never be applied.
func authProcessed(f *folder.Folder, file string, cp folder.CampaignPath, p processor.Player) refusal {
	data, err := f.ReadFile(file)
	exists := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return refusal{"Warmaster cannot read this file: ask the Warmaster to look at it.", fmt.Sprintf("it cannot be read: %v", err)}
	}
	want, consumed := f.ConsumedInputs[file]
	step, ok := cp.Step()
	when := "its step"
	phase := "its phase"
	if ok {
		when = stepWhen(step, cp.Phase)
		phase = fmt.Sprintf("phase %d", cp.Phase)
		if step == processor.StepSetup {
			phase = "the set-up"
		}
	}
	used := fmt.Sprintf("%s were used in %s already", inputNoun(cp), phase)
	they := "they"
	switch cp.Kind {
	case folder.KindSetup:
		used, they = "the set-up in this file was used when the campaign began", "it"
	case folder.KindResults, folder.KindTiebreak:
		used, they = fmt.Sprintf("%s was used in %s already", inputNoun(cp), phase), "it"
	}
	next := nextFor(f, p, " (")
	if next != "" {
		next += ")"
	}
	switch {
	case consumed && !exists:
		return refusal{capitalise(fmt.Sprintf("%s, so the file stays: %s%s.", used, closePR, next)),
			fmt.Sprintf("%s consumed it (journal.toml records sha256 %.12s…); deleting it would unmake what was applied: %s", when, want, processor.RestoreDeleted(file))}
	case consumed && folder.Digest(data) != want:
		return refusal{capitalise(fmt.Sprintf("%s, so %s can no longer change: %s%s.", used, they, closePR, next)),
			fmt.Sprintf("%s consumed it (journal.toml records sha256 %.12s…); a consumed input never changes: %s", when, want, processor.RestoreFromHistory)}
	case consumed:
		return refusal{}
	case exists && ok && authStepDone(f, step, cp.Phase):
		return refusal{fmt.Sprintf("This file came after %s was played, so it would never count: %s%s.", folder.StepInWords(step, cp.Phase), closePR, next),
			fmt.Sprintf("%s was processed already (see journal.toml): a file added now would never be applied; remove it", when)}
	}
	return refusal{}
}

// capitalise makes a sentence start with a capital letter.
func capitalise(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// stepWhen names an input step for a message: "the set-up",
// "phase 1's step 1 Select Operations".
func stepWhen(s processor.Step, phase int) string {
	if s == processor.StepSetup {
		return "the set-up"
	}
	return fmt.Sprintf("phase %d's step %s", phase, s.Title())
}

// stepDone reports whether an input step has been processed, by the state.
func authStepDone(f *folder.Folder, step processor.Step, phase int) bool {
	s := f.State
	switch {
	case s.Step == processor.StepEnded:
		return true
	case step == processor.StepSetup:
		return s.Step != processor.StepSetup
	case s.Step == processor.StepSetup:
		return false
	}
	return phase < s.Phase || (phase == s.Phase && step < s.Step)
}

// resultRefusal: a battle's result is reported by the Alliances that fought
// it. The attacker is the fleet's Alliance; the defender is in the state's
// revealed orders while the phase is in progress, and on the battle sheet
// written at 2.1 Reveal after that.
func authResultRefusal(f *folder.Folder, p processor.Player, cp folder.CampaignPath) refusal {
	fleet, ok := f.Campaign.BattleFleet(cp.Name) // <fleet>-2: a second operation (Defiant Zeal)
	if !ok {
		return authNoBattle(f, p, cp)
	}
	attacker := f.Campaign.FleetAlliance(fleet)
	if p.Alliance == attacker {
		return refusal{}
	}
	defender, ok := authDefender(f, cp.Phase, cp.Name)
	switch {
	case !ok && authStepDone(f, processor.StepOperations, cp.Phase):
		return refusal{fmt.Sprintf("%s fought no battle in phase %d that your Alliance could report: %s.", fleet, cp.Phase, closePR),
			fmt.Sprintf("%s fought no battle in phase %d (the battle sheets are in %s/battles/); only its Alliance, %s, may change this file", fleet, cp.Phase, processor.PhaseDir(cp.Phase), attacker)}
	case !ok:
		return refusal{fmt.Sprintf("%s's battle of phase %d is not revealed yet, so only %s reports it for now: %s, and send the result once the battle is revealed.", fleet, cp.Phase, attacker, closePR),
			fmt.Sprintf("%s's battle of phase %d is not revealed: until 2.1 Reveal only the attacking Alliance, %s, reports it", fleet, cp.Phase, attacker)}
	case p.Alliance != defender:
		return refusal{fmt.Sprintf("%s did not fight %s's battle, so its players do not report it (%s and %s do): %s.", p.Alliance, fleet, attacker, defender, closePR),
			fmt.Sprintf("a result is reported by the Alliances that fought the battle (%s attacked %s), and %s did not fight %s", attacker, defender, p.Alliance, fleet)}
	}
	return refusal{}
}

// defender is the defending Alliance of a battle (its id: the attacking
// fleet, or <fleet>-2) in a phase.
func authDefender(f *folder.Folder, phase int, battle string) (processor.AllianceID, bool) {
	if phase == f.State.Phase {
		for _, o := range f.State.Orders {
			if o.Op == processor.Battle && o.ID() == battle {
				return o.Defender, true
			}
		}
	}
	data, err := f.ReadFile(processor.PhaseDir(phase) + "/battles/" + battle + ".toml")
	if err != nil {
		return "", false
	}
	var sheet folder.BattleSheet
	if len(schema.Prescan(data, folder.SheetLimits)) > 0 {
		return "", false // not a sheet Warmaster wrote: nobody can be told to have fought it
	}
	if _, err := toml.Decode(string(data), &sheet); err != nil || sheet.Defender.Alliance == "" {
		return "", false
	}
	return processor.AllianceID(sheet.Defender.Alliance), true
}

// tiebreakRefusal: the final battle(s) are reported by the players of the
// tied Alliances (End of the Campaign: "one player from each of those
// Alliances").
func authTiebreakRefusal(f *folder.Folder, p processor.Player) refusal {
	end := f.State.End
	if end == nil || len(end.Tied) < 2 {
		return refusal{"The campaign has not ended in a tie, so there is no final battle to report: " + closePR + ".",
			"no tie is to be broken: the campaign has not ended tied (state.toml has no [end] tied)"}
	}
	if !slices.Contains(end.Tied, p.Alliance) {
		return refusal{fmt.Sprintf("Only the tied Alliances (%s) report the final battle: %s.", report.OneOf(end.Tied), closePR),
			fmt.Sprintf("the final battle(s) are reported by the tied Alliances (%s), and %s is not one of them", report.OneOf(end.Tied), p.Alliance)}
	}
	return refusal{}
}

// A result counts when both sides stand behind it ([rules]
// confirm_results; processor/phase/confirm.go): the side that files it,
// and a player of the other side who confirms it. Each vouch is the
// change of a player GitHub authenticated (the pull request's author, and
// whoever pushed to it), judged here from git: filing, by the result's
// filed_by, which must be the Alliance of whoever changes the file; confirming,
// by a change to confirmations/<battle>.toml, which only a player of the
// side that did not file the result as it now stands may make. A name a
// player writes in a file (defender_player, a login in a comment) vouches
// for nobody; and the confirmation names the result by its SHA-256, so
// nothing the filer changes afterwards keeps it.

// authFiledBy: a result filed (or changed) is filed by the Alliance of
// whoever changes it: filed_by names it, and nobody files for another
// side.
func authFiledBy(f *folder.Folder, p processor.Player, cp folder.CampaignPath) refusal {
	if !f.Campaign.Rules.ConfirmResults {
		return refusal{}
	}
	res := f.Results[cp.Phase][cp.Name]
	if res == nil {
		return refusal{} // deleted, or faulty: the check says what is wrong
	}
	if res.FiledBy != "" && res.FiledBy != p.Alliance {
		return refusal{fmt.Sprintf("A result is filed by your own Alliance: write filed_by = %q; the other side then confirms it.", p.Alliance),
			fmt.Sprintf("filed_by says %s files this result, and %s plays for %s: a result is filed by the side that changes it last (filed_by = %q), and the other side confirms it", res.FiledBy, p.Login, p.Alliance, p.Alliance)}
	}
	return refusal{}
}

// authConfirmationRefusal: the other side's word on a result is a player
// of that side's — of the two Alliances that fought, the one that did not
// file the result as it stands — and names the result as it is.
func authConfirmationRefusal(f *folder.Folder, p processor.Player, file string, cp folder.CampaignPath) refusal {
	if !f.Campaign.Rules.ConfirmResults {
		return refusal{"This campaign does not confirm results: a result counts as filed, so " + closePR + ".",
			"this campaign does not confirm results ([rules] confirm_results = false): a result counts as filed"}
	}
	if r := authProcessed(f, file, cp, p); r.why != "" {
		return r
	}
	resultFile := processor.InputPath(cp.Phase, "results", cp.Name)
	fleet, ok := f.Campaign.BattleFleet(cp.Name)
	if !ok {
		return authNoBattle(f, p, cp)
	}
	attacker := f.Campaign.FleetAlliance(fleet)
	defender, ok := authDefender(f, cp.Phase, cp.Name)
	if !ok {
		return refusal{fmt.Sprintf("%s fights no battle revealed in phase %d, so there is nothing to confirm: %s.", fleet, cp.Phase, closePR),
			fmt.Sprintf("%s's battle of phase %d is not revealed (or it fought none): there is nothing to confirm", fleet, cp.Phase)}
	}
	if p.Alliance != attacker && p.Alliance != defender {
		return notFoughtConfirmation(p, fleet, attacker, defender)
	}
	data, err := f.ReadFile(resultFile)
	conf, _ := f.ReadFile(file)
	switch {
	case errors.Is(err, fs.ErrNotExist) && conf == nil:
		return refusal{} // withdrawn with its result gone: nothing left to confirm
	case errors.Is(err, fs.ErrNotExist):
		return refusal{fmt.Sprintf("No result of this battle is filed yet, so there is nothing to confirm: wait for %s, or file it yourself.", resultFile),
			fmt.Sprintf("%s is not filed: there is nothing to confirm or dispute", resultFile)}
	case err != nil:
		return refusal{fmt.Sprintf("The result of this battle cannot be read: %v.", err), fmt.Sprintf("%s cannot be read: %v", resultFile, err)}
	}
	res := f.Results[cp.Phase][cp.Name]
	if res == nil || res.FiledBy == "" {
		return refusal{fmt.Sprintf("The result this confirms still has mistakes (or no filed_by), so it cannot be confirmed yet: wait until %s is fixed.", resultFile),
			fmt.Sprintf("%s has faults (or no filed_by): it cannot be confirmed until its side fixes them", resultFile)}
	}
	if res.FiledBy == p.Alliance {
		return ownSideConfirmation(p, resultFile, res.FiledBy, processor.BattleOp{Attacker: attacker, Defender: defender}.OtherSide(res.FiledBy))
	}
	if c := f.Confirmations[cp.Phase][cp.Name]; c != nil && c.Digest() != folder.Digest(data) {
		return refusal{folder.VoidRefusal(f, cp.Phase, cp.Name, resultFile, c),
			fmt.Sprintf("it names sha256 %.12s…, and %s as filed now is %s: confirm (or dispute) the result as it stands", c.Digest(), resultFile, folder.Digest(data))}
	}
	return refusal{}
}

// notFoughtConfirmation refuses p a confirmation of a battle (fleet's)
// their Alliance did not fight.
func notFoughtConfirmation(p processor.Player, fleet processor.FleetID, attacker, defender processor.AllianceID) refusal {
	return refusal{fmt.Sprintf("Only the other side of this battle (%s attacked %s) confirms its result, and your Alliance did not fight it: %s.", attacker, defender, closePR),
		fmt.Sprintf("a result is confirmed by the other side of the battle (%s attacked %s), and %s did not fight %s", attacker, defender, p.Alliance, fleet)}
}

// ownSideConfirmation refuses p a confirmation of the result (resultFile)
// their own Alliance filed; other is the side that confirms it.
func ownSideConfirmation(p processor.Player, resultFile string, filer, other processor.AllianceID) refusal {
	return refusal{fmt.Sprintf("Your own Alliance filed this result, so it is the other side (%s) who confirms or disputes it: %s.", other, closePR),
		fmt.Sprintf("%s is filed by %s, %s's own side: a result is confirmed (or disputed) by a player of the other side, %s — filing it was %s's word", resultFile, filer, p.Login, other, filer)}
}
