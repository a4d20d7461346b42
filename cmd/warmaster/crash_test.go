package main

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/disk"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/simulate"
)

var crashAll = flag.Bool("crash", false, "TestCrash: a bigger simulated campaign, killed at every point of its commit and at 100 moments (slow)")

// crashNow is after every deadline of a simulated campaign.
const crashNow = "2031-01-01T00:00:00Z"

// warmasterCrash is the warmaster command (testscript puts it on $PATH as
// warmaster-crash) with disk.TestHook set from the environment:
//
//	WARMASTER_CRASH_AT="rename 3"   the process kills itself (as SIGKILL
//	                                would: no deferred function runs) at
//	                                that point of its commit
//	WARMASTER_STALL_AT="write 0"    at that point, it creates the file
//	WARMASTER_STALL_FILE and waits until it is removed
func warmasterCrash() {
	crash, stall, file := os.Getenv("WARMASTER_CRASH_AT"), os.Getenv("WARMASTER_STALL_AT"), os.Getenv("WARMASTER_STALL_FILE")
	disk.TestHook = func(point string, i int) {
		at := fmt.Sprintf("%s %d", point, i)
		if at == crash {
			p, _ := os.FindProcess(os.Getpid())
			p.Kill()
			select {} // until the signal lands
		}
		if at == stall {
			os.WriteFile(file, nil, 0o644)
			for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
				if _, err := os.Stat(file); err != nil {
					return
				}
			}
		}
	}
	os.Exit(run(os.Args, os.Stdout, os.Stderr))
}

// crashCampaign is a simulated campaign played to its end, with what
// Warmaster wrote removed: one advance then plays it whole.
func crashCampaign(t *testing.T, p simulate.Params) string {
	t.Helper()
	dir := filepath.Join(tempDir(t), "sim")
	if err := simulate.Run(dir, p, nil, nil); err != nil {
		t.Fatal(err)
	}
	f, err := folder.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range f.Files() {
		if file == processor.StateFile || file == processor.JournalFile || file == processor.ReadmeFile ||
			strings.HasSuffix(file, "/report.md") || strings.Contains(file, "/battles/") {
			if err := os.Remove(filepath.Join(dir, filepath.FromSlash(file))); err != nil {
				t.Fatal(err)
			}
		}
	}
	return dir
}

// tempDir is a new folder in memory (/dev/shm) where the machine has one:
// a kill loses nothing the OS holds, so what these tests check does not
// depend on the disk, and a disk shared with other work makes each flush
// cost tens of milliseconds.
func tempDir(t *testing.T) string {
	t.Helper()
	if st, err := os.Stat("/dev/shm"); err != nil || !st.IsDir() {
		return t.TempDir()
	}
	dir, err := os.MkdirTemp("/dev/shm", "warmaster-test-")
	if err != nil {
		return t.TempDir()
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

// tree is every file under dir, hidden ones too, with its SHA-256.
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		sum := sha256.Sum256(data)
		out[filepath.ToSlash(rel)] = hex.EncodeToString(sum[:])
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func sameTree(t *testing.T, what string, got, want map[string]string) {
	t.Helper()
	if d := diffManifests(want, got); len(d) > 0 {
		t.Fatalf("%s differs from an uninterrupted run:\n%s", what, strings.Join(d, "\n"))
	}
}

func copyDir(t *testing.T, src string) string {
	t.Helper()
	dst := filepath.Join(tempDir(t), "c")
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	return dst
}

// warmaster runs the command (warmaster or warmaster-crash) as a process.
func warmaster(env []string, name string, args ...string) *exec.Cmd {
	cmd := exec.Command(name, args...)
	cmd.Env = append(os.Environ(), env...)
	return cmd
}

// afterKill is what must hold after any kill: check says ok (what the
// killed run left blocks nothing) and a plain advance ends where an
// uninterrupted run ends, byte for byte, with nothing left over.
func afterKill(t *testing.T, dir string, want map[string]string) {
	t.Helper()
	var out strings.Builder
	if code := run([]string{"warmaster", "check", "--now", crashNow, dir}, &out, &out); code != exitOK {
		t.Fatalf("check after the kill: exit %d\n%s", code, out.String())
	}
	if code := run([]string{"warmaster", "advance", "--now", crashNow, dir}, &out, &out); code != exitOK {
		t.Fatalf("advance after the kill: exit %d\n%s", code, out.String())
	}
	sameTree(t, "the folder after the kill and a re-run", tree(t, dir), want)
}

func killed(err error) bool {
	var ee *exec.ExitError
	return errors.As(err, &ee) && !ee.Exited()
}

// TestCrash kills advance — the built command, with SIGKILL — at every
// point of its commit (the hook) and at 20 moments spread over a whole run
// (the clock) of a simulated campaign, and requires each time that check
// passes on what the kill left and that a plain advance then ends byte
// for byte as an uninterrupted run does. -crash: a bigger campaign, every
// rename, 100 moments.
func TestCrash(t *testing.T) {
	p, moments := simulate.Params{Seed: "crash", Planets: 9, Alliances: 2, Players: 4, Fleets: 6, Phases: 2}, 20
	if *crashAll {
		p, moments = simulate.Params{Seed: "crash", Planets: 40, Alliances: 3, Players: 60, Fleets: 120, Phases: 4}, 100
	}
	src := crashCampaign(t, p)
	before := tree(t, src)
	ref := copyDir(t, src)
	start := time.Now()
	if out, err := warmaster(nil, "warmaster", "advance", "--now", crashNow, ref).CombinedOutput(); err != nil {
		t.Fatalf("advance: %v\n%s", err, out)
	}
	took := time.Since(start)
	want := tree(t, ref)
	written := len(diffManifests(before, want)) // each file written is renamed into place
	t.Logf("a whole run: %v, %d files written", took, written)

	t.Run("hook", func(t *testing.T) {
		points := []string{"write 0", fmt.Sprintf("write %d", written-1), "manifest-written 0", "committed 0", "renamed 0", "done 0"}
		for i := range written {
			if *crashAll || i < 2 || i == written/2 || i == written-1 {
				points = append(points, fmt.Sprintf("rename %d", i))
			}
		}
		for _, at := range points {
			t.Run(strings.ReplaceAll(at, " ", "-"), func(t *testing.T) {
				dir := copyDir(t, src)
				err := warmaster([]string{"WARMASTER_CRASH_AT=" + at}, "warmaster-crash", "advance", "--now", crashNow, dir).Run()
				if !killed(err) {
					t.Fatalf("advance was not killed at %s: %v", at, err)
				}
				afterKill(t, dir, want)
			})
		}
	})

	t.Run("clock", func(t *testing.T) {
		n := 0
		for i := range moments {
			at := took * time.Duration(2*i+1) / time.Duration(2*moments)
			dir := copyDir(t, src)
			cmd := warmaster(nil, "warmaster", "advance", "--now", crashNow, dir)
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			time.Sleep(at)
			cmd.Process.Kill()
			if killed(cmd.Wait()) {
				n++
			}
			afterKill(t, dir, want)
		}
		t.Logf("killed %d of %d runs (the others had ended)", n, moments)
		if n == 0 {
			t.Errorf("no run was killed: a run takes %v here", took)
		}
	})
}

// TestTwoWriters: while one advance holds a campaign folder (stalled in
// the middle of its commit), a second advance refuses at once with a clear
// message and writes nothing, and a check waits for the first to finish;
// then two advances started together end as one does.
func TestTwoWriters(t *testing.T) {
	src := crashCampaign(t, simulate.Params{Seed: "two", Planets: 9, Alliances: 2, Players: 4, Phases: 2})
	ref := copyDir(t, src)
	if out, err := warmaster(nil, "warmaster", "advance", "--now", crashNow, ref).CombinedOutput(); err != nil {
		t.Fatalf("advance: %v\n%s", err, out)
	}
	want := tree(t, ref)

	t.Run("OK", func(t *testing.T) {
		dir := copyDir(t, src)
		stalled := filepath.Join(t.TempDir(), "stalled")
		first := warmaster([]string{"WARMASTER_STALL_AT=write 0", "WARMASTER_STALL_FILE=" + stalled}, "warmaster-crash", "advance", "--now", crashNow, dir)
		if err := first.Start(); err != nil {
			t.Fatal(err)
		}
		defer first.Process.Kill()
		for deadline := time.Now().Add(time.Minute); ; time.Sleep(5 * time.Millisecond) {
			if _, err := os.Stat(stalled); err == nil {
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("the first advance never reached its commit")
			}
		}
		during := tree(t, dir)
		out, err := warmaster(nil, "warmaster", "advance", "--now", crashNow, dir).CombinedOutput()
		if err == nil || !strings.Contains(string(out), "is in use: another warmaster run (advance, seal or draft --write) is writing it; nothing was written") {
			t.Errorf("a second advance: %v\n%s", err, out)
		}
		sameTree(t, "the folder after the refused advance", tree(t, dir), during)

		check := warmaster(nil, "warmaster", "check", "--now", crashNow, dir)
		if err := check.Start(); err != nil {
			t.Fatal(err)
		}
		waited := make(chan error, 1)
		go func() { waited <- check.Wait() }()
		select {
		case err := <-waited:
			t.Fatalf("check did not wait for the advance writing the folder: %v", err)
		case <-time.After(300 * time.Millisecond):
		}
		os.Remove(stalled)
		if err := first.Wait(); err != nil {
			t.Fatalf("the first advance: %v", err)
		}
		if err := <-waited; err != nil {
			t.Errorf("check after the advance: %v", err)
		}
		sameTree(t, "the folder", tree(t, dir), want)
	})

	t.Run("OKTogether", func(t *testing.T) {
		for range 3 {
			dir := copyDir(t, src)
			cmds := []*exec.Cmd{warmaster(nil, "warmaster", "advance", "--now", crashNow, dir), warmaster(nil, "warmaster", "advance", "--now", crashNow, dir)}
			outs := make([]strings.Builder, len(cmds))
			for i, c := range cmds {
				c.Stdout, c.Stderr = &outs[i], &outs[i]
				if err := c.Start(); err != nil {
					t.Fatal(err)
				}
			}
			var ok []int
			for i, c := range cmds {
				err := c.Wait()
				switch {
				case err == nil:
					ok = append(ok, i)
				case !strings.Contains(outs[i].String(), "is in use: another warmaster run"):
					t.Errorf("advance %d: %v\n%s", i, err, outs[i].String())
				}
			}
			if len(ok) == 0 {
				t.Error("neither advance went through")
			}
			if slices.Contains(ok, 0) && slices.Contains(ok, 1) && !strings.Contains(outs[0].String()+outs[1].String(), "nothing to do") {
				t.Error("both advances applied the steps")
			}
			sameTree(t, "the folder", tree(t, dir), want)
		}
	})
}
