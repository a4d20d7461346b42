package processor_test

import (
	"bufio"
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/warmaster/warmaster/"

// layers is the processor's layout (docs/development.md, Layout): each
// package and the packages of the module it may import. A package imports
// only what is below it; the vocabulary and the attack types touch no file.
var layers = map[string][]string{
	"processor/dice":             nil,
	"processor/disk":             nil,
	"processor/enum":             nil,
	"processor/report":           nil,
	"processor/seal":             nil,
	"schema":                     {"schema/clients", "processor/report"},
	"schema/clients":             nil,
	"processor/engines":          {"processor/dice", "processor/enum", "processor/report"},
	"processor":                  {"processor/engines", "processor/enum", "processor/report", "schema"},
	"processor/folder/owntoml":   {"processor", "processor/engines"},
	"processor/folder":           {"processor", "processor/folder/owntoml", "processor/dice", "processor/disk", "processor/engines", "processor/report", "processor/seal", "schema", "campaigns"},
	"processor/attacks":          {"processor", "processor/dice", "processor/report"},
	"processor/phase":            {"processor", "processor/attacks", "processor/folder", "processor/folder/owntoml", "processor/seal", "processor/dice", "processor/disk", "processor/engines", "processor/report", "schema"},
	"processor/trust":            {"processor", "processor/folder", "processor/folder/owntoml", "processor/phase", "processor/seal", "processor/dice", "processor/disk", "processor/report", "schema"},
	"processor/internal/testkit": {"processor", "processor/folder", "processor/folder/owntoml", "processor/seal", "processor/disk", "processor/engines", "campaigns"},
	"processor/repository":       {"processor", "processor/folder", "processor/phase", "processor/trust", "processor/disk", "processor/report", "schema"},
	"processor/simulate":         {"processor", "processor/folder", "processor/phase", "processor/trust", "processor/disk", "processor/dice", "processor/engines", "processor/report", "schema"},
	"processor/github":           {"processor", "processor/phase", "processor/report", "processor/repository", "processor/folder", "processor/disk", "schema"},
	"processor/github/standin":   nil,
	"campaigns":                  {"processor/disk"},
	"campaigns/repotemplate":     {"campaigns", "processor", "processor/phase", "processor/repository", "processor/simulate", "schema", "schema/clients"},
	"cmd/warmaster":              {"*"},
}

// TestLayers reads every package's imports with go list and fails when a
// package imports one above it, or one the layout does not name.
func TestLayers(t *testing.T) {
	// The test cache knows nothing of what go list reads: read the module's
	// Go files and folders here, so that a changed import runs the test again.
	if err := filepath.WalkDir("..", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".go") {
			_, err = os.ReadFile(p)
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", module+"...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	seen := 0
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		pkg := strings.TrimPrefix(fields[0], module)
		allowed, ok := layers[pkg]
		if !ok {
			t.Errorf("%s is not in the layout: add it to layers (and docs/development.md's Layout) with what it may import", pkg)
			continue
		}
		seen++
		if slices.Contains(allowed, "*") {
			continue
		}
		for _, imp := range fields[1:] {
			dep, ok := strings.CutPrefix(imp, module)
			if !ok {
				continue
			}
			if !slices.Contains(allowed, dep) {
				t.Errorf("%s imports %s, which the layout does not allow (it may import %s)", pkg, dep, strings.Join(allowed, ", "))
			}
		}
	}
	if seen < 10 {
		t.Fatalf("go list listed %d packages of the module: %s", seen, out)
	}
}
