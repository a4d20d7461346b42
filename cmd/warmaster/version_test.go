package main

import (
	"runtime/debug"
	"strings"
	"testing"
)

func TestVersionOf(t *testing.T) {
	for _, tc := range []struct {
		name string
		bi   debug.BuildInfo
		want string
	}{
		{"OK/Module", debug.BuildInfo{Main: debug.Module{Version: "v1.4.0"}}, "v1.4.0"},
		{"OK/Revision", debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "0123456789abcdef0123456789abcdef01234567"}, {Key: "vcs.modified", Value: "false"}}}, "0123456789ab"},
		{"OK/Dirty", debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "0123456789abcdef0123456789abcdef01234567"}, {Key: "vcs.modified", Value: "true"}}}, "0123456789ab-dirty"},
		{"OK/NoVCS", debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "(devel)"},
		{"OK/Empty", debug.BuildInfo{}, "(devel)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got, want := versionOf(&tc.bi), tc.want; got != want {
				t.Errorf("versionOf = %q, want %q", got, want)
			}
		})
	}
}

// TestActionRef: the ref init-repo names the action at is the version this
// build was made from when GitHub can take it as a ref — a release tag, a
// full commit hash of a clean build — else main, saying why.
func TestActionRef(t *testing.T) {
	const rev = "0123456789abcdef0123456789abcdef01234567"
	vcs := func(modified string) []debug.BuildSetting {
		return []debug.BuildSetting{{Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: modified}}
	}
	for _, tc := range []struct {
		name    string
		bi      debug.BuildInfo
		ref, in string // in: a part of why
	}{
		{"OK/Release", debug.BuildInfo{Main: debug.Module{Version: "v1.4.0"}}, "v1.4.0", "release"},
		{"OK/ReleaseBuiltInAClone", debug.BuildInfo{Main: debug.Module{Version: "v1.4.0"}, Settings: vcs("false")}, "v1.4.0", "release"},
		{"OK/Incompatible", debug.BuildInfo{Main: debug.Module{Version: "v2.0.0+incompatible"}}, "v2.0.0", "release"},
		{"OK/Commit", debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs("false")}, rev, "commit"},
		// Go 1.24 and later stamp a local build with a pseudo-version too.
		{"OK/PseudoVersionOfAClone", debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20270101120000-0123456789ab"}, Settings: vcs("false")}, rev, "commit"},
		{"ErrDirty", debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs("true")}, "main", "uncommitted"},
		{"ErrDirtyPseudoVersion", debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20270101120000-0123456789ab+dirty"}, Settings: vcs("true")}, "main", "uncommitted"},
		{"ErrPseudoVersion", debug.BuildInfo{Main: debug.Module{Version: "v1.4.1-0.20270101120000-0123456789ab"}}, "main", "cut short"},
		{"ErrShortRevision", debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "0123456"}}}, "main", "unknown"},
		{"ErrNoVCS", debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "main", "unknown"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ref, why := actionRef(&tc.bi)
			if ref != tc.ref || !strings.Contains(why, tc.in) {
				t.Errorf("actionRef = %q, %q; want %q, …%s…", ref, why, tc.ref, tc.in)
			}
		})
	}
}
