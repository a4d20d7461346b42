package github

import (
	"strings"
	"testing"
)

// TestFitWords: as many words as fit in the room, joined by spaces.
func TestFitWords(t *testing.T) {
	words := []string{"@ann", "@bo", "@cy"} // 4 + 1 + 3 + 1 + 3 = 12 bytes
	for room, want := range []int{0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3} {
		got := fitWords(words, room)
		if got != want {
			t.Errorf("room %d: %d words, want %d", room, got, want)
		}
		if l := len(strings.Join(words[:got], " ")); l > room {
			t.Errorf("room %d: %d bytes", room, l)
		}
	}
	if fitWords(nil, 10) != 0 {
		t.Error("no words: not 0")
	}
}
