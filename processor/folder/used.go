package folder

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
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
	Key  string // its key in the file, where a fault points ("" for a whole file)
	JSON []byte
}

// UsedParts are the parts of a campaign's files (decoded) that steps have
// used, when generated reports which of its phases (1 to phases) had
// their events generated.
func UsedParts(campaign map[string]any, mapJSON []byte, phases int, generated func(phase int) bool) []UsedPart {
	canon := canonJSON
	parts := []UsedPart{
		{"[dice]", processor.CampaignFile, "dice", canon(campaign["dice"])},
		{"[rules]", processor.CampaignFile, "rules", canon(rulesOf(campaign))},
		{"map.toml", processor.MapFile, "", mapJSON},
	}
	if z, ok := campaign["time_zone"]; ok {
		// Every time the reports show is in it (and a played without a
		// zone is read in it).
		parts = append(parts, UsedPart{timeZonePart, processor.CampaignFile, timeZonePart, canon(z)})
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
		parts = append(parts, UsedPart{fmt.Sprintf("phase %d's [[forced_events]]", p), processor.CampaignFile, "forced_events", canon(of)})
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

// A correction. Where a Warmaster must put right a [rules] option the
// steps so far were played by, campaign.toml says so: a [[corrections]]
// entry with the [rules] as they were (was) and why. The next run applies
// it: its first journal entry records it (corrected), its report says it,
// and from then on the [rules] are campaign.toml's. A replay plays each
// run before it with the rules as it was (LoadOptions.Corrections); was
// must be what the steps used, which the journal's digest proves. Nothing
// else a step used is ever corrected.

// Correction is one of campaign.toml's [[corrections]].
type Correction struct {
	Part   string         // "[rules]"
	Was    map[string]any // the part as the steps before it used it
	Reason string
}

// Line is the journal's record of the correction.
func (c Correction) Line() string { return c.Part + ": " + c.Reason }

// wholeInts is a correction's was with each whole float an integer: no
// schema types was, so 2.0 may stand for the 2 the steps used (the
// journal's fingerprint, JSON, reads them as one), and the [rules]
// decoders read integers alone.
func wholeInts(was map[string]any) map[string]any {
	out := make(map[string]any, len(was))
	for k, v := range was {
		if n, ok := v.(float64); ok && n == math.Trunc(n) && math.Abs(n) < 1<<53 {
			v = int64(n)
		}
		out[k] = v
	}
	return out
}

// corrections reads campaign.toml's [[corrections]] (decoded, valid).
func corrections(campaign map[string]any) []Correction {
	var out []Correction
	add := func(m map[string]any) {
		c := Correction{Was: map[string]any{}}
		c.Part, _ = m["part"].(string)
		c.Reason, _ = m["reason"].(string)
		if w, ok := m["was"].(map[string]any); ok {
			c.Was = wholeInts(w)
		}
		out = append(out, c)
	}
	switch list := campaign["corrections"].(type) {
	case []map[string]any:
		for _, m := range list {
			add(m)
		}
	case []any:
		for _, e := range list {
			if m, ok := e.(map[string]any); ok {
				add(m)
			}
		}
	}
	return out
}

// Corrected is how many corrections the journal's steps applied.
func Corrected(steps []owntoml.JournalEntry) int {
	n := 0
	for _, e := range steps {
		n += len(e.Corrected)
	}
	return n
}

// checkUsed refuses parts that differ from what the journal's last record
// of them says (journals written before it have none: nothing to hold),
// but for the [rules] a correction puts right (returned: the next run
// applies it).
func checkUsed(steps []owntoml.JournalEntry, parts []UsedPart, corrections []Correction, fs *processor.Faults) *Correction {
	var recorded []string
	at := -1
	for i := len(steps) - 1; i >= 0; i-- {
		if len(steps[i].Used) > 0 {
			recorded, at = steps[i].Used, i
			break
		}
	}
	if at < 0 {
		return nil
	}
	now := map[string]string{}
	src := map[string]processor.Src{timeZonePart: processor.Src{File: processor.CampaignFile}.At(timeZonePart)}
	for i, l := range UsedLines(parts) {
		name, sum := splitUsed(l)
		now[name], src[name] = sum, processor.Src{File: parts[i].File}
		if k := parts[i].Key; k != "" {
			src[name] = src[name].At(k)
		}
	}
	last := StepAt{steps[len(steps)-1].Phase, steps[len(steps)-1].Step}
	var correcting *Correction
	had := map[string]bool{}
	for _, l := range recorded {
		name, sum := splitUsed(l)
		had[name] = true
		got, ok := now[name]
		if !ok && name == timeZonePart {
			fs.Add(src[name], "%s taken out after the steps applied so far used it (the last is %s): those steps read every time in it, so without it the campaign would no longer replay; put it back as it was (git log -p %s shows it)", name, last, processor.CampaignFile)
		}
		if !ok || got == sum {
			continue
		}
		if next := Corrected(steps); name == "[rules]" && next < len(corrections) {
			c := corrections[next]
			if was := UsedLines([]UsedPart{{JSON: canonJSON(c.Was)}}); c.Part == name && strings.HasSuffix(was[0], " "+sum) {
				correcting = &c
				continue
			}
			fs.Add(processor.Src{File: processor.CampaignFile}.At("corrections", next, "was"), "this correction's was is not the [rules] the steps so far used (the journal records their digest, %.12s…): give them exactly as they were, every key written then (one at its default too) and no other (git log -p campaign.toml shows them)", sum)
			continue
		}
		fix := "restore it as it was (git log -p " + src[name].File + " shows the change)"
		if name == "[rules]" {
			fix += ", or, to correct a rule the steps were played by, add a [[corrections]] entry (part = \"[rules]\", was = the [rules] as they were, reason = why): the next step applies it, and its report says so"
		}
		fs.Add(src[name], "%s changed after the steps applied so far used it (the last is %s): what a step used never changes, for anyone — the dice could otherwise be chosen, and the campaign no longer replays; %s", name, last, fix)
	}
	if _, ok := now[timeZonePart]; ok && !had[timeZonePart] {
		fs.Add(src[timeZonePart], "%s added after the steps applied so far were played without one (the last is %s): those steps read every time in UTC, so with it the campaign would no longer replay; take it out (to play in a time zone from the first step on, see docs/organisers.md, \"Another setting a step used was wrong\")", timeZonePart, last)
	}
	return correcting
}

// timeZonePart is the used part a campaign may be without: none is UTC.
const timeZonePart = "time_zone"

func splitUsed(line string) (name, sum string) {
	i := strings.LastIndexByte(line, ' ')
	if i < 0 {
		return line, ""
	}
	return line[:i], line[i+1:]
}

// canonJSON is a decoded value as canonical JSON (keys sorted).
func canonJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		return []byte(fmt.Sprint(v)) // a value JSON cannot hold: its text
	}
	return b
}

// usedOf is what UsedParts, rulesOf and the corrections read of
// campaign.toml as decoded: kept for the run's end, without the players'
// and fleets' tables (a big campaign's most, and nothing a step's `used`
// line hashes).
func usedOf(campaign map[string]any) map[string]any {
	out := map[string]any{}
	for _, k := range []string{"dice", "rules", "time_zone", "forced_events", "corrections"} {
		if v, ok := campaign[k]; ok {
			out[k] = v
		}
	}
	return out
}

// rulesOf is campaign.toml's [rules] as decoded; none is an empty table.
func rulesOf(campaign map[string]any) any {
	if r, ok := campaign["rules"]; ok && r != nil {
		return r
	}
	return map[string]any{}
}
