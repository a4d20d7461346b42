package folder

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/disk"
	"github.com/warmaster/warmaster/processor/folder/owntoml"
	"github.com/warmaster/warmaster/processor/report"
	"github.com/warmaster/warmaster/processor/seal"
	"github.com/warmaster/warmaster/schema"
)

// Folder is a campaign folder as read from disk: the campaign, the map, the
// state and every input that is still to be processed.
type Folder struct {
	Dir      string
	Disk     *disk.Dir // every read of the folder goes through it
	Campaign *processor.Campaign
	State    *processor.State
	Journal  []byte
	// ConsumedInputs are the digests of the inputs processed steps consumed, by path.
	ConsumedInputs map[string]string
	// consumedThere counts the files of the folder that consumed found
	// in ConsumedInputs: all of them there, none is missing
	// (missingConsumed).
	consumedThere int
	// unchanged: see LoadOptions.
	unchanged func(file string) bool
	// Corrections are campaign.toml's [[corrections]], in order;
	// Correcting, the one the next run applies (nil: none).
	Corrections []Correction
	Correcting  *Correction
	// campaignDoc is campaign.toml as decoded, the parts the steps use
	// (usedOf); mapJSON map.toml as decoded, as its `used` line hashes it
	// (its document, 12,500 planets' tables at 100,000 players, is not kept).
	campaignDoc map[string]any
	mapJSON     []byte
	// JournalSteps are journal.toml's entries, in order.
	JournalSteps []owntoml.JournalEntry
	// appliedAt is when each input step was applied, from the journal.
	appliedAt map[StepAt]time.Time
	// LateFaults are the files that arrived after their step was processed:
	// never applied, reported, and no obstacle to advance (lateNoted: those
	// a report has named already).
	LateFaults []processor.Fault
	LateNoted  map[string]bool
	// Notes are what a check says of an input without refusing it (an
	// orders file that leaves a fleet out: it performs Logistical Auxilia).
	Notes []processor.Fault
	// EarlyNotes are the notes of input files of phases not begun, which
	// are read when their phase comes (earlyNotes): said of a file a check
	// names; a file the campaign waits for now in the phase now, one
	// likely meant instead, is a note of Notes, said always.
	EarlyNotes []processor.Fault
	// RosterAhead are the roster changes still to come that could not take
	// effect as the campaign stands (checkRosterAhead), positioned: notes
	// (CampaignNotes), refused in the pull request that edits them.
	RosterAhead []processor.Fault

	Setup   map[processor.AllianceID]*processor.SetupChoice
	Orders  map[int]map[processor.Login][]processor.Order
	Results map[int]map[string]*processor.Result
	// Confirmations and Rulings are the other side's word on each result
	// and the Warmaster's on a disputed one, by phase and battle; Seen is
	// when advance first saw each result (seen.toml), for the phase whose
	// battles it awaits.
	Confirmations map[int]map[string]*processor.Confirmation
	Rulings       map[int]map[string]*processor.WarmasterRuling
	Seen          map[int]map[string]Seen
	Moves         map[int]map[processor.Login][]processor.Move
	Builds        map[int]map[processor.AllianceID]processor.BuildChoice
	Events        map[int]map[processor.AllianceID]*processor.EventChoices
	// Tiebreak is the final phase's tiebreak.toml, while the campaign waits for it.
	Tiebreak *processor.Tiebreak

	// Sealed are the sealed orders files still to be revealed, by phase and
	// login: phases/01/orders/alice.toml.age. Only their name and format are
	// checked; advance decrypts them at 2.1 Reveal.
	Sealed map[int]map[processor.Login]string

	// Texts are the files read, by slash path, but those with a sum.
	Texts map[string][]byte
	// sums are the SHA-256s of input files read ahead, taken on the CPUs
	// that read them (decodeAll): 100,000 results' digests for the
	// journal, and for confirmations at each look at the step, not taken
	// one after another in the run. Their texts are not kept once decoded
	// (at 100,000 battles, 9 MB of texts and 6 MB of map the run would
	// hold to its end): Text reads one again if a fault is to be placed
	// in it. A sum holds while Texts has no text of its file (sealed
	// orders decrypted at the reveal take a text's place).
	sums map[string]string
	// letGo are the files whose text was let go of once decoded
	// (letGoOfTexts): Text reads them again from the folder.
	letGo map[string]bool
	// bySum are the files read by SHA-256 (fileWithSum), once a
	// confirmation or ruling names a SHA-256 not its result's.
	bySum map[string]string
	Pre   map[string]*decoded // files read and decoded ahead of their turn
	early *early              // the last phase folder's, decoded from when state.toml is read
	// revealed is the state's Battle Operations by id (their index in
	// State.Orders), made when a result's faults first ask (resultBattle).
	revealed map[string]int
	// sheets are the battle sheets' names of each phase StrayBattleFile
	// was asked of (a pull request's files, one after another).
	sheets map[int]*sheetNames
}

// NoteAt makes a checker's notes the folder's, each at its line and
// column.
func NoteAt(f *Folder) func(processor.Src, string) {
	return func(at processor.Src, msg string) {
		var n processor.Faults
		n.Add(at, "%s", msg)
		for _, r := range n.Resolved(f.Text) {
			f.Note(r)
		}
	}
}

// Note records a note on an input, once.
func (f *Folder) Note(n processor.Fault) {
	if !slices.Contains(f.Notes, n) {
		f.Notes = append(f.Notes, n)
	}
}

type inputDir struct {
	dir  string
	kind schema.Kind
	step processor.Step
}

// inputDirs are the folders of a phase that players write, with the schema of each.
var inputDirs = []inputDir{
	{"orders", schema.Orders, processor.StepOperations},
	{"results", schema.Results, processor.StepBattles},
	{"moves", schema.Moves, processor.StepMoves},
	{"builds", schema.Builds, processor.StepBuilds},
	{"events", schema.Events, processor.StepEvents},
	{"confirmations", schema.Confirmations, processor.StepBattles},
	{"rulings", schema.Rulings, processor.StepBattles},
}

var phaseDirRE = regexp.MustCompile(`^[0-9]{2,3}$`)

// Load reads a campaign folder. Files of steps already processed are not
// read again (the journal holds their digests). A fault in any file read is
// returned as an *InvalidError.
func Load(dir string) (*Folder, error) {
	f, fs, err := LoadDir(dir)
	if err != nil {
		return nil, err
	}
	if err := fs.Err(f.Text); err != nil {
		return nil, err
	}
	return f, nil
}

// LoadFrom reads a campaign folder and collects its faults. The folder is nil
// (with the faults) only when the campaign, map or state cannot be read, or
// the folder holds entries never read (links, refused names: see
// folderFaults); otherwise faulty inputs are left out of it and their
// faults returned.
func LoadFrom(d *disk.Dir) (*Folder, *processor.Faults, error) {
	return LoadFromWith(d, LoadOptions{})
}

// LoadOptions change how a folder is read.
type LoadOptions struct {
	// Unchanged reports the inputs known to be as the steps that used them
	// found them (phase.Options.Unchanged): those are not read again.
	Unchanged func(file string) bool
	// Replay: the folder is a replay's scratch copy, whose run had applied
	// Corrections of campaign.toml's [[corrections]] (with its own): its
	// [rules] are read as they were then (the next correction's was).
	Replay      bool
	Corrections int
	// History: the folder is a replay's scratch copy, at a run of the
	// campaign's history (any replay, legacy ones too), with campaign.toml
	// as it is today: its roster changes still to come from there are not
	// held to the state as it stood then (checkRosterAhead), and the
	// roster is held to the steps played once, when the replay loads the
	// campaign itself (checkRosterByHand), not again at every run.
	History bool
}

// LoadFromWith is LoadFrom with options.
func LoadFromWith(d *disk.Dir, o LoadOptions) (*Folder, *processor.Faults, error) {
	f := &Folder{
		unchanged:     o.Unchanged,
		Dir:           d.Path(),
		Disk:          d,
		Setup:         map[processor.AllianceID]*processor.SetupChoice{},
		Orders:        map[int]map[processor.Login][]processor.Order{},
		Results:       map[int]map[string]*processor.Result{},
		Confirmations: map[int]map[string]*processor.Confirmation{},
		Rulings:       map[int]map[string]*processor.WarmasterRuling{},
		Seen:          map[int]map[string]Seen{},
		Moves:         map[int]map[processor.Login][]processor.Move{},
		Builds:        map[int]map[processor.AllianceID]processor.BuildChoice{},
		Events:        map[int]map[processor.AllianceID]*processor.EventChoices{},
		Sealed:        map[int]map[processor.Login]string{},
		Texts:         map[string][]byte{},
	}
	fs := &processor.Faults{}
	fail := func() (*Folder, *processor.Faults, error) { return nil, nil, fs.Err(f.Text) }
	if folderFaults(d, fs); !fs.Empty() {
		return fail() // nothing is read from a folder with links in it
	}
	st := startState(f)
	defer st.end()
	f.early = startEarly(f, st)
	defer f.early.end()
	f.prefetch([]string{processor.CampaignFile, processor.MapFile}, schema.Campaign, schema.Map)
	// The players and fleets read apart where they can be (roll): the
	// document holds the first of each.
	cd, roll, err := f.decodeFor(nil, processor.CampaignFile, schema.Campaign, fs, true)
	if err != nil {
		return nil, nil, err
	}
	md, err := f.Decode(processor.MapFile, schema.Map, fs)
	if err != nil {
		return nil, nil, err
	}
	if cd == nil || md == nil {
		return fail()
	}
	f.Corrections = corrections(cd)
	if o.Replay && o.Corrections < len(f.Corrections) {
		// As the run saw them, in a copy: the document may be one
		// schema.Decode remembers for the next run (a replay's), which
		// must see campaign.toml as it is.
		cd = maps.Clone(cd)
		cd["rules"] = f.Corrections[o.Corrections].Was
	}
	c := processor.DecodeCampaignRoll(processor.NewObj(cd, processor.Src{File: processor.CampaignFile}), roll, fs)
	c.Map = processor.DecodeMap(processor.NewObj(md, processor.Src{File: processor.MapFile}), fs)
	c.CheckStarts(fs)
	if err := f.LoadWarEngines(c, processor.NewObj(cd, processor.Src{File: processor.CampaignFile}), fs); err != nil {
		return nil, nil, err
	}
	f.Campaign = c
	if rules, _ := cd["rules"].(map[string]any); rules != nil {
		for _, o := range processor.RuleOptions {
			if _, set := rules[o.Key]; set && processor.Idle(o.Key, len(c.AllianceIDs())) != "" {
				NoteAt(f)(processor.Src{File: processor.CampaignFile}.At("rules", o.Key), processor.Idle(o.Key, len(c.AllianceIDs())))
			}
		}
	}
	// Only these parts of the document are read from here on (cd is not):
	// the rest, every player and fleet (100,000 of each in a public
	// campaign), is let go of before the state and the inputs are decoded.
	f.campaignDoc, f.mapJSON = usedOf(cd), canonJSON(md)
	if !fs.Empty() {
		return fail()
	}
	st.wait()
	if st.missing {
		c = c.RosterAt(0) // who plays from the start
		f.Campaign = c
		f.State = processor.NewState(c)
	} else if st.err != nil {
		return nil, nil, fmt.Errorf("read %s: %w", processor.StateFile, st.err)
	} else {
		f.Texts[processor.StateFile] = st.data
		if fs.Merge(st.fs); st.ok {
			f.State = decodeState(c, processor.StateFile, st.doc, fs)
		}
		// Not held to the load's end (st.end): the lines read, 40 MB at
		// 100,000 battles, live beside the inputs decoded; the text is
		// Texts' now.
		st.doc, st.data = owntoml.StateDoc{}, nil
		if f.State != nil {
			c = f.State.C // the allegiance as the state has it
			f.Campaign = c
		}
	}
	if f.State != nil && fs.Empty() {
		f.checkRosterTiming(fs)
		if fs.Empty() && !o.History {
			if f.State.Step == processor.StepSetup {
				checkRosterAhead(c, f.State, fs) // nothing played yet has changed since they were written
			} else {
				var ahead processor.Faults
				checkRosterAhead(c, f.State, &ahead)
				if inv, ok := ahead.Err(f.Text).(*processor.InvalidError); ok {
					f.RosterAhead = inv.Faults
				}
			}
		}
	}
	data, ok, err := f.Read(processor.JournalFile)
	if err != nil {
		return nil, nil, err
	}
	f.Journal = data
	steps, j := ReadJournal(data, ok, c, f.State, fs)
	f.JournalSteps, f.ConsumedInputs, f.LateNoted, f.appliedAt = steps, j.Consumed, j.late, j.applied
	if f.State != nil && fs.Empty() && !o.History { // a replay loads the campaign itself first (loadHistory)
		checkRosterByHand(c, f.State, steps, fs)
	}
	if fs.Empty() {
		f.Correcting = checkUsed(steps, UsedParts(f.campaignDoc, f.mapJSON, c.Phases, Generated(steps)), f.Corrections, fs)
	}
	if !fs.Empty() {
		return fail()
	}
	// Before the inputs are read: at a public campaign's battles step the
	// three texts (30 MB) were live beside the 100,000 results decoded.
	letGoOfTexts(f, fs)
	k := processor.Checker{C: c, Fs: fs, Note: NoteAt(f)}
	if err := f.loadSetup(k); err != nil {
		return nil, nil, err
	}
	if err := f.loadPhases(k); err != nil {
		return nil, nil, err
	}
	missingConsumed(f, fs)
	f.misplaced(fs)
	return f, fs, nil
}

// Used are the journal's `used` lines for a run that applied the steps
// run, after those the journal has.
func (f *Folder) Used(run []owntoml.JournalEntry) []string {
	return UsedLines(UsedParts(f.campaignDoc, f.mapJSON, f.Campaign.Phases, Generated(slices.Concat(f.JournalSteps, run))))
}

// RulesDoc is campaign.toml's [rules] as decoded (as the run sees them).
func (f *Folder) RulesDoc() map[string]any {
	m, _ := rulesOf(f.campaignDoc).(map[string]any)
	return m
}

// Text returns a file's contents as read, or nil. A file let go of, or
// read ahead with its sum, is read again, as the folder was scanned (a
// fault's position, which nothing asks of a file that served without
// one, but it may); an input's is then kept, for a fault is placed at
// every look at its step — if it is still the text its sum was taken of,
// so that its digest stays that of the text decoded.
func (f *Folder) Text(file string) []byte {
	if data, ok := f.Texts[file]; ok {
		return data
	}
	sum, summed := f.sums[file]
	if !summed && !f.letGo[file] {
		return nil
	}
	data, err := f.ReadFile(file)
	if summed && err == nil && Digest(data) == sum {
		f.Texts[file] = data
	}
	return data
}

// letGoOfTexts lets go of the texts of state.toml, campaign.toml and
// map.toml once they are decoded and checked and nothing has been found
// wrong with them: the biggest files of a big campaign (19, 9 and 2 MB at 100,000
// battles), whose texts then only position a fault found later; Text
// reads them again if one is.
func letGoOfTexts(f *Folder, fs *processor.Faults) {
	for _, file := range []string{processor.StateFile, processor.CampaignFile, processor.MapFile} {
		if _, ok := f.Texts[file]; !ok || slices.ContainsFunc(fs.List, func(x processor.Fault) bool { return x.File == file }) {
			continue
		}
		if f.letGo == nil {
			f.letGo = map[string]bool{}
		}
		delete(f.Texts, file)
		f.letGo[file] = true
	}
}

// Digest is the SHA-256 of a file as read.
func (f *Folder) Digest(file string) string {
	if _, held := f.Texts[file]; !held {
		if sum, ok := f.sums[file]; ok {
			return sum
		}
	}
	return Digest(f.Text(file))
}

func Digest(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

func (f *Folder) Read(file string) ([]byte, bool, error) {
	var data []byte
	var err error
	sum := ""
	if p, ok := f.Pre[file]; ok {
		data, err, sum = p.data, p.err, p.sum
	} else {
		data, err = f.readFile(file)
	}
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("read %s: %w", file, err)
	}
	if sum != "" {
		keepSum(f, file, sum)
	} else {
		f.Texts[file] = data
	}
	return data, true, nil
}

// keepSum keeps a file's digest, taken where it was read, and not its
// text (Read).
func keepSum(f *Folder, file, sum string) {
	if f.sums == nil {
		f.sums = map[string]string{}
	}
	f.sums[file] = sum
	delete(f.Texts, file)
}

// Decode reads and schema-validates one file; a missing required file is a fault.
func (f *Folder) Decode(file string, kind schema.Kind, fs *processor.Faults) (map[string]any, error) {
	doc, _, err := f.decodeFor(nil, file, kind, fs, false)
	return doc, err
}

// decodeInput decodes a file the campaign is known for: an id left empty
// is a fault that names the ids it may be (wordBlanks).
func (f *Folder) decodeInput(k processor.Checker, file string, kind schema.Kind) (map[string]any, error) {
	doc, _, err := f.decodeFor(&k, file, kind, k.Fs, false)
	return doc, err
}

// decodeFor decodes a file for Decode and decodeInput; with lift,
// campaign.toml's players and fleets are read apart where they can be
// (decodeKind), into roll.
func (f *Folder) decodeFor(k *processor.Checker, file string, kind schema.Kind, fs *processor.Faults, lift bool) (map[string]any, *processor.Roll, error) {
	data, ok, err := f.Read(file)
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		if meant := meantBy(f.Disk, file); meant != "" {
			fs.Add(processor.Src{File: file}, "missing: every campaign folder has %s (warmaster init makes one); %s is there: rename it %s", file, meant, file)
			return nil, nil, nil
		}
		fs.Add(processor.Src{File: file}, "missing: every campaign folder has %s (warmaster init makes one)", file)
		return nil, nil, nil
	}
	var doc map[string]any
	var sf []schema.Fault
	var roll *processor.Roll
	if p, ok := f.Pre[file]; ok && p.kind == kind && (lift || p.roll == nil) {
		doc, sf, roll = p.doc, p.faults, p.roll
		// Let go of it here: every file of a prefetch shares one array,
		// which would hold all their decoded documents to the last one.
		*p = decoded{}
		delete(f.Pre, file)
	} else if lift {
		doc, sf, roll = decodeKind(kind, data)
	} else {
		doc, sf = schema.Decode(kind, data)
	}
	if len(sf) > 0 {
		if kind == schema.Results {
			emptyWinnerWithVP(doc, sf)
		}
		if key, to, what := wrongFile(file, kind, doc); to != "" {
			fs.AddKey(processor.Src{File: file, Ptr: "/" + key}, "%s", processor.PlainFirst(
				fmt.Sprintf("This file is for your %s, but it holds %s, which go in %s: move the text there.", kind, what, to),
				fmt.Sprintf("%s is the key of %s files, not of %s files", key, path.Base(path.Dir(to)), kind)))
			return nil, nil, nil
		}
		if key, msg, whole := misfiled(file, kind, doc); key != "" {
			if whole {
				fs.AddKey(processor.Src{File: file, Ptr: "/" + key}, "%s", msg)
				return nil, nil, nil
			}
			for i := range sf {
				if sf[i].Pointer == "/"+key {
					sf[i].Message, sf[i].Was, sf[i].Meant = msg, "", ""
				}
			}
		}
		if k != nil {
			battle := resultBattle(f, *k, file, kind)
			k.WordBlanks(file, kind, sf, battle)
			k.WordMissingValues(file, kind, sf, battle)
			wordCutDigests(f, file, kind, doc, sf)
			sf = k.WordNames(k.WordOutcomes(kind, data, doc, sf, battle))
		}
		fs.AddLayout(file, sf)
		return nil, nil, nil
	}
	return doc, roll, nil
}

// wrongFile finds a file written into the wrong folder: moves written
// into the orders file ([moves] there), orders into the moves file. It
// returns the key that gives it away, the file the text belongs in and
// what it holds; to is "" for none.
func wrongFile(file string, kind schema.Kind, doc map[string]any) (key, to, what string) {
	cp := Classify(file)
	_, ops := doc["operations"]
	_, moves := doc["moves"]
	switch {
	case kind == schema.Orders && moves && !ops:
		return "moves", processor.InputPath(cp.Phase, "moves", cp.Name), "your moves"
	case kind == schema.Moves && ops && !moves:
		return "operations", processor.InputPath(cp.Phase, "orders", cp.Name), "your orders"
	}
	return "", "", ""
}

// emptyWinnerWithVP rewords the fault of a result's empty winner when both
// VP are given (a draft's winner = "" left in beside the VP filled in): the
// VP decide the winner, so the line can go.
func emptyWinnerWithVP(doc map[string]any, sf []schema.Fault) {
	_, a := doc["attacker_vp"]
	_, d := doc["defender_vp"]
	if w, ok := doc["winner"].(string); !ok || w != "" || !a || !d {
		return
	}
	for i, f := range sf {
		if f.Pointer == "/winner" {
			sf[i].Message = `winner is empty: delete winner = "" (attacker_vp and defender_vp decide it) or fill it in: attacker, defender or draw`
		}
	}
}

// readFile reads a file of the folder (at its size: the text is kept, for
// faults to quote, and a phase has tens of thousands of small files). A
// file longer than the limit of its kind is read no further (readLimit):
// what was read is kept, for that limit to refuse it where it passes it.
func (f *Folder) readFile(file string) ([]byte, error) {
	data, err := f.Disk.ReadFileLimit(file, ReadLimit(file))
	if errors.Is(err, disk.ErrTooLarge) {
		return data, nil
	}
	return data, err
}

// decoded is a file read and schema-decoded ahead of its turn (prefetch).
type decoded struct {
	kind   schema.Kind
	data   []byte
	err    error
	doc    map[string]any
	faults []schema.Fault
	roll   *processor.Roll // campaign.toml's, read apart (decodeKind)
	// sum is data's SHA-256 (Digest), taken where it was read: an
	// input's (a file of at most summedMax bytes); "" for none.
	sum string
}

// summedMax is the most bytes a file read ahead is hashed as it is read:
// an input is (a step's journal entry lists them); a public campaign's
// campaign.toml and map.toml, megabytes, are hashed only when asked.
const summedMax = 64 << 10

// prefetchChunk is how many input files are decoded ahead at a time.
const prefetchChunk = 512

// prefetch reads and schema-decodes files on every CPU, so that a few
// files are not parsed one after another; read and decode take each in
// its turn, so what is reported, and in what order, is as it would be
// without.
func (f *Folder) prefetch(files []string, kinds ...schema.Kind) {
	if len(files) < 2 || runtime.GOMAXPROCS(0) < 2 {
		return
	}
	f.register(files, decodeAll(f, runtime.GOMAXPROCS(0), files, kinds...))
}

// eachDecoded calls use for each file in turn (i its index in files),
// the files read and schema-decoded a chunk ahead on the other CPUs while
// use works through the chunk before: a phase's thousands of results are
// neither parsed one after another, nor waited for a chunk at a time, nor
// all held at once. Files of the last phase folder come from the stream
// begun once state.toml was read (early). As with prefetch, what is reported,
// and in what order, is as it would be without.
func (f *Folder) eachDecoded(phase int, files []string, kind schema.Kind, use func(i int) error) error {
	if len(files) > 1 && len(files) > len(f.sums) && runtime.GOMAXPROCS(0) > 1 {
		// Sized for this list and those before it, whichever came first (a
		// few moves committed early, then 100,000 results): not grown by
		// rehashing one file at a time.
		sums := make(map[string]string, len(f.sums)+len(files))
		maps.Copy(sums, f.sums)
		f.sums = sums
	}
	if e := f.early; e.covers(phase) {
		for i, file := range files {
			if d, ok := e.take(file); ok && d.kind != "" { // "": judged processed, only hashed (early)
				f.register(files[i:i+1], []decoded{d})
			}
			if err := use(i); err != nil {
				return err
			}
		}
		return nil
	}
	if len(files) < 2 || runtime.GOMAXPROCS(0) < 2 {
		for i := range files {
			if err := use(i); err != nil {
				return err
			}
		}
		return nil
	}
	chunks := make(chan []decoded, 1)
	stop := make(chan struct{})
	go func() {
		defer close(chunks)
		for start := 0; start < len(files); start += prefetchChunk {
			select {
			case chunks <- decodeAll(f, runtime.GOMAXPROCS(0), files[start:min(start+prefetchChunk, len(files))], kind):
			case <-stop:
				return
			}
		}
	}()
	var err error
	start := 0
	for out := range chunks {
		if err != nil {
			continue // waiting for the reader to stop
		}
		f.register(files[start:start+len(out)], out)
		for i := range out {
			if err = use(start + i); err != nil {
				close(stop)
				break
			}
		}
		start += len(out)
	}
	return err
}

// decodeAll reads and schema-decodes files on that many CPUs.
func decodeAll(f *Folder, cpus int, files []string, kinds ...schema.Kind) []decoded {
	out := make([]decoded, len(files))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(cpus, len(files)) {
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < len(files); i = int(next.Add(1)) - 1 {
				d := &out[i]
				d.kind = kinds[min(i, len(kinds)-1)] // one kind for all, or one each
				d.data, d.err = f.readFile(files[i])
				if d.err == nil {
					if d.kind != "" {
						d.doc, d.faults, d.roll = decodeKind(d.kind, d.data)
					}
					if len(d.data) <= summedMax {
						d.sum = Digest(d.data)
						if d.kind == "" {
							d.data = nil // a file of a step processed: only its digest is asked for (consumed)
						}
					}
				}
			}
		})
	}
	wg.Wait()
	return out
}

// decodeKind is schema.Decode, but for campaign.toml's [[players]] and
// [[fleets]], which are read apart where they can be (schema.DecodeLifting:
// a public campaign has 100,000 of each) into roll, their document holding
// the first of each; roll is nil where the document holds them all.
func decodeKind(kind schema.Kind, data []byte) (doc map[string]any, faults []schema.Fault, roll *processor.Roll) {
	if kind != schema.Campaign {
		doc, faults = schema.Decode(kind, data)
		return doc, faults, nil
	}
	// Slot 0 of each is the document's first table, filled in after; each
	// is made when its first table is handed over (none where the file is
	// read whole), sized for the tables' headers as they are most often
	// written.
	r := &processor.Roll{}
	src := processor.Src{File: processor.CampaignFile}
	doc, ok := schema.DecodeLifting(kind, data, []string{"players", "fleets"}, func(array string, i int, t map[string]any) {
		o := processor.NewObj(t, src.At(array, i))
		if array == "players" {
			if r.Players == nil {
				r.Players = make([]processor.Player, 1, max(2, bytes.Count(data, []byte("[[players]]"))))
			}
			r.Players = append(r.Players, processor.PlayerOf(o))
		} else {
			if r.Fleets == nil {
				r.Fleets = make([]processor.RosterFleet, 1, max(2, bytes.Count(data, []byte("[[fleets]]"))))
			}
			r.Fleets = append(r.Fleets, processor.RosterFleetOf(o))
		}
	})
	if !ok {
		doc, faults = schema.Decode(kind, data)
		return doc, faults, nil
	}
	in := processor.RollOf(processor.NewObj(doc, src)) // all of an array not lifted from, the first of one lifted from
	if r.Players != nil {
		r.Players[0] = in.Players[0]
	} else {
		r.Players = in.Players
	}
	if r.Fleets != nil {
		r.Fleets[0] = in.Fleets[0]
	} else {
		r.Fleets = in.Fleets
	}
	return doc, nil, r
}

// register hands files decoded ahead to read and decode.
func (f *Folder) register(files []string, out []decoded) {
	if f.Pre == nil {
		f.Pre = map[string]*decoded{}
	}
	for i, file := range files {
		f.Pre[file] = &out[i]
	}
}

// entries lists a folder's entries by name, as the folder was scanned; a
// missing folder is empty.
func (f *Folder) entries(rel string) []disk.Entry {
	es, _ := f.Disk.List(rel)
	return es
}

// tomlFiles lists the .toml files of an input folder by name (without
// .toml) and, where sealedOK (orders/), the sealed <name>.toml.age files;
// anything else in it is a fault (counted by r), so no submission goes
// unseen. valid, if not nil, says whether a name is one the folder's files
// have (a player's login in orders/): a file of that name without .toml,
// or with a slip of it (alice, alice.tml), is told to be renamed.
func (f *Folder) tomlFiles(rel string, r *refusals, what string, sealedOK bool, valid func(name string) bool) (names, sealed []string) {
	entries := f.entries(rel)
	has := func(name string) bool {
		return slices.ContainsFunc(entries, func(e disk.Entry) bool { return e.Name() == name })
	}
	for _, e := range entries {
		name := e.Name()
		switch {
		case e.IsDir():
		case strings.HasSuffix(name, ".toml"):
			names = append(names, strings.TrimSuffix(name, ".toml"))
			continue
		case strings.HasSuffix(name, ".toml"+seal.SealedExt) && sealedOK:
			sealed = append(sealed, strings.TrimSuffix(name, ".toml"+seal.SealedExt))
			continue
		case strings.HasSuffix(name, ".toml"+seal.SealedExt):
			if r.listed() {
				r.fs.Add(processor.Src{File: path.Join(rel, name)}, "unexpected file here: only orders are sealed; %s holds only <%s>.toml files", rel, what)
			}
			continue
		}
		if r.listed() {
			if strings.HasPrefix(name, ".") && !e.IsDir() {
				// .alice.toml.swp: an editor's swap or lock file, never a
				// misnamed input.
				r.fs.Add(processor.Src{File: path.Join(rel, name)}, "a hidden file (an editor's swap or lock file?) is never read: remove it; %s holds only <%s>.toml files", rel, what)
				continue
			}
			to, ok := meantTOML(name)
			how, copied := " (an editor, Windows or a phone added the ending)", "an editor's backup, or an ending Windows or a phone added?"
			if stem, slip := misnamedStem(name); !ok && slip && valid != nil && valid(stem) {
				to, ok, how, copied = stem+".toml", true, "", "a copy, misnamed?" // alice, alice.tml: a slip of the hand
			}
			if ok && !e.IsDir() && has(to) {
				r.fs.Add(processor.Src{File: path.Join(rel, name)}, "%s is here too, and this name is never read (%s): keep the one you mean, named %s, and remove the other; %s holds only <%s>.toml files", path.Join(rel, to), copied, path.Join(rel, to), rel, what)
				continue
			} else if ok && !e.IsDir() {
				r.fs.Add(processor.Src{File: path.Join(rel, name)}, "this file's name should end in .toml: rename it %s%s; %s holds only <%s>.toml files", path.Join(rel, to), how, rel, what)
				continue
			}
			r.fs.Add(processor.Src{File: path.Join(rel, name)}, "unexpected %s here: %s holds only <%s>.toml files", kindOf(e), rel, what)
		}
	}
	return names, sealed
}

// meantTOML is the .toml name a file was likely meant to have: bob.toml.txt
// or bob.txt (an ending Notepad or a phone adds, which Windows hides),
// bob.TOML.
func meantTOML(name string) (string, bool) {
	lower := strings.ToLower(name)
	if i := strings.Index(lower, ".toml"); i > 0 && (i+len(".toml") == len(lower) || !strings.HasPrefix(lower[i:], ".toml"+seal.SealedExt)) {
		return name[:i] + ".toml", true
	}
	for _, ext := range []string{".txt", ".text", ".md", ".rtf"} {
		if base, ok := strings.CutSuffix(lower, ext); ok && base != "" && !strings.Contains(base, ".") {
			return name[:len(base)] + ".toml", true
		}
	}
	return "", false
}

// MeantPath is the path of a player's file that file (a slash path in the
// campaign folder, one Classify does not know) was likely meant to have:
// phases/01/orders/bob.toml for phases/01/orders/bob.toml.txt,
// phases/2/orders/bob.toml, phases/01/Orders/bob.toml or
// phase/01/orders/bob.toml, and setup/blue.toml for setups/blue.toml;
// false when none is likely.
func MeantPath(file string) (string, bool) {
	parts := strings.Split(file, "/")
	if n := len(parts); n > 0 {
		if to, ok := meantTOML(parts[n-1]); ok {
			parts[n-1] = to
		}
	}
	if len(parts) > 1 {
		if top, ok := meantTop(parts[0], true); ok {
			parts[0] = top // setups/, Setup/, phase/
		}
	}
	if len(parts) >= 3 && parts[0] == "phases" {
		if n, err := strconv.Atoi(parts[1]); err == nil && n >= 1 && n < 1000 {
			parts[1] = fmt.Sprintf("%02d", n)
		}
		if len(parts) == 4 {
			if d, ok := meantInputDir(parts[2]); ok {
				parts[2] = d
			}
		}
	}
	meant := strings.Join(parts, "/")
	if meant == file || Classify(meant).Kind == KindOther {
		return "", false
	}
	k := Classify(meant).Kind
	return meant, k >= KindSetup && k <= KindTiebreak
}

// meantTop is the name a top-level entry of a campaign folder that
// Warmaster does not read was likely meant to have, by the near-miss a
// misspelt id's "did you mean" names (processor.Closest: another case, a
// slip of a letter or two): a folder's engines, setup or phases (setups,
// Setup, phase); a file's campaign.toml or map.toml (campaign.tml, and
// Notepad's map.toml.txt, Map.TOML as meantTOML reads them; not map.md,
// which may be notes). Not the files Warmaster writes: a copy of one is
// no one's to rename. False when the name is one Warmaster reads, or none
// or several are close.
func meantTop(name string, dir bool) (string, bool) {
	known := topFolders
	if !dir {
		known = []string{processor.CampaignFile, processor.MapFile}
		if to, ok := meantTOML(name); ok && to != name && strings.Contains(strings.ToLower(name), ".toml") && slices.Contains(known, to) {
			return to, true
		}
	}
	if slices.Contains(known, name) {
		return "", false
	}
	if m := processor.Closest(nil, name, known); len(m) == 1 {
		return m[0], true
	}
	return "", false
}

// meantBy is the one top-level file of d likely meant to be file
// (campaign.toml or map.toml, missing): campaign.tml, Map.toml; "" when
// none or several are.
func meantBy(d *disk.Dir, file string) string {
	if strings.Contains(file, "/") {
		return ""
	}
	top, _ := d.List(".")
	var meant []string
	for _, e := range top {
		if to, ok := meantTop(e.Name(), false); ok && !e.IsDir() && to == file {
			meant = append(meant, e.Name())
		}
	}
	if len(meant) != 1 {
		return ""
	}
	return meant[0]
}

// meantInputDir is the input folder a phase folder's sub-folder was likely
// meant to be: Orders, order, MOVES.
func meantInputDir(name string) (string, bool) {
	lower := strings.ToLower(name)
	for _, d := range inputDirs {
		if lower == d.dir || lower+"s" == d.dir {
			return d.dir, true
		}
	}
	return "", false
}

// refusals counts the files of one folder refused by their name or kind,
// which are never read: their faults need no content. Past
// MaxRefusedEntries of them one fault says how many more there are, so that
// what a folder holds beyond its valid files costs a listing, not a
// reading, and its faults fit on a screen.
type refusals struct {
	fs  *processor.Faults
	dir string
	n   int
}

// MaxRefusedEntries is the most entries (files, folders) of one folder
// refused one by one.
const MaxRefusedEntries = 100

// listed counts one more refused file and says whether its fault is listed.
func (r *refusals) listed() bool {
	r.n++
	return r.n <= MaxRefusedEntries
}

// summarise adds the fault that counts the refused files not listed.
func (r *refusals) summarise() {
	if more := r.n - MaxRefusedEntries; more > 0 {
		r.fs.Add(processor.Src{File: r.dir}, "%d more entries of %s/ are refused as the %d listed are (none of them was read)", more, r.dir, MaxRefusedEntries)
	}
}

func kindOf(e disk.Entry) string {
	if e.IsDir() {
		return "folder"
	}
	return "file"
}

func (f *Folder) loadSetup(k processor.Checker) error {
	r := &refusals{fs: k.Fs, dir: "setup"}
	defer r.summarise()
	names, _ := f.tomlFiles("setup", r, "alliance", false, func(name string) bool { return k.C.HasAlliance(processor.AllianceID(name)) })
	for _, name := range names {
		file := path.Join("setup", name+".toml")
		a := processor.AllianceID(name)
		if !k.C.HasAlliance(a) {
			if r.listed() {
				k.Fs.Add(processor.Src{File: file}, "no alliance %q in campaign.toml; %s", name, processor.Hint(k.Fs, name, k.C.AllianceIDs(), "set-up files are named after an alliance: "+report.OneOf(k.C.AllianceIDs())))
			}
			continue
		}
		if f.State.Step != processor.StepSetup {
			f.consumed(k, file, "") // set-up is done
			continue
		}
		doc, err := f.decodeInput(k, file, schema.Setup)
		if err != nil {
			return err
		}
		if doc != nil {
			f.Setup[a] = k.DecodeSetup(a, processor.NewObj(doc, processor.Src{File: file}))
		}
	}
	return nil
}

func (f *Folder) loadPhases(k processor.Checker) error {
	s := f.State
	phases := &refusals{fs: k.Fs, dir: "phases"}
	defer phases.summarise()
	early := &earlyNotes{f: f}
	for _, e := range f.entries("phases") {
		rel := path.Join("phases", e.Name())
		n, err := strconv.Atoi(e.Name())
		if !e.IsDir() || !phaseDirRE.MatchString(e.Name()) || err != nil || n < 1 {
			if phases.listed() {
				if want := fmt.Sprintf("%02d", n); e.IsDir() && err == nil && n >= 1 && n <= k.C.Phases && e.Name() != want {
					k.Fs.Add(processor.Src{File: rel}, "this folder should be phases/%s: move its files there (phase folders have two digits)", want)
					continue
				}
				k.Fs.Add(processor.Src{File: rel}, "unexpected %s: phases/ holds one folder per phase, 01 to %02d", kindOf(e), k.C.Phases)
			}
			continue
		}
		if e.Name() != fmt.Sprintf("%02d", n) || n > k.C.Phases {
			if phases.listed() {
				k.Fs.Add(processor.Src{File: rel}, "unexpected folder: the campaign has phases 01 to %02d", k.C.Phases)
			}
			continue
		}
		fs := k.Fs
		phase := &refusals{fs: k.Fs, dir: rel}
		for _, se := range f.entries(rel) {
			switch se.Name() {
			case "battles":
				f.battleSheets(k.Fs, n, path.Join(rel, se.Name()), se)
				continue
			case "report.md":
				if se.IsDir() {
					k.Fs.Add(processor.Src{File: path.Join(rel, se.Name())}, "a folder named report.md: Warmaster writes the phase's report there")
				}
				continue
			case SeenFile:
				if err := f.loadSeen(k.Fs, n); err != nil {
					return err
				}
				continue
			case processor.TiebreakFile:
				if err := f.loadTiebreak(processor.Checker{C: f.campaignFor(n, processor.StepTiebreak), Fs: fs, Note: k.Note}, n); err != nil {
					return err
				}
				continue
			}
			i := slices.IndexFunc(inputDirs, func(d inputDir) bool { return d.dir == se.Name() })
			if i < 0 || !se.IsDir() {
				if phase.listed() {
					if d, ok := meantInputDir(se.Name()); ok && se.IsDir() {
						k.Fs.Add(processor.Src{File: path.Join(rel, se.Name())}, "this folder should be %s: move its files there (folder names are lower-case and plural); a phase folder holds orders/, results/, confirmations/, rulings/, events/, moves/ and builds/ (and the final phase tiebreak.toml)", path.Join(rel, d))
						continue
					}
					meant := ""
					if !se.IsDir() {
						meant = inPhaseFolder(f, n, se.Name()) // phases/01/alice.toml: orders/ or moves/?
					}
					k.Fs.Add(processor.Src{File: path.Join(rel, se.Name())}, "unexpected %s: a phase folder holds orders/, results/, confirmations/, rulings/, events/, moves/ and builds/ (and the final phase tiebreak.toml)%s", kindOf(se), meant)
				}
				continue
			}
			d := inputDirs[i]
			k := processor.Checker{C: f.campaignFor(n, d.step), Fs: fs, Note: k.Note} // who plays, and for whom, at that step
			r := &refusals{fs: k.Fs, dir: path.Join(rel, d.dir)}
			names, sealed := f.tomlFiles(r.dir, r, inputWho[d.dir], d.dir == "orders", func(name string) bool { return nameFor(k.C, d.dir, name) })
			pending := func(file string) bool {
				step := d.step
				if n == k.C.Phases && step > processor.StepBattles {
					// The last phase ends with its battles (step 3, End of
					// the Campaign): never applied, and said so.
					f.LateFaults = append(f.LateFaults, processor.Fault{File: file, Message: "not applied: " + finalPhaseHasNo(n, d.dir)})
					return false
				}
				if d.dir == "orders" && f.OpenTomeOrders(f.State, n, file) {
					step = processor.StepOpenTome // An Open Tome: the dominating Alliance's orders come first
				}
				switch {
				case n < s.Phase || (n == s.Phase && s.Step != processor.StepSetup && step < s.Step) || s.Step == processor.StepEnded:
					// A processed step's input, or one of an ended campaign:
					// it must be in the journal, unchanged.
					ahead := ""
					if processed(StepAt{s.Phase, s.Step}, n, d) && (f.unchanged == nil || !f.unchanged(file)) {
						// The whole folder is of a step processed, as the
						// stream judged: its files were hashed there, in
						// this order, but for those it left out as the
						// load does not read them (Unchanged). Open Tome's
						// orders, among others pending, are read here, the
						// stream left as it is.
						ahead = f.early.sum(n, file)
					}
					f.consumed(k, file, ahead)
					return false
				}
				return true
			}
			// A file whose name is refused is not read: only the others
			// are decoded.
			var load []string
			for _, name := range names {
				if file := processor.InputPath(n, d.dir, name); pending(file) && !f.refusedName(k, r, d.dir, name, file) {
					load = append(load, name)
				}
			}
			files := make([]string, len(load))
			for i, name := range load {
				files[i] = processor.InputPath(n, d.dir, name)
				if notBegun(s, n) {
					early.note(n, d.dir, d.step, name) // read at its step: meant for the phase now?
				}
			}
			if d.dir == "results" && f.Results[n] == nil {
				f.Results[n] = make(map[string]*processor.Result, len(load)) // 100,000 at a public campaign's battles step: not grown by rehashing
			}
			if err := f.eachDecoded(n, files, d.kind, func(i int) error {
				return f.loadInput(k, n, d.dir, d.kind, load[i], files[i])
			}); err != nil {
				return err
			}
			plain := make(map[string]bool, len(names))
			for _, name := range names {
				plain[name] = true
			}
			for _, name := range sealed {
				file := processor.InputPath(n, d.dir, name) + seal.SealedExt
				if !pending(file) {
					continue
				}
				if err := f.loadSealed(k, r, n, name, file, plain[name]); err != nil {
					return err
				}
			}
			r.summarise()
		}
		phase.summarise()
	}
	return nil
}

// consumed checks a file of a step already processed: it must be the input
// that step consumed, unchanged. A file that came too late is not applied,
// and said so (Late), rather than ignored without a word; it does not stop
// the campaign. ahead is its digest where it was read ahead (early), else
// "".
func (f *Folder) consumed(k processor.Checker, file, ahead string) {
	want, ok := f.ConsumedInputs[file]
	if ok {
		f.consumedThere++
	}
	switch {
	case !ok:
		f.LateFaults = append(f.LateFaults, processor.Fault{File: file, Message: "not applied: " + f.arrivedAfter(file)})
	case f.unchanged != nil && f.unchanged(file):
		// As the base has it, which was checked: not read again.
	default:
		sum := ahead
		if sum != "" {
			keepSum(f, file, sum)
		} else if _, _, err := f.Read(file); err != nil {
			return // not judged here, as before
		} else {
			sum = f.Digest(file)
		}
		if sum != want {
			k.Fs.AddRestore(processor.Src{File: file}, want, "%s", processor.PlainFirst(
				"This file was used by a step already played, so it can no longer change: put it back as it was, or close the pull request that changed it.",
				fmt.Sprintf("this file was changed after its step consumed it (journal.toml records sha256 %.12s…); ", want)))
		}
	}
}

// refusedName says whether an input file's name is refused (no such
// player, Alliance or battle), with a fault naming what it should be
// (counted by r); such a file is not read.
func (f *Folder) refusedName(k processor.Checker, r *refusals, dir, name, file string) bool {
	at := processor.Src{File: file}
	c := k.C
	switch dir {
	case "orders", "moves":
		if _, ok := c.PlayerOf(processor.Login(name)); !ok {
			if r.listed() {
				why := c.NotPlaying(processor.Login(name))
				if why == "" {
					why = fmt.Sprintf("no player %q in campaign.toml", name)
				}
				hint := processor.Hint(k.Fs, name, c.Commanders(), dir+" files are named after a player's login: "+report.OneOf(c.Commanders()))
				if a := processor.AllianceID(name); c.HasAlliance(a) {
					// An Alliance's name where a player's goes: each writes their own.
					var own []string
					for _, l := range c.PlayersOf(a) {
						own = append(own, string(l)+".toml")
					}
					hint = fmt.Sprintf("%s files are named after a player's login, and %s is an Alliance: each of its players writes their own (%s)", dir, a, strings.Join(own, ", "))
				}
				k.Fs.Add(at, "%s; %s", why, hint)
			}
			return true
		}
	case "builds", "events":
		if !c.HasAlliance(processor.AllianceID(name)) {
			if r.listed() {
				if a := c.PlayerAlliance(processor.Login(name)); a != "" {
					// A player's login where their Alliance's goes: a sure rename.
					meant := processor.InputPath(Classify(file).Phase, dir, string(a))
					k.Fs.Add(at, "no alliance %q in campaign.toml; %s files are named after an alliance, and %s plays for %s: did you mean %s?", name, dir, name, a, meant)
					if !f.Disk.IsFile(meant) {
						k.Fs.List[len(k.Fs.List)-1].Fix = &processor.Fix{Kind: processor.FixRename, Meant: meant}
					}
				} else {
					k.Fs.Add(at, "no alliance %q in campaign.toml; %s", name, processor.Hint(k.Fs, name, c.AllianceIDs(), dir+" files are named after an alliance: "+report.OneOf(c.AllianceIDs())))
				}
			}
			return true
		}
	case "results", "confirmations", "rulings":
		if _, ok := c.BattleFleet(name); !ok {
			if r.listed() {
				addNoBattle(f, k.Fs, file)
			}
			return true
		}
	}
	return false
}

// loadInput decodes an input file whose name refusedName accepted.
func (f *Folder) loadInput(k processor.Checker, phase int, dir string, kind schema.Kind, name, file string) error {
	at := processor.Src{File: file}
	doc, err := f.decodeInput(k, file, kind)
	if err != nil || doc == nil {
		return err
	}
	d := processor.NewObj(doc, at)
	switch dir {
	case "orders":
		Ensure(f.Orders, phase)[processor.Login(name)] = k.DecodeOrders(processor.Login(name), d)
	case "results":
		res := k.DecodeResult(name, d)
		res.SHA256 = f.Digest(file) // of the text just decoded: a result's is never replaced
		Ensure(f.Results, phase)[name] = res
	case "confirmations":
		Ensure(f.Confirmations, phase)[name] = k.DecodeConfirmation(name, d)
	case "rulings":
		Ensure(f.Rulings, phase)[name] = k.DecodeRuling(name, d)
	case "moves":
		Ensure(f.Moves, phase)[processor.Login(name)] = k.DecodeMoves(processor.Login(name), d)
	case "builds":
		Ensure(f.Builds, phase)[processor.AllianceID(name)] = k.DecodeBuild(processor.AllianceID(name), d)
	case "events":
		Ensure(f.Events, phase)[processor.AllianceID(name)] = k.DecodeEventChoices(processor.AllianceID(name), d)
	}
	return nil
}

// loadSealed checks a sealed orders file without decrypting it: a player's
// login for a name, campaign.toml's [secrecy] recipient to seal to, the
// armored age format, and no plaintext orders beside it.
func (f *Folder) loadSealed(k processor.Checker, r *refusals, phase int, name, file string, plaintext bool) error {
	at := processor.Src{File: file}
	c := k.C
	plain := processor.InputPath(phase, "orders", name)
	if _, ok := c.PlayerOf(processor.Login(name)); !ok {
		if r.listed() {
			k.Fs.Add(at, "no player %q in campaign.toml; %s", name, processor.Hint(k.Fs, name, c.Commanders(), "sealed orders files are named after a player's login: "+report.OneOf(c.Commanders())))
		}
		return nil
	}
	data, _, err := f.Read(file)
	if err != nil {
		return err
	}
	if tl := schema.TooLarge(data, seal.SealedLimit); tl != nil {
		k.Fs.AddSchema(file, []schema.Fault{*tl})
		return nil
	}
	switch why := seal.SealedFormat(data); {
	case why != "":
		k.Fs.Add(at, "not a sealed orders file: %s", why)
	case c.Recipient == "":
		k.Fs.Add(at, "campaign.toml has no [secrecy] recipient, so this campaign does not seal orders: commit %s instead", plain)
	case f.OpenTomeOrders(f.State, phase, file):
		k.Fs.Add(at, "An Open Tome: %s's players declare their operations openly in phase %d, so their orders cannot be sealed; commit %s instead", c.PlayerAlliance(processor.Login(name)), phase, plain)
	case plaintext:
		k.Fs.Add(at, "%s is here too: one player's orders are either sealed or not; remove one of them", plain)
		k.Fs.Add(processor.Src{File: plain}, "%s is here too: one player's orders are either sealed or not; remove one of them (to change sealed orders, remove the .age file and seal again)", file)
	default:
		Ensure(f.Sealed, phase)[processor.Login(name)] = file
	}
	return nil
}

func Ensure[K comparable, V any](m map[int]map[K]V, phase int) map[K]V {
	if m[phase] == nil {
		m[phase] = map[K]V{}
	}
	return m[phase]
}

// arrivedAfter says why a file of a processed step was not applied:
// "arrived after phase 1's step 1 Select Operations was processed (…)".
func (f *Folder) arrivedAfter(file string) string {
	cp := Classify(file)
	step, ok := cp.Step()
	if !ok {
		return "arrived after its step was processed"
	}
	if step == processor.StepOperations && f.OpenTomeOrders(f.State, cp.Phase, file) {
		step = processor.StepOpenTome
	}
	if step == processor.StepEvents {
		if _, asked := f.appliedAt[StepAt{cp.Phase, processor.StepEvents}]; !asked {
			return fmt.Sprintf("no Vespator Front Event of phase %d asked for choices (see its report)", cp.Phase)
		}
	}
	when := ""
	if t, ok := f.appliedAt[StepAt{cp.Phase, step}]; ok {
		when = " (" + f.Campaign.When(t) + ")"
	}
	if step == processor.StepSetup {
		return "arrived after the set-up was processed" + when
	}
	return fmt.Sprintf("arrived after phase %d's step %s was processed%s", cp.Phase, step.Title(), when)
}

// AppliedAt is when the journal says an input step of a phase was applied:
// a run before this one. False when it was not (yet).
func (f *Folder) AppliedAt(phase int, step processor.Step) (time.Time, bool) {
	t, ok := f.appliedAt[StepAt{phase, step}]
	return t, ok
}

// finalPhaseHasNo says why the last phase takes no input of dir
// (events, moves, builds).
func finalPhaseHasNo(phase int, dir string) string {
	return fmt.Sprintf("phase %d is the campaign's last, which ends after its battles (step 3 is the End of the Campaign), so it has no %s", phase, dir)
}

// Late lists the files that arrived after their step was processed, each
// as a fault saying so: never applied, no obstacle to advance; check
// refuses one only when it is named (a pull request's file).
func (f *Folder) Late() []processor.Fault { return slices.Clone(f.LateFaults) }

// RefuseLate joins to err the late files among files (a pull request's
// changes): named, a file that can never be applied is refused.
func (f *Folder) RefuseLate(err error, files []string) error {
	var late []processor.Fault
	for _, l := range f.LateFaults {
		if slices.Contains(files, l.File) {
			cp := Classify(l.File)
			what := "its step"
			step, ok := cp.Step()
			if ok {
				what = StepInWords(step, cp.Phase)
			}
			plain := "This file came after " + what + " was played, so it would never count: close this pull request."
			if cp.NoSuchStep(f.Campaign.Phases) {
				plain = fmt.Sprintf("Phase %d is the campaign's last and has no %s, so this file would never count: close this pull request.", cp.Phase, cp.Dir)
			}
			l.Message = processor.PlainFirst(plain, l.Message)
			late = append(late, l)
		}
	}
	if len(late) == 0 {
		return err
	}
	return processor.WithRefusals(err, &processor.InvalidError{Faults: late})
}

// StepInWords names the step a file is for in a player's words: "phase 1's
// orders step", "the set-up".
func StepInWords(s processor.Step, phase int) string {
	switch s {
	case processor.StepSetup:
		return "the set-up"
	case processor.StepOpenTome, processor.StepOperations:
		return fmt.Sprintf("phase %d's orders step", phase)
	case processor.StepBattles:
		return fmt.Sprintf("phase %d's battles step", phase)
	case processor.StepEvents:
		return fmt.Sprintf("phase %d's events step", phase)
	case processor.StepMoves:
		return fmt.Sprintf("phase %d's moves step", phase)
	case processor.StepBuilds:
		return fmt.Sprintf("phase %d's builds step", phase)
	}
	return fmt.Sprintf("phase %d's final battle", phase)
}

// OpenTomeOrders reports whether an orders file (plain or sealed) is one An
// Open Tome wants first: of a player of the dominating Alliance, in the
// phase it is in force, as s has it — the state on disk, or a run's as its
// steps leave it (An Open Tome generated in this run's step 3 counts).
func (f *Folder) OpenTomeOrders(s *processor.State, phase int, file string) bool {
	if s == nil {
		return false
	}
	tome := func(e processor.Effect) bool { return e.Event == processor.AnOpenTome && e.Phase == phase }
	if !slices.ContainsFunc(s.Effects, tome) {
		return false // as in most phases: the player need not be looked up (100,000 orders files)
	}
	name := strings.TrimSuffix(strings.TrimSuffix(path.Base(file), seal.SealedExt), ".toml")
	a := f.campaignFor(phase, processor.StepOperations).PlayerAlliance(processor.Login(name))
	return a != "" && slices.ContainsFunc(s.Effects, func(e processor.Effect) bool { return tome(e) && e.Alliance == a })
}

// campaignFor is the campaign as it will stand at a step of a phase: the
// state's, then, in their order, Machinations of Fate's defections and the
// roster changes due by then (inputs of later steps may be committed early).
func (f *Folder) campaignFor(phase int, step processor.Step) *processor.Campaign {
	if f.State == nil {
		return f.Campaign
	}
	return rosterAhead(f.Campaign, f.State, phase, step, nil)
}

// rosterAhead is the campaign c, the state s's, as it will stand at a step
// of a phase: then, phase by phase, the defections of Machinations of Fate
// s records for it and the roster changes due by then, in their order. A
// change that cannot take effect (processor.NextRoster) is left out, and
// told to fault when it is not nil, as the run would at its step.
func rosterAhead(c *processor.Campaign, s *processor.State, phase int, step processor.Step, fault func(e processor.RosterChange, key, why string)) *processor.Campaign {
	changes := c.Declared().RosterChanges
	n := s.Roster
	for ph := max(s.Phase, 1); ph <= phase; ph++ {
		if ph > s.Phase {
			for _, e := range s.Effects {
				if e.Event == processor.MachinationsOfFate && e.Phase == ph {
					c = c.WithAllegiance(e.Players, e.Fleets)
				}
			}
		}
		for ; n < len(changes) && changes[n].Phase <= ph && changes[n].Order() <= processor.PointOrder(phase, step); n++ {
			next, _, key, why := processor.NextRoster(c, s, n, changes[n])
			if why != "" {
				if fault != nil {
					fault(changes[n], key, why)
				}
				continue
			}
			c = next
		}
	}
	return c
}

// checkRosterAhead holds the roster changes still to come to the campaign
// as it stands: a change that could never take effect (the last player of
// an Alliance leaving, fleets handed to a player of another, or by one who
// commands none; a fleet joining at a planet destroyed already) is found
// from the moment it is written, not only when the campaign reaches its
// step and stops there. They are Folder.RosterAhead: notes for check,
// status and advance (CampaignNotes), and refusals of the pull request
// that writes or edits the roster changes (the repository's check); at
// the change's step, the run's fault as before. Not a fault
// at every load: the steps since a change was written (a planet destroyed,
// a defection granted) can make it impossible, and the campaign would then
// stop at once, every player's pull request with it, rather than at the
// change's step. What only the steps to come can decide (a defection not
// granted yet, a planet not destroyed yet) is the run's to find at the
// step. Not in a replay's scratch copy: the campaign there is as it stood
// then, the roster changes as they are today, and a change a later
// defection made possible took effect as it did.
func checkRosterAhead(c *processor.Campaign, s *processor.State, fs *processor.Faults) {
	d := c.Declared()
	if s.Roster >= len(d.RosterChanges) || s.Step == processor.StepEnded {
		return
	}
	rosterAhead(c, s, d.Phases, processor.StepEnded, func(e processor.RosterChange, key, why string) {
		fs.Add(e.Src.At(key), "%s", why)
	})
	for _, e := range d.RosterChanges[s.Roster:] {
		if e.Kind == processor.RosterJoin {
			processor.CheckJoinStarts(d, s, e, fs) // a destroyed planet stays destroyed
		}
	}
}

// checkRosterTiming holds campaign.toml's roster changes to the state: the
// changes in effect (state.toml `roster`) are those of steps reached, as
// they were; the others are of steps still to come, after the one the
// campaign waits for.
func (f *Folder) checkRosterTiming(fs *processor.Faults) {
	d, s := f.Campaign.Declared(), f.State
	if s.Roster > len(d.RosterChanges) {
		fs.Add(processor.Src{File: processor.CampaignFile}.At("roster_changes"), "%d roster changes took effect (state.toml), and [[roster_changes]] lists %d: a change that took effect stays in campaign.toml as it was (the campaign's replay needs it)", s.Roster, len(d.RosterChanges))
		return
	}
	now := processor.PointOrder(s.Phase, s.Step)
	for i, e := range d.RosterChanges {
		switch reached := e.Order() <= now || s.Step == processor.StepEnded; {
		case i < s.Roster && !reached:
			fs.Add(e.Src.At("phase"), "this change took effect already (state.toml counts %d in effect) and now says %s, still to come: restore it as it was", s.Roster, processor.PointText(e.Phase, e.Step))
		case i >= s.Roster && reached && s.Step != processor.StepEnded:
			next := "no roster change can take effect any more: the final phase ends in its step 3"
			if p, st := processor.NextRosterPoint(s); p < d.Phases || p == d.Phases && st <= processor.StepBattles {
				next = fmt.Sprintf("a roster change takes effect from a step still to come, from phase = %d, step = %q on", p, st)
			}
			fs.Add(e.Src.At("phase"), "%s is under way or over (the campaign waits for phase %d's step %s): %s", processor.PointText(e.Phase, e.Step), s.Phase, s.Step.Title(), next)
		}
	}
}
