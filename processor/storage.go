package processor

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"github.com/warmaster/warmaster/processor/disk"
)

// The campaign folder on disk: every read and write of a campaign goes
// through processor/disk, rooted in the folder (see its doc). This file
// says what Warmaster reads and writes where: the folder's layout.

// openFolder opens a campaign folder through disk, with the messages a
// user needs when it cannot be.
func openFolder(dir string, mode disk.Mode) (*disk.Dir, error) {
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

// loadDir reads a campaign folder as load does, under the folder's lock.
func loadDir(dir string) (*Folder, *faults, error) {
	d, err := openFolder(dir, disk.Read)
	if err != nil {
		return nil, nil, err
	}
	defer d.Unlock()
	return load(d)
}

// writtenByWarmaster says whether a commit may write (or remove) a path:
// what advance writes — state, journal, README, reports, battle sheets,
// orders decrypted at 2.1 Reveal — what seal writes and removes, an orders
// file and its sealed .age, and the player's files `draft --write` writes.
// A manifest naming any other path (campaign.toml, map.toml, engine
// profiles, anything outside the layout) is not Warmaster's (disk discards
// it).
func writtenByWarmaster(file string) bool {
	switch classify(file).kind {
	case kindWritten, kindOrders, kindSetup, kindResults, kindMoves, kindBuilds, kindEvents, kindTiebreak:
		return true
	}
	return false
}

// ReadFile reads a file of the campaign folder as it was scanned when the
// folder was loaded: a path that leaves the folder, a link, or a file that
// was not there is fs.ErrNotExist; a file longer than the limit of its
// kind is a disk.ErrTooLarge.
func (f *Folder) ReadFile(file string) ([]byte, error) {
	if data, ok := f.text[file]; ok && len(data) <= readLimit(file) {
		return data, nil
	}
	return f.disk.ReadFileLimit(file, readLimit(file))
}

// Files lists every file of the campaign folder as loaded (slash paths,
// sorted).
func (f *Folder) Files() []string { return f.disk.Files() }

// Top-level entries of a campaign folder.
var (
	topFiles   = []string{CampaignFile, MapFile, StateFile, JournalFile, ReadmeFile}
	topFolders = []string{EnginesDir, "setup", "phases"}
)

// inputWho is what each input folder's files are named after.
var inputWho = map[string]string{"orders": "login", "results": "fleet", "moves": "login", "builds": "alliance", "events": "alliance"}

// folderFaults are the faults of a folder that stop it being read at all:
// an entry never read (a link, a special file, a refused name: see
// disk.Problem) and a top-level file that is a folder, or folder a file.
func folderFaults(d *disk.Dir, fs *faults) {
	for _, p := range d.Problems() {
		if p.Path == "." {
			p.Path = ""
		}
		fs.add(Src{File: p.Path}, "%s", p.Message)
	}
	top, _ := d.List(".")
	for _, e := range top {
		switch name := e.Name(); {
		case e.IsDir() && slices.Contains(topFiles, name):
			fs.add(Src{File: name}, "a folder named %s: %s is a file", name, name)
		case !e.IsDir() && slices.Contains(topFolders, name):
			fs.add(Src{File: name}, "a file named %s: %s/ is a folder", name, name)
		}
	}
}

// misplaced: every file at the top of the folder, or in a folder of its
// own there, that Warmaster does not read is a fault saying where such a
// file goes. (What is in phases/, setup/ and engines/ is checked where
// they are read.)
func (f *Folder) misplaced(fs *faults) {
	top, _ := f.disk.List(".")
	for _, e := range top {
		name := e.Name()
		switch {
		case slices.Contains(topFiles, name) || slices.Contains(topFolders, name):
			// read or written by Warmaster (or a fault of folderFaults)
		case !e.IsDir():
			fs.add(Src{File: name}, "Warmaster reads no file here: %s", f.belongs(name))
		default:
			files := f.filesUnder(name)
			if len(files) == 0 {
				fs.add(Src{File: name}, "Warmaster reads no folder here: a campaign folder holds %s; remove it", layoutText)
			}
			for _, p := range files {
				fs.add(Src{File: p}, "Warmaster reads no file here: %s", f.belongs(p))
			}
		}
	}
}

// filesUnder lists the files of a folder and its sub-folders.
func (f *Folder) filesUnder(dir string) []string {
	var out []string
	es, _ := f.disk.List(dir)
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
	base := parts[len(parts)-1]
	stem := strings.TrimSuffix(strings.TrimSuffix(base, SealedExt), ".toml")
	for _, d := range inputDirs {
		if stem != d.dir && !slices.Contains(parts[:len(parts)-1], d.dir) {
			continue
		}
		who := inputWho[d.dir]
		name := base
		if stem == d.dir || !strings.HasSuffix(base, ".toml") && !(d.dir == "orders" && strings.HasSuffix(base, ".toml"+SealedExt)) {
			name = "<" + who + ">.toml"
		}
		return fmt.Sprintf("%s go in phases/NN/%s/<%s>.toml: %s/%s/%s for the current phase", d.dir, d.dir, who, PhaseDir(phase), d.dir, name)
	}
	switch {
	case stem == "setup" || slices.Contains(parts, "setup"):
		return "set-up files go in setup/<alliance>.toml"
	case base == TiebreakFile:
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
// <battle>.toml there, and nothing else is.
func (f *Folder) battleSheets(fs *faults, rel string, e disk.Entry) {
	if !e.IsDir() {
		fs.add(Src{File: rel}, "a file named battles: %s/ is the folder of the battle sheets Warmaster writes", rel)
		return
	}
	r := &refusals{fs: fs, dir: rel}
	for _, p := range f.filesUnder(rel) {
		if (strings.Contains(strings.TrimPrefix(p, rel+"/"), "/") || !strings.HasSuffix(p, ".toml")) && r.listed() {
			fs.add(Src{File: p}, "Warmaster reads no file here: %s/ holds only the battle sheets Warmaster writes, <battle>.toml", rel)
		}
	}
	r.summarise()
}
