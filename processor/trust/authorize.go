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
	"github.com/warmaster/warmaster/schema"
)

// Who may change what: the design's Trust. Only the Warmaster edits
// campaign.toml and map.toml; a player edits only their own orders and
// moves, their Alliance's set-up, builds and event choices, and the results
// of battles their Alliance fought; nobody edits what the processor writes,
// nor an input a processed step consumed (journal.toml holds its SHA-256).

// Authorize checks that actor may make the change a pull request made to
// each of files: slash paths relative to the campaign folder, as they are
// on disk now (a file that is not there was deleted). Each refused file is
// a fault saying why; nil when every change is allowed.
func Authorize(f *folder.Folder, actor processor.Login, files []string) error {
	actor = f.Campaign.Spelling(actor)
	var fs processor.Faults
	for _, file := range files {
		why := authRefusal(f, actor, file)
		if why == "" {
			continue
		}
		fault := processor.Fault{File: file, Message: fmt.Sprintf("%s may not change this file: %s", actor, why)}
		if strings.HasSuffix(why, processor.RestoreFromHistory) {
			fault.Restore = f.ConsumedInputs[file] // a consumed input, changed or deleted
		}
		fs.List = append(fs.List, fault)
	}
	return fs.Err(f.Text)
}

// refusal says why actor may not change file, or "".
func authRefusal(f *folder.Folder, actor processor.Login, file string) string {
	c := f.Campaign
	p, isPlayer := c.PlayerOf(actor)
	if first, _, _ := strings.Cut(file, "/"); first == disk.StateDir {
		return "Warmaster keeps the files of a run it has not finished writing there; they are never committed (see its .gitignore)"
	}
	cp := folder.Classify(file)
	switch cp.Kind {
	case folder.KindWritten:
		return "it is written by the processor, never by hand"
	case folder.KindSeen:
		return "advance writes it, recording when it first saw each result (the other side's day to confirm or dispute it runs from then); nobody edits it"
	case folder.KindRuling:
		// A disputed result waits for the Warmaster's ruling: the
		// campaign's Warmaster's alone (the person who, in the rules,
		// processes results).
		if isPlayer && p.Warmaster {
			if why := authProcessed(f, file, cp); why != "" {
				return why
			}
			return ""
		}
		if w, ok := c.Warmaster(); ok {
			return fmt.Sprintf("a ruling on a disputed result is the Warmaster's (%s) alone", w)
		}
		return "a ruling on a disputed result is the Warmaster's alone, and campaign.toml names none"
	case folder.KindWarmaster:
		if isPlayer && p.Warmaster {
			return ""
		}
		if w, ok := c.Warmaster(); ok {
			return fmt.Sprintf("only the Warmaster (%s) edits %s", w, file)
		}
		return fmt.Sprintf("only the Warmaster edits %s, and campaign.toml names none", file)
	}
	if !isPlayer {
		if why := c.NotPlaying(actor); why != "" {
			return why
		}
		return fmt.Sprintf("%s is not a player in campaign.toml", actor)
	}
	if cp.Kind == folder.KindOther {
		return "it is not a file players write: setup/<alliance>.toml, and in phases/NN/ orders/<login>.toml, results/<battle>.toml, confirmations/<battle>.toml, moves/<login>.toml, builds/<alliance>.toml, events/<alliance>.toml, and the final phase's tiebreak.toml"
	}
	if why := authProcessed(f, file, cp); why != "" {
		return why
	}
	switch cp.Kind {
	case folder.KindSetup:
		if processor.AllianceID(cp.Name) != p.Alliance {
			return fmt.Sprintf("set-up files are their own Alliance's (%s's is setup/%s.toml)", p.Alliance, p.Alliance)
		}
	case folder.KindOrders, folder.KindMoves:
		if processor.Login(cp.Name) != actor {
			return fmt.Sprintf("%s files are each player's own (yours is %s)", cp.Dir, processor.InputPath(cp.Phase, cp.Dir, string(actor)))
		}
	case folder.KindBuilds:
		if processor.AllianceID(cp.Name) != p.Alliance {
			return fmt.Sprintf("builds are each Alliance's own (yours is %s)", processor.InputPath(cp.Phase, cp.Dir, string(p.Alliance)))
		}
	case folder.KindEvents:
		if processor.AllianceID(cp.Name) != p.Alliance {
			return fmt.Sprintf("event choices are each Alliance's own (yours is %s)", processor.InputPath(cp.Phase, cp.Dir, string(p.Alliance)))
		}
	case folder.KindResults:
		if why := authResultRefusal(f, p, cp); why != "" {
			return why
		}
		return authFiledBy(f, p, file, cp)
	case folder.KindConfirmation:
		return authConfirmationRefusal(f, p, file, cp)
	case folder.KindTiebreak:
		return authTiebreakRefusal(f, p)
	}
	return ""
}

// processed refuses a change to the input of a step already processed:
// changing or deleting an input the journal says was consumed would rewrite
// what was applied; adding one now would never be applied.
func authProcessed(f *folder.Folder, file string, cp folder.CampaignPath) string {
	data, err := f.ReadFile(file)
	exists := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Sprintf("it cannot be read: %v", err)
	}
	want, consumed := f.ConsumedInputs[file]
	step, ok := cp.Step()
	when := "its step"
	if ok {
		when = stepWhen(step, cp.Phase)
	}
	switch {
	case consumed && !exists:
		return fmt.Sprintf("%s consumed it (journal.toml records sha256 %.12s…); deleting it would unmake what was applied: %s", when, want, processor.RestoreFromHistory)
	case consumed && folder.Digest(data) != want:
		return fmt.Sprintf("%s consumed it (journal.toml records sha256 %.12s…); a consumed input never changes: %s", when, want, processor.RestoreFromHistory)
	case consumed:
		return ""
	case exists && ok && authStepDone(f, step, cp.Phase):
		return fmt.Sprintf("%s was processed already (see journal.toml): a file added now would never be applied; remove it", when)
	}
	return ""
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
func authResultRefusal(f *folder.Folder, p processor.Player, cp folder.CampaignPath) string {
	fleet, ok := f.Campaign.BattleFleet(cp.Name) // <fleet>-2: a second operation (Defiant Zeal)
	if !ok {
		return fmt.Sprintf("there is no battle %q: results are named after the attacking fleet; %s", cp.Name, processor.Hint(nil, cp.Name, f.Campaign.FleetIDs(), "fleets: "+report.OneOf(f.Campaign.FleetIDs())))
	}
	attacker := f.Campaign.FleetAlliance(fleet)
	if p.Alliance == attacker {
		return ""
	}
	defender, ok := authDefender(f, cp.Phase, cp.Name)
	switch {
	case !ok && authStepDone(f, processor.StepOperations, cp.Phase):
		return fmt.Sprintf("%s fought no battle in phase %d (the battle sheets are in %s/battles/); only its Alliance, %s, may change this file", fleet, cp.Phase, processor.PhaseDir(cp.Phase), attacker)
	case !ok:
		return fmt.Sprintf("%s's battle of phase %d is not revealed: until 2.1 Reveal only the attacking Alliance, %s, reports it", fleet, cp.Phase, attacker)
	case p.Alliance != defender:
		return fmt.Sprintf("a result is reported by the Alliances that fought the battle (%s attacked %s), and %s did not fight %s", attacker, defender, p.Alliance, fleet)
	}
	return ""
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

// Owners is one line of a CODEOWNERS file for a campaign folder: a pattern
// relative to the folder, and who owns what it matches.
type Owners struct {
	Pattern string            // gitignore-style, relative to the campaign folder: phases/*/orders/alice.toml*
	Logins  []processor.Login // GitHub logins
	Section string            // what the rule is about, for a comment above its group
}

// CodeOwners lists the CODEOWNERS rules of a campaign, in the order the file
// needs them (the last matching pattern takes precedence): the Warmaster
// owns the folder, campaign.toml, map.toml and what the processor writes;
// each player their orders (sealed too) and moves; each Alliance's players
// its set-up, builds and event choices; every player the results, which two
// Alliances share. It returns an *InvalidError when campaign.toml names no
// Warmaster.
//
// GitHub does not let the author of a pull request approve it, so a file
// owned by its author alone could never get the code owner's review branch
// protection requires. A player's files are therefore co-owned by their
// allies, and an Alliance of one shares its files with the Warmaster: they
// may approve, while `check --actor` still refuses a change by anyone but
// the player (or the Alliance) whose file it is.
func campaignCodeOwners(c *processor.Campaign) ([]Owners, error) {
	w, ok := c.Warmaster()
	if !ok {
		var fs processor.Faults
		fs.Add(processor.Src{File: processor.CampaignFile}, "no player is the Warmaster (warmaster = true): CODEOWNERS gives them campaign.toml, map.toml and what the processor writes")
		return nil, fs.Err(func(string) []byte { return nil })
	}
	wm := []processor.Login{w}
	// reviewers: the owners first, then allies, then the Warmaster for an
	// Alliance of one.
	reviewers := func(first []processor.Login, a processor.AllianceID) []processor.Login {
		out := slices.Clone(first)
		for _, l := range c.PlayersOf(a) {
			if !slices.Contains(out, l) {
				out = append(out, l)
			}
		}
		if len(out) == 1 && out[0] != w {
			out = append(out, w)
		}
		return out
	}
	var out []Owners
	add := func(section, pattern string, logins []processor.Login) {
		out = append(out, Owners{Pattern: pattern, Logins: logins, Section: section})
	}
	const warmaster = "The Warmaster's: the folder, unless a rule below says otherwise; the campaign and the map."
	add(warmaster, "", wm)
	add(warmaster, processor.CampaignFile, wm)
	add(warmaster, processor.MapFile, wm)
	const alliance = "Each Alliance's: its set-up, builds and event choices (an Alliance of one shares them with the Warmaster, who may approve)."
	for _, a := range c.AllianceIDs() {
		players := c.PlayersOf(a)
		if len(players) == 0 {
			continue
		}
		add(alliance, "setup/"+string(a)+".toml", reviewers(nil, a))
		add(alliance, "phases/*/builds/"+string(a)+".toml", reviewers(nil, a))
		add(alliance, "phases/*/events/"+string(a)+".toml", reviewers(nil, a))
	}
	const player = "Each player's: orders (sealed too: .toml.age) and moves. Allies (or the Warmaster) co-own them to approve: GitHub does not let a pull request's author approve it."
	for _, p := range c.Players {
		add(player, "phases/*/orders/"+string(p.Login)+".toml*", reviewers([]processor.Login{p.Login}, p.Alliance))
		add(player, "phases/*/moves/"+string(p.Login)+".toml", reviewers([]processor.Login{p.Login}, p.Alliance))
	}
	add("Battle results: every player; `warmaster check --actor` allows only the two Alliances that fought.", "phases/*/results/", c.Logins())
	if c.Rules.ConfirmResults {
		add("Confirmations of results: every player; `warmaster check --actor` allows only the side that did not file the result.", "phases/*/confirmations/", c.Logins())
		add("Rulings on disputed results: the Warmaster's.", "phases/*/rulings/", wm)
	}
	add("The final battle(s) of a tie: every player; `warmaster check --actor` allows only the tied Alliances.", "phases/*/tiebreak.toml", c.Logins())
	const written = "Written by warmaster, never by hand: `warmaster check --actor` refuses every change."
	for _, p := range []string{processor.StateFile, processor.JournalFile, processor.ReadmeFile, "phases/*/report.md", "phases/*/battles/", "phases/*/" + folder.SeenFile} {
		add(written, p, wm)
	}
	return out, nil
}

// CodeOwners reads a campaign folder's campaign.toml and map.toml and lists
// its CODEOWNERS rules (see Campaign.CodeOwners). Faults in inputs do not
// matter here.
func CodeOwners(dir string) ([]Owners, error) {
	f, _, err := folder.LoadDir(dir)
	if err != nil {
		return nil, err
	}
	return campaignCodeOwners(f.Campaign)
}

// tiebreakRefusal: the final battle(s) are reported by the players of the
// tied Alliances (End of the Campaign: "one player from each of those
// Alliances").
func authTiebreakRefusal(f *folder.Folder, p processor.Player) string {
	end := f.State.End
	if end == nil || len(end.Tied) < 2 {
		return "no tie is to be broken: the campaign has not ended tied (state.toml has no [end] tied)"
	}
	if !slices.Contains(end.Tied, p.Alliance) {
		return fmt.Sprintf("the final battle(s) are reported by the tied Alliances (%s), and %s is not one of them", report.OneOf(end.Tied), p.Alliance)
	}
	return ""
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
func authFiledBy(f *folder.Folder, p processor.Player, file string, cp folder.CampaignPath) string {
	if !f.Campaign.Rules.ConfirmResults {
		return ""
	}
	res := f.Results[cp.Phase][cp.Name]
	if res == nil {
		return "" // deleted, or faulty: the check says what is wrong
	}
	if res.FiledBy != "" && res.FiledBy != p.Alliance {
		return fmt.Sprintf("filed_by says %s files this result, and %s plays for %s: a result is filed by the side that changes it last (filed_by = %q), and the other side confirms it", res.FiledBy, p.Login, p.Alliance, p.Alliance)
	}
	return ""
}

// authConfirmationRefusal: the other side's word on a result is a player
// of that side's — of the two Alliances that fought, the one that did not
// file the result as it stands — and names the result as it is.
func authConfirmationRefusal(f *folder.Folder, p processor.Player, file string, cp folder.CampaignPath) string {
	if !f.Campaign.Rules.ConfirmResults {
		return "this campaign does not confirm results ([rules] confirm_results = false): a result counts as filed"
	}
	if why := authProcessed(f, file, cp); why != "" {
		return why
	}
	resultFile := processor.InputPath(cp.Phase, "results", cp.Name)
	fleet, ok := f.Campaign.BattleFleet(cp.Name)
	if !ok {
		return fmt.Sprintf("there is no battle %q: confirmations are named after the attacking fleet, as its result is", cp.Name)
	}
	attacker := f.Campaign.FleetAlliance(fleet)
	defender, ok := authDefender(f, cp.Phase, cp.Name)
	if !ok {
		return fmt.Sprintf("%s's battle of phase %d is not revealed (or it fought none): there is nothing to confirm", fleet, cp.Phase)
	}
	if p.Alliance != attacker && p.Alliance != defender {
		return fmt.Sprintf("a result is confirmed by the other side of the battle (%s attacked %s), and %s did not fight %s", attacker, defender, p.Alliance, fleet)
	}
	data, err := f.ReadFile(resultFile)
	conf, _ := f.ReadFile(file)
	switch {
	case errors.Is(err, fs.ErrNotExist) && conf == nil:
		return "" // withdrawn with its result gone: nothing left to confirm
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Sprintf("%s is not filed: there is nothing to confirm or dispute", resultFile)
	case err != nil:
		return fmt.Sprintf("%s cannot be read: %v", resultFile, err)
	}
	res := f.Results[cp.Phase][cp.Name]
	if res == nil || res.FiledBy == "" {
		return fmt.Sprintf("%s has faults (or no filed_by): it cannot be confirmed until its side fixes them", resultFile)
	}
	if res.FiledBy == p.Alliance {
		return fmt.Sprintf("%s is filed by %s, %s's own side: a result is confirmed (or disputed) by a player of the other side, %s — filing it was %s's word", resultFile, res.FiledBy, p.Login, otherSideOf(res.FiledBy, attacker, defender), res.FiledBy)
	}
	if c := f.Confirmations[cp.Phase][cp.Name]; c != nil && c.Digest() != folder.Digest(data) {
		return fmt.Sprintf("it names sha256 %.12s…, and %s as filed now is %s: confirm (or dispute) the result as it stands", c.Digest(), resultFile, folder.Digest(data))
	}
	return ""
}

func otherSideOf(filer, attacker, defender processor.AllianceID) processor.AllianceID {
	if filer == attacker {
		return defender
	}
	return attacker
}
