package folder

import (
	"path"
	"regexp"
	"slices"
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

// Holding is files and, for each that Warmaster reads nothing at (one in a
// misnamed folder, phases/01/result/x.toml, or in a phase the campaign of
// phases phases does not have), the folders above it, whose faults say
// where it belongs: what a check of the named files alone shows
// (processor.OnlyFiles). A file Warmaster reads is not blamed for its
// folder's faults, which are about the other files there.
func Holding(files []string, phases int) []string {
	out := slices.Clone(files)
	for _, f := range files {
		if cp := Classify(f); cp.Kind != KindOther && (cp.Phase == 0 && !strings.HasPrefix(f, "phases/") || cp.Phase >= 1 && cp.Phase <= phases) {
			continue
		}
		for d := path.Dir(f); d != "." && d != "/"; d = path.Dir(d) {
			out = append(out, d)
		}
	}
	return out
}

// CampaignPath is a path of a campaign folder, classified.
type CampaignPath struct {
	Kind  fileKind
	Phase int    // the phase of a phase file
	Name  string // the login, alliance or battle the file is named after
	Dir   string // the phase folder's sub-folder: orders, results, ...
}

var phaseInputKinds = map[string]fileKind{
	"orders": KindOrders, "results": KindResults, "moves": KindMoves, "builds": KindBuilds, "events": KindEvents,
	"confirmations": KindConfirmation, "rulings": KindRuling,
}

// ordersFileRE is a plaintext orders file, relative to its campaign folder.
var ordersFileRE = regexp.MustCompile(`^phases/[0-9]{2,3}/orders/[^/]+\.toml$`)

// IsOrdersFile reports whether rel, a slash path in a campaign folder, is a
// plaintext orders file, which `warmaster seal` takes:
// phases/NN/orders/<login>.toml.
func IsOrdersFile(rel string) bool { return ordersFileRE.MatchString(rel) }

// Classify says what a slash path relative to the campaign folder is:
//
//	campaign.toml, map.toml, engines/<name>.toml       the Warmaster's
//	state.toml, journal.toml, README.md,
//	phases/NN/report.md, phases/NN/battles/<any>       written by warmaster
//	setup/<name>.toml                                  a set-up
//	phases/NN/seen.toml, phases/NN/tiebreak.toml
//	phases/NN/<orders|results|...>/<name>.toml         a phase input
//	phases/NN/orders/<name>.toml.age                   sealed orders
//
// where NN is two or three digits and <name> is not empty and holds no
// slash. It is read by hand rather than by regular expressions: every
// load classifies every file, and a replay every journal input of every
// run (TestClassifyAsPatterns holds it to the patterns it replaced).
func Classify(file string) CampaignPath {
	switch file {
	case processor.CampaignFile, processor.MapFile:
		return CampaignPath{Kind: KindWarmaster}
	case processor.StateFile, processor.JournalFile, processor.ReadmeFile:
		return CampaignPath{Kind: KindWritten}
	}
	if rest, ok := strings.CutPrefix(file, "engines/"); ok {
		if _, ok := tomlName(rest); ok {
			return CampaignPath{Kind: KindWarmaster} // war-engine profiles
		}
		return CampaignPath{Kind: KindOther}
	}
	if rest, ok := strings.CutPrefix(file, "setup/"); ok {
		if name, ok := tomlName(rest); ok {
			return CampaignPath{Kind: KindSetup, Name: name}
		}
		return CampaignPath{Kind: KindOther}
	}
	phase, rest, ok := phaseOf(file)
	if !ok {
		return CampaignPath{Kind: KindOther}
	}
	switch rest {
	case "report.md":
		return CampaignPath{Kind: KindWritten}
	case "seen.toml":
		return CampaignPath{Kind: KindSeen, Phase: phase}
	case "tiebreak.toml":
		return CampaignPath{Kind: KindTiebreak, Phase: phase}
	}
	dir, base, ok := strings.Cut(rest, "/")
	if !ok {
		return CampaignPath{Kind: KindOther}
	}
	if dir == "battles" {
		// Battle sheets: anything below battles/ on one line.
		if base != "" && !strings.Contains(base, "\n") {
			return CampaignPath{Kind: KindWritten}
		}
		return CampaignPath{Kind: KindOther}
	}
	kind, ok := phaseInputKinds[dir]
	if !ok {
		return CampaignPath{Kind: KindOther}
	}
	// Only orders are sealed (orders/<login>.toml.age).
	if name, ok := strings.CutSuffix(base, ".toml.age"); ok && name != "" && !strings.Contains(name, "/") {
		if dir != "orders" {
			return CampaignPath{Kind: KindOther}
		}
		return CampaignPath{Kind: kind, Phase: phase, Name: name, Dir: dir}
	}
	name, ok := tomlName(base)
	if !ok {
		return CampaignPath{Kind: KindOther}
	}
	return CampaignPath{Kind: kind, Phase: phase, Name: name, Dir: dir}
}

// tomlName is <name> of "<name>.toml": not empty, without a slash.
func tomlName(s string) (string, bool) {
	name, ok := strings.CutSuffix(s, ".toml")
	return name, ok && name != "" && !strings.Contains(name, "/")
}

// phaseOf splits "phases/NN/<rest>" (NN two or three digits).
func phaseOf(file string) (phase int, rest string, ok bool) {
	s, ok := strings.CutPrefix(file, "phases/")
	if !ok {
		return 0, "", false
	}
	digits, rest, ok := strings.Cut(s, "/")
	if !ok || len(digits) < 2 || len(digits) > 3 {
		return 0, "", false
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return 0, "", false
		}
		phase = phase*10 + int(digits[i]-'0')
	}
	return phase, rest, true
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

// NoSuchStep reports whether p is an input of a step its phase never has:
// the events, moves or builds of the last of a campaign's phases, which
// ends after its battles. No state makes such a file due, nor its step
// processed: it is late whenever it comes (Folder.RefuseLate says so).
func (p CampaignPath) NoSuchStep(phases int) bool {
	return (p.Kind == KindEvents || p.Kind == KindMoves || p.Kind == KindBuilds) && p.Phase == phases
}
