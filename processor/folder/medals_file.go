package folder

import (
	"fmt"
	"maps"
	"slices"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder/owntoml"
)

func encodeMedals(awards []processor.MedalAward) map[string]owntoml.MedalFile {
	if len(awards) == 0 {
		return nil
	}
	out := map[string]owntoml.MedalFile{}
	for _, aw := range awards {
		mf := owntoml.MedalFile{Alliance: string(aw.Alliance), How: aw.How, Scores: map[string]int{}}
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

func decodeMedals(c *processor.Campaign, m map[string]owntoml.MedalFile, at processor.Src, bad func(processor.Src, string, ...any)) []processor.MedalAward {
	var out []processor.MedalAward
	for _, id := range slices.Sorted(maps.Keys(m)) {
		mf := m[id]
		var medal processor.Medal
		if err := medal.UnmarshalText([]byte(id)); err != nil {
			bad(at.At(id), "%v", err)
			continue
		}
		aw := processor.MedalAward{Medal: medal, Alliance: processor.AllianceID(mf.Alliance), How: mf.How, Scores: map[processor.AllianceID]int{}}
		if aw.Alliance != "" && !c.HasAlliance(aw.Alliance) {
			bad(at.At(id, "alliance"), "unknown alliance %q", mf.Alliance)
		}
		for _, l := range mf.Players {
			aw.Players = append(aw.Players, processor.Login(l))
		}
		for a, v := range mf.Scores {
			aw.Scores[processor.AllianceID(a)] = v
		}
		out = append(out, aw)
	}
	slices.SortFunc(out, func(x, y processor.MedalAward) int { return int(x.Medal) - int(y.Medal) })
	return out
}

// MedalsWon reads a campaign folder that has ended and returns its Campaign
// Medals and the campaign's name, for `warmaster init --medals-from`. Faults
// in its player inputs do not matter; its campaign, map and state must read.
func MedalsWon(dir string) ([]processor.MedalAward, string, error) {
	f, fs, err := LoadDir(dir)
	if err != nil {
		return nil, "", err
	}
	if f == nil {
		return nil, "", fs.Err(func(string) []byte { return nil })
	}
	s := f.State
	switch {
	case s.Step == processor.StepTiebreak:
		return nil, "", fmt.Errorf("%s has not ended: it waits for the final battle (%s)", dir, processor.TiebreakPath(s.Phase))
	case s.Step == processor.StepSetup:
		return nil, "", fmt.Errorf("%s has not ended: it is setting up; its Campaign Medals are awarded at the End of the Campaign", dir)
	case s.Step != processor.StepEnded || s.End == nil:
		return nil, "", fmt.Errorf("%s has not ended: it is in phase %d, step %s; its Campaign Medals are awarded at the End of the Campaign", dir, s.Phase, s.Step)
	}
	return s.End.Medals, f.Campaign.Name, nil
}
