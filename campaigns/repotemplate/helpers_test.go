package repotemplate

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// repoRoot is the tool's repository's top folder, holding go.mod.
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("repository root: %v", err)
	}
	return root
}

// script is the path of a script of the tool's repository (a slash path
// from its root). It reads the file first: go test then counts it among the test's
// inputs, and a cached result does not outlive a change to the script,
// which only a child process runs.
func script(t *testing.T, rel string) string {
	t.Helper()
	p := filepath.Join(repoRoot(t), filepath.FromSlash(rel))
	if _, err := os.ReadFile(p); err != nil {
		t.Fatal(err)
	}
	return p
}

// needTools skips the test when a program it runs is not installed.
func needTools(t *testing.T, names ...string) {
	t.Helper()
	for _, name := range names {
		if _, err := exec.LookPath(name); err != nil {
			t.Skipf("%s is not installed", name)
		}
	}
}

// gitEnv is the environment of every git and script the tests run: no user
// or system git configuration (hooks paths, signing, default branch), no
// variables of an enclosing git hook, and no prompt.
func gitEnv(t *testing.T) []string {
	t.Helper()
	empty := filepath.Join(t.TempDir(), "gitconfig")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	var env []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(name, "GIT_") || strings.HasPrefix(name, "GITHUB_") || strings.HasPrefix(name, "COMMIT_BACK_") || strings.HasPrefix(name, "WARMASTER") {
			continue
		}
		env = append(env, kv)
	}
	return append(env,
		"GIT_CONFIG_GLOBAL="+empty,
		"GIT_CONFIG_NOSYSTEM=1",
		"GIT_TERMINAL_PROMPT=0",
	)
}

// result is what a command did.
type result struct {
	out  string // stdout and stderr, interleaved
	code int
}

// run runs a program in dir and returns its output and exit status; only a
// failure to start it fails the test.
func run(t *testing.T, env []string, dir, name string, args ...string) result {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = env
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	err := cmd.Run()
	if err != nil {
		if _, ok := err.(*exec.ExitError); !ok {
			t.Fatalf("%s %s: %v", name, strings.Join(args, " "), err)
		}
	}
	return result{out.String(), cmd.ProcessState.ExitCode()}
}

// git runs git in dir as a test user and fails the test if git fails.
func git(t *testing.T, env []string, dir string, args ...string) string {
	t.Helper()
	args = append([]string{"-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "init.defaultBranch=main"}, args...)
	r := run(t, env, dir, "git", args...)
	if r.code != 0 {
		t.Fatalf("git %s in %s: exit %d\n%s", strings.Join(args[6:], " "), dir, r.code, r.out)
	}
	return strings.TrimSpace(r.out)
}

// writeFile writes a file, making its folders.
func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// copyDir copies a folder tree.
func copyDir(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(from, path)
		if err != nil {
			return err
		}
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// writeTemplate writes the campaign repository init-repo writes, with opt,
// into dir, and returns its files.
func writeTemplate(t *testing.T, dir string, opt Options) []File {
	t.Helper()
	files, _, err := Files(opt)
	if err != nil {
		t.Fatal(err)
	}
	if err := Write(dir, files); err != nil {
		t.Fatal(err)
	}
	return files
}
