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
	"time"

	"filippo.io/age"
	"filippo.io/age/armor"
	"github.com/warmaster/warmaster/campaigns"
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/dice"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/internal/testkit"
	"github.com/warmaster/warmaster/processor/phase"
	"github.com/warmaster/warmaster/processor/seal"
)

// The attacks on a repository's secrets: its advance job holds one dice
// key and one age identity for every campaign folder, and any player can
// add a folder or copy a file.

// bobMarker is in bob's sealed orders: found anywhere else, they leaked.
const bobMarker = "MARKER-bobs-secret-orders"

// committedExample is the example campaign, up to phase 1's orders, in a
// folder name under root, sealing to id and with its dice committed to
// testDiceKey: the real campaign, or an attacker's copy of it.
func committedExample(t *testing.T, root, name string, id *age.X25519Identity) string {
	t.Helper()
	dir := filepath.Join(root, name)
	if err := campaigns.CopyTo(campaigns.Example, dir); err != nil {
		t.Fatal(err)
	}
	for _, sub := range []string{"results", "moves", "builds"} {
		if err := os.RemoveAll(filepath.Join(dir, "phases/01", sub)); err != nil {
			t.Fatal(err)
		}
	}
	edit(t, dir, processor.CampaignFile, `seed = "vespator-front-example"`, `commitment = "`+processor.KeyCommitment(testkit.TestDiceKey)+`"`)
	testkit.AppendFile(t, dir, processor.CampaignFile, fmt.Sprintf("\n[secrecy]\nrecipient = %q\n", id.Recipient()))
	return dir
}

// warAndPractice is the attack as a player makes it: the real campaign
// "war" with bob's orders sealed, and the attacker's "practice" folder
// copying its recipient and commitment, without bob's orders.
func warAndPractice(t *testing.T) (war, practice string, id *age.X25519Identity) {
	t.Helper()
	id, err := age.GenerateX25519Identity()
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	war, practice = committedExample(t, root, "war", id), committedExample(t, root, "practice", id)
	testkit.AppendFile(t, war, "phases/01/orders/bob.toml", "# "+bobMarker+"\n")
	testkit.SealFile(t, war, "phases/01/orders/bob.toml", id.Recipient())
	if err := os.Remove(filepath.Join(practice, "phases/01/orders/bob.toml")); err != nil {
		t.Fatal(err)
	}
	return war, practice, id
}

// leaked fails the test if the marker is in any file under dir or in text.
func leaked(t *testing.T, dir string, texts ...string) {
	t.Helper()
	for p, data := range testkit.Snapshot(t, dir) {
		if strings.Contains(data, bobMarker) {
			t.Errorf("bob's sealed orders leaked into %s", p)
		}
	}
	for _, s := range texts {
		if strings.Contains(s, bobMarker) {
			t.Errorf("bob's sealed orders leaked into the output:\n%s", s)
		}
	}
}

// advanceRefusing advances dir past phase 1's orders deadline with the
// repository's secrets and checks that login's sealed file was refused —
// login's fleets perform Logistical Auxilia, the report says why — and that
// bob's orders are nowhere in the folder or the output.
func advanceRefusing(t *testing.T, dir string, id *age.X25519Identity, login processor.Login, fleet processor.FleetID, why string) {
	t.Helper()
	sum, err := phase.Advance(dir, phase.Options{Now: testkit.AfterDeadline, AgeIdentity: id.String(), DiceKey: testkit.TestDiceKey})
	if err != nil {
		t.Fatalf("advance: %v", err)
	}
	if o := testkit.OrderOf(t, dir, fleet); o.Op != processor.LogisticalAuxilia || !o.Default {
		t.Errorf("%s's order: %+v, want the default Logistical Auxilia", fleet, o)
	}
	plain := processor.InputPath(1, "orders", string(login))
	if exists(dir, plain) || slices.Contains(sum.Written, plain) {
		t.Errorf("%s was written from a sealed file that was refused", plain)
	}
	report := string(testkit.ReadFile(t, dir, "phases/01/report.md"))
	if want := fmt.Sprintf("**%s's sealed orders are not used**: `%s` %s", login, plain+seal.SealedExt, why); !strings.Contains(report, want) {
		t.Errorf("the report does not say %q:\n%s", want, report)
	}
	leaked(t, dir, sum.Status, strings.Join(sum.Applied, "\n"))
}

// Sealed orders open only as the file they were sealed as (the campaign,
// the phase, the login): every copy falls back as an undecryptable file
// does, and its plaintext is written nowhere.
func TestSealedCopyRefused(t *testing.T) {
	t.Run("ErrOtherCampaignFolder", func(t *testing.T) {
		war, practice, id := warAndPractice(t)
		testkit.WriteFile(t, practice, "phases/01/orders/bob.toml.age", testkit.ReadFile(t, war, "phases/01/orders/bob.toml.age"))
		if _, err := phase.Check(practice, phase.Options{Now: testkit.AfterDeadline}); err != nil {
			t.Fatalf("check (a sealed file is checked by name and format): %v", err)
		}
		advanceRefusing(t, practice, id, "bob", "blue-2",
			"was sealed as phases/01/orders/bob.toml.age of the campaign war, not as phases/01/orders/bob.toml.age of the campaign practice")
		// The real campaign opens it, as ever.
		if _, err := phase.Advance(war, phase.Options{Now: testkit.AfterDeadline, AgeIdentity: id.String(), DiceKey: testkit.TestDiceKey}); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(testkit.ReadFile(t, war, "phases/01/orders/bob.toml")), bobMarker) {
			t.Error("the real campaign did not reveal bob's orders")
		}
	})
	t.Run("ErrOtherCampaignAsOwnOrders", func(t *testing.T) {
		war, practice, id := warAndPractice(t)
		// carol, the attacker, plays bob's sealed orders as her own.
		if err := os.Remove(filepath.Join(practice, "phases/01/orders/carol.toml")); err != nil {
			t.Fatal(err)
		}
		testkit.WriteFile(t, practice, "phases/01/orders/carol.toml.age", testkit.ReadFile(t, war, "phases/01/orders/bob.toml.age"))
		advanceRefusing(t, practice, id, "carol", "red-1", "was sealed as phases/01/orders/bob.toml.age of the campaign war, not as phases/01/orders/carol.toml.age of the campaign practice")
	})
	t.Run("ErrOtherLogin", func(t *testing.T) {
		war, _, id := warAndPractice(t)
		if err := os.Remove(filepath.Join(war, "phases/01/orders/carol.toml")); err != nil {
			t.Fatal(err)
		}
		testkit.WriteFile(t, war, "phases/01/orders/carol.toml.age", testkit.ReadFile(t, war, "phases/01/orders/bob.toml.age"))
		sum, err := phase.Advance(war, phase.Options{Now: testkit.AfterDeadline, AgeIdentity: id.String(), DiceKey: testkit.TestDiceKey})
		if err != nil {
			t.Fatal(err)
		}
		if o := testkit.OrderOf(t, war, "red-1"); o.Op != processor.LogisticalAuxilia {
			t.Errorf("red-1's order: %+v, want Logistical Auxilia", o)
		}
		if exists(war, "phases/01/orders/carol.toml") {
			t.Error("carol's copy of bob's sealed orders was revealed")
		}
		report := string(testkit.ReadFile(t, war, "phases/01/report.md"))
		if !strings.Contains(report, "**carol's sealed orders are not used**: `phases/01/orders/carol.toml.age` was sealed as phases/01/orders/bob.toml.age of the campaign war, not as phases/01/orders/carol.toml.age") {
			t.Errorf("the report does not say why:\n%s", report)
		}
		// bob's own file is revealed as bob's, and only there.
		for p, data := range testkit.Snapshot(t, war) {
			if strings.Contains(data, bobMarker) && !strings.HasSuffix(p, filepath.FromSlash("phases/01/orders/bob.toml")) {
				t.Errorf("bob's orders are in %s", p)
			}
		}
		leaked(t, t.TempDir(), sum.Status)
	})
	t.Run("ErrOtherPhase", func(t *testing.T) {
		_, practice, id := warAndPractice(t)
		// Sealed as phase 2's orders, committed as phase 1's.
		plain := append(testkit.ReadFile(t, practice, "phases/01/orders/alice.toml"), "# "+bobMarker+"\n"...)
		sealed, err := seal.Seal(plain, id.Recipient().String(), "practice", "phases/02/orders/bob.toml.age")
		if err != nil {
			t.Fatal(err)
		}
		testkit.WriteFile(t, practice, "phases/01/orders/bob.toml.age", sealed)
		advanceRefusing(t, practice, id, "bob", "blue-2", "was sealed as phases/02/orders/bob.toml.age of the campaign practice, not as phases/01/orders/bob.toml.age of the campaign practice")
	})
	t.Run("ErrOlderFormat", func(t *testing.T) {
		_, practice, id := warAndPractice(t)
		// Sealed by a warmaster before the binding: the orders alone.
		plain := append(testkit.ReadFile(t, practice, "phases/01/orders/alice.toml"), "# "+bobMarker+"\n"...)
		testkit.WriteFile(t, practice, "phases/01/orders/bob.toml.age", ageArmored(t, plain, id.Recipient()))
		advanceRefusing(t, practice, id, "bob", "blue-2", "was sealed by an older warmaster, which did not bind sealed orders to their file: seal again with warmaster seal")
	})
	t.Run("ErrForgedHeader", func(t *testing.T) {
		_, practice, id := warAndPractice(t)
		// Anyone can encrypt to the public recipient: a header that is not
		// warmaster's, and names that must not reach the report as they are.
		for _, plain := range []string{
			seal.SealedMagic + "campaign \"practice\"\nfile \"phases/01/orders/bob.toml.age\"\nsize 9999\n\n# " + bobMarker + "\n",
			seal.SealedMagic + "campaign \"practice\"\nfile \"phases/01/orders/bob.toml.age\"\nsize 2\n\nx\n# " + bobMarker + "\n",
			seal.SealedMagic + "campaign \"`::error::x`\"\nfile \"phases/01/orders/bob.toml.age\"\nsize 0\n\n",
		} {
			testkit.WriteFile(t, practice, "phases/01/orders/bob.toml.age", ageArmored(t, []byte(plain), id.Recipient()))
			dir := filepath.Join(t.TempDir(), "practice")
			if err := os.CopyFS(dir, os.DirFS(practice)); err != nil {
				t.Fatal(err)
			}
			why := "does not hold the header warmaster seal writes"
			if strings.Contains(plain, "::error") {
				why = "was sealed as another file, not as phases/01/orders/bob.toml.age of the campaign practice"
			}
			advanceRefusing(t, dir, id, "bob", "blue-2", why)
		}
	})
	t.Run("OKAsSealed", func(t *testing.T) {
		war, _, id := warAndPractice(t)
		if _, err := phase.Advance(war, phase.Options{Now: testkit.AfterDeadline, AgeIdentity: id.String(), DiceKey: testkit.TestDiceKey}); err != nil {
			t.Fatal(err)
		}
		if got := testkit.ReadFile(t, war, "phases/01/orders/bob.toml"); !bytes.HasSuffix(got, []byte("# "+bobMarker+"\n")) {
			t.Errorf("bob's revealed orders:\n%s", got)
		}
		// Replay, in a scratch folder of another name, reveals it as "war".
		if _, err := Replay(war, phase.Options{AgeIdentity: id.String(), DiceKey: testkit.TestDiceKey}); err != nil {
			t.Errorf("replay: %v", err)
		}
	})
}

// ageArmored encrypts plain to recipient as age does, with no header of warmaster's.
func ageArmored(t *testing.T, plain []byte, recipient *age.X25519Recipient) []byte {
	t.Helper()
	var buf bytes.Buffer
	aw := armor.NewWriter(&buf)
	w, err := age.Encrypt(aw, recipient)
	if err != nil {
		t.Fatal(err)
	}
	w.Write(plain)
	w.Close()
	aw.Close()
	return buf.Bytes()
}

// Sealed orders reveal nothing by their size: any two ordinary orders seal
// to the same length; longer ones to whole buckets.
func TestSealedPadding(t *testing.T) {
	id, _ := age.GenerateX25519Identity()
	sizes := map[int][]string{}
	for _, login := range []string{"alice", "bob", "carol", "dave", "erin", "frank"} {
		file := "phases/01/orders/" + login + ".toml"
		plain, err := os.ReadFile(filepath.Join("..", "..", "campaigns", campaigns.Example, filepath.FromSlash(file)))
		if err != nil {
			t.Fatal(err)
		}
		for _, orders := range [][]byte{plain, {}, bytes.Repeat([]byte("# a long note to the Warmaster\n"), 200)} {
			sealed, err := seal.Seal(orders, id.Recipient().String(), "a-campaign-of-a-long-name", file+seal.SealedExt)
			if err != nil {
				t.Fatal(err)
			}
			sizes[len(sealed)] = append(sizes[len(sealed)], fmt.Sprintf("%s (%d bytes)", login, len(orders)))
			raw, err := io.ReadAll(armor.NewReader(bytes.NewReader(sealed)))
			if err != nil {
				t.Fatal(err)
			}
			d, err := age.Decrypt(bytes.NewReader(raw), id)
			if err != nil {
				t.Fatal(err)
			}
			inside, _ := io.ReadAll(d)
			if len(inside)%seal.SealBucket != 0 {
				t.Errorf("%s: %d bytes sealed, not a multiple of %d", login, len(inside), seal.SealBucket)
			}
			if got, err := seal.OpenSealed(inside, "a-campaign-of-a-long-name", file+seal.SealedExt); err != nil || !bytes.Equal(got, orders) {
				t.Errorf("%s: opened as %q, %v", login, got, err)
			}
		}
	}
	if len(sizes) != 2 {
		t.Errorf("sealed sizes: %v, want one for ordinary orders and one for the long ones", sizes)
	}
}

// The same committed key in two campaign folders rolls unrelated dice:
// the attacker's practice folder tells nothing of the real campaign's.
// A public seed, which hides nothing, rolls the same in both.
func TestDiceBoundToCampaign(t *testing.T) {
	now := time.Date(2027, 2, 10, 0, 0, 0, 0, time.UTC)
	root := t.TempDir()
	rows := func(name, seed string) []diceRow {
		dir := filepath.Join(root, seed, name)
		if err := campaigns.CopyTo(campaigns.Example, dir); err != nil {
			t.Fatal(err)
		}
		opt := phase.Options{Now: now}
		if seed == "" {
			edit(t, dir, processor.CampaignFile, `seed = "vespator-front-example"`, `commitment = "`+processor.KeyCommitment(testkit.TestDiceKey)+`"`)
			opt.DiceKey = testkit.TestDiceKey
		}
		if _, err := phase.Advance(dir, opt); err != nil {
			t.Fatal(err)
		}
		rs, err := diceRows("report", testkit.ReadFile(t, dir, "phases/01/report.md"))
		if err != nil || len(rs) < 20 {
			t.Fatalf("dice rows: %v, %v", rs, err)
		}
		return rs
	}
	results := func(rs []diceRow) (labels, dice []string) {
		for _, r := range rs {
			labels = append(labels, r.label)
			dice = append(dice, fmt.Sprintf("%s=%d", r.dice, r.result))
		}
		return labels, dice
	}
	t.Run("ErrSameKeyOtherFolder", func(t *testing.T) {
		la, da := results(rows("war", ""))
		lb, db := results(rows("practice", ""))
		if !slices.Equal(la[:2], lb[:2]) || slices.Equal(da, db) {
			t.Errorf("war and practice roll the same dice with the same key:\n%v\n%v", da, db)
		}
	})
	t.Run("OKPublicSeedUnbound", func(t *testing.T) {
		_, da := results(rows("war", "seed"))
		_, db := results(rows("practice", "seed"))
		if !slices.Equal(da, db) {
			t.Errorf("a public seed rolls differently by folder:\n%v\n%v", da, db)
		}
	})
}

// With a committed key, a step's dice depend on its inputs and on every
// input before it (a key ground in advance cannot aim at them); replay and
// verify roll them again exactly.
func TestDiceDependOnInputs(t *testing.T) {
	now := time.Date(2027, 2, 10, 0, 0, 0, 0, time.UTC)
	play := func(parent string, change func(dir string)) (string, []diceRow) {
		dir := filepath.Join(t.TempDir(), parent, "war")
		if err := campaigns.CopyTo(campaigns.Example, dir); err != nil {
			t.Fatal(err)
		}
		edit(t, dir, processor.CampaignFile, `seed = "vespator-front-example"`, `commitment = "`+processor.KeyCommitment(testkit.TestDiceKey)+`"`)
		// The result's change would void its confirmation: the dice are
		// what this test is about, so results count as filed.
		edit(t, dir, processor.CampaignFile, "[rules]\n", "[rules]\nconfirm_results = false\n")
		change(dir)
		if _, err := phase.Advance(dir, phase.Options{Now: now, DiceKey: testkit.TestDiceKey}); err != nil {
			t.Fatal(err)
		}
		rs, err := diceRows("report", testkit.ReadFile(t, dir, "phases/01/report.md"))
		if err != nil {
			t.Fatal(err)
		}
		return dir, rs
	}
	dir, a := play("a", func(string) {})
	_, b := play("b", func(dir string) { testkit.AppendFile(t, dir, "setup/blue.toml", "# a comment changes no choice\n") })
	_, c := play("c", func(dir string) { testkit.AppendFile(t, dir, "phases/01/results/blue-1.toml", "\n") })
	// differ compares the dice of labels under prefix that both roll, die
	// by die along each label's stream (other inputs may lead to other
	// rolls: only what both rolled compares); n is how many compared.
	differ := func(x, y []diceRow, prefix string) (d bool, n int) {
		streams := func(rs []diceRow) map[string][]int {
			m := map[string][]int{}
			for _, r := range rs {
				if strings.HasPrefix(r.label, prefix) {
					m[r.label] = append(m[r.label], r.result)
				}
			}
			return m
		}
		sy := streams(y)
		for label, xs := range streams(x) {
			ys := sy[label]
			for i := range min(len(xs), len(ys)) {
				n++
				d = d || xs[i] != ys[i]
			}
		}
		return d, n
	}
	if d, n := differ(a, b, "phase-01/2"); !d || n < 5 {
		t.Errorf("a set-up file changed, and none of the %d dice of 2.x both rolled changed with it", n)
	}
	if d, n := differ(a, c, "setup/"); d || n != 2 {
		t.Errorf("a battle result changed the set-up's dice (%d compared)", n)
	}
	if d, n := differ(a, c, "phase-01/2.4/"); !d || n < 5 {
		t.Errorf("a battle result changed, and none of the %d dice of 2.4 both rolled changed with it", n)
	}
	if _, err := Replay(dir, phase.Options{DiceKey: testkit.TestDiceKey}); err != nil {
		t.Errorf("replay: %v", err)
	}
	if res, err := Verify(dir, testkit.TestDiceKey); err != nil || res.Dice != len(a)+countRows(t, dir, 2) || res.Unrecorded != 0 {
		t.Errorf("verify: %+v, %v", res, err)
	}
}

func countRows(t *testing.T, dir string, phase int) int {
	t.Helper()
	rs, err := diceRows("report", testkit.ReadFile(t, dir, reportFile(phase)))
	if err != nil {
		t.Fatal(err)
	}
	return len(rs)
}

// A committed key must carry 128 bits: advance refuses a weaker one, says
// how to make one, never shows it, and writes nothing.
func TestWeakDiceKey(t *testing.T) {
	for _, key := range []string{"hunter2", "0123456789abcdef0123456789abcde", "the Warmaster's own passphrase!!"} {
		dir := filepath.Join(t.TempDir(), "war")
		if err := campaigns.CopyTo(campaigns.Example, dir); err != nil {
			t.Fatal(err)
		}
		edit(t, dir, processor.CampaignFile, `seed = "vespator-front-example"`, `commitment = "`+processor.KeyCommitment(key)+`"`)
		before := testkit.Snapshot(t, dir)
		_, err := phase.Advance(dir, phase.Options{Now: testkit.AfterDeadline, DiceKey: key})
		if !mentions(err, "too weak") || !mentions(err, "warmaster dice-key") || mentions(err, key) {
			t.Errorf("advance with the key %q: %v", key, err)
		}
		if errors.As(err, new(*processor.InvalidError)) {
			t.Errorf("a weak key is the Warmaster's, not a file's fault: %v", err)
		}
		if !maps.Equal(before, testkit.Snapshot(t, dir)) {
			t.Errorf("advance with the key %q wrote", key)
		}
	}
}

// verify holds the reports' dice to the journal: kinds the rules roll,
// results on the die, as many dice per step as the journal records.
func TestVerifyStrict(t *testing.T) {
	const report = "phases/01/report.md"
	// doctor rewrites one D6 row of phase 1's report; it returns its line.
	doctor := func(t *testing.T, dir string, rewrite func(row string, d diceRow) string) int {
		t.Helper()
		data := testkit.ReadFile(t, dir, report)
		rows, err := diceRows(report, data)
		if err != nil {
			t.Fatal(err)
		}
		i := slices.IndexFunc(rows, func(d diceRow) bool { return d.dice == "D6" && d.result > 1 && d.result < 6 })
		lines := strings.Split(string(data), "\n")
		lines[rows[i].line-1] = rewrite(lines[rows[i].line-1], rows[i])
		testkit.WriteFile(t, dir, report, []byte(strings.Join(lines, "\n")))
		return rows[i].line
	}
	cases := []struct {
		name    string
		rewrite func(string, diceRow) string
		want    string
		line    bool // the fault is at the row
	}{
		{"ErrD6AsD1", func(row string, d diceRow) string {
			return strings.Replace(strings.Replace(row, "| D6   |", "| D1   |", 1), fmt.Sprintf("| %d      |", d.result), "| 1      |", 1)
		}, "is a D1: the rules roll a D6 or a D3 there", true},
		{"ErrOffTheDie", func(row string, d diceRow) string {
			return strings.Replace(row, fmt.Sprintf("| %d      |", d.result), "| 7      |", 1)
		}, "(D6) shows 7, which is not on the die", true},
		{"ErrRowDeleted", func(string, diceRow) string { return "" }, "but journal.toml records", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := playedExample(t, phase.Options{})
			if _, err := Verify(dir, ""); err != nil {
				t.Fatal(err)
			}
			line := doctor(t, dir, c.rewrite)
			_, err := Verify(dir, "")
			fs := testkit.FaultsOf(t, err)
			if !testkit.HasFault(fs, report, c.want) || c.line && !slices.ContainsFunc(fs, func(f processor.Fault) bool { return f.Line == line }) {
				t.Errorf("verify after %s at line %d: %v", c.name, line, err)
			}
		})
	}
	t.Run("ErrKindSwappedInJournalToo", func(t *testing.T) {
		// The journal's record made to agree: the kind alone gives it away.
		dir := playedExample(t, phase.Options{})
		line := doctor(t, dir, cases[0].rewrite)
		forgeDiceRecord(t, dir)
		_, err := Verify(dir, "")
		if fs := testkit.FaultsOf(t, err); len(fs) != 1 || fs[0].Line != line || !strings.Contains(fs[0].Message, "is a D1") {
			t.Errorf("verify: %v", err)
		}
	})
	t.Run("OKJournalWithoutDiceRecord", func(t *testing.T) {
		// A campaign journaled before warmaster recorded its dice: replay
		// and verify still go through, and verify says what it could not check.
		dir := playedExample(t, phase.Options{})
		var kept []string
		for _, l := range strings.Split(string(testkit.ReadFile(t, dir, processor.JournalFile)), "\n") {
			if !strings.HasPrefix(l, "  dice") {
				kept = append(kept, l)
			}
		}
		testkit.WriteFile(t, dir, processor.JournalFile, []byte(strings.Join(kept, "\n")))
		if _, err := Replay(dir, phase.Options{}); err != nil {
			t.Errorf("replay: %v", err)
		}
		res, err := Verify(dir, "")
		if err != nil || res.Dice == 0 || res.Unrecorded != res.Dice {
			t.Errorf("verify: %+v, %v; want every die re-rolled and unrecorded", res, err)
		}
	})
}

// forgeDiceRecord rewrites journal.toml's dice records to agree with the
// reports, as one who edits both would.
func forgeDiceRecord(t *testing.T, dir string) {
	t.Helper()
	f, err := folder.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	journal := string(testkit.ReadFile(t, dir, processor.JournalFile))
	next := map[int]int{}
	for _, e := range f.JournalSteps {
		p := max(e.Phase, 1)
		rows, err := diceRows("report", testkit.ReadFile(t, dir, reportFile(p)))
		if err != nil {
			t.Fatal(err)
		}
		var rolls []dice.Roll
		for _, r := range rows[next[p] : next[p]+e.Dice] {
			rolls = append(rolls, dice.Roll{Label: r.label, Dice: r.dice, Result: r.result})
		}
		next[p] += e.Dice
		journal = strings.Replace(journal, fmt.Sprintf("dice_sha256 = %q", e.DiceSHA256), fmt.Sprintf("dice_sha256 = %q", folder.DiceDigest(rolls)), 1)
	}
	testkit.WriteFile(t, dir, processor.JournalFile, []byte(journal))
}
