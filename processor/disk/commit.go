package disk

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// A commit's files in .warmaster/: the manifest, the manifest being
// written, and the new files, new/0, new/1, ... in the manifest's order.
const (
	manifestFile = StateDir + "/commit"
	manifestNew  = StateDir + "/commit.new"
	newDir       = StateDir + "/new"
	ignoreFile   = StateDir + "/.gitignore"
	absent       = "absent"
)

// Change is one file a commit writes, or removes.
type Change struct {
	Path string // slash path in the folder
	Data []byte
	// Parts follow Data in the file, in order: a big file made in pieces
	// (a phase report's chunks) is written as it was made, not first
	// copied into one.
	Parts  []string
	Remove bool
}

// partBuffer is the buffer a commit writes and hashes Parts through, a
// piece at a time.
const partBuffer = 64 << 10

// each calls use with the change's bytes in order: Data whole, then each
// part copied through buf (none converted whole).
func (c *Change) each(buf []byte, use func([]byte) error) error {
	if len(c.Data) > 0 || c.Parts == nil {
		if err := use(c.Data); err != nil {
			return err
		}
	}
	for _, p := range c.Parts {
		for len(p) > 0 {
			n := copy(buf, p)
			if err := use(buf[:n]); err != nil {
				return err
			}
			p = p[n:]
		}
	}
	return nil
}

// digestOfChange is the SHA-256 of the file a change writes.
func digestOfChange(c *Change, buf []byte) string {
	if c.Parts == nil {
		return digest(c.Data)
	}
	h := sha256.New()
	c.each(buf, func(b []byte) error { h.Write(b); return nil })
	return hex.EncodeToString(h.Sum(nil))
}

// manifest names every file of a commit. It is written whole and renamed
// into place: a manifest is always complete.
type manifest struct {
	Version int     `json:"version"`
	Files   []entry `json:"files"`
}

type entry struct {
	Path   string `json:"path"`
	Remove bool   `json:"remove,omitempty"`
	SHA256 string `json:"sha256,omitempty"` // the new content's
	// Was is the SHA-256 of the file the commit replaces, or "absent": a
	// manifest applies only to the folder it was made from.
	Was string `json:"was"`
	// ID identifies new/<i> as written (device and inode, where the
	// platform has them): a manifest and files that came any other way —
	// committed to git by a player, copied from another folder — are
	// never applied.
	ID string `json:"id,omitempty"`
}

// TestHook, if set, is called at each point of a commit where a kill
// leaves the folder otherwise: crash tests kill the process there (point
// "write" i after new/<i> is written, "manifest-written", "committed",
// "rename" i after the i-th file is in place, "renamed", "done").
var TestHook func(point string, i int)

func hook(point string, i int) {
	if TestHook != nil {
		TestHook(point, i)
	}
}

func tempFile(i int) string { return newDir + "/" + strconv.Itoa(i) }

func digest(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// digestOf is the SHA-256 of what r reads, read a piece at a time: a file
// a commit replaces or writes may be longer than ReadFile reads (a big
// phase's report).
func digestOf(r io.Reader) (string, error) {
	h := sha256.New()
	if _, err := io.Copy(h, r); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// Commit writes every change at once, as databases do: each new file is
// written into .warmaster/new/ and flushed to disk; then a manifest naming
// each with its SHA-256 (and that of the file it replaces) is written,
// flushed and renamed into place — the commit point; then every file is
// renamed into place, the folders are flushed, and the manifest and
// .warmaster/ are removed. Killed before the commit point, the folder is
// as it was and the next run discards .warmaster/; killed after, the next
// Open completes the commit. In a Scratch folder the same happens, but
// nothing is flushed to disk.
//
// A path Open's writable refuses, or one whose place is taken by a folder
// (or whose folder by a file), is an error, and nothing is written.
func (d *Dir) Commit(changes []Change) error {
	if d.mode == Read || d.mode == Write && d.lock == nil {
		return errors.New("commit: the folder is not open for writing")
	}
	m := manifest{Version: 1, Files: make([]entry, len(changes))}
	// A Scratch folder's commit is never completed by another run (a
	// replay's folder, removed after it): its manifest needs no digests,
	// which a replay's runs took of the journal each writes and the one
	// it replaces, longer each run.
	sums := d.mode != Scratch
	// The new contents' digests are taken on another CPU while the files
	// they replace are hashed and they are written (a public campaign's
	// battles step: 60 MB of each). Nothing changes a change's bytes.
	var hashed sync.WaitGroup
	defer hashed.Wait() // a commit that fails leaves nothing behind it
	newSums := make([]string, len(changes))
	if sums {
		hashed.Go(func() {
			buf := make([]byte, partBuffer)
			for i := range changes {
				if !changes[i].Remove {
					newSums[i] = digestOfChange(&changes[i], buf)
				}
			}
		})
	}
	buf := make([]byte, partBuffer)
	for i := range changes {
		c := &changes[i]
		if err := d.checkTarget(c.Path); err != nil {
			return fmt.Errorf("commit: %w", err)
		}
		e := entry{Path: c.Path, Remove: c.Remove, Was: absent}
		if sums && d.IsFile(c.Path) {
			f, err := d.open(c.Path)
			if err != nil {
				return fmt.Errorf("commit: %w", err)
			}
			e.Was, err = digestOf(f)
			f.Close()
			if err != nil {
				return fmt.Errorf("commit: %s: %w", c.Path, err)
			}
		}
		m.Files[i] = e
	}
	// Failing before the commit point, it leaves the folder as it was.
	fail := func(err error) error {
		d.removeState()
		return fmt.Errorf("commit: %w", err)
	}
	if err := d.prepare(); err != nil {
		return fail(err)
	}
	fo := newFolders(d.root) // new/ opened once, not for each file
	defer fo.close()
	var written []string
	for i := range changes {
		c := &changes[i]
		if c.Remove {
			continue
		}
		id, err := fo.create(tempFile(i), c, buf)
		if err != nil {
			return fail(fmt.Errorf("%s: %w", c.Path, err))
		}
		m.Files[i].ID = id
		written = append(written, tempFile(i))
		hook("write", i)
	}
	if err := d.flush(written, nil); err != nil {
		return fail(err)
	}
	hashed.Wait()
	for i, sum := range newSums {
		m.Files[i].SHA256 = sum
	}
	data, err := json.Marshal(m)
	if err != nil {
		return fail(err)
	}
	if _, err := writeNew(d.root, manifestNew, &Change{Data: data}, nil); err != nil {
		return fail(err)
	}
	if err := d.flush([]string{manifestNew}, nil); err != nil {
		return fail(err)
	}
	hook("manifest-written", 0)
	if err := d.root.Rename(manifestNew, manifestFile); err != nil {
		return fail(err)
	}
	if err := d.flush(nil, []string{StateDir}); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	hook("committed", 0)
	if err := d.apply(m, false, fo); err != nil {
		return err
	}
	// Recorded in path order, so that a folder's files go in in the order
	// its sorted entries keep, each at their end: in any other order each
	// went into the middle, moving those after it (quadratic: 100,000
	// battle sheets in one folder).
	order := changes
	if !slices.IsSortedFunc(changes, byPath) {
		order = slices.Clone(changes)
		slices.SortStableFunc(order, byPath) // a path's changes in their order
	}
	for _, c := range order {
		if c.Remove {
			d.forget(c.Path)
		} else {
			d.record(c.Path)
		}
	}
	return nil
}

func byPath(a, b Change) int { return strings.Compare(a.Path, b.Path) }

// flush makes files and folders durable; not those of a Scratch folder,
// which nothing outlives (a replay commits each run it replays there).
func (d *Dir) flush(files, dirs []string) error {
	if d.mode == Scratch {
		return nil
	}
	return flush(d.root, files, dirs)
}

// checkTarget refuses a path a commit may not write.
func (d *Dir) checkTarget(rel string) error {
	if err := checkPath(rel); err != nil {
		return err
	}
	if d.writable != nil && !d.writable(rel) {
		return fmt.Errorf("%s is not a file Warmaster writes", rel)
	}
	d.mu.RLock()
	defer d.mu.RUnlock()
	if _, ok := d.dirs[rel]; ok {
		return fmt.Errorf("%s is a folder", rel)
	}
	for p := path.Dir(rel); p != "."; p = path.Dir(p) {
		if d.isFile(p) {
			return fmt.Errorf("%s: %s is a file, not a folder", rel, p)
		}
	}
	for _, pr := range d.problems {
		if pr.Path == rel || strings.HasPrefix(rel, pr.Path+"/") {
			return fmt.Errorf("%s: %s", pr.Path, pr.Message)
		}
	}
	return nil
}

// prepare makes an empty .warmaster/ with its .gitignore (first, so git
// never sees what a killed run leaves) and new/.
func (d *Dir) prepare() error {
	if st, err := d.root.Lstat(StateDir); err == nil && !st.IsDir() {
		return fmt.Errorf("%s is not a folder, and Warmaster keeps its own files there: remove it", StateDir)
	}
	if err := d.removeState(); err != nil {
		return err
	}
	if err := d.root.Mkdir(StateDir, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
		return err
	}
	if _, err := writeNew(d.root, ignoreFile, &Change{Data: []byte("# Written by warmaster: a commit in progress, never committed to git.\n*\n")}, nil); err != nil && !errors.Is(err, fs.ErrExist) {
		return err // (it exists where the lock file is kept beside it)
	}
	return d.root.Mkdir(newDir, 0o755)
}

// writeNew creates a file that must not exist (O_EXCL: a link put in its
// place is not followed) and returns its identity.
func writeNew(root *os.Root, rel string, c *Change, buf []byte) (string, error) {
	f, err := root.OpenFile(rel, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return "", err
	}
	err = c.each(buf, func(b []byte) error { _, err := f.Write(b); return err })
	var id string
	if st, serr := f.Stat(); serr == nil {
		id = fileID(st)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return id, err
}

// apply renames (or removes) every file of a manifest into place, flushes
// the folders, and removes .warmaster/. Completing an interrupted commit
// (resume), it skips the files in place already.
func (d *Dir) apply(m manifest, resume bool, fo *folders) error {
	var dirs []string // every folder a file goes in, and theirs: to flush
	made := map[string]bool{}
	for i, e := range m.Files {
		if dir := path.Dir(e.Path); !made[dir] {
			for p := dir; ; p = path.Dir(p) {
				if !slices.Contains(dirs, p) {
					dirs = append(dirs, p)
				}
				if p == "." {
					break
				}
			}
			if dir != "." && !e.Remove {
				if err := d.root.MkdirAll(dir, 0o755); err != nil {
					return fmt.Errorf("commit %s: %w", e.Path, err)
				}
			}
			made[dir] = !e.Remove
		}
		if resume {
			done, err := d.done(e)
			if err != nil {
				return fmt.Errorf("commit %s: %w", e.Path, err)
			}
			if done {
				continue
			}
		}
		var err error
		if e.Remove {
			err = d.root.Remove(e.Path)
		} else {
			err = fo.rename(tempFile(i), e.Path)
		}
		if err != nil && !(e.Remove && errors.Is(err, fs.ErrNotExist)) {
			return fmt.Errorf("commit %s: %w", e.Path, err)
		}
		hook("rename", i)
	}
	if err := d.flush(nil, dirs); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	hook("renamed", 0)
	if err := d.root.Remove(manifestFile); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	hook("done", 0)
	return d.removeState()
}

// done reports whether an entry of a manifest is in place already.
func (d *Dir) done(e entry) (bool, error) {
	sum, err := d.digestNoFollow(e.Path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return e.Remove, nil
	case err != nil:
		return false, err
	case e.Remove:
		return false, nil
	}
	return sum == e.SHA256, nil
}

// removeState removes .warmaster/, but for a lock file the platform keeps
// there (and the .gitignore that keeps it out of git).
func (d *Dir) removeState() error {
	st, err := d.root.Lstat(StateDir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return err
	case !st.IsDir():
		return nil // not Warmaster's: the scan says so
	}
	f, err := d.root.Open(StateDir)
	if err != nil {
		return err
	}
	names, err := f.Readdirnames(-1)
	f.Close()
	if err != nil {
		return err
	}
	kept := false
	for _, name := range names {
		if lockFile != "" && (name == lockFile || name == path.Base(ignoreFile)) {
			if st, err := d.root.Lstat(StateDir + "/" + name); err == nil && st.Mode().IsRegular() {
				kept = true // the lock file, still ignored by git
				continue
			}
		}
		if err := d.root.RemoveAll(StateDir + "/" + name); err != nil {
			return err
		}
	}
	if kept {
		return nil
	}
	return d.root.Remove(StateDir)
}

// readNoFollow reads a file (a manifest: at most MaxFileBytes), refusing a
// link anywhere on its path: what a manifest names is read
// before the folder is scanned.
func (d *Dir) readNoFollow(rel string) ([]byte, error) {
	f, err := d.openNoFollow(rel)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	return readAll(f, rel, st.Size(), MaxFileBytes)
}

// digestNoFollow is the SHA-256 of a file, refusing a link anywhere on its
// path, as readNoFollow.
func (d *Dir) digestNoFollow(rel string) (string, error) {
	f, err := d.openNoFollow(rel)
	if err != nil {
		return "", err
	}
	defer f.Close()
	return digestOf(f)
}

func (d *Dir) openNoFollow(rel string) (*os.File, error) {
	for p := rel; p != "."; p = path.Dir(p) {
		st, err := d.root.Lstat(p)
		if err != nil {
			return nil, err
		}
		if p == rel && !st.Mode().IsRegular() || p != rel && !st.IsDir() {
			return nil, &fs.PathError{Op: "read", Path: p, Err: errNotRegular}
		}
	}
	return d.root.Open(rel)
}

// recover completes the commit an interrupted run left, if its manifest
// applies to the folder as it is, and otherwise discards it; without a
// manifest, what a killed run left in .warmaster/ goes (with Write; Read
// leaves it, harmless, to the next run that writes).
//
// Completing a commit writes: a reader that finds a manifest gives up its
// shared lock and waits for the exclusive one, as it waits for a writer
// (other readers may be reading meanwhile, or waiting as it does: the
// first to get it completes the commit, the others find nothing left to
// do). It then takes the shared lock again, and looks again: a run may
// have written between the two locks, and been killed.
func (d *Dir) recover() error {
	if d.mode != Read {
		return d.rollForward()
	}
	for d.hasManifest() {
		if err := d.lock.set(Write, lockWait); err != nil {
			return err
		}
		err := d.rollForward()
		if lerr := d.lock.set(Read, lockWait); err == nil {
			err = lerr
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// hasManifest reports whether .warmaster/ holds a manifest, which
// rollForward completes or discards.
func (d *Dir) hasManifest() bool {
	if st, err := d.root.Lstat(StateDir); err != nil || !st.IsDir() {
		return false
	}
	st, err := d.root.Lstat(manifestFile)
	return err == nil && st.Mode().IsRegular()
}

// rollForward, under the exclusive lock, completes the commit a manifest
// names, or discards .warmaster/.
func (d *Dir) rollForward() error {
	if st, err := d.root.Lstat(StateDir); err != nil || !st.IsDir() {
		return nil // none, or not Warmaster's: the scan says so
	}
	data, err := d.readNoFollow(manifestFile)
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, errNotRegular) {
		return d.removeState()
	}
	if err != nil {
		return fmt.Errorf("read %s: %w", manifestFile, err)
	}
	m, ok := d.pending(data)
	if !ok {
		return d.removeState()
	}
	fo := newFolders(d.root)
	defer fo.close()
	return d.apply(m, true, fo)
}

// pending decodes a manifest and checks that it applies to the folder:
// every path is one Warmaster writes; each file is either in place
// already, or still as it was when the commit began with its new content
// waiting in new/<i>, as written (its identity) and whole (its SHA-256).
func (d *Dir) pending(data []byte) (manifest, bool) {
	var m manifest
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil || m.Version != 1 {
		return m, false
	}
	for i, e := range m.Files {
		if checkPath(e.Path) != nil || d.writable == nil || !d.writable(e.Path) {
			return m, false
		}
		if done, err := d.done(e); err != nil {
			return m, false
		} else if done {
			continue
		}
		cur, err := d.digestNoFollow(e.Path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			if e.Was != absent {
				return m, false
			}
		case err != nil || cur != e.Was:
			return m, false
		}
		if e.Remove {
			continue
		}
		st, err := d.root.Lstat(tempFile(i))
		if err != nil || !st.Mode().IsRegular() || fileID(st) != e.ID {
			return m, false
		}
		if sum, err := d.digestNoFollow(tempFile(i)); err != nil || sum != e.SHA256 {
			return m, false
		}
	}
	return m, true
}

// forget removes a file removed since the scan from the tree.
func (d *Dir) forget(rel string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	parent := path.Dir(rel)
	d.dirs[parent] = slices.DeleteFunc(d.dirs[parent], func(e Entry) bool { return e.name == path.Base(rel) })
}
