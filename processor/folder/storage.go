package folder

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/disk"
	"github.com/warmaster/warmaster/processor/seal"
)

// The campaign folder on disk: every read and write of a campaign goes
// through processor/disk, rooted in the folder (see its doc). This file
// says what Warmaster reads and writes where: the folder's layout.

// OpenFolder opens a campaign folder through disk, with the messages a
// user needs when it cannot be.
func OpenFolder(dir string, mode disk.Mode) (*disk.Dir, error) {
	d, err := disk.Open(dir, mode, writtenByWarmaster)
	switch {
	case err == nil:
		return d, nil
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("%s is not a campaign folder (no such folder; warmaster init makes one)", dir)
	case errors.Is(err, disk.ErrNotDir):
		return nil, fmt.Errorf("%s is a file; give the campaign folder that holds campaign.toml", dir)
	case errors.Is(err, disk.ErrBusy) && mode == disk.Write:
		return nil, fmt.Errorf("%s is in use: another warmaster run (advance, seal or draft --write) is writing it; nothing was written, run again once it is done", dir)
	case errors.Is(err, disk.ErrBusy):
		return nil, fmt.Errorf("%s is in use: another warmaster run (advance, seal or draft --write) has been writing it for a long time; run again once it is done", dir)
	}
	return nil, fmt.Errorf("open %s: %w", dir, err)
}

// LoadDir reads a campaign folder as load does, under the folder's lock.
func LoadDir(dir string) (*Folder, *processor.Faults, error) {
	d, err := OpenFolder(dir, disk.Read)
	if err != nil {
		return nil, nil, err
	}
	defer d.Unlock()
	return LoadFrom(d)
}

// writtenByWarmaster says whether a commit may write (or remove) a path:
// what advance writes — state, journal, README, reports, battle sheets,
// orders decrypted at 2.1 Reveal — what seal writes and removes, an orders
// file and its sealed .age, and the player's files `draft --write` writes.
// A manifest naming any other path (campaign.toml, map.toml, engine
// profiles, anything outside the layout) is not Warmaster's (disk discards
// it).
func writtenByWarmaster(file string) bool {
	switch Classify(file).Kind {
	case KindWritten, KindOrders, KindSetup, KindResults, KindConfirmation, KindMoves, KindBuilds, KindEvents, KindTiebreak, KindSeen:
		return true
	}
	return false
}

// ReadFile reads a file of the campaign folder as it was scanned when the
// folder was loaded: a path that leaves the folder, a link, or a file that
// was not there is fs.ErrNotExist; a file longer than the limit of its
// kind is a disk.ErrTooLarge.
func (f *Folder) ReadFile(file string) ([]byte, error) {
	if data, ok := f.Texts[file]; ok && len(data) <= ReadLimit(file) {
		return data, nil
	}
	return f.Disk.ReadFileLimit(file, ReadLimit(file))
}

// Files lists every file of the campaign folder as loaded (slash paths,
// sorted).
func (f *Folder) Files() []string { return f.Disk.Files() }

// Top-level entries of a campaign folder.
var (
	topFiles   = []string{processor.CampaignFile, processor.MapFile, processor.StateFile, processor.JournalFile, processor.ReadmeFile}
	topFolders = []string{EnginesDir, "setup", "phases"}
)

// inputWho is what each input folder's files are named after.
var inputWho = map[string]string{"orders": "login", "results": "fleet", "moves": "login", "builds": "alliance", "events": "alliance", "confirmations": "battle", "rulings": "battle"}

// folderFaults are the faults of a folder that stop it being read at all:
// an entry never read (a link, a special file, a refused name: see
// disk.Problem) and a top-level file that is a folder, or folder a file.
func folderFaults(d *disk.Dir, fs *processor.Faults) {
	for _, p := range d.Problems() {
		if p.Path == "." {
			p.Path = ""
		}
		fs.Add(processor.Src{File: p.Path}, "%s", p.Message)
	}
	top, _ := d.List(".")
	for _, e := range top {
		switch name := e.Name(); {
		case e.IsDir() && slices.Contains(topFiles, name):
			fs.Add(processor.Src{File: name}, "a folder named %s: %s is a file", name, name)
		case !e.IsDir() && slices.Contains(topFolders, name):
			fs.Add(processor.Src{File: name}, "a file named %s: %s/ is a folder", name, name)
		}
	}
}

// misplaced: every file at the top of the folder, or in a folder of its
// own there, that Warmaster does not read is a fault saying where such a
// file goes. (What is in phases/, setup/ and engines/ is checked where
// they are read.)
func (f *Folder) misplaced(fs *processor.Faults) {
	top, _ := f.Disk.List(".")
	for _, e := range top {
		name := e.Name()
		switch {
		case slices.Contains(topFiles, name) || slices.Contains(topFolders, name):
			// read or written by Warmaster (or a fault of folderFaults)
		case !e.IsDir():
			fs.Add(processor.Src{File: name}, "Warmaster reads no file here: %s", f.belongs(name))
		default:
			files := f.filesUnder(name)
			if len(files) == 0 {
				fs.Add(processor.Src{File: name}, "Warmaster reads no folder here: a campaign folder holds %s; remove it", layoutText)
			}
			for _, p := range files {
				fs.Add(processor.Src{File: p}, "Warmaster reads no file here: %s", f.belongs(p))
			}
		}
	}
}

// filesUnder lists the files of a folder and its sub-folders.
func (f *Folder) filesUnder(dir string) []string {
	var out []string
	es, _ := f.Disk.List(dir)
	for _, e := range es {
		p := dir + "/" + e.Name()
		if e.IsDir() {
			out = append(out, f.filesUnder(p)...)
		} else {
			out = append(out, p)
		}
	}
	return out
}

// layoutText is what a campaign folder holds, in a few words.
const layoutText = "campaign.toml, map.toml, engines/, setup/ and phases/, and what Warmaster writes (state.toml, journal.toml, README.md)"

// belongs says where a misplaced file goes, from the folder and file
// names it has: orders/alice.toml goes in phases/NN/orders/alice.toml.
func (f *Folder) belongs(file string) string {
	phase := 1
	if f.State != nil {
		phase = max(f.State.Phase, 1)
	}
	parts := strings.Split(file, "/")
	if meant, ok := meantTop(parts[0], len(parts) > 1); ok {
		if len(parts) == 1 {
			return fmt.Sprintf("did you mean %s? Warmaster reads that file, never this one: put what you meant in %s, and remove this one", meant, meant)
		}
		// A file in a folder misnamed: where it goes, if Warmaster reads
		// someone's file there (else what the rest of its path says).
		to := meant + strings.TrimPrefix(file, parts[0])
		if m, ok := MeantPath(to); ok {
			to = m
		}
		if k := Classify(to).Kind; k == KindWarmaster || k >= KindSetup && k != KindSeen {
			return fmt.Sprintf("did you mean %s? The folder is %s/, not %s/: move the file there", to, meant, parts[0])
		}
	}
	base := parts[len(parts)-1]
	stem := strings.TrimSuffix(strings.TrimSuffix(base, seal.SealedExt), ".toml")
	for _, d := range inputDirs {
		if stem != d.dir && !slices.Contains(parts[:len(parts)-1], d.dir) {
			continue
		}
		who := inputWho[d.dir]
		name := base
		if stem == d.dir || !strings.HasSuffix(base, ".toml") && !(d.dir == "orders" && strings.HasSuffix(base, ".toml"+seal.SealedExt)) {
			name = "<" + who + ">.toml"
		}
		return fmt.Sprintf("%s go in phases/NN/%s/<%s>.toml: %s/%s/%s for the current phase", d.dir, d.dir, who, processor.PhaseDir(phase), d.dir, name)
	}
	switch {
	case stem == "setup" || slices.Contains(parts, "setup"):
		return "set-up files go in setup/<alliance>.toml"
	case base == processor.TiebreakFile:
		return "the final battles' results go in phases/NN/tiebreak.toml, NN the final phase"
	case stem == EnginesDir || slices.Contains(parts, EnginesDir):
		return "war-engine profiles go in engines/<profile>.toml"
	case slices.Contains(topFiles, base):
		return base + " goes at the top of the campaign folder, beside campaign.toml"
	case strings.HasPrefix(base, ".warmaster-") && strings.HasSuffix(base, ".tmp"):
		return "a temporary file an interrupted run of an older warmaster left: remove it"
	}
	return "a campaign folder holds " + layoutText + "; move this file where it belongs, or remove it"
}

// battleSheets checks a phase's battles/: Warmaster writes a battle sheet
// <battle>.toml there for each battle of the phase, and nothing else is
// (StrayBattleFile): a result filed there is never read.
func (f *Folder) battleSheets(fs *processor.Faults, phase int, rel string, e disk.Entry) {
	if !e.IsDir() {
		fs.Add(processor.Src{File: rel}, "a file named battles: %s/ is the folder of the battle sheets Warmaster writes", rel)
		return
	}
	r := &refusals{fs: fs, dir: rel}
	sn := newSheetNames(f, phase)
	for _, p := range f.filesUnder(rel) {
		if meant, why, stray := sn.stray(strings.TrimPrefix(p, rel+"/")); stray && r.listed() {
			fs.Add(processor.Src{File: p}, "%s", StrayBattleText(p, meant, why))
		}
	}
	r.summarise()
}
