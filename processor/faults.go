package processor

import (
	"cmp"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/warmaster/warmaster/processor/report"
	"github.com/warmaster/warmaster/schema"
)

// Src is where a value came from: a campaign file (slash-separated, relative
// to the campaign folder) and a JSON pointer into it.
type Src struct {
	File string
	Ptr  string
}

// At is the source of a key or index below this one. The pointer is
// built in one piece: a campaign of 100,000 players and fleets asks it of
// each.
func (s Src) At(keys ...any) Src {
	if len(keys) == 0 {
		return s
	}
	var buf [96]byte
	b := append(buf[:0], s.Ptr...)
	for _, k := range keys {
		b = append(b, '/')
		var key string
		switch k := k.(type) {
		case string:
			key = k
		case int:
			b = strconv.AppendInt(b, int64(k), 10) // digits and a sign: nothing to escape
			continue
		default:
			key = fmt.Sprint(k)
		}
		if strings.ContainsAny(key, "~/") {
			key = pointerEscape.Replace(key)
		}
		b = append(b, key...)
	}
	s.Ptr = string(b)
	return s
}

// operationEntry is the [[operations]] entry of an orders file that a
// fault's pointer is in ("/operations/1" of "/operations/1/planet"), or ""
// when it is in none.
func operationEntry(ptr string) string {
	rest, ok := strings.CutPrefix(ptr, "/operations/")
	if !ok {
		return ""
	}
	n, _, _ := strings.Cut(rest, "/")
	if n == "" || strings.Trim(n, "0123456789") != "" {
		return ""
	}
	return "/operations/" + n
}

// OutcomeOnly reports whether every fault of a result file is in its
// [outcome] table: the victor's Campaign Outcome choices, which a result
// past its deadline can do without (the defaults apply) while its winner
// stands.
func OutcomeOnly(faults []Fault) bool {
	for _, f := range faults {
		if f.Ptr != "/outcome" && !strings.HasPrefix(f.Ptr, "/outcome/") {
			return false
		}
	}
	return len(faults) > 0
}

// SplitOperations parts an orders file's operations into the operations without faults and
// those with; ok is false when a fault is in no operation of the list (it
// is about the file as a whole) or every operation has one (the file is
// then not used at all, and said so).
func SplitOperations(list []Order, faults []Fault) (keep, ops []Order, ok bool) {
	bad := map[string]bool{}
	for _, f := range faults {
		entry := operationEntry(f.Ptr)
		if entry == "" || !slices.ContainsFunc(list, func(o Order) bool { return o.Src.Ptr == entry }) {
			return nil, nil, false
		}
		bad[entry] = true
	}
	for _, o := range list {
		if bad[o.Src.Ptr] {
			ops = append(ops, o)
		} else {
			keep = append(keep, o)
		}
	}
	return keep, ops, len(keep) > 0
}

// FaultLines are faults as a report lists them: "`file:line:col`: message".
func FaultLines(fs []Fault) []string {
	lines := make([]string, len(fs))
	for i, f := range fs {
		where := f.File
		if f.Line > 0 {
			where = fmt.Sprintf("%s:%d:%d", f.File, f.Line, f.Col)
		}
		lines[i] = fmt.Sprintf("`%s`: %s", where, report.Plain(f.Message)) // it may quote a player's text
	}
	return lines
}

// pointerEscape escapes a key for a JSON pointer (RFC 6901).
var pointerEscape = strings.NewReplacer("~", "~0", "/", "~1")

// Fault is one problem with one campaign file, positioned for the player.
type Fault struct {
	File      string
	Line, Col int
	Message   string
	// Restore is set on a fault about an input that a processed step
	// consumed and that has been changed or deleted since: the SHA-256
	// (hex) journal.toml records, which the file must have again. Its
	// message ends in restoreFromHistory until RestoreFrom says better.
	Restore string
	// Fix is the one sure mending of the fault, when there is one: what
	// the pull-request check offers as a suggested change (see Fix).
	Fix *Fix
	// Layout marks a fault of a file's layout, which its schema checks (a
	// misspelt key, text where a number goes): such a file is checked
	// against the rules only once it is mended.
	Layout bool

	Ptr string // resolved to Line:Col lazily, only when there are faults
	key bool   // point at the key, not its value
}

// Fix is how a fault is mended for sure, set where the fault is made —
// never read back from its message.
type Fix struct {
	Kind FixKind
	// FixMeant: the id as written (Was) and the one known id it was likely
	// meant to be (Meant). FixRename: the path the file was meant to have
	// (Meant, a slash path like the fault's File).
	Was, Meant string
}

// FixKind is what kind of mending a Fix is.
type FixKind int

const (
	// FixMeant replaces a misspelt id, at the fault's line and column, with
	// the one id a "did you mean" names.
	FixMeant FixKind = iota + 1
	// FixCurly puts straight quotes for the curly quotes on every line of
	// a file that has them in its TOML.
	FixCurly
	// FixRename moves the file to the path it was meant to have.
	FixRename
)

func (f Fault) String() string {
	if f.Line == 0 {
		return fmt.Sprintf("%s: %s", f.File, f.Message)
	}
	return fmt.Sprintf("%s:%d:%d: %s", f.File, f.Line, f.Col, f.Message)
}

// InvalidError reports that campaign files are invalid: every fault, sorted
// by file, line and column. Nothing was written.
type InvalidError struct {
	Faults []Fault
}

func (e *InvalidError) Error() string {
	var b strings.Builder
	for i, f := range e.Faults {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(f.String())
	}
	return b.String()
}

// Faults collects problems found while reading and checking a campaign.
type Faults struct {
	List     []Fault
	HintWork int // bytes of ids read by hints so far (see closest)
	// meant is the Fix of the last Hint that named exactly one id, and
	// the hint's text: the next fault added whose message holds that text
	// carries it (Hint is called in the arguments of the Add it words).
	meant     *Fix
	meantText string
}

func (fs *Faults) Add(at Src, format string, args ...any) {
	fs.List = append(fs.List, fs.withMeant(Fault{File: at.File, Ptr: at.Ptr, Message: fmt.Sprintf(format, args...)}))
}

// withMeant gives f the Fix of the hint just made, when f's message
// words that hint; the hint is used up either way.
func (fs *Faults) withMeant(f Fault) Fault {
	if fs.meant != nil && strings.Contains(f.Message, fs.meantText) {
		f.Fix = fs.meant
	}
	fs.meant, fs.meantText = nil, ""
	return f
}

// AddLine adds a fault at a line of a file that is not TOML (a report);
// line 0 is the whole file.
func (fs *Faults) AddLine(file string, line int, format string, args ...any) {
	f := Fault{File: file, Line: line, Message: fmt.Sprintf(format, args...)}
	if line > 0 {
		f.Col = 1
	}
	fs.List = append(fs.List, f)
}

func (fs *Faults) AddKey(at Src, format string, args ...any) {
	fs.List = append(fs.List, fs.withMeant(Fault{File: at.File, Ptr: at.Ptr, key: true, Message: fmt.Sprintf(format, args...)}))
}

func (fs *Faults) AddSchema(file string, sf []schema.Fault) {
	for _, f := range sf {
		pf := Fault{File: file, Line: f.Line, Col: f.Col, Message: f.Message}
		switch {
		case f.Curly:
			pf.Fix = &Fix{Kind: FixCurly}
		case f.Meant != "":
			pf.Fix = &Fix{Kind: FixMeant, Was: f.Was, Meant: f.Meant}
		}
		fs.List = append(fs.List, pf)
	}
}

// AddLayout is AddSchema for a player's or a Warmaster's file, which is
// checked against the rules once its layout is mended (Fault.Layout).
func (fs *Faults) AddLayout(file string, sf []schema.Fault) {
	n := len(fs.List)
	fs.AddSchema(file, sf)
	for i := n; i < len(fs.List); i++ {
		fs.List[i].Layout = true
	}
}

// AddRestore adds a fault about a consumed input that was changed or
// deleted: the file must have the content whose SHA-256 is digest again.
func (fs *Faults) AddRestore(at Src, digest, format string, args ...any) {
	fs.List = append(fs.List, Fault{File: at.File, Ptr: at.Ptr, Restore: digest, Message: fmt.Sprintf(format, args...) + RestoreFromHistory})
}

// RestoreFromHistory is the advice of a fault with a Restore digest when
// nobody has said which commit holds that content.
const RestoreFromHistory = "restore it from git history"

// RestoreDeleted is the advice of a fault about a consumed input file (a
// slash path from the campaign folder) that was deleted, when nobody has
// said which commit holds it: RestoreFromHistory, and the git commands
// that find the deletion and undo it. RestoreFrom replaces it as it does
// RestoreFromHistory.
func RestoreDeleted(file string) string {
	return fmt.Sprintf("%s: in the campaign folder, git log --diff-filter=D -- %s names the commit that deleted it, and git checkout <commit>^ -- %s puts it back", RestoreFromHistory, file, file)
}

// RestoreFrom makes the advice of each fault about a changed or deleted
// consumed input exact where how knows it: given the fault's file and the
// SHA-256 it must have again, how returns the advice that replaces
// "restore it from git history", or RestoreDeleted's advice for a deleted
// file — e.g. "restore it from commit 1a2b3c4d5e6f: git checkout … --
// campaigns/x/phases/01/orders/bob.toml" — or "".
func (e *InvalidError) RestoreFrom(how func(file, digest string) string) {
	for i := range e.Faults {
		f := &e.Faults[i]
		if f.Restore == "" {
			continue
		}
		general := RestoreFromHistory
		if deleted := RestoreDeleted(f.File); strings.HasSuffix(f.Message, deleted) {
			general = deleted
		}
		if !strings.HasSuffix(f.Message, general) {
			continue
		}
		if advice := how(f.File, f.Restore); advice != "" {
			f.Message = strings.TrimSuffix(f.Message, general) + advice
		}
	}
}

// OnlyFiles keeps the faults of the named files (slash paths relative to
// the campaign folder), and of the Warmaster's files every input depends
// on (campaign.toml, map.toml, war-engine profiles); nil if none is left.
// An error that is not an *InvalidError is returned as it is.
func OnlyFiles(err error, files []string) error {
	var e *InvalidError
	if !errors.As(err, &e) {
		return err
	}
	var keep []Fault
	for _, f := range e.Faults {
		if slices.Contains(files, f.File) || f.File == CampaignFile || f.File == MapFile || strings.HasPrefix(f.File, "engines/") {
			keep = append(keep, f)
		}
	}
	if len(keep) == 0 {
		return nil
	}
	return &InvalidError{Faults: keep}
}

// Merge adds the faults of o, found after those of fs, and the hints'
// work o did.
func (fs *Faults) Merge(o Faults) {
	fs.List = append(fs.List, o.List...)
	fs.HintWork += o.HintWork
}

func (fs *Faults) Empty() bool { return len(fs.List) == 0 }

// Resolved is the faults as err has them: positioned and sorted.
func (fs *Faults) Resolved(text func(file string) []byte) []Fault {
	var inv *InvalidError
	if errors.As(fs.Err(text), &inv) {
		return inv.Faults
	}
	return nil
}

// Err resolves positions against the files' text and returns the sorted
// faults as an *InvalidError, or nil when there are none.
func (fs *Faults) Err(text func(file string) []byte) error {
	if len(fs.List) == 0 {
		return nil
	}
	out := capFaults(fs.List)
	// Each file's faults are positioned together: one pass over its text.
	queries := map[string][]schema.Query{}
	which := map[string][]int{}
	for i, f := range out {
		if f.Line == 0 {
			queries[f.File] = append(queries[f.File], schema.Query{Pointer: f.Ptr, Key: f.key})
			which[f.File] = append(which[f.File], i)
		}
	}
	for _, file := range slices.Sorted(maps.Keys(queries)) {
		data := text(file)
		if data == nil {
			continue // a whole file or folder: no position
		}
		for j, p := range schema.LocateAll(data, queries[file]) {
			out[which[file][j]].Line, out[which[file][j]].Col = p.Line, p.Col
		}
	}
	slices.SortStableFunc(out, func(a, b Fault) int {
		return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col), cmp.Compare(a.Message, b.Message))
	})
	out = slices.CompactFunc(out, func(a, b Fault) bool { return a.String() == b.String() })
	return &InvalidError{Faults: out}
}

// capFaults keeps at most schema.MaxFaults faults a file (and one that
// says how many more there are), so that a file with a fault in each of
// its million values costs no more to report than to read.
func capFaults(list []Fault) []Fault {
	count := map[string]int{}
	many := false
	for _, f := range list {
		count[f.File]++
		many = many || count[f.File] > schema.MaxFaults+1
	}
	if !many {
		return slices.Clone(list)
	}
	out := make([]Fault, 0, len(list))
	byFile := map[string][]Fault{}
	for _, f := range list {
		if count[f.File] <= schema.MaxFaults+1 {
			out = append(out, f)
			continue
		}
		if byFile[f.File] == nil {
			byFile[f.File] = make([]Fault, 0, count[f.File])
		}
		byFile[f.File] = append(byFile[f.File], f)
	}
	for _, file := range slices.Sorted(maps.Keys(byFile)) {
		kept, left := schema.CapFaults(byFile[file], 0, func(f Fault) (string, string) { return f.Ptr, f.Message })
		kept[len(kept)-1].Message = schema.MoreFaults(left)
		out = append(out, kept...)
	}
	return out
}

// Hint is what follows `unknown planet "x"; `: `did you mean "y"?` when a
// known id is close to id (another case, a look-alike character, the first
// word of a longer name, a slip of at most two letters), else list, which
// says what is valid.
func Hint[T ~string](fs *Faults, id string, known []T, list string) string {
	if m := Closest(fs, id, known); len(m) > 0 {
		text := schema.DidYouMean(id, ids(m))
		if len(m) == 1 && fs != nil {
			// One sure candidate: the fault this hint words can be mended.
			fs.meant, fs.meantText = &Fix{Kind: FixMeant, Was: id, Meant: string(m[0])}, text
		}
		return text
	}
	return list
}

// Closest are the known ids a misspelt id was likely meant to be (see
// hint). Each call reads every known id, and ids have no length of their
// own limit: fs counts the bytes read, and past hintBudget (a hostile file
// of thousands of unknown ids among thousands of known ones, or of ids
// thousands of characters long) it finds none; nil fs allows a short list
// only.
func Closest[T ~string](fs *Faults, id string, known []T) []T {
	if fs != nil && fs.HintWork >= HintBudget {
		return nil
	}
	work := len(id)
	for _, k := range known {
		work += len(k)
	}
	switch {
	case fs == nil && work > HintShortList:
		return nil
	case fs != nil && fs.HintWork+work > HintBudget:
		return nil
	case fs != nil:
		fs.HintWork += work
	}
	var out []T
	for _, m := range schema.Closest(id, ids(known)) {
		out = append(out, T(m))
	}
	return out
}

// HintBudget is how many bytes of ids the hints of one run read: a tenth
// of a second or so (schema.Closest's cost is linear in them); a club's
// campaign spends a few kilobytes.
const HintBudget = 4 << 20

// HintShortList is the most bytes of ids a hint with no budget to draw on
// reads: a thousand ids of 16 characters.
const HintShortList = 16 << 10

// ids are typed ids as strings.
func ids[T ~string](list []T) []string {
	out := make([]string, len(list))
	for i, v := range list {
		out[i] = string(v)
	}
	return out
}

// rulesURL is the page where every ruling Warmaster follows is stated, in
// the tool's repository (docs/rules.md), each under an anchor of its own.
const rulesURL = "https://github.com/warmaster/warmaster/blob/main/docs/rules.md"

// Ruling cites a ruling in a report: a link to where docs/rules.md states
// it, "[RULINGS 16](…#rulings-16)".
func Ruling(n int) string { return fmt.Sprintf("[RULINGS %d](%s#rulings-%d)", n, rulesURL, n) }

// WithRefusals joins the faults a check found with the refusals of
// Authorize, sorted. A refused file's other faults are left out: what it
// holds does not matter when it may not be changed. Either may be nil; an
// error that is not an *InvalidError is returned as it is.
func WithRefusals(checked, refused error) error {
	var c, r *InvalidError
	if checked != nil && !errors.As(checked, &c) {
		return checked
	}
	if refused != nil && !errors.As(refused, &r) {
		return refused
	}
	if r == nil {
		return checked
	}
	out := slices.Clone(r.Faults)
	if c != nil {
		for _, fl := range c.Faults {
			if !slices.ContainsFunc(r.Faults, func(x Fault) bool { return x.File == fl.File }) {
				out = append(out, fl)
			}
		}
	}
	slices.SortStableFunc(out, func(a, b Fault) int {
		return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col), strings.Compare(a.Message, b.Message))
	})
	return &InvalidError{Faults: out}
}

// PlainFirst is the message of a refusal a player reads in a browser or on
// a phone: plain, one sentence in their words ending in "." — what
// happened and what to do (the file to use instead, or "close this pull
// request") — then, after "Why: ", the rule in full for whoever wants it,
// ending in the git command where there is one (RestoreFrom).
func PlainFirst(plain, detail string) string {
	return plain + " Why: " + detail
}

// FirstSentence is a message's first sentence: up to the first ". ", or
// all of it.
func FirstSentence(msg string) string {
	if i := strings.Index(msg, ". "); i >= 0 {
		return msg[:i+1]
	}
	return msg
}
