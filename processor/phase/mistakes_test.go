package phase

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/warmaster/warmaster/campaigns"
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/internal/testkit"
)

// mistake is one slip a player or an organiser makes in a file of the
// example campaign, and every fault check gives for it: the exact words,
// at the exact place.
type mistake struct {
	name     string
	file     string // slash path in the campaign folder
	old, new string // old is replaced by new, once; old "" replaces the whole file
	now      string // check's --now; "" is before the first deadline
	// also are edits to other files that set the scene: [file, old, new]
	also [][3]string
	want []string
	// notes, when given, are the check's notes, which refuse nothing.
	notes []string
}

// TestMistakes checks the faults a hobbyist gets for the mistakes people
// make: each said in words, with the fix, at its line and column, and one
// fault for one mistake.
func TestMistakes(t *testing.T) {
	t.Parallel()
	// bob commands a second fleet, blue-3, from Jawardet.
	bobsSecondFleet := [][3]string{
		{"campaign.toml", "id = \"blue-2\"\nplayer = \"bob\"", "id = \"blue-2\"\nplayer = \"bob\"\n[[fleets]]\nid = \"blue-3\"\nplayer = \"bob\""},
		{"setup/blue.toml", "blue-2 = \"caltus-novem\"", "blue-2 = \"caltus-novem\"\nblue-3 = \"jawardet\""},
		{"phases/02/orders/bob.toml", "defender = \"green\"", "defender = \"green\"\n[[operations]]\nfleet = \"blue-3\"\noperation = \"logistical-auxilia\""},
	}
	planets := "norallus, masnet, felgris-secundas, tarkad-vindix, jawardet, karabas, kryndaer, novamagnor, astarthem, caltus-novem, marvinius, vikus-decima, ikaron-prime"
	for _, m := range []mistake{
		// TOML syntax, as the mistake behind it.
		{name: "ErrMissingClosingQuote", file: "phases/01/orders/erin.toml",
			old: `fleet = "green-1"`, new: `fleet = "green-1`,
			want: []string{`phases/01/orders/erin.toml:2:17: invalid TOML: missing closing quote ": write "green-1"`}},
		{name: "ErrCurlyQuotes", file: "phases/01/orders/erin.toml",
			old: `fleet = "green-1"`, new: `fleet = “green-1”`,
			want: []string{`phases/01/orders/erin.toml:2:9: invalid TOML: curly quotes “ ” are not TOML quotes: use straight quotes ": write "green-1"`}},
		{name: "ErrCurlySingleQuotes", file: "phases/01/orders/erin.toml",
			old: `fleet = "green-1"`, new: `fleet = ‘green-1’`,
			want: []string{`phases/01/orders/erin.toml:2:9: invalid TOML: curly quotes ‘ ’ are not TOML quotes: use straight quotes ": write "green-1"`}},
		{name: "ErrCurlyClosingQuote", file: "phases/01/results/red-1.toml",
			old: `winner = "defender"`, new: `winner = "attacker”`,
			want: []string{`phases/01/results/red-1.toml:4:19: invalid TOML: curly quotes “ ” are not TOML quotes: use straight quotes ": write "attacker"`}},
		{name: "ErrCurlyClosingSingleQuote", file: "phases/01/results/red-1.toml",
			old: `winner = "defender"`, new: `winner = 'attacker’ # autocorrect`,
			want: []string{`phases/01/results/red-1.toml:4:19: invalid TOML: curly quotes ‘ ’ are not TOML quotes: use straight quotes ": write "attacker"`}},
		{name: "ErrCurlyApostropheUnclosed", file: "campaign.toml",
			old: `name = "War on the Vespator Front"`, new: `name = "War on Bob’s Front`,
			want: []string{`campaign.toml:9:27: invalid TOML: missing closing quote ": write "War on Bob’s Front"`}},
		{name: "ErrCurlyQuotesEveryLine", file: "phases/01/results/red-1.toml", now: "2027-01-20T00:00:00Z",
			old: "", new: "played = 2027-01-12T18:00:00Z\nwinner = “defender”\ndefender_player = “bob”\ntheatre = “rad-zone” # “Rad” zone\ntwist = 1\n\n[outcome]\nplanet = “felgris-secundas”\ndirection = “to-connected”\npieces = [“staging-grounds”]\n",
			want: []string{`phases/01/results/red-1.toml:2:10: invalid TOML: curly quotes “ ” are not TOML quotes: use straight quotes ": write "defender"; lines 3, 4, 8, 9 and 10 have them too: replace them all (a phone's smart punctuation types them: turn it off, or edit the file on GitHub's website)`}},
		// When a battle was played, as people write it.
		{name: "ErrPlayedZoneAbbreviation", file: "phases/01/results/blue-1.toml", now: "2027-01-20T00:00:00Z",
			old: "played = 2027-01-15T19:30:00Z", new: "played = 2027-01-15 19:30 CET",
			want: []string{`phases/01/results/blue-1.toml:3:10: invalid TOML: a time zone is written as its offset from UTC, not as CET: write 2027-01-15T19:30:00+01:00 (CET is UTC+01:00), or without a zone, 2027-01-15T19:30:00, for the club's time zone (campaign.toml's time_zone; UTC when it names none)`}},
		{name: "ErrPlayedQuoted", file: "phases/01/results/blue-1.toml", now: "2027-01-20T00:00:00Z",
			old: "played = 2027-01-15T19:30:00Z", new: `played = "2027-01-15 19:30"`,
			want: []string{`phases/01/results/blue-1.toml:3:10: played: "2027-01-15 19:30": write the date and time without quotes: 2027-01-15T19:30:00 (the club's time zone, campaign.toml's time_zone; UTC when it names none), or 2027-01-15T19:30:00Z for UTC`}},
		{name: "ErrPlayedMonthOnly", file: "phases/01/results/blue-1.toml", now: "2027-01-20T00:00:00Z",
			old: "played = 2027-01-15T19:30:00Z", new: "played = 2027-01",
			want: []string{`phases/01/results/blue-1.toml:3:10: invalid TOML: give the day too: write the date as 2027-01-DD, such as 2027-01-10, without quotes`}},
		{name: "ErrPlayedTimeOnly", file: "phases/01/results/blue-1.toml", now: "2027-01-20T00:00:00Z",
			old: "played = 2027-01-15T19:30:00Z", new: "played = 19:30:00",
			want: []string{`phases/01/results/blue-1.toml:3:10: played: 19:30:00 is a time without its day: give the day too: write the date, a T and the time, such as 2027-01-10T19:30:00`}},
		{name: "ErrPlayedAmPm", file: "phases/01/results/blue-1.toml", now: "2027-01-20T00:00:00Z",
			old: "played = 2027-01-15T19:30:00Z", new: "played = 2027-01-15 7:30 pm",
			want: []string{`phases/01/results/blue-1.toml:3:10: invalid TOML: write the time on the 24-hour clock, without am or pm: 2027-01-15T19:30:00`}},
		// A file written into the wrong folder.
		{name: "ErrMovesInOrders", file: "phases/01/orders/bob.toml",
			old: "", new: "[moves]\nblue-2 = \"caltus-novem\"\n",
			want: []string{`phases/01/orders/bob.toml:1:1: This file is for your orders, but it holds your moves, which go in phases/01/moves/bob.toml: move the text there. Why: moves is the key of moves files, not of orders files`}},
		{name: "ErrOrdersInMoves", file: "phases/01/moves/bob.toml", now: "2027-02-03T12:00:00Z",
			old: "", new: "[[operations]]\nfleet = \"blue-2\"\noperation = \"raise-edifices\"\ninfrastructure = \"fortification-line\"\n",
			want: []string{`phases/01/moves/bob.toml:1:1: This file is for your moves, but it holds your orders, which go in phases/01/orders/bob.toml: move the text there. Why: operations is the key of orders files, not of moves files`}},
		{name: "ErrMovesAfterOrders", file: "phases/01/orders/alice.toml",
			old: "", new: "[[operations]]\nfleet = \"blue-1\"\noperation = \"logistical-auxilia\"\n\n[moves]\nblue-1 = \"tarkad-vindix\"\n",
			want: []string{`phases/01/orders/alice.toml:5:1: Moves go in a file of their own, phases/01/moves/alice.toml: move [moves] and the lines under it there. Why: moves is the key of moves files, not of orders files; an orders file holds only [[operations]]`}},
		{name: "ErrMovesShapedAsOrders", file: "phases/01/moves/alice.toml", now: "2027-02-03T12:00:00Z",
			old: "", new: "[moves]\nfleet = \"blue-1\"\nplanet = \"tarkad-vindix\"\n",
			want: []string{`phases/01/moves/alice.toml:2:1: under [moves], each line is a fleet and the planet it moves to: write blue-1 = "tarkad-vindix" (fleet = planet), not fleet = … and planet = … on lines of their own`}},
		{name: "ErrMovesShapedAsOrdersUnknownFleet", file: "phases/01/moves/alice.toml", now: "2027-02-03T12:00:00Z",
			old: "", new: "[moves]\nfleet = \"blue-9\"\nto = \"nowhere\"\n",
			want: []string{`phases/01/moves/alice.toml:2:1: under [moves], each line is a fleet and the planet it moves to: write blue-1 = "<planet>" (fleet = planet), not fleet = … and to = … on lines of their own`}},
		{name: "ErrMovesShapedAsOrdersOfTwoFleets", file: "phases/01/moves/bob.toml", now: "2027-02-03T12:00:00Z",
			also: bobsSecondFleet, old: "", new: "[moves]\nfleet = \"blue\"\nplanet = \"caltus-novem\"\n",
			want: []string{`phases/01/moves/bob.toml:2:1: under [moves], each line is a fleet and the planet it moves to: write <fleet> = "caltus-novem" (fleet = planet), not fleet = … and planet = … on lines of their own; bob controls blue-2, blue-3`}},
		{name: "ErrConfirmsCutShort", file: "phases/01/confirmations/red-1.toml",
			old: `confirms = "33f247c7ac4bcf19cf290c10b66d9d4cd3e7c0e4a8e2b2ce29fc2bf07d23f49b"`, new: `confirms = "33f247c7ac4bcf19cf290c10b66d9d4cd3e7c0e4a8e2b2ce29fc2bf07d23f49"`,
			want: []string{`phases/01/confirmations/red-1.toml:2:12: confirms: "33f247c7ac4bcf19cf290c10b66d9d4cd3e7c0e4a8e2b2ce29fc2bf07d23f49" is cut short (63 of the 64 digits of phases/01/results/red-1.toml's SHA-256): write confirms = "33f247c7ac4bcf19cf290c10b66d9d4cd3e7c0e4a8e2b2ce29fc2bf07d23f49b"`}},
		{name: "ErrConfirmsTrue", file: "phases/01/confirmations/red-1.toml",
			old: `confirms = "33f247c7ac4bcf19cf290c10b66d9d4cd3e7c0e4a8e2b2ce29fc2bf07d23f49b"`, new: `confirms = true`,
			want: []string{`phases/01/confirmations/red-1.toml:2:12: confirms: write the SHA-256 of phases/01/results/red-1.toml as filed now, in quotes: confirms = "33f247c7ac4bcf19cf290c10b66d9d4cd3e7c0e4a8e2b2ce29fc2bf07d23f49b"`}},
		{name: "ErrResultInConfirmations", file: "phases/01/confirmations/red-1.toml",
			old: "", new: "filed_by = \"red\"\nplayed = 2027-01-12T18:00:00Z\nwinner = \"defender\"\n",
			want: []string{"phases/01/confirmations/red-1.toml:1:1: This file is for confirming or disputing a result, but it holds a result, which goes in phases/01/results/red-1.toml (a battle has one result, filed by either side). Why: a confirmation is the one line confirms = \"<sha256>\" that `warmaster status` prints for the result as filed (a dispute: disputes = \"<sha256>\" and why = \"…\"); filed_by is a key of results files, not of confirmations files"}},
		{name: "ErrResultNamedForItsSide", file: "phases/01/results/red-1-red.toml",
			old: "", new: "filed_by = \"red\"\nwinner = \"defender\"\n",
			want: []string{"phases/01/results/red-1-red.toml: no battle \"red-1-red\": results files are named after the attacking fleet; did you mean red-1.toml? phases/01/results/red-1.toml is in already, and a battle has one result: the other side confirms or disputes it in phases/01/confirmations/red-1.toml (`warmaster status` prints the line to write); remove this file"}},
		{name: "ErrResultNamedAsACopy", file: "phases/01/results/red-2 (1).toml",
			old: "", new: "filed_by = \"red\"\nwinner = \"defender\"\n",
			want: []string{`phases/01/results/red-2 (1).toml: no battle "red-2 (1)": results files are named after the attacking fleet; did you mean red-2.toml?`}},
		{name: "ErrConfirmationNamedForItsSide", file: "phases/01/confirmations/red-1_red.toml",
			old: "", new: "confirms = \"33f247c7ac4bcf19cf290c10b66d9d4cd3e7c0e4a8e2b2ce29fc2bf07d23f49b\"\n",
			want: []string{`phases/01/confirmations/red-1_red.toml: no battle "red-1_red": confirmations files are named after the attacking fleet; did you mean red-1.toml?`}},
		{name: "ErrResultNamedNoFleet", file: "phases/01/results/purple-9.toml",
			old: "", new: "winner = \"defender\"\n",
			want: []string{`phases/01/results/purple-9.toml: no battle "purple-9": results files are named after the attacking fleet; fleets: blue-1, blue-2, red-1, red-2, green-1, green-2`}},
		{name: "ErrTwoBracketsMoves", file: "phases/01/moves/alice.toml",
			old: "[moves]", new: "[[moves]]", now: "2027-02-03T12:00:00Z",
			want: []string{`phases/01/moves/alice.toml:1:1: write [moves] (one bracket): it is a single table`}},
		{name: "ErrTwoBracketsTidesOfWar", file: "phases/01/events/blue.toml",
			old: "", new: "[[tides_of_war]]\nstronghold = \"astarthem\"\n", now: "2027-02-01T20:00:00Z",
			want: []string{`phases/01/events/blue.toml:1:1: write [tides_of_war] (one bracket): it is a single table`}},
		{name: "ErrTwoBracketsLanding", file: "phases/01/results/blue-1.toml",
			old: "[war_engines.landing]", new: "[[war_engines.landing]]",
			want: []string{`phases/01/results/blue-1.toml:16:1: write [war_engines.landing] (one bracket): it is a single table`}},
		{name: "ErrMovesWithoutHeading", file: "phases/01/moves/alice.toml",
			old: "[moves]\n", new: "", now: "2027-02-03T12:00:00Z",
			want: []string{`phases/01/moves/alice.toml:1:1: blue-1 = … belongs under [moves]: write [moves] on a line above it`}},
		{name: "ErrOutcomeWithoutHeading", file: "phases/01/results/red-1.toml",
			old: "[outcome]\n", new: "",
			want: []string{`phases/01/results/red-1.toml:10:1: planet, direction and pieces belong under [outcome]: write [outcome] on a line above them`}},
		{name: "ErrOutcomeOfOrdersAtTop", file: "phases/01/orders/alice.toml",
			old: `defender = "green"`, new: "defender = \"green\"\n\n[outcome]\ntake = \"fortification-line\"",
			want: []string{`phases/01/orders/alice.toml:8:1: [outcome] belongs under [[operations]]: write its heading as [operations.outcome], below the [[operations]] it is for`}},
		{name: "ErrLullBuildWithoutHeading", file: "phases/01/events/blue.toml", now: "2027-02-01T20:00:00Z",
			old: `build = { planet = "tarkad-vindix", type = "staging-grounds" }`, new: "planet = \"tarkad-vindix\"\ntype = \"staging-grounds\"",
			want: []string{`phases/01/events/blue.toml:4:1: planet and type belong under [lull_in_the_fighting.build]: write [lull_in_the_fighting.build] on a line above them`}},
		{name: "ErrResultBlanks", file: "phases/01/results/red-1.toml",
			old: "filed_by = \"blue\"", new: "filed_by = \"\"", also: [][3]string{{"phases/01/results/red-1.toml", "defender_player = \"bob\"", "defender_player = \"\""}},
			want: []string{
				`phases/01/results/red-1.toml:2:12: filed_by is empty: write the Alliance filing this result, yours: red (the attacker) or blue (the defender)`,
				`phases/01/results/red-1.toml:5:19: defender_player is empty: write the player of blue who fought it: alice or bob`,
			}},
		{name: "ErrBattleWithoutItsKeys", file: "phases/01/orders/erin.toml",
			old: `operation = "logistical-auxilia"`, new: "operation = \"battle\"\nplanet = \"astarthem\"",
			want: []string{`phases/01/orders/erin.toml:1:1: the 1st operation: missing keys "attack" and "defender": a battle operation needs "attack", "planet" and "defender"; attack: seize-power-base, purge-and-burn, orbital-invasion, planetary-bombardment, supply-base-raid or boarding-action; defender: blue or red`}},
		{name: "ErrDiceWithoutHeading", file: "campaign.toml",
			old: "[dice]\n", new: "",
			want: []string{`campaign.toml:12:1: seed = … belongs under [dice]: write [dice] on a line above it`}},
		{name: "ErrOneBracketOperations", file: "phases/01/orders/erin.toml",
			old: "[[operations]]", new: "[operations]",
			want: []string{`phases/01/orders/erin.toml:1:1: write [[operations]] (two brackets) for each operation`}},
		{name: "ErrOneBracketOperationsTwice", file: "phases/01/orders/alice.toml",
			old: "", new: "[operations]\nfleet = \"blue-1\"\noperation = \"logistical-auxilia\"\n\n[operations]\nfleet = \"blue-1\"\noperation = \"logistical-auxilia\"\n",
			want: []string{`phases/01/orders/alice.toml:1:1: invalid TOML: write [[operations]] (two brackets) for each operation`}},
		{name: "ErrOneBracketInfrastructure", file: "setup/red.toml",
			old: "[[infrastructure]]\nplanet = \"kryndaer\"", new: "[infrastructure]\nplanet = \"kryndaer\"",
			want: []string{`setup/red.toml:10:1: invalid TOML: write [[infrastructure]] (two brackets) for each piece`}},
		{name: "ErrOneBracketPlayers", file: "campaign.toml",
			old: "[[players]]\nlogin = \"frank\"", new: "[players]\nlogin = \"frank\"",
			want: []string{`campaign.toml:60:1: invalid TOML: write [[players]] (two brackets) for each player`}},
		{name: "ErrOneBracketWarEngines", file: "phases/01/results/red-1.toml",
			old: "[[war_engines]]\nengine = \"doomwalker-1\"", new: "[war_engines]\nengine = \"doomwalker-1\"",
			want: []string{`phases/01/results/red-1.toml:25:1: invalid TOML: write [[war_engines]] (two brackets) for each war engine`}},
		{name: "ErrDateWithSlashes", file: "phases/01/results/red-1.toml",
			old: "played = 2027-01-12T18:00:00Z", new: "played = 12/01/2027",
			want: []string{`phases/01/results/red-1.toml:3:10: invalid TOML: write the date as 2027-01-12 (year-month-day), or 2027-12-01 if the month came first, not 12/01/2027`}},
		{name: "ErrDateWithSlashesMonthFirst", file: "phases/01/results/red-1.toml",
			old: "played = 2027-01-12T18:00:00Z", new: "played = 1/25/2027 19:30",
			want: []string{`phases/01/results/red-1.toml:3:10: invalid TOML: write a date as 2027-01-25T19:30:00Z (year-month-day, then the time and Z for UTC), not 1/25/2027 19:30`}},
		{name: "ErrDateOneDigitMonth", file: "phases/01/results/red-1.toml",
			old: "played = 2027-01-12T18:00:00Z", new: "played = 2027-1-12",
			want: []string{`phases/01/results/red-1.toml:3:10: invalid TOML: write the month and the day with two digits each: 2027-01-12, not 2027-1-12`}},
		{name: "ErrDateOneDigitDayWithTime", file: "phases/01/results/red-1.toml",
			old: "played = 2027-01-12T18:00:00Z", new: "played = 2027-01-2T18:00:00Z",
			want: []string{`phases/01/results/red-1.toml:3:10: invalid TOML: write the month and the day with two digits each: 2027-01-02T18:00:00Z, not 2027-01-2T18:00:00Z`}},
		{name: "ErrDeadlineWithSlashes", file: "campaign.toml",
			old: "operations = 2027-01-08T18:00:00Z", new: "operations = 12/09/2027",
			want: []string{`campaign.toml:104:14: invalid TOML: write a date as 2027-09-12T18:00:00Z (year-month-day, then the time and Z for UTC), or 2027-12-09T18:00:00Z if the month came first, not 12/09/2027`}},
		{name: "ErrDateInQuotes", file: "phases/01/results/red-1.toml",
			old: "played = 2027-01-12T18:00:00Z", new: `played = "12/01/2027 19:30"`,
			want: []string{`phases/01/results/red-1.toml:3:10: played: "12/01/2027 19:30" is not a date: write 2027-01-12T19:30:00Z, without quotes`}},
		{name: "ErrNoBreakSpaceAfterValue", file: "phases/01/orders/erin.toml",
			old: `fleet = "green-1"`, new: "fleet = \"green-1\"\u00a0",
			want: []string{`phases/01/orders/erin.toml:2:18: invalid TOML: the line contains U+00A0 NO-BREAK SPACE where a plain space is meant`}},
		{name: "ErrZeroWidthSpaceAfterValue", file: "phases/01/orders/erin.toml",
			old: `fleet = "green-1"`, new: "fleet = \"green-1\"\u200b",
			want: []string{`phases/01/orders/erin.toml:2:18: invalid TOML: the line contains U+200B ZERO WIDTH SPACE, an invisible character: delete it`}},
		{name: "ErrCapitalTrue", file: "campaign.toml",
			old: "events = true", new: "events = True",
			want: []string{`campaign.toml:16:10: invalid TOML: write True in lowercase: true`}},
		{name: "ErrTextWithoutQuotes", file: "phases/01/orders/erin.toml",
			old: `fleet = "green-1"`, new: `fleet = green-1`,
			want: []string{`phases/01/orders/erin.toml:2:9: invalid TOML: text goes in straight quotes: write "green-1"`}},
		{name: "ErrColonForEquals", file: "phases/01/orders/erin.toml",
			old: `fleet = "green-1"`, new: `fleet: "green-1"`,
			want: []string{`phases/01/orders/erin.toml:2:6: invalid TOML: write = between a key and its value, not :`}},
		{name: "ErrFullWidthEquals", file: "phases/01/orders/erin.toml",
			old: `fleet = "green-1"`, new: `fleet ＝ "green-1"`,
			want: []string{`phases/01/orders/erin.toml:2:7: invalid TOML: write a plain = between a key and its value, not U+FF1D FULLWIDTH EQUALS SIGN ＝`}},
		{name: "ErrListNotClosed", file: "setup/red.toml",
			old: `"kryndaer"]`, new: `"kryndaer"`,
			want: []string{`setup/red.toml:3:42: invalid TOML: missing ] at the end of the list`}},
		{name: "ErrListMissingComma", file: "setup/red.toml",
			old: `"masnet", "karabas"`, new: `"masnet" "karabas"`,
			want: []string{`setup/red.toml:3:20: invalid TOML: missing comma between two values of the list`}},
		{name: "ErrLookAlikeInKey", file: "phases/01/moves/alice.toml",
			old: "blue-1 =", new: "blue\u20111 =", now: "2027-02-03T12:00:00Z",
			want: []string{`phases/01/moves/alice.toml:2:5: invalid TOML: the key contains U+2011 NON-BREAKING HYPHEN where a plain hyphen - is meant`}},

		// Ids: another case, a look-alike character, a slip of a letter or two.
		{name: "ErrPlanetCapitalised", file: "setup/red.toml",
			old: `power3 = ["masnet"`, new: `power3 = ["Masnet"`,
			want: []string{`setup/red.toml:3:11: the 1st planet in power3: "Masnet" is not valid; did you mean "masnet"?`}},
		{name: "ErrPlanetName", file: "phases/01/moves/alice.toml",
			old: `"tarkad-vindix"`, new: `"Tarkad Vindix"`, now: "2027-02-03T12:00:00Z",
			want: []string{`phases/01/moves/alice.toml:2:10: blue-1 under [moves]: "Tarkad Vindix" is not valid; did you mean "tarkad-vindix"?`}},
		{name: "ErrNonBreakingHyphen", file: "phases/02/orders/erin.toml",
			old: "", new: "[[operations]]\nfleet = \"green-1\"\noperation = \"battle\"\nattack = \"planetary\u2011bombardment\"\nplanet = \"novamagnor\"\ndefender = \"blue\"\n",
			want: []string{`phases/02/orders/erin.toml:4:10: attack of the 1st operation: "planetary‑bombardment" contains U+2011 NON-BREAKING HYPHEN where a plain hyphen - is meant; did you mean "planetary-bombardment"?`}},
		{name: "ErrAttackTypo", file: "phases/01/orders/alice.toml",
			old: `"purge-and-burn"`, new: `"purge-and-bun"`,
			want: []string{`phases/01/orders/alice.toml:4:10: attack of the 1st operation: "purge-and-bun" is not valid; did you mean "purge-and-burn"?`}},
		{name: "ErrOperationTypo", file: "phases/01/orders/erin.toml",
			old: `"logistical-auxilia"`, new: `"logistical-auxillia"`,
			want: []string{`phases/01/orders/erin.toml:3:13: operation of the 1st operation: "logistical-auxillia" is not valid; did you mean "logistical-auxilia"?`}},
		{name: "ErrInfrastructureTypo", file: "phases/01/orders/bob.toml",
			old: `"fortification-line"`, new: `"fortifcation-line"`,
			want: []string{`phases/01/orders/bob.toml:4:18: infrastructure of the 1st operation: "fortifcation-line" is not valid; did you mean "fortification-line"?`}},
		{name: "ErrTheatreTypo", file: "phases/01/results/red-1.toml",
			old: `"rad-zone"`, new: `"radzone"`,
			want: []string{`phases/01/results/red-1.toml:6:11: theatre: "radzone" is not valid; did you mean "rad-zone"?`}},
		{name: "ErrEventTypo", file: "campaign.toml",
			old: `event = "sinister-omens"`, new: `event = "sinister-omen"`,
			want: []string{`campaign.toml:133:9: event of the 2nd forced event: "sinister-omen" is not valid; did you mean "sinister-omens"?`}},
		{name: "ErrPlanetTypo", file: "phases/01/orders/alice.toml",
			old: `planet = "astarthem"`, new: `planet = "astarhem"`,
			want: []string{`phases/01/orders/alice.toml:5:10: unknown planet "astarhem"; did you mean "astarthem"?`}},
		{name: "ErrPlanetUnknown", file: "phases/01/orders/alice.toml",
			old: `planet = "astarthem"`, new: `planet = "terra"`,
			want: []string{`phases/01/orders/alice.toml:5:10: unknown planet "terra"; valid: ` + planets}},
		{name: "ErrFleetTypo", file: "phases/01/orders/erin.toml",
			old: `fleet = "green-1"`, new: `fleet = "gren-1"`,
			want: []string{`phases/01/orders/erin.toml:2:9: unknown fleet "gren-1"; did you mean "green-1"?`}},
		{name: "ErrAllianceTypo", file: "phases/01/orders/alice.toml",
			old: `defender = "green"`, new: `defender = "gren"`,
			want: []string{`phases/01/orders/alice.toml:6:12: unknown alliance "gren"; did you mean "green"?`}},
		{name: "ErrLoginCapitalised", file: "phases/01/results/red-1.toml",
			old: `defender_player = "bob"`, new: `defender_player = "Bob"`,
			want: []string{`phases/01/results/red-1.toml:5:19: unknown player "Bob"; did you mean "bob"?`}},
		{name: "ErrKeyTypo", file: "phases/01/orders/alice.toml",
			old: "defender =", new: "defendr =",
			want: []string{`phases/01/orders/alice.toml:6:1: unknown key "defendr" in the 1st operation; did you mean "defender"?`}},
		{name: "ErrMovesFleetTypo", file: "phases/01/moves/alice.toml",
			old: "blue-1 =", new: "blue1 =", now: "2027-02-03T12:00:00Z",
			want: []string{`phases/01/moves/alice.toml:2:1: unknown fleet "blue1"; did you mean "blue-1"?`}},

		{name: "ErrPlanetFirstWord", file: "phases/01/builds/blue.toml",
			old: `planet = "tarkad-vindix"`, new: `planet = "tarkad"`, now: "2027-02-05T12:00:00Z",
			want: []string{`phases/01/builds/blue.toml:1:10: unknown planet "tarkad"; did you mean "tarkad-vindix"?`}},
		// A piece to build of a kind none of the schema's is given the
		// kinds that can be built ("excluding Strongholds"), not the
		// schema's list with stronghold, which the rules refuse.
		{name: "ErrBuildKind", file: "phases/01/builds/blue.toml",
			old: `infrastructure = "fortification-line"`, new: `infrastructure = "fortress"`, now: "2027-02-05T12:00:00Z",
			want: []string{`phases/01/builds/blue.toml:2:18: infrastructure: "fortress" is not one of staging-grounds, support-facility, fortification-line`}},
		{name: "ErrBuildAlternateKind", file: "phases/01/builds/blue.toml",
			old: `infrastructure = "fortification-line"`, now: "2027-02-05T12:00:00Z",
			new:  "infrastructure = \"fortification-line\"\n\n[[alternates]]\nplanet = \"caltus-novem\"\ninfrastructure = \"wall\"",
			want: []string{`phases/01/builds/blue.toml:6:18: infrastructure of the 1st alternate: "wall" is not one of staging-grounds, support-facility, fortification-line`}},
		{name: "ErrBuildStronghold", file: "phases/01/builds/blue.toml",
			old: `infrastructure = "fortification-line"`, new: `infrastructure = "stronghold"`, now: "2027-02-05T12:00:00Z",
			want: []string{`phases/01/builds/blue.toml:2:18: a Stronghold cannot be built in step 5 (each Alliance places its one at set-up); build a fortification-line, support-facility or staging-grounds`}},
		{name: "ErrRaiseEdificesKind", file: "phases/01/orders/bob.toml",
			old: `infrastructure = "fortification-line"`, new: `infrastructure = "factory"`,
			want: []string{`phases/01/orders/bob.toml:4:18: infrastructure of the 1st operation: "factory" is not one of staging-grounds, support-facility, fortification-line`}},
		{name: "ErrRaiseEdificesStronghold", file: "phases/01/orders/bob.toml",
			old: `infrastructure = "fortification-line"`, new: `infrastructure = "stronghold"`,
			want: []string{`phases/01/orders/bob.toml:4:18: Raise Edifices builds a fortification-line, support-facility or staging-grounds, not a stronghold (each Alliance places its one at set-up)`}},
		// An alternate that repeats the first choice, or an earlier
		// alternate, could never be used: were that choice impossible, so
		// is the same choice again. Refused at the repeat, as a set-up
		// piece's alternates listed twice always were (the schema's
		// uniqueItems).
		// A repeated alternate is harmless: left out, with a note (a fault
		// would set the whole file aside past its deadline).
		{name: "NoteBuildAlternateIsTheBuild", file: "phases/01/builds/blue.toml",
			old: `infrastructure = "fortification-line"`, now: "2027-02-05T12:00:00Z",
			new:   "infrastructure = \"fortification-line\"\n\n[[alternates]]\nplanet = \"tarkad-vindix\"\ninfrastructure = \"fortification-line\"",
			notes: []string{`phases/01/builds/blue.toml:4:1: the 1st alternate is the build itself, a Fortification Line at tarkad-vindix: it could never be built instead (were the build impossible, so is the same build again), so it is left out; give another planet or infrastructure, or remove it`}},
		{name: "NoteBuildAlternateRepeated", file: "phases/01/builds/blue.toml",
			old: `infrastructure = "fortification-line"`, now: "2027-02-05T12:00:00Z",
			new:   "infrastructure = \"fortification-line\"\n\n[[alternates]]\nplanet = \"tarkad-vindix\"\ninfrastructure = \"staging-grounds\"\n\n[[alternates]]\nplanet = \"tarkad-vindix\"\ninfrastructure = \"staging-grounds\"",
			notes: []string{`phases/01/builds/blue.toml:8:1: the 2nd alternate is the 1st again, a Staging Grounds at tarkad-vindix: it could never be built instead (were the 1st impossible, so is the same build again), so it is left out; give another planet or infrastructure, or remove it`}},
		{name: "NoteLullAlternateIsTheBuild", file: "phases/01/events/blue.toml", now: "2027-02-01T20:00:00Z",
			old:   `build = { planet = "tarkad-vindix", type = "staging-grounds" }`,
			new:   "build = { planet = \"tarkad-vindix\", type = \"staging-grounds\" }\nalternates = [{ planet = \"tarkad-vindix\", type = \"staging-grounds\" }]",
			notes: []string{`phases/01/events/blue.toml:5:15: the 1st alternate under [lull_in_the_fighting] is the build itself, a Staging Grounds at tarkad-vindix: it could never be built instead (were the build impossible, so is the same build again), so it is left out; give another planet or type, or remove it`}},
		{name: "NoteLullAlternateRepeated", file: "phases/01/events/blue.toml", now: "2027-02-01T20:00:00Z",
			old:   `build = { planet = "tarkad-vindix", type = "staging-grounds" }`,
			new:   "build = { planet = \"tarkad-vindix\", type = \"staging-grounds\" }\nalternates = [{ planet = \"tarkad-vindix\", type = \"fortification-line\" }, { planet = \"tarkad-vindix\", type = \"fortification-line\" }]",
			notes: []string{`phases/01/events/blue.toml:5:74: the 2nd alternate under [lull_in_the_fighting] is the 1st again, a Fortification Line at tarkad-vindix: it could never be built instead (were the 1st impossible, so is the same build again), so it is left out; give another planet or type, or remove it`}},
		{name: "NoteSetupAlternateIsThePiece", file: "setup/red.toml",
			old: `alternates = ["tarkad-vindix"]`, new: `alternates = ["jawardet"]`,
			notes: []string{`setup/red.toml:17:15: alternates of the 3rd piece in infrastructure: "jawardet" is the piece's planet itself, so it could never be used instead (should the piece not go there, it cannot go there as an alternate either); list only other planets`}},
		{name: "ErrSetupAlternateRepeated", file: "setup/red.toml",
			old: `alternates = ["tarkad-vindix"]`, new: `alternates = ["tarkad-vindix", "tarkad-vindix"]`,
			want: []string{`setup/red.toml:17:32: alternates of the 3rd piece in infrastructure: "tarkad-vindix" is listed more than once; list each planet only once`}},
		// An Alliance's name where its id goes: the id, not the name
		// spelt as an id, which no campaign knows.
		{name: "ErrAllianceName", file: "phases/01/orders/alice.toml",
			old: `defender = "green"`, new: `defender = "Reborn Kin"`,
			want: []string{`phases/01/orders/alice.toml:6:12: defender of the 1st operation: "Reborn Kin" is the name of an Alliance, not its id; did you mean "green"?`}},
		// Where no id goes, a name is told the values, not an Alliance.
		{name: "ErrAllianceNameAsWinner", file: "phases/01/results/red-1.toml", now: "2027-01-20T12:00:00Z",
			old: `winner = "defender"`, new: `winner = "Reborn Kin"`,
			want: []string{`phases/01/results/red-1.toml:4:10: winner: "Reborn Kin" is not one of attacker, defender, draw`}},
		// A login where the side goes: one fault, naming the side.
		{name: "ErrFiledByLogin", file: "phases/01/results/blue-1.toml", now: "2027-01-20T12:00:00Z",
			old: `filed_by = "blue"`, new: `filed_by = "alice"`,
			want: []string{`phases/01/results/blue-1.toml:2:12: filed_by names the Alliance filing the result, not a player: alice plays for blue, so write filed_by = "blue"`}},
		{name: "ErrFileNameTypo", file: "phases/01/orders/eirn.toml",
			new:  "[[operations]]\nfleet = \"green-1\"\noperation = \"logistical-auxilia\"\n",
			want: []string{`phases/01/orders/eirn.toml: no player "eirn" in campaign.toml; did you mean "erin"?`}},

		// One mistake, one fault.
		{name: "ErrFleetDeclaredTwice", file: "campaign.toml",
			old: "id = \"green-2\"\nplayer = \"frank\"", new: "id = \"green-1\"\nplayer = \"frank\"",
			want: []string{`campaign.toml:80:6: fleet "green-1" is declared twice`}},
		{name: "ErrMissingAttack", file: "phases/02/orders/carol.toml",
			old: "attack = \"seize-power-base\"\n", new: "",
			want: []string{`phases/02/orders/carol.toml:2:1: the 1st operation: missing key "attack": a battle operation needs "attack", "planet" and "defender"; attack: seize-power-base, purge-and-burn, orbital-invasion, planetary-bombardment, supply-base-raid or boarding-action`}},
		{name: "ErrUnknownPlanetNotOutOfReach", file: "phases/01/orders/carol.toml",
			old: `planet = "tarkad-vindix"`, new: `planet = "tarkad-vindex"`,
			want: []string{`phases/01/orders/carol.toml:5:10: unknown planet "tarkad-vindex"; did you mean "tarkad-vindix"?`}},
		{name: "ErrFleetPlayerTypo", file: "campaign.toml",
			old: "id = \"green-2\"\nplayer = \"frank\"", new: "id = \"green-2\"\nplayer = \"frnak\"",
			want: []string{`campaign.toml:81:10: unknown player "frnak"; did you mean "frank"?`}},
		{name: "ErrSetupFleetTypo", file: "setup/red.toml",
			old: `red-1 = "masnet"`, new: `red1 = "masnet"`,
			want: []string{`setup/red.toml:20:1: unknown fleet "red1"; did you mean "red-1"?`}},
		{name: "ErrTypeForInfrastructureInOrders", file: "phases/01/orders/bob.toml",
			old: `infrastructure = "fortification-line"`, new: `type = "staging-grounds"`,
			want: []string{`phases/01/orders/bob.toml:4:1: unknown key "type" in the 1st operation: write infrastructure = "staging-grounds" here`}},
		{name: "ErrTypeForInfrastructureInBuilds", file: "phases/01/builds/blue.toml",
			old: `infrastructure = "fortification-line"`, new: `type = "fortification-line"`, now: "2027-02-05T12:00:00Z",
			want: []string{`phases/01/builds/blue.toml:2:1: unknown key "type": write infrastructure = "fortification-line" here`}},
		{name: "ErrInfrastructureForTypeInEvents", file: "phases/01/events/red.toml",
			old: `type = "support-facility"`, new: `infrastructure = "fortification-line"`, now: "2027-02-01T20:00:00Z",
			want: []string{`phases/01/events/red.toml:3:30: unknown key "infrastructure" in [lull_in_the_fighting.build]: write type = "fortification-line" here`}},
		{name: "ErrInfrastructureForTypeInSetup", file: "setup/red.toml",
			old: "type = \"staging-grounds\"", new: "infrastructure = \"staging-grounds\"\nnote = \"by the spaceport\"",
			want: []string{`setup/red.toml:12:1: unknown key "infrastructure" in the 2nd piece in infrastructure: write type = "staging-grounds" here`,
				`setup/red.toml:13:1: unknown key "note" in the 2nd piece in infrastructure; valid keys: alternates, planet, type`}},
		{name: "ErrFleetTypoLeavesNoneWithout", file: "phases/01/orders/bob.toml",
			old: `fleet = "blue-2"`, new: `fleet = "blue2"`, now: "2027-01-09T00:00:00Z",
			want: []string{`phases/01/orders/bob.toml:2:9: unknown fleet "blue2"; did you mean "blue-2"? (past the operations deadline: advance does not apply this file)`}},
		{name: "ErrFleetCopiedForAnother", file: "phases/01/orders/bob.toml",
			old: "", new: "[[operations]]\nfleet = \"blue-2\"\noperation = \"logistical-auxilia\"\n\n[[operations]]\nfleet = \"blue-2\"\noperation = \"void-leap\"\nplanet = \"norallus\"\n",
			also: bobsSecondFleet, now: "2027-01-09T00:00:00Z",
			want: []string{`phases/01/orders/bob.toml:6:9: fleet "blue-2" has an operation already (the 1st); blue-3 has none: was this one meant for it? (past the operations deadline: advance does not apply this operation)`}},
		{name: "ErrOutcomePastDeadline", file: "phases/01/results/red-1.toml",
			old: `planet = "felgris-secundas"`, new: `planet = "ikaron-prime"`, now: "2027-02-01T19:00:00Z",
			want: []string{`phases/01/results/red-1.toml:11:10: ikaron-prime is not connected to tarkad-vindix; connected planets: masnet, felgris-secundas, jawardet, novamagnor (past the battles deadline: advance applies this result without its [outcome]: the result stands, and its Campaign Outcome choices are the defaults)`}},
		{name: "ErrFleetUnknownForAnother", file: "phases/01/orders/bob.toml",
			old: "", new: "[[operations]]\nfleet = \"blue-2\"\noperation = \"logistical-auxilia\"\n\n[[operations]]\nfleet = \"terra\"\noperation = \"void-leap\"\nplanet = \"norallus\"\n",
			also: bobsSecondFleet,
			now:  "2027-01-09T00:00:00Z",
			want: []string{`phases/01/orders/bob.toml:6:9: unknown fleet "terra"; bob controls blue-2, blue-3 (past the operations deadline: advance does not apply this operation)`}},
		{name: "ErrBoardingActionWithoutFleet", file: "phases/02/orders/bob.toml",
			old: `defender = "green"`, new: `defender = "red"`,
			want: []string{`phases/02/orders/bob.toml:6:10: a Boarding Action needs a Fleet of red at the target planet, and red has none at novamagnor (RULINGS 15); no planet in reach of blue-2 has one; your Warmaster may allow it in campaign.toml: boarding_action_without_fleet = true under [rules]`}},
		{name: "ErrStrongholdAsPiece", file: "setup/red.toml",
			old: `type = "staging-grounds"`, new: `type = "stronghold"`,
			want: []string{`setup/red.toml:12:8: type of the 2nd piece in infrastructure: "stronghold" is not one of staging-grounds, support-facility, fortification-line; the stronghold is named by stronghold = …, not here`}},
		{name: "ErrPieceTypeEmpty", file: "setup/red.toml",
			old: `type = "staging-grounds"`, new: `type = ""`,
			want: []string{`setup/red.toml:12:8: type of the 2nd piece in infrastructure is empty: write one of staging-grounds, support-facility, fortification-line`}},
		{name: "ErrVPWithoutTheOther", file: "phases/01/results/blue-1.toml",
			old: "defender_vp = 65\n", new: "",
			want: []string{`phases/01/results/blue-1.toml:4:15: attacker_vp goes with defender_vp: add defender_vp = …, or remove attacker_vp`}},
		{name: "ErrTwistWithoutTheatre", file: "phases/01/results/red-1.toml",
			old: "theatre = \"rad-zone\"\n", new: "",
			want: []string{`phases/01/results/red-1.toml:6:9: twist goes with theatre: add theatre = …, or remove twist; theatre: desolate-wastes or rad-zone (tarkad-vindix's)`}},
		{name: "ErrVPKeyTypo", file: "phases/01/results/blue-1.toml",
			old: "defender_vp =", new: "defendr_vp =",
			want: []string{`phases/01/results/blue-1.toml:5:1: unknown key "defendr_vp"; did you mean "defender_vp"?`}},
		{name: "ErrWinnerKeyTypo", file: "phases/01/results/red-1.toml",
			old: "winner =", new: "winnr =",
			want: []string{`phases/01/results/red-1.toml:4:1: unknown key "winnr"; did you mean "winner"?`}},
		{name: "ErrWinnerAgainstVP", file: "phases/01/results/blue-1.toml",
			old: "attacker_vp = 80\ndefender_vp = 65\nbattle_ready = [\"defender\"]", new: "winner = \"attacker\"\nattacker_vp = 50\ndefender_vp = 60",
			want: []string{`phases/01/results/blue-1.toml:4:10: winner is "attacker" but the VP make it "defender" (50 to 60); correct winner or the VP`}},
		{name: "ErrWinnerAgainstBattleReadyVP", file: "phases/01/results/blue-1.toml",
			old: "attacker_vp = 80", new: "winner = \"defender\"\nattacker_vp = 80",
			want: []string{`phases/01/results/blue-1.toml:4:10: winner is "defender" but the VP make it "attacker" (80 to 65, +10 for the defender's army painted Battle Ready: 80 to 75); correct winner or the VP`}},
		{name: "ErrBooleanAsText", file: "campaign.toml",
			old: "warmaster = true", new: `warmaster = "yes"`,
			want: []string{`campaign.toml:42:13: warmaster of the 1st player: write true or false (without quotes), not "yes"`}},
		{name: "ErrNumberInWords", file: "campaign.toml",
			old: "phases = 3", new: `phases = "three"`,
			want: []string{`campaign.toml:10:10: phases: write a whole number, such as 3 (without quotes), not "three"`}},
		{name: "ErrListForText", file: "setup/red.toml",
			old: `stronghold = "norallus"`, new: `stronghold = ["norallus"]`,
			want: []string{`setup/red.toml:2:14: stronghold: write text in straight quotes, such as "…", not a list`}},
		{name: "ErrQuotedNumber", file: "phases/01/results/blue-1.toml",
			old: "attacker_vp = 80", new: `attacker_vp = "80"`,
			want: []string{`phases/01/results/blue-1.toml:4:15: attacker_vp: write 80 (without quotes), not "80"`}},

		// Where a key is: by its table's heading, as the player writes it.
		// An id left empty: the ids it may be.
		{name: "ErrTidesOfWarStrongholdCapitalised", file: "phases/01/events/blue.toml",
			old: "", new: "[tides_of_war]\nstronghold = \"Astarthem\"\n", now: "2027-02-01T20:00:00Z",
			want: []string{`phases/01/events/blue.toml:2:14: stronghold under [tides_of_war]: "Astarthem" is not valid; did you mean "astarthem"?`}},
		{name: "ErrLullMovePlanetName", file: "phases/01/events/blue.toml",
			old: `"ikaron-prime"`, new: `"Ikaron Prime"`, now: "2027-02-01T20:00:00Z",
			want: []string{`phases/01/events/blue.toml:5:20: blue-2 under [lull_in_the_fighting.moves]: "Ikaron Prime" is not valid; did you mean "ikaron-prime"?`}},
		{name: "ErrSetupFleetEmpty", file: "setup/blue.toml",
			old: `blue-1 = "jawardet"`, new: `blue-1 = ""`,
			want: []string{`setup/blue.toml:20:10: blue-1 under [fleets] is empty: write a planet, such as norallus, masnet or felgris-secundas (map.toml lists all 13)`}},
		{name: "ErrSetupStrongholdEmpty", file: "setup/blue.toml",
			old: `stronghold = "ikaron-prime"`, new: `stronghold = ""`,
			want: []string{`setup/blue.toml:2:14: stronghold is empty: write a planet, such as norallus, masnet or felgris-secundas (map.toml lists all 13)`}},
		{name: "ErrOrdersFleetEmpty", file: "phases/01/orders/erin.toml",
			old: `fleet = "green-1"`, new: `fleet = ""`,
			want: []string{`phases/01/orders/erin.toml:2:9: fleet of the 1st operation is empty: write your fleet, green-1`}},
		{name: "ErrOrdersDefenderEmpty", file: "phases/01/orders/alice.toml",
			old: `defender = "green"`, new: `defender = ""`,
			want: []string{`phases/01/orders/alice.toml:6:12: defender of the 1st operation is empty: write one of the alliances: blue, red, green`}},
		// Keys of a table whose heading is left out land in the table above.
		{name: "ErrSetupWithoutFleetsHeading", file: "setup/blue.toml",
			old: "[fleets]\n", new: "",
			want: []string{`setup/blue.toml:19:1: blue-1 and blue-2 belong under [fleets]: write [fleets] on a line above them`}},
		{name: "ErrSetupWithoutFleetsHeadingAndANote", file: "setup/blue.toml",
			old: "[fleets]\n", new: "note = \"by the spaceport\"\n",
			want: []string{`setup/blue.toml:19:1: unknown key "note" in the 3rd piece in infrastructure; valid keys: alternates, planet, type`,
				`setup/blue.toml:20:1: blue-1 and blue-2 belong under [fleets]: write [fleets] on a line above them`}},
	} {
		t.Run(m.name, func(t *testing.T) {
			t.Parallel()
			dir := filepath.Join(t.TempDir(), "camp")
			if err := campaigns.CopyTo(campaigns.Example, dir); err != nil {
				t.Fatal(err)
			}
			for _, e := range append(m.also, [3]string{m.file, m.old, m.new}) {
				p := filepath.Join(dir, filepath.FromSlash(e[0]))
				text := e[2]
				if e[1] != "" {
					data, err := os.ReadFile(p)
					if err != nil {
						t.Fatal(err)
					}
					if n := strings.Count(string(data), e[1]); n != 1 {
						t.Fatalf("%s holds %q %d times, want once", e[0], e[1], n)
					}
					text = strings.Replace(string(data), e[1], e[2], 1)
				}
				if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			now := time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)
			if m.now != "" {
				var err error
				if now, err = time.Parse(time.RFC3339, m.now); err != nil {
					t.Fatal(err)
				}
			}
			f, err := Check(dir, Options{Now: now})
			var got []string
			if err != nil || m.want != nil {
				for _, f := range testkit.FaultsOf(t, err) {
					got = append(got, f.String())
				}
			}
			if !slices.Equal(got, m.want) {
				t.Errorf("faults:\n  got  %s\n  want %s", strings.Join(got, "\n       "), strings.Join(m.want, "\n       "))
			}
			if m.notes != nil && f != nil {
				var notes []string
				for _, n := range f.Notes {
					notes = append(notes, n.String())
				}
				if !slices.Equal(notes, m.notes) {
					t.Errorf("notes:\n  got  %s\n  want %s", strings.Join(notes, "\n       "), strings.Join(m.notes, "\n       "))
				}
			}
		})
	}
}

// Hints are bounded: past the run's budget, or over a long list with no
// budget to draw on, a fault lists what is valid instead.
func TestHintBudget(t *testing.T) {
	known := []processor.PlanetID{"norallus", "masnet"}
	var fs processor.Faults
	if got, want := processor.Hint(&fs, "Masnet", known, "valid: …"), `did you mean "masnet"?`; got != want {
		t.Errorf("hint = %q, want %q", got, want)
	}
	if got, want := fs.HintWork, len("Masnet")+len("norallus")+len("masnet"); got != want {
		t.Errorf("hintWork = %d bytes, want %d", got, want)
	}
	fs.HintWork = processor.HintBudget - 1
	if got, want := processor.Hint(&fs, "Masnet", known, "valid: …"), "valid: …"; got != want {
		t.Errorf("hint past the budget = %q, want %q", got, want)
	}
	if got, want := processor.Hint(nil, "Masnet", known, "valid: …"), `did you mean "masnet"?`; got != want {
		t.Errorf("hint(nil) = %q, want %q", got, want)
	}
	long := make([]processor.PlanetID, processor.HintShortList/len("planet-1000")+1)
	for i := range long {
		long[i] = processor.PlanetID(fmt.Sprintf("planet-%d", 1000+i))
	}
	if got, want := processor.Hint(nil, "Planet-1007", long, "valid: …"), "valid: …"; got != want {
		t.Errorf("hint(nil) over %d = %q, want %q", len(long), got, want)
	}
	// Ids thousands of characters long: a few of them spend the budget.
	fs = processor.Faults{}
	huge := make([]processor.PlanetID, 1000)
	for i := range huge {
		huge[i] = processor.PlanetID(strings.Repeat("p", 1994) + fmt.Sprintf("%06d", i))
	}
	for i := range 10 {
		processor.Hint(&fs, string(huge[i][:len(huge[i])-1])+"x", huge, "valid: …")
	}
	if fs.HintWork > processor.HintBudget {
		t.Errorf("hintWork = %d bytes, more than the budget %d", fs.HintWork, processor.HintBudget)
	}
	if got, want := fs.HintWork, 2*(1000*2000+2000); got != want {
		t.Errorf("hintWork after 10 hints over 1000 ids of 2000 characters = %d, want %d (two hints, then none)", got, want)
	}
}

// TestMisnamedFiles: a file in a wrong place or with a wrong name gets the
// path it was likely meant to have, first, in plain words: Notepad's or a
// phone's .txt, a phase folder without its leading zero, a folder name
// capitalised or singular, a slip of a top-level folder's or file's name.
func TestMisnamedFiles(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name     string
		from, to string // the example's file, and where the mistake moves it
		want     string
	}{
		{"ErrTxt", "phases/01/orders/bob.toml", "phases/01/orders/bob.toml.txt",
			"phases/01/orders/bob.toml.txt: this file's name should end in .toml: rename it phases/01/orders/bob.toml (an editor, Windows or a phone added the ending); phases/01/orders holds only <login>.toml files"},
		{"ErrTxtInsteadOfToml", "phases/01/orders/bob.toml", "phases/01/orders/bob.txt",
			"phases/01/orders/bob.txt: this file's name should end in .toml: rename it phases/01/orders/bob.toml (an editor, Windows or a phone added the ending); phases/01/orders holds only <login>.toml files"},
		{"ErrUpperCaseEnding", "phases/01/orders/bob.toml", "phases/01/orders/bob.TOML",
			"phases/01/orders/bob.TOML: this file's name should end in .toml: rename it phases/01/orders/bob.toml (an editor, Windows or a phone added the ending); phases/01/orders holds only <login>.toml files"},
		// A slip of the ending, or none: renamed, when the rest of the
		// name is one the folder's files have (a login in orders/).
		{"ErrEndingMisspelt", "phases/01/orders/bob.toml", "phases/01/orders/bob.tml",
			"phases/01/orders/bob.tml: this file's name should end in .toml: rename it phases/01/orders/bob.toml; phases/01/orders holds only <login>.toml files"},
		{"ErrNoEnding", "phases/01/orders/bob.toml", "phases/01/orders/bob",
			"phases/01/orders/bob: this file's name should end in .toml: rename it phases/01/orders/bob.toml; phases/01/orders holds only <login>.toml files"},
		{"ErrNoEndingResult", "phases/01/results/red-1.toml", "phases/01/results/red-1",
			"phases/01/results/red-1: this file's name should end in .toml: rename it phases/01/results/red-1.toml; phases/01/results holds only <fleet>.toml files"},
		{"ErrEndingMisspeltNobody", "phases/01/orders/bob.toml", "phases/01/orders/zed.tml",
			"phases/01/orders/zed.tml: unexpected file here: phases/01/orders holds only <login>.toml files"},
		// A player's file in the phase folder itself: the folders it may
		// belong in.
		{"ErrInPhaseFolder", "phases/01/orders/bob.toml", "phases/01/bob.toml",
			"phases/01/bob.toml: unexpected file: a phase folder holds orders/, results/, confirmations/, rulings/, events/, moves/ and builds/ (and the final phase tiebreak.toml); bob is a player's login: did you mean phases/01/orders/bob.toml or phases/01/moves/bob.toml? Move it there"},
		{"ErrAllianceInPhaseFolder", "phases/01/builds/red.toml", "phases/01/red",
			"phases/01/red: unexpected file: a phase folder holds orders/, results/, confirmations/, rulings/, events/, moves/ and builds/ (and the final phase tiebreak.toml); red is an Alliance: did you mean phases/01/builds/red.toml or phases/01/events/red.toml? Move it there"},
		// A player's login for an Alliance's file, an Alliance for a
		// player's: whose it is.
		{"ErrLoginForAlliance", "phases/01/builds/red.toml", "phases/01/builds/carol.toml",
			"phases/01/builds/carol.toml: no alliance \"carol\" in campaign.toml; builds files are named after an alliance, and carol plays for red: did you mean phases/01/builds/red.toml?"},
		{"ErrAllianceForLogin", "phases/01/orders/bob.toml", "phases/01/orders/blue.toml",
			"phases/01/orders/blue.toml: no player \"blue\" in campaign.toml; orders files are named after a player's login, and blue is an Alliance: each of its players writes their own (alice.toml, bob.toml)"},
		{"ErrBackup", "phases/01/orders/bob.toml", "phases/01/orders/alice.toml~",
			"phases/01/orders/alice.toml~: phases/01/orders/alice.toml is here too, and this name is never read (an editor's backup, or an ending Windows or a phone added?): keep the one you mean, named phases/01/orders/alice.toml, and remove the other; phases/01/orders holds only <login>.toml files"},
		{"ErrSwapFile", "phases/01/orders/bob.toml", "phases/01/orders/.bob.toml.swp",
			"phases/01/orders/.bob.toml.swp: a hidden file (an editor's swap or lock file?) is never read: remove it; phases/01/orders holds only <login>.toml files"},
		{"ErrPhaseWithoutZero", "phases/01/orders/bob.toml", "phases/1/orders/bob.toml",
			"phases/1: this folder should be phases/01: move its files there (phase folders have two digits)"},
		{"ErrCapitalised", "phases/01/orders/bob.toml", "phases/01/Orders/bob.toml",
			"phases/01/Orders: this folder should be phases/01/orders: move its files there (folder names are lower-case and plural); a phase folder holds orders/, results/, confirmations/, rulings/, events/, moves/ and builds/ (and the final phase tiebreak.toml)"},
		{"ErrSingular", "phases/01/orders/bob.toml", "phases/01/order/bob.toml",
			"phases/01/order: this folder should be phases/01/orders: move its files there (folder names are lower-case and plural); a phase folder holds orders/, results/, confirmations/, rulings/, events/, moves/ and builds/ (and the final phase tiebreak.toml)"},
		// A top-level folder or file: the near-miss a "did you mean" names.
		{"ErrSetupFolderPlural", "setup/red.toml", "setups/red.toml",
			"setups/red.toml: Warmaster reads no file here: did you mean setup/red.toml? The folder is setup/, not setups/: move the file there"},
		{"ErrPhasesFolderSingular", "phases/01/orders/bob.toml", "phase/01/orders/bob.toml",
			"phase/01/orders/bob.toml: Warmaster reads no file here: did you mean phases/01/orders/bob.toml? The folder is phases/, not phase/: move the file there"},
		{"ErrSetupFolderCapitalised", "setup/red.toml", "Setup/red.toml",
			"Setup/red.toml: Warmaster reads no file here: did you mean setup/red.toml? The folder is setup/, not Setup/: move the file there"},
		{"ErrCampaignFileMisspelt", "campaign.toml", "campaign.tml",
			"campaign.toml: missing: every campaign folder has campaign.toml (warmaster init makes one); campaign.tml is there: rename it campaign.toml"},
		{"ErrMapFileTxt", "map.toml", "map.toml.txt",
			"map.toml: missing: every campaign folder has map.toml (warmaster init makes one); map.toml.txt is there: rename it map.toml"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := filepath.Join(t.TempDir(), "c")
			if err := campaigns.CopyTo(campaigns.Example, dir); err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(tc.from)))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.Remove(filepath.Join(dir, filepath.FromSlash(tc.from))); err != nil { // moved
				t.Fatal(err)
			}
			to := filepath.Join(dir, filepath.FromSlash(tc.to))
			if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(to, data, 0o644); err != nil {
				t.Fatal(err)
			}
			_, err = Check(dir, Options{Now: time.Date(2027, 1, 5, 0, 0, 0, 0, time.UTC)})
			var got []string
			for _, f := range testkit.FaultsOf(t, err) {
				got = append(got, f.String())
			}
			if !slices.Contains(got, tc.want) {
				t.Errorf("faults:\n%s\nwant among them:\n%s", strings.Join(got, "\n"), tc.want)
			}
		})
	}
}
