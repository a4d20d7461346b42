package folder

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder/owntoml"
)

// What a step used never changes. Once a step has run, the parts of
// campaign.toml and map.toml it used are history: the [dice] seed or
// commitment (the Warmaster, who knows the next step's inputs, could
// otherwise try keys until the dice suited them — what the commitment
// promises cannot happen), the [rules] options, the time_zone, map.toml, and each
// phase's [[forced_events]] once its events were generated (its battles
// step). The journal's last entry of each run records their digests
// (`used`, one line each: the part, a space, its SHA-256), and every load
// refuses a campaign whose parts differ: advance writes nothing, and the
// pull-request check says which part, whoever changed it. The roster is
// not one: players join and leave through [[roster_changes]], which the
// state counts.

// UsedPart is one part of the campaign that steps used, by name, and its
// content as canonical JSON (keys sorted), so that neither layout nor
// comments count as a change.
type UsedPart struct {
	Name string
	File string // the file it is in
	JSON []byte
}

// UsedParts are the parts of a campaign's files (decoded) that steps have
// used, when generated reports which of its phases (1 to phases) had
// their events generated.
func UsedParts(campaign, campaignMap map[string]any, phases int, generated func(phase int) bool) []UsedPart {
	canon := func(v any) []byte {
		b, err := json.Marshal(v)
		if err != nil {
			return []byte(fmt.Sprint(v)) // a value JSON cannot hold: its text
		}
		return b
	}
	parts := []UsedPart{
		{"[dice]", processor.CampaignFile, canon(campaign["dice"])},
		{"[rules]", processor.CampaignFile, canon(campaign["rules"])},
		{"map.toml", processor.MapFile, canon(campaignMap)},
	}
	if z, ok := campaign["time_zone"]; ok {
		// Every time the reports show is in it (and a played without a
		// zone is read in it).
		parts = append(parts, UsedPart{"time_zone", processor.CampaignFile, canon(z)})
	}
	// Each phase's [[forced_events]], in file order (read back from JSON:
	// whatever types the decoder gave them).
	var list []map[string]any
	_ = json.Unmarshal(canon(campaign["forced_events"]), &list)
	for p := 1; p <= phases; p++ {
		if !generated(p) {
			continue
		}
		var of []map[string]any
		for _, e := range list {
			if n, _ := e["phase"].(float64); int(n) == p {
				of = append(of, e)
			}
		}
		parts = append(parts, UsedPart{fmt.Sprintf("phase %d's [[forced_events]]", p), processor.CampaignFile, canon(of)})
	}
	return parts
}

// UsedLines are the journal's `used` lines for parts.
func UsedLines(parts []UsedPart) []string {
	out := make([]string, len(parts))
	for i, p := range parts {
		sum := sha256.Sum256(p.JSON)
		out[i] = p.Name + " " + hex.EncodeToString(sum[:])
	}
	return out
}

// Generated reports the phases whose events the journal's steps generated
// (their battles step applied).
func Generated(steps []owntoml.JournalEntry) func(int) bool {
	g := map[int]bool{}
	for _, e := range steps {
		if e.Step == processor.StepBattles {
			g[e.Phase] = true
		}
	}
	return func(p int) bool { return g[p] }
}

// checkUsed refuses parts that differ from what the journal's last record
// of them says (journals written before it have none: nothing to hold).
func checkUsed(steps []owntoml.JournalEntry, parts []UsedPart, fs *processor.Faults) {
	var recorded []string
	at := -1
	for i := len(steps) - 1; i >= 0; i-- {
		if len(steps[i].Used) > 0 {
			recorded, at = steps[i].Used, i
			break
		}
	}
	if at < 0 {
		return
	}
	now := map[string]string{}
	files := map[string]string{}
	for i, l := range UsedLines(parts) {
		name, sum := splitUsed(l)
		now[name], files[name] = sum, parts[i].File
	}
	last := StepAt{steps[len(steps)-1].Phase, steps[len(steps)-1].Step}
	for _, l := range recorded {
		name, sum := splitUsed(l)
		if got, ok := now[name]; ok && got != sum {
			fs.Add(processor.Src{File: files[name]}, "%s changed after the steps applied so far used it (the last is %s): what a step used never changes, for anyone — the dice could otherwise be chosen, and the campaign no longer replays; restore it as it was (git log -p %s shows the change)", name, last, files[name])
		}
	}
}

func splitUsed(line string) (name, sum string) {
	i := strings.LastIndexByte(line, ' ')
	if i < 0 {
		return line, ""
	}
	return line[:i], line[i+1:]
}
