package phase

import (
	"os"
	"runtime/pprof"
	"runtime/trace"
	"testing"
	"time"
)

func TestZZProf(t *testing.T) {
	src := os.Getenv("ZZSRC")
	if src == "" {
		t.Skip()
	}
	dir := t.TempDir() + "/c"
	if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	tf, _ := os.Create("/dev/shm/zz.trace")
	pf, _ := os.Create("/dev/shm/zz.cpu")
	trace.Start(tf)
	pprof.StartCPUProfile(pf)
	start := time.Now()
	_, err := Advance(dir, Options{Now: time.Date(2027, 2, 2, 0, 0, 0, 0, time.UTC)})
	t.Logf("advance %v", time.Since(start))
	pprof.StopCPUProfile()
	trace.Stop()
	if err != nil {
		t.Fatal(err)
	}
}
