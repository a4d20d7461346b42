package processor

import (
	"fmt"
	"strings"

	"github.com/warmaster/warmaster/processor/report"
)

// NotAwaitedError refuses a draft of a file the campaign does not wait for.
type NotAwaitedError struct {
	Files   []string // the files refused
	Step    string   // where the campaign stands: "phase 2 of 3, waiting for step 1 Select Operations"
	Awaited []string // the files it waits for
	// Early are the refused files that may come early: a player's input
	// for a later step of this phase, whose draft comes when that step is
	// awaited (its legal choices depend on the steps before it).
	Early []EarlyFile
}

// EarlyFile is a player's input that may be written before its step.
type EarlyFile struct {
	File string
	Step string // the step that awaits it: "4 Move Fleets"
}

func (e *NotAwaitedError) Error() string {
	what := "nothing: no step waits for input"
	switch n := len(e.Awaited); {
	case n > maxNamed:
		what = fmt.Sprintf("%s and %d more (`warmaster status` lists them)", strings.Join(e.Awaited[:maxNamed], ", "), n-maxNamed)
	case n > 0:
		what = strings.Join(e.Awaited, ", ")
	}
	msg := fmt.Sprintf("%s %s not awaited (%s); awaited: %s", strings.Join(e.Files, ", "), report.Agree(len(e.Files), "is", "are"), e.Step, what)
	for _, x := range e.Early {
		msg += fmt.Sprintf("\n%s: its draft comes when step %s awaits it, as its choices depend on the steps before; until then you may write it by hand (it is checked against the map when its step comes)", x.File, x.Step)
	}
	return msg
}

// maxNamed is the most awaited files a message names.
const maxNamed = 12
