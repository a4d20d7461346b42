package main

import (
	"encoding/json"
	"testing"

	"github.com/warmaster/warmaster/schema"
)

// engine's bounds on the table are a result's: the results schema's
// landing count and stomp.
func TestEngineBoundsAreTheResults(t *testing.T) {
	var doc struct {
		Defs struct {
			Count  struct{ Minimum, Maximum int } `json:"count"`
			Engine struct {
				Properties struct {
					Damage struct {
						Items struct {
							Properties struct {
								Stomp struct{ Minimum, Maximum int } `json:"stomp"`
							} `json:"properties"`
						} `json:"items"`
					} `json:"damage"`
				} `json:"properties"`
			} `json:"war_engine"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(schema.JSON(schema.Results), &doc); err != nil {
		t.Fatal(err)
	}
	if c := doc.Defs.Count; c.Minimum != 0 || c.Maximum != maxLandingCount {
		t.Errorf("the results schema's landing count is %d to %d; engine landing takes 0 to %d", c.Minimum, c.Maximum, maxLandingCount)
	}
	if s := doc.Defs.Engine.Properties.Damage.Items.Properties.Stomp; s.Minimum != 1 || s.Maximum != 3 {
		t.Errorf("the results schema's stomp is %d to %d; engine damage --stomp takes 1 to 3", s.Minimum, s.Maximum)
	}
}
