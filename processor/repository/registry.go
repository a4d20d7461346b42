// Package repository is a campaign repository as a whole: the campaigns its
// Warmaster declares in .github/warmaster.toml, the changes a pull request
// makes to it, and the git history a consumed input is restored from.
//
// It is trust code: paths, logins and file names come from players. The
// registry that says who the repository's Warmaster is and which campaigns
// it plays is read from the commit a pull request merges into, never from
// the pull request.
package repository

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/disk"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/schema"
)

// RegistryFile is the registry, a slash path from the repository's root.
const RegistryFile = ".github/warmaster.toml"

// Registry is .github/warmaster.toml: the repository's Warmasters and the
// campaign folders it plays.
//
//	warmasters = ["alice"]
//	campaigns = ["campaigns/spring", "campaigns/autumn"]
type Registry struct {
	// Warmasters are the GitHub logins that may declare campaigns, change
	// a campaign.toml, the registry, CODEOWNERS and .github/.
	Warmasters []processor.Login
	// Campaigns are the campaign folders the workflows check and advance,
	// slash paths from the repository's root, in the file's order.
	Campaigns []string
}

var (
	loginRE = regexp.MustCompile(`^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$`)
	// A folder's name: letters, digits, '.', '_' and '-', not starting
	// with '.' or '-' (no ".", "..", hidden folder or flag).
	folderNameRE = regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9._-]*$`)
)

// maxCampaignPath bounds a declared folder's path.
const maxCampaignPath = 200

// RegistryLimits bound a registry before it is parsed, as a player's file
// is (a pull request's registry is a player's file): a real one is a few
// hundred bytes.
var RegistryLimits = schema.Limits{Bytes: 256 << 10, Work: 128 << 10, Keys: schema.MaxKeys}

// ReadRegistryFile reads the registry of the repository at root: a
// regular file (a link, which a pull request may commit, is not followed),
// read no further than its limit, which ParseRegistry then refuses at its
// place. A missing registry is fs.ErrNotExist.
func ReadRegistryFile(root string) ([]byte, error) {
	name := filepath.Join(root, filepath.FromSlash(RegistryFile))
	st, err := os.Lstat(name)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file (a link is not followed): the registry is a file", RegistryFile)
	}
	data, err := disk.ReadPath(name, RegistryLimits.Bytes)
	if errors.Is(err, disk.ErrTooLarge) {
		return data, nil
	}
	return data, err
}

// ParseRegistry reads a registry. Its faults (an *processor.InvalidError,
// paths RegistryFile) say what is wrong and what would be valid.
func ParseRegistry(data []byte) (*Registry, error) {
	var fs []processor.Fault
	fault := func(ptr string, key bool, format string, args ...any) {
		f := processor.Fault{File: RegistryFile, Message: fmt.Sprintf(format, args...)}
		if key {
			f.Line, f.Col = schema.LocateKey(data, ptr)
		} else {
			f.Line, f.Col = schema.Locate(data, ptr)
		}
		fs = append(fs, f)
	}
	if pf := schema.Prescan(data, RegistryLimits); len(pf) > 0 {
		for _, f := range pf {
			fs = append(fs, processor.Fault{File: RegistryFile, Line: f.Line, Col: f.Col, Message: f.Message})
		}
		return nil, &processor.InvalidError{Faults: fs}
	}
	var doc map[string]any
	if _, err := toml.Decode(string(data), &doc); err != nil {
		var pe toml.ParseError
		f := processor.Fault{File: RegistryFile, Message: "not TOML: " + err.Error()}
		if errors.As(err, &pe) {
			f.Message = "not TOML: " + pe.Message
			f.Line, f.Col = pe.Position.Line, column(data, pe.Position.Start)
		}
		return nil, &processor.InvalidError{Faults: []processor.Fault{f}}
	}
	for _, k := range slices.Sorted(maps.Keys(doc)) {
		if k != "warmasters" && k != "campaigns" {
			fault("/"+k, true, "unknown key %q: the registry has warmasters (GitHub logins) and campaigns (campaign folders)", k)
		}
	}
	r := &Registry{}
	logins, ok := stringList(doc["warmasters"])
	switch {
	case doc["warmasters"] == nil:
		fault("", false, `no warmasters: list the GitHub logins of the repository's Warmasters, e.g. warmasters = ["alice"]`)
	case !ok:
		fault("/warmasters", false, `warmasters is a list of GitHub logins, e.g. ["alice"]`)
	case len(logins) == 0:
		fault("/warmasters", false, "warmasters is empty: name at least one GitHub login")
	}
	for i, l := range logins {
		ptr := "/warmasters/" + strconv.Itoa(i)
		switch {
		case !loginRE.MatchString(l):
			fault(ptr, false, "%q is not a GitHub login: letters, digits and hyphens, starting with a letter or digit, at most 39 characters", l)
		case slices.ContainsFunc(r.Warmasters, func(x processor.Login) bool { return strings.EqualFold(string(x), l) }):
			fault(ptr, false, "%s is listed twice", l)
		default:
			r.Warmasters = append(r.Warmasters, processor.Login(l))
		}
	}
	dirs, ok := stringList(doc["campaigns"])
	switch {
	case doc["campaigns"] == nil:
		fault("", false, `no campaigns: list the campaign folders this repository plays, e.g. campaigns = ["campaigns/spring"] (or campaigns = [] for none)`)
	case !ok:
		fault("/campaigns", false, `campaigns is a list of campaign folders, e.g. ["campaigns/spring"]`)
	}
	names := map[string]string{} // a folder's base name: the campaign's identity
	for i, d := range dirs {
		ptr := "/campaigns/" + strconv.Itoa(i)
		if why := badFolder(d); why != "" {
			fault(ptr, false, "%q %s", d, why)
			continue
		}
		if j := slices.IndexFunc(r.Campaigns, func(x string) bool { return x == d || strings.HasPrefix(d, x+"/") || strings.HasPrefix(x, d+"/") }); j >= 0 {
			fault(ptr, false, "%s and %s overlap: campaign folders are apart, neither inside the other", r.Campaigns[j], d)
			continue
		}
		base := path.Base(d)
		if other, dup := names[strings.ToLower(base)]; dup {
			fault(ptr, false, "%s and %s have the same name, %s: a campaign's folder name is what its sealed orders and dice are bound to, so two campaigns of a repository never share one; rename one", other, d, base)
			continue
		}
		names[strings.ToLower(base)] = d
		r.Campaigns = append(r.Campaigns, d)
	}
	if len(fs) > 0 {
		slices.SortStableFunc(fs, func(a, b processor.Fault) int {
			if a.Line != b.Line {
				return a.Line - b.Line
			}
			return a.Col - b.Col
		})
		return nil, &processor.InvalidError{Faults: fs}
	}
	return r, nil
}

// badFolder says why d cannot be a declared campaign folder, or "".
func badFolder(d string) string {
	if d == "" || len(d) > maxCampaignPath {
		return fmt.Sprintf("is not a campaign folder: a path from the repository's root of 1 to %d characters, such as campaigns/spring", maxCampaignPath)
	}
	for _, part := range strings.Split(d, "/") {
		if !folderNameRE.MatchString(part) {
			return "is not a campaign folder: a relative path such as campaigns/spring, each name letters, digits, '.', '_' and '-', not starting with '.' or '-'"
		}
	}
	return ""
}

// stringList reads a TOML array of strings.
func stringList(v any) ([]string, bool) {
	a, ok := v.([]any)
	if !ok {
		return nil, false
	}
	out := make([]string, 0, len(a))
	for _, x := range a {
		s, ok := x.(string)
		if !ok {
			return nil, false
		}
		out = append(out, s)
	}
	return out, true
}

// column is the 1-based column of byte offset off (BurntSushi's Col is
// wrong at column 1).
func column(data []byte, off int) int {
	if off > len(data) {
		off = len(data)
	}
	start := strings.LastIndexByte(string(data[:off]), '\n') + 1
	return off - start + 1
}

// IsWarmaster reports whether login is one of the repository's Warmasters
// (GitHub logins are the same in any case).
func (r *Registry) IsWarmaster(login processor.Login) bool {
	return slices.ContainsFunc(r.Warmasters, func(w processor.Login) bool { return strings.EqualFold(string(w), string(login)) })
}

// CampaignOf is the declared campaign folder a file (a slash path from the
// repository's root) is in.
func (r *Registry) CampaignOf(file string) (string, bool) {
	for _, d := range r.Campaigns {
		if strings.HasPrefix(file, d+"/") {
			return d, true
		}
	}
	return "", false
}

// Declares reports whether dir is a declared campaign folder.
func (r *Registry) Declares(dir string) bool { return slices.Contains(r.Campaigns, dir) }

// warmasterNames lists the Warmasters for a message: "alice" or "alice, bob".
func (r *Registry) warmasterNames() string {
	s := make([]string, len(r.Warmasters))
	for i, w := range r.Warmasters {
		s[i] = string(w)
	}
	return strings.Join(s, ", ")
}

// Rights are the repository's rules for a change by actor to files (slash
// paths relative to the folder) of one declared campaign, on top of the
// campaign's own (trust.Authorize, given the Warmasters): the repository's
// Warmasters alone change campaign.toml, map.toml and the war-engine
// profiles of any campaign, whatever campaign.toml says — it names the
// campaign's players and Warmaster, so a change to it would judge itself,
// and the map and the profiles are the campaign as much. Anyone else is
// refused them before the campaign is loaded: the refusal is the fault,
// even when the file holds what keeps the campaign from loading at all.
// exists says whether a file is there (not deleted). It returns the
// refusals, and the files the campaign's own rules judge.
func (r *Registry) Rights(actor processor.Login, files []string, exists func(file string) bool) (refused []processor.Fault, judged []string) {
	wm := r.IsWarmaster(actor)
	for _, file := range files {
		switch {
		case wm && folder.WarmasterFile(file):
			// the repository Warmaster's to change
		case !wm && file == processor.CampaignFile:
			plain := fmt.Sprintf("Only the Warmaster (%s) changes campaign.toml: ask them for the change, and close this pull request.", r.warmasterNames())
			why := fmt.Sprintf("campaign.toml sets the campaign's players, rules and dice; only the repository's Warmaster (%s) changes it", r.warmasterNames())
			if !exists(file) {
				plain = fmt.Sprintf("Deleting campaign.toml would end the campaign, and only the Warmaster (%s) does that: close this pull request.", r.warmasterNames())
				why = fmt.Sprintf("deleting campaign.toml ends the campaign; only the repository's Warmaster (%s) does that", r.warmasterNames())
			}
			refused = append(refused, refusal(file, exists(file), "%s", processor.PlainFirst(plain, fmt.Sprintf("%s may not change this file: %s", actor, why))))
		case !wm && folder.WarmasterFile(file):
			plain := fmt.Sprintf("Only the Warmaster (%s) edits this file: ask them for the change, and close this pull request.", r.warmasterNames())
			refused = append(refused, refusal(file, exists(file), "%s", processor.PlainFirst(plain, fmt.Sprintf("%s may not change this file: only the repository's Warmaster (%s) edits %s", actor, r.warmasterNames(), file))))
		default:
			judged = append(judged, file)
		}
	}
	return refused, judged
}

// RightsIn is Rights for the campaign folder dir (a slash path from the
// repository's root): a folder the registry does not declare is the
// repository's Warmasters' alone — every file of it is refused to anyone
// else (a "practice" campaign naming its author its Warmaster is not
// theirs to add), and a Warmaster's files are not judged further.
func (r *Registry) RightsIn(actor processor.Login, dir string, files []string, exists func(file string) bool) (refused []processor.Fault, judged []string) {
	if r.Declares(dir) {
		return r.Rights(actor, files, exists)
	}
	if r.IsWarmaster(actor) {
		return nil, nil
	}
	for _, file := range files {
		refused = append(refused, refusal(file, exists(file), "%s", processor.PlainFirst(r.undeclaredPlain(dir), fmt.Sprintf("%s may not change this file: %s", actor, r.undeclared(dir)))))
	}
	return refused, nil
}

// refusal is a fault refusing a change to file: at its start when it is
// there (an annotation then sits on the file), else with no position.
func refusal(file string, exists bool, format string, args ...any) processor.Fault {
	f := processor.Fault{File: file, Message: fmt.Sprintf(format, args...)}
	if exists {
		f.Line, f.Col = 1, 1
	}
	return f
}

// undeclared says why a file of an undeclared campaign folder is refused.
func (r *Registry) undeclared(dir string) string {
	return fmt.Sprintf("%s is not a campaign this repository plays (%s does not declare it): only the Warmaster (%s) adds campaigns", dir, RegistryFile, r.warmasterNames())
}

// undeclaredPlain is the first sentence of that refusal, in a player's
// words.
func (r *Registry) undeclaredPlain(dir string) string {
	return fmt.Sprintf("%s is not a campaign this repository plays, and only the Warmaster (%s) adds one: close this pull request.", dir, r.warmasterNames())
}

// Find is the registry of the campaign repository holding dir, and dir as
// a slash path from the repository's root: it looks for
// .github/warmaster.toml in dir and each folder above it, up to the top of
// a git work tree (a folder with .git). False when there is none.
func Find(dir string) (reg *Registry, rel string, ok bool, err error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, "", false, err
	}
	for d := abs; ; d = filepath.Dir(d) {
		if data, err := ReadRegistryFile(d); err == nil {
			reg, err := ParseRegistry(data)
			if err != nil {
				return nil, "", false, err
			}
			rel, err := filepath.Rel(d, abs)
			if err != nil {
				return nil, "", false, err
			}
			return reg, filepath.ToSlash(rel), true, nil
		}
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil || filepath.Dir(d) == d {
			return nil, "", false, nil
		}
	}
}
