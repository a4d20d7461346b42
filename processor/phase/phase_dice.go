package phase

import (
	"fmt"

	"github.com/warmaster/warmaster/processor/dice"
	"github.com/warmaster/warmaster/processor/folder"
)

// runDice returns the dice of a run. A public seed rolls as it is; a
// committed secret key must be given (WARMASTER_DICE_KEY), be strong and
// match the commitment, and rolls bound to the campaign's identity
// (m.again.CampaignID). A dry run without the key (check, plan) rolls
// stand-ins. A bound roller has every step the journal records behind it
// (its chain of inputs); the others' keys do not change by step.
func runDice(f *folder.Folder, opt Options, m mode) (roller *dice.Roller, standIn bool, err error) {
	c := f.Campaign
	switch {
	case c.Commitment == "":
		roller = dice.New(c.Seed)
	case opt.DiceKey == "" && m.unverified:
		roller, standIn = dice.New("stand-in dice for a check without the key"), true
	default:
		key, err := c.DiceKey(opt.DiceKey)
		if werr := dice.CheckKey(opt.DiceKey); werr != nil && opt.DiceKey != "" && !m.again.LegacyDice {
			// Not quoted: the key is a secret.
			why := "WARMASTER_DICE_KEY is too weak"
			if err != nil {
				why += ", and it does not match campaign.toml's [dice] commitment"
			}
			return nil, false, fmt.Errorf("%s: %w; make one with `warmaster dice-key`, which prints a new random key and the commitment line to put under [dice] in campaign.toml", why, werr)
		}
		if err != nil {
			return nil, false, err
		}
		if m.again.LegacyDice {
			// Steps journaled before the dice were bound roll as they did then.
			roller = dice.New(key)
			break
		}
		roller = dice.Bound(key, m.again.CampaignID)
		for _, e := range f.JournalSteps {
			roller.Step(folder.DiceInputs(e))
		}
	}
	return roller, standIn, nil
}
