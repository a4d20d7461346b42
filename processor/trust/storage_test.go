package trust

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/warmaster/warmaster/campaigns"
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/internal/testkit"
	"github.com/warmaster/warmaster/processor/phase"
	"github.com/warmaster/warmaster/schema"
)

// example is a copy of the bundled example campaign.
func example(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "c")
	if err := campaigns.CopyTo(campaigns.Example, dir); err != nil {
		t.Fatal(err)
	}
	return dir
}

// files is every file under dir, hidden ones too, with its content.
func files(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Type()&fs.ModeSymlink != 0 {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func unchanged(t *testing.T, what string, before, after map[string]string) {
	t.Helper()
	for p, s := range after {
		if b, ok := before[p]; !ok || b != s {
			t.Errorf("%s: %s was written", what, p)
		}
	}
	for p := range before {
		if _, ok := after[p]; !ok {
			t.Errorf("%s: %s was removed", what, p)
		}
	}
}

func link(t *testing.T, target, name string) {
	t.Helper()
	if err := os.Symlink(target, name); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
}

// The attacks of a player who commits symbolic links: nothing outside the
// campaign folder is read (its content never shows) or written, and the
// link is named.
func TestSymlinkAttacks(t *testing.T) {
	now := time.Date(2027, 2, 10, 0, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		name, fault string
		attack      func(t *testing.T, dir, outside string)
	}{
		{"ErrOrdersOutside", "phases/02/orders/zed.toml: a symbolic link", func(t *testing.T, dir, outside string) {
			link(t, filepath.Join(outside, "secret.toml"), filepath.Join(dir, "phases/02/orders/zed.toml"))
		}},
		{"ErrOrdersReplaced", "phases/02/orders/bob.toml: a symbolic link", func(t *testing.T, dir, outside string) {
			os.Remove(filepath.Join(dir, "phases/02/orders/bob.toml"))
			link(t, filepath.Join(outside, "secret.toml"), filepath.Join(dir, "phases/02/orders/bob.toml"))
		}},
		{"ErrPhasesElsewhere", "phases: a symbolic link", func(t *testing.T, dir, outside string) {
			if err := os.Rename(filepath.Join(dir, "phases"), filepath.Join(outside, "phases")); err != nil {
				t.Fatal(err)
			}
			link(t, "../outside/phases", filepath.Join(dir, "phases"))
		}},
		{"ErrCampaignLinked", "campaign.toml: a symbolic link", func(t *testing.T, dir, outside string) {
			if err := os.Rename(filepath.Join(dir, processor.CampaignFile), filepath.Join(outside, processor.CampaignFile)); err != nil {
				t.Fatal(err)
			}
			link(t, filepath.Join(outside, processor.CampaignFile), filepath.Join(dir, processor.CampaignFile))
		}},
		{"ErrStateLinkedInside", "state.toml: a symbolic link", func(t *testing.T, dir, outside string) {
			link(t, "map.toml", filepath.Join(dir, processor.StateFile))
		}},
		{"ErrOldTempLinked", ".warmaster-state.toml.tmp: a symbolic link", func(t *testing.T, dir, outside string) {
			link(t, filepath.Join(outside, "victim"), filepath.Join(dir, ".warmaster-state.toml.tmp"))
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			parent := t.TempDir()
			dir, outside := filepath.Join(parent, "c"), filepath.Join(parent, "outside")
			if err := campaigns.CopyTo(campaigns.Example, dir); err != nil {
				t.Fatal(err)
			}
			testkit.WriteFile(t, outside, "secret.toml", []byte("[[operations]]\nfleet = \"TOPSECRET\"\n"))
			testkit.WriteFile(t, outside, "victim", []byte("untouched"))
			c.attack(t, dir, outside)
			before, outBefore := files(t, dir), files(t, outside)
			_, cerr := phase.Check(dir, phase.Options{Now: now})
			_, aerr := phase.Advance(dir, phase.Options{Now: now})
			for _, err := range []error{cerr, aerr} {
				var inv *processor.InvalidError
				if !errors.As(err, &inv) || !mentions(err, c.fault) {
					t.Errorf("got %v, want the fault %q", err, c.fault)
				}
				if mentions(err, "TOPSECRET") {
					t.Errorf("the content outside shows: %v", err)
				}
			}
			unchanged(t, "the campaign folder", before, files(t, dir))
			unchanged(t, "outside", outBefore, files(t, outside))
		})
	}
	// What a killed run of Warmaster leaves in .warmaster/ is its own, and
	// links a player put there lead nowhere.
	t.Run("OKTempLinksPlaced", func(t *testing.T) {
		parent := t.TempDir()
		dir, outside := filepath.Join(parent, "c"), filepath.Join(parent, "outside")
		if err := campaigns.CopyTo(campaigns.Example, dir); err != nil {
			t.Fatal(err)
		}
		testkit.WriteFile(t, outside, "victim", []byte("untouched"))
		if err := os.MkdirAll(filepath.Join(dir, ".warmaster/new"), 0o755); err != nil {
			t.Fatal(err)
		}
		for i := range 40 {
			link(t, filepath.Join(outside, "victim"), filepath.Join(dir, ".warmaster/new", itoa(i)))
		}
		link(t, filepath.Join(outside, "victim"), filepath.Join(dir, ".warmaster/commit.new"))
		if _, err := phase.Advance(dir, phase.Options{Now: now}); err != nil {
			t.Fatal(err)
		}
		unchanged(t, "outside", map[string]string{"victim": "untouched"}, files(t, outside))
		if _, err := os.Lstat(filepath.Join(dir, ".warmaster")); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf(".warmaster/ is left: %v", err)
		}
	})
}

// A run writing a folder holds it: another advance is refused with a
// clear message, and writes nothing.
func TestOneWriter(t *testing.T) {
	dir := example(t)
	e, err := phase.OpenEdit(dir)
	if err != nil {
		t.Fatal(err)
	}
	before := files(t, dir)
	_, err = phase.Advance(dir, phase.Options{Now: time.Date(2027, 2, 10, 0, 0, 0, 0, time.UTC)})
	if !mentions(err, "is in use: another warmaster run (advance, seal or draft --write) is writing it; nothing was written") {
		t.Errorf("advance while the folder is held: %v", err)
	}
	unchanged(t, "the folder", before, files(t, dir))
	e.Close()
	if _, err := phase.Advance(dir, phase.Options{Now: time.Date(2027, 2, 10, 0, 0, 0, 0, time.UTC)}); err != nil {
		t.Errorf("advance once it is free: %v", err)
	}
}

// Replay takes journal.toml as hostile: a path that leaves the campaign
// folder is a fault, and nothing is read from it.
func TestReplayJournalPaths(t *testing.T) {
	for _, c := range []struct{ name, path, why string }{
		{"ErrUp", "../outside/secret.toml", `goes up a folder ("..")`},
		{"ErrUpInside", "phases/01/../../../outside/secret.toml", `goes up a folder ("..")`},
		{"ErrAbsolute", "/etc/passwd", "is an absolute path"},
		{"ErrNotInput", "state.toml", "is not an input file"},
		{"ErrName", "phases/01/orders/-x.toml", `starts with "-"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := playedExample(t, phase.Options{})
			testkit.WriteFile(t, filepath.Join(dir, "..", "outside"), "secret.toml", []byte("TOPSECRET"))
			// One more input in the journal, where bob's orders are.
			edit(t, dir, processor.JournalFile, `    path = "phases/01/orders/bob.toml"`, `    path = "`+c.path+`"
    sha256 = "0000"

  [[steps.inputs]]
    path = "phases/01/orders/bob.toml"`)
			_, err := Replay(dir, phase.Options{})
			var inv *processor.InvalidError
			if !errors.As(err, &inv) || !mentions(err, "journal.toml:") || !mentions(err, c.path) || !mentions(err, c.why) {
				t.Fatalf("got %v, want journal.toml's %q refused: %s", err, c.path, c.why)
			}
			if inv.Faults[0].Line == 0 {
				t.Errorf("the fault has no line: %v", inv.Faults[0])
			}
			if mentions(err, "TOPSECRET") || mentions(err, "root:") {
				t.Errorf("replay read the file: %v", err)
			}
		})
	}
}

// The Warmaster may move the deadline of a step not processed yet: the
// README and reports the last run wrote then say the old one, and replay
// does not call that a hand edit. Anything else edited still is.
func TestReplayMovedDeadline(t *testing.T) {
	for _, c := range []struct {
		name  string
		edits []string // old, new, ...
	}{
		{"OKLater", []string{"battles = 2027-04-01T18:00:00Z", "battles = 2027-04-01T20:30:00Z"}},
		// Earlier than the last run (2027-02-10), which applied phase 2's
		// operations: the replay of that run still applies only the steps
		// it applied, not the battles too.
		{"OKBeforeTheLastRun", []string{"operations = 2027-03-01T18:00:00Z", "operations = 2027-02-01T18:00:00Z", "battles = 2027-04-01T18:00:00Z", "battles = 2027-02-05T18:00:00Z"}},
		{"OKNone", []string{"battles = 2027-04-01T18:00:00Z\n", ""}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := playedExample(t, phase.Options{})
			for i := 0; i < len(c.edits); i += 2 {
				edit(t, dir, processor.CampaignFile, c.edits[i], c.edits[i+1])
			}
			if _, err := Replay(dir, phase.Options{}); err != nil {
				t.Fatalf("replay after moving phase 2's battles deadline: %v", err)
			}
		})
	}
	t.Run("OKEvents", func(t *testing.T) {
		dir := example(t)
		for _, p := range []string{"phases/01/events", "phases/01/moves", "phases/01/builds", "phases/02", "phases/03"} {
			if err := os.RemoveAll(filepath.Join(dir, p)); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := phase.Advance(dir, phase.Options{Now: time.Date(2027, 1, 20, 0, 0, 0, 0, time.UTC)}); err != nil {
			t.Fatal(err)
		}
		report, _ := os.ReadFile(filepath.Join(dir, "phases/01/report.md"))
		if !strings.Contains(string(report), "(deadline 2027-02-02 18:00 UTC; past it the defaults apply)") {
			t.Fatalf("the report does not say when the events' choices are due:\n%s", report)
		}
		edit(t, dir, processor.CampaignFile, "events = 2027-02-02T18:00:00Z", "events = 2027-02-04T09:00:00Z")
		if _, err := Replay(dir, phase.Options{}); err != nil {
			t.Fatalf("replay after moving phase 1's events deadline: %v", err)
		}
	})
	t.Run("OKGitHub", func(t *testing.T) {
		// The README's links to GitHub's editor carry drafts, which say
		// the deadline: a moved one changes the links.
		dir := playedExampleGitHub(t)
		edit(t, dir, processor.CampaignFile, "battles = 2027-04-01T18:00:00Z", "battles = 2027-04-01T20:30:00Z")
		if _, err := Replay(dir, phase.Options{}); err != nil {
			t.Fatalf("replay after moving phase 2's battles deadline: %v", err)
		}
	})
	for _, c := range []struct{ name, file, old, new string }{
		{"ErrOtherEdited", processor.ReadmeFile, "Phase 2 of 3", "Phase 3 of 3"},
		{"ErrPlayedEdited", "phases/01/report.md", "2027-01-15 19:30 UTC", "2027-01-16 19:30 UTC"},
		// A deadline in the awaited table edited to another of the
		// campaign's deadlines, or to one it does not have: the journal
		// says which the run saw, and nothing is masked.
		{"ErrDeadlineEdited", processor.ReadmeFile, "| 2027-04-01 18:00 UTC |", "| 2027-03-25 18:00 UTC |"},
		{"ErrDeadlineEditedToAnother", processor.ReadmeFile, "| 2027-04-01 18:00 UTC |", "| 2027-04-07 18:00 UTC |"},
		{"ErrDeadlineEditedToMoved", processor.ReadmeFile, "| 2027-04-01 18:00 UTC |", "| 2027-04-01 20:30 UTC |"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := playedExample(t, phase.Options{})
			edit(t, dir, processor.CampaignFile, "battles = 2027-04-01T18:00:00Z", "battles = 2027-04-01T20:30:00Z")
			edit(t, dir, c.file, c.old, c.new)
			if _, err := Replay(dir, phase.Options{}); !mentions(err, c.file) {
				t.Fatalf("replay after editing %s: %v", c.file, err)
			}
		})
	}
}

// gitHubTable is a [github] table for the example campaign.
const gitHubTable = "\n[github]\nrepository = \"our-club/vespator\"\npath = \"campaigns/c\"\n"

// playedExampleGitHub is playedExample with [github] from the start: its
// README links each awaited file to GitHub's editor.
func playedExampleGitHub(t *testing.T) string {
	t.Helper()
	dir := example(t)
	testkit.AppendFile(t, dir, processor.CampaignFile, gitHubTable)
	playExample(t, dir, phase.Options{})
	readme := string(testkit.ReadFile(t, dir, processor.ReadmeFile))
	// red-2's result is not in: a new file with its draft (and the edit
	// link for once it is); blue-2's is: only the edit link, as a new file
	// of that name would clash.
	for _, want := range []string{
		"| phases/02/results/red-2.toml   | dave (attacker) or alliance green; the other side confirms | 2027-04-01 18:00 UTC | [new][new-3] · [edit][edit-3] |",
		"\n[new-3]: https://github.com/our-club/vespator/new/main/campaigns/c/phases/02/results?filename=red-2.toml&value=",
		"\n[edit-3]: https://github.com/our-club/vespator/edit/main/campaigns/c/phases/02/results/red-2.toml\n",
		"| phases/02/results/blue-2.toml  | bob (attacker) or alliance green; the other side confirms  | 2027-04-01 18:00 UTC | [edit][edit-1]                |",
		"\n[edit-1]: https://github.com/our-club/vespator/edit/main/campaigns/c/phases/02/results/blue-2.toml\n",
	} {
		if !strings.Contains(readme, want) {
			t.Fatalf("the README has no %q:\n%s", want, readme)
		}
	}
	if strings.Contains(readme, "[new-1]") {
		t.Fatalf("the README links blue-2's result, which is in, as a new file:\n%s", readme)
	}
	return dir
}

// The Warmaster may add [github] once the campaign has begun: the README
// the last run wrote has no links to GitHub's editor, its replay has, and
// replay does not call that a hand edit (the journal says what the run
// saw); nor a [github] changed since. A link edited by hand, or added
// without [github], still is.
func TestReplayGitHubAdded(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		dir := playedExample(t, phase.Options{})
		testkit.AppendFile(t, dir, processor.CampaignFile, gitHubTable)
		if _, err := Replay(dir, phase.Options{}); err != nil {
			t.Fatalf("replay after adding [github]: %v", err)
		}
	})
	t.Run("OKGitHubChanged", func(t *testing.T) {
		dir := playedExampleGitHub(t)
		edit(t, dir, processor.CampaignFile, `repository = "our-club/vespator"`, `repository = "our-club/front"`)
		if _, err := Replay(dir, phase.Options{}); err != nil {
			t.Fatalf("replay after renaming the repository: %v", err)
		}
	})
	t.Run("OKDeadlineMoved", func(t *testing.T) {
		dir := playedExample(t, phase.Options{})
		testkit.AppendFile(t, dir, processor.CampaignFile, gitHubTable)
		edit(t, dir, processor.CampaignFile, "battles = 2027-04-01T18:00:00Z", "battles = 2027-04-01T20:30:00Z")
		if _, err := Replay(dir, phase.Options{}); err != nil {
			t.Fatalf("replay after adding [github] and moving a deadline: %v", err)
		}
	})
	for _, c := range []struct {
		name   string
		github bool // [github] from the start
		edits  []string
	}{
		// An attacker's link, in place of the editor's.
		{"ErrLinkEdited", true, []string{"[edit-1]: https://github.com/our-club/", "[edit-1]: https://github.com/evil-club/"}},
		// A new file's link taken away from a file that is not in: only a
		// file in the folder when the README was written goes without.
		{"ErrNewLinkDropped", true, []string{"[new][new-3] · [edit][edit-3]", "[edit][edit-3]"}},
		// A draft that says something else, with a deadline moved to hide it.
		{"ErrDraftEdited", true, []string{"value=%23%20Result%20of", "value=%23%20Resolt%20of", "battles = 2027-04-01T18:00:00Z", "battles = 2027-04-01T20:30:00Z"}},
		// Links nobody asked for.
		{"ErrLinksWithoutGitHub", false, []string{"\n### Points Tracker", "\n[edit-1]: https://github.com/evil-club/x/edit/main/a.toml\n\n### Points Tracker"}},
		// The README's repository edited to another.
		{"ErrGitHubEdited", true, []string{"https://github.com/our-club/vespator/edit/", "https://github.com/our-club/front/edit/"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := playedExample(t, phase.Options{})
			if c.github {
				dir = playedExampleGitHub(t)
			}
			for i := 0; i < len(c.edits); i += 2 {
				file := processor.ReadmeFile
				if strings.Contains(c.edits[i], " = ") {
					file = processor.CampaignFile
				}
				edit(t, dir, file, c.edits[i], c.edits[i+1])
			}
			if _, err := Replay(dir, phase.Options{}); !mentions(err, processor.ReadmeFile+":") {
				t.Fatalf("replay: %v, want a fault of %s", err, processor.ReadmeFile)
			}
		})
	}
}

// Replay is exact: every file Warmaster wrote is compared byte for byte
// with the replay, the run's deadlines and [github] as the journal
// recorded them (issue: a deadline edited by hand in the README passed
// when replay masked deadlines). Each edit is caught, with its line.
func TestReplayExact(t *testing.T) {
	for _, c := range []struct{ name, file, old, new string }{
		{"README deadline", processor.ReadmeFile, "| 2027-04-01 18:00 UTC |", "| 2027-03-25 18:00 UTC |"},
		{"report die", "phases/01/report.md", "| D3   | 3      |", "| D3   | 1      |"},
		{"report deadline", "phases/01/report.md", "2027-02-02 18:00 UTC", "2027-02-03 18:00 UTC"},
		{"link", processor.ReadmeFile, "https://github.com/our-club/vespator/edit/main/campaigns/c/phases/02/results/blue-2.toml", "https://github.com/our-club/vespator/edit/main/campaigns/c/phases/02/results/blue-3.toml"},
		{"padding", processor.ReadmeFile, "| [edit][edit-1]                |", "| [edit][edit-1] |"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := playedExampleGitHub(t)
			edit(t, dir, c.file, c.old, c.new)
			_, err := Replay(dir, phase.Options{})
			var inv *processor.InvalidError
			if !errors.As(err, &inv) || inv.Faults[0].File != c.file || inv.Faults[0].Line == 0 {
				t.Fatalf("replay after editing %s: %v, want a fault at a line of %s", c.name, err, c.file)
			}
		})
	}
	// The honest case, the same campaign: what moved in campaign.toml since
	// the last run is what that run did not see.
	dir := playedExampleGitHub(t)
	edit(t, dir, processor.CampaignFile, "battles = 2027-04-01T18:00:00Z", "battles = 2027-03-25T18:00:00Z")
	edit(t, dir, processor.CampaignFile, `repository = "our-club/vespator"`, `repository = "our-club/front"`)
	if _, err := Replay(dir, phase.Options{}); err != nil {
		t.Fatalf("replay after moving a deadline and renaming the repository: %v", err)
	}
}

// A journal written before runs recorded what they saw (no warmaster, no
// format, no saw) replays as it did then: its state and journal as they
// were written, its Markdown with deadlines moved since masked.
func TestReplayLegacyJournal(t *testing.T) {
	dir := playedExample(t, phase.Options{})
	// The journal and state as a warmaster before formats wrote them.
	j := string(testkit.ReadFile(t, dir, processor.JournalFile))
	var kept []string
	for _, l := range strings.Split(j, "\n") {
		if strings.HasPrefix(l, "  format = ") || strings.HasPrefix(l, "  warmaster = ") || strings.HasPrefix(l, "  saw = ") || strings.HasPrefix(l, "  used = ") {
			continue
		}
		kept = append(kept, l)
	}
	testkit.WriteFile(t, dir, processor.JournalFile, []byte(strings.Join(kept, "\n")))
	edit(t, dir, processor.StateFile, "format = 2\n", "")
	// Nor did its README link the players' card.
	readme := string(testkit.ReadFile(t, dir, processor.ReadmeFile))
	at := strings.Index(readme, "**Playing?**")
	n := strings.Index(readme[at:], "\n\n")
	testkit.WriteFile(t, dir, processor.ReadmeFile, []byte(readme[:at]+readme[at+n+2:]))
	if _, err := Replay(dir, phase.Options{}); err != nil {
		t.Fatalf("replay of a legacy journal: %v", err)
	}
	edit(t, dir, processor.CampaignFile, "battles = 2027-04-01T18:00:00Z", "battles = 2027-04-01T20:30:00Z")
	if _, err := Replay(dir, phase.Options{}); err != nil {
		t.Fatalf("replay of a legacy journal after moving a deadline: %v", err)
	}
	edit(t, dir, processor.ReadmeFile, "Phase 2 of 3", "Phase 3 of 3")
	if _, err := Replay(dir, phase.Options{}); !mentions(err, processor.ReadmeFile) {
		t.Fatalf("replay of a legacy journal after a hand edit: %v", err)
	}
}

// What a step used never changes, for anyone: advance (and every command
// that loads the campaign) refuses a campaign whose dice, rules, map or
// applied phase's forced events differ from what the journal's last run
// recorded, and writes nothing. Issue: swapping the [dice] commitment
// mid-campaign was accepted by advance, and verify then failed for ever.
func TestUsedPartsNeverChange(t *testing.T) {
	for _, c := range []struct{ name, file, old, new, part string }{
		{"dice", processor.CampaignFile, `seed = "vespator-front-example"`, `seed = "a-luckier-seed"`, "[dice]"},
		{"rules", processor.CampaignFile, "orbital_invasion_defender_power = false", "orbital_invasion_defender_power = true", "[rules]"},
		{"forced events", processor.CampaignFile, `event = "lull-in-the-fighting"`, `event = "stellar-storms"`, "phase 1's [[forced_events]]"},
		{"map", processor.MapFile, "[[planets]]\n", "[[planets]]\n# a comment is no change\n", ""},
		{"map name", processor.MapFile, `name = "Norallus"`, `name = "Norallus Prime"`, "map.toml"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := playedExample(t, phase.Options{})
			before := testkit.ReadFile(t, dir, processor.StateFile)
			edit(t, dir, c.file, c.old, c.new)
			_, err := phase.Advance(dir, phase.Options{Now: time.Date(2027, 6, 10, 0, 0, 0, 0, time.UTC)})
			if c.part == "" {
				if err != nil {
					t.Fatalf("advance after a comment in %s: %v", c.file, err)
				}
				return
			}
			if !mentions(err, c.file) || !mentions(err, c.part+" changed after the steps applied so far used it") {
				t.Fatalf("advance after changing %s: %v", c.part, err)
			}
			if !bytes.Equal(before, testkit.ReadFile(t, dir, processor.StateFile)) {
				t.Fatal("advance wrote the state")
			}
		})
	}
	// A phase whose events are still to come (phase 2: its battles wait)
	// may still be forced otherwise.
	dir := playedExample(t, phase.Options{})
	edit(t, dir, processor.CampaignFile, `event = "sinister-omens"`, `event = "stellar-storms"`)
	if _, err := phase.Advance(dir, phase.Options{Now: time.Date(2027, 6, 10, 0, 0, 0, 0, time.UTC)}); err != nil {
		t.Fatalf("advance after changing phase 2's forced events: %v", err)
	}
}

// State and journal carry a format: a file of a later format than this
// warmaster reads is refused, naming the version that wrote it, and
// nothing of it is judged otherwise.
func TestLaterFormatRefused(t *testing.T) {
	t.Run("journal", func(t *testing.T) {
		dir := playedExample(t, phase.Options{})
		j := string(testkit.ReadFile(t, dir, processor.JournalFile))
		i := strings.LastIndex(j, "  format = 2\n  warmaster = \"(devel)\"\n")
		testkit.WriteFile(t, dir, processor.JournalFile, []byte(j[:i]+"  format = 3\n  warmaster = \"v9.0.0\"\n  weather = \"fine\"\n"+j[i+len("  format = 2\n  warmaster = \"(devel)\"\n"):]))
		_, err := phase.Check(dir, phase.Options{Now: time.Date(2027, 2, 11, 0, 0, 0, 0, time.UTC)})
		if !mentions(err, "journal format 3 by warmaster v9.0.0; this warmaster reads formats up to 2: run warmaster v9.0.0 or a later one") {
			t.Fatalf("check of a later journal: %v", err)
		}
		var inv *processor.InvalidError
		if errors.As(err, &inv) && len(inv.Faults) != 1 {
			t.Fatalf("check of a later journal: %d faults, want the one: %v", len(inv.Faults), err)
		}
	})
	t.Run("state", func(t *testing.T) {
		dir := playedExample(t, phase.Options{})
		edit(t, dir, processor.StateFile, "format = 2\n", "format = 3\nweather = \"fine\"\n")
		_, err := phase.Check(dir, phase.Options{Now: time.Date(2027, 2, 11, 0, 0, 0, 0, time.UTC)})
		if !mentions(err, "state.toml is in state format 3, which a later warmaster writes; this one reads formats up to 2") {
			t.Fatalf("check of a later state: %v", err)
		}
	})
}

// The club's time zone, once a step used it, never changes: every time the
// reports show, and each played without a zone, is read in it.
func TestUsedTimeZone(t *testing.T) {
	dir := example(t)
	edit(t, dir, processor.CampaignFile, "phases = 3\n", "phases = 3\ntime_zone = \"Europe/London\"\n")
	playExample(t, dir, phase.Options{})
	edit(t, dir, processor.CampaignFile, `time_zone = "Europe/London"`, `time_zone = "Europe/Berlin"`)
	if _, err := phase.Advance(dir, phase.Options{Now: time.Date(2027, 6, 10, 0, 0, 0, 0, time.UTC)}); !mentions(err, "time_zone changed after the steps applied so far used it") {
		t.Fatalf("advance after changing the time zone: %v", err)
	}
	// Added, or taken out, once steps were played without it, or by it:
	// every time the reports already show would be read in another zone.
	now := time.Date(2027, 6, 10, 0, 0, 0, 0, time.UTC)
	edit(t, dir, processor.CampaignFile, "time_zone = \"Europe/Berlin\"\n", "")
	if _, err := phase.Check(dir, phase.Options{Now: now}); !mentions(err, "time_zone taken out after the steps applied so far used it") {
		t.Fatalf("check after taking the time zone out: %v", err)
	}
	plain := example(t)
	playExample(t, plain, phase.Options{})
	edit(t, plain, processor.CampaignFile, "phases = 3\n", "phases = 3\ntime_zone = \"America/New_York\"\n")
	for name, run := range map[string]func() error{
		"check":   func() error { _, err := phase.Check(plain, phase.Options{Now: now}); return err },
		"advance": func() error { _, err := phase.Advance(plain, phase.Options{Now: now}); return err },
	} {
		if err := run(); !mentions(err, "time_zone added after the steps applied so far were played without one") || !mentions(err, "campaign.toml") {
			t.Fatalf("%s after adding a time zone: %v", name, err)
		}
	}
}

// A correction: the Warmaster puts right a [rules] option the steps so far
// were played by, openly — a [[corrections]] entry with the [rules] as they
// were and why. The next run applies it, its journal entry records it, its
// report says it; replay plays the runs before it with the old rules and
// passes. A correction whose was is not what the steps used is refused,
// and so is a [rules] change without one.
func TestCorrection(t *testing.T) {
	// The correction's was: the [rules] table as the steps used it.
	const reason = "the club reads Orbital Invasion as RULINGS 14's option"
	correct := func(t *testing.T, wasEdit func(string) string) string {
		dir := playedExample(t, phase.Options{})
		c := string(testkit.ReadFile(t, dir, processor.CampaignFile))
		i := strings.Index(c, "\n[rules]\n") + len("\n[rules]\n")
		rules := c[i : i+strings.Index(c[i:], "\n[")+1]
		edit(t, dir, processor.CampaignFile, "orbital_invasion_defender_power = false", "orbital_invasion_defender_power = true")
		if wasEdit != nil {
			testkit.AppendFile(t, dir, processor.CampaignFile, "\n[[corrections]]\npart = \"[rules]\"\nreason = \""+reason+"\"\n[corrections.was]\n"+wasEdit(rules))
		}
		return dir
	}
	same := func(s string) string { return s }
	at := time.Date(2027, 6, 10, 0, 0, 0, 0, time.UTC)
	t.Run("OK", func(t *testing.T) {
		dir := correct(t, same)
		if _, err := phase.Advance(dir, phase.Options{Now: at}); err != nil {
			t.Fatalf("advance with the correction: %v", err)
		}
		if j := string(testkit.ReadFile(t, dir, processor.JournalFile)); strings.Count(j, `corrected = ["[rules]: the club reads Orbital Invasion as RULINGS 14's option"]`) != 1 {
			t.Fatalf("the journal does not record the correction once:\n%s", j)
		}
		report := string(testkit.ReadFile(t, dir, "phases/02/report.md"))
		if !strings.Contains(report, "**A correction by the Warmaster**: campaign.toml's [rules] change (orbital_invasion_defender_power false → true) from this step on: the club reads Orbital Invasion as RULINGS 14's option") {
			t.Fatalf("the report does not say the correction:\n%s", report)
		}
		if _, err := Replay(dir, phase.Options{}); err != nil {
			t.Fatalf("replay after the correction: %v", err)
		}
		// As warmaster replay runs it, remembering what it decoded: the
		// runs before the correction, played with its was, once changed
		// the remembered campaign.toml, and the correcting run replayed
		// with the old rules too (found by an organiser's look).
		schema.Remember(32 << 20)
		defer schema.Remember(0)
		if _, err := Replay(dir, phase.Options{}); err != nil {
			t.Fatalf("replay after the correction, remembering documents: %v", err)
		}
		// Applied once: the next change of [rules] needs a correction of its own.
		edit(t, dir, processor.CampaignFile, "orbital_invasion_defender_power = true", "orbital_invasion_defender_power = false")
		if _, err := phase.Check(dir, phase.Options{Now: at}); !mentions(err, "[rules] changed after the steps applied so far used it") {
			t.Fatalf("check after a second change without a correction: %v", err)
		}
	})
	t.Run("ErrWasNotWhatWasUsed", func(t *testing.T) {
		dir := correct(t, func(r string) string { return strings.Replace(r, "events = true", "events = false", 1) })
		if _, err := phase.Advance(dir, phase.Options{Now: at}); !mentions(err, "this correction's was is not the [rules] the steps so far used") {
			t.Fatalf("advance with a false was: %v", err)
		}
	})
	t.Run("ErrNoCorrection", func(t *testing.T) {
		dir := correct(t, nil)
		if _, err := phase.Advance(dir, phase.Options{Now: at}); !mentions(err, "add a [[corrections]] entry") {
			t.Fatalf("advance without a correction: %v", err)
		}
	})
}
