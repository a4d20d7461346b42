package processor

import (
	"fmt"
	"slices"
)

// medalFile is one medal in state.toml's [end.medals.<medal>].
type medalFile struct {
	Alliance string         `toml:"alliance,omitempty"`
	Players  []string       `toml:"players,omitempty"`
	How      string         `toml:"how"`
	Scores   map[string]int `toml:"scores,omitempty"`
}

func encodeMedals(awards []MedalAward) map[string]medalFile {
	if len(awards) == 0 {
		return nil
	}
	out := map[string]medalFile{}
	for _, aw := range awards {
		mf := medalFile{Alliance: string(aw.Alliance), How: aw.How, Scores: map[string]int{}}
		for _, l := range aw.Players {
			mf.Players = append(mf.Players, string(l))
		}
		for a, v := range aw.Scores {
			mf.Scores[string(a)] = v
		}
		out[aw.Medal.String()] = mf
	}
	return out
}

func decodeMedals(c *Campaign, m map[string]medalFile, at Src, bad func(Src, string, ...any)) []MedalAward {
	var out []MedalAward
	for _, id := range sortedKeys(m) {
		mf := m[id]
		var medal Medal
		if err := medal.UnmarshalText([]byte(id)); err != nil {
			bad(at.At(id), "%v", err)
			continue
		}
		aw := MedalAward{Medal: medal, Alliance: AllianceID(mf.Alliance), How: mf.How, Scores: map[AllianceID]int{}}
		if aw.Alliance != "" && !c.HasAlliance(aw.Alliance) {
			bad(at.At(id, "alliance"), "unknown alliance %q", mf.Alliance)
		}
		for _, l := range mf.Players {
			aw.Players = append(aw.Players, Login(l))
		}
		for a, v := range mf.Scores {
			aw.Scores[AllianceID(a)] = v
		}
		out = append(out, aw)
	}
	slices.SortFunc(out, func(x, y MedalAward) int { return int(x.Medal) - int(y.Medal) })
	return out
}

// MedalsWon reads a campaign folder that has ended and returns its Campaign
// Medals and the campaign's name, for `warmaster init --medals-from`. Faults
// in its player inputs do not matter; its campaign, map and state must read.
func MedalsWon(dir string) ([]MedalAward, string, error) {
	f, fs, err := loadDir(dir)
	if err != nil {
		return nil, "", err
	}
	if f == nil {
		return nil, "", fs.err(func(string) []byte { return nil })
	}
	s := f.State
	switch {
	case s.Step == StepTiebreak:
		return nil, "", fmt.Errorf("%s has not ended: it waits for the final battle (%s)", dir, TiebreakPath(s.Phase))
	case s.Step == StepSetup:
		return nil, "", fmt.Errorf("%s has not ended: it is setting up; its Campaign Medals are awarded at the End of the Campaign", dir)
	case s.Step != StepEnded || s.End == nil:
		return nil, "", fmt.Errorf("%s has not ended: it is in phase %d, step %s; its Campaign Medals are awarded at the End of the Campaign", dir, s.Phase, s.Step)
	}
	return s.End.Medals, f.Campaign.Name, nil
}
