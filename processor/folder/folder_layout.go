package folder

import (
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/warmaster/warmaster/processor"
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
	if _, ok := Classify(p).Step(); !ok || Classify(p).Kind == KindWritten {
		return "is not an input file (setup/<alliance>.toml or phases/NN/orders|results|moves|builds|events|confirmations|rulings/<name>.toml)"
	}
	return ""
}

// fileKind is what a path of a campaign folder is, by name alone.
type fileKind int

const (
	KindOther        fileKind = iota // not a file of the v1 contract
	KindWarmaster                    // campaign.toml, map.toml
	KindWritten                      // state, journal, README, reports, battle sheets
	KindSetup                        // setup/<alliance>.toml
	KindOrders                       // phases/NN/orders/<login>.toml (or sealed: .toml.age)
	KindResults                      // phases/NN/results/<battle>.toml
	KindMoves                        // phases/NN/moves/<login>.toml
	KindBuilds                       // phases/NN/builds/<alliance>.toml
	KindEvents                       // phases/NN/events/<alliance>.toml
	KindTiebreak                     // phases/NN/tiebreak.toml
	KindConfirmation                 // phases/NN/confirmations/<battle>.toml: the other side's confirmation or dispute of a result
	KindRuling                       // phases/NN/rulings/<battle>.toml: the Warmaster's ruling on a disputed result
	KindSeen                         // phases/NN/seen.toml: when advance first saw each result (written by warmaster, never replayed)
)

// CampaignPath is a path of a campaign folder, classified.
type CampaignPath struct {
	Kind  fileKind
	Phase int    // the phase of a phase file
	Name  string // the login, alliance or battle the file is named after
	Dir   string // the phase folder's sub-folder: orders, results, ...
}

var (
	phaseInputRE = regexp.MustCompile(`^phases/([0-9]{2,3})/(orders|results|moves|builds|events|confirmations|rulings)/([^/]+?)\.toml(\.age)?$`)
	seenRE       = regexp.MustCompile(`^phases/([0-9]{2,3})/seen\.toml$`)
	writtenRE    = regexp.MustCompile(`^phases/[0-9]{2,3}/(report\.md|battles/.+)$`)
	setupRE      = regexp.MustCompile(`^setup/([^/]+)\.toml$`)
	tiebreakRE   = regexp.MustCompile(`^phases/([0-9]{2,3})/tiebreak\.toml$`)
)

var phaseInputKinds = map[string]fileKind{
	"orders": KindOrders, "results": KindResults, "moves": KindMoves, "builds": KindBuilds, "events": KindEvents,
	"confirmations": KindConfirmation, "rulings": KindRuling,
}

// Classify says what a slash path relative to the campaign folder is.
func Classify(file string) CampaignPath {
	switch file {
	case processor.CampaignFile, processor.MapFile:
		return CampaignPath{Kind: KindWarmaster}
	case processor.StateFile, processor.JournalFile, processor.ReadmeFile:
		return CampaignPath{Kind: KindWritten}
	}
	if engineProfileRE.MatchString(file) {
		return CampaignPath{Kind: KindWarmaster} // engines/<profile>.toml: war-engine profiles
	}
	if writtenRE.MatchString(file) {
		return CampaignPath{Kind: KindWritten}
	}
	if m := setupRE.FindStringSubmatch(file); m != nil {
		return CampaignPath{Kind: KindSetup, Name: m[1]}
	}
	if m := seenRE.FindStringSubmatch(file); m != nil {
		phase, _ := strconv.Atoi(m[1])
		return CampaignPath{Kind: KindSeen, Phase: phase}
	}
	if m := tiebreakRE.FindStringSubmatch(file); m != nil {
		phase, _ := strconv.Atoi(m[1])
		return CampaignPath{Kind: KindTiebreak, Phase: phase}
	}
	m := phaseInputRE.FindStringSubmatch(file)
	if m == nil {
		return CampaignPath{Kind: KindOther}
	}
	// Only orders are sealed (orders/<login>.toml.age).
	if m[4] != "" && m[2] != "orders" {
		return CampaignPath{Kind: KindOther}
	}
	phase, _ := strconv.Atoi(m[1])
	return CampaignPath{Kind: phaseInputKinds[m[2]], Phase: phase, Name: m[3], Dir: m[2]}
}

// WarmasterFile reports whether a file of a campaign folder (a slash path
// relative to it) is the Warmaster's: campaign.toml, map.toml, a war-engine
// profile.
func WarmasterFile(file string) bool { return Classify(file).Kind == KindWarmaster }

// Step is the input step that consumes a player's file; false for files
// no step consumes.
func (p CampaignPath) Step() (processor.Step, bool) {
	switch p.Kind {
	case KindSetup:
		return processor.StepSetup, true
	case KindOrders:
		return processor.StepOperations, true
	case KindResults, KindConfirmation, KindRuling:
		return processor.StepBattles, true
	case KindMoves:
		return processor.StepMoves, true
	case KindBuilds:
		return processor.StepBuilds, true
	case KindTiebreak:
		return processor.StepTiebreak, true
	case KindEvents:
		return processor.StepEvents, true
	}
	return 0, false
}
