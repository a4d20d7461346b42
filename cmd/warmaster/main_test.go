package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/warmaster/warmaster/campaigns"
)

var update = flag.Bool("update", false, "rewrite testdata/demo.golden and the cmp files of failing scripts")

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"warmaster":       func() { os.Exit(run(os.Args, os.Stdout, os.Stderr)) },
		"warmaster-crash": warmasterCrash, // crash_test.go
	})
}

// snapshotsKey holds a script's snapshots: folder (as written in the
// script) → file → SHA-256.
type snapshotsKey struct{}

// TestScripts runs testdata/script/*.txtar. $nl is a newline, $esc the
// escape character, $rlo U+202E (right-to-left override). Besides the
// built-in commands they have:
//
//	example DIR             copy the bundled example campaign into $WORK/DIR
//	exits N PROG [ARG...]   run PROG (e.g. warmaster) and require exit status N;
//	                        its stdout and stderr are kept for cmp/stdout/stderr
//	snapshot DIR            remember every file under DIR and its contents
//	unchanged DIR           fail if any file under DIR was added, removed or
//	                        changed since the snapshot
//	sametree A B            fail unless the folders hold the same files, byte for byte
//	replace FILE OLD NEW    replace the one occurrence of OLD in FILE by NEW
//	                        (fails unless OLD occurs exactly once); \n in
//	                        OLD or NEW stands for a newline
//	cut FILE TEXT           cut FILE short just before the last occurrence of
//	                        TEXT (\n as in replace): a file truncated
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:           "testdata/script",
		UpdateScripts: *update,
		Setup: func(env *testscript.Env) error {
			env.Values[snapshotsKey{}] = map[string]map[string]string{}
			env.Setenv("nl", "\n")      // $nl: a newline inside an argument
			env.Setenv("esc", "\x1b")   // $esc: a control character
			env.Setenv("rlo", "\u202e") // $rlo: right-to-left override
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"example":   cmdExample,
			"exits":     cmdExits,
			"snapshot":  cmdSnapshot,
			"unchanged": cmdUnchanged,
			"sametree":  cmdSametree,
			"replace":   cmdReplace,
			"cut":       cmdCut,
		},
	})
}

func cmdExample(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: example DIR")
	}
	ts.Check(campaigns.CopyTo(campaigns.Example, ts.MkAbs(args[0])))
}

func cmdExits(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: exits N PROG [ARG...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("exits: status %q is not a number", args[0])
	}
	got := 0
	if err := ts.Exec(args[1], args[2:]...); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			ts.Fatalf("exits: %v", err)
		}
		got = ee.ExitCode()
	}
	if got != want {
		ts.Fatalf("%s exited with status %d, want %d", args[1], got, want)
	}
}

// manifest lists every file under dir (slash paths) with its SHA-256.
func manifest(ts *testscript.TestScript, dir string) map[string]string {
	root := ts.MkAbs(dir)
	m := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		sum := sha256.Sum256(data)
		m[filepath.ToSlash(rel)] = hex.EncodeToString(sum[:])
		return nil
	})
	ts.Check(err)
	return m
}

// diffManifests describes how b differs from a, one line a file.
func diffManifests(a, b map[string]string) []string {
	var out []string
	for p, h := range a {
		switch hb, ok := b[p]; {
		case !ok:
			out = append(out, "removed "+p)
		case hb != h:
			out = append(out, "changed "+p)
		}
	}
	for p := range b {
		if _, ok := a[p]; !ok {
			out = append(out, "added "+p)
		}
	}
	slices.Sort(out)
	return out
}

func snapshots(ts *testscript.TestScript) map[string]map[string]string {
	return ts.Value(snapshotsKey{}).(map[string]map[string]string)
}

func cmdSnapshot(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: snapshot DIR")
	}
	snapshots(ts)[args[0]] = manifest(ts, args[0])
}

func cmdUnchanged(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: unchanged DIR")
	}
	before, ok := snapshots(ts)[args[0]]
	if !ok {
		ts.Fatalf("unchanged %s: no snapshot %s first", args[0], args[0])
	}
	if d := diffManifests(before, manifest(ts, args[0])); len(d) > 0 {
		ts.Fatalf("%s changed since the snapshot:\n%s", args[0], strings.Join(d, "\n"))
	}
}

func cmdSametree(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: sametree A B")
	}
	if d := diffManifests(manifest(ts, args[0]), manifest(ts, args[1])); len(d) > 0 {
		ts.Fatalf("%s and %s differ (%s relative to %s):\n%s", args[0], args[1], args[1], args[0], strings.Join(d, "\n"))
	}
}

func cmdReplace(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: replace FILE OLD NEW")
	}
	file := ts.MkAbs(args[0])
	data, err := os.ReadFile(file)
	ts.Check(err)
	old, repl := strings.ReplaceAll(args[1], `\n`, "\n"), strings.ReplaceAll(args[2], `\n`, "\n")
	if n := strings.Count(string(data), old); n != 1 {
		ts.Fatalf("replace: %q occurs %d times in %s, want once", old, n, args[0])
	}
	ts.Check(os.WriteFile(file, []byte(strings.Replace(string(data), old, repl, 1)), 0o644))
}

func cmdCut(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: cut FILE TEXT")
	}
	file := ts.MkAbs(args[0])
	data, err := os.ReadFile(file)
	ts.Check(err)
	i := strings.LastIndex(string(data), strings.ReplaceAll(args[1], `\n`, "\n"))
	if i < 0 {
		ts.Fatalf("cut: %q does not occur in %s", args[1], args[0])
	}
	ts.Check(os.WriteFile(file, data[:i], 0o644))
}

// TestDemoGolden pins the demo's whole output: its summary
// (demo-summary.golden), and with --reports every phase report and the
// README (demo.golden). Rewrite them with `go test -run TestDemoGolden -update`.
func TestDemoGolden(t *testing.T) {
	t.Run("summary", func(t *testing.T) { demoGolden(t, "demo-summary.golden") })
	t.Run("reports", func(t *testing.T) { demoGolden(t, "demo.golden", "--reports") })
}

func demoGolden(t *testing.T, name string, flags ...string) {
	var out, errOut bytes.Buffer
	code := run(append([]string{"warmaster", "demo"}, flags...), &out, &errOut)
	if code != exitOK {
		t.Errorf("demo exited with status %d, want 0", code)
	}
	if errOut.Len() > 0 {
		t.Errorf("demo wrote to stderr:\n%s", errOut.String())
	}
	golden := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -run TestDemoGolden -update to make it)", err)
	}
	if !bytes.Equal(out.Bytes(), want) {
		t.Errorf("demo output differs from %s (rerun with -update if the change is intended):\n%s", golden, firstDiff(string(want), out.String()))
	}
}

// firstDiff shows the first line where got departs from want.
func firstDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < max(len(wl), len(gl)); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return "line " + strconv.Itoa(i+1) + ":\n  want: " + w + "\n  got:  " + g
		}
	}
	return "(same lines; different line endings?)"
}
