package disk

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// folder writes files (slash path → content) into a new folder.
func folder(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for p, s := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// opened is a folder of files (folder) opened in mode, closed when the
// test ends, and its path.
func opened(t *testing.T, files map[string]string, mode Mode) (*Dir, string) {
	t.Helper()
	dir := folder(t, files)
	d, err := Open(dir, mode, writable)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d, dir
}

func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
}

func read(t *testing.T, file string) string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func everyPath(t *testing.T, d *Dir) []string {
	var out []string
	for _, p := range d.Problems() {
		out = append(out, p.Path+": "+p.Message)
	}
	return out
}

func writable(p string) bool { return strings.HasSuffix(p, ".out") || p == "state.toml" }

// A link, a special file or a refused name anywhere in the folder is a
// problem, left out of the tree: never listed, never read.
func TestScan(t *testing.T) {
	outside := folder(t, map[string]string{"secret.toml": "secret"})
	dir := folder(t, map[string]string{"campaign.toml": "c", "phases/01/orders/alice.toml": "a", "other/x.toml": "x"})
	symlink(t, filepath.Join(outside, "secret.toml"), filepath.Join(dir, "phases/01/orders/bob.toml"))
	symlink(t, "../other", filepath.Join(dir, "phases/02"))
	symlink(t, "campaign.toml", filepath.Join(dir, "map.toml"))
	for _, name := range []string{"-rf.toml", "a\nb.toml", "tab\t.toml", "ev\u202eil.toml"} {
		if err := os.WriteFile(filepath.Join(dir, "phases/01/orders", name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pipes := true
	if err := mkfifo(filepath.Join(dir, "phases/01/orders/carol.toml")); errors.Is(err, errors.ErrUnsupported) {
		pipes = false
	} else if err != nil {
		t.Fatal(err)
	}
	d, err := Open(dir, Read, writable)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	want := []string{
		`map.toml: a symbolic link: Warmaster follows no link in a campaign folder (it could lead out of it); put the file or folder itself here`,
		`phases/01/orders: a file named "-rf.toml": its name starts with "-", which a command would take for an option; rename it`,
		`phases/01/orders: a file named "a\nb.toml": its name holds a line break; rename it`,
		`phases/01/orders/bob.toml: a symbolic link: Warmaster follows no link in a campaign folder (it could lead out of it); put the file or folder itself here`,
		`phases/01/orders/carol.toml: a named pipe, not a regular file: Warmaster reads only files and folders`,
		`phases/01/orders: a file named "ev\u202eil.toml": its name holds U+202E, which reorders the text around it; rename it`,
		`phases/01/orders: a file named "tab\t.toml": its name holds the control character U+0009; rename it`,
		`phases/02: a symbolic link: Warmaster follows no link in a campaign folder (it could lead out of it); put the file or folder itself here`,
	}
	got := everyPath(t, d)
	slices.Sort(got)
	slices.Sort(want)
	if !pipes {
		want = slices.DeleteFunc(want, func(s string) bool { return strings.Contains(s, "pipe") })
	}
	if !slices.Equal(got, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if got, want := d.Files(), []string{"campaign.toml", "other/x.toml", "phases/01/orders/alice.toml"}; !slices.Equal(got, want) {
		t.Errorf("files: got %q, want %q", got, want)
	}
	for _, p := range []string{"phases/01/orders/bob.toml", "phases/02/x.toml", "map.toml", "../" + filepath.Base(outside) + "/secret.toml", "/etc/passwd", "phases/01/../../campaign.toml"} {
		if data, err := d.ReadFile(p); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("ReadFile(%q) = %q, %v; want fs.ErrNotExist", p, data, err)
		}
	}
	if data, err := d.ReadFile("phases/01/orders/alice.toml"); err != nil || string(data) != "a" || cap(data) != len(data) {
		t.Errorf("ReadFile(alice.toml) = %q (cap %d), %v", data, cap(data), err)
	}
}

// A file the scan found and a player swaps before it is read — for a link
// to a secret outside, a named pipe that would block the run, a link in
// the place of its folder — is never read through: the read fails, and
// what the folder held stays readable.
func TestReadSwappedSinceScan(t *testing.T) {
	outside := folder(t, map[string]string{"secret.toml": "secret", "orders/bob.toml": "secret"})
	d, dir := opened(t, map[string]string{"campaign.toml": "c", "phases/01/orders/alice.toml": "a", "phases/01/orders/bob.toml": "b", "phases/01/orders/carol.toml": "c", "phases/01/results/f1.toml": "r"}, Read)
	orders := filepath.Join(dir, "phases/01/orders")
	for _, name := range []string{"bob.toml", "carol.toml"} {
		if err := os.Remove(filepath.Join(orders, name)); err != nil {
			t.Fatal(err)
		}
	}
	symlink(t, filepath.Join(outside, "secret.toml"), filepath.Join(orders, "bob.toml"))
	pipe := mkfifo(filepath.Join(orders, "carol.toml")) == nil
	if err := os.Rename(filepath.Join(dir, "phases/01/results"), filepath.Join(dir, "phases/01/gone")); err != nil {
		t.Fatal(err)
	}
	symlink(t, filepath.Join(outside, "orders"), filepath.Join(dir, "phases/01/results"))
	if err := os.WriteFile(filepath.Join(outside, "orders/f1.toml"), []byte("secret"), 0o644); err != nil {
		t.Fatal(err)
	}
	reads := []string{"phases/01/orders/bob.toml", "phases/01/results/f1.toml"}
	if pipe {
		reads = append(reads, "phases/01/orders/carol.toml")
	}
	for _, p := range reads {
		done := make(chan struct{})
		var data []byte
		var err error
		go func() {
			defer close(done)
			data, err = d.ReadFile(p)
		}()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatalf("ReadFile(%s) blocks", p)
		}
		if strings.Contains(string(data), "secret") {
			t.Errorf("ReadFile(%s) read through the swapped-in entry: %q", p, data)
		}
		if p != "phases/01/results/f1.toml" && err == nil {
			t.Errorf("ReadFile(%s) = %q, nil; want an error", p, data)
		}
	}
	if data, err := d.ReadFile("phases/01/orders/alice.toml"); err != nil || string(data) != "a" {
		t.Errorf("ReadFile(alice.toml) = %q, %v", data, err)
	}
}

// A file in the place of .warmaster/ is a problem; the folder itself is
// Warmaster's and not listed.
func TestScanStateDir(t *testing.T) {
	dir := folder(t, map[string]string{"campaign.toml": "c", ".warmaster/new/0": "x"})
	d, err := Open(dir, Read, writable)
	if err != nil {
		t.Fatal(err)
	}
	if got := d.Files(); !slices.Equal(got, []string{"campaign.toml"}) {
		t.Errorf("files: %q", got)
	}
	d.Close()
	dir = folder(t, map[string]string{"campaign.toml": "c", ".warmaster": "x"})
	d, err = Open(dir, Read, writable)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if got := everyPath(t, d); len(got) != 1 || !strings.HasPrefix(got[0], ".warmaster: a file where Warmaster keeps its own files") {
		t.Errorf("problems: %q", got)
	}
}

// A folder at the top of a git work tree leaves out the repository's own
// entries — .git (a folder or a linked work tree's file), .github/,
// .gitignore, .gitattributes — whatever they hold (a link, a pipe: never
// looked at); a folder holding no .git, a .git of another type and a
// look-alike name leave out nothing but a .git folder or file.
func TestScanRepositoryEntries(t *testing.T) {
	repo := map[string]string{".git/HEAD": "ref: refs/heads/main", ".github/warmaster.toml": "w", ".github/workflows/x.yml": "y",
		".gitignore": "*.swp", ".gitattributes": "* text", "campaign.toml": "c", ".gitx/a.toml": "a", ".githubx": "b", "phases/.git/HEAD": "h"}
	campaign := []string{".githubx", ".gitx/a.toml", "campaign.toml", "phases/.git/HEAD"}
	dir := folder(t, repo)
	symlink(t, "/etc/passwd", filepath.Join(dir, ".git", "link"))
	symlink(t, "/etc/passwd", filepath.Join(dir, ".github", "link"))
	mkfifo(filepath.Join(dir, ".git", "fsmonitor--daemon.ipc")) // where the system has pipes
	d, err := Open(dir, Read, writable)
	if err != nil {
		t.Fatal(err)
	}
	if got := d.Files(); !slices.Equal(got, campaign) {
		t.Errorf("files: %q, want %q", got, campaign)
	}
	if got := everyPath(t, d); len(got) > 0 {
		t.Errorf("problems: %q", got)
	}
	for p, want := range map[string]bool{".github/warmaster.toml": true, ".git": true, ".gitignore": true, ".gitx/a.toml": false, "phases/.git/HEAD": false, "campaign.toml": false} {
		if d.Repository(p) != want {
			t.Errorf("Repository(%s) = %v", p, !want)
		}
	}
	if _, err := d.ReadFile(".github/warmaster.toml"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("ReadFile(.github/warmaster.toml): %v, want not found", err)
	}
	d.Close()

	// A linked work tree: the same.
	if err := os.RemoveAll(filepath.Join(dir, ".git")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".git"), []byte("gitdir: /elsewhere"), 0o644); err != nil {
		t.Fatal(err)
	}
	d, err = Open(dir, Read, writable)
	if err != nil {
		t.Fatal(err)
	}
	if got := d.Files(); !slices.Equal(got, campaign) {
		t.Errorf("linked work tree: files: %q, want %q", got, campaign)
	}
	d.Close()

	// No .git, or a link named .git: .github/ and the dotfiles are the
	// folder's (and the link a problem).
	for _, link := range []bool{false, true} {
		delete(repo, ".git/HEAD")
		dir := folder(t, repo)
		if link {
			symlink(t, t.TempDir(), filepath.Join(dir, ".git"))
		}
		d, err := Open(dir, Read, writable)
		if err != nil {
			t.Fatal(err)
		}
		want := []string{".gitattributes", ".github/warmaster.toml", ".github/workflows/x.yml", ".githubx", ".gitignore", ".gitx/a.toml", "campaign.toml", "phases/.git/HEAD"}
		if got := d.Files(); !slices.Equal(got, want) {
			t.Errorf("link %v: files: %q, want %q", link, got, want)
		}
		if got := everyPath(t, d); link != (len(got) == 1 && strings.HasPrefix(got[0], ".git: a symbolic link")) || !link && len(got) > 0 {
			t.Errorf("link %v: problems: %q", link, got)
		}
		if d.Repository(".github/warmaster.toml") {
			t.Errorf("link %v: .github is the repository's", link)
		}
		d.Close()
	}

	// A folder holding only a .git is not empty to make a campaign in.
	dir = folder(t, map[string]string{".git/HEAD": "h"})
	if d, err := Create(dir); err == nil {
		d.Close()
		t.Errorf("Create in a folder holding .git went ahead")
	}
}

func commit(t *testing.T, dir string, changes ...Change) error {
	t.Helper()
	d, err := Open(dir, Write, writable)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	return d.Commit(changes)
}

// A commit writes every file, replacing and removing, and leaves nothing
// of its own behind.
func TestCommit(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		dir := folder(t, map[string]string{"state.toml": "old", "gone.out": "x"})
		err := commit(t, dir, Change{Path: "state.toml", Data: []byte("new")}, Change{Path: "phases/01/battles/a.out", Data: []byte("a")}, Change{Path: "gone.out", Remove: true})
		if err != nil {
			t.Fatal(err)
		}
		if got := read(t, filepath.Join(dir, "state.toml")); got != "new" {
			t.Errorf("state.toml = %q", got)
		}
		if got := read(t, filepath.Join(dir, "phases/01/battles/a.out")); got != "a" {
			t.Errorf("a.out = %q", got)
		}
		for _, p := range []string{"gone.out", StateDir} {
			if _, err := os.Lstat(filepath.Join(dir, p)); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("%s is left: %v", p, err)
			}
		}
	})
	for _, c := range []struct{ name, path string }{
		{"ErrNotWritable", "campaign.toml"}, {"ErrUp", "../x.out"}, {"ErrAbsolute", "/tmp/x.out"},
		{"ErrOwn", ".warmaster/commit"}, {"ErrName", "-x.out"}, {"ErrFolder", "dir.out"}, {"ErrUnderFile", "state.toml/x.out"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := folder(t, map[string]string{"state.toml": "old", "dir.out/x": "x"})
			err := commit(t, dir, Change{Path: "state.toml", Data: []byte("new")}, Change{Path: c.path, Data: []byte("x")})
			if err == nil {
				t.Fatalf("commit of %s went through", c.path)
			}
			if got := read(t, filepath.Join(dir, "state.toml")); got != "old" {
				t.Errorf("state.toml = %q: something was written", got)
			}
			if _, err := os.Lstat(filepath.Join(dir, StateDir)); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf(".warmaster/ was made")
			}
		})
	}
}

// errKilled stands for the end of a process at a point of a commit.
type errKilled struct{ at string }

// TestCommitKilled stops a commit at each of its points (as a kill would:
// nothing after it runs) and opens the folder again, to read and to
// write: it is then either as it was, with nothing in the way, or as the
// whole commit leaves it.
func TestCommitKilled(t *testing.T) {
	files := map[string]string{"state.toml": "old state", "gone.out": "x", "phases/01/report.out": "old report"}
	changes := []Change{
		{Path: "state.toml", Data: []byte("new state")},
		{Path: "phases/01/report.out", Data: []byte("new report")},
		{Path: "phases/02/battles/a.out", Data: []byte("sheet")},
		{Path: "gone.out", Remove: true},
	}
	after := map[string]string{"state.toml": "new state", "phases/01/report.out": "new report", "phases/02/battles/a.out": "sheet"}
	var points []string
	TestHook = func(point string, i int) { points = append(points, fmt.Sprintf("%s %d", point, i)) }
	defer func() { TestHook = nil }()
	if err := commit(t, folder(t, files), changes...); err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(points, "committed 0") || !slices.Contains(points, fmt.Sprintf("rename %d", len(changes)-1)) {
		t.Fatalf("points: %q", points)
	}
	for k, at := range points {
		for _, mode := range []Mode{Read, Write} {
			t.Run(fmt.Sprintf("%s/%d", strings.ReplaceAll(at, " ", "-"), mode), func(t *testing.T) {
				dir := folder(t, files)
				d, err := Open(dir, Write, writable)
				if err != nil {
					t.Fatal(err)
				}
				TestHook = func(point string, i int) {
					if fmt.Sprintf("%s %d", point, i) == at {
						panic(errKilled{at})
					}
				}
				func() {
					defer func() {
						if _, ok := recover().(errKilled); !ok {
							t.Fatalf("the commit went past %s", at)
						}
					}()
					d.Commit(changes)
				}()
				TestHook = nil
				d.Close() // the OS releases the lock of a killed process
				d, err = Open(dir, mode, writable)
				if err != nil {
					t.Fatal(err)
				}
				defer d.Close()
				want := files
				if k >= slices.Index(points, "committed 0") {
					want = after
				}
				if got := contents(t, dir, mode); !maps.Equal(got, want) {
					t.Errorf("after a kill at %s: %q, want %q", at, got, want)
				}
			})
		}
	}
}

// contents is every file of dir; Read leaves what a killed run left before
// its commit point in .warmaster/, and it is then left out.
func contents(t *testing.T, dir string, mode Mode) map[string]string {
	out := map[string]string{}
	filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		if mode == Read && strings.HasPrefix(rel, StateDir+"/") {
			return nil
		}
		out[rel] = read(t, p)
		return nil
	})
	return out
}

// An interrupted commit of this folder is completed; a manifest and files
// that did not come from a commit here — committed to git by a player, or
// copied from another folder — are discarded, whatever their digests say.
func TestRollForwardOnlyOwnCommits(t *testing.T) {
	own := func(t *testing.T) string {
		dir := folder(t, map[string]string{"state.toml": "old state", "campaign.toml": "c"})
		d, err := Open(dir, Write, writable)
		if err != nil {
			t.Fatal(err)
		}
		TestHook = func(point string, i int) {
			if point == "committed" {
				panic(errKilled{point})
			}
		}
		func() {
			defer func() { recover() }()
			d.Commit([]Change{{Path: "state.toml", Data: []byte("new state")}})
		}()
		TestHook = nil
		d.Close()
		return dir
	}
	// forged writes a manifest as a player would commit it: valid
	// digests, and files made by git, not by a commit.
	forged := func(t *testing.T, target, content string) string {
		dir := folder(t, map[string]string{"state.toml": "old state", "campaign.toml": "c", ".warmaster/new/0": content})
		m := manifest{Version: 1, Files: []entry{{Path: target, SHA256: digest([]byte(content)), Was: digest([]byte("old state"))}}}
		if target == "campaign.toml" {
			m.Files[0].Was = digest([]byte("c"))
		}
		if st, err := os.Lstat(filepath.Join(dir, ".warmaster/new/0")); err == nil {
			m.Files[0].ID = fileID(st) + "0" // a guess: the inode of a file not made yet
		}
		data, _ := json.Marshal(m)
		if err := os.WriteFile(filepath.Join(dir, manifestFile), data, 0o644); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	for _, c := range []struct {
		name  string
		dir   func(t *testing.T) string
		state string
	}{
		{"OK", own, "new state"},
		{"OKCopied", func(t *testing.T) string {
			dst := filepath.Join(t.TempDir(), "copy")
			if err := os.CopyFS(dst, os.DirFS(own(t))); err != nil {
				t.Fatal(err)
			}
			return dst
		}, "old state"},
		{"ErrForged", func(t *testing.T) string { return forged(t, "state.toml", "forged state") }, "old state"},
		{"ErrNotWritable", func(t *testing.T) string { return forged(t, "campaign.toml", "forged campaign") }, "old state"},
		{"ErrUp", func(t *testing.T) string { return forged(t, "../state.toml", "forged") }, "old state"},
		{"ErrChangedSince", func(t *testing.T) string {
			dir := own(t)
			if err := os.WriteFile(filepath.Join(dir, "state.toml"), []byte("restored from git"), 0o644); err != nil {
				t.Fatal(err)
			}
			return dir
		}, "restored from git"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := c.dir(t)
			d, err := Open(dir, Write, writable)
			if err != nil {
				t.Fatal(err)
			}
			d.Close()
			if got := read(t, filepath.Join(dir, "state.toml")); got != c.state {
				t.Errorf("state.toml = %q, want %q", got, c.state)
			}
			if got := read(t, filepath.Join(dir, "campaign.toml")); got != "c" {
				t.Errorf("campaign.toml = %q", got)
			}
			if _, err := os.Lstat(filepath.Join(dir, StateDir)); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf(".warmaster/ is left")
			}
		})
	}
}

// Links put where a commit writes its new files are removed, not
// followed: nothing outside the folder, nor in it, is written through them.
func TestCommitTempLinks(t *testing.T) {
	outside := folder(t, map[string]string{"victim": "untouched"})
	dir := folder(t, map[string]string{"state.toml": "old", "campaign.toml": "c"})
	if err := os.MkdirAll(filepath.Join(dir, newDir), 0o755); err != nil {
		t.Fatal(err)
	}
	symlink(t, filepath.Join(outside, "victim"), filepath.Join(dir, newDir, "0"))
	symlink(t, "../../campaign.toml", filepath.Join(dir, newDir, "1"))
	symlink(t, filepath.Join(outside, "victim"), filepath.Join(dir, manifestNew))
	if err := commit(t, dir, Change{Path: "state.toml", Data: []byte("new")}, Change{Path: "b.out", Data: []byte("b")}); err != nil {
		t.Fatal(err)
	}
	for file, want := range map[string]string{filepath.Join(outside, "victim"): "untouched", filepath.Join(dir, "campaign.toml"): "c", filepath.Join(dir, "state.toml"): "new", filepath.Join(dir, "b.out"): "b"} {
		if got := read(t, file); got != want {
			t.Errorf("%s = %q, want %q", file, got, want)
		}
	}
	// .warmaster itself a link out of the folder.
	dir = folder(t, map[string]string{"state.toml": "old"})
	symlink(t, outside, filepath.Join(dir, StateDir))
	if err := commit(t, dir, Change{Path: "state.toml", Data: []byte("new")}); err == nil {
		t.Error("a commit through .warmaster -> outside went through")
	}
	if got, err := os.ReadDir(outside); err != nil || len(got) != 1 {
		t.Errorf("outside: %v %v", got, err)
	}
}

// TestCommitFolderSwapped: a folder a commit writes into, swapped for a
// link out of the campaign folder after the scan, is not followed: the
// commit fails and nothing is written outside (the folders a commit
// renames into are opened through the Root, once each).
func TestCommitFolderSwapped(t *testing.T) {
	for _, relative := range []bool{false, true} {
		t.Run(fmt.Sprint("Relative=", relative), func(t *testing.T) {
			outside := folder(t, map[string]string{"victim": "untouched"})
			d, dir := opened(t, map[string]string{"state.toml": "old", "phases/01/battles/a.out": "a"}, Write)
			battles := filepath.Join(dir, "phases/01/battles")
			if err := os.RemoveAll(battles); err != nil {
				t.Fatal(err)
			}
			link := outside
			if relative {
				var err error
				if link, err = filepath.Rel(filepath.Dir(battles), outside); err != nil {
					t.Fatal(err)
				}
			}
			symlink(t, link, battles)
			if err := d.Commit([]Change{{Path: "phases/01/battles/b.out", Data: []byte("b")}, {Path: "phases/01/battles/victim.out", Data: []byte("x")}}); err == nil {
				t.Error("a commit through a folder swapped for a link out went through")
			}
			es, err := os.ReadDir(outside)
			if err != nil || len(es) != 1 || read(t, filepath.Join(outside, "victim")) != "untouched" {
				t.Errorf("outside: %v %v", es, err)
			}
		})
	}
}

// TestFoldersStayInRoot: the folders a commit creates its files in and
// renames them into are resolved in the campaign folder's Root: one that
// is a link out of it is refused, whether named for a new file or as
// either side of a rename.
func TestFoldersStayInRoot(t *testing.T) {
	outside := folder(t, map[string]string{"victim": "untouched"})
	dir := folder(t, map[string]string{"in/a": "a"})
	symlink(t, outside, filepath.Join(dir, "out"))
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	fo := newFolders(root)
	defer fo.close()
	if _, err := fo.create("out/new", &Change{Data: []byte("x")}, nil); err == nil {
		t.Error("a file was created through a link out")
	}
	if err := fo.rename("in/a", "out/a"); err == nil {
		t.Error("a file was renamed through a link out")
	}
	if err := fo.rename("out/victim", "in/victim"); err == nil {
		t.Error("a file outside was renamed in")
	}
	if _, err := fo.create("in/b", &Change{Data: []byte("b")}, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := fo.create("in/b", &Change{Data: []byte("c")}, nil); err == nil {
		t.Error("a file was created over one that exists")
	}
	if err := fo.rename("in/b", "c"); err != nil {
		t.Fatal(err)
	}
	if got := read(t, filepath.Join(dir, "c")); got != "b" {
		t.Errorf("c = %q, want b", got)
	}
	if es, err := os.ReadDir(outside); err != nil || len(es) != 1 || read(t, filepath.Join(outside, "victim")) != "untouched" {
		t.Errorf("outside: %v %v", es, err)
	}
}

// One writer at a time: a second is refused at once; a reader waits for
// the writer.
func TestLock(t *testing.T) {
	dir := folder(t, map[string]string{"state.toml": "s"})
	w, err := Open(dir, Write, writable)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Open(dir, Write, writable); !errors.Is(err, ErrBusy) {
		t.Errorf("a second writer: %v, want ErrBusy", err)
	}
	defer func(d time.Duration) { lockWait = d }(lockWait)
	lockWait = 50 * time.Millisecond
	if _, err := Open(dir, Read, writable); !errors.Is(err, ErrBusy) {
		t.Errorf("a reader while a writer holds the lock: %v, want ErrBusy after waiting", err)
	}
	lockWait = time.Minute
	done := make(chan error)
	go func() {
		r, err := Open(dir, Read, writable)
		if err == nil {
			r.Close()
		}
		done <- err
	}()
	select {
	case err := <-done:
		t.Fatalf("the reader did not wait: %v", err)
	case <-time.After(100 * time.Millisecond):
	}
	w.Close()
	if err := <-done; err != nil {
		t.Errorf("the reader after the writer: %v", err)
	}
	r1, err := Open(dir, Read, writable)
	if err != nil {
		t.Fatal(err)
	}
	defer r1.Close()
	r2, err := Open(dir, Read, writable)
	if err != nil {
		t.Fatalf("two readers: %v", err)
	}
	r2.Close()
}

// sparse makes a file of size zero bytes that takes no room on disk.
func sparse(t *testing.T, file string, size int64) {
	t.Helper()
	if err := os.Truncate(file, size); err != nil {
		t.Fatal(err)
	}
}

// A file is read to MaxFileBytes and no further: a hostile file of
// gigabytes is never read into memory, and what was read comes with
// ErrTooLarge, for the caller to refuse.
func TestReadFileCap(t *testing.T) {
	dir := folder(t, map[string]string{"edge.out": "", "big.out": ""})
	sparse(t, filepath.Join(dir, "edge.out"), MaxFileBytes)
	sparse(t, filepath.Join(dir, "big.out"), 4<<30)
	d, err := Open(dir, Read, writable)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	t.Run("OK", func(t *testing.T) {
		data, err := d.ReadFile("edge.out")
		if err != nil {
			t.Fatal(err)
		}
		if got, want := len(data), MaxFileBytes; got != want {
			t.Errorf("read %d bytes, want %d", got, want)
		}
	})
	t.Run("OKLimit", func(t *testing.T) {
		data, err := d.ReadFileLimit("edge.out", MaxFileBytes)
		if got, want := len(data), MaxFileBytes; err != nil || got != want {
			t.Errorf("read %d bytes, %v; want %d", got, err, want)
		}
	})
	t.Run("ErrTooLargeLimit", func(t *testing.T) {
		data, err := d.ReadFileLimit("edge.out", 64<<10)
		if got, want := len(data), 64<<10+1; !errors.Is(err, ErrTooLarge) || got != want {
			t.Errorf("read %d bytes, %v; want %d bytes, ErrTooLarge", got, err, want)
		}
		if got, want := fmt.Sprint(err), "read edge.out: it is longer than 65536 bytes, the most Warmaster reads of such a file"; got != want {
			t.Errorf("err = %q, want %q", got, want)
		}
	})
	t.Run("ErrTooLarge", func(t *testing.T) {
		data, err := d.ReadFile("big.out")
		if !errors.Is(err, ErrTooLarge) {
			t.Errorf("err = %v, want ErrTooLarge", err)
		}
		if got, want := len(data), MaxFileBytes+1; got != want {
			t.Errorf("read %d bytes, want %d", got, want)
		}
		data, err = ReadPath(filepath.Join(dir, "big.out"), MaxFileBytes)
		if got, want := len(data), MaxFileBytes+1; !errors.Is(err, ErrTooLarge) || got != want {
			t.Errorf("ReadPath: %d bytes, %v; want %d bytes, ErrTooLarge", got, err, want)
		}
	})
}

// A commit replaces a file longer than ReadFile reads (a big phase's
// report), and is completed after a kill: it digests the files it
// replaces a piece at a time, never needing them whole.
func TestCommitLargeFile(t *testing.T) {
	for _, kill := range []string{"", "committed 0", "rename 0"} {
		t.Run("OK"+strings.ReplaceAll(kill, " ", "-"), func(t *testing.T) {
			dir := folder(t, map[string]string{"report.out": "", "state.toml": "old"})
			sparse(t, filepath.Join(dir, "report.out"), MaxFileBytes+10)
			commitKilledAt(t, dir, kill, []Change{{Path: "report.out", Data: []byte("new report")}, {Path: "state.toml", Data: []byte("new")}})
			if got := read(t, filepath.Join(dir, "report.out")); got != "new report" {
				t.Errorf("report.out = %q", got)
			}
			if got := read(t, filepath.Join(dir, "state.toml")); got != "new" {
				t.Errorf("state.toml = %q", got)
			}
		})
	}
}

// commitKilledAt commits changes in dir, killed at the hook's point kill
// ("point i"; "" for none), then opens the folder again, which completes
// a commit killed past its commit point.
func commitKilledAt(t *testing.T, dir, kill string, changes []Change) {
	t.Helper()
	d, err := Open(dir, Write, writable)
	if err != nil {
		t.Fatal(err)
	}
	TestHook = func(point string, i int) {
		if fmt.Sprintf("%s %d", point, i) == kill {
			panic(errKilled{kill})
		}
	}
	func() {
		defer func() { _ = recover() }()
		if err := d.Commit(changes); err != nil {
			t.Fatal(err)
		}
	}()
	TestHook = nil
	d.Close()
	if d, err = Open(dir, Write, writable); err != nil {
		t.Fatal(err)
	}
	d.Close()
}

// killedAfterCommitPoint leaves in a new folder what a run killed just
// after its commit point leaves: a manifest in .warmaster/, nothing yet
// in place.
func killedAfterCommitPoint(t *testing.T) (dir string) {
	t.Helper()
	dir = folder(t, map[string]string{"state.toml": "old state"})
	d, err := Open(dir, Write, writable)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close() // the OS releases the lock of a killed process
	TestHook = func(point string, i int) {
		if point == "committed" {
			panic(errKilled{point})
		}
	}
	defer func() {
		TestHook = nil
		if _, ok := recover().(errKilled); !ok {
			t.Fatal("the commit went past its commit point")
		}
	}()
	d.Commit([]Change{{Path: "state.toml", Data: []byte("new state")}, {Path: "b.out", Data: []byte("b")}})
	return dir
}

// Readers that open a folder at once, after a kill that left a commit for
// them to complete: one completes it, the others wait for it and go on —
// none is refused as if a writer held the folder (each would take the
// exclusive lock without waiting while the others held the shared one).
func TestReadersRollForward(t *testing.T) {
	const readers, runs = 4, 40
	for run := range runs {
		dir := killedAfterCommitPoint(t)
		start := make(chan struct{})
		errs := make(chan error, readers)
		for range readers {
			go func() {
				<-start
				d, err := Open(dir, Read, writable)
				if err == nil {
					if got, rerr := d.ReadFile("state.toml"); string(got) != "new state" {
						err = fmt.Errorf("state.toml = %q (%v), want the commit's", got, rerr)
					}
					d.Close()
				}
				errs <- err
			}()
		}
		close(start)
		for range readers {
			if err := <-errs; err != nil {
				t.Fatalf("run %d: a reader: %v", run, err)
			}
		}
	}
}

// Create makes a new folder or takes an empty one; a link in its place,
// to nothing or to an empty folder, is refused, never written through.
func TestCreate(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		for _, dir := range []string{filepath.Join(t.TempDir(), "new", "camp"), t.TempDir()} {
			d, err := Create(dir)
			if err != nil {
				t.Fatal(err)
			}
			d.Close()
		}
	})
	t.Run("ErrNotEmpty", func(t *testing.T) {
		dir := folder(t, map[string]string{"x": "x"})
		if _, err := Create(dir); err == nil || !strings.Contains(err.Error(), "is not empty") {
			t.Errorf("Create of a folder with a file: %v", err)
		}
	})
	for _, c := range []struct{ name, target string }{{"ErrDanglingLink", "nothing"}, {"ErrLinkToEmptyFolder", "empty"}} {
		t.Run(c.name, func(t *testing.T) {
			base := t.TempDir()
			if err := os.Mkdir(filepath.Join(base, "empty"), 0o755); err != nil {
				t.Fatal(err)
			}
			link := filepath.Join(base, "link")
			symlink(t, filepath.Join(base, c.target), link)
			for _, dir := range []string{link, link + string(filepath.Separator)} {
				_, err := Create(dir)
				if got, want := fmt.Sprint(err), dir+" is a symbolic link: give a new or empty folder"; !strings.HasPrefix(got, want) {
					t.Errorf("Create(%s) = %s, want %s…", dir, got, want)
				}
			}
			if _, err := os.Lstat(filepath.Join(base, "nothing")); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("the link's target was made: %v", err)
			}
		})
	}
}

// The descriptors a scan keeps of each folder (to read its files by) are
// all closed with the folder: a simulated campaign opens thousands.
func TestNoDescriptorLeftOpen(t *testing.T) {
	fds := func() int {
		es, err := os.ReadDir("/proc/self/fd")
		if err != nil {
			t.Skip("no /proc/self/fd")
		}
		return len(es)
	}
	dir := folder(t, map[string]string{"campaign.toml": "c", "phases/01/orders/alice.toml": "a", "phases/01/results/f1.toml": "r", "phases/02/orders/bob.toml": "b"})
	before := fds()
	for range 50 {
		d, err := Open(dir, Read, writable)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := d.ReadFile("phases/01/orders/alice.toml"); err != nil {
			t.Fatal(err)
		}
		d.Unlock()
		if _, err := d.ReadFile("phases/02/orders/bob.toml"); err != nil {
			t.Fatal(err)
		}
		d.Close()
	}
	for range 20 { // kept open past the lock (Release) until Close
		d, err := Open(dir, Read, writable)
		if err != nil {
			t.Fatal(err)
		}
		d.Release()
		if _, err := d.ReadFile("phases/02/orders/bob.toml"); err != nil {
			t.Fatal(err)
		}
		d.Close()
	}
	scratch := t.TempDir()
	for i := range 20 { // a Scratch folder's folders, opened as written to and read
		d, err := Open(scratch, Scratch, writable)
		if err != nil {
			t.Fatal(err)
		}
		p := fmt.Sprintf("phases/0%d/orders/f%d.toml", i%3+1, i)
		if err := d.WriteFile(p, []byte("x")); err != nil {
			t.Fatal(err)
		}
		if _, err := d.ReadFile(p); err != nil {
			t.Fatal(err)
		}
		d.Close()
	}
	for i := range 20 { // and commits: the folders written into are opened once, and closed
		d, err := Open(dir, Write, writable)
		if err != nil {
			t.Fatal(err)
		}
		if err := d.Commit([]Change{{Path: "state.toml", Data: []byte{byte(i)}}, {Path: fmt.Sprintf("phases/0%d/battles/f%d.out", i%3+1, i), Data: []byte("x")}}); err != nil {
			t.Fatal(err)
		}
		d.Close()
	}
	if after := fds(); after > before+2 {
		t.Errorf("%d descriptors open after 50 folders opened and closed and 20 commits, %d before", after, before)
	}
}

// A change written in parts (after its Data) is the parts put together:
// each part through the commit's buffer, parts longer than it and empty
// ones too; and its manifest digest is of those bytes, so a commit killed
// past its commit point is completed with them by the next Open.
func TestCommitParts(t *testing.T) {
	parts := []string{"", "a", strings.Repeat("b", partBuffer+3), "", strings.Repeat("c", 2*partBuffer), "d"}
	want := "head:" + strings.Join(parts, "")
	for _, kill := range []string{"", "committed 0"} {
		t.Run("OK"+strings.ReplaceAll(kill, " ", "-"), func(t *testing.T) {
			dir := folder(t, map[string]string{"report.out": "old", "state.toml": "old"})
			commitKilledAt(t, dir, kill, []Change{{Path: "report.out", Data: []byte("head:"), Parts: parts}, {Path: "state.toml", Parts: []string{"new"}}})
			if got := read(t, filepath.Join(dir, "report.out")); got != want {
				t.Errorf("report.out is %d bytes, want the %d of its data and parts", len(got), len(want))
			}
			if got := read(t, filepath.Join(dir, "state.toml")); got != "new" {
				t.Errorf("state.toml = %q, want its one part", got)
			}
		})
	}
}

// countingReader reads text in pieces of at most piece bytes, counting
// its reads.
type countingReader struct {
	text  string
	piece int
	reads int
}

func (c *countingReader) Read(p []byte) (int, error) {
	c.reads++
	if c.text == "" {
		return 0, io.EOF
	}
	n := copy(p[:min(len(p), c.piece)], c.text)
	c.text = c.text[n:]
	return n, nil
}

// readAll reads a file of its size in one read, and reads on to the end
// of one that is not (grown or shrunk since it was looked at), or that
// reads short before its size (a signal).
func TestReadAllReadsToTheEnd(t *testing.T) {
	for _, c := range []struct {
		text        string
		size, piece int
		reads       int // at most
	}{
		{"abc", 3, 100, 1}, {"", 0, 100, 1}, {"abc", 3, 1, 3}, {"abcdef", 3, 100, 3}, {"ab", 3, 100, 2}, {"ab", 3, 1, 3},
		{strings.Repeat("x", 9000), 9000, 100000, 1},
	} {
		r := &countingReader{text: c.text, piece: c.piece}
		data, err := readAll(r, "f", int64(c.size), 1<<20)
		if err != nil || string(data) != c.text {
			t.Errorf("%d bytes of size %d in pieces of %d: read %d bytes, %v", len(c.text), c.size, c.piece, len(data), err)
		}
		if r.reads > c.reads {
			t.Errorf("%d bytes of size %d in pieces of %d: %d reads, want at most %d", len(c.text), c.size, c.piece, r.reads, c.reads)
		}
	}
	if data, err := readAll(&countingReader{text: "abcdef", piece: 100}, "f", 6, 5); !errors.Is(err, ErrTooLarge) || len(data) != 6 {
		t.Errorf("6 bytes past a limit of 5: %d bytes, %v; want 6 and ErrTooLarge", len(data), err)
	}
}

// A Scratch folder's files are written and read by their folders'
// descriptors (a replay's tens of thousands of inputs), which stay in the
// folder: a folder swapped for a link out of it is neither written nor
// read through, nor is a file swapped for a link; and Close closes them.
func TestScratchStaysInRoot(t *testing.T) {
	outside := folder(t, map[string]string{"secret.toml": "secret", "orders/bob.toml": "secret"})
	d, dir := opened(t, map[string]string{"campaign.toml": "c"}, Scratch)
	for _, data := range []string{"a", "A"} { // made, then written over
		if err := d.WriteFile("phases/01/orders/alice.toml", []byte(data)); err != nil {
			t.Fatal(err)
		}
		if got, err := d.ReadFile("phases/01/orders/alice.toml"); err != nil || string(got) != data {
			t.Errorf("ReadFile(alice.toml) = %q, %v; want %q", got, err, data)
		}
	}
	// A folder swapped for a link out before it is first written to.
	if err := os.MkdirAll(filepath.Join(dir, "phases/02"), 0o755); err != nil {
		t.Fatal(err)
	}
	symlink(t, filepath.Join(outside, "orders"), filepath.Join(dir, "phases/02/orders"))
	if err := d.WriteFile("phases/02/orders/bob.toml", []byte("mine")); err == nil {
		t.Error("WriteFile through a folder linked out of the folder: no error")
	}
	// A file swapped for a link out.
	symlink(t, filepath.Join(outside, "secret.toml"), filepath.Join(dir, "phases/01/orders/carol.toml"))
	if err := d.WriteFile("phases/01/orders/carol.toml", []byte("mine")); err == nil {
		t.Error("WriteFile through a file linked out of the folder: no error")
	}
	// A folder written to, then swapped for a link out: its descriptor
	// stays with the folder it opened.
	if err := d.WriteFile("phases/03/results/f1.toml", []byte("r")); err != nil {
		t.Fatal(err)
	}
	results := filepath.Join(dir, "phases/03/results")
	if err := os.Rename(results, filepath.Join(dir, "phases/03/gone")); err != nil {
		t.Fatal(err)
	}
	symlink(t, filepath.Join(outside, "orders"), results)
	if got, err := d.ReadFile("phases/03/results/f1.toml"); strings.Contains(string(got), "secret") {
		t.Errorf("ReadFile(f1.toml) read through the swapped-in link: %q, %v", got, err)
	}
	if err := d.WriteFile("phases/03/results/bob.toml", []byte("mine")); err != nil {
		t.Fatal(err)
	}
	// A folder a commit made, swapped for a link out before its first read.
	if err := d.Commit([]Change{{Path: "phases/04/battles/f1.out", Data: []byte("sheet")}}); err != nil {
		t.Fatal(err)
	}
	battles := filepath.Join(dir, "phases/04/battles")
	if err := os.Rename(battles, filepath.Join(dir, "phases/04/gone")); err != nil {
		t.Fatal(err)
	}
	symlink(t, outside, battles)
	if err := os.WriteFile(filepath.Join(outside, "f1.out"), []byte("secret"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, err := d.ReadFile("phases/04/battles/f1.out"); strings.Contains(string(got), "secret") {
		t.Errorf("ReadFile(f1.out) read through the swapped-in link: %q, %v", got, err)
	}
	for _, f := range []string{"secret.toml", "orders/bob.toml"} {
		if got := read(t, filepath.Join(outside, f)); got != "secret" {
			t.Errorf("%s outside the folder is now %q", f, got)
		}
	}
}

// IsFile answers from the folders' entries (no map of every file's path
// is kept): a clean path to a file of the scan, or one written or removed
// since; never a folder, a path in another spelling, or one outside.
func TestIsFile(t *testing.T) {
	d, _ := opened(t, map[string]string{"campaign.toml": "", "phases/01/results/b1.toml": "", "gone.out": ""}, Scratch)
	if err := d.WriteFile("phases/02/orders/alice.toml", []byte("x")); err != nil {
		t.Fatal(err)
	}
	if err := d.Commit([]Change{{Path: "gone.out", Remove: true}}); err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string]bool{
		"campaign.toml": true, "phases/01/results/b1.toml": true, "phases/02/orders/alice.toml": true,
		"gone.out": false, "phases": false, "phases/01": false, "phases/01/results/": false, "phases/02/orders": false,
		"": false, ".": false, "./campaign.toml": false, "/campaign.toml": false, "phases//01/results/b1.toml": false,
		"phases/01/../../campaign.toml": false, "phases/01/results/../results/b1.toml": false, "missing.toml": false, "phases/01/results/b2.toml": false,
	} {
		if got := d.IsFile(p); got != want {
			t.Errorf("IsFile(%q) = %v, want %v", p, got, want)
		}
	}
	if got, want := d.Files(), []string{"campaign.toml", "phases/01/results/b1.toml", "phases/02/orders/alice.toml"}; !slices.Equal(got, want) {
		t.Errorf("Files() = %q, want %q", got, want)
	}
}

// TestCommitRecordsAnyOrder: a commit's files are in the tree after it
// whatever their order in the commit (it records them in path order).
func TestCommitRecordsAnyOrder(t *testing.T) {
	d, _ := opened(t, map[string]string{"campaign.toml": "", "phases/01/battles/f5.out": "", "old.out": ""}, Write)
	var changes []Change
	for _, p := range []string{"phases/01/battles/f10.out", "phases/01/battles/f2.out", "z.out", "phases/01/battles/f1.out", "phases/01/report.out", "a/b.out"} {
		changes = append(changes, Change{Path: p, Data: []byte(p)})
	}
	changes = append(changes, Change{Path: "old.out", Remove: true})
	if err := d.Commit(changes); err != nil {
		t.Fatal(err)
	}
	want := []string{"a/b.out", "campaign.toml", "phases/01/battles/f1.out", "phases/01/battles/f10.out", "phases/01/battles/f2.out", "phases/01/battles/f5.out", "phases/01/report.out", "z.out"}
	if got := d.Files(); !slices.Equal(got, want) {
		t.Errorf("Files() = %q, want %q", got, want)
	}
	for _, p := range want {
		if !d.IsFile(p) {
			t.Errorf("IsFile(%q) = false after the commit", p)
		}
	}
	if d.IsFile("old.out") {
		t.Error("IsFile(old.out) = true after the commit removed it")
	}
}
