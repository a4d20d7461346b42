// Package disk is the one place Warmaster touches a campaign folder on disk.
//
// What a campaign folder holds is hostile input: a path in a journal, a
// symbolic link a player committed, a file name that starts with "-" or
// holds a line break. So every read, listing and write goes through an
// os.Root opened on the folder, which no path can leave, and through a scan
// of the whole folder made when it is opened: a symbolic link, a special
// file (a pipe, a device) or a name that could pass for something else,
// anywhere in the folder, is a Problem, never followed or read.
//
// Writes are atomic, as databases make them (see Commit): after a kill at
// any moment the folder is as it was, or the next Open completes exactly
// the interrupted commit. One run writes a folder at a time: Open(dir,
// Write) holds an OS lock on the folder that the OS releases when the
// process ends, however it ends.
//
// Warmaster keeps its own files — a commit in progress — in .warmaster/
// inside the folder, with a .gitignore that keeps them out of git; it is
// removed when a commit is done.
//
// A folder at the top of a git work tree (a campaign at its repository's
// root) also holds the repository's own entries, which the scan leaves
// out: see RepositoryEntry.
package disk

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"
)

// Mode is how a folder is opened.
type Mode int

const (
	// Read holds a shared lock until Unlock: a run writing the folder
	// finishes before it is read, and none starts while it is read.
	Read Mode = iota
	// Write holds the folder's exclusive lock until Unlock or Close; Open
	// refuses with ErrBusy while another run holds the lock.
	Write
	// Scratch takes no lock: a folder this process made (a replay's
	// scratch folder, a new campaign), written file by file, or by a
	// Commit that flushes nothing to disk.
	Scratch
)

// StateDir is the folder Warmaster keeps its own files in, inside a
// campaign folder.
const StateDir = ".warmaster"

// Errors of Open.
var (
	// ErrBusy: another run holds the folder's lock.
	ErrBusy = errors.New("another warmaster run is writing this folder")
	// ErrNotDir: the path is a file.
	ErrNotDir = errors.New("not a folder")
)

// lockWait is how long Open(dir, Read) waits for a run writing the folder.
var lockWait = 2 * time.Minute

// Problem is an entry of a folder that is never read: a symbolic link, a
// special file, or a name refused by NameProblem.
type Problem struct {
	// Path is the slash path of the entry; for a refused name, of the
	// folder holding it ("." for the campaign folder itself), since the
	// name itself is not fit to print as a path.
	Path    string
	Message string
}

// Entry is a file or folder of a scanned folder.
type Entry struct {
	name string
	dir  bool
}

// Name is the entry's name.
func (e Entry) Name() string { return e.name }

// IsDir reports whether the entry is a folder.
func (e Entry) IsDir() bool { return e.dir }

// Dir is an open campaign folder.
type Dir struct {
	path     string
	root     *os.Root
	mode     Mode
	lock     *folderLock
	writable func(string) bool

	mu sync.RWMutex
	// dirs are the entries of each folder, by slash path ("." the folder
	// itself), sorted by name: its files too (isFile), not also kept by
	// path (100,000 results' paths and a map of them: 7 MB).
	dirs     map[string][]Entry
	problems []Problem
	repo     []string            // the repository's own entries the scan left out (RepositoryEntry)
	subs     map[string]*os.Root // roots of the folders, by slash path, from the scan until Unlock
	fds      map[string]dirFD    // and their descriptors, to read their files by (unix)
}

// Open opens a campaign folder and scans it. With Read or Write it first
// takes the folder's lock and completes a commit an interrupted run left
// (writable says which paths a commit may write: a manifest naming any
// other is not Warmaster's, and is discarded).
func Open(dir string, mode Mode, writable func(string) bool) (*Dir, error) {
	root, err := openRoot(dir)
	if err != nil {
		return nil, err
	}
	d := &Dir{path: dir, root: root, mode: mode, writable: writable}
	if mode != Scratch {
		wait := lockWait // a reader waits for a writer; a writer waits for none
		if mode == Write {
			wait = 0
		}
		if d.lock, err = lockFolder(root, mode, wait); err != nil {
			root.Close()
			return nil, err
		}
		if err := d.recover(); err != nil {
			d.Close()
			return nil, err
		}
	}
	if err := d.scan(); err != nil {
		d.Close()
		return nil, err
	}
	return d, nil
}

func openRoot(dir string) (*os.Root, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		if st, serr := os.Stat(dir); serr == nil && !st.IsDir() {
			return nil, fmt.Errorf("%s: %w", dir, ErrNotDir)
		}
		return nil, err
	}
	return root, nil
}

// Create makes dir, which must not exist or be empty, and opens it to be
// written file by file (Scratch). A symbolic link there, to a folder or to
// nothing, is refused: never written through.
func Create(dir string) (*Dir, error) {
	if st, err := os.Lstat(filepath.Clean(dir)); err == nil && st.Mode()&fs.ModeSymlink != 0 {
		return nil, fmt.Errorf("%s is a symbolic link: give a new or empty folder (Warmaster does not write through a link)", dir)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	d, err := Open(dir, Scratch, nil)
	if err != nil {
		return nil, err
	}
	if len(d.dirs["."]) > 0 || len(d.problems) > 0 || len(d.repo) > 0 {
		d.Close()
		return nil, fmt.Errorf("%s is not empty: give a new or empty folder", dir)
	}
	return d, nil
}

// Temp makes a new temporary folder (os.MkdirTemp) and opens it as
// Scratch; Discard removes it.
func Temp(pattern string) (*Dir, error) {
	dir, err := os.MkdirTemp("", pattern)
	if err != nil {
		return nil, err
	}
	d, err := Open(dir, Scratch, nil)
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	return d, nil
}

// Discard closes a folder made by Temp and removes it.
func (d *Dir) Discard() error {
	d.Close()
	return os.RemoveAll(d.path)
}

// Path is the folder as given to Open.
func (d *Dir) Path() string { return d.path }

// Unlock releases the folder's lock; the folder stays open for reading.
// It also closes the sub-folders the scan kept open (a folder of a big
// campaign stays open for a few more reads, not for thousands).
func (d *Dir) Unlock() {
	d.Release()
	d.closeSubs()
}

// Release releases the folder's lock and keeps the sub-folders the scan
// opened, for a reader of thousands of its files after the load (a
// replay, a digest of the whole folder, verify): each is read by its
// folder's descriptor rather than walked to through the Root, one opened
// folder at a time. Close closes them.
func (d *Dir) Release() {
	if d.lock != nil {
		d.lock.release()
		d.lock = nil
	}
}

// Close releases the lock and closes the folder.
func (d *Dir) Close() error {
	d.Unlock()
	d.closeSubs()
	return d.root.Close()
}

func (d *Dir) closeSubs() {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, r := range d.subs {
		r.Close()
	}
	for _, fd := range d.fds {
		fd.close()
	}
	d.subs, d.fds = nil, nil
}

// NameProblem says why a file or folder name is refused, or "": a name
// that could pass for something else where it is printed or passed on —
// an option (a leading "-"), a second line, a control character, text
// reordered by a bidirectional control — or that is not UTF-8.
func NameProblem(name string) string {
	switch {
	case !utf8.ValidString(name):
		return "its name is not valid UTF-8"
	case strings.HasPrefix(name, "-"):
		return `its name starts with "-", which a command would take for an option`
	case strings.ContainsAny(name, "\n\r"):
		return "its name holds a line break"
	}
	for _, r := range name {
		switch {
		case unicode.IsControl(r):
			return fmt.Sprintf("its name holds the control character %U", r)
		case unicode.Is(unicode.Bidi_Control, r):
			return fmt.Sprintf("its name holds %U, which reorders the text around it", r)
		}
	}
	return ""
}

// RepositoryEntry reports whether an entry at the top of a folder, of the
// given name and type, is its git repository's own, not a campaign's: the
// folder's .git (a folder; or the file of a linked work tree or a
// submodule), and, in a folder holding one — the top of a work tree, a
// campaign at its repository's root — .github/ (the workflows, CODEOWNERS,
// the registry), .gitignore and .gitattributes. The scan leaves them out:
// never listed, read or refused.
//
// That hides nothing a player could mean Warmaster to read, nor makes it
// read anything: no file Warmaster reads has such a name, and git never
// commits a .git (so no player can make a folder a work tree's top). What
// a pull request changes in .github/ or in the dotfiles the pull-request
// check judges (the repository's Warmasters' alone), and `check --actor`
// refuses a player's file there as one Warmaster reads not. Deeper in the
// folder, in a folder that holds no .git, and of another type (a link, a
// .github that is a file), such a name is the campaign folder's like any
// other: a link is refused, a file misplaced.
func RepositoryEntry(name string, t fs.FileMode, workTree bool) bool {
	switch name {
	case ".git":
		return t.IsDir() || t.IsRegular()
	case ".github":
		return workTree && t.IsDir()
	case ".gitignore", ".gitattributes":
		return workTree && t.IsRegular()
	}
	return false
}

// scan lists the whole folder, but for .warmaster/ and the repository's
// own entries (RepositoryEntry): every good entry goes into the tree,
// every other is a Problem.
func (d *Dir) scan() error {
	d.dirs, d.problems, d.repo = map[string][]Entry{}, nil, nil
	d.subs, d.fds = map[string]*os.Root{}, map[string]dirFD{}
	return d.scanDir(d.root, ".")
}

// scanDir lists the folder rel, whose root is r, and each folder in it
// through a root of its own, kept open until Unlock: a folder and a file
// are then opened with one openat each, not one per folder of their path.
func (d *Dir) scanDir(r *os.Root, rel string) error {
	es, fd, err := readDir(r)
	if err != nil {
		return err
	}
	if fd != noDirFD {
		d.fds[rel] = fd
	}
	slices.SortFunc(es, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	workTree := rel == "." && slices.ContainsFunc(es, func(e fs.DirEntry) bool { return e.Name() == ".git" && RepositoryEntry(".git", e.Type(), false) })
	out := make([]Entry, 0, len(es))
	for _, e := range es {
		name, t := e.Name(), e.Type()
		if why := NameProblem(name); why != "" {
			d.problems = append(d.problems, Problem{Path: rel, Message: fmt.Sprintf("a %s named %q: %s; rename it", kind(t), name, why)})
			continue
		}
		if t.IsRegular() && (rel != "." || name != StateDir && !RepositoryEntry(name, t, workTree)) {
			out = append(out, Entry{name: name}) // its path is not made: 100,000 of them in a big phase
			continue
		}
		p := join(rel, name)
		switch {
		case rel == "." && name == StateDir && t.IsDir():
			continue // Warmaster's own: a commit in progress
		case rel == "." && RepositoryEntry(name, t, workTree):
			d.repo = append(d.repo, name)
			continue // the repository's own
		case rel == "." && name == StateDir:
			d.problems = append(d.problems, Problem{Path: p, Message: fmt.Sprintf("a %s where Warmaster keeps its own files in a folder: remove it", kind(t))})
		case t&fs.ModeSymlink != 0:
			d.problems = append(d.problems, Problem{Path: p, Message: "a symbolic link: Warmaster follows no link in a campaign folder (it could lead out of it); put the file or folder itself here"})
		case t.IsDir():
			out = append(out, Entry{name: name, dir: true})
			sub, err := r.OpenRoot(name)
			if err != nil {
				return err
			}
			d.subs[p] = sub
			if err := d.scanDir(sub, p); err != nil {
				return err
			}
		default:
			d.problems = append(d.problems, Problem{Path: p, Message: fmt.Sprintf("a %s, not a regular file: Warmaster reads only files and folders", kind(t))})
		}
	}
	d.dirs[rel] = out
	return nil
}

// kind names the type of an entry for a message.
func kind(t fs.FileMode) string {
	switch {
	case t&fs.ModeSymlink != 0:
		return "symbolic link"
	case t.IsDir():
		return "folder"
	case t&fs.ModeNamedPipe != 0:
		return "named pipe"
	case t&fs.ModeSocket != 0:
		return "socket"
	case t&fs.ModeDevice != 0:
		return "device"
	}
	return "file"
}

func join(dir, name string) string {
	if dir == "." {
		return name
	}
	return dir + "/" + name
}

// Repository reports whether rel is, or is in, an entry the scan left out
// as the repository's own (RepositoryEntry).
func (d *Dir) Repository(rel string) bool {
	first, _, _ := strings.Cut(rel, "/")
	return slices.Contains(d.repo, first)
}

// Problems lists the entries that are never read, sorted by path.
func (d *Dir) Problems() []Problem { return slices.Clone(d.problems) }

// Files lists every regular file of the folder (but for .warmaster/ and
// the repository's own entries, RepositoryEntry), as slash paths, sorted.
func (d *Dir) Files() []string {
	d.mu.RLock()
	defer d.mu.RUnlock()
	var out []string
	for dir, es := range d.dirs {
		for _, e := range es {
			if !e.dir {
				out = append(out, join(dir, e.name))
			}
		}
	}
	slices.Sort(out)
	return out
}

// List lists a folder's entries, sorted by name; false when there is no
// such folder ("." is the folder itself).
func (d *Dir) List(rel string) ([]Entry, bool) {
	d.mu.RLock()
	defer d.mu.RUnlock()
	es, ok := d.dirs[rel]
	return es, ok
}

// IsFile reports whether rel is a regular file of the folder.
func (d *Dir) IsFile(rel string) bool {
	d.mu.RLock()
	defer d.mu.RUnlock()
	return d.isFile(rel)
}

// isFile is IsFile, d.mu held: rel, a clean path, is an entry of its
// folder that is not a folder.
func (d *Dir) isFile(rel string) bool {
	if rel == "." || path.Clean(rel) != rel {
		return false
	}
	es := d.dirs[path.Dir(rel)]
	i, found := slices.BinarySearchFunc(es, path.Base(rel), func(e Entry, name string) int { return strings.Compare(e.name, name) })
	return found && !es[i].dir
}

// errNotRegular: the file was replaced since the scan.
var errNotRegular = errors.New("not a regular file")

// MaxFileBytes is the most ReadFile reads of a file: above the limit of
// every kind of TOML file (journal.toml's is the largest, 32 MiB; see
// docs/reference.md, Limits), so that a hostile file of gigabytes is never
// read into memory. ReadFileLimit reads less (or, for Markdown Warmaster
// writes, more).
const MaxFileBytes = 32 << 20

// ErrTooLarge: a file is longer than the most read of it. The error a read
// returns says by how much; errors.Is(err, ErrTooLarge) tells it.
var ErrTooLarge = errors.New("file too large")

type tooLargeError struct {
	path  string
	limit int
}

func (e *tooLargeError) Error() string {
	return fmt.Sprintf("read %s: it is longer than %d bytes, the most Warmaster reads of such a file", e.path, e.limit)
}

func (e *tooLargeError) Unwrap() error { return ErrTooLarge }

// ReadFile reads a regular file the scan found, up to MaxFileBytes, as
// ReadFileLimit does.
func (d *Dir) ReadFile(rel string) ([]byte, error) { return d.ReadFileLimit(rel, MaxFileBytes) }

// ReadFileLimit reads a regular file the scan found; any other path is
// fs.ErrNotExist. The slice is the file's size (a phase holds tens of
// thousands of small files, kept while the run lasts). A file longer than
// limit is read no further: it returns the file's first limit+1 bytes —
// what a check needs to refuse it where it passes its limit — and an
// ErrTooLarge.
func (d *Dir) ReadFileLimit(rel string, limit int) ([]byte, error) {
	if !d.IsFile(rel) {
		return nil, &fs.PathError{Op: "read", Path: rel, Err: fs.ErrNotExist}
	}
	if data, ok, err := d.readByFD(rel, limit); ok {
		return data, err
	}
	f, err := d.open(rel)
	if err != nil {
		return nil, err
	}
	return readOpened(f, rel, limit)
}

// ReadPath reads a file named on the command line, outside any campaign
// folder (a war-engine profile's), as ReadFileLimit reads one of a folder.
func ReadPath(name string, limit int) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	return readOpened(f, name, limit)
}

// readOpened reads an opened regular file, as far as limit, and closes it.
func readOpened(f *os.File, name string, limit int) ([]byte, error) {
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, &fs.PathError{Op: "read", Path: name, Err: errNotRegular}
	}
	return readAll(f, name, st.Size(), limit)
}

// readAll reads f, a regular file of size bytes when it was looked at, to
// its end into a slice of its size (if it keeps it), or limit+1 bytes of it
// and a *tooLargeError. A read that gives less than it asked for, with
// size bytes read, is the end: a regular file reads short only there
// (else a signal cut it short at its size, which is as if it had been
// read an instant before it grew). No read is then made to be told so —
// one system call less for each of the 100,000 files of a big phase.
func readAll(f io.Reader, name string, size int64, limit int) ([]byte, error) {
	data := make([]byte, 0, min(size, int64(limit)+1)+1)
	r := io.LimitReader(f, int64(limit)+1)
	for {
		p := data[len(data):cap(data)]
		n, err := r.Read(p)
		data = data[:len(data)+n]
		if err == nil && n < len(p) && int64(len(data)) == size {
			err = io.EOF
		}
		if err == io.EOF {
			data = data[:len(data):len(data)]
			if len(data) > limit {
				return data, &tooLargeError{path: name, limit: limit}
			}
			return data, nil
		}
		if err != nil {
			return nil, err
		}
		if len(data) == cap(data) {
			data = slices.Grow(data, 4096) // it grew since
		}
	}
}

// open opens a file, through the root of its folder while the scan's are
// open.
func (d *Dir) open(rel string) (*os.File, error) {
	d.mu.RLock()
	r, ok := d.subs[path.Dir(rel)]
	d.mu.RUnlock()
	if ok {
		return r.Open(path.Base(rel))
	}
	return d.root.Open(rel)
}

// WriteFile writes a file of a Scratch folder, making its folders: a
// folder this process made, where nobody else writes.
func (d *Dir) WriteFile(rel string, data []byte) error {
	if d.mode != Scratch {
		return fmt.Errorf("write %s: a campaign folder is written by Commit", rel)
	}
	if err := checkPath(rel); err != nil {
		return err
	}
	if ok, err := d.writeByFD(rel, data); ok {
		if err != nil {
			return err
		}
		d.record(rel)
		return nil
	}
	r, err := d.folderRoot(path.Dir(rel))
	if err != nil {
		return err
	}
	if err := r.WriteFile(path.Base(rel), data, 0o644); err != nil {
		return err
	}
	d.record(rel)
	return nil
}

// folderRoot is the root of a Scratch folder's folder dir, made with the
// folders it is in the first time a file goes there and kept with the
// scan's: a replay writes tens of thousands of inputs into a few folders,
// each with one openat, not a mkdirat and an openat for each folder of its
// path.
func (d *Dir) folderRoot(dir string) (*os.Root, error) {
	if dir == "." {
		return d.root, nil
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if r, ok := d.subs[dir]; ok {
		return r, nil
	}
	if err := d.root.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	r, err := d.root.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	if d.subs == nil {
		d.subs = map[string]*os.Root{}
	}
	d.subs[dir] = r
	return r, nil
}

// record adds a file written since the scan, and its folders, to the tree.
func (d *Dir) record(rel string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	for p, dir := rel, false; p != "."; p, dir = path.Dir(p), true {
		parent := path.Dir(p)
		es := d.dirs[parent]
		i, found := slices.BinarySearchFunc(es, path.Base(p), func(e Entry, name string) int { return strings.Compare(e.name, name) })
		if found {
			return
		}
		d.dirs[parent] = slices.Insert(es, i, Entry{name: path.Base(p), dir: dir})
		if dir {
			if _, ok := d.dirs[p]; !ok {
				d.dirs[p] = nil
			}
		}
	}
}

// checkPath refuses a path that is not a clean, relative slash path of
// good names: a path from a file (a journal, a manifest) is hostile.
func checkPath(rel string) error {
	if rel == "" || rel == "." || path.IsAbs(rel) || strings.Contains(rel, `\`) || path.Clean(rel) != rel || rel == ".." || strings.HasPrefix(rel, "../") {
		return fmt.Errorf("%q is not a path inside the folder", rel)
	}
	for _, name := range strings.Split(rel, "/") {
		if why := NameProblem(name); why != "" || name == ".." {
			return fmt.Errorf("%q is not a path inside the folder: %s", rel, why)
		}
	}
	if first, _, _ := strings.Cut(rel, "/"); first == StateDir {
		return fmt.Errorf("%q is Warmaster's own", rel)
	}
	return nil
}
