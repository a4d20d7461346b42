package repository

import (
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"
)

// suggest commits a pull request's change and makes its suggestions.
func (r *testRepo) suggest(actor string, edit func()) ([]Suggestion, []string) {
	r.t.Helper()
	rep := r.change(actor, edit)
	list, skipped, err := Suggestions(r.dir, rep, "")
	if err != nil {
		r.t.Fatal(err)
	}
	return list, skipped
}

// The mistakes with one sure fix, each with the exact suggestion the
// pull-request check posts for it.
func TestSuggestions(t *testing.T) {
	const bob = "campaigns/spring/phases/01/orders/bob.toml"
	type want struct {
		line         int
		text, rename string
	}
	check := func(t *testing.T, list []Suggestion, skipped []string, wantSkipped []string, w ...want) {
		t.Helper()
		var got []want
		for _, s := range list {
			got = append(got, want{s.Line, s.Text, s.Rename})
			if !strings.HasPrefix(s.File, "campaigns/spring/phases/01/orders/") && s.Rename == "" {
				t.Errorf("suggestion on %s, want %s", s.File, bob)
			}
		}
		if !reflect.DeepEqual(got, w) {
			t.Errorf("suggestions %+v\nwant %+v", got, w)
		}
		if !reflect.DeepEqual(skipped, wantSkipped) {
			t.Errorf("skipped %q\nwant %q", skipped, wantSkipped)
		}
	}
	t.Run("MisspeltFleet", func(t *testing.T) {
		t.Parallel()
		r := newTestRepo(t)
		list, skipped := r.suggest("bob", func() {
			r.write(bob, strings.Replace(r.read(bob), `"blue-2"`, `"blue2"`, 1))
		})
		check(t, list, skipped, nil, want{2, `fleet = "blue-2"`, ""})
		wantBody := "<!-- warmaster:suggestion " + list[0].Key + " -->\n" +
			"**warmaster check:** `unknown fleet \"blue2\"; did you mean \"blue-2\"?`\n\n" +
			"```suggestion\nfleet = \"blue-2\"\n```\n\n" +
			"*Commit suggestion* (above) makes this change on your pull request's branch in one click.\n"
		if got := list[0].Body(); got != wantBody {
			t.Errorf("body:\n%s\nwant:\n%s", got, wantBody)
		}
	})
	// Two misspelt ids on one line: one suggestion mends both.
	t.Run("TwoOnOneLine", func(t *testing.T) {
		t.Parallel()
		r := newTestRepo(t)
		const alice = "campaigns/spring/phases/01/orders/alice.toml"
		list, skipped := r.suggest("alice", func() {
			r.write(alice, "operations = [{ fleet = \"blue-1\", operation = \"battle\", attack = \"purge-and-burn\", planet = \"astarhem\", defender = \"gren\" }]\n")
		})
		check(t, list, skipped, nil, want{1, `operations = [{ fleet = "blue-1", operation = "battle", attack = "purge-and-burn", planet = "astarthem", defender = "green" }]`, ""})
		if want := "**warmaster check:** `unknown planet \"astarhem\"; did you mean \"astarthem\"?`\n**warmaster check:** `unknown alliance \"gren\"; did you mean \"green\"?`\n\n```suggestion\n"; !strings.Contains(list[0].Body(), want) {
			t.Errorf("body:\n%s\nwant …%s…", list[0].Body(), want)
		}
	})
	// A misspelt key with one near miss the table lacks.
	t.Run("MisspeltKey", func(t *testing.T) {
		t.Parallel()
		r := newTestRepo(t)
		list, skipped := r.suggest("bob", func() {
			r.write(bob, strings.Replace(r.read(bob), "operation =", "opration =", 1))
		})
		check(t, list, skipped, nil, want{3, `operation = "raise-edifices"`, ""})
		if want := "**warmaster check:** `unknown key \"opration\" in the 1st operation; did you mean \"operation\"?`"; !strings.Contains(list[0].Body(), want) {
			t.Errorf("body:\n%s\nwant …%s…", list[0].Body(), want)
		}
	})
	// Meant to be a key the table has already: no sure fix.
	t.Run("MisspeltKeyTaken", func(t *testing.T) {
		t.Parallel()
		r := newTestRepo(t)
		list, skipped := r.suggest("bob", func() {
			r.write(bob, strings.Replace(r.read(bob), "operation =", "operation = \"raise-edifices\"\noperations =", 1))
		})
		check(t, list, skipped, nil)
	})
	t.Run("CurlyQuotes", func(t *testing.T) {
		t.Parallel()
		r := newTestRepo(t)
		list, skipped := r.suggest("bob", func() {
			r.write(bob, "[[operations]]\nfleet = “blue-2”\noperation = ‘raise-edifices’ # Bob’s\ninfrastructure = \"fortification-line\"\n")
		})
		check(t, list, skipped, nil,
			want{2, `fleet = "blue-2"`, ""},
			want{3, `operation = 'raise-edifices' # Bob's`, ""})
		if !strings.Contains(list[0].Fault, "curly quotes") || list[0].Fault != list[1].Fault {
			t.Errorf("the curly quotes' comments quote %q and %q, want the file's one fault twice", list[0].Fault, list[1].Fault)
		}
	})
	t.Run("CurlyQuotesNotSure", func(t *testing.T) {
		t.Parallel()
		r := newTestRepo(t)
		list, skipped := r.suggest("bob", func() {
			r.write(bob, "[[operations]]\nfleet = ‘blue’s’\noperation = \"raise-edifices\"\ninfrastructure = \"fortification-line\"\n")
		})
		check(t, list, skipped, []string{bob + ":2: no suggestion: with straight quotes for the curly ones, the file is still not TOML (a quote inside the text?): mend it by hand"})
	})
	t.Run("FileToRename", func(t *testing.T) {
		t.Parallel()
		r := newTestRepo(t)
		const wrong = "campaigns/spring/phases/01/order/bob.toml"
		list, skipped := r.suggest("bob", func() {
			r.write(wrong, r.read(bob))
			if err := os.Remove(r.path(bob)); err != nil {
				t.Fatal(err)
			}
		})
		var mine []Suggestion
		for _, s := range list {
			if s.File == wrong {
				mine = append(mine, s)
			}
		}
		check(t, mine, skipped, nil, want{1, "", bob})
		if body := mine[0].Body(); !strings.Contains(body, "Rename it to `"+bob+"`. GitHub cannot rename a file from a suggestion") || strings.Contains(body, "```suggestion") {
			t.Errorf("the rename's comment:\n%s", body)
		}
	})
	// Two files meant to be one (a copy saved twice, in two wrong
	// places): renaming both would have the second overwrite the first,
	// so neither rename is sure: the player keeps one.
	t.Run("TwoFilesToOneName", func(t *testing.T) {
		t.Parallel()
		r := newTestRepo(t)
		const wrong1, wrong2 = "campaigns/spring/phases/01/order/bob.toml", "campaigns/spring/phases/01/orders/bob.toml.txt"
		list, skipped := r.suggest("bob", func() {
			r.write(wrong1, r.read(bob))
			r.write(wrong2, r.read(bob))
			if err := os.Remove(r.path(bob)); err != nil {
				t.Fatal(err)
			}
		})
		var mine []Suggestion
		for _, s := range list {
			if s.Rename != "" {
				mine = append(mine, s)
			}
		}
		why := ":1: no suggestion: 2 files are meant to be " + bob + " (" + wrong1 + ", " + wrong2 + "): keep the one you mean, rename it, and delete the other"
		check(t, mine, skipped, []string{wrong1 + why, wrong2 + why})
	})
	// A line the pull request did not change gets no comment (GitHub
	// refuses one there): the fault stays an annotation.
	t.Run("UnchangedLine", func(t *testing.T) {
		t.Parallel()
		r := newTestRepo(t)
		r.write(bob, strings.Replace(r.read(bob), `"blue-2"`, `"blue2"`, 1))
		r.commit("bob's misspelt orders on main")
		list, skipped := r.suggest("bob", func() {
			r.write(bob, strings.Replace(r.read(bob), "fortification-line", "staging-grounds", 1))
		})
		check(t, list, skipped, []string{bob + ":2: no suggestion: the pull request did not change that line (GitHub comments only on changed lines)"})
	})
}

// What a player wrote reaches the comment only in a code span (no
// Markdown, HTML or @mention) and a suggestion fence longer than any run
// of backticks in it.
func TestSuggestionBodyQuotes(t *testing.T) {
	s := Suggestion{Key: "k", Fault: "unknown fleet \"@alice`x`\"; did you mean \"a\"?", Text: "fleet = \"```\""}
	want := "<!-- warmaster:suggestion k -->\n" +
		"**warmaster check:** ``unknown fleet \"@alice`x`\"; did you mean \"a\"?``\n\n" +
		"````suggestion\nfleet = \"```\"\n````\n\n" +
		"*Commit suggestion* (above) makes this change on your pull request's branch in one click.\n"
	if got := s.Body(); got != want {
		t.Errorf("body:\n%s\nwant:\n%s", got, want)
	}
}

// A phone's curly quotes on every line of a long file: at most
// MaxSuggestions comments, the rest said to follow.
func TestSuggestionsCapped(t *testing.T) {
	r := newTestRepo(t)
	const bob = "campaigns/spring/phases/01/orders/bob.toml"
	var b strings.Builder
	for i := range MaxSuggestions + 2 {
		fmt.Fprintf(&b, "[[operations]]\nfleet = “blue-%d”\n", i)
	}
	list, skipped := r.suggest("bob", func() { r.write(bob, b.String()) })
	if len(list) != MaxSuggestions || len(skipped) != 2 || !strings.Contains(skipped[0], "50 suggestions are posted at most at once") {
		t.Errorf("%d suggestions, skipped %q", len(list), skipped)
	}
}

func TestReplaceID(t *testing.T) {
	for _, tc := range []struct {
		line       string
		col        int
		was, meant string
		want       string
	}{
		{`fleet = "blue2"`, 9, "blue2", "blue-2", `fleet = "blue-2"`},
		{`fleet = 'blue2' # x`, 9, "blue2", "blue-2", `fleet = 'blue-2' # x`},
		{`blue2 = "hold"`, 1, "blue2", "blue-2", `blue2 = "hold"`[:0] + `blue-2 = "hold"`},
		{`  “x” = 1`, 3, "x", "y", ""},           // not a plain id at col
		{`blue22 = 1`, 1, "blue2", "blue-2", ""}, // a longer bare word
		{`k = "bob"`, 5, "bob", `b"ob`, ""},      // would need escaping
		{`é = "blue2"`, 5, "blue2", "blue-2", `é = "blue-2"`},
	} {
		got, ok := replaceID(tc.line, tc.col, tc.was, tc.meant)
		if ok != (tc.want != "") || got != tc.want {
			t.Errorf("replaceID(%q, %d, %q, %q) = %q, %v; want %q", tc.line, tc.col, tc.was, tc.meant, got, ok, tc.want)
		}
	}
}

func TestChangedLines(t *testing.T) {
	diff := "diff --git a/x b/x\n@@ -1,0 +1,2 @@\n+a\n+b\n@@ -5 +7 @@\n-c\n+d\n@@ -9,2 +10,0 @@\n-e\n-f\n"
	got := changedLines(diff)
	want := map[int]bool{1: true, 2: true, 7: true}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("changedLines = %v, want %v", got, want)
	}
}
