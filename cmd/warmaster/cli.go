package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/warmaster/warmaster/campaigns"
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/disk"
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

// demoNow is the moment the demo runs at: after the example campaign's last
// deadline (phase 3's battles), so the demo plays it to its end.
const demoNow = "2027-06-10T12:00:00Z"

// run is the whole command line; only main exits.
func run(args []string, stdout, stderr io.Writer) int {
	app := &cli.App{
		Name:      "warmaster",
		Usage:     "run a Vespator Front map campaign from a folder of TOML files",
		Writer:    stdout,
		ErrWriter: stderr,
		// Errors are ours to print and turn into exit statuses.
		ExitErrHandler:  func(*cli.Context, error) {},
		OnUsageError:    onUsageError,
		HideHelpCommand: true,
		Commands: []*cli.Command{
			{
				Name:      "init",
				Usage:     "make a new campaign folder from the bundled template (the 13-planet Vespator Front map)",
				ArgsUsage: "[--medals-from OLD] DIR",
				Flags: []cli.Flag{
					&cli.StringFlag{Name: "medals-from", Usage: "record in DIR's campaign.toml the Campaign Medals each player won in the ended campaign OLD"},
				},
				Action: cmdInit,
			},
			{
				Name:      "check",
				Usage:     "validate a campaign folder (or only the named files in it) without writing anything",
				ArgsUsage: "DIR [FILE...]",
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
				Flags: []cli.Flag{
					&cli.StringFlag{Name: "now", Usage: "the time to process at, RFC 3339 (default: the clock)"},
					formatFlag(),
				},
				Action: cmdAdvance,
			},
			{
				Name:      "status",
				Usage:     "show the phase, the step and what is awaited from whom by when",
				ArgsUsage: "DIR",
				Action:    cmdStatus,
			},
			{
				Name:  "demo",
				Usage: "play the bundled example campaign in a temporary copy and print its reports",
				Flags: []cli.Flag{
					&cli.StringFlag{Name: "now", Value: demoNow, Usage: "the time to process at, RFC 3339"},
					&cli.StringFlag{Name: "out", Usage: "keep the processed campaign in this (new or empty) folder"},
				},
				Action: cmdDemo,
			},
			replayCommand(),
			simulateCommand(),
			sealCommand(),
			verifyCommand(),
			engineCommand(),
			planCommand(),
			codeownersCommand(),
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
	args, err := permute(args, app.Commands)
	if err == nil {
		err = app.Run(args)
	}
	var invalid *processor.InvalidError
	var usage usageError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &invalid):
		return exitInvalid
	case errors.As(err, &usage):
		fmt.Fprintf(stderr, "warmaster: %v\n(run warmaster --help for usage)\n", err)
		return exitUsage
	default:
		fmt.Fprintf(stderr, "warmaster: %v\n", err)
		return exitInvalid
	}
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

// valueFlags lists the flags of a command (and its subcommands) that take a
// value as the next argument: every flag but a boolean one.
func valueFlags(cmd *cli.Command) []string {
	var out []string
	for _, f := range cmd.Flags {
		if _, ok := f.(*cli.BoolFlag); ok {
			continue
		}
		for _, n := range f.Names() {
			out = append(out, "--"+n, "-"+n)
		}
	}
	for _, sub := range cmd.Subcommands {
		out = append(out, valueFlags(sub)...)
	}
	return out
}

// permute moves a subcommand's flags before its positional arguments, so
// `advance DIR --now T` works as well as `advance --now T DIR`.
func permute(args []string, cmds []*cli.Command) ([]string, error) {
	if len(args) < 2 {
		return args, nil
	}
	var takeValue []string
	for _, c := range cmds {
		if c.HasName(args[1]) {
			takeValue = valueFlags(c)
		}
	}
	out := []string{args[0], args[1]}
	var flags, pos []string
	rest := args[2:]
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		switch {
		case a == "--":
			pos = append(pos, rest[i:]...)
			i = len(rest)
		case strings.HasPrefix(a, "-") && len(a) > 1:
			if slices.Contains(takeValue, a) {
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
	return append(append(out, flags...), pos...), nil
}

// printFaults prints faults compiler-style, paths relative to where the user
// is; wrote says whether the command would have written (advance, demo).
func printFaults(w io.Writer, dir string, err error, wrote bool) error {
	var invalid *processor.InvalidError
	if !errors.As(err, &invalid) {
		return err
	}
	for _, f := range invalid.Faults {
		f.File = path.Join(filepath.ToSlash(dir), f.File)
		fmt.Fprintln(w, f.String())
	}
	suffix := ""
	if wrote {
		suffix = "; nothing was written"
	}
	fmt.Fprintf(w, "%d %s%s\n", len(invalid.Faults), pluralize(len(invalid.Faults), "problem", "problems"), suffix)
	return err
}

func pluralize(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func oneDir(c *cli.Context) (string, error) {
	if c.NArg() != 1 {
		return "", usagef("%s needs exactly one campaign folder, got %d arguments", c.Command.Name, c.NArg())
	}
	return c.Args().First(), nil
}

func cmdInit(c *cli.Context) error {
	dir, err := oneDir(c)
	if err != nil {
		return err
	}
	medals, err := medalsFrom(c)
	if err != nil {
		return err
	}
	if err := campaigns.CopyTo(campaigns.Template, dir); err != nil {
		return fmt.Errorf("init: %w", err)
	}
	if err := appendMedals(dir, medals); err != nil {
		return fmt.Errorf("init: %w", err)
	}
	fmt.Fprintf(c.App.Writer, "made %s: edit campaign.toml (alliances, players, fleets, deadlines), then each Alliance commits setup/<alliance>.toml; `warmaster check %s` says what is missing\n", dir, dir)
	if medals != nil {
		fmt.Fprintln(c.App.Writer, medals.summary)
	}
	return nil
}

func cmdCheck(c *cli.Context) error {
	if c.NArg() < 1 {
		return usagef("check needs a campaign folder")
	}
	dir := c.Args().First()
	files, err := relFiles(dir, c.Args().Slice()[1:])
	if err != nil {
		return err
	}
	now, err := parseNow(c)
	if err != nil {
		return err
	}
	format, err := faultFormat(c)
	if err != nil {
		return err
	}
	f, err := processor.Check(dir, secrets(now))
	var invalid *processor.InvalidError
	// A folder that cannot be read at all (a link in it, a refused name)
	// shows every fault: none is about the FILEs alone.
	if errors.As(err, &invalid) && len(files) > 0 && f != nil {
		err = onlyFiles(invalid, files)
	}
	// With --actor, the FILEs LOGIN may not change are refused, whatever
	// else is wrong with them.
	if actor := c.String("actor"); actor != "" && f != nil {
		err = processor.WithRefusals(err, f.Authorize(processor.Login(actor), files))
	}
	if err != nil {
		return reportFaults(c, format, dir, err, false)
	}
	fmt.Fprintf(c.App.Writer, "%s: ok\n", dir)
	return nil
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

// onlyFiles keeps the faults of the named files, and of the Warmaster's
// files every input depends on (campaign.toml, map.toml, war-engine
// profiles); nil if none is left.
func onlyFiles(e *processor.InvalidError, files []string) error {
	var keep []processor.Fault
	for _, f := range e.Faults {
		if slices.Contains(files, f.File) || f.File == processor.CampaignFile || f.File == processor.MapFile || strings.HasPrefix(f.File, "engines/") {
			keep = append(keep, f)
		}
	}
	if len(keep) == 0 {
		return nil
	}
	return &processor.InvalidError{Faults: keep}
}

// secrets are a run's options at now with the secrets from the
// environment — the one place the command reads them: WARMASTER_DICE_KEY
// (the committed dice key) and WARMASTER_AGE_IDENTITY (sealed orders). The
// merge workflow alone has them; check and plan run without.
func secrets(now time.Time) processor.Options {
	return processor.Options{Now: now, DiceKey: os.Getenv("WARMASTER_DICE_KEY"), AgeIdentity: os.Getenv("WARMASTER_AGE_IDENTITY")}
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
func dirAndOptions(c *cli.Context) (string, processor.Options, error) {
	dir, err := oneDir(c)
	if err != nil {
		return "", processor.Options{}, err
	}
	now, err := parseNow(c)
	if err != nil {
		return "", processor.Options{}, err
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
	sum, err := processor.Advance(dir, opt)
	if err != nil {
		return reportFaults(c, format, dir, err, true)
	}
	w := c.App.Writer
	if len(sum.Applied) == 0 {
		fmt.Fprintln(w, "nothing to do: the current step is still waiting for input")
	}
	for _, a := range sum.Applied {
		fmt.Fprintf(w, "applied %s\n", a)
	}
	if len(sum.Written) > 0 {
		fmt.Fprintf(w, "wrote %s\n", strings.Join(sum.Written, ", "))
	}
	fmt.Fprint(w, sum.Status)
	return nil
}

func cmdStatus(c *cli.Context) error {
	dir, err := oneDir(c)
	if err != nil {
		return err
	}
	return status(c.App.Writer, c.App.ErrWriter, dir)
}

func status(w, ew io.Writer, dir string) error {
	f, err := processor.Load(dir)
	if err != nil {
		return printFaults(ew, dir, err, false)
	}
	fmt.Fprint(w, processor.Status(f))
	return nil
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
	sum, err := processor.Advance(dir, secrets(now))
	if err != nil {
		return printFaults(c.App.ErrWriter, campaigns.Example, err, true)
	}
	f, err := processor.Load(dir)
	if err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	w := c.App.Writer
	for _, p := range sum.Written {
		if strings.HasSuffix(p, "report.md") {
			data, err := f.ReadFile(p)
			if err != nil {
				return fmt.Errorf("demo: %w", err)
			}
			fmt.Fprintf(w, "<!-- %s/%s -->\n%s\n", campaigns.Example, p, data)
		}
	}
	data, err := f.ReadFile(processor.ReadmeFile)
	if err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	fmt.Fprintf(w, "<!-- %s/README.md -->\n%s", campaigns.Example, data)
	return nil
}
