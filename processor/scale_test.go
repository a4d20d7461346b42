package processor

import (
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/BurntSushi/toml"
)

var scale = flag.String("scale", "", "battles per generated phase for TestScale, e.g. 1000,10000,100000 (empty: skip)")

// TestScale prints the scale table: for a generated phase of n battles (one
// result file each; players, fleets and planets in proportion), the time of
// `warmaster advance` as a process (start to reports written), the time to
// merely read and decode the same input files as TOML in one process, their
// ratio, the cost per battle, and advance's peak memory against the input
// bytes. Run: go test ./processor -run TestScale -scale 1000,10000,100000 -v
func TestScale(t *testing.T) {
	if *scale == "" {
		t.Skip("no -scale given")
	}
	bin := filepath.Join(t.TempDir(), "warmaster")
	if out, err := exec.Command("go", "build", "-o", bin, "../cmd/warmaster").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	var rows []string
	for _, s := range strings.Split(*scale, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			t.Fatal(err)
		}
		dir := genBattles(t, n)
		inBytes := treeBytes(t, dir)
		decode := decodeOnly(t, dir)
		start := time.Now()
		cmd := exec.Command(bin, "advance", "--now", "2027-02-02T00:00:00Z", dir)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("advance: %v\n%s", err, out)
		}
		adv := time.Since(start)
		rss := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss * 1024
		rows = append(rows, fmt.Sprintf("| %d | %v | %v | %.2f | %d µs | %d MB | %d MB | %.1f |", n,
			adv.Round(time.Millisecond), decode.Round(time.Millisecond), float64(adv)/float64(decode),
			adv.Microseconds()/int64(n), rss>>20, inBytes>>20, float64(rss)/float64(inBytes)))
	}
	t.Logf("\n| battles | advance | decode only | ratio | per battle | peak RSS | input | RSS / input |\n|---|---|---|---|---|---|---|---|\n%s\n(%s, %d CPUs)",
		strings.Join(rows, "\n"), runtime.Version(), runtime.NumCPU())
}

// decodeOnly reads every .toml file of the folder and decodes it as TOML: the
// floor any implementation pays.
func decodeOnly(t *testing.T, dir string) time.Duration {
	start := time.Now()
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".toml") {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		var m map[string]any
		_, err = toml.Decode(string(data), &m)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return time.Since(start)
}

func treeBytes(t *testing.T, dir string) int64 {
	var n int64
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		n += info.Size()
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}
