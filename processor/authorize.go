package processor

import (
	"path"
	"regexp"
	"strconv"
)

// inputFileRE matches a player's input file; orders may be sealed (.toml.age).
var inputFileRE = regexp.MustCompile(`^phases/([0-9]{2,3})/(orders|results|moves|builds)/([^/]+?)\.toml(\.age)?$`)

// Authorize checks that actor may change each of the files (slash paths
// relative to the campaign folder): a player edits only their own orders and
// moves, their Alliance's set-up and builds, and results of battles their
// Alliance fought; only the Warmaster edits campaign.toml and map.toml;
// nobody edits what the processor writes.
func (f *Folder) Authorize(actor Login, files []string) error {
	var fs faults
	c := f.Campaign
	p, isPlayer := c.PlayerOf(actor)
	for _, file := range files {
		at := Src{File: file}
		deny := func(format string, args ...any) {
			fs.add(at, "%s may not change this file: "+format, append([]any{actor}, args...)...)
		}
		switch {
		case file == CampaignFile || file == MapFile:
			if !isPlayer || !p.Warmaster {
				deny("only the Warmaster edits %s", file)
			}
			continue
		case file == StateFile || file == JournalFile || file == ReadmeFile || path.Base(file) == "report.md" || path.Base(path.Dir(file)) == "battles":
			deny("it is written by the processor, never by hand")
			continue
		}
		if !isPlayer {
			deny("%s is not a player in campaign.toml", actor)
			continue
		}
		if dir, name := path.Split(file); dir == "setup/" {
			if AllianceID(name[:len(name)-len(path.Ext(name))]) != p.Alliance {
				deny("set-up files are their own Alliance's (%s's is setup/%s.toml)", p.Alliance, p.Alliance)
			}
			continue
		}
		m := inputFileRE.FindStringSubmatch(file)
		if m == nil {
			deny("it is not a file players write (orders, results, moves, builds, set-up)")
			continue
		}
		phase, _ := strconv.Atoi(m[1])
		kind, name := m[2], m[3]
		if m[4] != "" && kind != "orders" {
			deny("only orders are sealed (orders/<login>.toml.age)")
			continue
		}
		// Sealed orders are authorized by name, like the plaintext file.
		switch kind {
		case "orders", "moves":
			if Login(name) != actor {
				deny("%s files are each player's own (yours is %s)", kind, InputPath(phase, kind, string(actor)))
			}
		case "builds":
			if AllianceID(name) != p.Alliance {
				deny("builds are each Alliance's own (yours is %s)", InputPath(phase, kind, string(p.Alliance)))
			}
		case "results":
			if !f.fought(phase, name, p.Alliance) {
				deny("a result is reported by the Alliances that fought the battle, and %s did not fight %s", p.Alliance, name)
			}
		}
	}
	return fs.err(f.Text)
}

// fought reports whether an Alliance attacked or defended in a battle.
func (f *Folder) fought(phase int, battle string, a AllianceID) bool {
	if fl, ok := f.Campaign.FleetOf(FleetID(battle)); ok && f.Campaign.FleetAlliance(fl.ID) == a {
		return true
	}
	if phase != f.State.Phase {
		return false
	}
	for _, o := range f.State.Orders {
		if o.Op == Battle && string(o.Fleet) == battle && o.Defender == a {
			return true
		}
	}
	return false
}
