package seal

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"filippo.io/age"
	"filippo.io/age/armor"
)

// Sealed orders. Orders are secret until 2.1 Reveal in the rules, but the
// campaign repository is readable by every player, so a player may commit
// phases/NN/orders/<login>.toml.age instead of <login>.toml: the orders,
// encrypted with age to campaign.toml's [secrecy] recipient and ASCII-armored.
// Only the Warmaster holds the identity (WARMASTER_AGE_IDENTITY, a secret of
// the merge workflow); `check` and the pull-request check look only at a
// sealed file's name and format, and advance decrypts it at the reveal.
//
// What is sealed is bound to the file it was sealed as: a header inside the
// encryption names the campaign (its identity, CampaignID) and the sealed
// file's path, which holds the phase and the login. The advance job holds
// one identity for every campaign of the repository, and anyone can copy a
// sealed file: into a campaign folder of their own making, another phase,
// or under their own login. At the reveal a copy, or a file sealed before
// the binding, is refused as an undecryptable one is, and its plaintext is
// written nowhere. The orders are padded with zero bytes to a multiple of
// sealBucket, so that sealed orders do not tell by their size how many
// operations or words they hold.

// SealedExt ends a sealed orders file: phases/01/orders/alice.toml.age.
const SealedExt = ".age"

// ErrNoAgeIdentity: sealed orders are due at 2.1 Reveal and the run was given
// no identity to decrypt them with.
var ErrNoAgeIdentity = errors.New("no age identity to decrypt sealed orders with")

// ageMagic begins every age file (once the armor is taken off).
const ageMagic = "age-encryption.org/v1\n"

// SealedMagic begins what is sealed (once decrypted): the header's first
// line. Files sealed before the binding hold the orders alone.
const SealedMagic = "warmaster sealed orders v2\n"

// SealBucket: the sealed header, orders and padding are a multiple of it in
// size, so any two ordinary orders files seal to the same length.
const SealBucket = 4096

// Seal encrypts orders to an age X25519 recipient (age1…), ASCII-armored:
// the contents of the sealed orders file file (a slash path in the
// campaign folder: phases/01/orders/alice.toml.age) of the campaign whose
// identity is campaign. Only that file of that campaign opens at the reveal.
func Seal(plaintext []byte, recipient, campaign, file string) ([]byte, error) {
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
	if _, err := w.Write(sealedPlaintext(plaintext, campaign, file)); err != nil {
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

// sealedPlaintext is what Seal encrypts: the header binding the orders to
// their campaign and file and giving their size, a blank line, the orders,
// and zero bytes up to a multiple of sealBucket:
//
//	warmaster sealed orders v2
//	campaign "war"
//	file "phases/01/orders/alice.toml.age"
//	size 181
//
//	<the orders><padding>
func sealedPlaintext(orders []byte, campaign, file string) []byte {
	head := fmt.Sprintf("%scampaign %s\nfile %s\nsize %d\n\n", SealedMagic, strconv.Quote(campaign), strconv.Quote(file), len(orders))
	n := len(head) + len(orders)
	out := make([]byte, n, (n+SealBucket-1)/SealBucket*SealBucket)
	copy(out, head)
	copy(out[len(head):], orders)
	return out[:cap(out)] // the padding: zero bytes
}

// errOlderSeal: a sealed file without the binding, from a warmaster
// before it.
var errOlderSeal = errors.New("was sealed by an older warmaster, which did not bind sealed orders to their file: seal again with warmaster seal")

// errBadSealHeader: decrypted, but not what warmaster seal writes.
var errBadSealHeader = errors.New("does not hold the header warmaster seal writes: seal again with warmaster seal")

// OpenSealed checks what was sealed against the file it is opened as and
// returns the orders; the error says why they are not used, and never
// holds any of them.
func OpenSealed(plain []byte, campaign, file string) ([]byte, error) {
	rest, ok := bytes.CutPrefix(plain, []byte(SealedMagic))
	if !ok {
		return nil, errOlderSeal
	}
	var fields [3]string
	for i, key := range []string{"campaign ", "file ", "size "} {
		line, after, ok := bytes.Cut(rest, []byte("\n"))
		v, isKey := bytes.CutPrefix(line, []byte(key))
		if !ok || !isKey {
			return nil, errBadSealHeader
		}
		fields[i], rest = string(v), after
	}
	gotCampaign, err1 := strconv.Unquote(fields[0])
	gotFile, err2 := strconv.Unquote(fields[1])
	size, err3 := strconv.Atoi(fields[2])
	body, blank := bytes.CutPrefix(rest, []byte("\n"))
	if err1 != nil || err2 != nil || err3 != nil || !blank || size < 0 || size > len(body) || bytes.ContainsFunc(body[size:], func(r rune) bool { return r != 0 }) {
		return nil, errBadSealHeader
	}
	if gotCampaign != campaign || gotFile != file {
		as := "another file"
		if echoable.MatchString(gotCampaign) && echoable.MatchString(gotFile) {
			as = fmt.Sprintf("%s of the campaign %s", gotFile, gotCampaign)
		}
		return nil, fmt.Errorf("was sealed as %s, not as %s of the campaign %s: sealed orders open only as the file they were sealed as, so a copy is never used", as, file, campaign)
	}
	return body[:size:size], nil
}

// echoable is a name the report may quote from a sealed header (which
// anyone can write: the recipient is public).
var echoable = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._/-]{0,199}$`)

// SealedFormat checks what can be checked of a sealed file without the
// identity: the armor and the age header line. It says what is wrong, or "".
func SealedFormat(data []byte) string {
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

// AgeIdentities parses the identity given to the run — an AGE-SECRET-KEY-1…
// line, or a whole age-keygen key file — and checks that it is the one of
// campaign.toml's recipient: a wrong secret would otherwise turn every
// player's sealed orders into Logistical Auxilia.
func AgeIdentities(text, recipient string) ([]age.Identity, error) {
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

func Decrypt(data []byte, ids []age.Identity) ([]byte, error) {
	d, err := age.Decrypt(armor.NewReader(bytes.NewReader(data)), ids...)
	if err != nil {
		return nil, err
	}
	return io.ReadAll(d)
}

// SealedLimit is the largest sealed orders file: the largest orders file
// (schema.LimitOf(schema.Orders), 256 KiB) once encrypted and armored is
// under 350 KiB.
const SealedLimit = 512 << 10
