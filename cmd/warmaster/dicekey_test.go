package main

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/warmaster/warmaster/campaigns"
)

// The key dice-key prints is a fresh one each time, its commitment line is
// the one campaign.toml needs, and advance takes it.
func TestDiceKeyCommitsAndAdvances(t *testing.T) {
	keys := map[string]bool{}
	for range 2 {
		var out, errOut bytes.Buffer
		if code := run([]string{"warmaster", "dice-key"}, &out, &errOut); code != exitOK {
			t.Fatalf("dice-key exited %d: %s", code, errOut.String())
		}
		lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		if len(lines) != 2 || !regexp.MustCompile(`^[0-9a-f]{64}$`).MatchString(lines[0]) {
			t.Fatalf("dice-key printed:\n%s", out.String())
		}
		key := lines[0]
		if got, want := lines[1], fmt.Sprintf(`commitment = "sha256:%x"`, sha256.Sum256([]byte(key))); got != want {
			t.Fatalf("commitment line %q, want %q (printf %%s KEY | sha256sum)", got, want)
		}
		keys[key] = true

		dir := filepath.Join(t.TempDir(), "war")
		if err := campaigns.CopyTo(campaigns.Example, dir); err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(dir, "campaign.toml")
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		data = bytes.Replace(data, []byte(`seed = "vespator-front-example"`), []byte(lines[1]), 1)
		if err := os.WriteFile(file, data, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Setenv("WARMASTER_DICE_KEY", key)
		out.Reset()
		errOut.Reset()
		if code := run([]string{"warmaster", "advance", "--now", "2027-02-10T12:00:00Z", dir}, &out, &errOut); code != exitOK {
			t.Fatalf("advance with dice-key's key exited %d: %s", code, errOut.String())
		}
		if code := run([]string{"warmaster", "verify", "--key", key, dir}, &out, &errOut); code != exitOK {
			t.Fatalf("verify with dice-key's key exited %d: %s", code, errOut.String())
		}
		// As advance's message asks: the key in WARMASTER_DICE_KEY (set
		// above), no --key.
		if code := run([]string{"warmaster", "verify", dir}, &out, &errOut); code != exitOK {
			t.Fatalf("verify with the key in WARMASTER_DICE_KEY exited %d: %s", code, errOut.String())
		}
	}
	if len(keys) != 2 {
		t.Fatal("dice-key printed the same key twice")
	}
}

// verify of a campaign with a public seed ignores WARMASTER_DICE_KEY, as
// advance does (one repository's secret may serve its other campaigns),
// and a --key that is not the seed is refused without being printed.
func TestVerifyPublicSeedIgnoresTheSecret(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "war")
	if err := campaigns.CopyTo(campaigns.Example, dir); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"warmaster", "advance", "--now", "2027-02-10T12:00:00Z", dir}, &out, &errOut); code != exitOK {
		t.Fatalf("advance exited %d: %s", code, errOut.String())
	}
	t.Setenv("WARMASTER_DICE_KEY", "s3cret-of-another-campaign")
	if code := run([]string{"warmaster", "verify", dir}, &out, &errOut); code != exitOK {
		t.Fatalf("verify with another campaign's secret set exited %d: %s", code, errOut.String())
	}
	errOut.Reset()
	if code := run([]string{"warmaster", "verify", "--key", "s3cret-given-wrongly", dir}, &out, &errOut); code != exitInvalid || strings.Contains(errOut.String(), "s3cret") || !strings.Contains(errOut.String(), "leave --key out") {
		t.Fatalf("verify --key on a public seed exited %d: %s", code, errOut.String())
	}
}
