package processor

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// ReplayResult says what a replay recomputed.
type ReplayResult struct {
	// Skipped says why nothing could be replayed: a secret it needs is not
	// given (the pull-request check has no secrets; its `check --actor`
	// refuses any edit of a processor-written file instead).
	Skipped string

	Runs    int      // advance runs replayed (journal entries grouped by time)
	Steps   int      // steps replayed
	Checked []string // processor-written files compared, sorted
}

// Replay recomputes the campaign from its set-up and the inputs journal.toml
// records, run by run at the times it records, in a scratch folder, and
// compares every processor-written file with the one in dir byte for byte.
// Any difference — a hand edit of state, journal, reports or battle sheets,
// or an input changed after it was consumed — is a fault (*InvalidError).
func Replay(dir string, opt Options) (*ReplayResult, error) {
	f, err := Load(dir)
	if err != nil {
		return nil, err
	}
	var j struct{ Steps []journalEntry }
	if len(f.Journal) > 0 {
		if j.Steps, err = decodeJournal(f.Journal); err != nil {
			return nil, fmt.Errorf("replay: journal.toml: %w", err)
		}
	}
	if f.Campaign.Commitment != "" && opt.DiceKey == "" && len(j.Steps) > 0 {
		return &ReplayResult{Skipped: "the dice are committed to a secret key: replay needs WARMASTER_DICE_KEY"}, nil
	}
	if opt.AgeIdentity == "" && slices.ContainsFunc(j.Steps, func(e journalEntry) bool {
		return slices.ContainsFunc(e.Inputs, func(in journalInput) bool { return strings.HasSuffix(in.Path, SealedExt) })
	}) {
		return &ReplayResult{Skipped: "sealed orders were revealed: replay needs WARMASTER_AGE_IDENTITY to decrypt them again"}, nil
	}
	// The scratch folder is not the campaign: the runs are the real
	// campaign's, under its identity (sealed orders, dice).
	id, err := CampaignID(dir)
	if err != nil {
		return nil, err
	}
	scratch, err := os.MkdirTemp("", "warmaster-replay-")
	if err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	defer os.RemoveAll(scratch)
	for _, name := range []string{CampaignFile, MapFile} {
		if err := os.WriteFile(filepath.Join(scratch, name), f.Text(name), 0o644); err != nil {
			return nil, fmt.Errorf("replay: %w", err)
		}
	}
	if err := f.copyProfiles(scratch); err != nil { // war-engine profiles, like campaign.toml
		return nil, fmt.Errorf("replay: %w", err)
	}
	var fs faults
	res := &ReplayResult{}
	for i := 0; i < len(j.Steps); {
		// One advance run: the consecutive entries applied at the same time.
		k := i
		for k < len(j.Steps) && j.Steps[k].Applied.Equal(j.Steps[i].Applied) {
			k++
		}
		group := j.Steps[i:k]
		for _, e := range group {
			for _, in := range e.Inputs {
				if in.SHA256 == "" {
					// A file that arrived after its step: only its being
					// there mattered (it was never read), and it may have
					// been removed since.
					if err := writeFileAll(scratch, in.Path, nil); err != nil {
						return nil, fmt.Errorf("replay: %w", err)
					}
					continue
				}
				data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(in.Path)))
				if err != nil {
					fs.add(Src{File: JournalFile}, "the journal's input %s is missing: %v", in.Path, err)
					continue
				}
				if digest(data) != in.SHA256 {
					fs.add(Src{File: in.Path}, "changed since step %s of phase %d consumed it (the journal records sha256 %.12s…)", e.Step, e.Phase, in.SHA256)
				}
				if slices.ContainsFunc(e.Inputs, func(x journalInput) bool { return x.Path == in.Path+SealedExt }) {
					continue // orders decrypted at the reveal: the replay decrypts them again
				}
				if err := writeFileAll(scratch, in.Path, data); err != nil {
					return nil, fmt.Errorf("replay: %w", err)
				}
			}
		}
		if !fs.empty() {
			return nil, fs.err(f.Text)
		}
		o := opt
		o.Now = group[0].Applied
		o.campaignID = id
		// A run journaled before warmaster recorded its dice rolled them as
		// it did then.
		o.legacyDice = slices.ContainsFunc(group, func(e journalEntry) bool { return e.DiceSHA256 == "" })
		o.Progress = nil // one line per run, below, is enough
		if opt.Progress != nil {
			fmt.Fprintf(opt.Progress, "replay: the run of %s (%d steps)\n", o.Now.Format(time.RFC3339), len(group))
		}
		sum, err := Advance(scratch, o)
		if err != nil {
			var inv *InvalidError
			if errors.As(err, &inv) {
				return nil, fmt.Errorf("replay: the run of %s no longer goes through: %w", o.Now.Format("2006-01-02T15:04:05Z07:00"), err)
			}
			return nil, fmt.Errorf("replay: %w", err)
		}
		if sum.Steps != len(group) {
			fs.add(Src{File: JournalFile}, "the run of %s applied %d steps, the replay %d (%s)", o.Now.Format("2006-01-02T15:04:05Z07:00"), len(group), sum.Steps, strings.Join(sum.Applied, "; "))
			return nil, fs.err(f.Text)
		}
		res.Runs++
		res.Steps += len(group)
		i = k
	}
	want, err := processorFiles(scratch)
	if err != nil {
		return nil, err
	}
	have, err := processorFiles(dir)
	if err != nil {
		return nil, err
	}
	for _, p := range union(want, have) {
		res.Checked = append(res.Checked, p)
		a, aerr := os.ReadFile(filepath.Join(dir, filepath.FromSlash(p)))
		b, berr := os.ReadFile(filepath.Join(scratch, filepath.FromSlash(p)))
		switch {
		case berr != nil:
			fs.list = append(fs.list, Fault{File: p, Message: "written by hand: the replay of the journal does not write this file"})
		case aerr != nil:
			fs.list = append(fs.list, Fault{File: p, Message: "missing: the replay of the journal writes this file"})
		case !bytes.Equal(a, b):
			line, got, wantLine := firstDiff(a, b)
			fs.list = append(fs.list, Fault{File: p, Line: line, Col: 1,
				Message: fmt.Sprintf("differs from the replay of the journal (edited by hand?): the file has %q, the replay %q", got, wantLine)})
		}
	}
	return res, fs.err(f.Text)
}

// processorFiles lists the files the processor writes that exist in dir.
func processorFiles(dir string) ([]string, error) {
	var out []string
	for _, p := range []string{StateFile, JournalFile, ReadmeFile} {
		if _, err := os.Stat(filepath.Join(dir, p)); err == nil {
			out = append(out, p)
		}
	}
	err := filepath.WalkDir(filepath.Join(dir, "phases"), func(p string, d fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) {
			return filepath.SkipDir
		}
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		if !d.IsDir() && (path.Base(rel) == "report.md" || path.Base(path.Dir(rel)) == "battles") {
			out = append(out, rel)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	slices.Sort(out)
	return out, nil
}

func union(a, b []string) []string {
	out := slices.Concat(a, b)
	slices.Sort(out)
	return slices.Compact(out)
}

// firstDiff finds the first line where two texts differ (1-based).
func firstDiff(a, b []byte) (int, string, string) {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := 0; i < max(len(la), len(lb)); i++ {
		var x, y string
		if i < len(la) {
			x = la[i]
		}
		if i < len(lb) {
			y = lb[i]
		}
		if x != y || i >= len(la) || i >= len(lb) {
			return i + 1, x, y
		}
	}
	return 1, "", ""
}

func writeFileAll(dir, rel string, data []byte) error {
	p := filepath.Join(dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, data, 0o644)
}
