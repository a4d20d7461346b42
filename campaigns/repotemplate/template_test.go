package repotemplate

import (
	"errors"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/repository"
	"github.com/warmaster/warmaster/schema"
)

func paths(files []File) []string {
	out := make([]string, len(files))
	for i, f := range files {
		out[i] = f.Path
	}
	return out
}

func fileOf(t *testing.T, files []File, p string) string {
	t.Helper()
	i := slices.IndexFunc(files, func(f File) bool { return f.Path == p })
	if i < 0 {
		t.Fatalf("no %s among %q", p, paths(files))
	}
	return string(files[i].Data)
}

// TestFiles: what init-repo writes (but CODEOWNERS, which `warmaster
// codeowners` writes: see the CLI's init_repo script) is all there; the
// schemas are the schema package's, byte for byte; the registry is valid,
// with the Warmasters given or the placeholder; the README says how to set
// the repository up.
func TestFiles(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		files, reg, err := Files(Options{})
		if err != nil {
			t.Fatal(err)
		}
		want := []string{".github/warmaster.toml", ".github/workflows/warmaster-advance.yml", ".github/workflows/warmaster-check.yml",
			".github/workflows/warmaster-doctor.yml", ".taplo.toml", "README.md", "campaigns/.gitkeep"}
		for _, k := range schema.Kinds() {
			want = append(want, "schemas/"+string(k)+".schema.json")
		}
		slices.Sort(want)
		if got := paths(files); !slices.Equal(got, want) {
			t.Errorf("files:\n%q\nwant:\n%q", got, want)
		}
		// One source: the schemas warmaster checks with, as schema/ holds them.
		for _, k := range schema.Kinds() {
			got := fileOf(t, files, SchemaFile(k))
			if want := readFile(t, filepath.Join(repoRoot(t), "schema", string(k)+".schema.json")); got != want {
				t.Errorf("%s differs from schema/%s.schema.json", SchemaFile(k), k)
			}
		}
		if got, want := fmtLogins(reg.Warmasters), Placeholder; got != want || len(reg.Campaigns) != 0 {
			t.Errorf("registry: warmasters %s, campaigns %q; want the placeholder and none", got, reg.Campaigns)
		}
		readme := fileOf(t, files, "README.md")
		for _, want := range []string{"WARMASTER_DICE_KEY", "WARMASTER_AGE_IDENTITY", "WARMASTER_PUSH_TOKEN", "environment", "named `warmaster`",
			".github/warmaster.toml", "warmaster codeowners > .github/CODEOWNERS", "Require branches to be up to date", "merge queue",
			"docs/organisers.md#6-protect-main", Action + "@main", "warmaster init-repo", Placeholder, "schemas/", "taplo lint"} {
			if !strings.Contains(readme, want) {
				t.Errorf("README.md does not mention %s", want)
			}
		}
	})

	t.Run("Warmasters", func(t *testing.T) {
		files, reg, err := Files(Options{Warmasters: []string{"alice", "Zoe-2"}})
		if err != nil {
			t.Fatal(err)
		}
		text := fileOf(t, files, repository.RegistryFile)
		if !strings.Contains(text, "\nwarmasters = [\"alice\", \"Zoe-2\"]\ncampaigns = []\n") || strings.Contains(text, `["`+Placeholder) {
			t.Errorf("registry:\n%s", text)
		}
		if got, want := fmtLogins(reg.Warmasters), "alice Zoe-2"; got != want {
			t.Errorf("warmasters %s, want %s", got, want)
		}
	})

	// A login is written into TOML: one that is not a GitHub login, or
	// that tries to break out of its string, is refused, as the registry
	// refuses it.
	t.Run("ErrLogin", func(t *testing.T) {
		for _, logins := range [][]string{{"x y"}, {`a"]` + "\n" + `campaigns = ["campaigns/x"]`}, {"-flag"}, {"alice", "ALICE"}, {""}} {
			_, _, err := Files(Options{Warmasters: logins})
			var invalid *processor.InvalidError
			if !errors.As(err, &invalid) || len(invalid.Faults) != 1 {
				t.Errorf("Warmasters %q: err %v, want one fault", logins, err)
			}
		}
	})
}

func fmtLogins(ls []processor.Login) string {
	s := make([]string, len(ls))
	for i, l := range ls {
		s[i] = string(l)
	}
	return strings.Join(s, " ")
}

// TestPinned: with a ref, the workflows name the action at it, and the
// README installs warmaster at it; nothing else changes. A ref that is not
// one is refused.
func TestPinned(t *testing.T) {
	plain, _, err := Files(Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, ref := range []string{pinnedRef, "v1.2.3"} {
		t.Run(ref, func(t *testing.T) {
			pinned, _, err := Files(Options{Ref: ref})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(paths(pinned), paths(plain)) {
				t.Fatalf("files %q, want %q", paths(pinned), paths(plain))
			}
			for i, f := range pinned {
				want := string(plain[i].Data)
				want = strings.ReplaceAll(want, Action+"@main", Action+"@"+ref)
				want = strings.ReplaceAll(want, install+"@main", install+"@"+ref)
				if string(f.Data) != want {
					t.Errorf("%s: not the template with the ref %s", f.Path, ref)
				}
				if strings.HasPrefix(f.Path, ".github/workflows/") {
					// Once per step that runs it (notify has three: one for
					// each thing it may have to say).
					if n := strings.Count(string(f.Data), "uses: "+Action+"@"+ref+"\n"); n < 1 {
						t.Errorf("%s names %s@%s %d times, want at least once", f.Path, Action, ref, n)
					}
					if strings.Contains(string(f.Data), Action+"@main") {
						t.Errorf("%s still names the action at main", f.Path)
					}
				}
			}
			if readme := fileOf(t, pinned, "README.md"); !strings.Contains(readme, "go install "+install+"@"+ref) {
				t.Errorf("README.md does not install warmaster at %s", ref)
			}
		})
	}
	for _, ref := range []string{"-x", "a b", "a..b", `main"; rm -rf ~`, "main\nrun: x", "v1.0.0$(id)"} {
		if _, _, err := Files(Options{Ref: ref}); err == nil {
			t.Errorf("ref %q was taken", ref)
		}
	}
}

// TestWrite: init-repo never writes over anything, nor outside DIR, and
// when it refuses it writes nothing and names everything in the way.
func TestWrite(t *testing.T) {
	files, _, err := Files(Options{})
	if err != nil {
		t.Fatal(err)
	}
	// tree is every path under dir, "name/" for a folder, "name@" for a
	// symbolic link.
	tree := func(dir string) []string {
		var out []string
		filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err != nil || p == dir {
				return err
			}
			rel, _ := filepath.Rel(dir, p)
			switch {
			case d.Type()&os.ModeSymlink != 0:
				rel += "@"
			case d.IsDir():
				rel += "/"
			}
			out = append(out, filepath.ToSlash(rel))
			return nil
		})
		return out
	}
	refused := func(t *testing.T, dir string, want ...string) {
		t.Helper()
		before := tree(dir)
		err := Write(dir, files)
		if err == nil {
			t.Fatal("written")
		}
		for _, w := range want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("error does not say %q:\n%v", w, err)
			}
		}
		if after := tree(dir); !slices.Equal(after, before) {
			t.Errorf("written despite the refusal:\n%q\nwas:\n%q", after, before)
		}
	}

	t.Run("OK", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "new", "club")
		if err := Write(dir, files); err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if got := readFile(t, filepath.Join(dir, filepath.FromSlash(f.Path))); got != string(f.Data) {
				t.Errorf("%s holds %q", f.Path, got)
			}
		}
		// An existing repository with files of its own: they stay.
		dir = t.TempDir()
		writeFile(t, filepath.Join(dir, "LICENSE"), "mine\n")
		writeFile(t, filepath.Join(dir, ".github/dependabot.yml"), "version: 2\n")
		if err := Write(dir, files); err != nil {
			t.Fatal(err)
		}
		if got := readFile(t, filepath.Join(dir, "LICENSE")); got != "mine\n" {
			t.Errorf("LICENSE = %q", got)
		}
	})

	t.Run("ErrExisting", func(t *testing.T) {
		dir := t.TempDir()
		writeFile(t, filepath.Join(dir, "README.md"), "# Our club\n")
		writeFile(t, filepath.Join(dir, "schemas/orders.schema.json"), "{}\n")
		refused(t, dir, "README.md is there already", "schemas/orders.schema.json is there already")
		if got := readFile(t, filepath.Join(dir, "README.md")); got != "# Our club\n" {
			t.Errorf("README.md = %q", got)
		}
	})

	// A symbolic link where a file goes, even one pointing nowhere, is in
	// the way; one in place of a folder, pointing out of DIR, is never
	// followed.
	t.Run("ErrSymlinks", func(t *testing.T) {
		dir, outside := t.TempDir(), t.TempDir()
		if err := os.Symlink(filepath.Join(outside, "taplo"), filepath.Join(dir, ".taplo.toml")); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(outside, filepath.Join(dir, "schemas")); err != nil {
			t.Fatal(err)
		}
		refused(t, dir, ".taplo.toml is there already", "schemas/orders.schema.json cannot be written")
		if got := tree(outside); len(got) != 0 {
			t.Errorf("written outside DIR: %q", got)
		}
	})

	t.Run("ErrFileInPlaceOfAFolder", func(t *testing.T) {
		dir := t.TempDir()
		writeFile(t, filepath.Join(dir, ".github"), "not a folder\n")
		refused(t, dir, ".github/warmaster.toml cannot be written: .github is not a folder")
	})
}

// taploConfig is the part of Taplo's configuration the template uses; a
// key it does not know (a schema url, which editors would fetch) fails the
// test.
type taploConfig struct {
	Formatting struct {
		ColumnWidth int `toml:"column_width"`
	}
	Rule []struct {
		Name    string
		Include []string
		Schema  *struct {
			Path string `toml:"path"`
		}
		Formatting *struct {
			IndentTables    bool   `toml:"indent_tables"`
			IndentEntries   bool   `toml:"indent_entries"`
			IndentString    string `toml:"indent_string"`
			ArrayAutoExpand *bool  `toml:"array_auto_expand"`
		}
	}
}

// globMatch is Taplo's include glob as the template writes them: a path
// match, the pattern after a leading **/ matching at any depth.
func globMatch(glob, file string) bool {
	rest, any := strings.CutPrefix(glob, "**/")
	parts := strings.Split(file, "/")
	for i := range parts {
		if ok, _ := path.Match(rest, strings.Join(parts[i:], "/")); ok {
			return true
		}
		if !any {
			break
		}
	}
	return false
}

// TestTaploConfig: .taplo.toml gives each kind of file a player writes its
// schema, as a file in schemas/ (no url: editors work offline), wherever
// the campaign folder is; what Warmaster writes has no schema, and is
// formatted as Warmaster writes it. TestTaplo runs Taplo itself.
func TestTaploConfig(t *testing.T) {
	files, _, err := Files(Options{})
	if err != nil {
		t.Fatal(err)
	}
	var cfg taploConfig
	md, err := toml.Decode(fileOf(t, files, ".taplo.toml"), &cfg)
	if err != nil {
		t.Fatal(err)
	}
	if un := md.Undecoded(); len(un) > 0 {
		t.Errorf("keys this test does not know: %v", un)
	}
	// Taplo 0.9 fails on a line longer than this that ends in a comment.
	if cfg.Formatting.ColumnWidth < 1000 {
		t.Errorf("formatting.column_width = %d: campaign.toml has longer lines", cfg.Formatting.ColumnWidth)
	}
	used := map[string]bool{}
	written := ""
	for _, r := range cfg.Rule {
		switch {
		case r.Schema != nil && r.Formatting == nil:
			if !slices.Contains(paths(files), r.Schema.Path) {
				t.Errorf("rule %s: schema %s is not among the files", r.Name, r.Schema.Path)
			}
			used[r.Schema.Path] = true
		case r.Schema == nil && r.Formatting != nil && written == "":
			written = r.Name
			f := r.Formatting
			if !f.IndentTables || !f.IndentEntries || f.IndentString != "  " || f.ArrayAutoExpand == nil || *f.ArrayAutoExpand {
				t.Errorf("rule %s: formatting %+v is not how Warmaster writes", r.Name, *f)
			}
		default:
			t.Errorf("rule %s: either a schema, or the formatting of what Warmaster writes (once)", r.Name)
		}
	}
	for _, k := range schema.Kinds() {
		if !used[SchemaFile(k)] {
			t.Errorf("%s has no rule in .taplo.toml: add one", SchemaFile(k))
		}
	}

	// schemaOf is the schema a campaign file should get: "" for none.
	schemaOf := func(rel string) string {
		parts := strings.Split(rel, "/")
		switch {
		case rel == "campaign.toml" || rel == "map.toml":
			return SchemasDir + "/" + strings.TrimSuffix(rel, ".toml") + ".schema.json"
		case len(parts) == 2 && parts[0] == "setup":
			return SchemaFile(schema.Setup)
		case len(parts) == 2 && parts[0] == "engines":
			return SchemaFile(schema.Engine)
		case len(parts) == 3 && parts[0] == "phases" && parts[2] == "tiebreak.toml":
			return SchemaFile(schema.Tiebreak)
		case len(parts) == 4 && parts[0] == "phases" && parts[2] != "battles":
			return SchemasDir + "/" + parts[2] + ".schema.json"
		}
		return ""
	}
	example := filepath.Join(repoRoot(t), "campaigns", "vespator-front")
	// The example never ends tied: the final phase's tie-break, as it
	// would be; and the files Warmaster writes.
	rels := []string{"state.toml", "journal.toml", "phases/01/battles/red-1.toml", "phases/06/tiebreak.toml", "phases/02/events/blue.toml"}
	err = filepath.WalkDir(example, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".toml") {
			rel, _ := filepath.Rel(example, p)
			rels = append(rels, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]bool{}
	for _, rel := range rels {
		for _, folder := range []string{"campaigns/spring/", "leagues/2027/autumn/", ""} {
			var schemas, formatted []string
			for _, r := range cfg.Rule {
				for _, glob := range r.Include {
					if !globMatch(glob, folder+rel) {
						continue
					}
					if r.Schema != nil {
						schemas = append(schemas, r.Schema.Path)
					} else {
						formatted = append(formatted, r.Name)
					}
				}
			}
			want := schemaOf(rel)
			switch {
			case want == "" && (len(schemas) > 0 || len(formatted) != 1):
				t.Errorf("%s is written by Warmaster, yet has schemas %v and formatting %v", folder+rel, schemas, formatted)
			case want != "" && (len(schemas) != 1 || schemas[0] != want || len(formatted) > 0):
				t.Errorf("%s: schemas %v, formatting %v; want %s alone", folder+rel, schemas, formatted, want)
			}
		}
		kinds[schemaOf(rel)] = true
	}
	for name := range used {
		if !kinds[name] {
			t.Errorf("no file of the example campaign exercises %s", name)
		}
	}
}

// readmeRef is a workflow comment's pointer into the README init-repo
// writes: (README.md, SECTION) or (README.md, "SECTION"), with ", step N"
// or ", steps N and M" after it.
var readmeRef = regexp.MustCompile(`README\.md,\s+"?([A-Z][^",)]*)"?(?:, steps? (\d+)(?: and (\d+))?)?\)`)

// TestWorkflowsPointIntoTheReadme: every section and step a workflow's
// comments send the Warmaster to is one the README has (a user found
// three that it did not).
func TestWorkflowsPointIntoTheReadme(t *testing.T) {
	files, _, err := Files(Options{})
	if err != nil {
		t.Fatal(err)
	}
	readme := fileOf(t, files, "README.md")
	refs := 0
	for _, f := range files {
		if !strings.HasPrefix(f.Path, ".github/workflows/") {
			continue
		}
		text := strings.ReplaceAll(string(f.Data), "\n# ", " ")
		for _, m := range readmeRef.FindAllStringSubmatch(text, -1) {
			refs++
			head := strings.Join(strings.Fields(m[1]), " ")
			i := strings.Index(readme, "\n## "+head+"\n")
			if i < 0 {
				t.Errorf("%s points to README.md, %q: the README has no such section", f.Path, head)
				continue
			}
			section, _, _ := strings.Cut(readme[i+1:], "\n## ")
			for _, step := range m[2:] {
				if step != "" && !strings.Contains(section, "\n"+step+". **") {
					t.Errorf("%s points to README.md, %s, step %s: the section has no step %s", f.Path, head, step, step)
				}
			}
		}
	}
	if refs < 5 {
		t.Errorf("found %d pointers into the README in the workflows, want at least 5: is readmeRef still their form?", refs)
	}
}
