package trust

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/warmaster/warmaster/campaigns"
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/internal/testkit"
	"github.com/warmaster/warmaster/processor/phase"
	"github.com/warmaster/warmaster/processor/report"
)

// The example campaign as three folders to authorize against.
const (
	atSetup   = "setup"   // as bundled: waiting for set-up, every phase 1 input in
	atBattles = "battles" // phase 1 revealed (battle sheets written), results not yet processed
	atPhase2  = "phase2"  // phase 1 processed: its inputs are consumed
)

// exampleAt makes the example campaign at one of the moments above.
func exampleAt(t *testing.T, at string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), at)
	if err := campaigns.CopyTo(campaigns.Example, dir); err != nil {
		t.Fatal(err)
	}
	switch at {
	case atBattles:
		aside := t.TempDir()
		for _, sub := range []string{"results", "moves", "builds"} {
			if err := os.Rename(filepath.Join(dir, "phases/01", sub), filepath.Join(aside, sub)); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := phase.Advance(dir, phase.Options{Now: time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)}); err != nil {
			t.Fatal(err)
		}
		for _, sub := range []string{"results", "moves", "builds"} {
			if err := os.Rename(filepath.Join(aside, sub), filepath.Join(dir, "phases/01", sub)); err != nil {
				t.Fatal(err)
			}
		}
	case atPhase2:
		if _, err := phase.Advance(dir, phase.Options{Now: time.Date(2027, 2, 10, 12, 0, 0, 0, time.UTC)}); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// openTome puts the folder at phase 3's An Open Tome, blue dominating,
// its orders not in yet; openTomeDeclared, with blue's orders in.
func openTome(f *folder.Folder) {
	openTomeDeclared(f)
	delete(f.Orders[3], "alice")
	delete(f.Orders[3], "bob")
}

func openTomeDeclared(f *folder.Folder) {
	f.State.Phase, f.State.Step = 3, processor.StepOpenTome
	f.State.Effects = append(f.State.Effects, processor.Effect{Event: processor.AnOpenTome, Phase: 3, Alliance: "blue"})
}

// TestAuthorize is the authorization matrix: who may change which file of
// the example campaign (alliances blue, red, green; alice of blue is the
// Warmaster). Each cell is "" (allowed) or words the refusal must contain.
func TestAuthorize(t *testing.T) {
	roles := []processor.Login{"alice", "bob", "carol", "zed"} // Warmaster (blue), player of blue, player of red, stranger
	const (
		ok       = ""
		stranger = "zed is not a player in campaign.toml"
		written  = "written by the processor"
		own      = "Warmaster keeps the files of a run it has not finished writing there"
		// A file under battles/ that is not a battle sheet.
		strayRed1 = "Warmaster reads no file here: a battle's result goes in phases/01/results/red-1.toml (move it there if it is one), and nothing else does: take it out, or close this pull request."
		strayAny  = "Warmaster reads no file here: a battle's result goes in phases/01/results/<attacking fleet>.toml (move it there if it is one), and nothing else does: take it out, or close this pull request."
	)
	rows := []struct {
		name string
		at   string
		file string
		prep func(t *testing.T, dir string) // changes the folder as the pull request did
		edit func(f *folder.Folder)         // changes the folder as loaded
		want [4]string                      // alice, bob, carol, zed
	}{
		{name: "CampaignToml", at: atSetup, file: "campaign.toml",
			want: [4]string{ok, "only the Warmaster (alice) edits campaign.toml", "only the Warmaster (alice)", "only the Warmaster (alice)"}},
		{name: "MapToml", at: atSetup, file: "map.toml",
			want: [4]string{ok, "only the Warmaster (alice) edits map.toml", "only the Warmaster", "only the Warmaster"}},

		{name: "SetupBlue", at: atSetup, file: "setup/blue.toml",
			want: [4]string{ok, ok, "set-up files are their own Alliance's (red's is setup/red.toml)", stranger}},
		{name: "SetupRed", at: atSetup, file: "setup/red.toml",
			want: [4]string{"blue's is setup/blue.toml", "blue's is setup/blue.toml", ok, stranger}},
		{name: "SetupNew", at: atSetup, file: "setup/purple.toml",
			want: [4]string{"their own Alliance's", "their own Alliance's", "their own Alliance's", stranger}},

		{name: "OrdersBob", at: atSetup, file: "phases/01/orders/bob.toml",
			want: [4]string{"orders files are each player's own (yours is phases/01/orders/alice.toml)", ok, "yours is phases/01/orders/carol.toml", stranger}},
		{name: "OrdersCarol", at: atSetup, file: "phases/01/orders/carol.toml",
			want: [4]string{"each player's own", "yours is phases/01/orders/bob.toml", ok, stranger}},
		{name: "OrdersSealedBob", at: atSetup, file: "phases/01/orders/bob.toml.age",
			want: [4]string{"each player's own", ok, "each player's own", stranger}},
		{name: "OrdersLaterPhase", at: atPhase2, file: "phases/02/orders/carol.toml",
			want: [4]string{"yours is phases/02/orders/alice.toml", "each player's own", ok, stranger}},
		// An Open Tome: blue "must declare all of their Fleets' Campaign
		// Operations and reveal them to the players of the other Alliances
		// before those players declare their own". Red's plaintext orders
		// wait for blue's; sealed ones, which nobody reads, and a
		// withdrawal do not.
		{name: "OrdersBeforeOpenTome", at: atPhase2, file: "phases/03/orders/carol.toml",
			prep: func(t *testing.T, dir string) {
				testkit.WriteFile(t, dir, "phases/03/orders/carol.toml", []byte("[[operations]]\n"))
			},
			edit: openTome, want: [4]string{"each player's own", "each player's own", "the dominating Alliance (blue) declares its operations and reveals them before the other Alliances declare theirs", stranger}},
		{name: "OrdersAfterOpenTomeDeclared", at: atPhase2, file: "phases/03/orders/carol.toml",
			prep: func(t *testing.T, dir string) {
				testkit.WriteFile(t, dir, "phases/03/orders/carol.toml", []byte("[[operations]]\n"))
			},
			edit: openTomeDeclared, want: [4]string{"each player's own", "each player's own", ok, stranger}},
		{name: "OrdersWithdrawnBeforeOpenTome", at: atPhase2, file: "phases/03/orders/carol.toml",
			prep: func(t *testing.T, dir string) { testkit.Remove(t, dir, "phases/03/orders/carol.toml") },
			edit: openTome, want: [4]string{"each player's own", "each player's own", ok, stranger}},
		{name: "OrdersSealedBeforeOpenTome", at: atPhase2, file: "phases/03/orders/carol.toml.age",
			edit: openTome, want: [4]string{"each player's own", "each player's own", ok, stranger}},
		{name: "OrdersOfTheOpenTome", at: atPhase2, file: "phases/03/orders/bob.toml",
			prep: func(t *testing.T, dir string) {
				testkit.WriteFile(t, dir, "phases/03/orders/bob.toml", []byte("[[operations]]\n"))
			},
			edit: openTome, want: [4]string{"each player's own", ok, "each player's own", stranger}},

		// blue-1 (blue) attacks green; red-1 (red) attacks blue.
		{name: "ResultAttackerSide", at: atBattles, file: "phases/01/results/blue-1.toml",
			want: [4]string{ok, ok, "(blue attacked green), and red did not fight blue-1", stranger}},
		{name: "ResultDefenderSide", at: atBattles, file: "phases/01/results/red-1.toml",
			edit: anySide, want: [4]string{ok, ok, ok, stranger}},
		{name: "ResultDefenderFromBattleSheet", at: atBattles, file: "phases/01/results/red-1.toml",
			edit: func(f *folder.Folder) { f.State.Orders = nil; anySide(f) },
			want: [4]string{ok, ok, ok, stranger}},
		{name: "ResultNotFoughtFromBattleSheet", at: atBattles, file: "phases/01/results/blue-1.toml",
			edit: func(f *folder.Folder) { f.State.Orders = nil },
			want: [4]string{ok, ok, "red did not fight blue-1", stranger}},
		{name: "ResultBeforeRevealAttacker", at: atSetup, file: "phases/01/results/red-1.toml",
			edit: anySide, want: [4]string{"not revealed: until 2.1 Reveal only the attacking Alliance, red, reports it", "not revealed", ok, stranger}},
		{name: "ResultNoSuchBattle", at: atBattles, file: "phases/01/results/purple-9.toml",
			want: [4]string{`no battle "purple-9"`, `no battle "purple-9"`, `no battle "purple-9"`, stranger}},
		// red files its own result of red-1's battle beside blue's.
		{name: "ResultNamedForItsSide", at: atBattles, file: "phases/01/results/red-1-red.toml",
			prep: func(t *testing.T, dir string) {
				testkit.WriteFile(t, dir, "phases/01/results/red-1-red.toml", []byte("filed_by = \"red\"\nwinner = \"attacker\"\n"))
			},
			want: [4]string{"This battle's result is in already, as phases/01/results/red-1.toml, and a battle has one result: change that file instead",
				"change that file instead", "confirm or dispute it in phases/01/confirmations/red-1.toml (`warmaster status` prints the line to write)", stranger}},
		{name: "ResultNamedAsACopy", at: atBattles, file: "phases/01/results/blue-1 (1).toml",
			prep: func(t *testing.T, dir string) {
				remove(t, dir, "phases/01/results/blue-1.toml")
				testkit.WriteFile(t, dir, "phases/01/results/blue-1 (1).toml", []byte("winner = \"attacker\"\n"))
			},
			// carol (red) may not write blue-1.toml either: told so, with
			// no rename to it.
			want: [4]string{`so this one is likely blue-1.toml; rename it`, "did you mean blue-1.toml?", "red did not fight blue-1's battle", stranger}},
		{name: "ConfirmationNamedForItsSide", at: atBattles, file: "phases/01/confirmations/red-1_red.toml",
			prep: func(t *testing.T, dir string) {
				testkit.WriteFile(t, dir, "phases/01/confirmations/red-1_red.toml", []byte("confirms = \"0\"\n"))
			},
			// blue filed red-1's result: its players are told the other
			// side confirms it, not to rename this to red-1.toml.
			want: [4]string{"Your own Alliance filed this result", "Your own Alliance filed this result", "this is likely phases/01/confirmations/red-1.toml, and that file is in already", stranger}},

		{name: "MovesBob", at: atSetup, file: "phases/01/moves/bob.toml",
			want: [4]string{"moves files are each player's own (yours is phases/01/moves/alice.toml)", ok, "moves files are each player's own", stranger}},
		{name: "MovesCarol", at: atSetup, file: "phases/01/moves/carol.toml",
			want: [4]string{"moves files are each player's own", "moves files", ok, stranger}},

		{name: "BuildsBlue", at: atSetup, file: "phases/01/builds/blue.toml",
			want: [4]string{ok, ok, "builds are each Alliance's own (yours is phases/01/builds/red.toml)", stranger}},
		{name: "BuildsRed", at: atSetup, file: "phases/01/builds/red.toml",
			want: [4]string{"yours is phases/01/builds/blue.toml", "builds are each Alliance's own", ok, stranger}},

		{name: "EventsBlue", at: atSetup, file: "phases/01/events/blue.toml",
			want: [4]string{ok, ok, "event choices are each Alliance's own (yours is phases/01/events/red.toml)", stranger}},
		{name: "EventsRed", at: atSetup, file: "phases/01/events/red.toml",
			want: [4]string{"event choices are each Alliance's own", "yours is phases/01/events/blue.toml", ok, stranger}},

		{name: "StateToml", at: atPhase2, file: "state.toml", want: [4]string{written, written, written, written}},
		{name: "JournalToml", at: atPhase2, file: "journal.toml", want: [4]string{written, written, written, written}},
		{name: "ReadmeMd", at: atPhase2, file: "README.md", want: [4]string{written, written, written, written}},
		{name: "ReportMd", at: atPhase2, file: "phases/01/report.md", want: [4]string{written, written, written, written}},
		{name: "ReportMdNotYetWritten", at: atSetup, file: "phases/03/report.md", want: [4]string{written, written, written, written}},
		{name: "BattleSheet", at: atPhase2, file: "phases/01/battles/blue-1.toml", want: [4]string{written, written, written, written}},
		{name: "BattleSheetRevealed", at: atBattles, file: "phases/01/battles/red-1.toml", want: [4]string{written, written, written, written}},
		// A file under battles/ that Warmaster never wrote: nobody is told
		// Warmaster wrote it, but where what it holds goes. Phase 1's
		// battles are blue-1 and red-1.
		{name: "BattlesResultThere", at: atBattles, file: "phases/01/battles/red-1-result.toml",
			prep: func(t *testing.T, dir string) {
				write(t, dir, "phases/01/battles/red-1-result.toml", "filed_by = \"blue\"\nwinner = \"defender\"\n")
			},
			want: [4]string{strayRed1, strayRed1, strayRed1, strayRed1}},
		// Taken out, as check asks: anyone may; a sheet taken out stays
		// Warmaster's.
		{name: "BattlesStrayDeleted", at: atBattles, file: "phases/01/battles/red-1-result.toml",
			want: [4]string{ok, ok, ok, ok}},
		{name: "BattleSheetDeleted", at: atBattles, file: "phases/01/battles/red-1.toml",
			prep: func(t *testing.T, dir string) { remove(t, dir, "phases/01/battles/red-1.toml") },
			want: [4]string{written, written, written, written}},
		{name: "BattlesCaseVariant", at: atBattles, file: "phases/01/battles/RED-1.toml",
			prep: func(t *testing.T, dir string) {
				write(t, dir, "phases/01/battles/RED-1.toml", "winner = \"defender\"\n")
			},
			want: [4]string{strayRed1, strayRed1, strayRed1, strayRed1}},
		{name: "BattlesSubfolder", at: atBattles, file: "phases/01/battles/red-1/result.toml",
			prep: func(t *testing.T, dir string) {
				write(t, dir, "phases/01/battles/red-1/result.toml", "winner = \"defender\"\n")
			},
			want: [4]string{strayRed1, strayRed1, strayRed1, strayRed1}},
		{name: "BattlesNotFought", at: atBattles, file: "phases/01/battles/green-2.toml",
			prep: func(t *testing.T, dir string) {
				write(t, dir, "phases/01/battles/green-2.toml", "battle = \"green-2\"\n")
			},
			want: [4]string{"green-2 fought no battle in phase 1", "green-2 fought no battle in phase 1", "green-2 fought no battle in phase 1", "green-2 fought no battle in phase 1"}},
		{name: "BattlesNotRevealed", at: atBattles, file: "phases/02/battles/red-1.toml",
			prep: func(t *testing.T, dir string) { write(t, dir, "phases/02/battles/red-1.toml", "battle = \"red-1\"\n") },
			want: [4]string{"phase 2's battles are not revealed yet", "phase 2's battles are not revealed yet", "phase 2's battles are not revealed yet", "phase 2's battles are not revealed yet"}},
		{name: "BattlesNoFleet", at: atPhase2, file: "phases/01/battles/notes.toml",
			prep: func(t *testing.T, dir string) { write(t, dir, "phases/01/battles/notes.toml", "# notes\n") },
			want: [4]string{strayAny, strayAny, strayAny, strayAny}},
		{name: "BattlesSubfolderNoBattle", at: atBattles, file: "phases/01/battles/notes/x.toml",
			prep: func(t *testing.T, dir string) { write(t, dir, "phases/01/battles/notes/x.toml", "# notes\n") },
			want: [4]string{strayAny, strayAny, strayAny, strayAny}},

		{name: "ConsumedInputChanged", at: atPhase2, file: "phases/01/orders/bob.toml",
			prep: func(t *testing.T, dir string) {
				edit(t, dir, "phases/01/orders/bob.toml", "fortification-line", "staging-grounds")
			},
			want: [4]string{"phase 1's step 1 Select Operations consumed", "a consumed input never changes", "restore it from git history", stranger}},
		{name: "ConsumedSetupChanged", at: atPhase2, file: "setup/blue.toml",
			prep: func(t *testing.T, dir string) { appendTo(t, dir, "setup/blue.toml", "# a comment\n") },
			want: [4]string{"the set-up consumed it", "the set-up consumed it", "the set-up consumed it", stranger}},
		{name: "ConsumedInputDeleted", at: atPhase2, file: "phases/01/results/red-1.toml",
			prep: func(t *testing.T, dir string) { remove(t, dir, "phases/01/results/red-1.toml") },
			want: [4]string{"deleting it would unmake what was applied", "phase 1's step 2.3 Resolve Battle Operations consumed", "deleting it", stranger}},
		{name: "ConsumedInputUnchanged", at: atPhase2, file: "phases/01/moves/bob.toml",
			want: [4]string{"moves files are each player's own", ok, "moves files are each player's own", stranger}},
		{name: "LateInput", at: atPhase2, file: "phases/01/results/blue-2.toml",
			prep: func(t *testing.T, dir string) {
				testkit.WriteFile(t, dir, "phases/01/results/blue-2.toml", []byte("winner = \"attacker\"\n"))
			},
			want: [4]string{"phase 1's step 2.3 Resolve Battle Operations was processed already", "would never be applied", "was processed already", stranger}},
		{name: "LateInputRemoved", at: atPhase2, file: "phases/01/results/blue-2.toml",
			want: [4]string{ok, ok, "blue-2 fought no battle in phase 1", stranger}},

		{name: "UnknownFile", at: atSetup, file: "notes.md",
			want: [4]string{"not a file players write", "not a file players write", "not a file players write", stranger}},
		{name: "UnknownPhaseFolder", at: atSetup, file: "phases/01/chat/bob.toml",
			want: [4]string{"not a file players write", "not a file players write", "not a file players write", stranger}},
		{name: "SealedResult", at: atSetup, file: "phases/01/results/blue-1.toml.age",
			want: [4]string{"not a file players write", "not a file players write", "not a file players write", stranger}},
		// What a killed run leaves in .warmaster/ is never in git: a
		// manifest committed there could otherwise forge state.
		{name: "WarmasterCommit", at: atPhase2, file: ".warmaster/commit",
			want: [4]string{own, own, own, own}},
		{name: "WarmasterNewFile", at: atPhase2, file: ".warmaster/new/0",
			want: [4]string{own, own, own, own}},
		{name: "NestedReadme", at: atSetup, file: "setup/README.md",
			want: [4]string{"not a file players write", "not a file players write", "not a file players write", stranger}},
	}
	bases := map[string]string{}
	for _, at := range []string{atSetup, atBattles, atPhase2} {
		bases[at] = exampleAt(t, at)
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "c")
			if err := os.CopyFS(dir, os.DirFS(bases[row.at])); err != nil {
				t.Fatal(err)
			}
			if row.prep != nil {
				row.prep(t, dir)
			}
			f, _, err := folder.LoadDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			if row.edit != nil {
				row.edit(f)
			}
			for i, actor := range roles {
				err := Authorize(f, actor, []string{row.file})
				want := row.want[i]
				switch {
				case want == ok && err != nil:
					t.Errorf("%s: refused, want allowed: %v", actor, err)
				case want != ok && err == nil:
					t.Errorf("%s: allowed, want refused (%q)", actor, want)
				case want != ok:
					var inv *processor.InvalidError
					if !errors.As(err, &inv) || len(inv.Faults) != 1 {
						t.Fatalf("%s: want one fault, got %v", actor, err)
					}
					fl := inv.Faults[0]
					if fl.File != row.file || !strings.Contains(fl.Message, string(actor)+" may not change this file: ") || !strings.Contains(fl.Message, want) {
						t.Errorf("%s: got %s, want a refusal of %s saying %q", actor, fl, row.file, want)
					}
				}
			}
		})
	}
}

func appendTo(t *testing.T, dir, file, text string) {
	t.Helper()
	fh, err := os.OpenFile(filepath.Join(dir, filepath.FromSlash(file)), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fh.WriteString(text); err != nil {
		t.Fatal(err)
	}
	if err := fh.Close(); err != nil {
		t.Fatal(err)
	}
}

func remove(t *testing.T, dir, file string) {
	t.Helper()
	if err := os.Remove(filepath.Join(dir, filepath.FromSlash(file))); err != nil {
		t.Fatal(err)
	}
}

func TestWithRefusals(t *testing.T) {
	checked := &processor.InvalidError{Faults: []processor.Fault{
		{File: "phases/01/orders/alice.toml", Line: 3, Col: 9, Message: "unknown planet"},
		{File: "phases/01/orders/bob.toml", Line: 2, Col: 1, Message: "unknown key"},
	}}
	refused := &processor.InvalidError{Faults: []processor.Fault{{File: "phases/01/orders/alice.toml", Line: 1, Col: 1, Message: "bob may not change this file"}}}
	t.Run("OK", func(t *testing.T) {
		if err := processor.WithRefusals(nil, nil); err != nil {
			t.Errorf("got %v, want nil", err)
		}
		if got := processor.WithRefusals(checked, nil); got != error(checked) {
			t.Errorf("got %v, want the check's faults", got)
		}
	})
	t.Run("RefusedFileOnlyRefused", func(t *testing.T) {
		got := processor.WithRefusals(checked, refused).Error()
		want := "phases/01/orders/alice.toml:1:1: bob may not change this file\nphases/01/orders/bob.toml:2:1: unknown key"
		if got != want {
			t.Errorf("got\n%s\nwant\n%s", got, want)
		}
	})
	t.Run("ErrOther", func(t *testing.T) {
		other := errors.New("read state.toml: permission denied")
		if got := processor.WithRefusals(other, refused); got != other {
			t.Errorf("got %v, want %v", got, other)
		}
	})
}

func TestCodeOwners(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		rules, err := CodeOwners(exampleAt(t, atSetup), nil)
		if err != nil {
			t.Fatal(err)
		}
		var lines []string
		for _, r := range rules {
			lines = append(lines, r.Pattern+" "+report.OneOf(r.Logins))
		}
		got := strings.Join(lines, "\n")
		for _, want := range []string{
			" alice\ncampaign.toml alice\nmap.toml alice\n",
			"setup/blue.toml alice, bob\nphases/*/builds/blue.toml alice, bob\nphases/*/events/blue.toml alice, bob\n",
			"phases/*/orders/bob.toml* bob, alice\nphases/*/moves/bob.toml bob, alice\n",
			"phases/*/orders/carol.toml* carol, dave\nphases/*/moves/carol.toml carol, dave\n",
			"phases/*/results/ alice, bob, carol, dave, erin, frank\n",
			"state.toml alice\njournal.toml alice\nREADME.md alice\nphases/*/report.md alice\nphases/*/battles/ alice",
		} {
			if !strings.Contains(got, want) {
				t.Errorf("rules lack\n%s\ngot\n%s", want, got)
			}
		}
	})
	// An Alliance of one: its player cannot approve their own pull
	// requests, so the Warmaster co-owns their files.
	t.Run("AllianceOfOne", func(t *testing.T) {
		dir := exampleAt(t, atSetup)
		edit(t, dir, processor.CampaignFile, "[[players]]\nlogin = \"dave\"\nalliance = \"red\"\n", "")
		edit(t, dir, processor.CampaignFile, "[[fleets]]\nid = \"red-2\"\nplayer = \"dave\"\n", "")
		rules, err := CodeOwners(dir, nil)
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]string{
			"setup/red.toml":              "carol, alice",
			"phases/*/orders/carol.toml*": "carol, alice",
			"phases/*/moves/carol.toml":   "carol, alice",
			"phases/*/orders/alice.toml*": "alice, bob",
		}
		for _, r := range rules {
			if w, ok := want[r.Pattern]; ok {
				if got := report.OneOf(r.Logins); got != w {
					t.Errorf("%s: got %s, want %s", r.Pattern, got, w)
				}
				delete(want, r.Pattern)
			}
		}
		if len(want) > 0 {
			t.Errorf("no rules for %v", want)
		}
	})
	t.Run("ErrNoWarmaster", func(t *testing.T) {
		dir := exampleAt(t, atSetup)
		edit(t, dir, processor.CampaignFile, "warmaster = true\n", "")
		_, err := CodeOwners(dir, nil)
		if !mentions(err, "no player is the Warmaster") {
			t.Errorf("got %v, want a fault: no Warmaster", err)
		}
	})
}

// anySide leaves red-1's result without filed_by: these cases are about
// which Alliances may report a battle (filed_by, which the other side's
// confirmation rests on, is confirm_test's in processor/repository).
func anySide(f *folder.Folder) {
	if res := f.Results[1]["red-1"]; res != nil {
		res.FiledBy = ""
	}
}

// In a campaign its repository declares, the repository's Warmasters (zoe,
// who plays in no campaign) alone edit the Warmaster's files, and rule on
// a disputed result as the campaign's Warmaster (alice) does; a player who
// is neither (bob) is refused, told who rules.
func TestAuthorizeRepositoryWarmasters(t *testing.T) {
	f, _, err := folder.LoadDir(exampleAt(t, atSetup))
	if err != nil {
		t.Fatal(err)
	}
	const ruling = "phases/01/rulings/blue-1.toml"
	for _, tc := range []struct {
		actor processor.Login
		file  string
		want  string // "" allowed, else words of the refusal
	}{
		{"zoe", ruling, ""},
		{"Zoe", ruling, ""},
		{"alice", ruling, ""},
		{"bob", ruling, "bob may not change this file: a ruling on a disputed result is the campaign's Warmaster's (alice) or the repository's (zoe) alone"},
		{"zed", ruling, "a ruling on a disputed result is the campaign's Warmaster's (alice) or the repository's (zoe) alone"},
		{"zoe", "map.toml", ""},
		{"zoe", "campaign.toml", ""},
		{"alice", "map.toml", "alice may not change this file: only the repository's Warmaster (zoe) edits map.toml"},
		{"alice", "campaign.toml", "only the repository's Warmaster (zoe) edits campaign.toml"},
	} {
		err := Authorize(f, tc.actor, []string{tc.file}, "zoe")
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s, %s: refused, want allowed: %v", tc.actor, tc.file, err)
		case tc.want != "" && !mentions(err, tc.want):
			t.Errorf("%s, %s: got %v, want a refusal saying %q", tc.actor, tc.file, err, tc.want)
		}
	}
	// Without a registry's, the campaign's Warmaster alone rules.
	if err := Authorize(f, "zoe", []string{ruling}); !mentions(err, "a ruling on a disputed result is the Warmaster's (alice) alone") {
		t.Errorf("zoe, no registry: got %v, want the refusal", err)
	}
}

// TestAuthorizeNoBattleRename: a result named after its battle with
// something added, where no file has the battle's name, carries the
// rename that mends it (a suggestion the player commits in one click);
// beside the battle's result, it carries none.
func TestAuthorizeNoBattleRename(t *testing.T) {
	dir := exampleAt(t, atBattles)
	remove(t, dir, "phases/01/results/blue-1.toml")
	testkit.WriteFile(t, dir, "phases/01/results/blue-1 (1).toml", []byte("winner = \"attacker\"\n"))
	testkit.WriteFile(t, dir, "phases/01/results/red-1-red.toml", []byte("winner = \"attacker\"\n"))
	f, _, err := folder.LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ actor, file, want string }{
		{"bob", "phases/01/results/blue-1 (1).toml", "phases/01/results/blue-1.toml"},
		{"carol", "phases/01/results/blue-1 (1).toml", ""}, // red did not fight blue-1: blue-1.toml is not hers either
		{"carol", "phases/01/results/red-1-red.toml", ""},
	} {
		file, want := c.file, c.want
		var inv *processor.InvalidError
		if err := Authorize(f, processor.Login(c.actor), []string{file}); !errors.As(err, &inv) || len(inv.Faults) != 1 {
			t.Fatalf("%s: want one fault, got %v", file, err)
		}
		got := ""
		if fx := inv.Faults[0].Fix; fx != nil && fx.Kind == processor.FixRename {
			got = fx.Meant
		}
		if got != want {
			t.Errorf("%s by %s: renamed to %q, want %q", file, c.actor, got, want)
		}
	}
}
