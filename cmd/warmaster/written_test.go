package main

import (
	"fmt"
	"testing"
)

// A run's "wrote" line names every file of a club's phase, and a public
// campaign's thousands of battle sheets as their folder and number (an
// organiser of 200 battles got one line naming each).
func TestWrittenList(t *testing.T) {
	few := []string{"README.md", "journal.toml", "phases/01/battles/blue-1.toml", "phases/01/battles/red-1.toml", "phases/01/report.md", "state.toml"}
	if got, want := writtenList(few), "README.md, journal.toml, phases/01/battles/blue-1.toml, phases/01/battles/red-1.toml, phases/01/report.md, state.toml"; got != want {
		t.Errorf("few:\n got %s\nwant %s", got, want)
	}
	many := []string{"README.md", "journal.toml"}
	for i := range 200 {
		many = append(many, fmt.Sprintf("phases/01/battles/f-%03d.toml", i))
	}
	many = append(many, "phases/01/report.md", "state.toml")
	if got, want := writtenList(many), "README.md, journal.toml, phases/01/battles/ (200 files), phases/01/report.md, state.toml"; got != want {
		t.Errorf("many:\n got %s\nwant %s", got, want)
	}
}
