package clients

import (
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
)

// .ci/run installs exactly the packages, at the versions, the tests would
// install: else CI would install one set, and the tests another.
func TestCIRunInstallsPackages(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^\s*packages=\(([^)]*)\)`).FindSubmatch(data)
	if m == nil {
		t.Fatal(".ci/run has no packages=(…) line")
	}
	if got := strings.Fields(string(m[1])); !slices.Equal(got, Packages) {
		t.Errorf(".ci/run installs %q, the tests %q", got, Packages)
	}
	if !regexp.MustCompile(`(?m)^go test \./\.\.\.$`).Match(data) {
		t.Error(".ci/run does not run exactly go test ./...")
	}
}

func TestPrefix(t *testing.T) {
	t.Setenv("WARMASTER_NPM_PREFIX", "")
	t.Setenv("XDG_CACHE_HOME", "/cache")
	if got, err := Prefix(); err != nil || got != filepath.Join("/cache", "warmaster", "npm") {
		t.Errorf("Prefix() = %q, %v", got, err)
	}
	t.Setenv("WARMASTER_NPM_PREFIX", "/elsewhere")
	if got, err := Prefix(); err != nil || got != "/elsewhere" {
		t.Errorf("Prefix() = %q, %v", got, err)
	}
}

func TestMissing(t *testing.T) {
	dir := t.TempDir()
	if got := missing(dir); !slices.Equal(got, Packages) {
		t.Errorf("missing(empty) = %q", got)
	}
	for _, spec := range Packages {
		name, version := split(spec)
		p := filepath.Join(dir, "node_modules", filepath.FromSlash(name), "package.json")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(`{"name": "`+name+`", "version": "`+version+`"}`), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if got := missing(dir); got != nil {
		t.Errorf("missing(all there) = %q", got)
	}
	// Another version of one is as good as none.
	p := filepath.Join(dir, "node_modules", "ajv", "package.json")
	if err := os.WriteFile(p, []byte(`{"version": "6.12.6"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := missing(dir); !slices.Equal(got, []string{"ajv@8.17.1"}) {
		t.Errorf("missing(old ajv) = %q", got)
	}
}

// Two installs at once (two test packages of one `go test ./...`) run npm
// once: the second waits for the lock, then finds the packages there.
func TestInstallOnce(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the stand-in npm is a shell script")
	}
	bin := t.TempDir()
	calls := filepath.Join(t.TempDir(), "calls")
	// A stand-in npm: it logs its call, takes its time, then writes each
	// package's package.json into --prefix.
	npm := `#!/bin/sh
echo "$*" >> ` + calls + `
sleep 0.3
while [ $# -gt 0 ]; do
	case $1 in
	--prefix) prefix=$2; shift ;;
	*@*) name=${1%@*}; version=${1##*@}
		mkdir -p "$prefix/node_modules/$name"
		echo "{\"version\": \"$version\"}" > "$prefix/node_modules/$name/package.json" ;;
	esac
	shift
done
`
	if err := os.WriteFile(filepath.Join(bin, "npm"), []byte(npm), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	t.Setenv("WARMASTER_NPM_PREFIX", filepath.Join(t.TempDir(), "npm"))
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range errs {
		wg.Go(func() { _, errs[i] = install() })
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(calls)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 1 || !strings.Contains(lines[0], strings.Join(Packages, " ")) {
		t.Errorf("npm ran %d times, want once with every package:\n%s", len(lines), data)
	}
}

// No npm and no packages: an error that says what is missing, and howTo
// says how to install them.
func TestNoNpm(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	t.Setenv("WARMASTER_NPM_PREFIX", filepath.Join(t.TempDir(), "npm"))
	_, err := install()
	if err == nil || !strings.Contains(err.Error(), "there is no npm to install them") {
		t.Errorf("install() = %v", err)
	}
	if h := howTo(); !strings.Contains(h, "npm install --prefix") || !strings.Contains(h, SkipEnv+"=1") {
		t.Errorf("howTo() = %q", h)
	}
}
