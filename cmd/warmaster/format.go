package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/report"
)

// Output formats of --format: how a command reports the campaign's faults.
const (
	formatText   = "text"   // compiler-style lines on stderr (the default)
	formatGitHub = "github" // GitHub Actions annotations on stdout, and a table in $GITHUB_STEP_SUMMARY
)

// formatFlag is --format, for every command that reports faults.
func formatFlag() cli.Flag {
	return &cli.StringFlag{
		Name:  "format",
		Value: formatText,
		Usage: "how problems are reported: text (file:line:col: message, on stderr) or github (one ::error annotation per problem on stdout, and the full list appended to $GITHUB_STEP_SUMMARY when it is set)",
	}
}

// faultFormat reads --format; a name other than text or github is a usage error.
func faultFormat(c *cli.Context) (string, error) {
	switch f := c.String("format"); f {
	case formatText, formatGitHub:
		return f, nil
	default:
		return "", usagef("--format %q: text or github", f)
	}
}

// reportFaults reports err — faults of the campaign in dir, or any other
// error — in the given format, and returns it for the exit status. wrote
// says whether the command would have written (advance).
func reportFaults(c *cli.Context, format, dir string, err error, wrote bool) error {
	if format != formatGitHub {
		return printFaults(c.App.ErrWriter, dir, err, wrote)
	}
	summary := os.Getenv("GITHUB_STEP_SUMMARY")
	var invalid *processor.InvalidError
	if !errors.As(err, &invalid) {
		fmt.Fprintf(workflowCommands(c.App.Writer), "::error title=warmaster::%s\n", escapeData(err.Error()))
		if summary != "" {
			appendSummary(c, summary, fmt.Sprintf("**warmaster %s %s**: %s\n", c.Command.Name, report.Plain(dir), report.Plain(err.Error())))
		}
		return err
	}
	restoreHints(dir, invalid)
	faults := make([]processor.Fault, len(invalid.Faults))
	for i, f := range invalid.Faults {
		f.File = path.Join(filepath.ToSlash(dir), f.File)
		faults[i] = f
	}
	writeAnnotations(workflowCommands(c.App.Writer), faults)
	n := report.Plural(len(faults), "problem", "problems")
	suffix := ""
	if wrote {
		suffix = "; nothing was written"
	}
	fmt.Fprintf(c.App.ErrWriter, "%s%s\n", n, suffix)
	if summary != "" {
		appendSummary(c, summary, faultTable(fmt.Sprintf("warmaster %s: %s in %s%s", c.Command.Name, n, report.Plain(dir), suffix), faults))
	}
	return err
}

// writeAnnotations writes one GitHub Actions error annotation per fault:
// ::error file=F,line=L,col=C,title=warmaster::message. A fault without a
// position has no line and col.
func writeAnnotations(w io.Writer, faults []processor.Fault) {
	writeLevel(w, "error", faults)
}

// writeLevel writes faults as workflow commands of a level: error, or
// notice for what refuses nothing.
func writeLevel(w io.Writer, level string, faults []processor.Fault) {
	for _, f := range faults {
		props := []string{"file=" + escapeProperty(f.File)}
		if f.Line > 0 {
			props = append(props, "line="+strconv.Itoa(f.Line))
			if f.Col > 0 {
				props = append(props, "col="+strconv.Itoa(f.Col))
			}
		}
		props = append(props, "title=warmaster")
		fmt.Fprintf(w, "::%s %s::%s\n", level, strings.Join(props, ","), escapeData(f.Message))
	}
}

// Workflow commands are one line each: "::error k=v,k=v::message". GitHub's
// escaping (as in the Actions toolkit's command.ts): the message escapes %,
// CR and LF; a property value escapes : and , as well.
var (
	dataEscaper     = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	propertyEscaper = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)

func escapeData(s string) string     { return dataEscaper.Replace(s) }
func escapeProperty(s string) string { return propertyEscaper.Replace(s) }

// faultTable is the full list of faults as Markdown: GitHub shows only the
// first few annotations of a step, the job summary shows everything. File
// names and messages are players' text, shown as it is (report.Plain): a
// file named "<img …>.toml" or "[click](…)" is no markup.
func faultTable(title string, faults []processor.Fault) string {
	var d report.Doc
	d.Heading(3, "%s", title)
	rows := make([][]string, len(faults))
	for i, f := range faults {
		line, col := "", ""
		if f.Line > 0 {
			line, col = strconv.Itoa(f.Line), strconv.Itoa(f.Col)
		}
		rows[i] = []string{report.Plain(f.File), line, col, report.Plain(f.Message)}
	}
	d.Table([]string{"file", "line", "column", "problem"}, rows)
	return d.String()
}

// appendSummary appends Markdown to the job summary file, within what
// GitHub takes of a step's summary (fitSummary). Failing to is said on
// stderr; the faults are reported already.
func appendSummary(c *cli.Context, file, md string) {
	fh, err := os.OpenFile(file, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err == nil {
		var st os.FileInfo
		if st, err = fh.Stat(); err == nil {
			_, err = io.WriteString(fh, fitSummary("\n"+md, summaryLimit-st.Size()))
		}
		if cerr := fh.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintf(c.App.ErrWriter, "warmaster: cannot append to $GITHUB_STEP_SUMMARY: %v\n", err)
	}
}

// summaryLimit is the most GitHub takes of a step's job summary: past it
// the whole summary is dropped ("upload aborted, supports content up to a
// size of 1024k"), the table of faults with the rest. A campaign of
// thousands passes it: 4,000 faults, or a plan of 100,000 battle sheets.
const summaryLimit = 1 << 20

// fitSummary is md as far as room bytes take it: whole, or cut at the end
// of a line with a line saying so, which the job's log (where the same
// is printed in full) completes; nothing when not even that line fits.
func fitSummary(md string, room int64) string {
	if int64(len(md)) <= room {
		return md
	}
	cut := func(rest int) string {
		return fmt.Sprintf("\n\n**The rest of this summary is cut (%s): GitHub takes at most 1 MiB of a step's summary and would drop all of it past that. The job's log has the whole of it.**\n", report.Plural(rest, "more line", "more lines"))
	}
	keep := room - int64(len(cut(strings.Count(md, "\n"))))
	if keep <= 0 {
		return ""
	}
	head := md[:strings.LastIndexByte(md[:keep], '\n')+1]
	return head + cut(strings.Count(md[len(head):], "\n"))
}
