package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
	"github.com/warmaster/warmaster/processor"
)

// GitHub's workflow-command escaping: data escapes %, CR and LF; property
// values also : and ,.
func TestEscape(t *testing.T) {
	const in = "50% of a,b: c\r\nd"
	if got, want := escapeData(in), "50%25 of a,b: c%0D%0Ad"; got != want {
		t.Errorf("escapeData(%q) = %q, want %q", in, got, want)
	}
	if got, want := escapeProperty(in), "50%25 of a%2Cb%3A c%0D%0Ad"; got != want {
		t.Errorf("escapeProperty(%q) = %q, want %q", in, got, want)
	}
	// % first: an escape sequence already in the text is kept as text.
	if got, want := escapeData("%0A"), "%250A"; got != want {
		t.Errorf("escapeData(%q) = %q, want %q", "%0A", got, want)
	}
}

func TestWriteAnnotations(t *testing.T) {
	var b strings.Builder
	writeAnnotations(&b, []processor.Fault{
		{File: "c/phases/01/orders/a.toml", Line: 3, Col: 7, Message: "bad: x, y\nz"},
		{File: "c/state.toml", Message: "refused"},
	})
	want := "::error file=c/phases/01/orders/a.toml,line=3,col=7,title=warmaster::bad: x, y%0Az\n" +
		"::error file=c/state.toml,title=warmaster::refused\n"
	if got := b.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestFitSummary: a job summary stays within the 1 MiB GitHub takes of a
// step's (past it GitHub drops all of it, the faults table too): what
// fits is kept whole, the rest cut at the end of a line, said so, with
// how many lines are left to the job's log.
func TestFitSummary(t *testing.T) {
	md := "### warmaster check: 3 problems\n\n| file | problem |\n|---|---|\n| a.toml | x |\n| b.toml | y |\n| c.toml | z |\n"
	if got := fitSummary(md, int64(len(md))); got != md {
		t.Errorf("a summary that fits was changed: %q", got)
	}
	for room := int64(0); room < int64(len(md)); room++ {
		got := fitSummary(md, room)
		if int64(len(got)) > room {
			t.Fatalf("room %d: %d bytes written", room, len(got))
		}
		if got == "" {
			continue
		}
		head, note, ok := strings.Cut(got, "\n\n**The rest of this summary is cut (")
		if !ok || !strings.HasPrefix(md, head) || head != "" && !strings.HasSuffix(head, "\n") {
			t.Fatalf("room %d: not md cut at a line's end, then the note: %q", room, got)
		}
		if rest := strings.Count(md[len(head):], "\n"); !strings.HasPrefix(note, fmt.Sprintf("%d more line", rest)) {
			t.Errorf("room %d: %q does not say %d lines are cut", room, note, rest)
		}
	}
	// The note alone fits from about 200 bytes: less gets nothing.
	if got := fitSummary(md, 10); got != "" {
		t.Errorf("room 10: %q", got)
	}
}

// TestAppendSummaryWithinLimit: appended to a summary file that holds
// some already, a table of 40,000 faults (about 3 MB) is cut so that the
// file stays within GitHub's 1 MiB.
func TestAppendSummaryWithinLimit(t *testing.T) {
	file := filepath.Join(t.TempDir(), "summary.md")
	if err := os.WriteFile(file, []byte(strings.Repeat("earlier step's line\n", 1000)), 0o644); err != nil {
		t.Fatal(err)
	}
	faults := make([]processor.Fault, 40000)
	for i := range faults {
		faults[i] = processor.Fault{File: fmt.Sprintf("c/phases/01/results/fleet-%d.toml", i), Line: 3, Col: 9, Message: "unknown planet \"astarthen\": did you mean astarthem?"}
	}
	app := cli.NewApp()
	app.ErrWriter = io.Discard
	appendSummary(cli.NewContext(app, nil, nil), file, faultTable("warmaster check: 40,000 problems in c", faults))
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) > summaryLimit || len(data) < summaryLimit-1000 {
		t.Errorf("summary is %d bytes, want just within %d", len(data), summaryLimit)
	}
	if !strings.HasPrefix(string(data), "earlier step's line\n") || !strings.Contains(string(data), "| c/phases/01/results/fleet-0.toml ") ||
		!strings.HasSuffix(string(data), "The job's log has the whole of it.**\n") {
		t.Errorf("summary does not keep what was there, the table's start and the note: ...%s", data[len(data)-300:])
	}
}
