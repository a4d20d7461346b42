package processor

import (
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/warmaster/warmaster/processor/report"
)

// RecommendedFleets is the number of Fleets per Alliance for a campaign of
// alliances Alliances and players players in all (Determine Warmaster,
// Alliances and Fleets — "Our recommended numbers of Fleets"; the table is
// lost from the text we have and reads: 2 Alliances, 3 each; 3 Alliances, 2
// each up to 6 players, 3 for 7–9, 4 for 10–12, 1 per player for 13 or
// more). "There cannot be more players within an Alliance than there are
// Fleet stickers for that Alliance": an Alliance of more players than that
// gets one Fleet per player (perAlliance, the most players in one Alliance).
func RecommendedFleets(alliances, players, perAlliance int) int {
	n := 3
	if alliances >= 3 {
		switch {
		case players <= 6:
			n = 2
		case players <= 9:
			n = 3
		case players <= 12:
			n = 4
		default:
			n = (players + alliances - 1) / alliances // 1 per player
		}
	}
	return max(n, perAlliance)
}

// starterAlliances are the Alliances `warmaster init` names, in order.
var starterAlliances = []struct{ id, name string }{
	{"blue", "Shield Chapters"}, {"red", "Nekrosor Dynasty"}, {"green", "Reborn Kin"},
}

// StarterLogin is the placeholder login `warmaster init` gives the n-th
// player (from 1) of an Alliance, for the Warmaster to replace.
func StarterLogin(a AllianceID, n int) Login {
	return Login(fmt.Sprintf("player-%d-of-%s", n, a))
}

// StarterLoginRE matches the placeholder logins StarterLogin makes.
var StarterLoginRE = regexp.MustCompile(`^player-[0-9]+-of-[a-z0-9-]+$`)

// StarterSeed is the placeholder dice seed `warmaster init` writes.
const StarterSeed = "change me"

// StarterCampaign is the campaign.toml `warmaster init` writes: alliances
// Alliances (2 or 3) of playersPer players each, with placeholder logins
// (StarterLogin), the recommended Fleets shared out among each Alliance's
// players in turn, the first player the Warmaster, and every phase's
// deadlines (DefaultCadence) to change. check accepts it as it is.
func StarterCampaign(alliances, playersPer int) ([]byte, error) {
	return StarterCampaignEvery(alliances, playersPer, DefaultCadence)
}

// Cadence is when a campaign's phases come: the first starts at Start (a
// day), each next one Every later. Each phase's deadlines, at 18:00 UTC:
// orders 4 days after its start; battles a week before the next phase
// starts (most of the phase is for playing them); the event choices a day
// after the battles, the moves 3 days after, the builds 6 (the day before
// the next phase starts). The last phase has no event choices, moves or
// builds: the campaign ends at its step 3 (End of the Campaign). Its
// tiebreak, the final battles of a tie, is due when the builds would be:
// the campaign still ends within its last phase's span, as with any
// other phase, and a tie has the same 6 days to arrange its battles.
type Cadence struct {
	Start time.Time
	Every time.Duration
}

// DefaultCadence is init's: phases of 5 weeks from 2027-01-04.
var DefaultCadence = Cadence{Start: time.Date(2027, 1, 4, 0, 0, 0, 0, time.UTC), Every: 35 * 24 * time.Hour}

// MinCadence is the shortest phase a Cadence gives: a day for the battles
// between the orders and the week that ends the phase.
const MinCadence = 12 * 24 * time.Hour

// deadlines are phase's deadlines under the cadence, last the campaign's
// last phase.
func (cad Cadence) deadlines(phase, last int) Deadlines {
	day := 24 * time.Hour
	y, m, d := cad.Start.UTC().Date()
	start := time.Date(y, m, d, 18, 0, 0, 0, time.UTC).Add(time.Duration(phase-1) * cad.Every)
	battles := start.Add(cad.Every - 7*day)
	if phase == last {
		return Deadlines{Operations: start.Add(4 * day), Battles: battles, Tiebreak: battles.Add(6 * day)}
	}
	return Deadlines{Operations: start.Add(4 * day), Battles: battles, Events: battles.Add(day), Moves: battles.Add(3 * day), Builds: battles.Add(6 * day)}
}

// StarterCampaignEvery is StarterCampaign with the phases' deadlines of a
// cadence: every phase's, so that none waits for every file for ever.
func StarterCampaignEvery(alliances, playersPer int, cad Cadence) ([]byte, error) {
	if cad.Every < MinCadence {
		return nil, fmt.Errorf("phases %s apart are too short: at least %d days (4 for the orders, a day of battles, a week for the rest)", cad.Every, int(MinCadence/(24*time.Hour)))
	}
	if alliances < 2 || alliances > len(starterAlliances) {
		return nil, fmt.Errorf("a campaign has 2 or 3 Alliances, not %d", alliances)
	}
	if playersPer < 1 {
		return nil, fmt.Errorf("an Alliance needs at least 1 player, not %d", playersPer)
	}
	fleets := RecommendedFleets(alliances, alliances*playersPer, playersPer)
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	first := StarterLogin(AllianceID(starterAlliances[0].id), 1)
	p("# A new Vespator Front campaign: %d Alliances of %s. Only the repository's Warmasters edit it.", alliances, report.Plural(playersPer, "player", "players"))
	p("#")
	p("# To do before set-up:")
	p("# 1. Replace every placeholder login (%s, …) with a player's GitHub", first)
	p("#    login, in [[players]] and in [[fleets]] alike; warmaster = true (optional,")
	p("#    with or without a fleet) marks a player who rules on disputes too.")
	p("# 2. Rename the Alliances if you like (an id is lowercase letters, digits and")
	p("#    hyphens: it names the set-up, builds and events files).")
	p("# 3. Set the deadlines, a [[deadlines]] table per phase (a step without a")
	p("#    deadline waits for every file), and the dice seed.")
	p("# Then each Alliance commits setup/<alliance>.toml. After every edit run")
	p("# `warmaster check` on this campaign folder (from the repository's root:")
	p("# `warmaster check campaigns/<name>`): it names each mistake and how to fix it.")
	p("")
	p("name = \"War on the Vespator Front\"")
	p("phases = %d                  # the rules recommend 6 Campaign phases", starterPhases)
	p("")
	p("[dice]")
	p("seed = %q          # public seed of the dice streams: anyone can re-roll every die", StarterSeed)
	p("")
	p("# Optional: the GitHub repository the campaign lives in. The campaign's")
	p("# README then links each awaited file to GitHub's web editor, filled with a")
	p("# draft of it: players take part with nothing but a browser.")
	p("# [github]")
	p("# repository = \"my-club/vespator-front\"  # owner/name")
	p("# branch = \"main\"                         # the branch pull requests go to (default main)")
	p("# path = \"campaigns/war\"                  # this folder's path in the repository; left out only at its root")
	p("")
	p("# How Warmaster reads what the rules leave open, each option's RULINGS N")
	p("# included: %s", rulesURL)
	p("[rules]")
	p("events = true               # Vespator Front Events (false: the house rule \"no events\")")
	p("orbital_invasion_defender_power = false  # RULINGS 14 option: Orbital Invasion — Defender wins also adds 1 Power Level")
	p("seize_power_base_keeps_piece = false     # RULINGS 16 option: Seize Power Base at the Attacker's limit leaves the Defender's piece")
	p("boarding_action_without_fleet = false    # RULINGS 15 option: allow a Boarding Action with no defending Fleet at the planet")
	for _, a := range starterAlliances[:alliances] {
		p("")
		p("[[alliances]]")
		p("id = %q", a.id)
		p("name = %q", a.name)
	}
	for _, a := range starterAlliances[:alliances] {
		p("")
		p("# The players of %s (%s): replace each login with a GitHub login.", a.id, a.name)
		for n := 1; n <= playersPer; n++ {
			p("[[players]]")
			p("login = %q", StarterLogin(AllianceID(a.id), n))
			p("alliance = %q", a.id)
			if a.id == starterAlliances[0].id && n == 1 {
				p("warmaster = true            # the campaign's Warmaster: rules on disputed results")
			}
		}
	}
	p("")
	p("# %d Alliances, %s: %d Fleets per Alliance, as the rules recommend (2", alliances, report.Plural(alliances*playersPer, "player", "players"), fleets)
	p("# Alliances: 3 each; 3 Alliances: 2 each up to 6 players, 3 for 7–9, 4 for")
	p("# 10–12, 1 per player from 13; never fewer than the Alliance's players).")
	p("# They are shared out in order; change `player` to share them otherwise.")
	for _, a := range starterAlliances[:alliances] {
		for i := range fleets {
			p("[[fleets]]")
			p("id = \"%s-%d\"", a.id, i+1)
			p("player = %q", StarterLogin(AllianceID(a.id), i*playersPer/fleets+1))
		}
	}
	p("")
	p("# Deadlines per phase (UTC). A step proceeds when every input is in, or once")
	p("# its deadline has passed: then the rules' defaults apply to what is missing,")
	p("# and to files that still have mistakes. A step without a deadline waits")
	p("# for every file, however long. Move any of them as the campaign goes.")
	for phase := 1; phase <= starterPhases; phase++ {
		d := cad.deadlines(phase, starterPhases)
		if phase > 1 {
			p("")
		}
		if phase == starterPhases {
			p("# The last phase ends at its step 3 (End of the Campaign): it has no event")
			p("# choices, moves or builds; a tie's final battles are due by tiebreak.")
		}
		p("[[deadlines]]")
		p("phase = %d", phase)
		p("operations = %s", d.Operations.Format(time.RFC3339))
		p("battles = %s", d.Battles.Format(time.RFC3339))
		if phase == starterPhases { // End of the Campaign, at step 3: a tie's final battles, then a roll-off
			p("tiebreak = %s      # only if the campaign ends tied: past it, the tied Alliances roll off", d.Tiebreak.Format(time.RFC3339))
			continue
		}
		if phase == 1 {
			p("events = %s        # an event's choices; without it an event that asks waits for every Alliance", d.Events.Format(time.RFC3339))
		} else {
			p("events = %s", d.Events.Format(time.RFC3339))
		}
		p("moves = %s", d.Moves.Format(time.RFC3339))
		p("builds = %s", d.Builds.Format(time.RFC3339))
	}
	return []byte(b.String()), nil
}

// starterPhases is the phases init's campaign.toml has (phases = 6).
const starterPhases = 6
