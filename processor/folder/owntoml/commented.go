package owntoml

import (
	"fmt"
	"strings"
)

// Commented is a TOML text being written for a person: lines of TOML, and
// comments, some of which only list choices (Help) and are left out of
// the short version (a draft carried by a link).
type Commented struct {
	lines []commentedLine
}

type commentedLine struct {
	text string
	help bool
}

// CommentWidth is where comments are wrapped.
const CommentWidth = 78

// Say adds a comment every version keeps.
func (t *Commented) Say(format string, args ...any) { t.comment(false, format, args...) }

// Help adds a comment that lists choices: not in the short version.
func (t *Commented) Help(format string, args ...any) { t.comment(true, format, args...) }

func (t *Commented) comment(help bool, format string, args ...any) {
	for _, l := range wrapComment(fmt.Sprintf(format, args...)) {
		t.lines = append(t.lines, commentedLine{l, help})
	}
}

// TOML adds a line of TOML (which may end in a comment).
func (t *Commented) TOML(format string, args ...any) {
	t.lines = append(t.lines, commentedLine{text: fmt.Sprintf(format, args...)})
}

// Blank adds a blank line: none first, and never two together.
func (t *Commented) Blank() { t.lines = append(t.lines, commentedLine{}) }

// Text is the text written, short without the Help comments.
func (t *Commented) Text(short bool) string {
	var b strings.Builder
	blank := true // no blank line first
	for _, l := range t.lines {
		switch {
		case short && l.help:
			continue
		case l.text == "":
			if !blank {
				b.WriteByte('\n')
			}
			blank = true
			continue
		}
		b.WriteString(l.text)
		b.WriteByte('\n')
		blank = false
	}
	return strings.TrimRight(b.String(), "\n") + "\n"
}

// wrapComment wraps text into "# " comment lines, continued two spaces
// further in; text that starts with spaces keeps them.
func wrapComment(text string) []string {
	indent := text[:len(text)-len(strings.TrimLeft(text, " "))]
	var out []string
	line := "#" + indent
	for _, w := range strings.Fields(text) {
		if len(line)+1+len(w) > CommentWidth && len(line) > len(indent)+4 {
			out = append(out, line)
			line = "#  " + indent
		}
		line += " " + w
	}
	return append(out, line)
}
