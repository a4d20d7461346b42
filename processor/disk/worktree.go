package disk

import (
	"os"
	"path/filepath"
)

// WorkTreePath is where the folder dir is in the git work tree holding it:
// a slash path from the work tree's top, "" when dir is the top itself. ok
// is false when no git work tree holds it: no .git entry (a folder, or the
// file a linked work tree or a submodule has) in dir or any folder above
// it. Symbolic links on the way to dir are followed first, so that the
// path is the folder's real place.
//
// It looks outside the campaign folder only to ask whether each folder
// above holds a .git; it reads nothing there.
func WorkTreePath(dir string) (rel string, ok bool, err error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", false, err
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	for d := abs; ; d = filepath.Dir(d) {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			rel, err := filepath.Rel(d, abs)
			if err != nil {
				return "", false, err
			}
			if rel == "." {
				rel = ""
			}
			return filepath.ToSlash(rel), true, nil
		}
		if filepath.Dir(d) == d {
			return "", false, nil
		}
	}
}
