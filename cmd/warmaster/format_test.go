package main

import (
	"strings"
	"testing"

	"github.com/warmaster/warmaster/processor"
)

// GitHub's workflow-command escaping: data escapes %, CR and LF; property
// values also : and ,.
func TestEscape(t *testing.T) {
	const in = "50% of a,b: c\r\nd"
	if got, want := escapeData(in), "50%25 of a,b: c%0D%0Ad"; got != want {
		t.Errorf("escapeData(%q) = %q, want %q", in, got, want)
	}
	if got, want := escapeProperty(in), "50%25 of a%2Cb%3A c%0D%0Ad"; got != want {
		t.Errorf("escapeProperty(%q) = %q, want %q", in, got, want)
	}
	// % first: an escape sequence already in the text is kept as text.
	if got, want := escapeData("%0A"), "%250A"; got != want {
		t.Errorf("escapeData(%q) = %q, want %q", "%0A", got, want)
	}
}

func TestWriteAnnotations(t *testing.T) {
	var b strings.Builder
	writeAnnotations(&b, []processor.Fault{
		{File: "c/phases/01/orders/a.toml", Line: 3, Col: 7, Message: "bad: x, y\nz"},
		{File: "c/state.toml", Message: "refused"},
	})
	want := "::error file=c/phases/01/orders/a.toml,line=3,col=7,title=warmaster::bad: x, y%0Az\n" +
		"::error file=c/state.toml,title=warmaster::refused\n"
	if got := b.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
