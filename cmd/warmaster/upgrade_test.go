package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/warmaster/warmaster/campaigns"
)

// A club upgrades mid-campaign: warmaster v1.0.0 plays phase 1 and the
// start of phase 2, then the workflows move to v1.1.0 — the same tree with
// a report's wording changed — which plays the campaign to its end. The
// new version's check, replay (the old runs replayed by the old binary)
// and verify pass on the whole history; what v1.0.0 wrote stays as it was
// written and is still held to its replay; a hand edit of it is caught.
func TestUpgradeMidCampaign(t *testing.T) {
	if testing.Short() {
		t.Skip("builds two warmasters")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	tmp := t.TempDir()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	build := func(src, version, out string) string {
		t.Helper()
		bin := filepath.Join(tmp, out)
		cmd := exec.Command("go", "build", "-o", bin, "-ldflags", "-X main.buildVersion="+version, "./cmd/warmaster")
		cmd.Dir = src
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("build %s: %v\n%s", version, err, out)
		}
		return bin
	}
	releases := filepath.Join(tmp, "releases")
	old := build(root, "v1.0.0", "releases/warmaster-v1.0.0")
	// v1.1.0: this tree with "where things stand" worded otherwise.
	next := filepath.Join(tmp, "next")
	if err := os.CopyFS(next, os.DirFS(root)); err != nil {
		t.Fatal(err)
	}
	render := filepath.Join(next, "processor/phase/render.go")
	src, err := os.ReadFile(render)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(src, []byte(`d.Heading(level, "Where things stand")`)) {
		t.Fatal("render.go no longer says where things stand as this test changes it")
	}
	if err := os.WriteFile(render, bytes.Replace(src, []byte(`d.Heading(level, "Where things stand")`), []byte(`d.Heading(level, "Where the war stands")`), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	newer := build(next, "v1.1.0", "warmaster-v1.1.0")

	camp := filepath.Join(tmp, "camp")
	if err := campaigns.CopyTo(campaigns.Example, camp); err != nil {
		t.Fatal(err)
	}
	run := func(bin string, env []string, args ...string) (string, error) {
		cmd := exec.Command(bin, args...)
		cmd.Env = append(os.Environ(), env...)
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	must := func(bin string, env []string, args ...string) string {
		t.Helper()
		out, err := run(bin, env, args...)
		if err != nil {
			t.Fatalf("%s %s: %v\n%s", filepath.Base(bin), strings.Join(args, " "), err, out)
		}
		return out
	}
	withOld := []string{"WARMASTER_RELEASES=" + releases}
	must(old, nil, "advance", "--now", "2027-02-10T12:00:00Z", camp)
	must(old, nil, "replay", camp)
	// Between the runs the Warmaster moves a deadline still to come and
	// adds [github]: what the v1.0.0 runs saw is in the journal.
	cf := filepath.Join(camp, "campaign.toml")
	c := readText(t, camp, "campaign.toml")
	if !strings.Contains(c, "battles = 2027-04-01T18:00:00Z") {
		t.Fatal("the example's phase 2 battles deadline is not as this test moves it")
	}
	c = strings.Replace(c, "battles = 2027-04-01T18:00:00Z", "battles = 2027-04-01T20:30:00Z", 1) + "\n[github]\nrepository = \"our-club/vespator\"\n"
	if err := os.WriteFile(cf, []byte(c), 0o644); err != nil {
		t.Fatal(err)
	}
	must(old, nil, "replay", camp)
	// The club moves to v1.1.0.
	must(newer, withOld, "check", "--now", "2027-03-25T12:00:00Z", camp)
	must(newer, nil, "advance", "--now", "2027-06-10T12:00:00Z", camp)
	journal := readText(t, camp, "journal.toml")
	for _, v := range []string{`warmaster = "v1.0.0"`, `warmaster = "v1.1.0"`} {
		if !strings.Contains(journal, v) {
			t.Fatalf("the journal does not record %s:\n%s", v, journal)
		}
	}
	if r := readText(t, camp, "phases/01/report.md"); !strings.Contains(r, "## Where things stand") {
		t.Fatalf("phase 1's report, all v1.0.0's, is no longer as it wrote it:\n%s", r)
	}
	if r := readText(t, camp, "phases/03/report.md"); !strings.Contains(r, "## Where the war stands") {
		t.Fatalf("phase 3's report is not v1.1.0's:\n%s", r)
	}
	out := must(newer, withOld, "replay", camp)
	if !strings.Contains(out, "processor-written files match") {
		t.Fatalf("replay: %s", out)
	}
	must(newer, withOld, "check", "--now", "2027-06-11T12:00:00Z", camp)
	must(newer, nil, "verify", camp)
	// Without the old binary, replay says what it needs.
	if out, err := run(newer, []string{"WARMASTER_RELEASES=" + filepath.Join(tmp, "none")}, "replay", camp); err == nil || !strings.Contains(out, "applied by warmaster v1.0.0") || !strings.Contains(out, "--release v1.0.0=PATH") {
		t.Fatalf("replay without v1.0.0: %v\n%s", err, out)
	}
	if out := must(newer, nil, "replay", "--release", "v1.0.0="+old, camp); !strings.Contains(out, "files match") {
		t.Fatalf("replay --release: %s", out)
	}
	// What v1.0.0 wrote is still held to its replay.
	report := filepath.Join(camp, "phases/01/report.md")
	r := readText(t, camp, "phases/01/report.md")
	if err := os.WriteFile(report, []byte(strings.Replace(r, "## Where things stand", "## Where things stood", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := run(newer, withOld, "replay", camp); err == nil || !strings.Contains(out, "phases/01/report.md:") {
		t.Fatalf("replay after editing what v1.0.0 wrote: %v\n%s", err, out)
	}

	// What v1.0.0 proved (advance --replay --verified) is proved for
	// v1.0.0 alone: v1.1.0 replays the campaign before its first step.
	proved := filepath.Join(tmp, "verified.txt")
	for _, bin := range []string{old, newer} {
		c := filepath.Join(tmp, "proved-"+filepath.Base(bin), "camp")
		if err := campaigns.CopyTo(campaigns.Example, c); err != nil {
			t.Fatal(err)
		}
		if err := os.Remove(filepath.Join(c, "phases/01/moves/frank.toml")); err != nil {
			t.Fatal(err)
		}
		must(old, nil, "advance", "--replay", "--verified", proved, "--now", "2027-01-08T18:00:00Z", c)
		out := must(bin, withOld, "advance", "--replay", "--verified", proved, "--now", "2027-02-10T12:00:00Z", c)
		if want := map[string]string{old: "camp: not replayed before advancing", newer: "camp: replayed "}[bin]; !strings.Contains(out, want) {
			t.Errorf("%s after v1.0.0 proved the folder: want %q:\n%s", filepath.Base(bin), want, out)
		}
	}
}

func readText(t *testing.T, dir, file string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, file))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
