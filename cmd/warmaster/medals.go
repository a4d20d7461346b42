package main

import (
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder"
)

// initMedals is what `init --medals-from OLD` records in the new campaign.toml.
type initMedals struct {
	toml    string // the [[medals]] tables, "" when OLD awarded none
	summary string // one line for the user
}

// medalsFrom reads the Campaign Medals of the ended campaign named by
// --medals-from, before anything is written; nil without the flag.
func medalsFrom(c *cli.Context) (*initMedals, error) {
	old := c.String("medals-from")
	if !c.IsSet("medals-from") {
		return nil, nil
	}
	if old == "" {
		return nil, usagef("--medals-from needs the folder of an ended campaign")
	}
	awards, name, err := folder.MedalsWon(old)
	if err != nil {
		_ = printFaults(c.App.ErrWriter, old, err, false) // faults in OLD's campaign, map or state, if any
		return nil, fmt.Errorf("init --medals-from %s: %w", old, err)
	}
	m := &initMedals{toml: processor.MedalsTOML(awards, name)}
	var won []string
	for _, aw := range awards {
		if aw.Alliance != "" && len(aw.Players) > 0 {
			logins := make([]string, len(aw.Players))
			for i, l := range aw.Players {
				logins[i] = string(l)
			}
			won = append(won, fmt.Sprintf("%s (%s)", aw.Medal.Title(), strings.Join(logins, ", ")))
		}
	}
	if len(won) == 0 {
		m.summary = fmt.Sprintf("%s awarded no Campaign Medal: nothing recorded", old)
	} else {
		m.summary = fmt.Sprintf("recorded the Campaign Medals of %q in campaign.toml's [[medals]]: %s; at set-up, the Alliance with the most players holding each medal receives its benefit", name, strings.Join(won, "; "))
	}
	return m, nil
}
