package folder

import (
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/disk"
)

// checkPath refuses a [github] path that is not where the campaign folder
// dir is in the git work tree holding it (disk.WorkTreePath): without the
// right path every link of the README opens the wrong file. A folder in no
// git work tree is not judged (a campaign made before its repository);
// nor is a replay's scratch folder, which is not the campaign's place.
// It only refuses: what Warmaster writes never depends on where the folder
// is.
func CheckGitHubPath(g *processor.GitHub, dir string, fs *processor.Faults) error {
	if g == nil {
		return nil
	}
	want, ok, err := disk.WorkTreePath(dir)
	if err != nil || !ok || g.Path == want {
		return err
	}
	at := processor.Src{File: processor.CampaignFile, Ptr: "/github"}
	switch {
	case want == "":
		fs.AddKey(at, "[github] path = %q, but this campaign folder is the top of its git repository: leave path out, or the README's links open files that are not there", g.Path)
	case g.Path == "":
		fs.AddKey(at, "[github] has no path, but this campaign folder is %s in its git repository: add path = %q, or the README's links open files at the repository's root", want, want)
	default:
		fs.AddKey(at, "[github] path = %q, but this campaign folder is %s in its git repository: write path = %q, or the README's links open files that are not there", g.Path, want, want)
	}
	return nil
}
