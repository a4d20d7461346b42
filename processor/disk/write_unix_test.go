//go:build unix

package disk

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// A write the system refuses (a full disk, here a descriptor not open for
// writing) is an error, not a panic: a failed write's count is -1.
func TestWriteAllRefused(t *testing.T) {
	p := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(p, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := writeAll(int(f.Fd()), []byte("data")); err == nil {
		t.Error("writeAll to a descriptor open for reading: no error")
	}
}

// A Scratch folder's folder swapped for a FIFO before its first read is
// refused at once: its descriptor is opened as a folder, never blocking.
func TestScratchFolderSwappedForFIFO(t *testing.T) {
	dir := folder(t, map[string]string{"campaign.toml": "c"})
	d, err := Open(dir, Scratch, writable)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if err := d.Commit([]Change{{Path: "phases/04/battles/f1.out", Data: []byte("sheet")}}); err != nil {
		t.Fatal(err)
	}
	battles := filepath.Join(dir, "phases/04/battles")
	if err := os.Rename(battles, filepath.Join(dir, "phases/04/gone")); err != nil {
		t.Fatal(err)
	}
	if err := mkfifo(battles); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := d.ReadFile("phases/04/battles/f1.out")
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil {
			t.Error("ReadFile through a folder swapped for a FIFO: no error")
		}
	case <-time.After(5 * time.Second):
		if f, err := os.OpenFile(battles, os.O_WRONLY, 0); err == nil { // let it end
			f.Close()
		}
		<-done
		t.Error("ReadFile through a folder swapped for a FIFO blocks")
	}
}
