package trust

import (
	"fmt"
	"strings"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder"
)

// authNoBattle refuses a result or a confirmation (cp) named after no
// battle. A name that begins with a battle's id and a separator
// ("red-1-red", "red-1 (1)", a copy's) was meant to be that battle's
// (folder.NoBattleHint): where that file is free, rename it; where the
// battle's result is in already, a battle has one result, filed by one
// side — the actor's own, to change, or the other's, to confirm or
// dispute. Any other name is told how such files are named.
func authNoBattle(f *folder.Folder, p processor.Player, cp folder.CampaignPath) refusal {
	hint, rename := folder.NoBattleHint(f, nil, cp)
	noun := "a result's file"
	if cp.Dir == "confirmations" {
		noun = "a confirmation's file, as its result's,"
	}
	why := fmt.Sprintf("%s %q: %s are named after the attacking fleet; %s", noBattleWhy, cp.Name, cp.Dir, hint)
	battle := folder.MeantBattle(f.Campaign, cp.Name)
	if battle != "" {
		// What the actor would meet at the battle's own file comes first:
		// no rename to a file they may not write either.
		if r := meantRefusal(f, p, cp, battle); r.why != "" {
			return r
		}
	}
	switch {
	case battle == "":
		return refusal{fmt.Sprintf("There is no battle named %q: %s is named after the attacking fleet; rename it, or %s.", cp.Name, noun, closePR), why}
	case rename != "":
		return refusal{fmt.Sprintf("There is no battle named %q: %s is named after the attacking fleet, so this one is likely %s.toml; rename it, or %s.", cp.Name, noun, battle, closePR), why}
	case cp.Dir != "results":
		return refusal{fmt.Sprintf("There is no battle named %q: this is likely %s, and that file is in already: change it there, if it is to change, and %s.", cp.Name, processor.InputPath(cp.Phase, cp.Dir, battle), closePR), why}
	}
	result := processor.InputPath(cp.Phase, "results", battle)
	if res := f.Results[cp.Phase][battle]; res != nil && res.FiledBy == p.Alliance || !f.Campaign.Rules.ConfirmResults {
		return refusal{fmt.Sprintf("This battle's result is in already, as %s, and a battle has one result: change that file instead, if it is to change, and %s.", result, closePR), why}
	}
	return refusal{fmt.Sprintf("This battle's result is in already, as %s, and a battle has one result: confirm or dispute it in %s (`warmaster status` prints the line to write), and %s.", result, processor.InputPath(cp.Phase, "confirmations", battle), closePR), why}
}

// meantRefusal is the refusal p would meet at the file of the battle a
// misnamed result or confirmation (cp) was meant for: a result of a
// battle their Alliance did not fight; a confirmation of one it did not
// fight, or whose result it filed itself.
func meantRefusal(f *folder.Folder, p processor.Player, cp folder.CampaignPath, battle string) refusal {
	meant := cp
	meant.Name = battle
	if cp.Dir == "results" {
		return authResultRefusal(f, p, meant)
	}
	fleet, _ := f.Campaign.BattleFleet(battle)
	attacker := f.Campaign.FleetAlliance(fleet)
	defender, ok := authDefender(f, cp.Phase, battle)
	switch res := f.Results[cp.Phase][battle]; {
	case !ok:
		return refusal{}
	case p.Alliance != attacker && p.Alliance != defender:
		return notFoughtConfirmation(p, fleet, attacker, defender)
	case res != nil && res.FiledBy == p.Alliance:
		return ownSideConfirmation(p, processor.InputPath(cp.Phase, "results", battle), res.FiledBy, processor.BattleOp{Attacker: attacker, Defender: defender}.OtherSide(res.FiledBy))
	}
	return refusal{}
}

// noBattleWhy opens the rule of authNoBattle's refusals.
const noBattleWhy = "there is no battle"

// noBattleRename is the path a file refused as named after no battle
// (r) is renamed to for sure, where there is one; "" otherwise.
func noBattleRename(f *folder.Folder, file string, r refusal) string {
	if !strings.HasPrefix(r.why, noBattleWhy) {
		return ""
	}
	_, rename := folder.NoBattleHint(f, nil, folder.Classify(file))
	return rename
}
