package processor

import (
	"errors"
	"strings"
)

// Placeholders are notes on what `warmaster init` wrote into campaign.toml
// for the Warmaster to replace and that is still there before set-up: the
// placeholder logins (StarterLogin) and the placeholder seed. They are not
// faults — check accepts the campaign as init writes it — and there are
// none once the set-up has been applied, when neither may change.
func (f *Folder) Placeholders() []Fault {
	if f.Campaign == nil || f.State == nil || f.State.Step != StepSetup {
		return nil
	}
	var fs faults
	var logins []string
	var first Src
	for _, p := range f.Campaign.Players {
		if starterLoginRE.MatchString(string(p.Login)) {
			if logins == nil {
				first = p.src.At("login")
			}
			logins = append(logins, string(p.Login))
		}
	}
	switch len(logins) {
	case 0:
	case 1:
		fs.add(first, "login %s is still warmaster init's placeholder: replace it with a player's GitHub login, in [[players]] and [[fleets]] alike", logins[0])
	default:
		fs.add(first, "%d logins are still warmaster init's placeholders (%s): replace each with a player's GitHub login, in [[players]] and [[fleets]] alike",
			len(logins), strings.Join(logins, ", "))
	}
	if f.Campaign.Seed == starterSeed {
		fs.add(Src{File: CampaignFile, Ptr: "/dice/seed"}, "seed %q is warmaster init's placeholder: replace it with words of your own before set-up, as the dice are rolled from it (or commit to a secret key: warmaster dice-key)", starterSeed)
	}
	var notes *InvalidError
	if errors.As(fs.err(f.Text), &notes) {
		return notes.Faults
	}
	return nil
}
