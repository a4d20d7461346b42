package main

import (
	"bytes"
	"io"
	"unicode"
)

// A GitHub Actions runner reads every line a step prints for workflow
// commands (actions/runner, ActionCommand.cs): a line that, once leading
// white space is trimmed, starts with "::" (::error, ::add-mask,
// ::stop-commands, …), and a line holding "##[" anywhere (the legacy
// ##[command] form). It reads lines as .NET's StreamReader.ReadLine splits
// them: at LF, at CR, and at CR LF. Text a player controls — a TOML string
// with "\n::error::…" in it, a file name — reaches what warmaster prints, and
// the action prints it to the job's log; so every line warmaster prints
// passes through a commandSafe writer, which escapes those two forms with a
// backslash: "\::error::…", "##\[…". Markdown (plan, status) renders
// "\:" and "\[" as ":" and "[", so the job summary reads as written.
//
// The annotations of --format github are the one thing printed as workflow
// commands on purpose: they bypass the escaping through workflowCommands,
// their message and properties escaped as GitHub's toolkit does (format.go).
type commandSafe struct {
	w    io.Writer
	line []byte // the current line, until its end
	err  error  // the first write error, returned from then on
}

func newCommandSafe(w io.Writer) *commandSafe { return &commandSafe{w: w} }

// Write passes p on line by line: a line is written once its end (LF or
// CR) has come, escaped if it would be read as a workflow command.
func (s *commandSafe) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n := len(p)
	for len(p) > 0 {
		i := bytes.IndexAny(p, "\r\n")
		if i < 0 {
			s.line = append(s.line, p...)
			break
		}
		s.line = append(s.line, p[:i+1]...)
		p = p[i+1:]
		if err := s.flushLine(); err != nil {
			return n - len(p), err
		}
	}
	return n, nil
}

// Flush writes an unfinished last line.
func (s *commandSafe) Flush() error {
	if s.err != nil || len(s.line) == 0 {
		return s.err
	}
	return s.flushLine()
}

func (s *commandSafe) flushLine() error {
	_, s.err = s.w.Write(neutralize(s.line))
	s.line = s.line[:0]
	return s.err
}

// workflowCommands is where warmaster writes the workflow commands it means
// to print (--format github's annotations): w itself, or, for a
// commandSafe writer, what it writes to, after the lines it holds.
func workflowCommands(w io.Writer) io.Writer {
	if s, ok := w.(*commandSafe); ok {
		s.Flush()
		return s.w
	}
	return w
}

// unwrap is the writer underneath a commandSafe one (to ask whether it is
// a terminal).
func unwrap(w io.Writer) io.Writer {
	if s, ok := w.(*commandSafe); ok {
		return s.w
	}
	return w
}

// neutralize escapes one line (with its end) so that a runner does not read
// it as a workflow command; other lines are returned as they are.
func neutralize(line []byte) []byte {
	rest := bytes.TrimLeftFunc(line, isCommandSpace)
	start := bytes.HasPrefix(rest, []byte("::"))
	legacy := bytes.Contains(line, []byte("##["))
	if !start && !legacy {
		return line
	}
	out := make([]byte, 0, len(line)+4)
	if start {
		lead := len(line) - len(rest)
		out = append(out, line[:lead]...)
		out = append(out, '\\')
		out = append(out, rest...)
	} else {
		out = append(out, line...)
	}
	if legacy {
		out = bytes.ReplaceAll(out, []byte("##["), []byte(`##\[`))
	}
	return out
}

// isCommandSpace is what the runner's String.TrimStart trims (.NET's
// char.IsWhiteSpace: Unicode's White_Space, as unicode.IsSpace), and, to be
// safe from one Unicode version to the next, the invisible characters that
// were once classed as spaces or could be taken for them (U+180E, the
// zero-width space, joiners and the byte-order mark).
func isCommandSpace(r rune) bool {
	if unicode.IsSpace(r) {
		return true
	}
	switch r {
	case '\u180e', '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff':
		return true
	}
	return false
}
