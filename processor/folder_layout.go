package processor

import (
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/warmaster/warmaster/processor/disk"
)

// inputPathProblem says why a path the journal gives for an input is not
// one, or "": journal.toml is a file anyone can edit, and its paths are
// read.
func inputPathProblem(p string) string {
	switch {
	case p == "":
		return "is empty"
	case path.IsAbs(p) || strings.Contains(p, `\`) || len(p) > 1 && p[1] == ':':
		return "is an absolute path"
	case slices.Contains(strings.Split(p, "/"), ".."):
		return `goes up a folder ("..")`
	case path.Clean(p) != p:
		return "is not a clean path"
	}
	for _, name := range strings.Split(p, "/") {
		if why := disk.NameProblem(name); why != "" {
			return "is refused: " + why
		}
	}
	if _, ok := classify(p).step(); !ok || classify(p).kind == kindWritten {
		return "is not an input file (setup/<alliance>.toml or phases/NN/orders|results|moves|builds|events/<name>.toml)"
	}
	return ""
}

// fileKind is what a path of a campaign folder is, by name alone.
type fileKind int

const (
	kindOther     fileKind = iota // not a file of the v1 contract
	kindWarmaster                 // campaign.toml, map.toml
	kindWritten                   // state, journal, README, reports, battle sheets
	kindSetup                     // setup/<alliance>.toml
	kindOrders                    // phases/NN/orders/<login>.toml (or sealed: .toml.age)
	kindResults                   // phases/NN/results/<battle>.toml
	kindMoves                     // phases/NN/moves/<login>.toml
	kindBuilds                    // phases/NN/builds/<alliance>.toml
	kindEvents                    // phases/NN/events/<alliance>.toml
	kindTiebreak                  // phases/NN/tiebreak.toml
)

// campaignPath is a path of a campaign folder, classified.
type campaignPath struct {
	kind  fileKind
	phase int    // the phase of a phase file
	name  string // the login, alliance or battle the file is named after
	dir   string // the phase folder's sub-folder: orders, results, ...
}

var (
	phaseInputRE = regexp.MustCompile(`^phases/([0-9]{2,3})/(orders|results|moves|builds|events)/([^/]+?)\.toml(\.age)?$`)
	writtenRE    = regexp.MustCompile(`^phases/[0-9]{2,3}/(report\.md|battles/.+)$`)
	setupRE      = regexp.MustCompile(`^setup/([^/]+)\.toml$`)
	tiebreakRE   = regexp.MustCompile(`^phases/([0-9]{2,3})/tiebreak\.toml$`)
)

var phaseInputKinds = map[string]fileKind{
	"orders": kindOrders, "results": kindResults, "moves": kindMoves, "builds": kindBuilds, "events": kindEvents,
}

// classify says what a slash path relative to the campaign folder is.
func classify(file string) campaignPath {
	switch file {
	case CampaignFile, MapFile:
		return campaignPath{kind: kindWarmaster}
	case StateFile, JournalFile, ReadmeFile:
		return campaignPath{kind: kindWritten}
	}
	if engineProfileRE.MatchString(file) {
		return campaignPath{kind: kindWarmaster} // engines/<profile>.toml: war-engine profiles
	}
	if writtenRE.MatchString(file) {
		return campaignPath{kind: kindWritten}
	}
	if m := setupRE.FindStringSubmatch(file); m != nil {
		return campaignPath{kind: kindSetup, name: m[1]}
	}
	if m := tiebreakRE.FindStringSubmatch(file); m != nil {
		phase, _ := strconv.Atoi(m[1])
		return campaignPath{kind: kindTiebreak, phase: phase}
	}
	m := phaseInputRE.FindStringSubmatch(file)
	if m == nil {
		return campaignPath{kind: kindOther}
	}
	// Only orders are sealed (orders/<login>.toml.age).
	if m[4] != "" && m[2] != "orders" {
		return campaignPath{kind: kindOther}
	}
	phase, _ := strconv.Atoi(m[1])
	return campaignPath{kind: phaseInputKinds[m[2]], phase: phase, name: m[3], dir: m[2]}
}

// WarmasterFile reports whether a file of a campaign folder (a slash path
// relative to it) is the Warmaster's: campaign.toml, map.toml, a war-engine
// profile.
func WarmasterFile(file string) bool { return classify(file).kind == kindWarmaster }

// step is the input step that consumes a player's file; false for files
// no step consumes.
func (p campaignPath) step() (Step, bool) {
	switch p.kind {
	case kindSetup:
		return StepSetup, true
	case kindOrders:
		return StepOperations, true
	case kindResults:
		return StepBattles, true
	case kindMoves:
		return StepMoves, true
	case kindBuilds:
		return StepBuilds, true
	case kindTiebreak:
		return StepTiebreak, true
	case kindEvents:
		return StepEvents, true
	}
	return 0, false
}
