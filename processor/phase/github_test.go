package phase

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/disk"
	"github.com/warmaster/warmaster/processor/folder"
)

// [github] path must be where the campaign folder is in its git work tree
// (the CLI's github_path script plays check and advance): at the top, no
// path; below it, that folder's path. checkPath only refuses.
func TestGitHubPath(t *testing.T) {
	top := t.TempDir()
	if _, ok, _ := disk.WorkTreePath(top); ok {
		t.Skipf("the temporary folder %s is inside a git work tree", top)
	}
	autumn := filepath.Join(top, "campaigns", "autumn")
	if err := os.MkdirAll(filepath.Join(top, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(autumn, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, dir, path, fault string
	}{
		{"OK/Folder", autumn, "campaigns/autumn", ""},
		{"OK/Top", top, "", ""},
		{"ErrMissing", autumn, "", `[github] has no path, but this campaign folder is campaigns/autumn in its git repository: add path = "campaigns/autumn"`},
		{"ErrWrong", autumn, "campaigns/spring", `[github] path = "campaigns/spring", but this campaign folder is campaigns/autumn in its git repository: write path = "campaigns/autumn"`},
		{"ErrTop", top, "campaigns/autumn", `[github] path = "campaigns/autumn", but this campaign folder is the top of its git repository: leave path out`},
	} {
		t.Run(c.name, func(t *testing.T) {
			var fs processor.Faults
			g := &processor.GitHub{Repository: "our-club/vespator", Branch: "main", Path: c.path}
			if err := folder.CheckGitHubPath(g, c.dir, &fs); err != nil {
				t.Fatal(err)
			}
			switch {
			case c.fault == "" && len(fs.List) > 0:
				t.Errorf("refused: %v", fs.List)
			case c.fault != "" && (len(fs.List) != 1 || !strings.HasPrefix(fs.List[0].Message, c.fault) || fs.List[0].File != processor.CampaignFile || fs.List[0].Ptr != "/github"):
				t.Errorf("faults %+v; want one at campaign.toml's [github]: %s…", fs.List, c.fault)
			}
		})
	}
	t.Run("OK/NoGitHub", func(t *testing.T) {
		var fs processor.Faults
		var g *processor.GitHub
		if err := folder.CheckGitHubPath(g, autumn, &fs); err != nil || len(fs.List) > 0 {
			t.Errorf("no [github], yet %v, %v", err, fs.List)
		}
	})
}
