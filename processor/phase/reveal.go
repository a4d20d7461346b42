package phase

import (
	"errors"
	"fmt"
	"strings"

	"filippo.io/age"
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/report"
	"github.com/warmaster/warmaster/processor/seal"
	"github.com/warmaster/warmaster/schema"
)

// unsealError is why a player's sealed orders are not used.
type unsealError struct {
	file   string            // the file at fault: the sealed one, or the decrypted orders
	sealed string            // the sealed file
	err    error             // could not be decrypted, or not as this file
	faults []processor.Fault // the decrypted orders' faults
	// ops are the operations not used, when the others are: every fault
	// is in one of the orders' [[operations]] entries.
	ops []processor.Order
	// unbound: decrypted, but not sealed as this file of this campaign.
	unbound bool
}

// unseal is the first half of 2.1 Reveal Alliance Operations: every sealed
// orders file of the phase is decrypted, written next to it as <login>.toml
// (committed with the rest of the run) and read like any orders file. An
// order that cannot be used — a file that does not decrypt, or decrypted
// orders with a fault — does not stop the run: nobody could check it before
// the reveal, so that player's fleets perform Logistical Auxilia and step 1's
// report says why; when every fault is in an [[operations]] entry, only
// those entries' fleets do, and the other operations are used. It reports stop when the run must end here: a dry run
// (check), which never decrypts.
func (r *run) unseal() (stop bool, err error) {
	defer func() { r.edified = nil }() // the orders' outcomes' map (operations.go), as the orders so far leave it
	s := r.s
	r.rejected = map[processor.Login]*unsealError{}
	sealed := r.f.Sealed[s.Phase]
	var files []string
	for _, l := range r.c.Commanders() {
		if file, ok := sealed[l]; ok {
			files = append(files, file)
		}
	}
	if len(files) == 0 {
		return false, nil
	}
	if r.mode.noReveal {
		return true, nil
	}
	ids, err := seal.AgeIdentities(r.opt.AgeIdentity, r.c.Recipient)
	if errors.Is(err, seal.ErrNoAgeIdentity) {
		verb := "is"
		if len(files) > 1 {
			verb = "are"
		}
		return false, fmt.Errorf("%w: phase %d's 2.1 Reveal is due and %s %s sealed; set WARMASTER_AGE_IDENTITY to the identity of campaign.toml's [secrecy] recipient (nothing was written)", err, s.Phase, strings.Join(files, ", "), verb)
	}
	if err != nil {
		return false, err
	}
	for _, login := range r.c.Commanders() {
		file, ok := sealed[login]
		if !ok {
			continue
		}
		plain := processor.InputPath(s.Phase, "orders", string(login))
		data, err := seal.Decrypt(r.f.Text(file), ids)
		if err != nil {
			r.rejected[login] = &unsealError{file: file, sealed: file, err: err}
			continue
		}
		if data, err = seal.OpenSealed(data, r.mode.again.CampaignID, file); err != nil {
			r.rejected[login] = &unsealError{file: file, sealed: file, err: err, unbound: true}
			continue
		}
		r.out[plain] = output{data: data}
		r.f.Texts[plain] = data // for positions and the journal's digest
		var fs processor.Faults
		if doc, sf := schema.Decode(schema.Orders, data); len(sf) > 0 {
			fs.AddLayout(plain, processor.Checker{C: r.c}.WordOutcomes(schema.Orders, data, doc, sf, nil))
		} else {
			list := processor.Checker{C: r.c, Fs: &fs}.DecodeOrders(login, processor.NewObj(doc, processor.Src{File: plain}))
			orders := folder.Ensure(r.f.Orders, s.Phase)
			orders[login], r.edified = list, nil // its own Raise Edifices count for its outcome choices, as when it sealed them
			if fs.Empty() {
				r.validatePlayerOrders(login, list, false, &fs)
			}
			if fs.Empty() {
				continue
			}
			delete(orders, login)
			// An operation with a fault is not used, and its fleet performs
			// Logistical Auxilia (Select Operations' default for a fleet
			// without one); the others are, once checked in full.
			if keep, ops, ok := processor.SplitOperations(list, fs.List); ok {
				var more processor.Faults
				orders[login], r.edified = keep, nil
				r.validatePlayerOrders(login, keep, false, &more)
				if more.Empty() {
					var inv *processor.InvalidError
					errors.As(fs.Err(r.f.Text), &inv)
					r.rejected[login] = &unsealError{file: plain, sealed: file, faults: inv.Faults, ops: ops}
					continue
				}
				delete(orders, login)
				fs.List = append(fs.List, more.List...)
			}
		}
		var inv *processor.InvalidError
		errors.As(fs.Err(r.f.Text), &inv)
		r.rejected[login] = &unsealError{file: plain, sealed: file, faults: inv.Faults}
	}
	return false, nil
}

// reportRejected says, in step 1's report, whose sealed orders were not used and why.
func (r *run) reportRejected() {
	for _, login := range r.c.Commanders() {
		u, ok := r.rejected[login]
		if !ok {
			continue
		}
		fleets := report.OneOf(r.c.FleetsOf(login))
		if u.unbound {
			r.sec.Para("**%s's sealed orders are not used**: `%s` %s; so %s's fleets (%s) perform Logistical Auxilia.",
				login, u.file, u.err, login, fleets)
			continue
		}
		if u.err != nil {
			why := u.err.Error()
			var nm *age.NoIdentityMatchError
			if errors.As(u.err, &nm) {
				why = "it was sealed to another key: " + why
			}
			r.sec.Para("**%s's sealed orders are not used**: `%s` could not be decrypted with the campaign's identity (%s), so %s's fleets (%s) perform Logistical Auxilia.",
				login, u.file, why, login, fleets)
			continue
		}
		if u.ops != nil {
			r.sec.Para("**%s's sealed orders are used in part**: `%s` (decrypted from `%s`) has %s, so %s:",
				login, u.file, strings.TrimPrefix(u.sealed, processor.PhaseDir(r.s.Phase)+"/orders/"), report.Plural(len(u.faults), "fault", "faults"), r.operationsDefault(r.s.Phase, login, u.ops))
			r.sec.List(processor.FaultLines(u.faults))
			continue
		}
		r.sec.Para("**%s's sealed orders are not used**: `%s` (decrypted from `%s`) is invalid, so %s's fleets (%s) perform Logistical Auxilia:",
			login, u.file, strings.TrimPrefix(u.sealed, processor.PhaseDir(r.s.Phase)+"/orders/"), login, fleets)
		r.sec.List(processor.FaultLines(u.faults))
	}
}
