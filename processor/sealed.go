package processor

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"filippo.io/age"
	"filippo.io/age/armor"

	"github.com/warmaster/warmaster/schema"
)

// Sealed orders. Orders are secret until 2.1 Reveal in the rules, but the
// campaign repository is readable by every player, so a player may commit
// phases/NN/orders/<login>.toml.age instead of <login>.toml: the orders,
// encrypted with age to campaign.toml's [secrecy] recipient and ASCII-armored.
// Only the Warmaster holds the identity (WARMASTER_AGE_IDENTITY, a secret of
// the merge workflow); `check` and the pull-request check look only at a
// sealed file's name and format, and advance decrypts it at the reveal.

// SealedExt ends a sealed orders file: phases/01/orders/alice.toml.age.
const SealedExt = ".age"

// ErrNoAgeIdentity: sealed orders are due at 2.1 Reveal and the run was given
// no identity to decrypt them with.
var ErrNoAgeIdentity = errors.New("no age identity to decrypt sealed orders with")

// ageMagic begins every age file (once the armor is taken off).
const ageMagic = "age-encryption.org/v1\n"

// Seal encrypts orders to an age X25519 recipient (age1…), ASCII-armored:
// the contents of a <login>.toml.age file.
func Seal(plaintext []byte, recipient string) ([]byte, error) {
	rc, err := age.ParseX25519Recipient(recipient)
	if err != nil {
		return nil, fmt.Errorf("seal: recipient %q: %w", recipient, err)
	}
	var buf bytes.Buffer
	aw := armor.NewWriter(&buf)
	w, err := age.Encrypt(aw, rc)
	if err != nil {
		return nil, fmt.Errorf("seal: %w", err)
	}
	if _, err := w.Write(plaintext); err != nil {
		return nil, fmt.Errorf("seal: %w", err)
	}
	// The age writer first (it flushes the last chunk), then the armor.
	if err := w.Close(); err != nil {
		return nil, fmt.Errorf("seal: %w", err)
	}
	if err := aw.Close(); err != nil {
		return nil, fmt.Errorf("seal: %w", err)
	}
	return buf.Bytes(), nil
}

// sealedFormat checks what can be checked of a sealed file without the
// identity: the armor and the age header line. It says what is wrong, or "".
func sealedFormat(data []byte) string {
	if !bytes.HasPrefix(data, []byte(armor.Header)) {
		return fmt.Sprintf("it does not start with %s (warmaster seal writes an ASCII-armored age file)", armor.Header)
	}
	plain, err := io.ReadAll(armor.NewReader(bytes.NewReader(data)))
	if err != nil {
		return fmt.Sprintf("the armor does not parse (%v): truncated or edited? seal the orders again", err)
	}
	if !bytes.HasPrefix(plain, []byte(ageMagic)) {
		return "the armor holds no age file: seal the orders again with warmaster seal"
	}
	return ""
}

// ageIdentities parses the identity given to the run — an AGE-SECRET-KEY-1…
// line, or a whole age-keygen key file — and checks that it is the one of
// campaign.toml's recipient: a wrong secret would otherwise turn every
// player's sealed orders into Logistical Auxilia.
func ageIdentities(text, recipient string) ([]age.Identity, error) {
	if strings.TrimSpace(text) == "" {
		return nil, ErrNoAgeIdentity
	}
	ids, err := age.ParseIdentities(strings.NewReader(text))
	if err != nil {
		// Not quoted: the text is a secret.
		return nil, fmt.Errorf("the age identity (WARMASTER_AGE_IDENTITY) does not parse: give the AGE-SECRET-KEY-1… line age-keygen wrote: %v", redact(err))
	}
	var have []string
	for _, id := range ids {
		if x, ok := id.(*age.X25519Identity); ok {
			r := x.Recipient().String()
			if r == recipient {
				return ids, nil
			}
			have = append(have, r)
		}
	}
	return nil, fmt.Errorf("the age identity (WARMASTER_AGE_IDENTITY) is not the one of campaign.toml's [secrecy] recipient %s (its recipient is %s): set the secret to the identity that goes with it", recipient, strings.Join(have, ", "))
}

// redact keeps a parse error from echoing the secret it failed to parse.
func redact(err error) string {
	s := err.Error()
	if i := strings.Index(s, "AGE-SECRET-KEY-"); i >= 0 {
		return s[:i] + "…"
	}
	return s
}

// unsealError is why a player's sealed orders are not used.
type unsealError struct {
	file   string  // the file at fault: the sealed one, or the decrypted orders
	sealed string  // the sealed file
	err    error   // could not be decrypted
	faults []Fault // the decrypted orders' faults
}

// unseal is the first half of 2.1 Reveal Alliance Operations: every sealed
// orders file of the phase is decrypted, written next to it as <login>.toml
// (committed with the rest of the run) and read like any orders file. An
// order that cannot be used — a file that does not decrypt, or decrypted
// orders with any fault — does not stop the run: nobody could check it before
// the reveal, so that player's fleets perform Logistical Auxilia and step 1's
// report says why. It reports stop when the run must end here: a dry run
// (check), which never decrypts.
func (r *run) unseal() (stop bool, err error) {
	s := r.s
	r.rejected = map[Login]*unsealError{}
	sealed := r.f.sealed[s.Phase]
	var files []string
	for _, l := range r.c.Commanders() {
		if file, ok := sealed[l]; ok {
			files = append(files, file)
		}
	}
	if len(files) == 0 {
		return false, nil
	}
	if r.opt.noReveal {
		return true, nil
	}
	ids, err := ageIdentities(r.opt.AgeIdentity, r.c.Recipient)
	if errors.Is(err, ErrNoAgeIdentity) {
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
		plain := InputPath(s.Phase, "orders", string(login))
		data, err := decrypt(r.f.Text(file), ids)
		if err != nil {
			r.rejected[login] = &unsealError{file: file, sealed: file, err: err}
			continue
		}
		r.out[plain] = data
		r.f.text[plain] = data // for positions and the journal's digest
		var fs faults
		if doc, sf := schema.Decode(schema.Orders, data); len(sf) > 0 {
			fs.addSchema(plain, sf)
		} else {
			list := checker{c: r.c, fs: &fs}.decodeOrders(login, obj{doc, Src{File: plain}})
			if fs.empty() {
				r.validatePlayerOrders(login, list, &fs)
			}
			if fs.empty() {
				ensure(r.f.Orders, s.Phase)[login] = list
				continue
			}
		}
		var inv *InvalidError
		errors.As(fs.err(r.f.Text), &inv)
		r.rejected[login] = &unsealError{file: plain, sealed: file, faults: inv.Faults}
	}
	return false, nil
}

func decrypt(data []byte, ids []age.Identity) ([]byte, error) {
	d, err := age.Decrypt(armor.NewReader(bytes.NewReader(data)), ids...)
	if err != nil {
		return nil, err
	}
	return io.ReadAll(d)
}

// reportRejected says, in step 1's report, whose sealed orders were not used and why.
func (r *run) reportRejected() {
	for _, login := range r.c.Commanders() {
		u, ok := r.rejected[login]
		if !ok {
			continue
		}
		fleets := oneOf(r.c.FleetsOf(login))
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
		r.sec.Para("**%s's sealed orders are not used**: `%s` (decrypted from `%s`) is invalid, so %s's fleets (%s) perform Logistical Auxilia:",
			login, u.file, strings.TrimPrefix(u.sealed, PhaseDir(r.s.Phase)+"/orders/"), login, fleets)
		r.sec.List(faultLines(u.faults))
	}
}
