package trust

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/warmaster/warmaster/campaigns"
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/disk"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/internal/testkit"
	"github.com/warmaster/warmaster/processor/phase"
	"github.com/warmaster/warmaster/processor/seal"
)

// exampleGitHub is the [github] table the draft tests give the example.
const exampleGitHub = `
[github]
repository = "vespator-club/front-2027"
branch = "spring/2027"
path = "campaigns/vespator-front"
`

// TestDraftsExample plays the example campaign from nothing to its end and,
// at every step, drafts each awaited file: drafts of orders, moves, builds
// and event choices pass check as they are; set-up and results drafts are
// refused, each fault naming a value to fill in. Then the drafts make way
// for the example's own files and advance moves on — at the step's deadline
// when the example leaves a file out. With [github], the README's links
// open GitHub's editor on each awaited file with exactly its draft.
func TestDraftsExample(t *testing.T) {
	full := filepath.Join(t.TempDir(), "example")
	if err := campaigns.CopyTo(campaigns.Example, full); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "c")
	if err := campaigns.CopyTo(campaigns.Example, dir); err != nil {
		t.Fatal(err)
	}
	for _, sub := range []string{"setup", "phases"} {
		if err := os.RemoveAll(filepath.Join(dir, sub)); err != nil {
			t.Fatal(err)
		}
	}
	// The drafts are filled in as one side would: results count as filed
	// (confirmations are not awaited files, and have no draft).
	edit(t, dir, processor.CampaignFile, "[rules]\n", "[rules]\nconfirm_results = false\n")
	testkit.AppendFile(t, dir, processor.CampaignFile, exampleGitHub)

	now := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	kinds := map[processor.Step]int{}
	for round := 0; ; round++ {
		if round > 30 {
			t.Fatal("the example did not end in 30 steps")
		}
		f, err := folder.Load(dir)
		if err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		step := f.State.Step
		if step == processor.StepEnded {
			break
		}
		aw := phase.Awaited(f)
		var files []string
		for _, a := range aw {
			files = append(files, a.File)
		}
		ds, err := phase.Drafts(dir, files)
		if err != nil {
			t.Fatalf("phase %d %s: %v", f.State.Phase, step, err)
		}
		kinds[step] += len(ds)
		if round > 0 {
			readmeLinks(t, dir, ds)
		}
		if _, err := phase.WriteDrafts(dir, ds); err != nil {
			t.Fatal(err)
		}
		_, err = phase.Check(dir, phase.Options{Now: now})
		switch step {
		case processor.StepSetup, processor.StepBattles:
			refusedUntilFilled(t, err, ds)
		default:
			if err != nil {
				t.Errorf("phase %d %s: the drafts do not pass check: %v", f.State.Phase, step, err)
			}
		}
		// The example's own files for the step, in place of the drafts.
		missing := false
		for _, d := range ds {
			if err := os.Remove(filepath.Join(dir, filepath.FromSlash(d.File))); err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(filepath.Join(full, filepath.FromSlash(d.File)))
			if errors.Is(err, os.ErrNotExist) {
				missing = true
				continue
			}
			testkit.WriteFile(t, dir, d.File, data)
		}
		if dl := f.Campaign.Deadlines[f.State.Phase].For(step); missing && !dl.IsZero() {
			now = dl
		}
		if _, err := phase.Advance(dir, phase.Options{Now: now}); err != nil {
			t.Fatalf("phase %d %s: advance: %v", f.State.Phase, step, err)
		}
	}
	for _, k := range []processor.Step{processor.StepSetup, processor.StepOperations, processor.StepBattles, processor.StepEvents, processor.StepMoves, processor.StepBuilds} {
		if kinds[k] == 0 {
			t.Errorf("no %s file was drafted", k)
		}
	}
	// What replay writes again, links and all.
	if _, err := Replay(dir, phase.Options{}); err != nil {
		t.Errorf("replay: %v", err)
	}
}

// refusedUntilFilled: check refuses exactly the drafts, each with a fault
// that names a value to fill in.
func refusedUntilFilled(t *testing.T, err error, ds []phase.Draft) {
	t.Helper()
	var inv *processor.InvalidError
	if !errors.As(err, &inv) {
		t.Fatalf("check accepts drafts that leave values to fill in (%v)", err)
	}
	for _, d := range ds {
		if len(d.Fill) == 0 {
			t.Errorf("%s: the draft names no value to fill in", d.File)
		}
		named := false
		for _, f := range inv.Faults {
			for _, k := range d.Fill {
				named = named || f.File == d.File && strings.Contains(f.Message, k)
			}
		}
		if !named {
			t.Errorf("%s: no fault names a value to fill in (%s): %v", d.File, strings.Join(d.Fill, ", "), inv)
		}
	}
	for _, f := range inv.Faults {
		if !slices.ContainsFunc(ds, func(d phase.Draft) bool { return d.File == f.File }) {
			t.Errorf("a fault outside the drafts: %s", f)
		}
	}
}

var newLinkRE = regexp.MustCompile(`(?m)^\[new-[0-9]+\]: (\S+)$`)
var editLinkRE = regexp.MustCompile(`(?m)^\[edit-[0-9]+\]: (\S+)$`)

// readmeLinks: the README lists each awaited file with a link to GitHub's
// editor on a new file holding its draft, and one to edit it.
func readmeLinks(t *testing.T, dir string, ds []phase.Draft) {
	t.Helper()
	readme, err := os.ReadFile(filepath.Join(dir, processor.ReadmeFile))
	if err != nil {
		t.Fatal(err)
	}
	news, edits := newLinkRE.FindAllStringSubmatch(string(readme), -1), editLinkRE.FindAllStringSubmatch(string(readme), -1)
	if got, want := len(news), len(ds); got != want || len(edits) != want {
		t.Fatalf("README: %d new and %d edit links, want %d of each", got, len(edits), want)
	}
	for i, d := range ds {
		u, err := url.Parse(news[i][1])
		if err != nil {
			t.Fatal(err)
		}
		q := u.Query()
		prefix := "/vespator-club/front-2027/new/spring/2027/"
		if !strings.HasPrefix(u.Path, prefix) || u.Host != "github.com" {
			t.Errorf("%s: the link is %s, want https://github.com%s…", d.File, u, prefix)
		}
		if got, want := path.Join(strings.TrimPrefix(u.Path, prefix), q.Get("filename")), "campaigns/vespator-front/"+d.File; got != want {
			t.Errorf("the link's file is %s, want %s", got, want)
		}
		if got, want := q.Get("value"), d.Text; got != want {
			t.Errorf("%s: the link's value is\n%s\nwant the draft\n%s", d.File, got, want)
		}
		if got, want := edits[i][1], "https://github.com/vespator-club/front-2027/edit/spring/2027/campaigns/vespator-front/"+d.File; got != want {
			t.Errorf("edit link %s, want %s", got, want)
		}
	}
}

// TestDraftNotAwaited: a file the campaign does not wait for is refused,
// saying what it waits for; so is a draft written over a file.
func TestDraftNotAwaited(t *testing.T) {
	dir := testkit.ExampleToOrders(t)
	if _, err := phase.Advance(dir, phase.Options{Now: time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)}); err != nil {
		t.Fatal(err)
	}
	t.Run("ErrNotAwaited", func(t *testing.T) {
		_, err := phase.Drafts(dir, []string{"phases/01/orders/alice.toml", "phases/01/moves/alice.toml", "../x.toml"})
		var na *processor.NotAwaitedError
		if !errors.As(err, &na) {
			t.Fatalf("got %v, want a NotAwaitedError", err)
		}
		for _, want := range []string{"phases/01/moves/alice.toml, ../x.toml are not awaited", "waiting for step 2.3 Resolve Battle Operations", "phases/01/results/blue-1.toml"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("%q does not say %q", err, want)
			}
		}
	})
	t.Run("ErrExists", func(t *testing.T) {
		ds, err := phase.Drafts(dir, []string{"phases/01/results/blue-1.toml", "phases/01/results/red-1.toml"})
		if err != nil {
			t.Fatal(err)
		}
		testkit.WriteFile(t, dir, "phases/01/results/red-1.toml", []byte("winner = \"attacker\"\n"))
		if _, err := phase.WriteDrafts(dir, ds); err == nil || !strings.Contains(err.Error(), "phases/01/results/red-1.toml exists already") {
			t.Fatalf("got %v, want a refusal naming the file", err)
		}
		if _, err := os.Stat(filepath.Join(dir, "phases/01/results/blue-1.toml")); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("a refused --write wrote blue-1.toml (%v)", err)
		}
	})
	t.Run("ErrSealed", func(t *testing.T) {
		testkit.WriteFile(t, dir, "phases/01/results/blue-1.toml"+seal.SealedExt, []byte("x"))
		ds, err := phase.Drafts(dir, []string{"phases/01/results/blue-1.toml"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := phase.WriteDrafts(dir, ds); err == nil || !strings.Contains(err.Error(), "blue-1.toml.age exists already") {
			t.Errorf("got %v, want a refusal naming the sealed file", err)
		}
	})
	t.Run("ErrSymlinkOut", func(t *testing.T) {
		// The attacker's folder: phases/01/results leads out of the campaign.
		outside := t.TempDir()
		res := filepath.Join(dir, "phases/01/results")
		if err := os.RemoveAll(res); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(outside, res); err != nil {
			t.Skip(err)
		}
		// Refused when the folder is read (a link anywhere in it), or at
		// the latest when the draft is written.
		if ds, err := phase.Drafts(dir, []string{"phases/01/results/blue-1.toml"}); err == nil {
			if _, err := phase.WriteDrafts(dir, ds); err == nil {
				t.Error("a draft was written through a symbolic link out of the campaign folder")
			}
		}
		if ents, _ := os.ReadDir(outside); len(ents) > 0 {
			t.Errorf("written outside the campaign folder: %v", ents)
		}
	})
}

// TestDraftLinkLength: a link GitHub and browsers would refuse carries the
// draft without its lists of choices, or, too long still, an empty file.
func TestDraftLinkLength(t *testing.T) {
	g := &processor.GitHub{Repository: "o/n", Branch: "main"}
	long := strings.Repeat("# a choice among many\n", 600)
	for _, c := range []struct {
		name  string
		d     phase.Draft
		value string
		full  bool
	}{
		{"OK", phase.Draft{File: "phases/01/moves/a.toml", Text: "[moves]\n", Short: "[moves]\n"}, "[moves]\n", true},
		{"Short", phase.Draft{File: "phases/01/moves/a.toml", Text: long + "[moves]\n", Short: "[moves]\n"}, "[moves]\n", false},
		{"Empty", phase.Draft{File: "phases/01/moves/a.toml", Text: long, Short: long}, "", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			link, full := phase.DraftLink(g, c.d)
			if len(link) > processor.MaxLinkLen {
				t.Errorf("a link of %d bytes", len(link))
			}
			u, err := url.Parse(link)
			if err != nil {
				t.Fatal(err)
			}
			if got := u.Query().Get("value"); got != c.value || full != c.full {
				t.Errorf("value %q (whole draft: %v), want %q (%v)", got, full, c.value, c.full)
			}
		})
	}
}

// TestGitHubLinksEscape: whatever the names hold, each part of a link is
// escaped, so no name can add a query parameter or leave its path segment.
func TestGitHubLinksEscape(t *testing.T) {
	g := &processor.GitHub{Repository: "o/n", Branch: "a b?c", Path: "x&y/#z"}
	u, err := url.Parse(g.NewFileURL("phases/01/moves/a.toml", "v=1&filename=evil\n# c"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := u.Path, "/o/n/new/a b?c/x&y/#z/phases/01/moves"; got != want {
		t.Errorf("path %q, want %q", got, want)
	}
	if q := u.Query(); len(q) != 2 || q.Get("filename") != "a.toml" || q.Get("value") != "v=1&filename=evil\n# c" {
		t.Errorf("query %v", q)
	}
}

// TestGitHubSchema: the schema refuses [github] values that are not plain
// names: spaces, "..", control characters, absolute or empty parts.
func TestGitHubSchema(t *testing.T) {
	for _, c := range []struct{ name, table string }{
		{"ErrRepositoryDotDot", `repository = "owner/.."`},
		{"ErrRepositorySpace", `repository = "owner/my repo"`},
		{"ErrRepositoryNoOwner", `repository = "repo"`},
		{"ErrRepositoryPath", `repository = "owner/name/extra"`},
		{"ErrBranchDotDot", "repository = \"o/n\"\nbranch = \"../main\""},
		{"ErrBranchControl", "repository = \"o/n\"\nbranch = \"ma\\u0007in\""},
		{"ErrBranchNewline", "repository = \"o/n\"\nbranch = \"main\\nx\""},
		{"ErrPathDotDot", "repository = \"o/n\"\npath = \"campaigns/../../etc\""},
		{"ErrPathAbsolute", "repository = \"o/n\"\npath = \"/campaigns/x\""},
		{"ErrPathTrailingSlash", "repository = \"o/n\"\npath = \"campaigns/\""},
		{"ErrPathDoubleSlash", "repository = \"o/n\"\npath = \"campaigns//x\""},
		{"ErrUnknownKey", "repository = \"o/n\"\ntoken = \"x\""},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := testkit.ExampleToOrders(t)
			testkit.AppendFile(t, dir, processor.CampaignFile, "\n[github]\n"+c.table+"\n")
			_, err := folder.Load(dir)
			var inv *processor.InvalidError
			if !errors.As(err, &inv) || !strings.Contains(inv.Error(), "campaign.toml:") || !strings.Contains(inv.Error(), "github") {
				t.Errorf("got %v, want a fault in campaign.toml's [github]", err)
			}
		})
	}
	t.Run("OK", func(t *testing.T) {
		dir := testkit.ExampleToOrders(t)
		testkit.AppendFile(t, dir, processor.CampaignFile, "\n[github]\nrepository = \"my-club/.github\"\nbranch = \"release/v1.2\"\npath = \"campaigns/war_2027.spring\"\n")
		f, err := folder.Load(dir)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := *f.Campaign.GitHub, (processor.GitHub{Repository: "my-club/.github", Branch: "release/v1.2", Path: "campaigns/war_2027.spring"}); got != want {
			t.Errorf("got %+v, want %+v", got, want)
		}
	})
}

// TestDraftOutcomeChoices: a result's draft offers only the Campaign
// Outcome choices check accepts now (RULINGS 9). Orbital Invasion —
// Defender wins: not Novamagnor, whose locations are all built; Seize Power
// Base — Attacker wins: not a Staging Grounds, blue's third being built;
// Planetary Bombardment — Defender wins: no Stronghold's location while
// another can be struck. Each choice offered, written into the result,
// passes check.
func TestDraftOutcomeChoices(t *testing.T) {
	dir := testkit.NewCaseDir(t, `
step battles
power tarkad-vindix red=2
locations tarkad-vindix red:staging-grounds red:fortification-line empty
locations novamagnor green:support-facility green:staging-grounds
locations karabas blue:staging-grounds blue:staging-grounds blue:staging-grounds empty
order blue-1 battle orbital-invasion tarkad-vindix red
order blue-2 battle seize-power-base caltus-novem red
order red-2 battle planetary-bombardment kryndaer blue
`)
	ds, err := phase.Drafts(dir, []string{"phases/01/results/blue-1.toml", "phases/01/results/blue-2.toml", "phases/01/results/red-2.toml"})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2027, 1, 21, 0, 0, 0, 0, time.UTC) // before the battles deadline
	accepted := func(t *testing.T, file, result string) {
		t.Helper()
		testkit.WriteFile(t, dir, file, []byte(result))
		defer os.Remove(filepath.Join(dir, filepath.FromSlash(file)))
		if _, err := phase.Check(dir, phase.Options{Now: now}); err != nil {
			t.Errorf("the draft offers it, check refuses it:\n%s%v", result, err)
		}
	}
	t.Run("OKOrbitalInvasionRoom", func(t *testing.T) {
		hint := offered(t, ds[0].Text, `to-connected, one with free locations: ([^;]*);`)
		planets := regexp.MustCompile(`([a-z0-9-]+) \(\d+ free\)`).FindAllStringSubmatch(hint, -1)
		if len(planets) == 0 {
			t.Fatalf("no planet offered: %q", hint)
		}
		for _, m := range planets {
			if m[1] == "novamagnor" {
				t.Errorf("novamagnor, whose locations are all built, is offered: %q", hint)
			}
			accepted(t, "phases/01/results/blue-1.toml", fmt.Sprintf("winner = \"defender\"\n[outcome]\nplanet = %q\ndirection = \"to-connected\"\npieces = [\"staging-grounds\"]\n", m[1]))
		}
	})
	t.Run("OKSeizePowerBaseLimit", func(t *testing.T) {
		for _, key := range []string{"build: the type built when there is no piece to take", "extra: the further piece at Power Level 3 or more"} {
			hint := offered(t, ds[1].Text, regexp.QuoteMeta(key)+`: (.*?) [a-z_]+:`)
			types := regexp.MustCompile(`[a-z]+(?:-[a-z]+)+`).FindAllString(hint, -1)
			if len(types) == 0 || slices.Contains(types, "staging-grounds") {
				t.Errorf("%s: offered %q, want types within blue's limits", key, hint)
			}
			// blue is at 2 at caltus-novem: its further piece needs the
			// Stronghold's +1 to reach 3 (RULINGS 8, 29).
			adjust := ""
			if strings.HasPrefix(key, "extra") {
				adjust = "power_adjust = 1\n"
			}
			for _, typ := range types {
				accepted(t, "phases/01/results/blue-2.toml", fmt.Sprintf("winner = \"attacker\"\n[outcome]\n%s%s = %q\n", adjust, strings.Fields(key)[0][:len(strings.Fields(key)[0])-1], typ))
			}
		}
	})
	t.Run("OKPlanetaryBombardmentLocations", func(t *testing.T) {
		hint := offered(t, ds[2].Text, `locations: [^;]*; (.*)$`) // the last hint
		planets := regexp.MustCompile(`at ([a-z0-9-]+): ([^;]*)`).FindAllStringSubmatch(hint, -1)
		if len(planets) == 0 {
			t.Fatalf("no location offered: %q", hint)
		}
		for _, m := range planets {
			for _, n := range regexp.MustCompile(`(\d+) \(`).FindAllStringSubmatch(m[2], -1) {
				if m[1] == "norallus" && n[1] == "1" {
					t.Errorf("location 1 of norallus, red's Stronghold, is offered while others can be struck: %q", hint)
				}
				accepted(t, "phases/01/results/red-2.toml", fmt.Sprintf("winner = \"defender\"\n[outcome]\nplanet = %q\nlocations = [%s]\n", m[1], n[1]))
			}
		}
	})
}

// offered is the first group of re in a draft's text, its comments joined
// into one line.
func offered(t *testing.T, draft, re string) string {
	t.Helper()
	text := strings.Join(strings.Fields(strings.ReplaceAll(draft, "#", "")), " ")
	m := regexp.MustCompile(re).FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("the draft offers no %s:\n%s", re, draft)
	}
	return m[1]
}

// draft --write killed after its commit point, then run again: opening the
// folder completes the commit, and a file that holds its draft byte for
// byte counts as written; a file with anything else is still refused.
func TestDraftWrittenAgain(t *testing.T) {
	dir := testkit.ExampleToOrders(t)
	if _, err := phase.Advance(dir, phase.Options{Now: time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)}); err != nil {
		t.Fatal(err)
	}
	files := []string{"phases/01/results/blue-1.toml", "phases/01/results/red-1.toml"}
	ds, err := phase.Drafts(dir, files)
	if err != nil {
		t.Fatal(err)
	}
	type killed struct{}
	disk.TestHook = func(point string, _ int) {
		if point == "committed" {
			panic(killed{})
		}
	}
	func() {
		defer func() {
			disk.TestHook = nil
			if _, ok := recover().(killed); !ok {
				t.Fatal("the write went past its commit point")
			}
		}()
		phase.WriteDrafts(dir, ds) // its deferred Close releases the lock, as the OS does a killed run's
	}()
	t.Run("OK", func(t *testing.T) {
		ds, err := phase.Drafts(dir, files) // completes the commit
		if err != nil {
			t.Fatal(err)
		}
		held, err := phase.WriteDrafts(dir, ds)
		if err != nil {
			t.Fatalf("run again: %v", err)
		}
		if !slices.Equal(held, files) {
			t.Errorf("held %q, want %q", held, files)
		}
		for _, d := range ds {
			if got := string(testkit.ReadFile(t, dir, d.File)); got != d.Text {
				t.Errorf("%s:\n%s\nwant its draft\n%s", d.File, got, d.Text)
			}
		}
	})
	t.Run("ErrOtherContent", func(t *testing.T) {
		ds, err := phase.Drafts(dir, files)
		if err != nil {
			t.Fatal(err)
		}
		testkit.WriteFile(t, dir, files[1], []byte(ds[1].Text+"# mine\n"))
		if _, err := phase.WriteDrafts(dir, ds); err == nil || !strings.Contains(err.Error(), files[1]+" exists already") || strings.Contains(err.Error(), files[0]) {
			t.Errorf("got %v, want a refusal naming %s alone", err, files[1])
		}
	})
}

// TestDraftBoardingActionNoTheatre: Theatres of the Five Hundred Worlds —
// the Attacker selects a Theatre "(excluding a Boarding Actions game)". A
// Boarding Action's result draft offers no theatre and no twist (check
// refuses them: err-boarding-action-theatre); an Orbital Invasion's offers
// both.
func TestDraftBoardingActionNoTheatre(t *testing.T) {
	dir := testkit.NewCaseDir(t, `
step battles
fleet blue-1 tarkad-vindix
fleet red-1 tarkad-vindix
order red-1 battle boarding-action tarkad-vindix blue
order green-1 battle orbital-invasion jawardet blue
`)
	ds, err := phase.Drafts(dir, []string{"phases/01/results/red-1.toml", "phases/01/results/green-1.toml"})
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"theatre", "twist"} {
		re := regexp.MustCompile(`(?m)^# ` + key + ` = `)
		if re.MatchString(ds[0].Text) {
			t.Errorf("the Boarding Action's draft offers %s:\n%s", key, ds[0].Text)
		}
		if !re.MatchString(ds[1].Text) {
			t.Errorf("the Orbital Invasion's draft does not offer %s:\n%s", key, ds[1].Text)
		}
	}
}
