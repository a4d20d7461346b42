package repository

import (
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/phase"
)

// jargon are the words a player in a browser does not know, which the
// first sentence of a refusal never says: the rule in full after it may.
var jargon = regexp.MustCompile(`(?i)processor|consum|sha-?256|digest|commit|journal|\bgit\b|checkout|\bhash|state\.toml|--actor|registry|codeowners|\binput\b|\b[0-9a-f]{7,}\b|…`)

// wantPlain requires a refusal to open with one sentence in a player's
// words: no jargon, and what to do (the file to use instead, or close the
// pull request).
func wantPlain(t *testing.T, f processor.Fault) {
	t.Helper()
	first := processor.FirstSentence(f.Message)
	if w := jargon.FindString(first); w != "" {
		t.Errorf("%s: the first sentence says %q: %s", f.File, w, first)
	}
	if !strings.Contains(first, "close this pull request") && !strings.Contains(first, "close the pull request") && !strings.Contains(first, "yours is ") && !strings.Contains(first, "rename it") {
		t.Errorf("%s: the first sentence does not say what to do: %s", f.File, first)
	}
	if !strings.HasSuffix(first, ".") || first == f.Message {
		t.Errorf("%s: no plain first sentence, then the rule: %s", f.File, f.Message)
	}
}

// TestRefusalsInPlayersWords plays every kind of refusal the pull-request
// check gives: each opens with what happened and what to do, in plain
// words, and only then the rule and the git command.
func TestRefusalsInPlayersWords(t *testing.T) {
	t.Parallel()
	// before: the example at its set-up, orders in (phase 1 not revealed).
	before := func(t *testing.T) *testRepo { return newTestRepo(t) }
	// revealed: phase 1's operations applied at their deadline without
	// frank's orders; its battles are awaited.
	revealed := func(t *testing.T) *testRepo {
		r := newTestRepo(t)
		for _, p := range []string{"phases/01/results", "phases/01/moves", "phases/01/builds", "phases/01/events", "phases/02", "phases/03", "phases/01/orders/frank.toml"} {
			if err := os.RemoveAll(r.path("campaigns/spring/" + p)); err != nil {
				t.Fatal(err)
			}
		}
		r.commit("without what comes after the operations")
		if _, err := phase.Advance(r.path("campaigns/spring"), phase.Options{Now: time.Date(2027, 1, 8, 18, 0, 0, 0, time.UTC)}); err != nil {
			t.Fatal(err)
		}
		r.commit("phase 1's operations applied")
		return r
	}
	edit := func(r *testRepo, file string) func() {
		return func() { r.write(file, r.read(file)+"# changed\n") }
	}
	add := func(r *testRepo, file, text string) func() { return func() { r.write(file, text) } }
	del := func(r *testRepo, file string) func() { return func() { os.Remove(r.path(file)) } }
	const c = "campaigns/spring/"
	for _, tc := range []struct {
		name  string
		repo  func(*testing.T) *testRepo
		actor string
		do    func(r *testRepo) func()
		file  string
		want  string // the refusal's first sentence
	}{
		{"Written", before, "bob", func(r *testRepo) func() { return add(r, c+"README.md", "# mine\n") }, c + "README.md",
			"Warmaster writes this file itself and nobody edits it: close this pull request."},
		{"StateDir", before, "bob", func(r *testRepo) func() { return add(r, c+".warmaster/x", "x\n") }, c + ".warmaster/x",
			"Warmaster's unfinished work files are never sent in a pull request: close this pull request."},
		{"Map", before, "bob", func(r *testRepo) func() { return edit(r, c+"map.toml") }, c + "map.toml",
			"Only the Warmaster (alice) edits this file: ask them for the change, and close this pull request."},
		{"CampaignFile", before, "bob", func(r *testRepo) func() { return edit(r, c+"campaign.toml") }, c + "campaign.toml",
			"Only the Warmaster (alice) changes campaign.toml: ask them for the change, and close this pull request."},
		{"CampaignFileDeleted", before, "bob", func(r *testRepo) func() { return del(r, c+"campaign.toml") }, c + "campaign.toml",
			"Deleting campaign.toml would end the campaign, and only the Warmaster (alice) does that: close this pull request."},
		{"NotAPlayer", before, "zed", func(r *testRepo) func() { return edit(r, c+"phases/01/orders/bob.toml") }, c + "phases/01/orders/bob.toml",
			"zed does not play in this campaign now, so changes nothing in it: ask the Warmaster if you should, and close this pull request."},
		{"OtherFile", before, "bob", func(r *testRepo) func() { return add(r, c+"notes.toml", "a = 1\n") }, c + "notes.toml",
			"Players do not write a file here: the campaign's README names the file that is yours to write now; your Alliance's set-up goes in setup/blue.toml; close this pull request."},
		{"NotepadTxt", before, "bob", func(r *testRepo) func() { return add(r, c+"phases/01/orders/bob.toml.txt", "[[operations]]\n") }, c + "phases/01/orders/bob.toml.txt",
			"Warmaster reads no file of this name: it should be phases/01/orders/bob.toml; rename it (or move it there)."},
		{"PhaseWithoutZero", before, "bob", func(r *testRepo) func() { return add(r, c+"phases/2/orders/bob.toml", "[[operations]]\n") }, c + "phases/2/orders/bob.toml",
			"Warmaster reads no file of this name: it should be phases/02/orders/bob.toml; rename it (or move it there)."},
		{"CapitalisedFolder", before, "bob", func(r *testRepo) func() { return add(r, c+"phases/01/Orders/bob.toml", "[[operations]]\n") }, c + "phases/01/Orders/bob.toml",
			"Warmaster reads no file of this name: it should be phases/01/orders/bob.toml; rename it (or move it there)."},
		{"SetupFolderPlural", before, "bob", func(r *testRepo) func() { return add(r, c+"setups/blue.toml", "stronghold = \"ikaron-prime\"\n") }, c + "setups/blue.toml",
			"Warmaster reads no file of this name: it should be setup/blue.toml; rename it (or move it there)."},
		{"PhasesFolderSingular", before, "bob", func(r *testRepo) func() { return add(r, c+"phase/01/orders/bob.toml", "[[operations]]\n") }, c + "phase/01/orders/bob.toml",
			"Warmaster reads no file of this name: it should be phases/01/orders/bob.toml; rename it (or move it there)."},
		{"OthersSetup", before, "bob", func(r *testRepo) func() { return edit(r, c+"setup/red.toml") }, c + "setup/red.toml",
			"This is red's set-up, not your Alliance's: yours is setup/blue.toml."},
		{"OthersOrders", before, "bob", func(r *testRepo) func() { return edit(r, c+"phases/01/orders/carol.toml") }, c + "phases/01/orders/carol.toml",
			"This is carol's orders file, and only carol writes it: yours is phases/01/orders/bob.toml."},
		{"OthersBuilds", before, "bob", func(r *testRepo) func() { return edit(r, c+"phases/01/builds/red.toml") }, c + "phases/01/builds/red.toml",
			"This is red's builds file, not your Alliance's: yours is phases/01/builds/blue.toml."},
		{"OthersEvents", before, "bob", func(r *testRepo) func() { return edit(r, c+"phases/01/events/red.toml") }, c + "phases/01/events/red.toml",
			"This is red's event choices file, not your Alliance's: yours is phases/01/events/blue.toml."},
		{"NoSuchBattle", before, "bob", func(r *testRepo) func() { return add(r, c+"phases/01/results/blue-9.toml", "winner = \"attacker\"\n") }, c + "phases/01/results/blue-9.toml",
			`There is no battle named "blue-9": a result's file is named after the attacking fleet; rename it, or close this pull request.`},
		{"NotRevealed", before, "bob", func(r *testRepo) func() { return edit(r, c+"phases/01/results/red-1.toml") }, c + "phases/01/results/red-1.toml",
			"red-1's battle of phase 1 is not revealed yet, so only red reports it for now: close this pull request, and send the result once the battle is revealed."},
		{"NotFought", revealed, "carol", func(r *testRepo) func() {
			return add(r, c+"phases/01/results/blue-1.toml", "winner = \"attacker\"\n")
		}, c + "phases/01/results/blue-1.toml",
			"red did not fight blue-1's battle, so its players do not report it (blue and green do): close this pull request."},
		{"NoTie", before, "bob", func(r *testRepo) func() { return add(r, c+"phases/03/tiebreak.toml", "a = 1\n") }, c + "phases/03/tiebreak.toml",
			"The campaign has not ended in a tie, so there is no final battle to report: close this pull request."},
		{"UsedChanged", revealed, "bob", func(r *testRepo) func() { return edit(r, c+"phases/01/orders/bob.toml") }, c + "phases/01/orders/bob.toml",
			"The orders in this file were used in phase 1 already, so they can no longer change: close this pull request (phase 1's battle results go in phases/01/results/, one file for each battle, named after its attacking fleet)."},
		{"UsedDeleted", revealed, "bob", func(r *testRepo) func() { return del(r, c+"phases/01/orders/bob.toml") }, c + "phases/01/orders/bob.toml",
			"The orders in this file were used in phase 1 already, so the file stays: close this pull request (phase 1's battle results go in phases/01/results/, one file for each battle, named after its attacking fleet)."},
		{"UsedSetup", revealed, "bob", func(r *testRepo) func() { return edit(r, c+"setup/blue.toml") }, c + "setup/blue.toml",
			"The set-up in this file was used when the campaign began, so it can no longer change: close this pull request (phase 1's battle results go in phases/01/results/, one file for each battle, named after its attacking fleet)."},
		{"UsedChangedMergeQueue", revealed, "", func(r *testRepo) func() { return edit(r, c+"phases/01/orders/bob.toml") }, c + "phases/01/orders/bob.toml",
			"This file was used by a step already played, so it can no longer change: put it back as it was, or close the pull request that changed it."},
		{"LateMergeQueue", revealed, "", func(r *testRepo) func() {
			return add(r, c+"phases/01/orders/frank.toml", "[[operations]]\nfleet = \"green-2\"\noperation = \"gather-intel\"\n")
		}, c + "phases/01/orders/frank.toml",
			"This file came after phase 1's orders step was played, so it would never count: close this pull request."},
		{"Late", revealed, "frank", func(r *testRepo) func() {
			return add(r, c+"phases/01/orders/frank.toml", "[[operations]]\nfleet = \"green-2\"\noperation = \"gather-intel\"\n")
		}, c + "phases/01/orders/frank.toml",
			"This file came after phase 1's orders step was played, so it would never count: close this pull request (phase 1's battle results go in phases/01/results/, one file for each battle, named after its attacking fleet)."},
		{"UsedDice", revealed, "alice", func(r *testRepo) func() {
			return func() {
				r.write(c+"campaign.toml", strings.Replace(r.read(c+"campaign.toml"), `seed = "vespator-front-example"`, `seed = "luckier"`, 1))
			}
		}, c + "campaign.toml",
			"This part of the file was used by a step already played, so it can no longer change: undo the change, or close this pull request."},
		{"UsedMap", revealed, "alice", func(r *testRepo) func() {
			return func() {
				m := r.read(c + "map.toml")
				r.write(c+"map.toml", m[:strings.LastIndex(m, "[[lanes]]")])
			}
		}, c + "map.toml",
			"The map was used from the set-up on, so it can no longer change: undo the change, or close this pull request."},
		{"Registry", before, "bob", func(r *testRepo) func() { return edit(r, RegistryFile) }, RegistryFile,
			"Only the Warmaster (alice) changes this file: ask them for the change, and close this pull request."},
		{"Workflows", before, "bob", func(r *testRepo) func() { return edit(r, ".github/workflows/check.yml") }, ".github/workflows/check.yml",
			"Only the Warmaster (alice) changes this file: ask them for the change, and close this pull request."},
		{"NewCampaign", before, "bob", func(r *testRepo) func() { return add(r, "campaigns/mine/campaign.toml", "name = \"x\"\n") }, "campaigns/mine/campaign.toml",
			"Only the Warmaster (alice) adds a campaign: close this pull request."},
		{"Outside", before, "bob", func(r *testRepo) func() { return edit(r, "README.md") }, "README.md",
			"This file is outside the campaigns this repository plays (campaigns/spring), where only the Warmaster (alice) changes anything: close this pull request."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := tc.repo(t)
			edit := tc.do(r)
			edit()
			r.commit("the pull request")
			now := time.Date(2027, 1, 5, 12, 0, 0, 0, time.UTC) // before the operations deadline
			if _, err := os.Stat(r.path("campaigns/spring/state.toml")); err == nil {
				now = time.Date(2027, 1, 9, 12, 0, 0, 0, time.UTC) // the day after it
			}
			rep, err := CheckChanges(r.dir, Options{Base: "HEAD^1", Actor: processor.Login(tc.actor), Run: phase.Options{Now: now}})
			if err != nil {
				t.Fatal(err)
			}
			var found bool
			for _, f := range rep.Faults {
				if f.File != tc.file {
					continue
				}
				found = true
				wantPlain(t, f)
				if got := processor.FirstSentence(f.Message); got != tc.want {
					t.Errorf("first sentence:\n%s\nwant:\n%s\n(all: %s)", got, tc.want, f.Message)
				}
			}
			if !found {
				t.Fatalf("no refusal of %s:\n%s", tc.file, faults(rep))
			}
		})
	}
}
