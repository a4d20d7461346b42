package main

import (
	"fmt"
	"runtime/debug"

	"github.com/urfave/cli/v2"
)

func init() {
	// `warmaster --version` prints "warmaster <version>" (urfave/cli's
	// default says "warmaster version <version>").
	cli.VersionPrinter = func(c *cli.Context) {
		fmt.Fprintf(c.App.Writer, "%s %s\n", c.App.Name, c.App.Version)
	}
}

// version is this build's version: the module version a `go install
// …@v1.2.3` records; for a local build, the VCS revision Go stamps in
// (12 hex digits, "-dirty" with uncommitted changes); else "(devel)" —
// e.g. built with -buildvcs=false, or from a copy without its .git.
func version() string {
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
	var rev string
	dirty := false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
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
