package trust

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/folder/owntoml"
	"github.com/warmaster/warmaster/processor/internal/testkit"
	"github.com/warmaster/warmaster/processor/report"
)

// checkJournal refuses entries a run could not have written, at the entry
// or value, and a last step that is not the one before the state's.
func TestCheckJournal(t *testing.T) {
	at := time.Date(2027, 1, 8, 18, 0, 0, 0, time.UTC)
	sum := strings.Repeat("0a", 32)
	in := []owntoml.JournalInput{{Path: "phases/01/orders/alice.toml", SHA256: sum}}
	ok := []owntoml.JournalEntry{
		{Phase: 0, Step: processor.StepSetup, Applied: at},
		{Phase: 1, Step: processor.StepOperations, Applied: at, Inputs: in},
		{Phase: 1, Step: processor.StepBattles, Applied: at},
		{Phase: 1, Step: processor.StepMoves, Applied: at},
		{Phase: 1, Step: processor.StepBuilds, Applied: at},
		{Phase: 2, Step: processor.StepOpenTome, Applied: at},
	}
	c := &processor.Campaign{Phases: 3}
	for _, tc := range []struct {
		name  string
		edit  func([]owntoml.JournalEntry) []owntoml.JournalEntry
		state folder.StepAt
		want  string // "" or the pointer and the start of a fault (one may lead to more)
	}{
		{"OK", nil, folder.StepAt{Phase: 2, Step: processor.StepOperations}, ""},
		{"ErrNoAppliedTime", func(es []owntoml.JournalEntry) []owntoml.JournalEntry { es[2].Applied = time.Time{}; return es }, folder.StepAt{Phase: 2, Step: processor.StepOperations}, "/steps/2: this step has no applied time"},
		{"ErrOutOfOrder", func(es []owntoml.JournalEntry) []owntoml.JournalEntry { es[3], es[4] = es[4], es[3]; return es }, folder.StepAt{Phase: 2, Step: processor.StepOperations}, "/steps/3: phase 1, step builds cannot follow phase 1, step battles"},
		{"ErrSetupInPhase2", func(es []owntoml.JournalEntry) []owntoml.JournalEntry { es[5].Step = processor.StepSetup; return es }, folder.StepAt{Phase: 2, Step: processor.StepOperations}, "/steps/5/phase: phase 2 with step \"setup\""},
		{"ErrPhaseOutOfRange", func(es []owntoml.JournalEntry) []owntoml.JournalEntry { es[5].Phase = 9; return es }, folder.StepAt{Phase: 2, Step: processor.StepOperations}, "/steps/5/phase: phase 9 is outside 1–3"},
		{"OKNotApplied", func(es []owntoml.JournalEntry) []owntoml.JournalEntry {
			es[1].Inputs = []owntoml.JournalInput{
				{Path: "phases/01/orders/bob.toml", NotApplied: "arrived after phase 1's step 1 Select Operations was processed"},
				{Path: "phases/01/orders/carol.toml", SHA256: sum, NotApplied: "2 faults past the operations deadline"},
			}
			return es
		}, folder.StepAt{Phase: 2, Step: processor.StepOperations}, ""},
		{"OKDice", func(es []owntoml.JournalEntry) []owntoml.JournalEntry {
			es[2].Dice, es[2].DiceSHA256 = 12, sum
			es[3].DiceSHA256 = sum // no dice: the digest of none
			return es
		}, folder.StepAt{Phase: 2, Step: processor.StepOperations}, ""},
		{"ErrInputOutside", func(es []owntoml.JournalEntry) []owntoml.JournalEntry {
			es[1].Inputs = []owntoml.JournalInput{{Path: "../other/x.toml", SHA256: sum}}
			return es
		}, folder.StepAt{Phase: 2, Step: processor.StepOperations}, "/steps/1/inputs/0/path: the input \"../other/x.toml\" goes up a folder"},
		{"ErrInputNotInput", func(es []owntoml.JournalEntry) []owntoml.JournalEntry {
			es[1].Inputs = []owntoml.JournalInput{{Path: "state.toml", SHA256: sum}}
			return es
		}, folder.StepAt{Phase: 2, Step: processor.StepOperations}, "/steps/1/inputs/0/path: the input \"state.toml\" is not an input file"},
		{"ErrInputDigest", func(es []owntoml.JournalEntry) []owntoml.JournalEntry {
			es[1].Inputs = []owntoml.JournalInput{{Path: "phases/01/orders/alice.toml", SHA256: "abc"}}
			return es
		}, folder.StepAt{Phase: 2, Step: processor.StepOperations}, "/steps/1/inputs/0/sha256: \"abc\" is not a SHA-256"},
		{"ErrInputNoDigest", func(es []owntoml.JournalEntry) []owntoml.JournalEntry {
			es[1].Inputs = []owntoml.JournalInput{{Path: "phases/01/orders/alice.toml"}}
			return es
		}, folder.StepAt{Phase: 2, Step: processor.StepOperations}, "/steps/1/inputs/0: this input has no sha256: only a file not applied"},
		{"ErrDiceNegative", func(es []owntoml.JournalEntry) []owntoml.JournalEntry {
			es[2].Dice, es[2].DiceSHA256 = -1, sum
			return es
		}, folder.StepAt{Phase: 2, Step: processor.StepOperations}, "/steps/2/dice: dice = -1"},
		{"ErrDiceDigest", func(es []owntoml.JournalEntry) []owntoml.JournalEntry {
			es[2].Dice, es[2].DiceSHA256 = 3, "x"
			return es
		}, folder.StepAt{Phase: 2, Step: processor.StepOperations}, "/steps/2/dice_sha256: \"x\" is not a SHA-256"},
		{"ErrDiceNoDigest", func(es []owntoml.JournalEntry) []owntoml.JournalEntry { es[2].Dice = 3; return es }, folder.StepAt{Phase: 2, Step: processor.StepOperations}, "/steps/2/dice: dice = 3 without dice_sha256"},
		{"ErrCutShort", func(es []owntoml.JournalEntry) []owntoml.JournalEntry { return es[:4] }, folder.StepAt{Phase: 2, Step: processor.StepOperations}, "/steps/3: the last step applied is phase 1, step moves, so the campaign waits for phase 1, step builds"},
		{"ErrEmpty", func([]owntoml.JournalEntry) []owntoml.JournalEntry { return nil }, folder.StepAt{Phase: 2, Step: processor.StepOperations}, ": the journal has no step, but state.toml is at phase 2, step operations"},
		// The journal's times are history: each step's is its run's, in the
		// order the steps were applied (issue: an edited time passed).
		{"ErrTimeBeforePrevious", func(es []owntoml.JournalEntry) []owntoml.JournalEntry { es[3].Applied = at.Add(-time.Hour); return es }, folder.StepAt{Phase: 2, Step: processor.StepOperations}, "/steps/3/applied: phase 1, step moves was applied at 2027-01-08T17:00:00Z, before the step before it (2027-01-08T18:00:00Z)"},
		{"OKSameRun", func(es []owntoml.JournalEntry) []owntoml.JournalEntry {
			for i := 3; i < len(es); i++ {
				es[i].Applied = at.Add(48 * time.Hour)
			}
			return es
		}, folder.StepAt{Phase: 2, Step: processor.StepOperations}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			es := slices.Clone(ok)
			if tc.edit != nil {
				es = tc.edit(es)
			}
			var fs processor.Faults
			folder.CheckJournal(c, &processor.State{Phase: tc.state.Phase, Step: tc.state.Step}, es, &fs)
			if tc.want == "" {
				if len(fs.List) > 0 {
					t.Fatalf("faults %v, want none", fs.List)
				}
				return
			}
			if !slices.ContainsFunc(fs.List, func(f processor.Fault) bool { return strings.HasPrefix(f.Ptr+": "+f.Message, tc.want) }) {
				t.Errorf("faults %v, want one %q…", fs.List, tc.want)
			}
		})
	}
}

// A run at now cannot follow a step applied after it: the journal's times
// are history (an edited time, or a clock set back, is refused).
func TestCheckJournalTime(t *testing.T) {
	at := time.Date(2027, 1, 8, 18, 0, 0, 0, time.UTC)
	es := []owntoml.JournalEntry{
		{Phase: 0, Step: processor.StepSetup, Applied: at},
		{Phase: 1, Step: processor.StepOperations, Applied: at.Add(time.Hour)},
	}
	t.Run("OK", func(t *testing.T) {
		var fs processor.Faults
		folder.CheckJournalTime(es, at.Add(time.Hour), &fs)
		if len(fs.List) > 0 {
			t.Fatalf("faults %v, want none", fs.List)
		}
	})
	t.Run("ErrAfterNow", func(t *testing.T) {
		var fs processor.Faults
		folder.CheckJournalTime(es, at.Add(30*time.Minute), &fs)
		want := "/steps/1/applied: phase 1, step operations was applied at 2027-01-08T19:00:00Z, after the time of this run (2027-01-08T18:30:00Z)"
		if len(fs.List) != 1 || !strings.HasPrefix(fs.List[0].Ptr+": "+fs.List[0].Message, want) {
			t.Errorf("faults %v, want one %q…", fs.List, want)
		}
	})
}

// Every state a test makes has a journal step before it (writePrestate).
func TestPreviousStep(t *testing.T) {
	for phase := 1; phase <= 3; phase++ {
		for step := processor.StepOpenTome; step <= processor.StepEnded; step++ {
			if _, ok := testkit.PreviousStep(folder.StepAt{Phase: phase, Step: step}); !ok {
				t.Errorf("no step before %s", folder.StepAt{Phase: phase, Step: step})
			}
		}
	}
}

// rosterCase is the rules cases' campaign with roster changes, and the
// folder holding it.
func rosterCase(t *testing.T, changes string) (string, *processor.Campaign) {
	t.Helper()
	dir := t.TempDir()
	base, err := os.ReadFile(filepath.Join(testkit.BaseDir(), "campaign.toml"))
	if err != nil {
		t.Fatal(err)
	}
	testkit.WriteFile(t, dir, processor.CampaignFile, append(base, changes...))
	mapToml, err := os.ReadFile(filepath.Join(testkit.BaseDir(), "map.toml"))
	if err != nil {
		t.Fatal(err)
	}
	testkit.WriteFile(t, dir, processor.MapFile, mapToml)
	return dir, testkit.LoadCampaign(t, dir)
}

// What state.toml says of fleets and players is read against the roster
// in effect (state.toml roster) and, for what was decided earlier, against
// campaign.toml: a player named by Machinations of Fate may have left since.
func TestReadBackRoster(t *testing.T) {
	const changes = `
[[players]]
login = "gina"
alliance = "green"

[[fleets]]
id = "green-3"
player = "gina"
start = "karabas"

[[roster_changes]]
phase = 2
step = "moves"
leave = "dave"

[[roster_changes]]
phase = 3
join = "gina"
`
	t.Run("OKDefectorLeft", func(t *testing.T) {
		// dave defected to green for phase 2 (Machinations of Fate), and
		// left as phase 2's moves came: his fleet went to carol.
		dir, c := rosterCase(t, changes)
		s := testkit.ParsePrestate(t, c, "phase 2\nstep moves")
		s.Roster = 1
		s.C = c.RosterAt(1).WithAllegiance(nil, map[processor.FleetID]processor.Login{"red-2": "carol"})
		s.Effects = []processor.Effect{{Event: processor.MachinationsOfFate, Phase: 2, Players: map[processor.Login]processor.AllianceID{"dave": "green"}}}
		testkit.WritePrestate(t, dir, s)
		if _, err := folder.Load(dir); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("ErrFleetJoinsLater", func(t *testing.T) {
		dir, c := rosterCase(t, changes)
		s := testkit.ParsePrestate(t, c, "phase 2\nstep operations")
		testkit.WritePrestate(t, dir, s)
		s.Fleets["green-3"] = "karabas"
		testkit.WriteFile(t, dir, processor.StateFile, folder.EncodeState(s, owntoml.StateFormat)) // as if gina had joined: green-3 on the map
		_, err := folder.Load(dir)
		if want := `fleet "green-3" is not on the map at roster = 0: gina joins later (from phase 3, step operations`; !mentions(err, want) {
			t.Errorf("load: %v; want %q", err, want)
		}
	})
}

// An unknown fleet's fault lists the valid ones, unless there are too many
// to list in each of thousands of faults.
func TestReadBackUnknownFleets(t *testing.T) {
	for _, tc := range []struct {
		name   string
		fleets int
		want   string
	}{
		{"ErrFew", 0, `unknown fleet "zz-9": campaign.toml's fleets are blue-1, blue-2, red-1, red-2, green-1, green-2`},
		{"ErrMany", report.MaxListed, fmt.Sprintf(`unknown fleet "zz-9": not one of the %d fleets campaign.toml declares`, 6+report.MaxListed)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var more strings.Builder
			for i := range tc.fleets {
				fmt.Fprintf(&more, "\n[[fleets]]\nid = \"extra-%d\"\nplayer = \"alice\"\n", i)
			}
			dir, c := rosterCase(t, more.String())
			s := testkit.ParsePrestate(t, c, "phase 1\nstep moves")
			testkit.WritePrestate(t, dir, s)
			testkit.AppendFile(t, dir, processor.StateFile, "\n[fleets.zz-9]\nplanet = \"masnet\"\n")
			if _, err := folder.Load(dir); !mentions(err, tc.want) {
				t.Errorf("load: %v; want %q", err, tc.want)
			}
		})
	}
}

// state.toml's [[events]]: held marks an event waiting behind an earlier
// one that waits for choices (RULINGS 45); files written before events were
// held have none and read as they did.
func TestReadBackHeldEvents(t *testing.T) {
	for _, tc := range []struct {
		name   string
		events []processor.Effect
		want   string // "" or the start of a fault
	}{
		{"OKWithoutHeld", []processor.Effect{{Event: processor.ACostlyBargain, Phase: 2, Alliance: "green"}, {Event: processor.ArcheotechRiches, Phase: 2, Planets: []processor.PlanetID{"masnet"}}}, ""},
		{"OKHeld", []processor.Effect{{Event: processor.ACostlyBargain, Phase: 2, Alliance: "green"}, {Event: processor.StarvationAndDisease, Phase: 2, Held: true}}, ""},
		{"ErrHeldFirst", []processor.Effect{{Event: processor.StarvationAndDisease, Phase: 2, Held: true}, {Event: processor.ACostlyBargain, Phase: 2, Alliance: "green"}}, "held, but no event before it in [[events]] waits for choices"},
		{"ErrHeldWaits", []processor.Effect{{Event: processor.ACostlyBargain, Phase: 2, Alliance: "green"}, {Event: processor.LullInTheFighting, Phase: 2, Held: true}}, "Lull in the Fighting waits for choices itself"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir, c := rosterCase(t, "")
			s := testkit.ParsePrestate(t, c, "phase 2\nstep events")
			s.Events = tc.events
			testkit.WritePrestate(t, dir, s)
			f, err := folder.Load(dir)
			switch {
			case tc.want == "" && err != nil:
				t.Fatal(err)
			case tc.want == "":
				if got := f.State.Events; !slices.EqualFunc(got, tc.events, func(x, y processor.Effect) bool { return x.Event == y.Event && x.Held == y.Held }) {
					t.Errorf("read back %+v; want %+v", got, tc.events)
				}
			case !mentions(err, tc.want):
				t.Errorf("load: %v; want %q", err, tc.want)
			}
		})
	}
}
