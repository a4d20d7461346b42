package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/warmaster/warmaster/campaigns"
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/phase"
)

// demoExample is the file a player wrote that the demo's summary shows:
// carol's orders of phase 1, an Orbital Invasion.
const demoExample = "phases/01/orders/carol.toml"

// demoSummary is what `warmaster demo` prints for a newcomer: what was
// played, each phase in a few lines (its battles in the order 2.4 took
// them, its events, the Campaign points after it), who won, one file a
// player wrote, and where the full reports are (out: the folder --out
// kept, or "" when the copy was temporary). Read from the reports the run
// wrote, so it says what they say.
func demoSummary(w io.Writer, f *folder.Folder, sum *phase.Summary, now time.Time, out string) error {
	c := f.Campaign
	var alliances []string
	for _, a := range c.Alliances {
		alliances = append(alliances, fmt.Sprintf("%s (%s)", a.Name, a.ID))
	}
	fmt.Fprintf(w, "%s: the example campaign that comes with Warmaster, played at %s.\n", c.Name, c.When(now))
	fmt.Fprintf(w, "%d Alliances — %s — %d players and %d phases; every file its players wrote is in it: %d steps were applied.\n",
		len(c.Alliances), strings.Join(alliances[:len(alliances)-1], ", ")+" and "+alliances[len(alliances)-1], len(c.Players), c.Phases, len(sum.Applied))
	var reports []string
	for _, p := range sum.Written {
		if strings.HasSuffix(p, "/report.md") {
			reports = append(reports, p)
		}
	}
	for _, p := range reports {
		data, err := f.ReadFile(p)
		if err != nil {
			return fmt.Errorf("demo: %w", err)
		}
		fmt.Fprintln(w)
		demoPhase(w, path.Base(path.Dir(p)), data)
	}
	readme, err := f.ReadFile(processor.ReadmeFile)
	if err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	fmt.Fprintln(w)
	standing, medals := demoStanding(readme)
	fmt.Fprintln(w, standing)
	if len(medals) > 0 {
		fmt.Fprintf(w, "Campaign Medals: %s.\n", strings.Join(medals, "; "))
	}
	example, err := f.ReadFile(demoExample)
	if err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	fmt.Fprintf(w, "\nA file a player wrote: %s, carol's orders for phase 1 (each player commits such a file, in GitHub's web editor or any text editor):\n\n", demoExample)
	for line := range strings.Lines(string(example)) {
		fmt.Fprintf(w, "    %s", line)
	}
	fmt.Fprintln(w)
	if out == "" {
		fmt.Fprintln(w, "The full reports, every roll of the dice with them: warmaster demo --reports; or keep the played campaign with warmaster demo --out DIR, and read DIR/README.md and DIR/phases/NN/report.md.")
		return nil
	}
	shown := filepath.ToSlash(out)
	files := []string{path.Join(shown, processor.ReadmeFile)}
	for _, p := range reports {
		files = append(files, path.Join(shown, p))
	}
	fmt.Fprintf(w, "The full reports are in %s: %s.\n", shown, strings.Join(files, ", "))
	// Played at now, which may be ahead of the clock: check, status and
	// plan judge as advance would at their time, and refuse a journal
	// with steps after it.
	at := now.UTC().Format(time.RFC3339)
	fmt.Fprintf(w, "It was played as at %s: look at it at that time, e.g. warmaster status --now %s %s (check and plan take --now too).\n", at, at, shown)
	return nil
}

var (
	demoBattle = regexp.MustCompile(`^### \d+\. (.+)$`)
	demoEvent  = regexp.MustCompile(`^### Event \d+: (.+)$`)
	demoRow    = regexp.MustCompile(`^\| ([^|]+?) +\| ([^|]+?) +\|`)
)

// demoPhase prints a phase report in a few lines.
func demoPhase(w io.Writer, nn string, report []byte) {
	var battles, events, points []string
	section, sub := "", ""
	processed := false // the report has 2.4 Process Battle Results
	sc := bufio.NewScanner(bytes.NewReader(report))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "## "):
			section, sub = line, ""
			processed = processed || strings.HasPrefix(line, "## 2.4 ")
			continue
		case strings.HasPrefix(line, "### "):
			sub = line
		}
		switch {
		case strings.HasPrefix(section, "## 2.4 "):
			if m := demoBattle.FindStringSubmatch(line); m != nil {
				battles = append(battles, m[1])
			}
		case strings.HasPrefix(section, "## 3 Results"):
			if m := demoEvent.FindStringSubmatch(line); m != nil {
				events = append(events, m[1])
			}
		case section == "## Where things stand" && sub == "### Points Tracker":
			if m := demoRow.FindStringSubmatch(line); m != nil && m[1] != "alliance" && !strings.HasPrefix(m[1], ":") {
				points = append(points, m[1]+" "+m[2])
			}
		}
	}
	count := demoCount(len(battles))
	if !processed {
		count = "its battles are still being played"
	}
	fmt.Fprintf(w, "Phase %s: %s\n", strings.TrimLeft(nn, "0"), count)
	for _, b := range battles {
		fmt.Fprintf(w, "  %s\n", b)
	}
	for _, e := range events {
		fmt.Fprintf(w, "  Event: %s\n", e)
	}
	if len(points) > 0 && processed {
		fmt.Fprintf(w, "  Campaign points: %s\n", strings.Join(points, ", "))
	}
}

func demoCount(n int) string {
	switch n {
	case 0:
		return "no battle"
	case 1:
		return "1 battle"
	}
	return fmt.Sprintf("%d battles", n)
}

// demoStanding is the README's first line on where things stand, and its
// Campaign Medals: "Laurel of Victory: Nekrosor Dynasty (red), carol, dave".
func demoStanding(readme []byte) (string, []string) {
	var standing string
	var medals []string
	section, sub := "", ""
	sc := bufio.NewScanner(bytes.NewReader(readme))
	sc.Buffer(nil, 1<<20)
	plain := strings.NewReplacer("**", "", "`", "")
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "## "):
			section, sub = line, ""
			continue
		case strings.HasPrefix(line, "### "):
			sub = line
			continue
		}
		if section != "## Where things stand" {
			continue
		}
		switch {
		case sub == "" && standing == "" && strings.TrimSpace(line) != "" && !strings.HasPrefix(line, "|"):
			standing = plain.Replace(line)
		case sub == "### Campaign Medals":
			cells := strings.Split(line, "|")
			if len(cells) < 5 || strings.TrimSpace(cells[1]) == "medal" || strings.HasPrefix(strings.TrimSpace(cells[1]), ":") {
				continue
			}
			medals = append(medals, fmt.Sprintf("%s — %s: %s", strings.TrimSpace(cells[1]), strings.TrimSpace(cells[2]), strings.TrimSpace(cells[3])))
		}
	}
	return standing, medals
}

// demoReports prints every phase report the run wrote, then the README:
// what `warmaster demo --reports` prints.
func demoReports(w io.Writer, f *folder.Folder, sum *phase.Summary) error {
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
