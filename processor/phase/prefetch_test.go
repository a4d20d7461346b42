package phase

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/internal/testkit"
)

// The results of a big phase are read and decoded a chunk ahead on the
// other CPUs (folder's eachDecoded): what check reports, and in what order,
// is what it reports reading them one after another — across chunks, with
// faulty files in several of them.
func TestResultsDecodedAheadReportAsInTurn(t *testing.T) {
	dir := genBattles(t, 1300) // three chunks of results
	for i := 7; i < 1300; i += 211 {
		testkit.WriteFile(t, dir, processor.InputPath(1, "results", fmt.Sprintf("f%d", i)), []byte("played = 2027-01-01T00:00:00Z\nwinner = \"attaker\"\n"))
	}
	testkit.WriteFile(t, dir, processor.InputPath(1, "results", "f1299"), []byte("winner = \n"))
	check := func(procs int) string {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		_, err := Check(dir, Options{Now: time.Date(2027, 2, 2, 0, 0, 0, 0, time.UTC)})
		if err == nil {
			t.Fatal("check passed a phase with faulty results")
		}
		return err.Error()
	}
	inTurn, ahead := check(1), check(2)
	if ahead != inTurn {
		t.Errorf("decoded ahead, check said:\n%s\none after another:\n%s", ahead, inTurn)
	}
	for i := 7; i < 1300; i += 211 {
		if want := fmt.Sprintf("phases/01/results/f%d.toml:2:", i); !strings.Contains(ahead, want) {
			t.Errorf("no fault at %s in:\n%s", want, ahead)
		}
	}
}
