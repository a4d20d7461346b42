package disk

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// WorkTreePath finds the .git above a folder — a folder, or a linked work
// tree's file — and the folder's real place under it, through a symbolic
// link on the way.
func TestWorkTreePath(t *testing.T) {
	top := folder(t, map[string]string{"campaigns/autumn/campaign.toml": "", "other/x": ""})
	if _, ok, _ := WorkTreePath(top); ok {
		t.Skipf("the temporary folder %s is inside a git work tree", top)
	}
	autumn := filepath.Join(top, "campaigns", "autumn")
	want := func(t *testing.T, dir, rel string) {
		t.Helper()
		got, ok, err := WorkTreePath(dir)
		if err != nil || !ok || got != rel {
			t.Errorf("WorkTreePath(%s) = %q, %v, %v; want %q, true", dir, got, ok, err, rel)
		}
	}
	t.Run("OK/None", func(t *testing.T) {
		if rel, ok, err := WorkTreePath(autumn); ok || err != nil {
			t.Errorf("no .git anywhere, yet %q, %v, %v", rel, ok, err)
		}
	})
	if err := os.Mkdir(filepath.Join(top, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Run("OK/Folder", func(t *testing.T) {
		want(t, autumn, "campaigns/autumn")
		want(t, top, "")
	})
	t.Run("OK/Relative", func(t *testing.T) {
		t.Chdir(autumn)
		want(t, ".", "campaigns/autumn")
	})
	t.Run("OK/Link", func(t *testing.T) {
		if runtime.GOOS == "windows" {
			t.Skip("symbolic links need privileges on Windows")
		}
		elsewhere := t.TempDir()
		link := filepath.Join(elsewhere, "autumn")
		if err := os.Symlink(autumn, link); err != nil {
			t.Fatal(err)
		}
		want(t, link, "campaigns/autumn") // the folder's place, not the link's
	})
	t.Run("OK/LinkedWorkTree", func(t *testing.T) {
		if err := os.Remove(filepath.Join(top, ".git")); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(top, ".git"), []byte("gitdir: /elsewhere/.git/worktrees/club\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		want(t, autumn, "campaigns/autumn")
	})
	t.Run("OK/Nearest", func(t *testing.T) { // a submodule inside the repository
		if err := os.WriteFile(filepath.Join(top, "campaigns", ".git"), []byte("gitdir: ../.git/modules/campaigns\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		want(t, autumn, "autumn")
	})
}
