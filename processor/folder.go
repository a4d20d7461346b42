package processor

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/warmaster/warmaster/processor/disk"
	"github.com/warmaster/warmaster/schema"
)

// Folder is a campaign folder as read from disk: the campaign, the map, the
// state and every input that is still to be processed.
type Folder struct {
	Dir      string
	disk     *disk.Dir // every read of the folder goes through it
	Campaign *Campaign
	State    *State
	Journal  []byte
	// consumedInputs are the digests of the inputs processed steps consumed, by path.
	consumedInputs map[string]string
	// journalSteps are journal.toml's entries, in order.
	journalSteps []journalEntry
	// appliedAt is when each input step was applied, from the journal.
	appliedAt map[phaseStep]time.Time
	// late are the files that arrived after their step was processed:
	// never applied, reported, and no obstacle to advance (lateNoted: those
	// a report has named already).
	late      []Fault
	lateNoted map[string]bool

	Setup   map[AllianceID]*SetupChoice
	Orders  map[int]map[Login][]Order
	Results map[int]map[string]*Result
	Moves   map[int]map[Login][]Move
	Builds  map[int]map[AllianceID]BuildChoice
	Events  map[int]map[AllianceID]*EventChoices
	// Tiebreak is the final phase's tiebreak.toml, while the campaign waits for it.
	Tiebreak *Tiebreak

	// sealed are the sealed orders files still to be revealed, by phase and
	// login: phases/01/orders/alice.toml.age. Only their name and format are
	// checked; advance decrypts them at 2.1 Reveal.
	sealed map[int]map[Login]string

	text map[string][]byte   // every file read, by slash path
	pre  map[string]*decoded // files read and decoded ahead of their turn
}

type inputDir struct {
	dir  string
	kind schema.Kind
	step Step
}

// inputDirs are the folders of a phase that players write, with the schema of each.
var inputDirs = []inputDir{
	{"orders", schema.Orders, StepOperations},
	{"results", schema.Results, StepBattles},
	{"moves", schema.Moves, StepMoves},
	{"builds", schema.Builds, StepBuilds},
	{"events", schema.Events, StepEvents},
}

var phaseDirRE = regexp.MustCompile(`^[0-9]{2,3}$`)

// Load reads a campaign folder. Files of steps already processed are not
// read again (the journal holds their digests). A fault in any file read is
// returned as an *InvalidError.
func Load(dir string) (*Folder, error) {
	d, err := openFolder(dir, disk.Read)
	if err != nil {
		return nil, err
	}
	defer d.Unlock()
	f, fs, err := load(d)
	if err != nil {
		return nil, err
	}
	if err := fs.err(f.Text); err != nil {
		return nil, err
	}
	return f, nil
}

// load reads a campaign folder and collects its faults. The folder is nil
// (with the faults) only when the campaign, map or state cannot be read, or
// the folder holds entries never read (links, refused names: see
// folderFaults); otherwise faulty inputs are left out of it and their
// faults returned.
func load(d *disk.Dir) (*Folder, *faults, error) {
	f := &Folder{
		Dir:     d.Path(),
		disk:    d,
		Setup:   map[AllianceID]*SetupChoice{},
		Orders:  map[int]map[Login][]Order{},
		Results: map[int]map[string]*Result{},
		Moves:   map[int]map[Login][]Move{},
		Builds:  map[int]map[AllianceID]BuildChoice{},
		Events:  map[int]map[AllianceID]*EventChoices{},
		sealed:  map[int]map[Login]string{},
		text:    map[string][]byte{},
	}
	fs := &faults{}
	fail := func() (*Folder, *faults, error) { return nil, nil, fs.err(f.Text) }
	if folderFaults(d, fs); !fs.empty() {
		return fail() // nothing is read from a folder with links in it
	}
	f.prefetch([]string{CampaignFile, MapFile}, schema.Campaign, schema.Map)
	cd, err := f.decode(CampaignFile, schema.Campaign, fs)
	if err != nil {
		return nil, nil, err
	}
	md, err := f.decode(MapFile, schema.Map, fs)
	if err != nil {
		return nil, nil, err
	}
	if cd == nil || md == nil {
		return fail()
	}
	c := decodeCampaign(obj{cd, Src{File: CampaignFile}}, fs)
	c.Map = decodeMap(obj{md, Src{File: MapFile}}, fs)
	c.checkStarts(fs)
	if err := f.loadWarEngines(c, obj{cd, Src{File: CampaignFile}}, fs); err != nil {
		return nil, nil, err
	}
	f.Campaign = c
	if !fs.empty() {
		return fail()
	}
	if data, ok, err := f.read(StateFile); err != nil {
		return nil, nil, err
	} else if ok {
		f.State = decodeState(c, StateFile, data, fs)
		if f.State != nil {
			c = f.State.c // the allegiance as the state has it
			f.Campaign = c
		}
	} else {
		c = c.rosterAt(0) // who plays from the start
		f.Campaign = c
		f.State = newState(c)
	}
	if f.State != nil && fs.empty() {
		f.checkRosterTiming(fs)
	}
	data, ok, err := f.read(JournalFile)
	if err != nil {
		return nil, nil, err
	}
	f.Journal = data
	steps, j := readJournal(data, ok, c, f.State, fs)
	f.journalSteps, f.consumedInputs, f.lateNoted, f.appliedAt = steps, j.consumed, j.late, j.applied
	if !fs.empty() {
		return fail()
	}
	k := checker{c: c, fs: fs}
	if err := f.loadSetup(k); err != nil {
		return nil, nil, err
	}
	if err := f.loadPhases(k); err != nil {
		return nil, nil, err
	}
	f.misplaced(fs)
	return f, fs, nil
}

// Text returns a file's contents as read, or nil.
func (f *Folder) Text(file string) []byte { return f.text[file] }

// Digest is the SHA-256 of a file as read.
func (f *Folder) Digest(file string) string { return digest(f.text[file]) }

func digest(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

func (f *Folder) read(file string) ([]byte, bool, error) {
	var data []byte
	var err error
	if p, ok := f.pre[file]; ok {
		data, err = p.data, p.err
	} else {
		data, err = f.readFile(file)
	}
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("read %s: %w", file, err)
	}
	f.text[file] = data
	return data, true, nil
}

// decode reads and schema-validates one file; a missing required file is a fault.
func (f *Folder) decode(file string, kind schema.Kind, fs *faults) (map[string]any, error) {
	return f.decodeFor(nil, file, kind, fs)
}

// decodeInput decodes a file the campaign is known for: an id left empty
// is a fault that names the ids it may be (wordBlanks).
func (f *Folder) decodeInput(k checker, file string, kind schema.Kind) (map[string]any, error) {
	return f.decodeFor(&k, file, kind, k.fs)
}

func (f *Folder) decodeFor(k *checker, file string, kind schema.Kind, fs *faults) (map[string]any, error) {
	data, ok, err := f.read(file)
	if err != nil {
		return nil, err
	}
	if !ok {
		fs.add(Src{File: file}, "missing: every campaign folder has %s (warmaster init makes one)", file)
		return nil, nil
	}
	var doc map[string]any
	var sf []schema.Fault
	if p, ok := f.pre[file]; ok && p.kind == kind {
		doc, sf = p.doc, p.faults
		delete(f.pre, file)
	} else {
		doc, sf = schema.Decode(kind, data)
	}
	if len(sf) > 0 {
		if kind == schema.Results {
			emptyWinnerWithVP(doc, sf)
		}
		if k != nil {
			k.wordBlanks(file, kind, sf)
		}
		fs.addSchema(file, sf)
		return nil, nil
	}
	return doc, nil
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
	data, err := f.disk.ReadFileLimit(file, readLimit(file))
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
}

// prefetchChunk is how many input files are decoded ahead at a time.
const prefetchChunk = 512

// prefetch reads and schema-decodes files on every CPU, so that a phase's
// thousands of results are not parsed one after another. read and decode
// take each result in its turn, so what is reported, and in what order, is
// as it would be without.
func (f *Folder) prefetch(files []string, kinds ...schema.Kind) {
	if len(files) < 2 || runtime.GOMAXPROCS(0) < 2 {
		return
	}
	out := make([]decoded, len(files))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(files)) {
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < len(files); i = int(next.Add(1)) - 1 {
				d := &out[i]
				d.kind = kinds[min(i, len(kinds)-1)] // one kind for all, or one each
				d.data, d.err = f.readFile(files[i])
				if d.err == nil {
					d.doc, d.faults = schema.Decode(d.kind, d.data)
				}
			}
		})
	}
	wg.Wait()
	if f.pre == nil {
		f.pre = map[string]*decoded{}
	}
	for i, file := range files {
		f.pre[file] = &out[i]
	}
}

// entries lists a folder's entries by name, as the folder was scanned; a
// missing folder is empty.
func (f *Folder) entries(rel string) []disk.Entry {
	es, _ := f.disk.List(rel)
	return es
}

// tomlFiles lists the .toml files of an input folder by name (without
// .toml) and, where sealedOK (orders/), the sealed <name>.toml.age files;
// anything else in it is a fault (counted by r), so no submission goes
// unseen.
func (f *Folder) tomlFiles(rel string, r *refusals, what string, sealedOK bool) (names, sealed []string) {
	for _, e := range f.entries(rel) {
		name := e.Name()
		switch {
		case e.IsDir():
		case strings.HasSuffix(name, ".toml"):
			names = append(names, strings.TrimSuffix(name, ".toml"))
			continue
		case strings.HasSuffix(name, ".toml"+SealedExt) && sealedOK:
			sealed = append(sealed, strings.TrimSuffix(name, ".toml"+SealedExt))
			continue
		case strings.HasSuffix(name, ".toml"+SealedExt):
			if r.listed() {
				r.fs.add(Src{File: path.Join(rel, name)}, "unexpected file here: only orders are sealed; %s holds only <%s>.toml files", rel, what)
			}
			continue
		}
		if r.listed() {
			r.fs.add(Src{File: path.Join(rel, name)}, "unexpected %s here: %s holds only <%s>.toml files", kindOf(e), rel, what)
		}
	}
	return names, sealed
}

// refusals counts the files of one folder refused by their name or kind,
// which are never read: their faults need no content. Past
// MaxRefusedEntries of them one fault says how many more there are, so that
// what a folder holds beyond its valid files costs a listing, not a
// reading, and its faults fit on a screen.
type refusals struct {
	fs  *faults
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
		r.fs.add(Src{File: r.dir}, "%d more entries of %s/ are refused as the %d listed are (none of them was read)", more, r.dir, MaxRefusedEntries)
	}
}

func kindOf(e disk.Entry) string {
	if e.IsDir() {
		return "folder"
	}
	return "file"
}

func (f *Folder) loadSetup(k checker) error {
	r := &refusals{fs: k.fs, dir: "setup"}
	defer r.summarise()
	names, _ := f.tomlFiles("setup", r, "alliance", false)
	for _, name := range names {
		file := path.Join("setup", name+".toml")
		a := AllianceID(name)
		if !k.c.HasAlliance(a) {
			if r.listed() {
				k.fs.add(Src{File: file}, "no alliance %q in campaign.toml; %s", name, hint(k.fs, name, k.c.AllianceIDs(), "set-up files are named after an alliance: "+oneOf(k.c.AllianceIDs())))
			}
			continue
		}
		if f.State.Step != StepSetup {
			f.consumed(k, file) // set-up is done
			continue
		}
		doc, err := f.decodeInput(k, file, schema.Setup)
		if err != nil {
			return err
		}
		if doc != nil {
			f.Setup[a] = k.decodeSetup(a, obj{doc, Src{File: file}})
		}
	}
	return nil
}

func (f *Folder) loadPhases(k checker) error {
	s := f.State
	phases := &refusals{fs: k.fs, dir: "phases"}
	defer phases.summarise()
	for _, e := range f.entries("phases") {
		rel := path.Join("phases", e.Name())
		n, err := strconv.Atoi(e.Name())
		if !e.IsDir() || !phaseDirRE.MatchString(e.Name()) || err != nil || n < 1 {
			if phases.listed() {
				k.fs.add(Src{File: rel}, "unexpected %s: phases/ holds one folder per phase, 01 to %02d", kindOf(e), k.c.Phases)
			}
			continue
		}
		if e.Name() != fmt.Sprintf("%02d", n) || n > k.c.Phases {
			if phases.listed() {
				k.fs.add(Src{File: rel}, "unexpected folder: the campaign has phases 01 to %02d", k.c.Phases)
			}
			continue
		}
		fs := k.fs
		phase := &refusals{fs: k.fs, dir: rel}
		for _, se := range f.entries(rel) {
			switch se.Name() {
			case "battles":
				f.battleSheets(k.fs, path.Join(rel, se.Name()), se)
				continue
			case "report.md":
				if se.IsDir() {
					k.fs.add(Src{File: path.Join(rel, se.Name())}, "a folder named report.md: Warmaster writes the phase's report there")
				}
				continue
			case TiebreakFile:
				if err := f.loadTiebreak(checker{c: f.campaignFor(n, StepTiebreak), fs: fs}, n); err != nil {
					return err
				}
				continue
			}
			i := slices.IndexFunc(inputDirs, func(d inputDir) bool { return d.dir == se.Name() })
			if i < 0 || !se.IsDir() {
				if phase.listed() {
					k.fs.add(Src{File: path.Join(rel, se.Name())}, "unexpected %s: a phase folder holds orders/, results/, events/, moves/ and builds/", kindOf(se))
				}
				continue
			}
			d := inputDirs[i]
			k := checker{c: f.campaignFor(n, d.step), fs: fs} // who plays, and for whom, at that step
			r := &refusals{fs: k.fs, dir: path.Join(rel, d.dir)}
			names, sealed := f.tomlFiles(r.dir, r, inputWho[d.dir], d.dir == "orders")
			pending := func(file string) bool {
				step := d.step
				if d.dir == "orders" && f.openTomeOrders(n, file) {
					step = StepOpenTome // An Open Tome: the dominating Alliance's orders come first
				}
				switch {
				case n < s.Phase || (n == s.Phase && s.Step != StepSetup && step < s.Step) || s.Step == StepEnded:
					// A processed step's input, or one of an ended campaign:
					// it must be in the journal, unchanged.
					f.consumed(k, file)
					return false
				}
				return true
			}
			// A file whose name is refused is not read: only the others
			// are decoded.
			var load []string
			for _, name := range names {
				if file := InputPath(n, d.dir, name); pending(file) && !f.refusedName(k, r, d.dir, name, file) {
					load = append(load, name)
				}
			}
			files := make([]string, len(load))
			for i, name := range load {
				files[i] = InputPath(n, d.dir, name)
			}
			// Decoded ahead a chunk at a time: a phase's documents are not
			// all held at once.
			for start := 0; start < len(load); start += prefetchChunk {
				end := min(start+prefetchChunk, len(load))
				f.prefetch(files[start:end], d.kind)
				for i := start; i < end; i++ {
					if err := f.loadInput(k, n, d.dir, d.kind, load[i], files[i]); err != nil {
						return err
					}
				}
			}
			for _, name := range sealed {
				file := InputPath(n, d.dir, name) + SealedExt
				if !pending(file) {
					continue
				}
				if err := f.loadSealed(k, r, n, name, file, slices.Contains(names, name)); err != nil {
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
// the campaign.
func (f *Folder) consumed(k checker, file string) {
	want, ok := f.consumedInputs[file]
	switch {
	case !ok:
		f.late = append(f.late, Fault{File: file, Message: "not applied: " + f.arrivedAfter(file)})
	default:
		if _, _, err := f.read(file); err == nil && f.Digest(file) != want {
			k.fs.addRestore(Src{File: file}, want, "this file was changed after its step consumed it (journal.toml records sha256 %.12s…); ", want)
		}
	}
}

// refusedName says whether an input file's name is refused (no such
// player, Alliance or battle), with a fault naming what it should be
// (counted by r); such a file is not read.
func (f *Folder) refusedName(k checker, r *refusals, dir, name, file string) bool {
	at := Src{File: file}
	c := k.c
	switch dir {
	case "orders", "moves":
		if _, ok := c.PlayerOf(Login(name)); !ok {
			if r.listed() {
				why := c.notPlaying(Login(name))
				if why == "" {
					why = fmt.Sprintf("no player %q in campaign.toml", name)
				}
				k.fs.add(at, "%s; %s", why, hint(k.fs, name, c.Commanders(), dir+" files are named after a player's login: "+oneOf(c.Commanders())))
			}
			return true
		}
	case "builds", "events":
		if !c.HasAlliance(AllianceID(name)) {
			if r.listed() {
				k.fs.add(at, "no alliance %q in campaign.toml; %s", name, hint(k.fs, name, c.AllianceIDs(), dir+" files are named after an alliance: "+oneOf(c.AllianceIDs())))
			}
			return true
		}
	case "results":
		if _, ok := c.battleFleet(name); !ok {
			if r.listed() {
				k.fs.add(at, "no battle %q: results files are named after the attacking fleet; %s", name, hint(k.fs, name, c.fleetIDs(), "fleets: "+oneOf(c.fleetIDs())))
			}
			return true
		}
	}
	return false
}

// loadInput decodes an input file whose name refusedName accepted.
func (f *Folder) loadInput(k checker, phase int, dir string, kind schema.Kind, name, file string) error {
	at := Src{File: file}
	doc, err := f.decodeInput(k, file, kind)
	if err != nil || doc == nil {
		return err
	}
	d := obj{doc, at}
	switch dir {
	case "orders":
		ensure(f.Orders, phase)[Login(name)] = k.decodeOrders(Login(name), d)
	case "results":
		ensure(f.Results, phase)[name] = k.decodeResult(name, d)
	case "moves":
		ensure(f.Moves, phase)[Login(name)] = k.decodeMoves(Login(name), d)
	case "builds":
		ensure(f.Builds, phase)[AllianceID(name)] = k.decodeBuild(AllianceID(name), d)
	case "events":
		ensure(f.Events, phase)[AllianceID(name)] = k.decodeEventChoices(AllianceID(name), d)
	}
	return nil
}

// loadSealed checks a sealed orders file without decrypting it: a player's
// login for a name, campaign.toml's [secrecy] recipient to seal to, the
// armored age format, and no plaintext orders beside it.
func (f *Folder) loadSealed(k checker, r *refusals, phase int, name, file string, plaintext bool) error {
	at := Src{File: file}
	c := k.c
	plain := InputPath(phase, "orders", name)
	if _, ok := c.PlayerOf(Login(name)); !ok {
		if r.listed() {
			k.fs.add(at, "no player %q in campaign.toml; %s", name, hint(k.fs, name, c.Commanders(), "sealed orders files are named after a player's login: "+oneOf(c.Commanders())))
		}
		return nil
	}
	data, _, err := f.read(file)
	if err != nil {
		return err
	}
	if tl := schema.TooLarge(data, SealedLimit); tl != nil {
		k.fs.addSchema(file, []schema.Fault{*tl})
		return nil
	}
	switch why := sealedFormat(data); {
	case why != "":
		k.fs.add(at, "not a sealed orders file: %s", why)
	case c.Recipient == "":
		k.fs.add(at, "campaign.toml has no [secrecy] recipient, so this campaign does not seal orders: commit %s instead", plain)
	case f.openTomeOrders(phase, file):
		k.fs.add(at, "An Open Tome: %s's players declare their operations openly in phase %d, so their orders cannot be sealed; commit %s instead", c.playerAlliance(Login(name)), phase, plain)
	case plaintext:
		k.fs.add(at, "%s is here too: one player's orders are either sealed or not; remove one of them", plain)
		k.fs.add(Src{File: plain}, "%s is here too: one player's orders are either sealed or not; remove one of them (to change sealed orders, remove the .age file and seal again)", file)
	default:
		ensure(f.sealed, phase)[Login(name)] = file
	}
	return nil
}

func ensure[K comparable, V any](m map[int]map[K]V, phase int) map[K]V {
	if m[phase] == nil {
		m[phase] = map[K]V{}
	}
	return m[phase]
}

// arrivedAfter says why a file of a processed step was not applied:
// "arrived after phase 1's step 1 Select Operations was processed (…)".
func (f *Folder) arrivedAfter(file string) string {
	cp := classify(file)
	step, ok := cp.step()
	if !ok {
		return "arrived after its step was processed"
	}
	if step == StepOperations && f.openTomeOrders(cp.phase, file) {
		step = StepOpenTome
	}
	if step == StepEvents {
		if _, asked := f.appliedAt[phaseStep{cp.phase, StepEvents}]; !asked {
			return fmt.Sprintf("no Vespator Front Event of phase %d asked for choices (see its report)", cp.phase)
		}
	}
	when := ""
	if t, ok := f.appliedAt[phaseStep{cp.phase, step}]; ok {
		when = " (" + t.Format("2006-01-02 15:04 MST") + ")"
	}
	if step == StepSetup {
		return "arrived after the set-up was processed" + when
	}
	return fmt.Sprintf("arrived after phase %d's step %s was processed%s", cp.phase, step.Title(), when)
}

// Late lists the files that arrived after their step was processed, each
// as a fault saying so: never applied, no obstacle to advance; check
// refuses one only when it is named (a pull request's file).
func (f *Folder) Late() []Fault { return slices.Clone(f.late) }

// RefuseLate joins to err the late files among files (a pull request's
// changes): named, a file that can never be applied is refused.
func (f *Folder) RefuseLate(err error, files []string) error {
	var late []Fault
	for _, l := range f.late {
		if slices.Contains(files, l.File) {
			late = append(late, l)
		}
	}
	if len(late) == 0 {
		return err
	}
	return WithRefusals(err, &InvalidError{Faults: late})
}

// openTomeOrders reports whether an orders file (plain or sealed) is one An
// Open Tome wants first: of a player of the dominating Alliance, in the
// phase it is in force, as the state on disk has it.
func (f *Folder) openTomeOrders(phase int, file string) bool {
	if f.State == nil {
		return false
	}
	name := strings.TrimSuffix(strings.TrimSuffix(path.Base(file), SealedExt), ".toml")
	a := f.campaignFor(phase, StepOperations).playerAlliance(Login(name))
	return a != "" && slices.ContainsFunc(f.State.Effects, func(e Effect) bool {
		return e.Event == AnOpenTome && e.Phase == phase && e.Alliance == a
	})
}

// campaignFor is the campaign as it will stand at a step of a phase: the
// state's, then, in their order, Machinations of Fate's defections and the
// roster changes due by then (inputs of later steps may be committed early).
func (f *Folder) campaignFor(phase int, step Step) *Campaign {
	c := f.Campaign
	s := f.State
	if s == nil {
		return c
	}
	changes := c.declared().RosterChanges
	n := s.Roster
	for ph := max(s.Phase, 1); ph <= phase; ph++ {
		if ph > s.Phase {
			for _, e := range s.Effects {
				if e.Event == MachinationsOfFate && e.Phase == ph {
					c = c.withAllegiance(e.Players, e.Fleets)
				}
			}
		}
		for ; n < len(changes) && changes[n].Phase <= ph && changes[n].order() <= pointOrder(phase, step); n++ {
			if next, _, _, why := nextRoster(c, n, changes[n]); why == "" {
				c = next
			}
		}
	}
	return c
}

// checkRosterTiming holds campaign.toml's roster changes to the state: the
// changes in effect (state.toml `roster`) are those of steps reached, as
// they were; the others are of steps still to come, after the one the
// campaign waits for.
func (f *Folder) checkRosterTiming(fs *faults) {
	d, s := f.Campaign.declared(), f.State
	if s.Roster > len(d.RosterChanges) {
		fs.add(Src{File: CampaignFile}.At("roster_changes"), "%d roster changes took effect (state.toml), and [[roster_changes]] lists %d: a change that took effect stays in campaign.toml as it was (the campaign's replay needs it)", s.Roster, len(d.RosterChanges))
		return
	}
	now := pointOrder(s.Phase, s.Step)
	for i, e := range d.RosterChanges {
		switch reached := e.order() <= now || s.Step == StepEnded; {
		case i < s.Roster && !reached:
			fs.add(e.src.At("phase"), "this change took effect already (state.toml counts %d in effect) and now says %s, still to come: restore it as it was", s.Roster, pointText(e.Phase, e.Step))
		case i >= s.Roster && reached && s.Step != StepEnded:
			next := "no roster change can take effect any more: the final phase ends in its step 3"
			if p, st := nextRosterPoint(s); p < d.Phases || p == d.Phases && st <= StepBattles {
				next = fmt.Sprintf("a roster change takes effect from a step still to come, from phase = %d, step = %q on", p, st)
			}
			fs.add(e.src.At("phase"), "%s is under way or over (the campaign waits for phase %d's step %s): %s", pointText(e.Phase, e.Step), s.Phase, s.Step.Title(), next)
		}
	}
}
