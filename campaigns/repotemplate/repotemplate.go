// Package repotemplate is the campaign repository `warmaster init-repo`
// writes: the workflows, the registry, the editors' configuration and the
// club's README, embedded in the binary from files/, and the JSON Schemas
// of package schema as files beside them (one source: the schemas the
// binary checks with).
//
// Its tests also test what runs a campaign on GitHub, with the template as
// init-repo writes it: the workflows (actionlint, and the rules they must
// keep: least privilege, no expression in a shell script, no checkout
// keeping a token, the secrets in the warmaster environment and only where
// advance and commit-back use them, a pull-request check on
// pull_request_target and merge_group that runs nothing from the pull
// request and always reports), the composite action
// .github/actions/warmaster and its commit-back.sh, Taplo over the
// schemas and what Warmaster writes, and this repository's own workflow
// and layout — each attack on them played as a cheating player would, with
// the real warmaster where it matters. (`go test ./...` skips folders
// starting with ".": those tests live here.)
package repotemplate

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/warmaster/warmaster/processor/repository"
	"github.com/warmaster/warmaster/schema"
)

//go:embed all:files
var embedded embed.FS

const (
	// Action is the warmaster action as the workflows name it, before the
	// "@" and the ref.
	Action = "warmaster/warmaster/.github/actions/warmaster"
	// install is the command the README installs warmaster from, before
	// the "@" and the ref.
	install = "github.com/warmaster/warmaster/cmd/warmaster"
	// DefaultRef is the ref the template names: the tool's main branch.
	DefaultRef = "main"
	// Placeholder is the registry's Warmaster until one is given: a login
	// the registry accepts and GitHub gives nobody (two hyphens in a row).
	Placeholder = "replace--with-your-github-login"
	// SchemasDir holds the JSON Schemas in the new repository, as
	// <kind>.schema.json; .taplo.toml maps each kind of file to its own,
	// and only the repository's Warmasters change them.
	SchemasDir = repository.SchemasDir
)

// File is one file of the repository: a slash path from its root, and
// what it holds.
type File struct {
	Path string
	Data []byte
}

// Options are what init-repo fills in.
type Options struct {
	// Ref is the tool's git ref the workflows name the action at, and the
	// README installs warmaster from: a release tag, a full commit hash,
	// a branch. "" is DefaultRef.
	Ref string
	// Warmasters are the registry's Warmasters, GitHub logins; none: the
	// Placeholder.
	Warmasters []string
}

// refRE is a ref that is safe in a workflow's `uses:` and a shell line: a
// tag, a branch or a commit hash (no "..", no space, no quote).
var refRE = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._/+-]*$`)

// placeholderLine is the registry template's line of Warmasters.
const placeholderLine = `warmasters = ["` + Placeholder + `"]` + "\n"

// Files are the repository's files but CODEOWNERS (which `warmaster
// codeowners` writes from the registry), sorted by path, and the registry
// they hold. Invalid Warmasters are an *processor.InvalidError whose
// faults say why, in the registry.
func Files(opt Options) ([]File, *repository.Registry, error) {
	ref := opt.Ref
	if ref == "" {
		ref = DefaultRef
	}
	if !refRE.MatchString(ref) || strings.Contains(ref, "..") {
		return nil, nil, fmt.Errorf("%q is not a git ref the workflows can name (a tag, a branch or a full commit hash)", ref)
	}
	pin := strings.NewReplacer(Action+"@"+DefaultRef, Action+"@"+ref, install+"@"+DefaultRef, install+"@"+ref)
	var files []File
	err := fs.WalkDir(embedded, "files", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := embedded.ReadFile(p)
		if err != nil {
			return err
		}
		rel := strings.TrimPrefix(p, "files/")
		if strings.HasSuffix(rel, ".yml") || rel == "README.md" {
			data = []byte(pin.Replace(string(data)))
		}
		files = append(files, File{Path: rel, Data: data})
		return nil
	})
	if err != nil {
		return nil, nil, fmt.Errorf("the embedded repository template: %w", err)
	}
	reg, err := fillRegistry(files, opt.Warmasters)
	if err != nil {
		return nil, nil, err
	}
	for _, k := range schema.Kinds() {
		files = append(files, File{Path: SchemaFile(k), Data: schema.JSON(k)})
	}
	slices.SortFunc(files, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
	return files, reg, nil
}

// SchemaFile is where kind's JSON Schema is in the new repository.
func SchemaFile(kind schema.Kind) string {
	return path.Join(SchemasDir, string(kind)+".schema.json")
}

// fillRegistry puts the Warmasters into the registry among files, and
// reads it back as the workflows will.
func fillRegistry(files []File, logins []string) (*repository.Registry, error) {
	i := slices.IndexFunc(files, func(f File) bool { return f.Path == repository.RegistryFile })
	if i < 0 || !bytes.Contains(files[i].Data, []byte(placeholderLine)) {
		return nil, fmt.Errorf("the embedded repository template has no %s with the line %q", repository.RegistryFile, placeholderLine)
	}
	if len(logins) > 0 {
		var line bytes.Buffer
		if err := toml.NewEncoder(&line).Encode(struct {
			Warmasters []string `toml:"warmasters"`
		}{logins}); err != nil {
			return nil, err
		}
		files[i].Data = bytes.Replace(files[i].Data, []byte(placeholderLine), line.Bytes(), 1)
	}
	return repository.ParseRegistry(files[i].Data)
}

// Write writes files into dir, made if need be, and never over anything:
// when any of them is there already — a file, a folder, a symbolic link —
// or cannot be written inside dir, it writes nothing and says which, all at
// once. Files are written through an os.Root, so a symbolic link in dir
// cannot take one outside it.
func Write(dir string, files []File) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return err
	}
	defer root.Close()

	// What is in the way, and the folders to make: each file's folders
	// from the top (a file, or a symbolic link, in place of one is in the
	// way), then the file.
	var refused, dirs []string
	known := map[string]bool{} // folders looked at: true when usable
	for _, f := range files {
		var parents []string
		for d := path.Dir(f.Path); d != "."; d = path.Dir(d) {
			parents = append(parents, d)
		}
		blocked := ""
		for i := len(parents) - 1; i >= 0 && blocked == ""; i-- {
			d := parents[i]
			if ok, seen := known[d]; seen {
				if !ok {
					blocked = d + " is not a folder"
				}
				continue
			}
			st, err := root.Lstat(filepath.FromSlash(d))
			switch {
			case errors.Is(err, fs.ErrNotExist):
				dirs = append(dirs, d)
			case err != nil:
				blocked = err.Error()
			case !st.IsDir():
				blocked = d + " is not a folder"
			}
			known[d] = blocked == ""
		}
		if blocked != "" {
			refused = append(refused, fmt.Sprintf("%s cannot be written: %s", f.Path, blocked))
			continue
		}
		if _, err := root.Lstat(filepath.FromSlash(f.Path)); err == nil {
			refused = append(refused, f.Path+" is there already")
		} else if !errors.Is(err, fs.ErrNotExist) {
			refused = append(refused, fmt.Sprintf("%s cannot be written: %v", f.Path, err))
		}
	}
	if len(refused) > 0 {
		slices.Sort(refused)
		return fmt.Errorf("nothing was written in %s, which init-repo never writes over:\n  %s", dir, strings.Join(refused, "\n  "))
	}

	// Parents first; on a failure (something appeared meanwhile), undo.
	slices.SortFunc(dirs, func(a, b string) int { return strings.Count(a, "/") - strings.Count(b, "/") })
	var made []string
	undo := func(err error) error {
		for i := len(made) - 1; i >= 0; i-- {
			root.Remove(made[i])
		}
		return fmt.Errorf("nothing was written in %s: %w", dir, err)
	}
	for _, d := range dirs {
		if err := root.Mkdir(filepath.FromSlash(d), 0o755); err != nil {
			return undo(err)
		}
		made = append(made, filepath.FromSlash(d))
	}
	for _, f := range files {
		name := filepath.FromSlash(f.Path)
		w, err := root.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			return undo(err)
		}
		made = append(made, name)
		_, err = w.Write(f.Data)
		if cerr := w.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return undo(err)
		}
	}
	return nil
}
