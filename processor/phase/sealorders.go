package phase

import (
	"fmt"
	"path/filepath"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/seal"
)

// The seal transaction: a player's orders are checked, encrypted and
// replace their plaintext, under the folder's lock.
//
// It is here rather than in seal, which holds the encryption: checking the
// orders first is Check (once sealed, nobody can check them before the
// reveal), and the lock that keeps an advance from consuming them in
// between is the Edit's; seal imports nothing of the module and must stay
// so. Nor above, in trust: phase is the lowest package that has all it
// needs (Check, Edit, folder's CampaignID and seal), beside the reveal that
// opens what this seals; trust says who may change what, and sealing asks
// none of it.

// OrdersFaultsError is SealOrders refusing orders that do not pass the
// check: Err is what Check says of the file (an *InvalidError, faults
// relative to the campaign folder). Nothing was written.
type OrdersFaultsError struct{ Err error }

func (e *OrdersFaultsError) Error() string { return e.Err.Error() }
func (e *OrdersFaultsError) Unwrap() error { return e.Err }

// SealOrders seals the orders file rel (folder.IsOrdersFile) of the campaign in
// dir to its [secrecy] recipient: checked first exactly as `check DIR
// FILE` would at opt, then encrypted, bound to rel+seal.SealedExt of this
// campaign, which replaces rel at once (never both, never neither). A
// refusal of the orders themselves is an *OrdersFaultsError.
func SealOrders(dir, rel string, opt Options) error {
	// The folder's lock is held from the check to the write: no advance
	// consumes the orders in between.
	edit, err := OpenEdit(dir)
	if err != nil {
		return fmt.Errorf("seal: %w", err)
	}
	defer edit.Close()
	// Exactly what `check DIR FILE` says about the file: once sealed, nobody
	// can check it before the reveal. (It is read after: one too large is
	// refused by the check, where it passes its limit.)
	f, err := edit.Check(opt)
	if err = processor.OnlyFiles(err, []string{rel}); err != nil {
		return &OrdersFaultsError{err}
	}
	plain, err := edit.ReadFile(rel)
	if err != nil {
		return fmt.Errorf("seal: %w", err)
	}
	if f == nil || f.Campaign == nil {
		return fmt.Errorf("seal: the campaign %s does not load", dir)
	}
	if f.Campaign.Recipient == "" {
		return fmt.Errorf("seal: %s has no [secrecy] recipient: this campaign does not seal orders (the Warmaster adds one to use them); nothing was written", filepath.Join(dir, processor.CampaignFile))
	}
	if cp := folder.Classify(rel); f.OpenTomeOrders(f.State, cp.Phase, rel) { // the check would refuse them sealed
		return fmt.Errorf("seal: An Open Tome: %s's players declare their operations openly in phase %d, so these orders cannot be sealed: commit %s as it is; nothing was written", f.Campaign.PlayerAlliance(processor.Login(cp.Name)), cp.Phase, rel)
	}
	// Bound to this file of this campaign: a copy anywhere else does not open.
	id, err := folder.CampaignID(dir)
	if err != nil {
		return fmt.Errorf("seal: %w", err)
	}
	sealed, err := seal.Seal(plain, f.Campaign.Recipient, id, rel+seal.SealedExt)
	if err != nil {
		return err
	}
	// The sealed file replaces the plaintext at once: never both, never neither.
	if err := edit.Replace(rel+seal.SealedExt, sealed, rel); err != nil {
		return fmt.Errorf("seal: %w", err)
	}
	return nil
}
