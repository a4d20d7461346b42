package folder

import (
	"regexp"
	"slices"
	"strconv"
	"testing"

	"github.com/warmaster/warmaster/processor"
)

var (
	phaseInputRE = regexp.MustCompile(`^phases/([0-9]{2,3})/(orders|results|moves|builds|events|confirmations|rulings)/([^/]+?)\.toml(\.age)?$`)
	seenRE       = regexp.MustCompile(`^phases/([0-9]{2,3})/seen\.toml$`)
	writtenRE    = regexp.MustCompile(`^phases/[0-9]{2,3}/(report\.md|battles/.+)$`)
	setupRE      = regexp.MustCompile(`^setup/([^/]+)\.toml$`)
	tiebreakRE   = regexp.MustCompile(`^phases/([0-9]{2,3})/tiebreak\.toml$`)
)

// classifyByPatterns is Classify as it was written, by regular
// expressions: the definition Classify is held to.
func classifyByPatterns(file string) CampaignPath {
	switch file {
	case processor.CampaignFile, processor.MapFile:
		return CampaignPath{Kind: KindWarmaster}
	case processor.StateFile, processor.JournalFile, processor.ReadmeFile:
		return CampaignPath{Kind: KindWritten}
	}
	if engineProfileRE.MatchString(file) {
		return CampaignPath{Kind: KindWarmaster}
	}
	if writtenRE.MatchString(file) {
		return CampaignPath{Kind: KindWritten}
	}
	if m := setupRE.FindStringSubmatch(file); m != nil {
		return CampaignPath{Kind: KindSetup, Name: m[1]}
	}
	if m := seenRE.FindStringSubmatch(file); m != nil {
		phase, _ := strconv.Atoi(m[1])
		return CampaignPath{Kind: KindSeen, Phase: phase}
	}
	if m := tiebreakRE.FindStringSubmatch(file); m != nil {
		phase, _ := strconv.Atoi(m[1])
		return CampaignPath{Kind: KindTiebreak, Phase: phase}
	}
	m := phaseInputRE.FindStringSubmatch(file)
	if m == nil {
		return CampaignPath{Kind: KindOther}
	}
	if m[4] != "" && m[2] != "orders" {
		return CampaignPath{Kind: KindOther}
	}
	phase, _ := strconv.Atoi(m[1])
	return CampaignPath{Kind: phaseInputKinds[m[2]], Phase: phase, Name: m[3], Dir: m[2]}
}

// classifyPaths are paths built from the pieces the patterns tell apart,
// every way round: good ones, and each near miss a player's file name or
// an edited journal could be.
func classifyPaths() []string {
	heads := []string{"", "phases/", "phases/01/", "phases/1/", "phases/001/", "phases/0001/", "phases/a1/", "phases/01", "phases//",
		"setup/", "setup", "engines/", "engines", "Phases/01/", "phases/٠١/", "/phases/01/", "x/phases/01/"}
	dirs := []string{"", "orders/", "results/", "moves/", "builds/", "events/", "confirmations/", "rulings/", "battles/", "report/", "Orders/", "orders", "seen/", "tiebreak/"}
	names := []string{"", "a", "alice.toml", "alice.toml.age", "alice.age", ".toml", ".toml.age", "a.toml.toml", "a.toml.age.toml",
		"a.toml.age.age", "a/b.toml", "a/b.toml.age", "a\nb.toml", "\n", "x\n", "a b.toml", "é.toml", "\xff.toml", "report.md",
		"seen.toml", "tiebreak.toml", "campaign.toml", "x", "x/y", "a.TOML", "a.toml ", " a.toml", "a.tom", "toml", ".age",
		// what a player naming a file to slip past the layout might try
		"..", "../a.toml", "./a.toml", "a.toml/", "a.toml\x00", "a\u202e.toml", "ａ.toml", "a.toml/../b.toml", "/a.toml"}
	var out []string
	for _, h := range heads {
		for _, d := range dirs {
			for _, n := range names {
				out = append(out, h+d+n)
			}
		}
	}
	return append(out, processor.CampaignFile, processor.MapFile, processor.StateFile, processor.JournalFile, processor.ReadmeFile,
		"phases/01/battles/b-1.toml", "phases/999/results/x.toml", "phases/100/orders/x.toml.age")
}

// TestClassifyAsPatterns: Classify says of every path what the regular
// expressions it replaced said.
func TestClassifyAsPatterns(t *testing.T) {
	paths := classifyPaths()
	kinds := map[fileKind]int{}
	for _, p := range paths {
		got, want := Classify(p), classifyByPatterns(p)
		if got != want {
			t.Errorf("Classify(%q) = %+v, the patterns say %+v", p, got, want)
		}
		kinds[want.Kind]++
	}
	for k := KindOther; k <= KindSeen; k++ {
		if kinds[k] == 0 {
			t.Errorf("no path of kind %d among the %d tried: the test does not cover it", k, len(paths))
		}
	}
}

// FuzzClassify: likewise, for any path.
func FuzzClassify(f *testing.F) {
	for _, p := range classifyPaths() {
		f.Add(p)
	}
	f.Fuzz(func(t *testing.T, p string) {
		if got, want := Classify(p), classifyByPatterns(p); got != want {
			t.Errorf("Classify(%q) = %+v, the patterns say %+v", p, got, want)
		}
	})
}

func BenchmarkClassify(b *testing.B) {
	paths := []string{"phases/01/results/b-12-3.toml", "phases/02/orders/alice.toml.age", "setup/red.toml", "phases/01/battles/b-1.toml", "README.md"}
	for b.Loop() {
		for _, p := range paths {
			Classify(p)
		}
	}
}

// A check of named files shows the faults of the folders above one that
// Warmaster reads nothing at (a misnamed folder says where it belongs),
// and not those of a file's folder it does read, which are about the
// other files there (the count of entries refused past the first 100).
func TestHolding(t *testing.T) {
	for _, tc := range []struct {
		files, want []string
	}{
		{[]string{"phases/03/orders/alice.toml"}, []string{"phases/03/orders/alice.toml"}},
		{[]string{"setup/red.toml", "phases/01/result/x.toml"}, []string{"setup/red.toml", "phases/01/result/x.toml", "phases/01/result", "phases/01", "phases"}},
		{[]string{"setups/red.toml"}, []string{"setups/red.toml", "setups"}},
		// A phase the campaign of 3 phases does not have.
		{[]string{"phases/04/results/blue-1.toml"}, []string{"phases/04/results/blue-1.toml", "phases/04/results", "phases/04", "phases"}},
		{[]string{"phases/00/orders/bob.toml"}, []string{"phases/00/orders/bob.toml", "phases/00/orders", "phases/00", "phases"}},
	} {
		if got := Holding(tc.files, 3); !slices.Equal(got, tc.want) {
			t.Errorf("Holding(%q) = %q, want %q", tc.files, got, tc.want)
		}
	}
}
