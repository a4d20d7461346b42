package folder

import (
	"fmt"
	"strings"
	"testing"

	"github.com/warmaster/warmaster/processor"
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
// made of the document, its look-ups with it (DecodeCampaign).
func BenchmarkCampaign(b *testing.B) {
	for _, n := range []int{10000, 100000} {
		data := campaignText(n)
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
