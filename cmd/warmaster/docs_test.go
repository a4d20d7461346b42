package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode"

	"github.com/BurntSushi/toml"
	"github.com/warmaster/warmaster/campaigns"
	"github.com/warmaster/warmaster/campaigns/repotemplate"
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/phase"
	"github.com/warmaster/warmaster/processor/report"
	"github.com/warmaster/warmaster/processor/repository"
	"github.com/warmaster/warmaster/schema"
)

// The documents a reader navigates: README.md and docs/*.md, as paths from
// the repository's root.
func documents(t *testing.T) []string {
	t.Helper()
	docs, err := filepath.Glob(filepath.Join(sourceRoot(t), "docs", "*.md"))
	if err != nil || len(docs) == 0 {
		t.Fatalf("no docs/*.md (%v)", err)
	}
	out := []string{"README.md"}
	for _, d := range docs {
		out = append(out, "docs/"+filepath.Base(d))
	}
	return out
}

func readDoc(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(sourceRoot(t), filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// fenced matches a fenced code block: its info string and its text.
var fenced = regexp.MustCompile("(?ms)^ {0,3}```([^\\n`]*)\\n(.*?)^ {0,3}```[ \\t]*$")

// prose is a document without its fenced code blocks (each line kept, so
// line numbers stay true).
func prose(doc string) string {
	return fenced.ReplaceAllStringFunc(doc, func(block string) string {
		return strings.Repeat("\n", strings.Count(block, "\n"))
	})
}

func lineOf(doc string, offset int) int { return strings.Count(doc[:offset], "\n") + 1 }

var (
	heading = regexp.MustCompile(`(?m)^#{1,6}[ \t]+(.+?)[ \t#]*$`)
	// explicitAnchor is an anchor stated in HTML, which GitHub keeps.
	explicitAnchor = regexp.MustCompile(`<a id="([\w-]+)"></a>`)
	inlineCode     = regexp.MustCompile("`([^`\\n]+)`")
	// A link or image [text](target), and a reference definition [id]: target.
	inlineLink = regexp.MustCompile(`\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)
	refLink    = regexp.MustCompile(`(?m)^\s*\[[^\]]+\]:\s*(\S+)`)
	mdMarkup   = regexp.MustCompile("[`*]|\\[([^\\]]*)\\]\\([^)]*\\)")
)

// anchors lists the anchors GitHub gives a document's headings: the text
// as rendered, lower-cased, with every character but letters, digits,
// marks, '-', '_' and spaces dropped and each space made a '-'; a repeated
// one gets -1, -2, …
func anchors(doc string) map[string]bool {
	out := map[string]bool{}
	seen := map[string]int{}
	for _, m := range heading.FindAllStringSubmatch(prose(doc), -1) {
		text := mdMarkup.ReplaceAllString(m[1], "$1")
		var b strings.Builder
		for _, r := range strings.ToLower(text) {
			switch {
			case r == ' ':
				b.WriteByte('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r):
				b.WriteRune(r)
			}
		}
		a := b.String()
		if n := seen[a]; n > 0 {
			seen[a]++
			a += "-" + strconv.Itoa(n)
		} else {
			seen[a] = 1
		}
		out[a] = true
	}
	// Anchors a document states itself, for links that must not change
	// when a heading is reworded: <a id="rulings-14"></a>.
	for _, m := range explicitAnchor.FindAllStringSubmatch(doc, -1) {
		out[m[1]] = true
	}
	return out
}

// TestDocLinks: every relative link in README.md and docs/ leads to a file
// of the repository, and its #anchor to a heading there (as GitHub makes
// anchors of headings).
func TestDocLinks(t *testing.T) {
	root := sourceRoot(t)
	for _, name := range documents(t) {
		doc := readDoc(t, name)
		text := inlineCode.ReplaceAllStringFunc(prose(doc), func(s string) string { return strings.Repeat(" ", len(s)) })
		var targets [][]int
		targets = append(targets, inlineLink.FindAllStringSubmatchIndex(text, -1)...)
		targets = append(targets, refLink.FindAllStringSubmatchIndex(text, -1)...)
		for _, m := range targets {
			target := text[m[2]:m[3]]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			file, anchor, _ := strings.Cut(target, "#")
			where := fmt.Sprintf("%s:%d: link %s", name, lineOf(text, m[2]), target)
			linked := name
			if file != "" {
				linked = path.Clean(path.Join(path.Dir(name), file))
				if strings.HasPrefix(linked, "../") {
					t.Errorf("%s leads out of the repository", where)
					continue
				}
				if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(linked))); err != nil {
					t.Errorf("%s: no such file %s", where, linked)
					continue
				}
			}
			if anchor == "" {
				continue
			}
			if !strings.HasSuffix(linked, ".md") {
				t.Errorf("%s: an anchor in a file that is not Markdown", where)
				continue
			}
			if !anchors(readDoc(t, linked))[anchor] {
				t.Errorf("%s: %s has no heading whose anchor is #%s", where, linked, anchor)
			}
		}
	}
}

// Names that must appear nowhere: files of the project's design notes,
// which are not part of this repository. (Spelled in pieces, so that this
// file does not name them either.)
var phantomNames = []string{"RULINGS" + ".md", "MAP" + ".md", "shared" + "/rules"}

// sourceFolders are the repository's top-level folders (and some it used
// to have or never had): a path in backticks that starts with one names a
// file of the repository, not of a campaign.
var sourceFolders = []string{"cmd", "processor", "schema", "scripts", "githubci", "repo-template", "shared", "docs", ".ci", ".github", "campaigns", "internal", "tools"}

// sourceExtensions mark a backticked name as a repository file too.
var sourceExtensions = []string{".md", ".go", ".sh", ".json", ".yml", ".yaml", ".txtar", ".golden", ".mod", ".sum", ".txt"}

// bundledCampaigns are the campaign folders this repository has in
// campaigns/; any other campaigns/<name> is a club's.
var bundledCampaigns = []string{campaigns.Example, campaigns.Template}

// campaignRepositoryFiles are the files of a club's campaign repository,
// as init-repo writes it (which the guides describe): CODEOWNERS and those
// of the embedded template. This repository has no copy of most.
var campaignRepositoryFiles = sync.OnceValue(func() []string {
	files, _, err := repotemplate.Files(repotemplate.Options{})
	if err != nil {
		panic(err)
	}
	out := []string{".github/CODEOWNERS"}
	for _, f := range files {
		out = append(out, f.Path)
	}
	return out
})

// repositoryFile says whether a backticked token names a file of this
// repository: a path under one of its folders, or a file with a source
// extension. Paths inside a campaign folder (phases/…, setup/…, engines/…)
// or of a club's campaign (campaigns/autumn/…),
// placeholders (<alliance>, NN, …) and anything with spaces or a scheme are
// not.
func repositoryFile(tok string) (string, bool) {
	if strings.ContainsAny(tok, " <>…*{}$=\"'(),|:") || strings.HasPrefix(tok, "-") || strings.Contains(tok, "NN") {
		return "", false
	}
	tok = strings.TrimPrefix(strings.TrimSuffix(tok, "/"), "./")
	first, _, nested := strings.Cut(tok, "/")
	switch {
	case slices.Contains([]string{"phases", "setup", "engines", ".warmaster"}, first):
		return "", false
	case slices.Contains(campaignRepositoryFiles(), tok):
		return "", false
	case first == "campaigns" && nested && !slices.Contains(bundledCampaigns, strings.Split(tok, "/")[1]):
		return "", false // a club's campaign, campaigns/<name> of its repository
	case nested && slices.Contains(sourceFolders, first):
		return tok, true
	case slices.Contains(sourceExtensions, path.Ext(tok)):
		return tok, true
	}
	return "", false
}

// TestDocFileNames: no document names a file the repository lacks — a
// backticked path that looks like one of its files must exist — nor the
// design notes' files, anywhere.
func TestDocFileNames(t *testing.T) {
	root := sourceRoot(t)
	for _, name := range documents(t) {
		doc := readDoc(t, name)
		for _, p := range phantomNames {
			if i := strings.Index(doc, p); i >= 0 {
				t.Errorf("%s:%d: names %s, which is not in this repository: say it in our own words, or link docs/rules.md", name, lineOf(doc, i), p)
			}
		}
		text := prose(doc)
		for _, m := range inlineCode.FindAllStringSubmatchIndex(text, -1) {
			file, ok := repositoryFile(text[m[2]:m[3]])
			if !ok {
				continue
			}
			if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(file))); err != nil {
				t.Errorf("%s:%d: names `%s`, which the repository does not have", name, lineOf(text, m[2]), file)
			}
		}
	}
}

func TestRepositoryFileNames(t *testing.T) {
	for _, c := range []struct {
		tok  string
		want bool
	}{
		{"RULINGS" + ".md", true},
		{"MAP" + ".md", true},
		{"shared" + "/rules", true},
		{"scripts/x.sh", true},
		{"docs/players.md", true},
		{"processor/disk", true},
		{"campaigns/vespator-front/map.toml", true},
		{"campaigns/autumn/campaign.toml", false},
		{"phases/01/orders/alice.toml", false},
		{"setup/blue.toml", false},
		{"campaign.toml", false},
		{"setup/<alliance>.toml", false},
		{"phases/NN/report.md", false},
		{".github/CODEOWNERS", false},
		{".github/warmaster.toml", false},
		{".github/workflows/warmaster-check.yml", false},
		{".github/workflows/campaign.yml", true},
		{"https://example.com/a.md", false},
		{"--now", false},
		{"warmaster check club", false},
	} {
		if _, got := repositoryFile(c.tok); got != c.want {
			t.Errorf("repositoryFile(%q) = %v, want %v", c.tok, got, c.want)
		}
	}
}

var (
	// A citation of the rulings: "RULINGS 4", "RULINGS 1–2", "RULINGS 12, 13, 19".
	rulingsCited = regexp.MustCompile(`RULINGS (\d+)((?:\s*[–-]\s*\d+)|(?:,\s*\d+)*)`)
	// A ruling in docs/rules.md: a heading "RULINGS 4: …".
	rulingHeading = regexp.MustCompile(`(?m)^#{2,4} RULINGS (\d+):`)
	// A link to a file of this repository on GitHub.
	repositoryURL = regexp.MustCompile(`https://github\.com/warmaster/warmaster/blob/main/([^\s)#"'>\]]+)(?:#([\w-]+))?`)
)

// TestRulingsCited: every "RULINGS N" anywhere in the repository — code,
// messages, reports, tests, documents — is a ruling docs/rules.md states;
// every link to a file of this repository on GitHub finds it (and its
// anchor); and no file names the design notes' files.
func TestRulingsCited(t *testing.T) {
	root := sourceRoot(t)
	rules := readDoc(t, "docs/rules.md")
	stated := map[int]bool{}
	for _, m := range rulingHeading.FindAllStringSubmatch(rules, -1) {
		n, _ := strconv.Atoi(m[1])
		if stated[n] {
			t.Errorf("docs/rules.md states RULINGS %d twice", n)
		}
		stated[n] = true
	}
	for n := 1; n <= len(stated); n++ {
		if !stated[n] {
			t.Errorf("docs/rules.md has %d rulings but no RULINGS %d: number them 1, 2, 3, … without a gap", len(stated), n)
		}
	}
	cited := 0
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == ".git" || d.Name() == "node_modules" {
				return filepath.SkipDir
			}
			return nil
		}
		info, err := d.Info()
		if err != nil || !info.Mode().IsRegular() || info.Size() > 4<<20 {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil || bytes.IndexByte(data, 0) >= 0 {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		text := string(data)
		for _, m := range rulingsCited.FindAllStringSubmatchIndex(text, -1) {
			cited++
			for _, n := range citedNumbers(text[m[2]:m[3]], text[m[4]:m[5]]) {
				if !stated[n] {
					t.Errorf("%s:%d: cites RULINGS %d, which docs/rules.md does not state", rel, lineOf(text, m[0]), n)
				}
			}
		}
		if rel != "cmd/warmaster/docs_test.go" {
			for _, name := range phantomNames {
				if i := strings.Index(text, name); i >= 0 {
					t.Errorf("%s:%d: names %s, which is not in this repository (docs/rules.md states the rulings, docs/players.md has the map)", rel, lineOf(text, i), name)
				}
			}
		}
		for _, m := range repositoryURL.FindAllStringSubmatchIndex(text, -1) {
			file := text[m[2]:m[3]]
			where := fmt.Sprintf("%s:%d: link to %s", rel, lineOf(text, m[0]), text[m[0]:m[1]])
			data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(file)))
			switch {
			case err != nil:
				t.Errorf("%s: the repository has no %s", where, file)
			case m[4] >= 0 && !anchors(string(data))[text[m[4]:m[5]]]:
				t.Errorf("%s: %s has no heading whose anchor is #%s", where, file, text[m[4]:m[5]])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if cited == 0 {
		t.Error("found no RULINGS citation anywhere: the search is broken")
	}
}

// citedNumbers expands a citation's numbers: "1" and "–2" is 1 and 2;
// "12" and ", 13, 19" is 12, 13 and 19.
func citedNumbers(first, rest string) []int {
	n, _ := strconv.Atoi(first)
	out := []int{n}
	if i := strings.IndexAny(rest, "–-"); i >= 0 {
		last, _ := strconv.Atoi(strings.TrimSpace(strings.TrimLeft(rest[i:], "–-")))
		for k := n + 1; k <= last; k++ {
			out = append(out, k)
		}
		return out
	}
	for _, s := range strings.Split(rest, ",") {
		if k, err := strconv.Atoi(strings.TrimSpace(s)); err == nil {
			out = append(out, k)
		}
	}
	return out
}

// TestRulesOptions: docs/rules.md lists every [rules] option campaign.toml
// takes, each with a default, in its options table.
func TestRulesOptions(t *testing.T) {
	rules := readDoc(t, "docs/rules.md")
	var campaign struct {
		Properties struct {
			Rules struct {
				Properties map[string]json.RawMessage
			}
		}
	}
	if err := json.Unmarshal(schema.JSON(schema.Campaign), &campaign); err != nil {
		t.Fatal(err)
	}
	options := campaign.Properties.Rules.Properties
	if len(options) == 0 {
		t.Fatal("the campaign schema has no [rules] options: the test reads it wrongly")
	}
	for option := range options {
		if !regexp.MustCompile("(?m)^\\| `" + regexp.QuoteMeta(option) + "` \\| `[^`]+` \\|").MatchString(rules) {
			t.Errorf("docs/rules.md has no row | `%s` | `default` | … in its options table", option)
		}
	}
	// Each with the default the decoders have (processor.RuleOptions,
	// which the README's Rules options are judged against).
	for _, o := range processor.RuleOptions {
		if want := "| `" + o.Key + "` | `" + report.TOMLValue(o.Default) + "` |"; !strings.Contains(rules, want) {
			t.Errorf("docs/rules.md's options table has no row %s…: the default is %s", want, report.TOMLValue(o.Default))
		}
	}
}

// The guides whose examples are run.
var guides = []string{"docs/players.md", "docs/organisers.md", "docs/war-engines.md", "docs/sealed-orders.md", "docs/end-of-campaign.md", "docs/card.md"}

// A marker: an HTML comment, invisible on GitHub, before a fenced block.
//
//	<!-- example: PATH -->   a complete file PATH of the bundled example
//	                         campaign: placed into a copy of it at the step
//	                         that awaits it, with everyone else's files of
//	                         that step, and checked; a file of the Warmaster's
//	                         (campaign.toml, map.toml, engines/…) replaces the
//	                         example's before set-up
//	<!-- file: PATH -->      a complete file the guide's reader writes, PATH
//	                         from the guide's working folder; written there
//	                         and checked (with its campaign, or as the registry)
//	<!-- run -->             a console session run in that folder: each
//	<!-- run: exit N -->     "$ warmaster …" line is run and what it prints must
//	                         be the lines below it; each must exit 0 (or N)
//	<!-- same as: FILE -->   text a test plays: it appears, word for word, in
//	                         the repository's FILE
//	<!-- fragment -->        part of a file, not a whole one: not checked
var marker = regexp.MustCompile(`(?m)^ {0,3}<!-- (example|file|run|same as|fragment)(?::\s*(\S+(?: \S+)*))? -->\n\n? {0,3}` + "```" + `([^\n` + "`" + `]*)\n`)

// blockEnd finds the end of a fenced block's text.
var blockEnd = regexp.MustCompile("(?m)^ {0,3}```[ \t]*$")

// guideNow is the moment the guides' examples are checked at: before every
// deadline of the example campaign and of the guides' campaigns.
var guideNow = time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)

// TestGuideExamples runs the guides' examples (see marker), so they stay
// true. Every ```toml block carries a marker. With -update, the output of
// each console session is rewritten to what the commands print.
func TestGuideExamples(t *testing.T) {
	for _, name := range guides {
		t.Run(path.Base(name), func(t *testing.T) {
			doc := readDoc(t, name)
			marked := map[int]bool{}
			for _, m := range marker.FindAllStringSubmatchIndex(doc, -1) {
				marked[m[1]] = true
			}
			for _, m := range fenced.FindAllStringSubmatchIndex(doc, -1) {
				info := strings.TrimSpace(doc[m[2]:m[3]])
				start := m[0] + strings.Index(doc[m[0]:], "\n") + 1 // the block's text
				if info == "toml" && !marked[start] {
					t.Errorf("%s:%d: a ```toml block without a marker: precede it with <!-- example: PATH -->, <!-- file: PATH -->, <!-- same as: FILE --> or <!-- fragment -->", name, lineOf(doc, m[0]))
				}
			}
			g := &guideRun{t: t, name: name, doc: doc, dir: t.TempDir()}
			for _, m := range marker.FindAllStringSubmatchIndex(doc, -1) {
				kind, arg, info := doc[m[2]:m[3]], "", doc[m[6]:m[7]]
				if m[4] >= 0 {
					arg = doc[m[4]:m[5]]
				}
				end := blockEnd.FindStringIndex(doc[m[1]:])
				if end == nil {
					t.Fatalf("%s:%d: a marker before a block that never ends", name, lineOf(doc, m[0]))
				}
				block := doc[m[1] : m[1]+end[0]]
				g.line = lineOf(doc, m[1])
				// The marker is invisible: the text just before the block
				// must name the file for a reader.
				if kind == "example" || kind == "file" {
					if before := doc[max(0, m[0]-400):m[0]]; !strings.Contains(before, "`"+arg+"`") {
						g.errorf("the text just before this block does not name `%s`: a reader does not see the marker", arg)
					}
				}
				g.block(kind, arg, info, block, m[1])
			}
			if *update && len(g.edits) > 0 {
				g.rewrite()
			}
		})
	}
}

// guideRun runs one guide's examples in order.
type guideRun struct {
	t     *testing.T
	name  string
	doc   string
	dir   string // the working folder of its files and sessions
	line  int    // the current block's first line
	edits []edit // -update: session outputs to rewrite
}

type edit struct {
	from, to int // byte offsets of the old output in doc
	text     string
}

func (g *guideRun) errorf(format string, args ...any) {
	g.t.Helper()
	g.t.Errorf("%s:%d: %s", g.name, g.line, fmt.Sprintf(format, args...))
}

func (g *guideRun) block(kind, arg, info, block string, offset int) {
	g.t.Helper()
	switch kind {
	case "fragment":
	case "same as":
		data, err := os.ReadFile(filepath.Join(sourceRoot(g.t), filepath.FromSlash(arg)))
		switch {
		case err != nil:
			g.errorf("same as %s: %v", arg, err)
		case !strings.Contains(string(data), block):
			g.errorf("this block is not, word for word, in %s (which a test plays): change both alike", arg)
		}
	case "example":
		if info != "toml" {
			g.errorf("an example: marker before a ```%s block, not ```toml", info)
			return
		}
		g.example(arg, block)
	case "file":
		g.file(arg, block)
	case "run":
		want := 0
		if arg != "" {
			n, err := strconv.Atoi(strings.TrimPrefix(arg, "exit "))
			if err != nil || !strings.HasPrefix(arg, "exit ") {
				g.errorf("run: %q: write <!-- run --> or <!-- run: exit N -->", arg)
				return
			}
			want = n
		}
		g.session(block, offset, want)
	default:
		g.errorf("marker %q needs a path", kind)
	}
}

// inputStep orders the files of a campaign folder by the step that reads
// them: set-up first, then each phase's orders, results, event choices,
// moves, builds and tie-break.
var inputStep = regexp.MustCompile(`^phases/(\d\d)/(orders|results|events|moves|builds)/[^/]+\.toml(?:\.age)?$|^phases/(\d\d)/(tiebreak)\.toml$|^(setup)/[^/]+\.toml$`)

// stepOf is a file's place in the campaign: (phase, step), or ok false for
// a file no step awaits (campaign.toml, map.toml, engines/…).
func stepOf(file string) (phase, step int, ok bool) {
	m := inputStep.FindStringSubmatch(file)
	if m == nil {
		return 0, 0, false
	}
	kinds := []string{"setup", "orders", "results", "events", "moves", "builds", "tiebreak"}
	switch {
	case m[5] != "":
		return 0, 0, true
	case m[3] != "":
		phase, _ = strconv.Atoi(m[3])
		return phase, slices.Index(kinds, m[4]), true
	}
	phase, _ = strconv.Atoi(m[1])
	return phase, slices.Index(kinds, m[2]), true
}

// example places file into a copy of the bundled example campaign at the
// step that awaits it: every input of a later step is taken out, and so is
// the example's own file at that path; the copy is advanced (at guideNow,
// before every deadline) to that step; then the file is put in and the
// whole folder checked.
func (g *guideRun) example(file, text string) {
	g.t.Helper()
	dir := filepath.Join(g.t.TempDir(), campaigns.Example)
	if err := campaigns.CopyTo(campaigns.Example, dir); err != nil {
		g.t.Fatal(err)
	}
	atPhase, step, ok := stepOf(file)
	if !ok {
		// The Warmaster's files (campaign.toml, map.toml, engines/…):
		// checked in the campaign as it is before set-up.
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(file))); err != nil {
			g.errorf("example: the example campaign has no %s to stand for", file)
			return
		}
		write(g.t, filepath.Join(dir, filepath.FromSlash(file)), text)
		if _, err := phase.Check(dir, phase.Options{Now: guideNow}); err != nil {
			g.errorf("example %s: check refuses it:\n%v", file, err)
		}
		return
	}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		ph, st, ok := stepOf(rel)
		if ok && (rel == file || ph > atPhase || ph == atPhase && st > step) {
			return os.Remove(p)
		}
		return nil
	})
	if err != nil {
		g.t.Fatal(err)
	}
	opt := phase.Options{Now: guideNow}
	if _, err := phase.Advance(dir, opt); err != nil {
		g.errorf("example %s: the example campaign does not advance to its step: %v", file, err)
		return
	}
	_, status, err := phase.Status(dir, guideNow)
	if err != nil {
		g.t.Fatal(err)
	}
	if !strings.Contains(status, "| "+file+" ") {
		g.errorf("example %s: the example campaign does not await this file at its step:\n%s", file, status)
		return
	}
	write(g.t, filepath.Join(dir, filepath.FromSlash(file)), text)
	if _, err := phase.Check(dir, opt); err != nil {
		g.errorf("example %s: check refuses it:\n%v", file, err)
	}
}

// file writes a file of the guide's working folder and checks it: the
// repository's registry is parsed; a campaign's file is checked with its
// campaign (the nearest folder above with a campaign.toml).
func (g *guideRun) file(name, text string) {
	g.t.Helper()
	p := filepath.Join(g.dir, filepath.FromSlash(name))
	write(g.t, p, text)
	if name == repository.RegistryFile {
		if _, err := repository.ParseRegistry([]byte(text)); err != nil {
			g.errorf("file %s: %v", name, err)
		}
		return
	}
	for d := filepath.Dir(p); strings.HasPrefix(d, g.dir); d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, processor.CampaignFile)); err == nil {
			if _, err := phase.Check(d, phase.Options{Now: guideNow}); err != nil {
				g.errorf("file %s: check refuses it:\n%v", name, err)
			}
			return
		}
	}
	g.errorf("file %s: in no campaign folder (no campaign.toml above it), so nothing checks it", name)
}

func write(t *testing.T, p, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// session runs a console block's "$ warmaster …" lines in the working
// folder and compares what each prints (stdout and stderr as a terminal
// shows them) with the lines below it. "> FILE" at the end sends stdout to
// FILE instead.
func (g *guideRun) session(block string, offset, wantExit int) {
	g.t.Helper()
	g.t.Chdir(g.dir)
	lines := strings.SplitAfter(block, "\n")
	pos := offset
	for i := 0; i < len(lines); {
		cmd := lines[i]
		cmdEnd := pos + len(cmd)
		if !strings.HasPrefix(cmd, "$ ") {
			g.errorf("run: %q is not a command: a session's lines are \"$ warmaster …\" and what it prints", strings.TrimSpace(cmd))
			return
		}
		i++
		outStart, outEnd := cmdEnd, cmdEnd
		var want strings.Builder
		for i < len(lines) && !strings.HasPrefix(lines[i], "$ ") {
			want.WriteString(lines[i])
			outEnd += len(lines[i])
			i++
		}
		pos = outEnd
		args, redirect, err := splitCommand(strings.TrimSpace(strings.TrimPrefix(cmd, "$ ")))
		if err != nil || len(args) == 0 || args[0] != "warmaster" {
			g.errorf("run: %q: only warmaster commands are run (%v)", strings.TrimSpace(cmd), err)
			return
		}
		var out, stdout bytes.Buffer
		w := &out
		if redirect != "" {
			w = &stdout
		}
		code := run(args, w, &out)
		if redirect != "" {
			write(g.t, filepath.Join(g.dir, filepath.FromSlash(redirect)), stdout.String())
		}
		if code != wantExit {
			g.errorf("%s exited with status %d, want %d:\n%s", strings.TrimSpace(cmd), code, wantExit, out.String())
		}
		if got := out.String(); got != want.String() {
			if *update {
				g.edits = append(g.edits, edit{outStart, outEnd, got})
				continue
			}
			g.errorf("%s prints\n%s\nnot, as the guide says,\n%s(rerun with -update to rewrite the guide's output)", strings.TrimSpace(cmd), got, want.String())
		}
	}
}

// splitCommand splits a command line at spaces, keeping quoted text
// ('…' or "…") together, and takes off a final "> FILE".
func splitCommand(line string) (args []string, redirect string, err error) {
	var cur strings.Builder
	inWord, quote := false, rune(0)
	for _, r := range line {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(r)
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ':
			if inWord {
				args = append(args, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, "", fmt.Errorf("unclosed quote")
	}
	if inWord {
		args = append(args, cur.String())
	}
	if n := len(args); n >= 2 && args[n-2] == ">" {
		return args[:n-2], args[n-1], nil
	}
	return args, "", nil
}

// rewrite writes the guide with the sessions' outputs as the commands
// printed them (-update).
func (g *guideRun) rewrite() {
	doc := g.doc
	slices.SortFunc(g.edits, func(a, b edit) int { return b.from - a.from })
	for _, e := range g.edits {
		doc = doc[:e.from] + e.text + doc[e.to:]
	}
	if err := os.WriteFile(filepath.Join(sourceRoot(g.t), filepath.FromSlash(g.name)), []byte(doc), 0o644); err != nil {
		g.t.Fatal(err)
	}
}

// TestGuideMap holds the players' guide's map — its table of planets and
// its picture — to the map `warmaster init` writes.
func TestGuideMap(t *testing.T) {
	var m struct {
		Planets []struct {
			ID, Name  string
			Locations int
			Theatres  []string
		}
		Lanes []struct{ Between []string }
	}
	data, err := os.ReadFile(filepath.Join(sourceRoot(t), "campaigns", campaigns.Template, processor.MapFile))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := toml.Decode(string(data), &m); err != nil {
		t.Fatal(err)
	}
	lanes := map[string][]string{}
	var want []string
	for _, l := range m.Lanes {
		a, b := l.Between[0], l.Between[1]
		lanes[a], lanes[b] = append(lanes[a], b), append(lanes[b], a)
		want = append(want, lane(a, b))
	}
	slices.Sort(want)

	doc := readDoc(t, "docs/players.md")
	i := strings.Index(doc, "\n## The Vespator Front map\n")
	if i < 0 {
		t.Fatal(`docs/players.md has no "## The Vespator Front map" section`)
	}
	section := doc[i+1:]
	section = section[:strings.Index(section[1:], "\n## ")+1]
	row := regexp.MustCompile("(?m)^\\| ([^|]+?) \\| `([a-z0-9-]+)` \\| [^|]+ \\| (\\d+) \\| ([^|]+?) \\| ([^|]+?) \\|$")
	rows := row.FindAllStringSubmatch(section, -1)
	if got, want := len(rows), len(m.Planets); got != want {
		t.Fatalf("the map table has %d planets, map.toml %d", got, want)
	}
	for k, p := range m.Planets {
		r := rows[k]
		if got, want := r[2], p.ID; got != want {
			t.Errorf("row %d of the map table is %s, map.toml's planet %d is %s (keep map.toml's order)", k+1, got, k+1, want)
			continue
		}
		if r[1] != p.Name || r[3] != strconv.Itoa(p.Locations) || r[4] != strings.Join(p.Theatres, ", ") {
			t.Errorf("the map table says %s | %s | %s for %s; map.toml: %s | %d | %s", r[1], r[3], r[4], p.ID, p.Name, p.Locations, strings.Join(p.Theatres, ", "))
		}
		if got, want := r[5], strings.Join(lanes[p.ID], ", "); got != want {
			t.Errorf("the map table's lanes from %s are %s; map.toml's: %s", p.ID, got, want)
		}
	}

	// The picture's node ids are the planets' with "_" for "-" (Mermaid
	// reads "-" as part of an arrow).
	id := strings.NewReplacer("_", "-").Replace
	edge := regexp.MustCompile(`(?m)^\s+([a-z0-9_]+)(?:\["[^"]*"\])? --- ([a-z0-9_]+)(?:\["[^"]*"\])?$`)
	var got []string
	for _, e := range edge.FindAllStringSubmatch(section, -1) {
		got = append(got, lane(id(e[1]), id(e[2])))
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("the map picture's lanes\n%v\nare not map.toml's\n%v", got, want)
	}
	label := regexp.MustCompile(`([a-z0-9_]+)\["([^"]*) \((\d+)\)"\]`)
	labelled := map[string]bool{}
	for _, l := range label.FindAllStringSubmatch(section, -1) {
		labelled[id(l[1])] = true
		for _, p := range m.Planets {
			if p.ID == id(l[1]) && (p.Name != l[2] || strconv.Itoa(p.Locations) != l[3]) {
				t.Errorf("the map picture labels %s %q (%s); map.toml: %q (%d)", p.ID, l[2], l[3], p.Name, p.Locations)
			}
		}
	}
	if len(labelled) != len(m.Planets) {
		t.Errorf("the map picture labels %d planets, map.toml has %d", len(labelled), len(m.Planets))
	}
}

func lane(a, b string) string {
	if a > b {
		a, b = b, a
	}
	return a + "–" + b
}

// The repository README init-repo writes says its set-up steps come in the
// organisers' guide's order: they have the guide's numbers, and its step
// references name the steps the guide does.
func TestRepositoryReadmeSteps(t *testing.T) {
	guide := readDoc(t, "docs/organisers.md")
	start := strings.Index(guide, "\n## Running it on GitHub\n")
	if start < 0 {
		t.Fatal("docs/organisers.md has no section Running it on GitHub")
	}
	section := guide[start+1:]
	if end := strings.Index(section[3:], "\n## "); end >= 0 {
		section = section[:end+3]
	}
	var want []string
	for _, m := range regexp.MustCompile(`(?m)^### ([0-9]+)\. `).FindAllStringSubmatch(section, -1) {
		want = append(want, m[1])
	}
	readme := readDoc(t, "campaigns/repotemplate/files/README.md")
	var got []string
	for _, m := range regexp.MustCompile(`(?m)^([0-9]+)\. \*\*`).FindAllStringSubmatch(readme, -1) {
		got = append(got, m[1])
	}
	if !slices.Equal(got, want) {
		t.Errorf("the repository README's set-up steps are numbered %v, the guide's %v", got, want)
	}
	for _, ref := range []string{"environment (step 4)", "pushed (step 5)", "protected (step 6)"} {
		if !strings.Contains(strings.Join(strings.Fields(readme), " "), ref) {
			t.Errorf("the repository README does not say %q, as the guide's steps are numbered", ref)
		}
	}
}

// TestPlayersCardLinked: every campaign README links the players' card at
// its top (phase.PlayersCard), which is a file of docs/, linked from the top
// of the players' guide too.
func TestPlayersCardLinked(t *testing.T) {
	const blob = "https://github.com/warmaster/warmaster/blob/main/"
	rel, ok := strings.CutPrefix(phase.PlayersCard, blob)
	if !ok {
		t.Fatalf("PlayersCard %s is not a file of this repository's main branch", phase.PlayersCard)
	}
	if _, err := os.Stat(filepath.Join(sourceRoot(t), filepath.FromSlash(rel))); err != nil {
		t.Errorf("PlayersCard links %s: %v", rel, err)
	}
	guide := readDoc(t, "docs/players.md")
	if top, _, _ := strings.Cut(guide, "\n## "); !strings.Contains(top, "](card.md)") {
		t.Errorf("docs/players.md does not link card.md before its first section")
	}
}
