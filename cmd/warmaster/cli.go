package main

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/urfave/cli/v2"
	"github.com/warmaster/warmaster/campaigns"
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/disk"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/phase"
	"github.com/warmaster/warmaster/processor/report"
	"github.com/warmaster/warmaster/processor/repository"
	"github.com/warmaster/warmaster/processor/trust"
)

// Exit statuses.
const (
	exitOK      = 0
	exitInvalid = 1
	exitUsage   = 2
)

// usageError is a command used wrongly.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

// refusedError is an argument the campaign refuses (a draft of a file it
// does not await, a war engine it does not have): exit 2, as a usage error,
// but the message says what would do, and --help would not, so it carries
// no pointer to it.
type refusedError struct{ error }

// demoNow is the moment the demo runs at: after the example campaign's last
// deadline (phase 3's battles), so the demo plays it to its end.
const demoNow = "2027-06-10T12:00:00Z"

// run is the whole command line; only main exits. Everything it prints
// goes through commandSafe writers (output.go).
func run(args []string, stdout, stderr io.Writer) int {
	out, errOut := newCommandSafe(stdout), newCommandSafe(stderr)
	defer out.Flush()
	defer errOut.Flush()
	stdout, stderr = out, errOut
	app := newApp(stdout, stderr)
	args, err := permute(args, app.Commands)
	if err == nil {
		err = app.Run(args)
	}
	var invalid *processor.InvalidError
	var usage usageError
	var refused refusedError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &invalid):
		return exitInvalid
	case errors.As(err, &usage):
		// Only a command used wrongly points at --help, which says how to use it.
		fmt.Fprintf(stderr, "warmaster: %v\n(run warmaster --help for usage)\n", err)
		return exitUsage
	case errors.As(err, &refused):
		fmt.Fprintf(stderr, "warmaster: %v\n", err)
		return exitUsage
	default:
		fmt.Fprintf(stderr, "warmaster: %v\n", err)
		return exitInvalid
	}
}

// newApp is the command line: every command and flag, as docs/reference.md
// lists them (generated from it by TestReference).
func newApp(stdout, stderr io.Writer) *cli.App {
	app := &cli.App{
		Name:      "warmaster",
		Usage:     "run a Vespator Front map campaign from a folder of TOML files",
		Version:   version(),
		Writer:    stdout,
		ErrWriter: stderr,
		// Errors are ours to print and turn into exit statuses.
		ExitErrHandler:  func(*cli.Context, error) {},
		OnUsageError:    onUsageError,
		HideHelpCommand: true,
		Commands: []*cli.Command{
			{
				Name:      "init",
				Usage:     "make a new campaign folder: the 13-planet Vespator Front map and a campaign.toml to fill in",
				ArgsUsage: "[--alliances 2|3] [--players N] [--medals-from OLD] DIR",
				Description: "The players are placeholder logins to replace (player-1-of-blue, …; the first is the Warmaster), with the fleets per Alliance the rules recommend " +
					"(2 Alliances: 3 each; 3 Alliances: 2 each up to 6 players, 3 for 7–9, 4 for 10–12, 1 per player from 13; never fewer than an Alliance's players). " +
					"check accepts it as it is, and once the set-up files are in. With --medals-from, campaign.toml also records ([[medals]]) the players of each Campaign Medal won in OLD, a campaign that has ended.",
				Flags: []cli.Flag{
					&cli.IntFlag{Name: "alliances", Value: 3, Usage: "the number of Alliances: 2 or 3 (add more to campaign.toml by hand)"},
					&cli.IntFlag{Name: "players", Value: 2, Usage: "the number of players in each Alliance (placeholder logins to replace)"},
					&cli.StringFlag{Name: "medals-from", Usage: "record in DIR's campaign.toml the Campaign Medals each player won in the ended campaign OLD"},
					&cli.StringFlag{Name: "start", Value: processor.DefaultCadence.Start.Format("2006-01-02"), Usage: "the day phase 1 starts, YYYY-MM-DD: every phase's deadlines follow from it and --every (orders 4 days in, battles until a week before the next phase, then event choices, moves and builds; the last phase, which ends with its battles, a tiebreak 6 days after them)"},
					&cli.StringFlag{Name: "every", Value: "5w", Usage: "how long a phase lasts: weeks (4w) or days (30d), at least 12 days"},
				},
				Action: cmdInit,
			},
			{
				Name:      "check",
				Usage:     "validate a campaign folder (or only the named files in it) without writing anything",
				ArgsUsage: "DIR [FILE...]",
				Description: "With FILEs (paths relative to DIR, or through it), only their faults are shown, and those of campaign.toml, map.toml and the war-engine profiles, which every file depends on. " +
					"With --actor, FILEs that LOGIN may not change are refused too (a FILE that is not there was deleted); without, a FILE that is not there is a fault (a misspelt name checks nothing). " +
					"A player's file still faulty past its step's deadline is shown with its faults, saying that advance will not apply it; " +
					"a file that arrived after its step was applied is refused when named, else noted on stderr.",
				Flags: []cli.Flag{
					&cli.StringFlag{Name: "actor", Usage: "GitHub login of who changed the FILEs: refuse what they may not change"},
					&cli.StringFlag{Name: "now", Usage: "check as advance would run at this time, RFC 3339 (default: the clock)"},
					formatFlag(),
				},
				Action: cmdCheck,
			},
			{
				Name:      "advance",
				Usage:     "apply every step whose inputs are in or whose deadline has passed; write state, journal and reports",
				ArgsUsage: "DIR",
				Description: "It stops at the first step that must wait, and writes state.toml, journal.toml, battle sheets, reports and the campaign's README.md, all or nothing. " +
					"Then it prints each player's file it did not apply (not applied: FILE: why, with its faults; applied in part: FILE: why, for one it applied but for its faulty operations or [outcome]) and where things stand, as status does, listing at most 60 awaited files. " +
					"Like check and status, it notes on stderr what init wrote into campaign.toml for you to replace and is still there when the set-up is applied (the placeholder logins and seed): it applies it all the same. " +
					"With a committed dice key it needs WARMASTER_DICE_KEY; at 2.1 Reveal of sealed orders, WARMASTER_AGE_IDENTITY.",
				Flags: []cli.Flag{
					&cli.StringFlag{Name: "now", Usage: "the time to process at, RFC 3339 (default: the clock)"},
					formatFlag(),
					&cli.BoolFlag{Name: "replay", Usage: "when a step is due, first replay the whole campaign (as replay does, with the secrets advance has) and apply nothing if it differs: the workflow's advance does, so the pull-request check need not replay"},
					&cli.StringFlag{Name: "verified", Usage: "with --replay: FILE lists the verified digests of campaign folders already proved (one per line); a folder whose digest is listed is not replayed again, and the digest of each folder this run proves — replayed, and as advance leaves it — is added to FILE (the workflow keeps it in the Actions cache)"},
					releaseFlag(),
				},
				Action: cmdAdvance,
			},
			{
				Name:      "status",
				Usage:     "show the phase, the step and what is awaited from whom by when",
				ArgsUsage: "DIR",
				Description: "With 20 awaited files or more, a line above the table sums them up: how many are in, not yet, faulty, awaiting the other side, disputed. An awaited file that has faults, as it is or against the map as it stands now (a file sent early that the steps since have made invalid), is in: faulty, its faults listed below the table; its faults, and those of every file's name, place and layout, are also printed on stderr as check prints them (exit 1), with check's notes on init's placeholders. " +
					"A file of a later step (a result sent before the battles are revealed) is judged against its step's rules by check, which plays the steps before it in memory; status does not. " +
					"It also lists the files not applied because they arrived after their step, and, once the campaign is over, the victor and the Campaign Medals. " +
					"Files are judged as advance would judge them at --now: a result played later than that, a confirmation's day still running.",
				Flags: []cli.Flag{
					&cli.StringFlag{Name: "now", Usage: "judge the files as advance would at this time, RFC 3339 (default: the clock)"},
				},
				Action: cmdStatus,
			},
			{
				Name:  "demo",
				Usage: "play the bundled example campaign in a temporary copy and print a short summary of it",
				Description: "The example campaign (3 Alliances, 6 players, 3 phases with every input in) is advanced at --now, after its last deadline by default, so it plays to its end; " +
					"--now 2027-02-10T12:00:00Z stops it in phase 2, waiting for an unplayed battle. It prints what was played, each phase in a few lines, who won, and one file a player wrote; " +
					"--reports prints the full reports instead (every phase report, then the README, in Markdown), and --out keeps the played copy with them (replay and verify accept it).",
				Flags: []cli.Flag{
					&cli.StringFlag{Name: "now", Value: demoNow, Usage: "the time to process at, RFC 3339"},
					&cli.StringFlag{Name: "out", Usage: "keep the processed campaign, its reports with it, in this (new or empty) folder"},
					&cli.BoolFlag{Name: "reports", Usage: "print the full reports (every phase report, then the README, in Markdown) instead of the summary"},
				},
				Action: cmdDemo,
			},
			replayCommand(),
			replayRunCommand(),
			simulateCommand(),
			sealCommand(),
			diceKeyCommand(),
			verifyCommand(),
			engineCommand(),
			draftCommand(),
			campaignsCommand(),
			checkChangesCommand(),
			suggestCommand(),
			initRepoCommand(),
			planCommand(),
			codeownersCommand(),
			notifyCommand(),
			doctorCommand(),
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usagef("unknown command %q; commands: %s", c.Args().First(), commandNames(c.App))
			}
			if err := cli.ShowAppHelp(c); err != nil {
				return err
			}
			return usagef("a command is needed")
		},
	}
	for _, cmd := range app.Commands {
		cmd.OnUsageError = onUsageError
	}
	return app
}

// commandNames lists the commands for a usage message: "init, check, ...".
func commandNames(app *cli.App) string {
	var names []string
	for _, c := range app.VisibleCommands() {
		names = append(names, c.Name)
	}
	return strings.Join(names, ", ")
}

func onUsageError(c *cli.Context, err error, _ bool) error {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		var valid []string
		if c.Command != nil {
			for _, f := range c.Command.Flags {
				if n := f.Names()[0]; n != "help" {
					valid = append(valid, "--"+n)
				}
			}
		}
		takes := "no flags"
		if len(valid) > 0 {
			takes = strings.Join(valid, ", ")
		}
		cmd := "warmaster"
		if c.Command != nil && c.Command.Name != "" {
			cmd = c.Command.Name
		}
		msg = fmt.Sprintf("unknown flag --%s; %s takes %s", strings.TrimPrefix(name, "-"), cmd, takes)
	}
	return usageError{msg}
}

// commandFlags lists the flags of a command (and its subcommands) that take
// a value as the next argument — every flag but a boolean one — and those
// that may be given more than once (the slice flags).
func commandFlags(cmd *cli.Command) (takeValue, repeatable []string) {
	for _, f := range cmd.Flags {
		var names []string
		for _, n := range f.Names() {
			names = append(names, "--"+n, "-"+n)
		}
		switch f.(type) {
		case *cli.BoolFlag:
			continue
		case *cli.StringSliceFlag, *cli.IntSliceFlag:
			repeatable = append(repeatable, names...)
		}
		takeValue = append(takeValue, names...)
	}
	for _, sub := range cmd.Subcommands {
		v, r := commandFlags(sub)
		takeValue, repeatable = append(takeValue, v...), append(repeatable, r...)
	}
	return takeValue, repeatable
}

// permute moves a subcommand's flags before its positional arguments, so
// `advance DIR --now T` works as well as `advance --now T DIR`, and puts
// "--" between them: whatever follows it is a folder or a file, never a
// flag, even when its name starts with "-". Everything after a "--" on the
// command line is positional: `check --actor bob DIR -- --actor=erin` checks
// a file named "--actor=erin" (the warmaster action passes file names
// after "--"). A flag given twice is refused (a slice flag may repeat):
// a file name passed without "--" must not quietly replace a flag's value.
func permute(args []string, cmds []*cli.Command) ([]string, error) {
	if len(args) < 2 {
		return args, nil
	}
	var takeValue, repeatable []string
	known := false
	for _, c := range cmds {
		if c.HasName(args[1]) {
			takeValue, repeatable = commandFlags(c)
			known = true
		}
	}
	if !known {
		return args, nil // not a command: the app says so
	}
	out := []string{args[0], args[1]}
	var flags, pos []string
	seen := map[string]bool{}
	rest := args[2:]
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		switch {
		case a == "--":
			pos = append(pos, rest[i+1:]...)
			i = len(rest)
		case strings.HasPrefix(a, "-") && len(a) > 1:
			name, _, hasValue := strings.Cut(a, "=")
			if canon := "--" + strings.TrimLeft(name, "-"); !slices.Contains(repeatable, name) {
				if seen[canon] {
					return nil, usagef("flag %s is given twice (to name a file that starts with \"-\", put it after --)", canon)
				}
				seen[canon] = true
			}
			if !hasValue && slices.Contains(takeValue, a) {
				if i+1 == len(rest) {
					return nil, usagef("flag %s needs a value", a)
				}
				flags = append(flags, a, rest[i+1])
				i++
				continue
			}
			flags = append(flags, a)
		default:
			pos = append(pos, a)
		}
	}
	out = append(out, flags...)
	if len(pos) > 0 {
		out = append(append(out, "--"), pos...)
	}
	return out, nil
}

// printFaults prints faults compiler-style, paths relative to where the user
// is; wrote says whether the command would have written (advance, demo).
func printFaults(w io.Writer, dir string, err error, wrote bool) error {
	var invalid *processor.InvalidError
	if !errors.As(err, &invalid) {
		return err
	}
	restoreHints(dir, invalid)
	for _, f := range invalid.Faults {
		f.File = path.Join(filepath.ToSlash(dir), f.File)
		fmt.Fprintln(w, f.String())
	}
	suffix := ""
	if wrote {
		suffix = "; nothing was written"
	}
	fmt.Fprintf(w, "%s%s\n", report.Plural(len(invalid.Faults), "problem", "problems"), suffix)
	if l := layoutLine(invalid.Faults); l != "" {
		fmt.Fprintln(w, l)
	}
	return err
}

// layoutLine is what follows the count of faults among which a file's
// layout stopped its checks against the rules (found in layers, as the
// README says: said where it bites), or "".
func layoutLine(faults []processor.Fault) string {
	if slices.ContainsFunc(faults, func(f processor.Fault) bool { return f.Layout }) {
		return "A file with a mistake in its layout is checked against the rules once that is mended: check again then."
	}
	return ""
}

// restoreHints names, in each fault about a consumed input that was changed
// or deleted, the commit to restore it from, when dir is in a git work tree
// whose history has it.
func restoreHints(dir string, invalid *processor.InvalidError) {
	if slices.ContainsFunc(invalid.Faults, func(f processor.Fault) bool { return f.Restore != "" }) {
		invalid.RestoreFrom(repository.RestoreHint(dir))
	}
}

func oneDir(c *cli.Context) (string, error) {
	if c.NArg() != 1 {
		return "", usagef("%s needs exactly one campaign folder, got %d arguments", c.Command.Name, c.NArg())
	}
	return c.Args().First(), nil
}

// initCadence reads init's --start and --every.
func initCadence(c *cli.Context) (processor.Cadence, error) {
	start, err := time.Parse("2006-01-02", c.String("start"))
	if err != nil {
		return processor.Cadence{}, usagef("--start %q: give the day phase 1 starts as YYYY-MM-DD, e.g. --start 2027-01-04", c.String("start"))
	}
	every := c.String("every")
	n, err := strconv.Atoi(strings.TrimRight(every, "wd"))
	unit := strings.TrimLeft(every, "0123456789")
	if err != nil || n < 1 || (unit != "w" && unit != "d") {
		return processor.Cadence{}, usagef("--every %q: give how long a phase lasts in weeks or days, e.g. --every 4w or --every 30d", every)
	}
	days := n
	if unit == "w" {
		days = 7 * n
	}
	cad := processor.Cadence{Start: start, Every: time.Duration(days) * 24 * time.Hour}
	if cad.Every < processor.MinCadence {
		return processor.Cadence{}, usagef("--every %s: a phase needs at least %d days (4 for the orders, a day of battles, a week for the rest)", every, int(processor.MinCadence/(24*time.Hour)))
	}
	return cad, nil
}

// maxInitPlayers is the most players per Alliance init writes placeholders for.
const maxInitPlayers = 500

func cmdInit(c *cli.Context) error {
	dir, err := oneDir(c)
	if err != nil {
		return err
	}
	alliances, players := c.Int("alliances"), c.Int("players")
	if alliances != 2 && alliances != 3 {
		return usagef("--alliances %d: init writes 2 or 3 Alliances; a campaign may have more: add them to campaign.toml by hand (an [[alliances]] table each, with its players and fleets)", alliances)
	}
	if players < 1 || players > maxInitPlayers {
		return usagef("--players %d: give the number of players in each Alliance, 1 to %d", players, maxInitPlayers)
	}
	cad, err := initCadence(c)
	if err != nil {
		return err
	}
	text, err := processor.StarterCampaignEvery(alliances, players, cad)
	if err != nil {
		return fmt.Errorf("init: %w", err)
	}
	medals, err := medalsFrom(c)
	if err != nil {
		return err
	}
	if medals != nil {
		text = append(text, medals.toml...)
	}
	err = makeFolder(dir, func(tmp string) error {
		if err := campaigns.CopyTo(campaigns.Template, tmp); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(tmp, processor.CampaignFile), text, 0o644)
	})
	if err != nil {
		return fmt.Errorf("init: %w", err)
	}
	fmt.Fprintf(c.App.Writer, "made %s: edit campaign.toml (alliances, players, fleets, deadlines), then each Alliance commits setup/<alliance>.toml; `warmaster check %s` says what is missing\n", dir, dir)
	if medals != nil {
		fmt.Fprintln(c.App.Writer, medals.summary)
	}
	return nil
}

// makeFolder makes dir, new or empty, whole or not at all: write fills a
// hidden folder beside it, which then takes its place. A run killed midway
// leaves dir as it was (and at most that hidden folder), so running it
// again goes ahead.
func makeFolder(dir string, write func(tmp string) error) error {
	d, err := disk.Create(dir) // new or empty, not a link: or refused here
	if err != nil {
		return err
	}
	d.Close()
	clean := filepath.Clean(dir)
	tmp, err := os.MkdirTemp(filepath.Dir(clean), ".warmaster-init-*")
	if err != nil {
		return err
	}
	// Gone already once it has taken dir's place.
	defer os.RemoveAll(tmp)
	// As MkdirAll would make dir (MkdirTemp makes it rwx------).
	if err := os.Chmod(tmp, 0o755); err != nil {
		return err
	}
	if err := write(tmp); err != nil {
		return err
	}
	if err := os.Remove(clean); err != nil { // empty: disk.Create said so
		return err
	}
	return os.Rename(tmp, clean)
}

func cmdCheck(c *cli.Context) error {
	if c.NArg() < 1 {
		return usagef("check needs a campaign folder")
	}
	actor, now, format, err := checkFlags(c)
	if err != nil {
		return err
	}
	dir := c.Args().First()
	files, err := relFiles(dir, c.Args().Slice()[1:])
	if err != nil {
		return err
	}
	f, err := phase.Check(dir, secrets(now))
	// A folder that cannot be read at all (a link in it, a refused name)
	// shows every fault: none is about the FILEs alone.
	if len(files) > 0 && f != nil {
		phases := 0 // a campaign.toml unread: every phase folder's faults may be the file's
		if f.Campaign != nil {
			phases = f.Campaign.Phases
		}
		err = processor.OnlyFiles(err, folder.Holding(files, phases))
	}
	// With --actor, the FILEs LOGIN may not change are refused, whatever
	// else is wrong with them (added to err below); and a note on one is
	// left out, as its faults are: its refusal says it all (a confirmation
	// naming another text of the result is both).
	var refused error
	if actor != "" && f != nil {
		refused = authorize(dir, actor, f, files)
	}
	isRefused := map[string]bool{}
	if inv := (*processor.InvalidError)(nil); errors.As(refused, &inv) {
		for _, r := range inv.Faults {
			isRefused[r.File] = true
		}
	}
	// A file that arrived after its step was processed does not stop the
	// campaign: named (a pull request's file), it is refused; else noted.
	if f != nil {
		err = f.RefuseLate(err, files)
		if len(files) == 0 {
			for _, l := range f.Late() {
				fmt.Fprintf(c.App.ErrWriter, "note: %s: %s\n", path.Join(filepath.ToSlash(dir), l.File), l.Message)
			}
		}
		// What init wrote for the Warmaster to replace, a phase without its
		// deadlines: accepted, and said.
		if len(files) == 0 || slices.Contains(files, processor.CampaignFile) {
			printNotes(c.App.ErrWriter, dir, f.CampaignNotes())
		}
		// What a player's file leaves to the rules' defaults (an orders
		// file that leaves a fleet out: it performs Logistical Auxilia):
		// accepted, and said.
		for _, n := range f.Notes {
			if (len(files) == 0 || slices.Contains(files, n.File)) && !isRefused[n.File] {
				printNotes(c.App.ErrWriter, dir, []processor.Fault{n})
			}
		}
		// A file of a phase not begun, read when its phase comes: said
		// of the file named (a pull request's); of the whole folder only
		// when the phase now waits for one of its name (in f.Notes).
		for _, n := range f.EarlyNotes {
			if slices.Contains(files, n.File) && !isRefused[n.File] {
				printNotes(c.App.ErrWriter, dir, []processor.Fault{n})
			}
		}
	}
	// A FILE that is not there: a misspelt name checks nothing, and "ok"
	// would say it passed. (With --actor a file deleted is a change, which
	// is judged below.) One the load found missing already — an input a
	// step consumed — keeps its fault, which says how to restore it.
	if actor == "" && f != nil {
		var missing []processor.Fault
		var hints processor.Faults // bounds the did-you-mean work
		var found *processor.InvalidError
		errors.As(err, &found)
		for _, file := range files {
			if !f.Disk.IsFile(file) && (found == nil || !slices.ContainsFunc(found.Faults, func(x processor.Fault) bool { return x.File == file })) {
				msg := "no such file in the campaign folder, so nothing is checked: give the path of a file that is there (check --actor LOGIN also checks a file's deletion)"
				if f.Disk.Repository(file) {
					msg = "the repository's own file, not the campaign's (the campaign is the repository's root): Warmaster reads nothing there, so nothing is checked"
				} else if near := processor.Closest(&hints, file, f.Files()); len(near) > 0 {
					msg = fmt.Sprintf("no such file in the campaign folder, so nothing is checked: did you mean %s?", near[0])
				}
				missing = append(missing, processor.Fault{File: file, Message: msg})
			}
		}
		if len(missing) > 0 {
			err = processor.WithRefusals(err, &processor.InvalidError{Faults: missing})
		}
	}
	if refused != nil {
		err = processor.WithRefusals(err, refused)
	}
	if err != nil {
		return reportFaults(c, format, dir, err, false)
	}
	// A campaign folder its repository does not declare passes, but the
	// workflows never check nor advance it.
	// The registry declares folders below the root only (campaigns of a
	// repository are apart, and the root's .github/ is no campaign's).
	switch reg, rel, ok, err := repository.Find(dir); {
	case err != nil || !ok || reg.Declares(rel):
	case rel == ".":
		name, err := folder.CampaignID(dir)
		if err != nil {
			name = "<name>"
		}
		fmt.Fprintf(c.App.ErrWriter, "note: %s: this campaign is its repository's root, which %s cannot declare, so the workflows never check or advance it: to play it through them, move it into a folder of the same name, such as campaigns/%s (its name binds its sealed orders and dice), and declare that\n", dir, repository.RegistryFile, name)
	default:
		fmt.Fprintf(c.App.ErrWriter, "note: %s: %s does not declare this campaign, so the workflows never check or advance it: the Warmaster adds %q to its campaigns\n", dir, repository.RegistryFile, rel)
	}
	fmt.Fprintf(c.App.Writer, "%s: ok\n", dir)
	return nil
}

// authorize refuses the FILEs actor may not change (an *InvalidError): by
// the campaign's rules and, when DIR is a campaign its repository declares
// (in a .github/warmaster.toml in a folder above DIR, up to the git work
// tree's top), by the repository's as well: a campaign folder it does not
// declare is its Warmasters' alone; campaign.toml, the campaign's map and
// war-engine profiles are the repository's Warmasters' alone, who rule on a
// disputed result as the campaign's Warmaster does. (The pull-request check, check-changes, reads the
// registry from the base instead of the work tree, and judges the files
// outside declared campaigns too.) An invalid registry is an error of its
// own.
func authorize(dir string, actor processor.Login, f *folder.Folder, files []string) error {
	reg, rel, ok, err := repository.Find(dir)
	if err != nil {
		return fmt.Errorf("the campaign repository's %s is invalid:\n%v", repository.RegistryFile, err)
	}
	if !ok {
		return trust.Authorize(f, actor, files)
	}
	refused, judged := reg.RightsIn(actor, rel, files, func(file string) bool {
		_, err := os.Lstat(filepath.Join(dir, filepath.FromSlash(file)))
		return err == nil
	})
	var warmasters []processor.Login // the rulers of a declared campaign, with its Warmaster
	if reg.Declares(rel) {
		warmasters = reg.Warmasters
	}
	err = trust.Authorize(f, actor, judged, warmasters...)
	if len(refused) > 0 {
		err = processor.WithRefusals(err, &processor.InvalidError{Faults: refused})
	}
	return err
}

// checkFlags are the flags check and check-changes share: --actor (a
// login, or none when the flag is not given: an empty one would check
// nobody's rights while seeming to), --now and --format.
func checkFlags(c *cli.Context) (actor processor.Login, now time.Time, format string, err error) {
	if c.IsSet("actor") && c.String("actor") == "" {
		return "", now, "", usagef("--actor needs a GitHub login (leave the flag out to check nobody's rights)")
	}
	if now, err = parseNow(c); err != nil {
		return "", now, "", err
	}
	if format, err = faultFormat(c); err != nil {
		return "", now, "", err
	}
	return processor.Login(c.String("actor")), now, format, nil
}

// relFiles turns FILE arguments into slash paths relative to the campaign
// folder. A FILE may be given relative to the folder (phases/01/orders/a.toml)
// or as a path through it (campaigns/x/phases/01/orders/a.toml).
func relFiles(dir string, args []string) ([]string, error) {
	var out []string
	absDir, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	for _, a := range args {
		p := filepath.Clean(a)
		abs := p
		if !filepath.IsAbs(p) {
			abs, _ = filepath.Abs(p)
		}
		if rel, err := filepath.Rel(absDir, abs); err == nil && !strings.HasPrefix(rel, "..") && (filepath.IsAbs(p) || strings.HasPrefix(p, filepath.Clean(dir)+string(filepath.Separator))) {
			p = rel
		}
		if filepath.IsAbs(p) || strings.HasPrefix(p, "..") {
			return nil, usagef("%s is not inside the campaign folder %s", a, dir)
		}
		out = append(out, filepath.ToSlash(p))
	}
	return out, nil
}

// secrets are a run's options at now with the secrets from the
// environment — the one place the command reads them: WARMASTER_DICE_KEY
// (the committed dice key) and WARMASTER_AGE_IDENTITY (sealed orders). The
// merge workflow alone has them; check and plan run without.
func secrets(now time.Time) phase.Options {
	return phase.Options{Now: now, DiceKey: os.Getenv("WARMASTER_DICE_KEY"), AgeIdentity: os.Getenv("WARMASTER_AGE_IDENTITY"), Version: version(), Release: releaseFinder(nil)}
}

// parseNow reads --now: the clock when the flag is not given.
func parseNow(c *cli.Context) (time.Time, error) {
	s := c.String("now")
	if !c.IsSet("now") && s == "" {
		return time.Now().UTC(), nil
	}
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return time.Time{}, usagef("--now %q is not an RFC 3339 time such as 2027-01-08T18:00:00Z", s)
	}
	return t, nil
}

// dirAndOptions reads a command's one campaign folder and --now, with the
// secrets from the environment.
func dirAndOptions(c *cli.Context) (string, phase.Options, error) {
	dir, err := oneDir(c)
	if err != nil {
		return "", phase.Options{}, err
	}
	now, err := parseNow(c)
	if err != nil {
		return "", phase.Options{}, err
	}
	opt := secrets(now)
	if isTerminal(c.App.ErrWriter) {
		opt.Progress = c.App.ErrWriter // long runs show progress where a person watches
	}
	return dir, opt, nil
}

func cmdAdvance(c *cli.Context) error {
	dir, opt, err := dirAndOptions(c)
	if err != nil {
		return err
	}
	format, err := faultFormat(c)
	if err != nil {
		return err
	}
	if c.String("verified") != "" && !c.Bool("replay") {
		return usagef("--verified goes with --replay: it says which campaign folders need no replay")
	}
	proved := false // the folder was replayed, or vouched for, before this run
	if c.Bool("replay") {
		if proved, err = replayFirst(c, dir, opt); err != nil {
			return reportFaults(c, format, dir, err, true)
		}
	}
	sum, err := phase.Advance(dir, opt)
	if err != nil {
		return reportFaults(c, format, dir, err, true)
	}
	if proved && len(sum.Applied) > 0 {
		// Steps applied by this warmaster to a proved campaign: the folder
		// it leaves follows from the same files, as a replay would find.
		vouch(c, dir)
	}
	printNotes(c.App.ErrWriter, dir, sum.Placeholders)
	printNotes(c.App.ErrWriter, dir, sum.SizeNotes)
	w := c.App.Writer
	if len(sum.Applied) == 0 {
		fmt.Fprintln(w, "nothing to do: the current step is still waiting for input")
	}
	for _, a := range sum.Applied {
		fmt.Fprintf(w, "applied %s\n", a)
	}
	if len(sum.Written) > 0 {
		fmt.Fprintf(w, "wrote %s\n", writtenList(sum.Written))
	}
	printNotApplied(w, dir, sum.NotApplied)
	fmt.Fprint(w, sum.Status)
	return nil
}

// maxListedInFolder is how many files of one folder a run's "wrote" line
// names; past it, the folder and how many (a public campaign's phase
// writes thousands of battle sheets).
const maxListedInFolder = 10

// writtenList names the files a run wrote, sorted, in one line: those of
// a folder of more than maxListedInFolder as the folder and their number.
func writtenList(paths []string) string {
	var out []string
	for i := 0; i < len(paths); {
		dir := path.Dir(paths[i])
		j := i
		for j < len(paths) && path.Dir(paths[j]) == dir {
			j++
		}
		if n := j - i; n > maxListedInFolder && dir != "." {
			out = append(out, fmt.Sprintf("%s/ (%d files)", dir, n))
		} else {
			out = append(out, paths[i:j]...)
		}
		i = j
	}
	return strings.Join(out, ", ")
}

// printNotApplied lists the players' files a run did not apply, or applied
// in part, and why, with the faults of each; paths as printFaults has them.
func printNotApplied(w io.Writer, dir string, list []phase.NotApplied) {
	for _, n := range list {
		what := "not applied"
		if n.Part {
			what = "applied in part"
		}
		fmt.Fprintf(w, "%s: %s: %s\n", what, path.Join(filepath.ToSlash(dir), n.File), n.Why)
		for _, f := range n.Faults {
			f.File = path.Join(filepath.ToSlash(dir), f.File)
			fmt.Fprintf(w, "  %s\n", f.String())
		}
	}
}

func cmdStatus(c *cli.Context) error {
	dir, err := oneDir(c)
	if err != nil {
		return err
	}
	now, err := parseNow(c)
	if err != nil {
		return err
	}
	return status(c.App.Writer, c.App.ErrWriter, dir, now)
}

// status prints where the campaign stands, each awaited file with faults
// marked and its faults listed below the table; then, as check, the notes
// on init's placeholders and every fault of the folder (exit 1).
func status(w, ew io.Writer, dir string, now time.Time) error {
	f, text, err := phase.Status(dir, now)
	fmt.Fprint(w, text)
	if f != nil {
		printNotes(ew, dir, f.CampaignNotes())
	}
	if err != nil {
		return printFaults(ew, dir, err, false)
	}
	return nil
}

// printNotes prints notes on stderr (what init wrote into campaign.toml for
// the Warmaster to replace and that is still there: accepted, and said),
// paths as printFaults has them.
func printNotes(w io.Writer, dir string, notes []processor.Fault) {
	for _, n := range notes {
		n.File = path.Join(filepath.ToSlash(dir), n.File)
		fmt.Fprintf(w, "note: %s\n", n)
	}
}

func cmdDemo(c *cli.Context) error {
	if c.NArg() > 0 {
		return usagef("demo takes no arguments")
	}
	now, err := parseNow(c)
	if err != nil {
		return err
	}
	dir := c.String("out")
	if dir == "" {
		tmp, err := disk.Temp("warmaster-demo-")
		if err != nil {
			return fmt.Errorf("demo: %w", err)
		}
		defer tmp.Discard()
		dir = filepath.Join(tmp.Path(), campaigns.Example)
	}
	if err := campaigns.CopyTo(campaigns.Example, dir); err != nil {
		return fmt.Errorf("demo --out: %w", err)
	}
	sum, err := phase.Advance(dir, secrets(now))
	if err != nil {
		return printFaults(c.App.ErrWriter, campaigns.Example, err, true)
	}
	f, err := folder.Load(dir)
	if err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	if c.Bool("reports") {
		return demoReports(c.App.Writer, f, sum)
	}
	return demoSummary(c.App.Writer, f, sum, now, c.String("out"))
}

// replayFirst is advance --replay: when a step is due, the campaign's whole
// history is replayed first (with the secrets the advance job has, which
// the pull-request check has not), and a difference stops the run before
// it builds on it. With nothing due it costs a plan. With --verified, a
// folder proved before (its verified digest listed) is not replayed again,
// and one replayed now is listed. proved says the folder is proved.
func replayFirst(c *cli.Context, dir string, opt phase.Options) (proved bool, err error) {
	given, err := givenReleases(c)
	if err != nil {
		return false, err
	}
	opt.Release = releaseFinder(given)
	var listed func(digest string) bool // with --verified: is it proved
	if file := c.String("verified"); file != "" {
		digests := readVerified(c.App.ErrWriter, file)
		listed = func(d string) bool { return digests[provedBy(d)] }
	}
	p, err := phase.Plan(dir, opt)
	if err != nil || len(p.Applied) == 0 {
		return false, nil // advance itself says what is wrong, or that nothing is due
	}
	res, err := trust.ReplayUnlessVerified(dir, opt, listed)
	if err != nil {
		return false, err
	}
	switch {
	case res.Skipped != "":
		fmt.Fprintf(c.App.ErrWriter, "%s: replay before advancing skipped: %s\n", dir, res.Skipped)
		return false, nil
	case res.Verified:
		fmt.Fprintf(c.App.ErrWriter, "%s: not replayed before advancing: a replay already proved these files (%s lists their digest, %.12s…)\n", dir, c.String("verified"), provedBy(res.Digest))
		return true, nil
	}
	fmt.Fprintf(c.App.ErrWriter, "%s: %s\n", dir, res.Summary("before advancing"))
	addVerified(c, res.Digest)
	return true, nil
}

// maxVerified is how many verified digests --verified keeps: the newest.
// Each advance that applies steps adds one a campaign; only the last of
// each is ever looked up.
const maxVerified = 1000

// verifiedDigestRE is a line of a --verified file.
var verifiedDigestRE = regexp.MustCompile(`^[0-9a-f]{64}$`)

// provedBy is a folder's verified digest as --verified lists it: bound to
// this warmaster — its version and its executable's SHA-256 — so that
// what one build proved is not taken as proved by another (a new build
// replays the campaign once, which proves it anew; an action built from
// a branch reports no version that tells builds apart).
func provedBy(digest string) string {
	sum := sha256.Sum256([]byte(prover() + "\n" + digest + "\n"))
	return hex.EncodeToString(sum[:])
}

// prover is this warmaster, for provedBy: its version and its executable's
// SHA-256 (hashed once a run).
var prover = sync.OnceValue(func() string {
	h := sha256.New()
	if exe, err := os.Executable(); err == nil {
		if f, err := os.Open(exe); err == nil {
			_, _ = io.Copy(h, f)
			f.Close()
		}
	}
	return fmt.Sprintf("warmaster %s %x", version(), h.Sum(nil))
})

// readVerified reads a --verified file: the digests it lists (a file not
// there lists none). A line that is no digest is left out, with a note:
// the file comes from the Actions cache, and one spoilt there must cost a
// replay, not stop every run after (addVerified writes it anew).
func readVerified(ew io.Writer, file string) map[string]bool {
	data, err := os.ReadFile(file)
	if err != nil {
		if !errors.Is(err, os.ErrNotExist) {
			fmt.Fprintf(ew, "note: --verified: %v: every campaign with a step due is replayed in full\n", err)
		}
		return nil
	}
	listed := map[string]bool{}
	for i, line := range strings.Split(string(data), "\n") {
		switch {
		case verifiedDigestRE.MatchString(line):
			listed[line] = true
		case line != "":
			fmt.Fprintf(ew, "note: --verified: %s:%d: not a verified digest (64 lower-case hex digits, one a line, as advance writes them): left out, and dropped when the file is written again\n", file, i+1)
		}
	}
	return listed
}

// vouch adds the verified digest of dir as it is now to --verified's
// file. Like addVerified, it never fails the run: what goes unlisted is
// replayed in full next time.
func vouch(c *cli.Context, dir string) {
	if c.String("verified") == "" {
		return
	}
	d, err := trust.VerifiedDigest(dir)
	if err != nil {
		// The steps are applied; the next run replays in full.
		fmt.Fprintf(c.App.ErrWriter, "note: --verified: %s: the folder advance left is not vouched for: %v\n", dir, err)
		return
	}
	addVerified(c, d)
}

// addVerified adds a digest to --verified's file (when given), keeping the
// newest maxVerified; a file it cannot read or write is a note.
func addVerified(c *cli.Context, digest string) {
	file := c.String("verified")
	if file == "" {
		return
	}
	data, err := os.ReadFile(file)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		// What is proved goes unlisted, and the next run replays in full:
		// never a reason to stop this one.
		fmt.Fprintf(c.App.ErrWriter, "note: --verified: %v: this run's proof is not kept\n", err)
		return
	}
	digest = provedBy(digest)
	lines := slices.DeleteFunc(strings.Split(string(data), "\n"), func(l string) bool { return l == digest || !verifiedDigestRE.MatchString(l) })
	lines = append(lines, digest)
	lines = lines[max(0, len(lines)-maxVerified):]
	if err := os.WriteFile(file, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		fmt.Fprintf(c.App.ErrWriter, "note: --verified: %v: this run's proof is not kept\n", err)
	}
}
