package repotemplate

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/warmaster/warmaster/campaigns"
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/phase"
	"github.com/warmaster/warmaster/processor/simulate"
	"github.com/warmaster/warmaster/schema"
	"github.com/warmaster/warmaster/schema/clients"
)

// offline is how to run a command with no network: in a network namespace
// of its own where the machine allows one (root in CI), else as it is —
// TestTaploConfig holds .taplo.toml to local schema files either way.
func offline(t *testing.T, name string, args ...string) (string, []string) {
	t.Helper()
	if err := exec.Command("unshare", "--net", "true").Run(); err != nil {
		t.Logf("no network namespace (%v): taplo runs with the network as it is", err)
		return name, args
	}
	return "unshare", append([]string{"--net", name}, args...)
}

// taploPath is the file a Taplo log line names.
var taploPath = regexp.MustCompile(`path="([^"]+)"`)

// longArray is an indented array longer than a line (Taplo's column width is 80).
var longArray = regexp.MustCompile(`(?m)^ +\w+ = \[.{80,}\]$`)

// taploFiles are the files the lines of a Taplo log holding what name,
// relative to dir.
func taploFiles(t *testing.T, dir, log, what string) []string {
	t.Helper()
	var out []string
	for _, line := range strings.Split(log, "\n") {
		if !strings.Contains(line, what) {
			continue
		}
		m := taploPath.FindStringSubmatch(line)
		if m == nil {
			t.Errorf("no path in %q", line)
			continue
		}
		rel, err := filepath.Rel(dir, m[1])
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, filepath.ToSlash(rel))
	}
	slices.Sort(out)
	return out
}

// TestTaplo runs Taplo, as a player's editor would, over a repository as
// init-repo writes it, holding the example campaign played to its end, a
// new campaign.toml as `warmaster init` writes it, and a big simulated
// campaign (long arrays) deeper in: `taplo lint` validates every file
// against schemas/, with no network, and finds exactly the one faulty file
// of each kind planted beside them, and those breaking a requirement that
// holds only in some cases; `taplo fmt --check` leaves what
// Warmaster wrote as it is, finds the one state.toml laid out otherwise,
// and does not fail on what people wrote.
func TestTaplo(t *testing.T) {
	t.Parallel() // Taplo mostly waits on its own start: let the git tests run meanwhile
	bin := clients.Taplo(t)
	dir := t.TempDir()
	writeTemplate(t, dir, Options{Warmasters: []string{"alice"}})

	played := filepath.Join(dir, "campaigns", "spring")
	if err := campaigns.CopyTo(campaigns.Example, played); err != nil {
		t.Fatal(err)
	}
	if _, err := phase.Advance(played, phase.Options{Now: time.Date(2027, 6, 10, 12, 0, 0, 0, time.UTC)}); err != nil {
		t.Fatal(err)
	}
	// A campaign.toml as `warmaster init` writes it, for the Warmaster to
	// fill in.
	starter, err := processor.StarterCampaign(3, 2)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "campaigns", "new", "campaign.toml"), string(starter))
	big := filepath.Join(dir, "leagues", "2027", "big")
	if err := simulate.Run(big, simulate.Params{Seed: "taplo", Alliances: 2, Players: 24, Fleets: 30, Phases: 2}, nil, nil); err != nil {
		t.Fatal(err)
	}

	// One faulty file of each kind: a key no schema has.
	var faulty []string
	for _, k := range schema.Kinds() {
		rel := map[schema.Kind]string{
			schema.Campaign: "campaign.toml", schema.Map: "map.toml", schema.Setup: "setup/red.toml",
			schema.Orders: "phases/01/orders/mallory.toml", schema.Results: "phases/01/results/red-9.toml",
			schema.Moves: "phases/01/moves/mallory.toml", schema.Builds: "phases/01/builds/red.toml",
			schema.Events: "phases/01/events/red.toml", schema.Tiebreak: "phases/03/tiebreak.toml", schema.Engine: "engines/titan.toml",
			schema.Confirmations: "phases/01/confirmations/red-9.toml", schema.Rulings: "phases/01/rulings/red-9.toml",
		}[k]
		if rel == "" {
			t.Fatalf("no faulty file for the kind %s: add one", k)
		}
		f := "campaigns/faulty/" + rel
		writeFile(t, filepath.Join(dir, filepath.FromSlash(f)), fmt.Sprintf("not_a_%s_key = 1\n", k))
		faulty = append(faulty, f)
	}
	// And files that break a requirement holding only in some cases (the
	// schemas' if/then): editors flag them too.
	for _, c := range [][2]string{
		{"phases/01/orders/oscar.toml", "[[operations]]\nfleet = \"red-9\"\noperation = \"battle\"\n"},
		{"phases/01/results/red-8.toml", "winner = \"draw\"\ntwist = 3\n"},
		{"phases/01/builds/blue.toml", "planet = \"nor\"\n"},
	} {
		f := "campaigns/faulty/" + c[0]
		writeFile(t, filepath.Join(dir, filepath.FromSlash(f)), c[1])
		faulty = append(faulty, f)
	}
	slices.Sort(faulty)

	name, args := offline(t, bin, "lint")
	res := run(t, os.Environ(), dir, name, args...)
	if got := taploFiles(t, dir, res.out, "invalid file error="); res.code == 0 || !slices.Equal(got, faulty) {
		t.Errorf("taplo lint: exit %d, invalid files:\n%q\nwant exactly:\n%q\n%s", res.code, got, faulty, res.out)
	}

	// What Warmaster wrote, and a state.toml laid out otherwise.
	var written []string
	for _, c := range []string{played, big} {
		for _, glob := range []string{"state.toml", "journal.toml", "phases/*/battles/*.toml"} {
			m, err := filepath.Glob(filepath.Join(c, glob))
			if err != nil || len(m) == 0 {
				t.Fatalf("%s in %s: %v", glob, c, err)
			}
			written = append(written, m...)
		}
	}
	if !slices.ContainsFunc(written, func(p string) bool {
		data, _ := os.ReadFile(p)
		return longArray.Match(data)
	}) {
		t.Error("no file Warmaster wrote has an array longer than a line: the big campaign is not big enough")
	}
	control := "campaigns/control/state.toml"
	writeFile(t, filepath.Join(dir, control), regexp.MustCompile(`(?m)^ +`).ReplaceAllString(readFile(t, filepath.Join(played, "state.toml")), ""))
	// People's files, laid out by hand (long lines ending in comments
	// among them): Taplo may reformat them, and must not fail on them.
	people := []string{filepath.Join(dir, "campaigns", "new", "campaign.toml")}
	err = filepath.WalkDir(played, func(p string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".toml") && !slices.Contains(written, p) {
			people = append(people, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	name, args = offline(t, bin, append(append([]string{"fmt", "--check", control}, written...), people...)...)
	res = run(t, os.Environ(), dir, name, args...)
	var got []string
	for _, f := range taploFiles(t, dir, res.out, "the file is not properly formatted") {
		if !slices.Contains(people, filepath.Join(dir, filepath.FromSlash(f))) {
			got = append(got, f)
		}
	}
	if res.code == 0 || !slices.Equal(got, []string{control}) || strings.Contains(res.out, "panicked") {
		t.Errorf("taplo fmt --check over %d files Warmaster wrote and %d people wrote: exit %d, not formatted:\n%q\nwant exactly %s among the former\n%s",
			len(written), len(people), res.code, got, control, res.out)
	}
}
