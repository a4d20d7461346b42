package main

import (
	"bytes"
	"strings"
	"testing"
)

// runnerCommand reports whether a GitHub Actions runner would read the line
// as a workflow command, as actions/runner's ActionCommand.TryParseV2 and
// TryParse do: the line, with leading white space trimmed, starts with
// "::" and has a second "::" after it; or it holds "##[" with a "]" after.
// (Whether the name is a registered command does not matter here: the
// tests' lines use real ones.)
func runnerCommand(line string) bool {
	v2 := strings.TrimLeftFunc(line, isCommandSpace)
	if rest, ok := strings.CutPrefix(v2, "::"); ok && strings.Contains(rest, "::") {
		return true
	}
	if i := strings.Index(line, "##["); i >= 0 && strings.Contains(line[i:], "]") {
		return true
	}
	return false
}

// runnerLines splits output as the runner's StreamReader.ReadLine does: at
// LF, CR and CR LF.
func runnerLines(out string) []string {
	out = strings.ReplaceAll(out, "\r\n", "\n")
	return strings.FieldsFunc(out, func(r rune) bool { return r == '\n' || r == '\r' })
}

func TestCommandSafe(t *testing.T) {
	attacks := []string{
		"::error::forged\n",
		"  ::add-mask::campaign\n",
		"\t::stop-commands::token\n",
		"\u00a0::error file=x::nbsp\n",
		"\u2003\u3000::warning::em and ideographic spaces\n",
		"\u200b::error::zero-width space\n",
		"\ufeff::error::byte-order mark\n",
		"report line\r::error::after a bare CR\n",
		"a note ##[add-mask]secret\n",
		"##[error]legacy at the start\n",
		"ok\n::error::after a newline in one write\n",
		"::error::no newline at the end",
	}
	for _, attack := range attacks {
		var out bytes.Buffer
		w := newCommandSafe(&out)
		// Byte by byte: a line split over writes is still one line.
		for i := 0; i < len(attack); i++ {
			if _, err := w.Write([]byte{attack[i]}); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		for _, line := range runnerLines(out.String()) {
			if runnerCommand(line) {
				t.Errorf("%q: the runner reads %q as a workflow command", attack, line)
			}
		}
		// Only the backslashes are added.
		if got := strings.ReplaceAll(out.String(), `\`, ""); got != attack {
			t.Errorf("%q came out as %q", attack, out.String())
		}
	}
}

func TestCommandSafeKeepsOrdinaryText(t *testing.T) {
	const text = "camp/phases/01/orders/alice.toml:5:10: unknown planet \"x\"\n" +
		"## Phase 1 [report](phases/01/report.md)\n| a | b::c |\n"
	var out bytes.Buffer
	w := newCommandSafe(&out)
	w.Write([]byte(text))
	w.Flush()
	if got := out.String(); got != text {
		t.Errorf("got %q, want it unchanged", got)
	}
}

// Annotations are written as they are, after the lines held before them.
func TestWorkflowCommandsBypass(t *testing.T) {
	var out bytes.Buffer
	w := newCommandSafe(&out)
	w.Write([]byte("held\n"))
	writeAnnotations(workflowCommands(w), nil)
	workflowCommands(w).Write([]byte("::error title=warmaster::meant\n"))
	w.Write([]byte("::error::not meant\n"))
	w.Flush()
	if got, want := out.String(), "held\n::error title=warmaster::meant\n\\::error::not meant\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
