package trust

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"slices"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/disk"
	"github.com/warmaster/warmaster/processor/folder"
)

// A verified digest: what the advance job's replay has proved, named by
// one SHA-256, so that the next run replays only when something it proved
// has changed since.
//
// Replay proves that every file Warmaster wrote follows from the
// campaign's set-up (campaign.toml, map.toml, the war-engine profiles)
// and the inputs the journal records, as they are. Its verdict depends on
// those files alone (and on the secrets, which advance holds to their
// commitment; and on the campaign folder's name, which binds sealed
// orders and the dice): the same files give the same verdict. The digest
// covers exactly them — the Warmaster's files, every file Warmaster
// writes (seen.toml too), and every input the journal names (a missing
// one as missing) — and not the inputs still to be used, which a replay
// never reads. A run that replays the campaign, or applies steps to a
// campaign so proved, can vouch for the digest of the folder it leaves;
// a later run that finds the same digest among those vouched for has
// nothing to replay.
//
// Who may vouch is the caller's to hold: the advance workflow keeps the
// digests in the GitHub Actions cache, which only runs on the default
// branch write to and a pull request's runs cannot (docs/organisers.md,
// "Replaying before each step").

// verifiedVersion opens the digested text: a change in what the digest
// covers starts a new one, and no old digest matches it.
const verifiedVersion = "warmaster verified digest 1"

// VerifiedDigest is the verified digest of the campaign folder dir as it
// is now.
func VerifiedDigest(dir string) (string, error) {
	f, err := loadHistory(dir)
	if err != nil {
		return "", err
	}
	defer f.Disk.Close()
	return verifiedDigest(dir, f)
}

// verifiedDigest is VerifiedDigest of a folder loaded from dir.
func verifiedDigest(dir string, f *folder.Folder) (string, error) {
	id, err := folder.CampaignID(dir)
	if err != nil {
		return "", err
	}
	covered := map[string]bool{}
	for _, p := range f.Files() {
		switch folder.Classify(p).Kind {
		case folder.KindWarmaster, folder.KindWritten, folder.KindSeen:
			covered[p] = true
		}
	}
	for _, e := range f.JournalSteps {
		for _, in := range e.Inputs {
			covered[in.Path] = true
		}
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\ncampaign %q\n", verifiedVersion, id)
	for _, p := range slices.Sorted(maps.Keys(covered)) {
		what := "missing"
		if f.Disk.IsFile(p) {
			data, err := f.ReadFile(p)
			if err != nil {
				what = "unreadable"
			} else {
				what = folder.Digest(data)
			}
		}
		fmt.Fprintf(h, "%q %s\n", p, what)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// loadHistory loads the campaign folder dir for what replay, verify and
// the verified digest read: the Warmaster's files, what Warmaster wrote,
// and the inputs the journal records. A fault in an input no step has used
// yet is not theirs to refuse: advance sets such a file aside past its
// deadline, and a replay refusing the folder for it would stop the
// advance job (`advance --replay`) on one player's file, the very stall a
// deadline prevents. Every other fault refuses the folder, as Load does.
func loadHistory(dir string) (*folder.Folder, error) {
	d, err := folder.OpenFolder(dir, disk.Read)
	if err != nil {
		return nil, err
	}
	// Loaded under the folder's lock, as LoadDir loads; its folders kept
	// open for what is read of it after (the caller closes f.Disk).
	f, fs, err := folder.LoadFrom(d)
	d.Release()
	if err != nil {
		d.Close()
		return nil, err
	}
	if f == nil {
		d.Close()
		return nil, fs.Err(func(string) []byte { return nil })
	}
	fs.List = slices.DeleteFunc(fs.List, func(x processor.Fault) bool {
		_, input := folder.Classify(x.File).Step()
		_, used := f.ConsumedInputs[x.File]
		return input && folder.Classify(x.File).Kind != folder.KindWritten && !used
	})
	if err := fs.Err(f.Text); err != nil {
		d.Close()
		return nil, err
	}
	return f, nil
}
