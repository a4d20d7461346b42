package folder

import (
	"errors"
	"strings"

	"github.com/warmaster/warmaster/processor"
)

// Placeholders are notes on what `warmaster init` wrote into campaign.toml
// for the Warmaster to replace and that is still there before set-up: the
// placeholder logins (StarterLogin) and the placeholder seed. They are not
// faults — check accepts the campaign as init writes it — and there are
// none once the set-up has been applied, when neither may change.
func (f *Folder) Placeholders() []processor.Fault {
	if f.Campaign == nil || f.State == nil || f.State.Step != processor.StepSetup {
		return nil
	}
	var fs processor.Faults
	var logins []string
	var first processor.Src
	for _, p := range f.Campaign.Players {
		if processor.StarterLoginRE.MatchString(string(p.Login)) {
			if logins == nil {
				first = p.Src.At("login")
			}
			logins = append(logins, string(p.Login))
		}
	}
	switch len(logins) {
	case 0:
	case 1:
		fs.Add(first, "login %s is still warmaster init's placeholder: replace it with a player's GitHub login, in [[players]] and [[fleets]] alike", logins[0])
	default:
		fs.Add(first, "%d logins are still warmaster init's placeholders (%s): replace each with a player's GitHub login, in [[players]] and [[fleets]] alike",
			len(logins), strings.Join(logins, ", "))
	}
	if f.Campaign.Seed == processor.StarterSeed {
		fs.Add(processor.Src{File: processor.CampaignFile, Ptr: "/dice/seed"}, "seed %q is warmaster init's placeholder: replace it with words of your own before set-up, as the dice are rolled from it (or commit to a secret key: warmaster dice-key)", processor.StarterSeed)
	}
	var notes *processor.InvalidError
	if errors.As(fs.Err(f.Text), &notes) {
		return notes.Faults
	}
	return nil
}
