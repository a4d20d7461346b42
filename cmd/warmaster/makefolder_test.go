package main

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// A folder made by init is whole or not there: a run that stops midway
// (here its writing fails after the first file, as a killed run would)
// leaves the folder as it was, and the next run goes ahead.
func TestMakeFolder(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "camp")
	stop := errors.New("killed")
	err := makeFolder(dir, func(tmp string) error {
		if err := os.WriteFile(filepath.Join(tmp, "campaign.toml"), []byte("x"), 0o644); err != nil {
			return err
		}
		return stop
	})
	if !errors.Is(err, stop) {
		t.Fatalf("err = %v, want %v", err, stop)
	}
	if entries, err := os.ReadDir(dir); err != nil || len(entries) != 0 {
		t.Fatalf("after a failed run the folder holds %v (%v), want it empty", entries, err)
	}
	if err := makeFolder(dir, func(tmp string) error {
		return os.WriteFile(filepath.Join(tmp, "campaign.toml"), []byte("y"), 0o644)
	}); err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(filepath.Join(dir, "campaign.toml")); err != nil || string(data) != "y" {
		t.Errorf("campaign.toml = %q, %v", data, err)
	}
	if st, err := os.Stat(dir); err != nil || runtime.GOOS != "windows" && st.Mode().Perm() != 0o755 {
		t.Errorf("folder mode %v, %v; want rwxr-xr-x", st.Mode(), err)
	}
	entries, _ := os.ReadDir(parent)
	if len(entries) != 1 {
		t.Errorf("beside the folder: %v, want nothing", entries)
	}
	// A folder that is not empty is refused, as before.
	if err := makeFolder(dir, func(string) error { return nil }); err == nil {
		t.Error("a second run over a made folder was not refused")
	}
}
