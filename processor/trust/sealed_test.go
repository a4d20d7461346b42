package trust

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"filippo.io/age"
	"filippo.io/age/armor"
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/internal/testkit"
	"github.com/warmaster/warmaster/processor/phase"
	"github.com/warmaster/warmaster/processor/seal"
)

func exists(dir, file string) bool {
	_, err := os.Stat(filepath.Join(dir, filepath.FromSlash(file)))
	return err == nil
}

// Sealed orders go through check without the identity, count as in for
// step 1, need the identity at the reveal, and come out as the orders sealed.
func TestSealedRoundTrip(t *testing.T) {
	dir, id := testkit.SealedExample(t)
	plain := testkit.SealFile(t, dir, testkit.AliceOrders, id.Recipient())
	data := testkit.ReadFile(t, dir, testkit.AliceSealed)
	if !bytes.HasPrefix(data, []byte("-----BEGIN AGE ENCRYPTED FILE-----\n")) || bytes.Contains(data, []byte("blue-1")) {
		t.Fatalf("not an armored age file, or the orders show through:\n%s", data)
	}

	// Before the reveal: bob's orders are not in yet, so step 1 waits and
	// neither check nor advance needs the identity.
	bob := testkit.ReadFile(t, dir, "phases/01/orders/bob.toml")
	if err := os.Remove(filepath.Join(dir, "phases/01/orders/bob.toml")); err != nil {
		t.Fatal(err)
	}
	if _, err := phase.Check(dir, phase.Options{Now: testkit.BeforeDeadline}); err != nil {
		t.Fatalf("check before the reveal: %v", err)
	}
	sum, err := phase.Advance(dir, phase.Options{Now: testkit.BeforeDeadline})
	if err != nil {
		t.Fatalf("advance before the reveal: %v", err)
	}
	if sum.State.Step != processor.StepOperations {
		t.Fatalf("step %s, want operations (waiting for bob)", sum.State.Step)
	}
	_, status, err := phase.Status(dir, testkit.BeforeDeadline)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"| phases/01/orders/alice.toml | alice | 2027-01-08 18:00 UTC | sealed (alice.toml.age) |", "| phases/01/orders/bob.toml   | bob   | 2027-01-08 18:00 UTC | awaited "} {
		if !strings.Contains(status, want) {
			t.Errorf("status has no %q:\n%s", want, status)
		}
	}

	// Every order in: the reveal is due. check still passes without
	// decrypting; advance without the identity fails and writes nothing.
	testkit.WriteFile(t, dir, "phases/01/orders/bob.toml", bob)
	if _, err := phase.Check(dir, phase.Options{Now: testkit.BeforeDeadline}); err != nil {
		t.Fatalf("check at the reveal: %v", err)
	}
	before := testkit.Snapshot(t, dir)
	_, err = phase.Advance(dir, phase.Options{Now: testkit.BeforeDeadline})
	if !errors.Is(err, seal.ErrNoAgeIdentity) || !mentions(err, testkit.AliceSealed) || !mentions(err, "WARMASTER_AGE_IDENTITY") {
		t.Fatalf("advance without the identity: got %v, want ErrNoAgeIdentity naming %s", err, testkit.AliceSealed)
	}
	if !maps.Equal(before, testkit.Snapshot(t, dir)) {
		t.Fatal("advance without the identity changed the folder")
	}

	// With the identity: revealed, written beside the sealed file, applied.
	sum, err = phase.Advance(dir, phase.Options{Now: testkit.BeforeDeadline, AgeIdentity: id.String()})
	if err != nil {
		t.Fatalf("advance at the reveal: %v", err)
	}
	if !slices.Contains(sum.Written, testkit.AliceOrders) {
		t.Errorf("written %v, want %s among them", sum.Written, testkit.AliceOrders)
	}
	if got := testkit.ReadFile(t, dir, testkit.AliceOrders); !bytes.Equal(got, plain) {
		t.Errorf("revealed orders:\n%s\nwant the orders sealed:\n%s", got, plain)
	}
	if o := testkit.OrderOf(t, dir, "blue-1"); o.Op != processor.Battle || o.Planet != "astarthem" {
		t.Errorf("blue-1's order: %+v, want alice's Battle at astarthem", o)
	}
	journal := string(testkit.ReadFile(t, dir, processor.JournalFile))
	for _, p := range []string{testkit.AliceSealed, testkit.AliceOrders} {
		if !strings.Contains(journal, fmt.Sprintf("path = %q", p)) {
			t.Errorf("the journal does not record %s:\n%s", p, journal)
		}
	}
	if report := string(testkit.ReadFile(t, dir, "phases/01/report.md")); strings.Contains(report, "not used") {
		t.Errorf("the report says sealed orders were not used:\n%s", report)
	}

	// Done once: the sealed and the revealed file are consumed inputs now.
	sum, err = phase.Advance(dir, phase.Options{Now: testkit.BeforeDeadline, AgeIdentity: id.String()})
	if err != nil || len(sum.Applied) > 0 {
		t.Fatalf("second advance: applied %v, err %v", sum.Applied, err)
	}
	if _, err := phase.Check(dir, phase.Options{Now: testkit.BeforeDeadline}); err != nil {
		t.Fatalf("check after the reveal: %v", err)
	}

	// Replay decrypts again, with the identity only.
	if _, err := Replay(dir, phase.Options{AgeIdentity: id.String()}); err != nil {
		t.Errorf("replay with the identity: %v", err)
	}
	// Without it (the pull-request check) the replay is skipped, saying why.
	if res, err := Replay(dir, phase.Options{}); err != nil || !strings.Contains(res.Skipped, "WARMASTER_AGE_IDENTITY") {
		t.Errorf("replay without the identity: got %+v, %v; want it skipped", res, err)
	}

	// Changing the revealed orders afterwards is caught like any consumed input.
	edit(t, dir, testkit.AliceOrders, "astarthem", "jawardet")
	if _, err := phase.Check(dir, phase.Options{Now: testkit.BeforeDeadline}); !testkit.HasFault(testkit.FaultsOf(t, err), testkit.AliceOrders, "changed after its step consumed it") {
		t.Errorf("check after editing the revealed orders: %v", err)
	}
}

// An identity that is not the one of campaign.toml's recipient is the
// Warmaster's mistake, not the players': advance refuses to run.
func TestSealedIdentityNotTheCampaigns(t *testing.T) {
	dir, id := testkit.SealedExample(t)
	testkit.SealFile(t, dir, testkit.AliceOrders, id.Recipient())
	other, _ := age.GenerateX25519Identity()
	before := testkit.Snapshot(t, dir)
	for _, identity := range []string{other.String(), "AGE-SECRET-KEY-1NOTAKEY"} {
		_, err := phase.Advance(dir, phase.Options{Now: testkit.AfterDeadline, AgeIdentity: identity})
		if err == nil || errors.As(err, new(*processor.InvalidError)) || !mentions(err, "WARMASTER_AGE_IDENTITY") {
			t.Errorf("advance with identity %.20s…: got %v, want an error about the identity", identity, err)
		}
		if mentions(err, identity) {
			t.Errorf("the error shows the secret: %v", err)
		}
	}
	if !maps.Equal(before, testkit.Snapshot(t, dir)) {
		t.Fatal("advance with the wrong identity changed the folder")
	}
	// A key file as age-keygen writes it is fine.
	keyFile := "# created: 2027-01-01T00:00:00Z\n# public key: " + id.Recipient().String() + "\n" + id.String() + "\n"
	if _, err := phase.Advance(dir, phase.Options{Now: testkit.AfterDeadline, AgeIdentity: keyFile}); err != nil {
		t.Fatalf("advance with an age-keygen key file: %v", err)
	}
}

// Orders sealed to another key do not stop the run: that player's fleets
// perform Logistical Auxilia, and the report says why.
func TestSealedWrongKey(t *testing.T) {
	dir, id := testkit.SealedExample(t)
	other, _ := age.GenerateX25519Identity()
	testkit.SealFile(t, dir, testkit.AliceOrders, other.Recipient())
	if _, err := phase.Check(dir, phase.Options{Now: testkit.AfterDeadline}); err != nil {
		t.Fatalf("check: %v", err)
	}
	sum, err := phase.Advance(dir, phase.Options{Now: testkit.AfterDeadline, AgeIdentity: id.String()})
	if err != nil {
		t.Fatalf("advance: %v", err)
	}
	if sum.State.Step != processor.StepBattles {
		t.Errorf("step %s, want battles", sum.State.Step)
	}
	if o := testkit.OrderOf(t, dir, "blue-1"); o.Op != processor.LogisticalAuxilia || !o.Default {
		t.Errorf("blue-1's order: %+v, want the default Logistical Auxilia", o)
	}
	if exists(dir, testkit.AliceOrders) {
		t.Errorf("%s was written though nothing was decrypted", testkit.AliceOrders)
	}
	report := string(testkit.ReadFile(t, dir, "phases/01/report.md"))
	for _, want := range []string{
		"| blue-1  | alice  | blue     | jawardet     | Logistical Auxilia (sealed orders not used, see below: the default) |",
		"**alice's sealed orders are not used**: `phases/01/orders/alice.toml.age` could not be decrypted with the campaign's identity (it was sealed to another key: no identity matched any of the recipients), so alice's fleets (blue-1) perform Logistical Auxilia.",
	} {
		if !strings.Contains(report, want) {
			t.Errorf("the report has no %q:\n%s", want, report)
		}
	}
	if journal := string(testkit.ReadFile(t, dir, processor.JournalFile)); !strings.Contains(journal, fmt.Sprintf("path = %q", testkit.AliceSealed)) {
		t.Errorf("the journal does not record %s:\n%s", testkit.AliceSealed, journal)
	}
	if _, err := Replay(dir, phase.Options{AgeIdentity: id.String()}); err != nil {
		t.Errorf("replay: %v", err)
	}
}

// A sealed file cut short is a format fault for check (naming the file),
// and for advance before the operations deadline; past it, advance sets
// the file aside (its fleets perform Logistical Auxilia) as it does any
// faulty input. One whose armor is whole but whose age payload is cut
// short can only be found out at the reveal, and falls back to Logistical
// Auxilia.
func TestSealedTruncated(t *testing.T) {
	t.Run("Armor", func(t *testing.T) {
		dir, id := testkit.SealedExample(t)
		testkit.SealFile(t, dir, testkit.AliceOrders, id.Recipient())
		data := testkit.ReadFile(t, dir, testkit.AliceSealed)
		testkit.WriteFile(t, dir, testkit.AliceSealed, data[:len(data)/2])
		for name, run := range map[string]func() error{
			"check": func() error { _, err := phase.Check(dir, phase.Options{Now: testkit.AfterDeadline}); return err },
			"advance": func() error {
				_, err := phase.Advance(dir, phase.Options{Now: testkit.BeforeDeadline, AgeIdentity: id.String()})
				return err
			},
		} {
			fs := testkit.FaultsOf(t, run())
			if !testkit.HasFault(fs, testkit.AliceSealed, "not a sealed orders file", "the armor does not parse") {
				t.Errorf("%s: %v, want a format fault of %s", name, fs, testkit.AliceSealed)
			}
		}
		sum, err := phase.Advance(dir, phase.Options{Now: testkit.AfterDeadline, AgeIdentity: id.String()})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(sum.NotApplied, func(n phase.NotApplied) bool {
			return n.File == testkit.AliceSealed && strings.Contains(n.Why, "perform Logistical Auxilia")
		}) {
			t.Errorf("advance past the deadline: not applied %+v, want %s", sum.NotApplied, testkit.AliceSealed)
		}
	})
	t.Run("Payload", func(t *testing.T) {
		dir, id := testkit.SealedExample(t)
		testkit.SealFile(t, dir, testkit.AliceOrders, id.Recipient())
		raw, err := io.ReadAll(armor.NewReader(bytes.NewReader(testkit.ReadFile(t, dir, testkit.AliceSealed))))
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		w := armor.NewWriter(&buf)
		w.Write(raw[:len(raw)-10])
		w.Close()
		testkit.WriteFile(t, dir, testkit.AliceSealed, buf.Bytes())
		if _, err := phase.Check(dir, phase.Options{Now: testkit.AfterDeadline}); err != nil {
			t.Fatalf("check (the format is fine): %v", err)
		}
		if _, err := phase.Advance(dir, phase.Options{Now: testkit.AfterDeadline, AgeIdentity: id.String()}); err != nil {
			t.Fatalf("advance: %v", err)
		}
		if o := testkit.OrderOf(t, dir, "blue-1"); o.Op != processor.LogisticalAuxilia {
			t.Errorf("blue-1's order: %+v, want Logistical Auxilia", o)
		}
		report := string(testkit.ReadFile(t, dir, "phases/01/report.md"))
		if !strings.Contains(report, "**alice's sealed orders are not used**: `phases/01/orders/alice.toml.age` could not be decrypted with the campaign's identity (") {
			t.Errorf("the report does not say why:\n%s", report)
		}
	})
	t.Run("NotArmored", func(t *testing.T) {
		dir, id := testkit.SealedExample(t)
		testkit.WriteFile(t, dir, testkit.AliceSealed, testkit.ReadFile(t, dir, testkit.AliceOrders))
		os.Remove(filepath.Join(dir, testkit.AliceOrders))
		_, err := phase.Check(dir, phase.Options{Now: testkit.AfterDeadline})
		if fs := testkit.FaultsOf(t, err); !testkit.HasFault(fs, testkit.AliceSealed, "does not start with -----BEGIN AGE ENCRYPTED FILE-----") {
			t.Errorf("check: %v", fs)
		}
		_ = id
	})
}

// Sealed orders that turn out invalid at the reveal do not stop the run.
func TestSealedInvalidOrders(t *testing.T) {
	t.Run("OutOfReach", func(t *testing.T) {
		dir, id := testkit.SealedExample(t)
		edit(t, dir, testkit.AliceOrders, `planet = "astarthem"`, `planet = "norallus"`)
		testkit.SealFile(t, dir, testkit.AliceOrders, id.Recipient())
		if _, err := phase.Check(dir, phase.Options{Now: testkit.AfterDeadline}); err != nil {
			t.Fatalf("check cannot see inside sealed orders: %v", err)
		}
		sum, err := phase.Advance(dir, phase.Options{Now: testkit.AfterDeadline, AgeIdentity: id.String()})
		if err != nil {
			t.Fatalf("advance: %v", err)
		}
		if sum.State.Step != processor.StepBattles {
			t.Errorf("step %s, want battles", sum.State.Step)
		}
		if o := testkit.OrderOf(t, dir, "blue-1"); o.Op != processor.LogisticalAuxilia {
			t.Errorf("blue-1's order: %+v, want Logistical Auxilia", o)
		}
		if !exists(dir, testkit.AliceOrders) {
			t.Errorf("the revealed orders %s were not written", testkit.AliceOrders)
		}
		report := string(testkit.ReadFile(t, dir, "phases/01/report.md"))
		for _, want := range []string{
			"**alice's sealed orders are not used**: `phases/01/orders/alice.toml` (decrypted from `alice.toml.age`) is invalid, so alice's fleets (blue-1) perform Logistical Auxilia:",
			"- `phases/01/orders/alice.toml:5:10`: norallus is out of reach of blue-1 at jawardet",
		} {
			if !strings.Contains(report, want) {
				t.Errorf("the report has no %q:\n%s", want, report)
			}
		}
		if _, err := Replay(dir, phase.Options{AgeIdentity: id.String()}); err != nil {
			t.Errorf("replay: %v", err)
		}
	})
	t.Run("NotTOML", func(t *testing.T) {
		dir, id := testkit.SealedExample(t)
		testkit.WriteFile(t, dir, testkit.AliceOrders, []byte("fleet = \n"))
		testkit.SealFile(t, dir, testkit.AliceOrders, id.Recipient())
		if _, err := phase.Advance(dir, phase.Options{Now: testkit.AfterDeadline, AgeIdentity: id.String()}); err != nil {
			t.Fatalf("advance: %v", err)
		}
		report := string(testkit.ReadFile(t, dir, "phases/01/report.md"))
		if !strings.Contains(report, "- `phases/01/orders/alice.toml:1:") {
			t.Errorf("the report does not list the fault:\n%s", report)
		}
	})
}

// What check says about sealed files, without the identity.
func TestSealedCheck(t *testing.T) {
	t.Run("AndPlaintext", func(t *testing.T) {
		dir, id := testkit.SealedExample(t)
		plain := testkit.SealFile(t, dir, testkit.AliceOrders, id.Recipient())
		testkit.WriteFile(t, dir, testkit.AliceOrders, plain)
		fs := testkit.FaultsOf(t, func() error { _, err := phase.Check(dir, phase.Options{Now: testkit.BeforeDeadline}); return err }())
		for _, file := range []string{testkit.AliceOrders, testkit.AliceSealed} {
			if !testkit.HasFault(fs, file, "is here too", "either sealed or not") {
				t.Errorf("no fault of %s about the pair: %v", file, fs)
			}
		}
	})
	t.Run("NoRecipient", func(t *testing.T) {
		dir, id := testkit.SealedExample(t)
		testkit.SealFile(t, dir, testkit.AliceOrders, id.Recipient())
		edit(t, dir, processor.CampaignFile, "[secrecy]\nrecipient = "+fmt.Sprintf("%q", id.Recipient()), "")
		_, err := phase.Check(dir, phase.Options{Now: testkit.BeforeDeadline})
		if fs := testkit.FaultsOf(t, err); !testkit.HasFault(fs, testkit.AliceSealed, "no [secrecy] recipient", "commit "+testkit.AliceOrders) {
			t.Errorf("check: %v", fs)
		}
	})
	t.Run("BadRecipient", func(t *testing.T) {
		dir, id := testkit.SealedExample(t)
		r := id.Recipient().String()
		last := "q"
		if strings.HasSuffix(r, last) {
			last = "p"
		}
		edit(t, dir, processor.CampaignFile, r, r[:len(r)-1]+last) // the checksum no longer matches
		_, err := phase.Check(dir, phase.Options{Now: testkit.BeforeDeadline})
		if fs := testkit.FaultsOf(t, err); !testkit.HasFault(fs, processor.CampaignFile, "not an age X25519 recipient") {
			t.Errorf("check: %v", fs)
		}
		edit(t, dir, processor.CampaignFile, "age1", "AGE1")
		_, err = phase.Check(dir, phase.Options{Now: testkit.BeforeDeadline})
		if fs := testkit.FaultsOf(t, err); !testkit.HasFault(fs, processor.CampaignFile, `is not valid; did you mean "age1`) {
			t.Errorf("check: %v", fs)
		}
	})
	t.Run("UnknownLogin", func(t *testing.T) {
		dir, id := testkit.SealedExample(t)
		sealed, _ := seal.Seal([]byte(""), id.Recipient().String(), "c", "phases/01/orders/zed.toml.age")
		testkit.WriteFile(t, dir, "phases/01/orders/zed.toml.age", sealed)
		_, err := phase.Check(dir, phase.Options{Now: testkit.BeforeDeadline})
		if fs := testkit.FaultsOf(t, err); !testkit.HasFault(fs, "phases/01/orders/zed.toml.age", `no player "zed"`) {
			t.Errorf("check: %v", fs)
		}
	})
	t.Run("OnlyOrders", func(t *testing.T) {
		dir, id := testkit.SealedExample(t)
		sealed, _ := seal.Seal([]byte("[moves]\n"), id.Recipient().String(), "c", "phases/01/moves/alice.toml.age")
		testkit.WriteFile(t, dir, "phases/01/moves/alice.toml.age", sealed)
		_, err := phase.Check(dir, phase.Options{Now: testkit.BeforeDeadline})
		if fs := testkit.FaultsOf(t, err); !testkit.HasFault(fs, "phases/01/moves/alice.toml.age", "only orders are sealed") {
			t.Errorf("check: %v", fs)
		}
	})
	t.Run("Late", func(t *testing.T) {
		dir, id := testkit.SealedExample(t)
		if _, err := phase.Advance(dir, phase.Options{Now: testkit.AfterDeadline}); err != nil {
			t.Fatal(err)
		}
		sealed, _ := seal.Seal(testkit.ReadFile(t, dir, testkit.AliceOrders), id.Recipient().String(), "c", testkit.AliceSealed)
		testkit.WriteFile(t, dir, "phases/01/orders/alice.toml.age", sealed)
		f, err := phase.Check(dir, phase.Options{Now: testkit.AfterDeadline})
		if err != nil || !testkit.HasFault(f.Late(), testkit.AliceSealed, "not applied: arrived after phase 1's step 1 Select Operations was processed") {
			t.Errorf("check: %v, late %v", err, f.Late())
		}
	})
}

// Sealed orders are authorized by name, like the plaintext file.
func TestSealedAuthorize(t *testing.T) {
	dir, id := testkit.SealedExample(t)
	testkit.SealFile(t, dir, testkit.AliceOrders, id.Recipient())
	f, err := folder.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := Authorize(f, "alice", []string{testkit.AliceSealed}); err != nil {
		t.Errorf("alice sealing her orders: %v", err)
	}
	if err := Authorize(f, "bob", []string{testkit.AliceSealed}); !mentions(err, "bob may not change this file: orders files are each player's own (yours is phases/01/orders/bob.toml)") {
		t.Errorf("bob changing alice's sealed orders: %v", err)
	}
	if err := Authorize(f, "alice", []string{"phases/01/moves/alice.toml.age"}); !mentions(err, "alice may not change this file") {
		t.Errorf("alice sealing moves: %v", err)
	}
}

// Sealed orders with a fault in one operation: "If a player does not
// provide the Warmaster with a Campaign Operation for a Fleet within an
// agreed time frame, that Fleet will default to performing the Logistical
// Auxillia Operation" — that fleet performs Logistical Auxilia, and the
// player's other operations are used (RULINGS 25).
func TestSealedOperationWithFault(t *testing.T) {
	dir, id := testkit.SealedExample(t)
	edit := func(file, old, new string) {
		text := string(testkit.ReadFile(t, dir, file))
		if !strings.Contains(text, old) {
			t.Fatalf("%s has no %q", file, old)
		}
		testkit.WriteFile(t, dir, file, []byte(strings.Replace(text, old, new, 1)))
	}
	edit(processor.CampaignFile, "id = \"blue-1\"\nplayer = \"alice\"", "id = \"blue-1\"\nplayer = \"alice\"\n[[fleets]]\nid = \"blue-3\"\nplayer = \"alice\"")
	edit("setup/blue.toml", "blue-1 = \"jawardet\"", "blue-1 = \"jawardet\"\nblue-3 = \"ikaron-prime\"")
	testkit.WriteFile(t, dir, testkit.AliceOrders, []byte(`[[operations]]
fleet = "blue-1"
operation = "battle"
attack = "purge-and-burn"
planet = "norallus"
defender = "red"

[[operations]]
fleet = "blue-3"
operation = "void-leap"
planet = "karabas"
`))
	testkit.SealFile(t, dir, testkit.AliceOrders, id.Recipient())
	if _, err := phase.Advance(dir, phase.Options{Now: testkit.AfterDeadline, AgeIdentity: id.String()}); err != nil {
		t.Fatalf("advance: %v", err)
	}
	if o := testkit.OrderOf(t, dir, "blue-1"); o.Op != processor.LogisticalAuxilia || !o.Default {
		t.Errorf("blue-1's order: %+v, want the default Logistical Auxilia", o)
	}
	if o := testkit.OrderOf(t, dir, "blue-3"); o.Op != processor.VoidLeap || o.Planet != "karabas" {
		t.Errorf("blue-3's order: %+v, want its Void Leap to karabas", o)
	}
	report := string(testkit.ReadFile(t, dir, "phases/01/report.md"))
	for _, want := range []string{
		"| blue-1  | alice  | blue     | jawardet     | Logistical Auxilia (its sealed operation was not used, see below: the default) |",
		"**alice's sealed orders are used in part**: `phases/01/orders/alice.toml` (decrypted from `alice.toml.age`) has 1 fault, so its 1st operation is not applied: blue-1 performs Logistical Auxilia, the default for a fleet without an operation; the file's other operations stand:",
		"- `phases/01/orders/alice.toml:5:10`: norallus is out of reach of blue-1 at jawardet",
	} {
		if !strings.Contains(report, want) {
			t.Errorf("the report has no %q:\n%s", want, report)
		}
	}
}
