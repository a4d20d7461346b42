package processor

import (
	"path"
	"strconv"
	"strings"
)

// File names of a campaign folder (the v1 file contract).
const (
	CampaignFile = "campaign.toml"
	MapFile      = "map.toml"
	StateFile    = "state.toml"
	JournalFile  = "journal.toml"
	ReadmeFile   = "README.md"
)

// PhaseDir is the folder of a phase: phases/01.
func PhaseDir(phase int) string {
	if phase >= 0 && phase < len(phaseDirs) {
		return phaseDirs[phase] // a path per awaited file, no allocation each
	}
	return phaseDir(phase)
}

func phaseDir(phase int) string {
	if phase >= 0 && phase < 10 {
		return "phases/0" + strconv.Itoa(phase)
	}
	return "phases/" + strconv.Itoa(phase)
}

// phaseDirs are the folders of phases 0 to 24, the most a campaign has
// (campaign.schema.json); a phase past them is built each time.
var phaseDirs = func() (out [25]string) {
	for i := range out {
		out[i] = phaseDir(i)
	}
	return out
}()

// InputPath is a player's input file: phases/01/orders/alice.toml.
func InputPath(phase int, dir, name string) string {
	if strings.Contains(name, "/") || strings.HasPrefix(name, ".") {
		return path.Join(PhaseDir(phase), dir, name+".toml") // cleaned, as ever
	}
	return PhaseDir(phase) + "/" + dir + "/" + name + ".toml" // a name as files and ids have them: no cleaning to do
}

// InputPaths keeps the paths InputPath gives a list's names, made once
// for the list: a public campaign's 100,000 results or moves files are
// looked at five times a run.
type InputPaths struct {
	phase int
	dir   string
	first any // the list's first element (a pointer): one list from another
	paths []string
}

// Of is InputPath(phase, dir, name(i)) for each i < n of the list whose
// first element is first, the last list's kept when it is the same.
func (c *InputPaths) Of(phase int, dir string, first any, n int, name func(int) string) []string {
	if len(c.paths) == n && n > 0 && c.phase == phase && c.dir == dir && c.first == first &&
		c.paths[n-1] == InputPath(phase, dir, name(n-1)) {
		return c.paths
	}
	paths := make([]string, n)
	for i := range paths {
		paths[i] = InputPath(phase, dir, name(i))
	}
	*c = InputPaths{phase: phase, dir: dir, first: first, paths: paths}
	return paths
}

// TiebreakFile is the name of the tie-break file in the final phase's folder.
const TiebreakFile = "tiebreak.toml"

// TiebreakPath is the tie-break file of a phase: phases/06/tiebreak.toml.
func TiebreakPath(phase int) string { return path.Join(PhaseDir(phase), TiebreakFile) }
