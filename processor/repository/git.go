package repository

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// Git reads a git work tree and its history by running git. Paths are
// always literal (GIT_LITERAL_PATHSPECS: a file named ":(glob)*" is that
// file), revisions are resolved to commits with --end-of-options (a
// revision named "--output=x" is no option), and no external diff or text
// conversion runs.
type Git struct {
	Dir string // a folder of the work tree
	// Depth bounds how many commits of one file's history are read
	// (0: maxRestoreCommits).
	Depth int
}

// maxRestoreCommits bounds how far back RestoreCommit looks at one file's
// history.
const maxRestoreCommits = 500

func (g Git) output(args ...string) ([]byte, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = g.Dir
	cmd.Env = append(os.Environ(), "GIT_LITERAL_PATHSPECS=1", "GIT_TERMINAL_PROMPT=0", "GIT_OPTIONAL_LOCKS=0")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return nil, fmt.Errorf("git %s: %s", args[0], msg)
	}
	return out, nil
}

// Top is the top folder of the work tree, and Dir's path inside it as a
// slash path ("" at the top, else ending in "/").
func (g Git) Top() (top, prefix string, err error) {
	out, err := g.output("rev-parse", "--show-toplevel", "--show-prefix")
	if err != nil {
		return "", "", err
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) == 1 {
		lines = append(lines, "") // at the top, git prints an empty prefix line, or none
	}
	return lines[0], lines[1], nil
}

var commitRE = regexp.MustCompile(`^[0-9a-f]{40}([0-9a-f]{24})?$`)

// Commit resolves a revision (HEAD^1, a branch, a commit) to a commit id.
func (g Git) Commit(rev string) (string, error) {
	out, err := g.output("rev-parse", "--verify", "--quiet", "--end-of-options", rev+"^{commit}")
	id := strings.TrimSpace(string(out))
	if err != nil || !commitRE.MatchString(id) {
		return "", fmt.Errorf("%q is not a commit of this repository (a shallow clone may lack it: fetch more history)", rev)
	}
	return id, nil
}

// Changed lists the files that differ between two commits — added,
// changed and deleted ones, a rename as its deletion and its addition —
// as slash paths from the repository's root, sorted.
func (g Git) Changed(base, head string) ([]string, error) {
	out, err := g.output("diff", "--no-renames", "--no-ext-diff", "--no-textconv", "--name-only", "-z", base, head, "--")
	if err != nil {
		return nil, err
	}
	var files []string
	for _, f := range strings.Split(string(out), "\x00") {
		if f != "" {
			files = append(files, f)
		}
	}
	slices.Sort(files)
	return files, nil
}

// blob is the id of a file's blob at a commit; false when it has none.
func (g Git) blob(commit, file string) (string, bool, error) {
	out, err := g.output("ls-tree", "-z", "--full-tree", commit, "--", file)
	if err != nil {
		return "", false, err
	}
	// "<mode> <type> <id>\t<path>\x00"
	entry, _, _ := strings.Cut(string(out), "\x00")
	meta, name, ok := strings.Cut(entry, "\t")
	fields := strings.Fields(meta)
	if !ok || name != file || len(fields) != 3 || fields[1] != "blob" {
		return "", false, nil
	}
	return fields[2], true, nil
}

// Show is a file's content at a commit; false when the commit has no such
// file.
func (g Git) Show(commit, file string) ([]byte, bool, error) {
	id, ok, err := g.blob(commit, file)
	if err != nil || !ok {
		return nil, false, err
	}
	data, err := g.output("cat-file", "blob", id)
	if err != nil {
		return nil, false, err
	}
	return data, true, nil
}

// RestoreCommit is the newest commit reachable from HEAD whose version of
// file (a slash path from the repository's root) has the given SHA-256:
// `git checkout COMMIT -- file` brings that content back. False when the
// history at hand (a shallow clone's) has none.
func (g Git) RestoreCommit(file, digest string) (found string, ok bool) {
	g.versions("HEAD", file, func(commit string, data []byte) bool {
		if sum := sha256.Sum256(data); hex.EncodeToString(sum[:]) == digest {
			found, ok = commit, true
		}
		return ok
	})
	return found, ok
}

// versions calls each with every version file (a slash path from the
// repository's root) had in the history reachable from rev, newest first,
// each text once, and the newest commit that has it, until each returns
// true: every commit that changed it, on every branch merged (git's
// default simplification would skip a side branch whose merge kept the
// other version; --simplify-merges keeps it, and leaves out the merges of
// branches that never touched the file, which --full-history alone lists
// by the hundred in a busy repository). complete is false when it could
// not look at all of that history: a shallow clone's, or Depth commits.
func (g Git) versions(rev, file string, each func(commit string, data []byte) bool) (complete bool) {
	depth := cmp.Or(g.Depth, maxRestoreCommits)
	out, err := g.output("rev-list", "--full-history", "--simplify-merges", fmt.Sprintf("--max-count=%d", depth), "--end-of-options", rev, "--", file)
	if err != nil {
		return false
	}
	commits := strings.Fields(string(out))
	if shallow, err := g.output("rev-parse", "--is-shallow-repository"); err != nil || strings.TrimSpace(string(shallow)) != "false" {
		complete = false
	} else {
		complete = len(commits) < depth
	}
	seen := map[string]bool{}
	for _, commit := range commits {
		id, ok, err := g.blob(commit, file)
		if err != nil || !ok || seen[id] {
			continue
		}
		seen[id] = true
		data, err := g.output("cat-file", "blob", id)
		if err == nil && each(commit, data) {
			return complete
		}
	}
	return complete
}

// restoreAdvice is the advice of a fault about a consumed input that was
// changed or deleted: the commit to restore file (a slash path from the
// repository's root) from, and the command, the path shown as the user
// names it; "" when the history at hand has no such version.
func (g Git) restoreAdvice(file, shown, digest string) string {
	commit, ok := g.RestoreCommit(file, digest)
	if !ok {
		return ""
	}
	return fmt.Sprintf("restore it from commit %.12s: git checkout %s -- %s", commit, commit, shellQuote(shown))
}

// RestoreHint is, for a campaign folder dir (as the user named it) inside
// a git work tree, what processor.InvalidError.RestoreFrom wants: for a
// file of the folder and the SHA-256 it must have again, the advice naming
// the commit that restores it — "restore it from commit 1a2b3c4d5e6f: git
// checkout 1a2b3c4d5e6f… -- campaigns/x/phases/01/orders/bob.toml" — or ""
// when the history at hand has no such version, or dir is not in a work
// tree.
func RestoreHint(dir string) func(file, digest string) string {
	top, prefix, err := Git{Dir: dir}.Top()
	if err != nil {
		return func(string, string) string { return "" }
	}
	g := Git{Dir: top} // paths from the root
	return func(file, digest string) string {
		return g.restoreAdvice(path.Join(prefix, file), path.Join(filepath.ToSlash(dir), file), digest)
	}
}

var plainRE = regexp.MustCompile(`^[A-Za-z0-9._/+@=-]+$`)

// shellQuote quotes a path for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if plainRE.MatchString(s) && !strings.HasPrefix(s, "-") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
