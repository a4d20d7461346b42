package folder

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/warmaster/warmaster/schema"
)

// TestResultKeys: the keys that tell a result pasted into a confirmation
// are a result's, every one.
func TestResultKeys(t *testing.T) {
	var s struct {
		Properties map[string]any `json:"properties"`
	}
	if err := json.Unmarshal(schema.JSON(schema.Results), &s); err != nil {
		t.Fatal(err)
	}
	var want []string
	for k := range s.Properties {
		want = append(want, k)
	}
	if got := slices.Sorted(slices.Values(resultKeys)); !slices.Equal(got, slices.Sorted(slices.Values(want))) {
		t.Errorf("resultKeys = %v, want the schema's %v", got, want)
	}
}
