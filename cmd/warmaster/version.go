package main

import (
	"fmt"
	"regexp"
	"runtime/debug"
	"strings"

	"github.com/urfave/cli/v2"
)

func init() {
	// `warmaster --version` prints "warmaster <version>" (urfave/cli's
	// default says "warmaster version <version>").
	cli.VersionPrinter = func(c *cli.Context) {
		fmt.Fprintf(c.App.Writer, "%s %s\n", c.App.Name, c.App.Version)
	}
}

// buildVersion, when a build sets it (-ldflags "-X main.buildVersion=v1.2.3"),
// is the version: a packager's build, or a test's of two releases.
var buildVersion string

// version is this build's version: the module version a `go install
// …@v1.2.3` records; for a local build, the VCS revision Go stamps in
// (12 hex digits, "-dirty" with uncommitted changes); else "(devel)" —
// e.g. built with -buildvcs=false, or from a copy without its .git.
func version() string {
	if buildVersion != "" {
		return buildVersion
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(devel)"
	}
	return versionOf(bi)
}

func versionOf(bi *debug.BuildInfo) string {
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	rev, dirty := vcs(bi)
	if rev == "" {
		return "(devel)"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if dirty {
		rev += "-dirty"
	}
	return rev
}

// pseudoVersionRE is a Go pseudo-version (`go install …@main` or @<commit>
// records one): its commit hash is cut to 12 digits, which GitHub does not
// accept as a ref.
var pseudoVersionRE = regexp.MustCompile(`^v[0-9]+\.(0\.0-|\d+\.\d+-([^+]*\.)?0\.)\d{14}-[A-Za-z0-9]+(\+[0-9A-Za-z.-]+)?$`)

// commitRE is a full git commit hash, the only hash GitHub takes as a ref.
var commitRE = regexp.MustCompile(`^[0-9a-f]{40}$`)

// actionRef is the git ref of the tool this build was made from, for a
// workflow's `uses:` (GitHub takes a tag, a branch or a full commit hash),
// and why: the release tag a `go install …@v1.2.3` records; else the full
// commit a build from a clean clone records; else main, the why saying
// what is unknown.
func actionRef(bi *debug.BuildInfo) (ref, why string) {
	rev, modified := vcs(bi)
	v := bi.Main.Version
	switch {
	case v != "" && v != "(devel)" && !pseudoVersionRE.MatchString(v) && !strings.Contains(v, "+dirty"):
		return strings.TrimSuffix(v, "+incompatible"), "the release this warmaster is"
	case commitRE.MatchString(rev) && !modified:
		return rev, "the commit this warmaster was built from"
	case commitRE.MatchString(rev) || strings.Contains(v, "+dirty"):
		return "main", "this warmaster was built with uncommitted changes, which no ref holds"
	case pseudoVersionRE.MatchString(v):
		return "main", fmt.Sprintf("this warmaster is %s, whose commit hash is cut short, and GitHub takes only a full one", v)
	}
	return "main", "this warmaster's version is unknown (it was built without version control information)"
}

// vcs is the commit a build records, and whether its work tree had
// uncommitted changes.
func vcs(bi *debug.BuildInfo) (rev string, modified bool) {
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	return rev, modified
}
