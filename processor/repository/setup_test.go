package repository

import (
	"os"
	"strings"
	"testing"
)

// Strongholds that fill a planet's locations: advance asks the later
// Alliance in campaign.toml's order to choose again, but a pull request
// must not make another Alliance's merged set-up faulty. Blue, before
// green in the order, took the last Stronghold's place at masnet (two
// locations) that red and green had filed: its pull request passed, and
// green's set-up, untouched, stalled the campaign (found by an attacker's
// look). The check asks the newcomer to choose again; a change that
// leaves its Stronghold where it was is not refused.
func TestSetupStrongholdClashIsTheNewcomers(t *testing.T) {
	r := newTestRepo(t)
	const setup = "campaigns/spring/setup/"
	at := func(file, from, to string) {
		t.Helper()
		text := r.read(setup + file)
		if !strings.Contains(text, from) {
			t.Fatalf("%s has no %q", file, from)
		}
		r.write(setup+file, strings.Replace(text, from, to, 1))
	}
	blue := strings.Replace(r.read(setup+"blue.toml"), `stronghold = "ikaron-prime"`, `stronghold = "masnet"`, 1)
	at("red.toml", `power3 = ["masnet", `, `power3 = ["ikaron-prime", `)
	at("red.toml", `stronghold = "norallus"`, `stronghold = "masnet"`)
	at("green.toml", `stronghold = "astarthem"`, `stronghold = "masnet"`)
	if err := os.Remove(r.path(setup + "blue.toml")); err != nil {
		t.Fatal(err)
	}
	r.commit("red and green set up, both Strongholds at masnet")
	rep := r.change("bob", func() { r.write(setup+"blue.toml", blue) })
	wantFaults(t, rep, [2]string{setup + "blue.toml", "masnet has 2 Infrastructure locations, all taken by the Strongholds red and green set up before yours; choose another planet for your Stronghold"})

	// Merged anyway (two pull requests that each passed), the clash is the
	// campaign's: blue may still change the rest of its set-up, leaving its
	// Stronghold where it is (a review found blue refused then).
	r.commit("blue's merged too")
	rep = r.change("bob", func() {
		r.write(setup+"blue.toml", strings.Replace(blue, `blue-2 = "caltus-novem"`, `blue-2 = "novamagnor"`, 1))
	})
	wantFaults(t, rep)
}
