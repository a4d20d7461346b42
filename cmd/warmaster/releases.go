package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"
	"github.com/warmaster/warmaster/processor/trust"
)

// modulePath is the module releases of warmaster are built from.
const modulePath = "github.com/warmaster/warmaster"

// releaseFinder finds the binary of another warmaster version, for the
// runs of a campaign it applied (trust's "Upgrading mid-campaign"): given
// with --release VERSION=PATH; else WARMASTER_RELEASES/warmaster-VERSION;
// else built once by `go install …/cmd/warmaster@VERSION` into the user's
// cache (a release version only: a local build's commit is nowhere to
// fetch from). The version comes from journal.toml: only a release name
// is ever used (trust.ReleaseName), as a file name or a module version.
func releaseFinder(given map[string]string) func(string) (string, error) {
	return func(v string) (string, error) {
		if !trust.ReleaseName(v) {
			return "", fmt.Errorf("%q is not a version name", v)
		}
		if p, ok := given[v]; ok {
			return p, nil
		}
		if dir := os.Getenv("WARMASTER_RELEASES"); dir != "" {
			p := filepath.Join(dir, "warmaster-"+v)
			if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
				return p, nil
			}
		}
		if !strings.HasPrefix(v, "v") {
			return "", fmt.Errorf("a local build (%s) is not a release anyone can fetch: give its binary with --release %s=PATH, or put it in WARMASTER_RELEASES as warmaster-%s", v, v, v)
		}
		cache, err := os.UserCacheDir()
		if err != nil {
			return "", fmt.Errorf("no cache folder to build warmaster %s in (%v): give its binary with --release %s=PATH", v, err, v)
		}
		bin := filepath.Join(cache, "warmaster", "releases", v)
		p := filepath.Join(bin, "warmaster")
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
		cmd := exec.Command("go", "install", modulePath+"/cmd/warmaster@"+v)
		cmd.Env = append(os.Environ(), "GOBIN="+bin, "GOWORK=off", "GOFLAGS=-mod=mod")
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Run(); err != nil {
			return "", fmt.Errorf("go install %s/cmd/warmaster@%s: %v: %s (or give its binary with --release %s=PATH)", modulePath, v, err, strings.TrimSpace(out.String()), v)
		}
		return p, nil
	}
}

// releaseFlag is --release, repeatable: VERSION=PATH.
func releaseFlag() cli.Flag {
	return &cli.StringSliceFlag{Name: "release", Usage: "`VERSION=PATH`: the warmaster binary of an earlier version, which replays the runs that version applied (default: WARMASTER_RELEASES/warmaster-VERSION, else go install of that release)"}
}

// givenReleases reads --release.
func givenReleases(c *cli.Context) (map[string]string, error) {
	out := map[string]string{}
	for _, r := range c.StringSlice("release") {
		v, p, ok := strings.Cut(r, "=")
		if !ok || !trust.ReleaseName(v) || p == "" {
			return nil, usagef("--release %q: give VERSION=PATH, e.g. --release v1.2.0=/usr/local/bin/warmaster-1.2.0", r)
		}
		out[v] = p
	}
	return out, nil
}

// replayRunCommand is the hidden command a later warmaster's replay runs
// this one with, for a run this one applied (trust.ReplayRun on stdin; the
// run's summary as JSON on stdout).
func replayRunCommand() *cli.Command {
	return &cli.Command{
		Name:      "replay-run",
		Hidden:    true,
		ArgsUsage: "SCRATCH",
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usagef("replay-run takes the scratch folder")
			}
			data, err := io.ReadAll(io.LimitReader(os.Stdin, 16<<20))
			if err != nil {
				return err
			}
			var req trust.ReplayRun
			if err := json.Unmarshal(data, &req); err != nil {
				return fmt.Errorf("replay-run: %w", err)
			}
			opt := secrets(req.Now)
			sum, err := trust.ReplayRunIn(c.Args().First(), req, opt)
			if err != nil {
				return err
			}
			return json.NewEncoder(c.App.Writer).Encode(struct {
				Applied []string
				Steps   int
			}{sum.Applied, sum.Steps})
		},
	}
}
