package phase

import (
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestScaleProfile runs Plan, Check and Status in process on the folder
// $WARMASTER_PROFILE_DIR (e.g. one TestScaleWrite wrote), for -cpuprofile;
// at $WARMASTER_PROFILE_NOW (RFC 3339) if set, else past genPhase's
// deadlines. $WARMASTER_PROFILE_COMMANDS, if set, names which of plan,
// check, status and advance to run, in that order (advance changes the
// folder: give it a copy).
func TestScaleProfile(t *testing.T) {
	dir := os.Getenv("WARMASTER_PROFILE_DIR")
	if dir == "" {
		t.Skip("no WARMASTER_PROFILE_DIR")
	}
	now := time.Date(2027, 2, 2, 0, 0, 0, 0, time.UTC)
	if at := os.Getenv("WARMASTER_PROFILE_NOW"); at != "" {
		var err error
		if now, err = time.Parse(time.RFC3339, at); err != nil {
			t.Fatal(err)
		}
	}
	for _, step := range []struct {
		name string
		run  func() error
	}{
		{"plan", func() error { _, err := Plan(dir, Options{Now: now}); return err }},
		{"check", func() error { _, err := Check(dir, Options{Now: now}); return err }},
		{"status", func() error { _, _, err := Status(dir, now); return err }},
		{"advance", func() error { _, err := Advance(dir, Options{Now: now}); return err }},
	} {
		if cmds := os.Getenv("WARMASTER_PROFILE_COMMANDS"); cmds == "" && step.name == "advance" ||
			cmds != "" && !slices.Contains(strings.Split(cmds, ","), step.name) {
			continue
		}
		start := time.Now()
		err := step.run()
		t.Logf("%s: %v (%v)", step.name, time.Since(start), err)
	}
}
