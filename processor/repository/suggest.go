package repository

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/schema"
)

// Suggestion is a review comment on one line of a pull request's file that
// mends a fault the check found, where the mending is sure: GitHub shows
// its ```suggestion block as a change the player commits in one click.
type Suggestion struct {
	File string // slash path from the repository's root
	Line int    // the line, in the file at the pull request's head
	// Text is the line as it should be (a suggested change); "" for a
	// comment GitHub cannot apply (a file to rename: suggestions change
	// lines, never a file's name).
	Text string
	// Fault is the fault's message, which the comment quotes (the
	// messages, one a line, of several mended on one line).
	Fault string
	// Rename is the path from the repository's root the file was meant to
	// have, for a file to rename.
	Rename string
	// Key names the suggestion in a hidden marker: the same suggestion on
	// the same line of the same file has the same key, so a re-run of the
	// check posts it once.
	Key string
}

// Body is the review comment's Markdown: the hidden marker, the fault, and
// the suggested change (or, for a rename, what to do by hand).
func (s Suggestion) Body() string {
	var b strings.Builder
	fmt.Fprintf(&b, "<!-- warmaster:suggestion %s -->\n", s.Key)
	// The message quotes what the player wrote: in a code span, where
	// GitHub renders no Markdown, HTML or @mention of it; one a line.
	for _, msg := range strings.Split(s.Fault, "\n") {
		tick := "`"
		for strings.Contains(msg, tick) {
			tick += "`"
		}
		pad := ""
		if strings.HasPrefix(msg, "`") || strings.HasSuffix(msg, "`") {
			pad = " "
		}
		fmt.Fprintf(&b, "**warmaster check:** %s%s%s%s%s\n", tick, pad, msg, pad, tick)
	}
	b.WriteString("\n")
	if s.Text == "" {
		return b.String() + "Rename it to `" + s.Rename + "`. GitHub cannot rename a file from a suggestion: rename it yourself (on GitHub, the file's ⋯ menu, *Edit*, then change the name above the text), or close this pull request and open one with the file where it belongs.\n"
	}
	fence := "```"
	for strings.Contains(s.Text, fence) {
		fence += "`"
	}
	fmt.Fprintf(&b, "%ssuggestion\n%s\n%s\n\n", fence, s.Text, fence)
	b.WriteString("*Commit suggestion* (above) makes this change on your pull request's branch in one click.\n")
	return b.String()
}

// Suggestions are the review comments that mend the faults of rep with one
// sure fix (processor.Fix), on lines the pull request changed: its head
// (the pull request's own head commit, whose files GitHub comments on) is
// compared with where it branched off rep.Base, as GitHub's diff does, and
// a file is suggested in only when its text at head is the text the
// faults were found in (rep.Head). Skipped says, for each fault with a fix
// that gets no comment, why.
func Suggestions(root string, rep *Report, head string) (out []Suggestion, skipped []string, err error) {
	g := Git{Dir: root}
	top, _, err := g.Top()
	if err != nil {
		return nil, nil, err
	}
	g.Dir = top
	if head == "" {
		head = rep.Head
	}
	if head, err = g.Commit(head); err != nil {
		return nil, nil, fmt.Errorf("--head: %w", err)
	}
	mb, err := g.output("merge-base", "--end-of-options", rep.Base, head)
	if err != nil {
		return nil, nil, err
	}
	from := strings.TrimSpace(string(mb))
	type file struct {
		lines   []string
		changed map[int]bool
		why     string // why no comment can go on it
	}
	files := map[string]*file{}
	load := func(name string) *file {
		if f, ok := files[name]; ok {
			return f
		}
		f := &file{}
		files[name] = f
		at, ok, err := g.blob(rep.Head, name)
		hb, hok, herr := g.blob(head, name)
		switch {
		case err != nil || herr != nil:
			f.why = "git could not read it"
		case !ok || !hok:
			f.why = "the pull request's head has no such file"
		case at != hb:
			f.why = "the base changed it too, so its lines at the pull request's head are not the ones checked"
		}
		if f.why != "" {
			return f
		}
		data, _, err := g.Show(head, name)
		if err != nil {
			f.why = "git could not read it"
			return f
		}
		f.lines = strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
		diff, err := g.output("diff", "--no-renames", "--no-ext-diff", "--no-textconv", "--unified=0", from, head, "--", name)
		if err != nil {
			f.why = "git could not compare it"
			return f
		}
		f.changed = changedLines(string(diff))
		return f
	}
	add := func(s Suggestion, why string) {
		f := files[s.File]
		switch {
		case why != "":
		case f.why != "":
			why = f.why
		case s.Line < 1 || s.Line > len(f.lines):
			why = "no such line"
		case !f.changed[s.Line]:
			why = "the pull request did not change that line (GitHub comments only on changed lines)"
		}
		switch {
		case why != "":
		case len(s.Text) > MaxSuggestedLine:
			why = fmt.Sprintf("the line is longer than %d bytes", MaxSuggestedLine)
		case len(out) >= MaxSuggestions:
			why = fmt.Sprintf("%d suggestions are posted at most at once (the rest follow once these are committed)", MaxSuggestions)
		}
		if why != "" {
			skipped = append(skipped, fmt.Sprintf("%s:%d: no suggestion: %s", s.File, s.Line, why))
			return
		}
		// The fix, not the message: curly quotes mended on another line
		// reword the file's one fault, and this line's fix stands as posted.
		sum := sha256.Sum256([]byte(s.File + "\x00" + strconv.Itoa(s.Line) + "\x00" + s.Text + "\x00" + s.Rename))
		s.Key = hex.EncodeToString(sum[:8])
		out = append(out, s)
	}
	// A rename is sure only when no other file is meant to have that
	// name: two renamed to one, the second would overwrite the first.
	meantBy := map[string][]string{}
	for _, ft := range rep.Faults {
		if ft.Fix != nil && ft.Fix.Kind == processor.FixRename && !slices.Contains(meantBy[ft.Fix.Meant], ft.File) {
			meantBy[ft.Fix.Meant] = append(meantBy[ft.Fix.Meant], ft.File)
		}
	}
	for _, ft := range rep.Faults {
		if ft.Fix == nil {
			continue
		}
		f := load(ft.File)
		switch ft.Fix.Kind {
		case processor.FixMeant:
			// Every misspelt id of one line in one suggestion (an inline
			// table's two fleets): two on one line would undo each other.
			// Rightmost first, so that the columns before stay true.
			if ft.Line == 0 {
				add(Suggestion{File: ft.File, Fault: ft.Message}, "the mistake is in the file's name, which a suggestion cannot change")
				continue
			}
			if i := slices.IndexFunc(rep.Faults, func(o processor.Fault) bool {
				return o.Fix != nil && o.Fix.Kind == processor.FixMeant && o.File == ft.File && o.Line == ft.Line
			}); rep.Faults[i].Col != ft.Col || rep.Faults[i].Message != ft.Message {
				continue // made with the line's first
			}
			var same []processor.Fault
			for _, o := range rep.Faults {
				if o.Fix != nil && o.Fix.Kind == processor.FixMeant && o.File == ft.File && o.Line == ft.Line {
					same = append(same, o)
				}
			}
			var msgs []string
			for _, o := range same {
				msgs = append(msgs, o.Message)
			}
			s := Suggestion{File: ft.File, Line: ft.Line, Fault: strings.Join(msgs, "\n")}
			why := ""
			if f.why == "" && ft.Line >= 1 && ft.Line <= len(f.lines) {
				s.Text = f.lines[ft.Line-1]
				for i := len(same) - 1; i >= 0; i-- {
					o := same[i]
					text, ok := replaceID(s.Text, o.Col, o.Fix.Was, o.Fix.Meant)
					if !ok {
						why = fmt.Sprintf("%q is not written at column %d as a plain id", o.Fix.Was, o.Col)
						break
					}
					s.Text = text
				}
			}
			add(s, why)
		case processor.FixCurly:
			if f.why != "" {
				add(Suggestion{File: ft.File, Line: ft.Line, Fault: ft.Message}, "")
				continue
			}
			// Sure only when the file, every such line mended, is TOML.
			fixed := make([]string, len(f.lines))
			for i, line := range f.lines {
				fixed[i] = line
				if schema.CurlyInTOML(line) {
					fixed[i] = straightQuotes.Replace(line)
				}
			}
			var doc map[string]any
			if _, err := toml.Decode(strings.Join(fixed, "\n"), &doc); err != nil {
				add(Suggestion{File: ft.File, Line: ft.Line, Fault: ft.Message}, "with straight quotes for the curly ones, the file is still not TOML (a quote inside the text?): mend it by hand")
				continue
			}
			for i, line := range f.lines {
				if schema.CurlyInTOML(line) {
					add(Suggestion{File: ft.File, Line: i + 1, Text: straightQuotes.Replace(line), Fault: ft.Message}, "")
				}
			}
		case processor.FixRename:
			why := ""
			if by := meantBy[ft.Fix.Meant]; len(by) > 1 {
				sorted := slices.Sorted(slices.Values(by))
				why = fmt.Sprintf("%d files are meant to be %s (%s): keep the one you mean, rename it, and delete the other", len(by), ft.Fix.Meant, strings.Join(sorted, ", "))
				if len(by) > 2 {
					why += "s"
				}
			}
			add(Suggestion{File: ft.File, Line: 1, Fault: ft.Message, Rename: ft.Fix.Meant}, why)
		}
	}
	sortSuggestions(out)
	return out, skipped, nil
}

// MaxSuggestions is the most suggestions one check posts: a phone's
// smart punctuation on every line of a long file makes one comment a
// line, and a review of thousands GitHub would refuse whole.
const MaxSuggestions = 50

// MaxSuggestedLine is the longest line suggested (in bytes): a review
// comment's body has a limit, and a line that long is no player's.
const MaxSuggestedLine = 2000

// straightQuotes puts straight quotes for curly ones.
var straightQuotes = strings.NewReplacer("\u201C", `"`, "\u201D", `"`, "\u2018", "'", "\u2019", "'")

// replaceID is line with the id was, written at col (a column in
// characters, from 1) bare or in straight quotes, replaced by meant;
// false when was is not there so.
func replaceID(line string, col int, was, meant string) (string, bool) {
	runes := []rune(line)
	if col < 1 || col > len(runes) {
		return "", false
	}
	before, rest := string(runes[:col-1]), string(runes[col-1:])
	for _, q := range []string{`"`, "'", ""} {
		tok := q + was + q
		if !strings.HasPrefix(rest, tok) {
			continue
		}
		after := rest[len(tok):]
		if q == "" && after != "" && bareKeyChar(after[0]) {
			return "", false // a longer bare word
		}
		if q == `"` && strings.ContainsAny(meant, "\"\\") || q == "'" && strings.Contains(meant, "'") || q == "" && strings.IndexFunc(meant, func(r rune) bool { return r > 127 || !bareKeyChar(byte(r)) }) >= 0 {
			return "", false
		}
		return before + q + meant + q + after, true
	}
	return "", false
}

func bareKeyChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
}

var hunkRE = regexp.MustCompile(`(?m)^@@ -[0-9]+(?:,[0-9]+)? \+([0-9]+)(?:,([0-9]+))? @@`)

// changedLines are the lines of the new file a diff with no context
// (--unified=0) adds or changes.
func changedLines(diff string) map[int]bool {
	out := map[int]bool{}
	for _, m := range hunkRE.FindAllStringSubmatch(diff, -1) {
		start, _ := strconv.Atoi(m[1])
		n := 1
		if m[2] != "" {
			n, _ = strconv.Atoi(m[2])
		}
		for i := range n {
			out[start+i] = true
		}
	}
	return out
}

// sortSuggestions orders suggestions by file and line.
func sortSuggestions(list []Suggestion) {
	slices.SortStableFunc(list, func(a, b Suggestion) int {
		if a.File != b.File {
			return strings.Compare(a.File, b.File)
		}
		return a.Line - b.Line
	})
}
