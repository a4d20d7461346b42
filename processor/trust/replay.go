package trust

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/disk"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/folder/owntoml"
	"github.com/warmaster/warmaster/processor/phase"
	"github.com/warmaster/warmaster/processor/report"
	"github.com/warmaster/warmaster/processor/seal"
)

// ReplayResult says what a replay recomputed.
type ReplayResult struct {
	// Skipped says why nothing could be replayed: a secret it needs is not
	// given (the pull-request check has no secrets; its `check --actor`
	// refuses any edit of a processor-written file instead).
	Skipped string

	Runs    int      // advance runs replayed (journal entries grouped by time)
	Steps   int      // steps replayed
	Checked []string // processor-written files compared, sorted

	// Digest is the folder's verified digest (VerifiedDigest), when
	// ReplayUnlessVerified was asked about it and the replay passed or was
	// not needed; Verified says it was not needed: the digest was vouched
	// for already.
	Digest   string
	Verified bool
}

// Summary says what a replay recomputed, as replay, advance (when is
// "before advancing") and the pull-request check print it: "replayed 7
// steps in 1 run; 29 processor-written files match".
func (r *ReplayResult) Summary(when string) string {
	if when != "" {
		when = " " + when
	}
	match := "match"
	if len(r.Checked) == 1 {
		match = "matches"
	}
	return fmt.Sprintf("replayed %s in %s%s; %s %s", report.Plural(r.Steps, "step", "steps"), report.Plural(r.Runs, "run", "runs"), when,
		report.Plural(len(r.Checked), "processor-written file", "processor-written files"), match)
}

// Replay recomputes the campaign from its set-up and the inputs journal.toml
// records, run by run at the times it records, in a scratch folder, and
// compares every processor-written file with the one in dir byte for byte.
// Any difference — a hand edit of state, journal, reports or battle sheets,
// or an input changed after it was consumed — is a fault (*InvalidError).
func Replay(dir string, opt phase.Options) (*ReplayResult, error) {
	return ReplayUnlessVerified(dir, opt, nil)
}

// ReplayUnlessVerified is Replay, except that a folder whose verified
// digest verified vouches for (a replay, or an advance on a replayed
// campaign, proved those very files before) is not replayed again.
func ReplayUnlessVerified(dir string, opt phase.Options, verified func(digest string) bool) (*ReplayResult, error) {
	f, err := loadHistory(dir)
	if err != nil {
		return nil, err
	}
	defer f.Disk.Close()
	var digest string // only asked for: a replay reads every file once more to make it
	if verified != nil {
		if digest, err = verifiedDigest(dir, f); err != nil {
			return nil, err
		}
		if verified(digest) {
			return &ReplayResult{Digest: digest, Verified: true}, nil
		}
	}
	// The journal as load read and checked it (its limits, every step and
	// input: an input's path must be one of the campaign folder's input
	// files, inputPathProblem).
	steps := f.JournalSteps
	// Its times are history: none after the time of this replay (load
	// refused any out of order). A zero opt.Now gives no time to hold them to.
	if !opt.Now.IsZero() {
		var fs processor.Faults
		folder.CheckJournalTime(steps, opt.Now, &fs)
		if !fs.Empty() {
			return nil, fs.Err(f.Text)
		}
	}
	if f.Campaign.Commitment != "" && opt.DiceKey == "" && len(steps) > 0 {
		return &ReplayResult{Skipped: "the dice are committed to a secret key: replay needs WARMASTER_DICE_KEY"}, nil
	}
	if opt.AgeIdentity == "" && slices.ContainsFunc(steps, func(e owntoml.JournalEntry) bool {
		return slices.ContainsFunc(e.Inputs, func(in owntoml.JournalInput) bool { return strings.HasSuffix(in.Path, seal.SealedExt) })
	}) {
		return &ReplayResult{Skipped: "sealed orders were revealed: replay needs WARMASTER_AGE_IDENTITY to decrypt them again"}, nil
	}
	// The scratch folder is not the campaign: the runs are the real
	// campaign's, under its identity (sealed orders, dice).
	id, err := folder.CampaignID(dir)
	if err != nil {
		return nil, err
	}
	var fs processor.Faults
	scratch, err := disk.Temp("warmaster-replay-")
	if err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	defer scratch.Discard()
	// The runs' folder, open for all of them: each knows what the runs
	// before it wrote (Commit and WriteFile record it), where opening it
	// again would scan the whole campaign so far for each run, and a replay
	// grow as the square of the campaign's length. Open as a run opens its
	// campaign folder: a run commits only what Warmaster writes.
	d, err := folder.OpenFolder(scratch.Path(), disk.Scratch)
	if err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	defer func() { d.Close() }()
	for _, name := range []string{processor.CampaignFile, processor.MapFile} {
		if err := d.WriteFile(name, f.Text(name)); err != nil {
			return nil, fmt.Errorf("replay: %w", err)
		}
	}
	if err := f.CopyProfiles(d); err != nil { // war-engine profiles, like campaign.toml
		return nil, fmt.Errorf("replay: %w", err)
	}
	res := &ReplayResult{}
	points := processor.PointsMemo{}
	legacy := false // a run journaled before runs recorded what they saw
	for i := 0; i < len(steps); {
		// One advance run: the consecutive entries applied at the same
		// time; the first of each run says what it saw (journals before
		// that have only the times).
		k := i + 1
		for k < len(steps) && steps[k].Applied.Equal(steps[i].Applied) && steps[k].Saw == nil && (steps[k].Warmaster == "") == (steps[i].Warmaster == "") {
			k++
		}
		group := steps[i:k]
		for _, e := range group {
			// The step's inputs by path: a sealed file among them says the
			// orders beside it were decrypted at the reveal.
			paths := make(map[string]bool, len(e.Inputs))
			for _, in := range e.Inputs {
				paths[in.Path] = true
			}
			for _, in := range e.Inputs {
				if in.SHA256 == "" {
					// A file that arrived after its step: only its being
					// there mattered (it was never read), and it may have
					// been removed since.
					if err := d.WriteFile(in.Path, nil); err != nil {
						return nil, fmt.Errorf("replay: %w", err)
					}
					continue
				}
				// As load read it, whose digest the journal records: a
				// file past its size limit (set aside), to the byte past it.
				data, ok, err := f.Read(in.Path)
				if err != nil {
					return nil, fmt.Errorf("replay: %w", err)
				}
				if !ok {
					// load refuses it first (folder's missingConsumed): said
					// alike, at the file, with the commit to restore it from.
					fs.List = append(fs.List, processor.Fault{File: in.Path, Restore: in.SHA256,
						Message: fmt.Sprintf("deleted since step %s of phase %d consumed it (the journal records sha256 %.12s…); what a step used never changes: %s", e.Step, e.Phase, in.SHA256, processor.RestoreDeleted(in.Path))})
					continue
				}
				if folder.Digest(data) != in.SHA256 {
					fs.AddRestore(processor.Src{File: in.Path}, in.SHA256, "changed since step %s of phase %d consumed it (the journal records sha256 %.12s…); what a step used never changes: ", e.Step, e.Phase, in.SHA256)
				}
				if paths[in.Path+seal.SealedExt] {
					continue // orders decrypted at the reveal: the replay decrypts them again
				}
				if err := d.WriteFile(in.Path, data); err != nil {
					return nil, fmt.Errorf("replay: %w", err)
				}
			}
		}
		if !fs.Empty() {
			return nil, fs.Err(f.Text)
		}
		o := opt
		o.Now = group[0].Applied
		o.Progress = nil // one line per run, below, is enough
		// The scratch folder's inputs are the replay's own copies, each
		// held to its digest above: a run need not hash them again (each
		// would hash the whole history so far, and a replay grow as the
		// square of the campaign's length).
		o.Unchanged = func(string) bool { return true }
		again := phase.Again{
			CampaignID: id,
			// A run journaled before warmaster recorded its dice rolled them
			// as it did then.
			LegacyDice: slices.ContainsFunc(group, func(e owntoml.JournalEntry) bool { return e.DiceSHA256 == "" }),
			// The run applies the steps the journal says it applied, and no
			// more: a deadline moved earlier since, past the time of that
			// run, would otherwise make it apply the next step too.
			Steps: len(group),
			// With what it saw of the campaign (deadlines, [github],
			// [rules]), and written by the warmaster that ran it; a run
			// journaled before these were recorded, as it was written then.
			Legacy:  group[0].Warmaster == "",
			Saw:     group[0].Saw,
			Version: group[0].Warmaster,
			// With the [rules] as they were then (a correction since is
			// campaign.toml's, folder's "A correction").
			Corrections: folder.Corrected(steps[:k]),
			Points:      points,
		}
		if !again.Legacy && again.Saw == nil {
			again.Saw = []string{} // it saw no deadline, no [github]: as recorded
		}
		legacy = legacy || again.Legacy
		if opt.Progress != nil {
			fmt.Fprintf(opt.Progress, "replay: the run of %s (%s)\n", o.Now.Format(time.RFC3339), report.Plural(len(group), "step", "steps"))
		}
		sum, elsewhere, err := advanceAgain(d, o, again)
		if err == nil && elsewhere {
			// Another warmaster wrote the folder: what it wrote is known
			// only by scanning it again, and read afresh.
			clear(points)
			d.Close()
			d, err = folder.OpenFolder(scratch.Path(), disk.Scratch)
		}
		if err != nil {
			var inv *processor.InvalidError
			if errors.As(err, &inv) {
				return nil, fmt.Errorf("replay: the run of %s no longer goes through: %w", o.Now.Format("2006-01-02T15:04:05Z07:00"), err)
			}
			return nil, fmt.Errorf("replay: %w", err)
		}
		if sum.Steps != len(group) {
			fs.Add(processor.Src{File: processor.JournalFile}, "the run of %s applied %s, the replay %d (%s); was the deadline of a step processed then moved later in campaign.toml?", o.Now.Format("2006-01-02T15:04:05Z07:00"), report.Plural(len(group), "step", "steps"), sum.Steps, strings.Join(sum.Applied, "; "))
			return nil, fs.Err(f.Text)
		}
		res.Runs++
		res.Steps += len(group)
		i = k
	}
	want, have := processorFiles(d.Files()), processorFiles(f.Files())
	deadlines := f.Campaign.DeadlineTexts()
	for _, p := range union(want, have) {
		res.Checked = append(res.Checked, p)
		a, aerr := f.ReadFile(p)
		// Within the limit the campaign's file is read within (a phase
		// report of 60,000 battles is 79 MB, past the limit of a file of
		// no kind).
		b, berr := d.ReadFileLimit(p, folder.ReadLimit(p))
		if berr != nil && d.IsFile(p) {
			return nil, fmt.Errorf("replay: reading the replayed %s: %w", p, berr)
		}
		switch {
		case berr != nil:
			fs.List = append(fs.List, processor.Fault{File: p, Message: "written by hand: the replay of the journal does not write this file"})
		case aerr != nil:
			fs.List = append(fs.List, processor.Fault{File: p, Message: "missing: the replay of the journal writes this file"})
		case bytes.Equal(a, b):
		case legacy && path.Ext(p) == ".md" && sameButMoved(a, b, deadlines):
			// The Warmaster moved a deadline, or added [github], since a
			// run that did not record what it saw.
		default:
			line, got, wantLine := firstDiff(a, b)
			fs.List = append(fs.List, processor.Fault{File: p, Line: line, Col: 1,
				Message: fmt.Sprintf("differs from the replay of the journal (edited by hand?): the file has %q, the replay %q", got, wantLine)})
		}
	}
	if err := fs.Err(f.Text); err != nil {
		return res, err
	}
	res.Digest = digest
	return res, nil
}

// processorFiles are the files of a folder that the processor writes.
func processorFiles(files []string) []string {
	return slices.DeleteFunc(slices.Clone(files), func(p string) bool { return folder.Classify(p).Kind != folder.KindWritten })
}

func union(a, b []string) []string {
	out := slices.Concat(a, b)
	slices.Sort(out)
	return slices.Compact(out)
}

// firstDiff finds the first line where two texts differ (1-based).
func firstDiff(a, b []byte) (int, string, string) {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := 0; i < max(len(la), len(lb)); i++ {
		var x, y string
		if i < len(la) {
			x = la[i]
		}
		if i < len(lb) {
			y = lb[i]
		}
		if x != y || i >= len(la) || i >= len(lb) {
			return i + 1, x, y
		}
	}
	return 1, "", ""
}

// Moving a deadline. The Warmaster may move the deadline of a step not
// processed yet in campaign.toml at any time. The reports and README that
// the last run wrote say the deadline as it was then — in the awaited
// files' table (deadlineText), the "due" line of the events' choices (step
// 3) and An Open Tome's — and a replay, which has only today's
// campaign.toml, says the new one. Which deadline a run saw is recorded
// nowhere but in that text, so the replay compares Markdown with the
// deadlines masked: two lines that differ are the same when they differ
// only in deadline text, each deadline the replay wrote is one of
// campaign.toml's, and table cells are compared without their padding (a
// deadline of another width pads a table otherwise). Everything else,
// and every deadline-independent file (state, journal, battle sheets), is
// compared byte for byte; and which steps a run applied does not depend
// on deadlines in a replay (Options.maxSteps).

// deadlineRE is deadline text as the reports write it: with a deadline,
// or without one.
var deadlineRE = regexp.MustCompile(`deadline ([0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2} [^ ;|)]+); past it the defaults apply|waits for every file|([0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2} [^ ;|)]+)|none: waits for every input|before the other Alliances' orders: no deadline, step 1 waits for them first`)

// Adding [github]. The Warmaster may add campaign.toml's [github] at any
// time: from the next run on, the README links each awaited file to
// GitHub's editor. The README the last run wrote has no links, and the
// replay's has: the replay's links — the "in the browser" column, the
// links under the table and the notes that explain them — are left out
// when the file has none, so nothing of the file goes unchecked. The link
// to a new file carries its draft, which says the step's deadline: a link
// is the same when only the deadlines in its draft differ (with the price
// deadline text has, above). A [github]
// changed or removed since the last run is not told from a hand edit: the
// next step's run writes the README afresh.

// sameButMoved reports whether a Markdown file Warmaster wrote (a) and its
// replay (b) differ only in deadlines moved, or links to GitHub's editor
// added, since the run that wrote it.
func sameButMoved(a, b []byte, deadlines map[string]bool) bool {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	// A README written before it linked the players' card.
	if card := slices.IndexFunc(lb, isCardLine); card >= 0 && !slices.ContainsFunc(la, isCardLine) && card+1 < len(lb) && lb[card+1] == "" {
		lb = slices.Delete(slices.Clone(lb), card, card+2)
	}
	if !slices.ContainsFunc(la, isEditorLink) && slices.ContainsFunc(lb, isEditorLink) {
		lb = withoutEditorLinks(lb)
	}
	return sameButDeadlines(la, withoutNewLinksOf(la, lb), deadlines)
}

// withoutNewLinksOf is a README's replay (lb) without the *new* links the
// README (la) does not have: a file already in the folder when the run
// wrote the README gets only its *edit* link (awaitedLinks), and a replay
// never has the files of a step still to come. Links are only taken away,
// never allowed in.
func withoutNewLinksOf(la, lb []string) []string {
	drop := map[string]bool{}
	for _, l := range lb {
		if m := newLinkRefRE.FindStringSubmatch(l); m != nil && !slices.ContainsFunc(la, func(x string) bool { return strings.HasPrefix(x, m[0]) }) {
			drop[m[1]] = true
		}
	}
	if len(drop) == 0 {
		return lb
	}
	out := make([]string, 0, len(lb))
	for _, l := range lb {
		if m := newLinkRefRE.FindStringSubmatch(l); m != nil && drop[m[1]] {
			continue
		}
		if strings.HasPrefix(l, "|") {
			for n := range drop { // the order does not matter: each row has one N
				i, _ := strconv.Atoi(n)
				l = strings.Replace(l, fmt.Sprintf(phase.NewAndEditCell, i, i), fmt.Sprintf(phase.EditCell, i), 1)
			}
		}
		out = append(out, l)
	}
	return out
}

// newLinkRefRE is the start of a *new* link's reference, and its number.
var newLinkRefRE = regexp.MustCompile(`^\[new-([0-9]+)\]: `)

// editorLinkRE is a link to GitHub's editor as the README writes it below
// the awaited files' table (awaitedLinks): for a new file (its draft in
// value=), or for one in the repository.
var editorLinkRE = regexp.MustCompile(`^\[(?:new|edit)-[0-9]+\]: https://github\.com/`)

func isEditorLink(line string) bool { return editorLinkRE.MatchString(line) }

// isCardLine is the README's line linking the players' card.
func isCardLine(line string) bool {
	return strings.HasPrefix(line, "**Playing?** [The players' card]("+phase.PlayersCard+")")
}

// newFileLinkRE splits a link to a new file: all but the draft, and the
// draft, escaped.
var newFileLinkRE = regexp.MustCompile(`^(\[new-[0-9]+\]: https://github\.com/[^?]*\?filename=[^&]*&value=)([^&]*)$`)

// withoutEditorLinks is a README as the run would have written it without
// [github]: the awaited files' table without its "in the browser" column,
// and neither the links below it nor the notes on them.
func withoutEditorLinks(lines []string) []string {
	var out []string
	inTable := false
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if strings.HasPrefix(l, "|") {
			row := strings.TrimSuffix(l, "|")
			cut := strings.LastIndex(row, "|") // before the last cell
			if !inTable && strings.TrimSpace(row[cut+1:]) == phase.BrowserColumn {
				inTable = true
			}
			if inTable {
				l = row[:cut+1]
			}
			out = append(out, l)
			continue
		}
		inTable = false
		if isEditorLink(l) || l == phase.BrowserNote || l == phase.DraftsCutNote {
			if i+1 < len(lines) && lines[i+1] == "" {
				i++ // the gap after the block
			}
			continue
		}
		out = append(out, l)
	}
	return out
}

// sameLinkButDeadlines reports whether two links to a new file differ
// only in the deadlines their drafts say.
func sameLinkButDeadlines(x, y string, deadlines map[string]bool) bool {
	mx, my := newFileLinkRE.FindStringSubmatch(x), newFileLinkRE.FindStringSubmatch(y)
	if mx == nil || my == nil || mx[1] != my[1] {
		return false
	}
	dx, errx := url.QueryUnescape(mx[2])
	dy, erry := url.QueryUnescape(my[2])
	return errx == nil && erry == nil && sameButDeadlines(strings.Split(dx, "\n"), strings.Split(dy, "\n"), deadlines)
}

// sameButDeadlines reports whether the lines of a file (la) and of its
// replay (lb) differ only in deadlines.
func sameButDeadlines(la, lb []string, deadlines map[string]bool) bool {
	if len(la) != len(lb) {
		return false
	}
	for i := range la {
		if la[i] == lb[i] || sameLinkButDeadlines(la[i], lb[i], deadlines) {
			continue
		}
		for _, m := range deadlineRE.FindAllStringSubmatch(lb[i], -1) {
			if ts := m[1] + m[2]; ts != "" && !deadlines[ts] {
				return false // a time the replay wrote that is no deadline: not deadline text
			}
		}
		if maskDeadlines(la[i]) != maskDeadlines(lb[i]) {
			return false
		}
	}
	return true
}

// maskDeadlines replaces deadline text with one mark, and a table row's
// cells with their text unpadded.
func maskDeadlines(line string) string {
	line = deadlineRE.ReplaceAllString(line, "⟨deadline⟩")
	if !strings.HasPrefix(line, "|") {
		return line
	}
	cells := strings.Split(line, "|")
	for i, c := range cells {
		c = strings.TrimSpace(c)
		if strings.Trim(c, ":-") == "" && c != "" {
			c = strings.ReplaceAll(c, "-", "") + "-" // a separator: its alignment only
		}
		cells[i] = c
	}
	return strings.Join(cells, "|")
}

// Upgrading mid-campaign. A run is replayed by the warmaster that applied
// it, which its journal entries name: this one in-process; another, its
// binary (Options.Release finds it) through the hidden `replay-run`
// command, on the same scratch folder. A newer release may word a report
// differently, write the state otherwise, or read a rule otherwise: what
// an older one wrote is reproduced by that one, byte for byte, and every
// file is still held to its replay. A run journaled before warmaster
// recorded its version is this one's to replay, as it was written then.

// advanceAgain replays one run in the scratch folder d, with the warmaster
// that applied it: elsewhere says another warmaster's process wrote d.
func advanceAgain(d *disk.Dir, opt phase.Options, again phase.Again) (sum *phase.Summary, elsewhere bool, err error) {
	if again.Legacy || again.Version == cmp.Or(opt.Version, phase.DevelVersion) {
		sum, err := phase.AdvanceAgainIn(d, opt, again)
		return sum, false, err
	}
	sum, err = advanceElsewhere(d.Path(), opt, again)
	return sum, true, err
}

// advanceElsewhere replays one run in the scratch folder with the binary of
// the release that applied it.
func advanceElsewhere(scratch string, opt phase.Options, again phase.Again) (*phase.Summary, error) {
	if !ReleaseName(again.Version) {
		return nil, fmt.Errorf("the run of %s was applied by warmaster %q, which is not a version name (journal.toml is written by the processor: restore it from git history)", opt.Now.Format(time.RFC3339), again.Version)
	}
	if opt.Release == nil {
		return nil, fmt.Errorf("the run of %s was applied by warmaster %s, and this is %s: replay runs it with that version (give its binary with --release %s=PATH, or WARMASTER_RELEASES)", opt.Now.Format(time.RFC3339), again.Version, cmp.Or(opt.Version, phase.DevelVersion), again.Version)
	}
	bin, err := opt.Release(again.Version)
	if err != nil {
		return nil, fmt.Errorf("the run of %s was applied by warmaster %s: %w", opt.Now.Format(time.RFC3339), again.Version, err)
	}
	req, err := json.Marshal(ReplayRun{Now: opt.Now, Again: again})
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(bin, "replay-run", scratch)
	cmd.Stdin = bytes.NewReader(req)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	// The secrets as this run has them, and nothing of this process's
	// environment that would change what the other runs.
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME"), "WARMASTER_DICE_KEY=" + opt.DiceKey, "WARMASTER_AGE_IDENTITY=" + opt.AgeIdentity}
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("warmaster %s (%s) replaying the run of %s: %v: %s", again.Version, bin, opt.Now.Format(time.RFC3339), err, strings.TrimSpace(errOut.String()))
	}
	var sum phase.Summary
	if err := json.Unmarshal(out.Bytes(), &sum); err != nil {
		return nil, fmt.Errorf("warmaster %s (%s) replaying the run of %s said %q: %v", again.Version, bin, opt.Now.Format(time.RFC3339), out.String(), err)
	}
	return &sum, nil
}

// ReplayRun is what `warmaster replay-run` reads on its standard input:
// the run to replay in the scratch folder it is given (it prints the
// phase.Summary as JSON; only Applied and Steps are read). Every release
// reads this shape: fields are only ever added.
type ReplayRun struct {
	Now   time.Time   `json:"now"`
	Again phase.Again `json:"again"`
}

// ReplayRunIn is `warmaster replay-run`: the run req asks for, in the
// scratch folder dir.
func ReplayRunIn(dir string, req ReplayRun, opt phase.Options) (*phase.Summary, error) {
	opt.Now = req.Now
	return phase.AdvanceAgain(dir, opt, req.Again)
}

// releaseRE is a release's version name: a module version (v1.2.3, a
// pre-release, a pseudo-version) or a local build's commit.
var releaseRE = regexp.MustCompile(`^(v[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?|[0-9a-f]{12}(-dirty)?|\(devel\))$`)

// ReleaseName reports whether a journal's warmaster is a version name a
// release can have (it names files and module versions: hostile input).
func ReleaseName(v string) bool { return len(v) <= 100 && releaseRE.MatchString(v) }
