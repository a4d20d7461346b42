package folder

import (
	"crypto/sha256"
	"fmt"
	"hash"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"

	"github.com/warmaster/warmaster/processor/dice"
	"github.com/warmaster/warmaster/processor/folder/owntoml"
)

// The trust layer of the dice and of sealed orders: what a campaign's
// secrets are bound to. A repository may hold several campaign folders and
// its advance job holds one dice key and one age identity for all of them,
// so each secret serves only the campaign it was made for.

// CampaignID is a campaign's identity: the name of its folder (the base
// name of its absolute, cleaned path: campaigns/war is "war"). Folders in
// one repository's campaigns/ cannot share a name. Sealed orders open only
// in the campaign they were sealed for, and a committed dice key rolls dice
// of its own in each campaign; so renaming a campaign folder changes its
// identity: orders sealed before no longer open, and its dice (with a
// committed key) no longer replay.
func CampaignID(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("the campaign folder %s: %w", dir, err)
	}
	id := filepath.Base(filepath.Clean(abs))
	if id == string(filepath.Separator) || id == "." || id == ".." || id == "" {
		return "", fmt.Errorf("the campaign folder %s has no name to identify the campaign by: put it in a folder of its own", dir)
	}
	// The folder itself, not a link to it: a link named after another
	// campaign would run this one under that campaign's identity (its
	// dice, and every order sealed for it refused).
	if st, err := os.Lstat(abs); err == nil && st.Mode()&fs.ModeSymlink != 0 {
		return "", fmt.Errorf("the campaign folder %s is a symbolic link: give the folder itself (a campaign is identified by its folder's name, and a link would give it another)", dir)
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil && filepath.Base(real) != id {
		return "", fmt.Errorf("the campaign folder %s is %s through a link: give the folder itself (a campaign is identified by its folder's name, and a link would give it another)", dir, real)
	}
	return id, nil
}

// DiceInputs is the digest of a step's inputs that its dice mix in: the
// phase, the step and each input's path and SHA-256, as the journal records
// them, each string after its length (unambiguous, whatever a path holds):
//
//	phase 1
//	step 7:battles
//	input 29:phases/01/results/blue-1.toml 64:<sha256>
//
// Written without fmt: a large campaign's journal holds hundreds of
// thousands of inputs, and every run hashes them all (BenchmarkDiceChain).
func DiceInputs(e owntoml.JournalEntry) [32]byte {
	h := sha256.New()
	b := fmt.Appendf(make([]byte, 0, 64<<10), "phase %d\nstep %d:%s\n", e.Phase, len(e.Step.String()), e.Step)
	for _, in := range e.Inputs {
		b = append(b, "input "...)
		b = appendCounted(b, in.Path)
		b = append(b, ' ')
		b = appendCounted(b, in.SHA256)
		b = append(b, '\n')
		if len(b) > 60<<10 {
			h.Write(b)
			b = b[:0]
		}
	}
	h.Write(b)
	return [32]byte(h.Sum(nil))
}

func appendCounted(b []byte, s string) []byte {
	b = strconv.AppendInt(b, int64(len(s)), 10)
	return append(append(b, ':'), s...)
}

// DiceDigest is the SHA-256 the journal records of a step's dice: each
// die's label, kind and result, in the order rolled.
func DiceDigest(rolls []dice.Roll) string {
	h := sha256.New()
	for _, d := range rolls {
		AddDie(h, d.Label, d.Dice, d.Result)
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}

func AddDie(h hash.Hash, label, kind string, result int) {
	fmt.Fprintf(h, "%q %q %d\n", label, kind, result)
}
