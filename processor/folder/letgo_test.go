package folder

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/warmaster/warmaster/campaigns"
	"github.com/warmaster/warmaster/processor"
)

// TestTextsLetGo: once loaded, campaign.toml's and map.toml's texts are
// not held (at 100,000 players 11 MB, to the run's end), yet Text and
// Digest give what the folder holds, read again — a fault found later is
// positioned in it.
func TestTextsLetGo(t *testing.T) {
	dir, f := loadExample(t)
	for _, file := range []string{processor.CampaignFile, processor.MapFile} {
		if _, held := f.Texts[file]; held {
			t.Errorf("%s's text is held after the load", file)
		}
		want, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil {
			t.Fatal(err)
		}
		if got := f.Text(file); !bytes.Equal(got, want) {
			t.Errorf("Text(%s) = %d bytes, want the file's %d", file, len(got), len(want))
		}
		if got := f.Digest(file); got != Digest(want) {
			t.Errorf("Digest(%s) = %s, want %s", file, got, Digest(want))
		}
	}
	if f.Text("phases/01/orders/nobody.toml") != nil {
		t.Error("Text of a file never read is not nil")
	}
}

// loadExample loads a copy of the example campaign, and says where it is.
func loadExample(t *testing.T) (string, *Folder) {
	t.Helper()
	dir := t.TempDir()
	if err := campaigns.CopyTo(campaigns.Example, dir); err != nil {
		t.Fatal(err)
	}
	f, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	return dir, f
}

// TestTextsKeptWithFaults: a file with a fault found at the load keeps
// its text, which positions it.
func TestTextsKeptWithFaults(t *testing.T) {
	f := &Folder{Texts: map[string][]byte{processor.MapFile: []byte("x"), processor.CampaignFile: []byte("y")}}
	var fs processor.Faults
	fs.Add(processor.Src{File: processor.MapFile, Ptr: "/planets"}, "wrong")
	letGoOfTexts(f, &fs)
	if _, held := f.Texts[processor.MapFile]; !held {
		t.Error("map.toml, with a fault, was let go of")
	}
	if _, held := f.Texts[processor.CampaignFile]; held {
		t.Error("campaign.toml, without one, was kept")
	}
}

// The digests of inputs read ahead, taken where they were read, are the
// digests of their texts as the folder has them; their texts are not held
// after the load (100,000 results' at a public campaign's battles step),
// yet Text gives each as the folder has it, and the void words find a file
// by its digest; a text set afresh (sealed orders as decrypted) is
// digested as it now is.
func TestDigestsTakenAhead(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2)) // read ahead on two CPUs
	dir, f := loadExample(t)
	inputs := 0
	for file := range f.sums {
		if Classify(file).Phase > 0 {
			inputs++
		}
		if _, held := f.Texts[file]; held {
			t.Errorf("%s: its text is held after the load", file)
		}
		want, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(file)))
		if err != nil {
			t.Fatal(err)
		}
		if got := f.Digest(file); got != Digest(want) {
			t.Errorf("%s: digest %s, its text's %s", file, got, Digest(want))
		}
		if got := fileWithSum(f, Digest(want)); f.Digest(got) != Digest(want) {
			t.Errorf("%s: the file with its digest is %q", file, got)
		}
		if got := f.Text(file); !bytes.Equal(got, want) {
			t.Errorf("%s: Text is %d bytes, the file %d", file, len(got), len(want))
		}
		if got := f.Digest(file); got != Digest(want) {
			t.Errorf("%s read again: digest %s, its text's %s", file, got, Digest(want))
		}
		f.Texts[file] = []byte("replaced = true\n") // as the reveal does with sealed orders
		if got, want := f.Digest(file), Digest([]byte("replaced = true\n")); got != want {
			t.Errorf("%s set afresh: digest %s, want %s", file, got, want)
		}
	}
	if inputs == 0 {
		t.Fatalf("no input's digest was taken as it was read: %d files'", len(f.sums))
	}
}

// A summed input changed on disk after the load (by hand, while a run
// works) keeps the digest of the text that was decoded: the text read
// again to place a fault is not kept in its stead.
func TestDigestOfTheTextDecoded(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2)) // read ahead on two CPUs
	dir, f := loadExample(t)
	for file := range f.sums {
		if Classify(file).Phase == 0 {
			continue
		}
		was := f.Digest(file)
		if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(file)), []byte("changed = true\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := f.Text(file); string(got) != "changed = true\n" {
			t.Errorf("%s: Text is %q, the file as it is now", file, got)
		}
		if _, held := f.Texts[file]; held {
			t.Errorf("%s: a text not the one decoded is kept", file)
		}
		if got := f.Digest(file); got != was {
			t.Errorf("%s: digest %s after the change, the decoded text's %s", file, got, was)
		}
		return
	}
	t.Fatal("no input was summed")
}
