package folder

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/disk"
	"github.com/warmaster/warmaster/processor/folder/owntoml"
	"github.com/warmaster/warmaster/schema"
)

// campaignText is a public campaign's campaign.toml: n players in three
// Alliances, a fleet each (as the scale tests generate it).
func campaignText(n int) []byte {
	var b strings.Builder
	b.WriteString("name = \"Generated\"\nphases = 6\n[dice]\nseed = \"bench\"\n[rules]\nevents = false\nconfirm_results = false\n")
	alliances := []string{"blue", "red", "green"}
	for _, a := range alliances {
		fmt.Fprintf(&b, "[[alliances]]\nid = %q\nname = %q\n", a, a)
	}
	for i := range n {
		fmt.Fprintf(&b, "[[players]]\nlogin = \"p%d\"\nalliance = %q\n", i, alliances[i%3])
	}
	for i := range n {
		fmt.Fprintf(&b, "[[fleets]]\nid = \"f%d\"\nplayer = \"p%d\"\n", i, i)
	}
	return []byte(b.String())
}

// BenchmarkCampaign times what a load does with campaign.toml at a public
// campaign's size: the schema's decode (parse, check), then the campaign
// made of the document, its look-ups with it (DecodeCampaign); and the
// two as the load does them, the players and fleets read apart from the
// document (lifted) or, as before, in it (document).
func BenchmarkCampaign(b *testing.B) {
	for _, n := range []int{10000, 100000} {
		data := campaignText(n)
		for _, lift := range []bool{true, false} {
			b.Run(fmt.Sprintf("%s/%d", map[bool]string{true: "lifted", false: "document"}[lift], n), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					var doc map[string]any
					var faults []schema.Fault
					var roll *processor.Roll
					if lift {
						doc, faults, roll = decodeKind(schema.Campaign, data)
					} else {
						doc, faults = schema.Decode(schema.Campaign, data)
					}
					if len(faults) > 0 || lift != (roll != nil) {
						b.Fatal(faults)
					}
					var fs processor.Faults
					c := processor.DecodeCampaignRoll(processor.NewObj(doc, processor.Src{File: processor.CampaignFile}), roll, &fs)
					if !fs.Empty() || len(c.FleetsOf("p1")) != 1 || len(c.Players) != n {
						b.Fatalf("%v %v", fs.List, c.FleetsOf("p1"))
					}
				}
			})
		}
		b.Run(fmt.Sprintf("schema/%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, faults := schema.Decode(schema.Campaign, data); len(faults) > 0 {
					b.Fatal(faults)
				}
			}
		})
		b.Run(fmt.Sprintf("decode/%d", n), func(b *testing.B) {
			doc, faults := schema.Decode(schema.Campaign, data)
			if len(faults) > 0 {
				b.Fatal(faults)
			}
			b.ReportAllocs()
			for b.Loop() {
				var fs processor.Faults
				c := processor.DecodeCampaign(processor.NewObj(doc, processor.Src{File: processor.CampaignFile}), &fs)
				if !fs.Empty() || len(c.FleetsOf("p1")) != 1 {
					b.Fatalf("%v %v", fs.List, c.FleetsOf("p1"))
				}
			}
		})
	}
}

// BenchmarkMissingConsumed times missingConsumed going over a public
// campaign's journal of n inputs, a look-up in the folder's listing each:
// what a load costs once its count says an input is missing (here none
// is: the load's count, which spares a folder missing none, is not made).
func BenchmarkMissingConsumed(b *testing.B) {
	const n = 200000
	dir := b.TempDir()
	steps := []owntoml.JournalEntry{{Phase: 1, Step: processor.StepOperations}, {Phase: 1, Step: processor.StepMoves}}
	consumed := map[string]string{}
	for i := range n {
		e := &steps[i%2]
		file := fmt.Sprintf("phases/01/%s/p%d.toml", map[bool]string{true: "orders", false: "moves"}[i%2 == 0], i/2)
		e.Inputs = append(e.Inputs, owntoml.JournalInput{Path: file, SHA256: fmt.Sprintf("%064x", i)})
		consumed[file] = fmt.Sprintf("%064x", i)
		p := filepath.Join(dir, filepath.FromSlash(file))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	d, err := OpenFolder(dir, disk.Read)
	if err != nil {
		b.Fatal(err)
	}
	defer d.Unlock()
	f := &Folder{Disk: d, JournalSteps: steps, ConsumedInputs: consumed}
	for b.Loop() {
		var fs processor.Faults
		missingConsumed(f, &fs)
		if !fs.Empty() {
			b.Fatal(fs.List)
		}
	}
}
