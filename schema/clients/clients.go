// Package clients finds the JSON Schema clients that players' editors use —
// ajv (the validator behind most editors' JSON Schema support, with
// ajv-formats) and Taplo (the TOML language server and linter) — for the
// tests that hold Warmaster's schemas and files to them. When the pinned
// versions are not installed, it installs them with npm into a prefix of
// their own outside the work tree ($WARMASTER_NPM_PREFIX, else
// $XDG_CACHE_HOME/warmaster/npm, else ~/.cache/warmaster/npm: where .ci/run
// installs them too), once, under a lock file, so that test packages run in
// parallel by `go test ./...` do not install over one another.
//
// Without npm and without the tools a test fails with how to install them;
// WARMASTER_SKIP_NPM=1 skips the tests instead.
package clients

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/rogpeppe/go-internal/lockedfile"
)

// Packages are the npm packages installed, each at the version pinned here
// and in .ci/run (which installs exactly this list: TestCIRunInstallsPackages).
// ajv is named for its pin: ajv-cli and ajv-formats take the one installed.
var Packages = []string{
	"@taplo/cli@0.7.0",
	"ajv@8.17.1",
	"ajv-cli@5.0.0",
	"ajv-formats@2.1.1",
}

// SkipEnv is the variable that, set to 1, skips the tests that need npm.
const SkipEnv = "WARMASTER_SKIP_NPM"

// Taplo returns the path of the taplo command (npm's @taplo/cli).
func Taplo(t testing.TB) string {
	t.Helper()
	return bin(t, "taplo")
}

// Ajv returns the path of the ajv command (ajv-cli, which finds ajv-formats
// beside it for `-c ajv-formats`).
func Ajv(t testing.TB) string {
	t.Helper()
	return bin(t, "ajv")
}

// Node returns the path of node and the node_modules folder holding the
// packages, for a script that requires ajv and ajv-formats (NODE_PATH).
func Node(t testing.TB) (node, modules string) {
	t.Helper()
	dir := installed(t, "node")
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatalf("node is not on PATH: %v\n%s", err, howTo())
	}
	return node, filepath.Join(dir, "node_modules")
}

func bin(t testing.TB, name string) string {
	t.Helper()
	p := filepath.Join(installed(t, name), "node_modules", ".bin", name)
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("%s is not in %s after npm installed it: %v\n%s", name, prefix, err, howTo())
	}
	return p
}

// installed returns the prefix once the packages are in it; what names
// what the test runs, for the message when it skips.
func installed(t testing.TB, what string) string {
	t.Helper()
	if os.Getenv(SkipEnv) == "1" {
		t.Skipf("%s=1: %s, from npm, is not run", SkipEnv, what)
	}
	once.Do(func() { prefix, installErr = install() })
	if installErr != nil {
		t.Fatalf("%v\n%s", installErr, howTo())
	}
	return prefix
}

var (
	once       sync.Once
	prefix     string
	installErr error
)

// Prefix is where the packages are installed.
func Prefix() (string, error) {
	if p := os.Getenv("WARMASTER_NPM_PREFIX"); p != "" {
		return filepath.Abs(p)
	}
	cache := os.Getenv("XDG_CACHE_HOME")
	if cache == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", fmt.Errorf("no folder for npm's packages: set WARMASTER_NPM_PREFIX (%w)", err)
		}
		cache = filepath.Join(home, ".cache")
	}
	return filepath.Join(cache, "warmaster", "npm"), nil
}

// install makes sure every package is installed at its pinned version and
// returns the prefix. The check and the install happen under a lock file
// beside the prefix: a second process waits, then finds them installed.
func install() (string, error) {
	dir, err := Prefix()
	if err != nil {
		return "", err
	}
	// Checked under the lock too: a package.json may be in place before
	// another process's npm has finished installing the rest.
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return "", err
	}
	unlock, err := lockedfile.MutexAt(dir + ".lock").Lock()
	if err != nil {
		return "", fmt.Errorf("lock %s: %w", dir+".lock", err)
	}
	defer unlock()
	todo := missing(dir)
	if todo == nil {
		return dir, nil
	}
	npm, err := exec.LookPath("npm")
	if err != nil {
		return "", fmt.Errorf("%s are not installed in %s, and there is no npm to install them", strings.Join(todo, ", "), dir)
	}
	// All at once, saved exact: npm keeps in a prefix what its package.json
	// lists, so a later install of one of them does not remove the others.
	args := append([]string{"install", "--prefix", dir, "--save-exact", "--no-audit", "--no-fund", "--loglevel=error"}, Packages...)
	cmd := exec.Command(npm, args...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("npm %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	if todo := missing(dir); todo != nil {
		return "", fmt.Errorf("npm installed, but %s are still not in %s", strings.Join(todo, ", "), dir)
	}
	return dir, nil
}

// missing lists the packages not installed in dir at their pinned
// versions; nil when all are.
func missing(dir string) []string {
	var out []string
	for _, spec := range Packages {
		name, version := split(spec)
		data, err := os.ReadFile(filepath.Join(dir, "node_modules", filepath.FromSlash(name), "package.json"))
		var pkg struct{ Version string }
		if err != nil || json.Unmarshal(data, &pkg) != nil || pkg.Version != version {
			out = append(out, spec)
		}
	}
	return out
}

// split parses name@version (the name may start with @scope/).
func split(spec string) (name, version string) {
	i := strings.LastIndexByte(spec, '@')
	return spec[:i], spec[i+1:]
}

func howTo() string {
	dir, _ := Prefix()
	return fmt.Sprintf("Install Node.js with npm, then run .ci/run, or: npm install --prefix %s --save-exact %s\n(%s=1 skips the tests that need them)",
		dir, strings.Join(Packages, " "), SkipEnv)
}
