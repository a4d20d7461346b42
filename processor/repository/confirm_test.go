package repository

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/phase"
)

// A result counts when both sides stand behind it ([rules]
// confirm_results, the default): the attacks a cheating player would try,
// each through check-changes as the pull-request check runs it (the
// author, and whoever pushed: GitHub's event sender), then advance as the
// advance job runs it on what was merged.
//
// The example campaign as campaigns/spring, at phase 1's battles: blue-1
// is alice's (blue) Purge and Burn against green (erin, frank); red-1
// carol's (red) Orbital Invasion against blue (alice, bob).

// battlesDeadline is phase 1's battles deadline in the example campaign.
var battlesDeadline = time.Date(2027, 2, 1, 18, 0, 0, 0, time.UTC)

const (
	blue1   = "campaigns/spring/phases/01/results/blue-1.toml"
	red1    = "campaigns/spring/phases/01/results/red-1.toml"
	confB1  = "campaigns/spring/phases/01/confirmations/blue-1.toml"
	confR1  = "campaigns/spring/phases/01/confirmations/red-1.toml"
	ruleB1  = "campaigns/spring/phases/01/rulings/blue-1.toml"
	seenP1  = "campaigns/spring/phases/01/seen.toml"
	spring  = "campaigns/spring"
	stateP1 = "campaigns/spring/state.toml"
)

// battlesRepo is the example campaign with phase 1's operations applied
// and no result filed; results are the example's texts, to file.
func battlesRepo(t *testing.T) (r *testRepo, results map[string]string) {
	t.Helper()
	r = newTestRepo(t)
	results = map[string]string{blue1: r.read(blue1), red1: r.read(red1)}
	// Played when the battles were revealed (a result tells of a battle
	// played between the reveal and the check: RULINGS 69).
	for f, text := range results {
		results[f] = playedRE.ReplaceAllString(text, "played = "+now.Format(time.RFC3339))
	}
	for _, f := range []string{blue1, red1, confB1, confR1} {
		if err := os.Remove(r.path(f)); err != nil {
			t.Fatal(err)
		}
	}
	r.commit("no result filed yet")
	r.advance(now)
	r.commit("phase 1's operations applied")
	return r, results
}

var playedRE = regexp.MustCompile(`(?m)^played = .*$`)

func digest(text string) string {
	sum := sha256.Sum256([]byte(text))
	return hex.EncodeToString(sum[:])
}

// changeAt is change at another time of the check.
func (r *testRepo) changeAt(at time.Time, actor, pusher string, edit func()) *Report {
	r.t.Helper()
	edit()
	r.commit("the pull request")
	rep, err := CheckChanges(r.dir, Options{Base: "HEAD^1", Actor: processor.Login(actor), PushedBy: processor.Login(pusher), Run: phase.Options{Now: at}})
	if err != nil {
		r.t.Fatal(err)
	}
	return rep
}

// merged checks a pull request by actor and requires it to pass: what
// main then has.
func (r *testRepo) merged(actor string, edit func()) {
	r.t.Helper()
	wantFaults(r.t, r.change(actor, edit))
}

// advance runs advance on the campaign as the advance job does, and
// commits what it wrote; it returns the steps applied.
func (r *testRepo) advance(at time.Time) []string {
	r.t.Helper()
	sum, err := phase.Advance(r.path(spring), phase.Options{Now: at})
	if err != nil {
		r.t.Fatal(err)
	}
	r.at = at
	r.commit("warmaster: advance")
	return sum.Applied
}

func (r *testRepo) step() string {
	r.t.Helper()
	_, status, err := phase.Status(r.path(spring), r.at)
	if err != nil {
		r.t.Fatal(err)
	}
	return status
}

func battlesApplied(applied []string) bool {
	for _, a := range applied {
		if strings.Contains(a, "2.3 Resolve Battle Operations") {
			return true
		}
	}
	return false
}

func confirmation(result string) string { return "confirms = \"" + digest(result) + "\"\n" }

func TestConfirmResults(t *testing.T) {
	// Filed by one side and confirmed by the other: applied as soon as
	// every result stands so, before the deadline.
	t.Run("OKBothSides", func(t *testing.T) {
		t.Parallel()
		r, res := battlesRepo(t)
		r.merged("alice", func() { r.write(blue1, res[blue1]) })
		r.merged("erin", func() { r.write(confB1, confirmation(res[blue1])) })
		r.merged("bob", func() { r.write(red1, res[red1]) }) // filed_by = "blue": bob's side
		r.merged("dave", func() { r.write(confR1, confirmation(res[red1])) })
		if applied := r.advance(now.Add(time.Hour)); !battlesApplied(applied) {
			t.Fatalf("applied %q: both results confirmed, the battles go", applied)
		}
		if report := r.read("campaigns/spring/phases/01/report.md"); !strings.Contains(report, "| yes (green) |") || strings.Contains(report, "not confirmed") {
			t.Errorf("the report does not say green confirmed blue-1:\n%s", report)
		}
	})

	// A result filed and approved by one side only (an ally's approving
	// review merges it: the check reads no review) is never applied
	// before the deadline, even with every result in.
	t.Run("ErrOneSideFilesAndApproves", func(t *testing.T) {
		t.Parallel()
		r, res := battlesRepo(t)
		r.merged("alice", func() { r.write(blue1, res[blue1]) })
		r.merged("bob", func() { r.write(red1, res[red1]) })
		for _, at := range []time.Time{now.Add(time.Hour), battlesDeadline.Add(-time.Minute)} {
			if applied := r.advance(at); battlesApplied(applied) {
				t.Fatalf("at %s applied %q: no result is confirmed", at, applied)
			}
		}
		if s := r.step(); !strings.Contains(s, "awaiting green's confirmation") || !strings.Contains(s, "awaiting red's confirmation") || !strings.Contains(s, digest(res[blue1])) {
			t.Errorf("status does not say who must confirm, and what:\n%s", s)
		}
	})

	// A confirmation counts only from the other side of the battle: not
	// the filer, not an ally, not a third Alliance.
	for _, tc := range []struct{ name, who, want string }{
		{"ErrFilerConfirms", "alice", "alice may not change this file: phases/01/results/blue-1.toml is filed by blue, alice's own side"},
		{"ErrAllyConfirms", "bob", "bob may not change this file: phases/01/results/blue-1.toml is filed by blue, bob's own side"},
		{"ErrThirdAllianceConfirms", "carol", "carol may not change this file: a result is confirmed by the other side of the battle (blue attacked green), and red did not fight blue-1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r, res := battlesRepo(t)
			r.merged("alice", func() { r.write(blue1, res[blue1]) })
			rep := r.change(tc.who, func() { r.write(confB1, confirmation(res[blue1])) })
			wantFaults(t, rep, [2]string{confB1, tc.want})
		})
	}

	// A name written in a file vouches for nobody: filed_by naming the
	// other side, a confirmation "by erin" that alice commits, or one
	// alice pushes onto erin's pull request.
	t.Run("ErrNameInAFile", func(t *testing.T) {
		t.Parallel()
		r, res := battlesRepo(t)
		rep := r.change("alice", func() { r.write(blue1, strings.Replace(res[blue1], `filed_by = "blue"`, `filed_by = "green"`, 1)) })
		wantFaults(t, rep, [2]string{blue1, "alice may not change this file: filed_by says green files this result, and alice plays for blue"})
		r.git("reset", "--quiet", "--hard", "HEAD^1")

		r.merged("alice", func() { r.write(blue1, res[blue1]) }) // defender_player = "erin" in it
		rep = r.change("alice", func() { r.write(confB1, "# erin (green) confirms this.\n"+confirmation(res[blue1])) })
		wantFaults(t, rep, [2]string{confB1, "alice may not change this file"})
		r.git("reset", "--quiet", "--hard", "HEAD^1")

		rep = r.changeAt(now, "erin", "alice", func() { r.write(confB1, confirmation(res[blue1])) })
		wantFaults(t, rep, [2]string{confB1, "alice may not change this file: phases/01/results/blue-1.toml is filed by blue, alice's own side"})
		r.git("reset", "--quiet", "--hard", "HEAD^1")

		// And the result alone, naming erin as the defender, is not
		// confirmed: the battles wait.
		r.merged("bob", func() { r.write(red1, res[red1]) })
		r.merged("carol", func() { r.write(confR1, confirmation(res[red1])) })
		if applied := r.advance(now.Add(time.Hour)); battlesApplied(applied) {
			t.Fatalf("applied %q: blue-1 names erin but green never confirmed it", applied)
		}
	})

	// A confirmation survives nothing the filer changes afterwards: the
	// changed result waits for the other side again, and past the deadline
	// is applied as "not confirmed".
	t.Run("ErrFilerChangesAfterConfirmation", func(t *testing.T) {
		t.Parallel()
		r, res := battlesRepo(t)
		r.merged("alice", func() { r.write(blue1, res[blue1]) })
		r.merged("erin", func() { r.write(confB1, confirmation(res[blue1])) })
		r.merged("bob", func() { r.write(red1, res[red1]) })
		r.merged("carol", func() { r.write(confR1, confirmation(res[red1])) })
		changed := strings.Replace(res[blue1], "attacker_vp = 80", "attacker_vp = 95", 1)
		rep := r.change("alice", func() { r.write(blue1, changed) })
		wantFaults(t, rep)
		if plan := rep.Campaigns[0].Plan; !strings.Contains(plan, "awaiting green's confirmation (its confirmation is void: it names another text of blue-1's result than the one filed now, whether the result changed since or the SHA-256 was mistyped or pasted)") {
			t.Errorf("the check does not say green's confirmation is void:\n%s", plan)
		}
		// A comment is a change too.
		r.git("reset", "--quiet", "--hard", "HEAD^1")
		r.merged("alice", func() { r.write(blue1, res[blue1]+"# a comment\n") })
		if applied := r.advance(now.Add(time.Hour)); battlesApplied(applied) {
			t.Fatalf("applied %q: green confirmed blue-1 as it was before alice changed it", applied)
		}
		// erin's old confirmation cannot be made to fit by alice either.
		rep = r.change("alice", func() { r.write(confB1, confirmation(res[blue1]+"# a comment\n")) })
		wantFaults(t, rep, [2]string{confB1, "alice may not change this file"})
		r.git("reset", "--quiet", "--hard", "HEAD^1")
		applied := r.advance(battlesDeadline)
		if !battlesApplied(applied) {
			t.Fatalf("applied %q at the deadline: seen over a day ago, it is applied as filed", applied)
		}
		if report := r.read("campaigns/spring/phases/01/report.md"); !strings.Contains(report, "`phases/01/results/blue-1.toml` (filed by blue) is not confirmed: green's confirmation names another text of the result than the one filed, whether it changed since or the SHA-256 was mistyped or pasted, which voids it") {
			t.Errorf("the report does not say blue-1 is not confirmed:\n%s", report)
		}
	})

	// The other side disputes: the result waits for the Warmaster's
	// ruling past the deadline, and status, the check and the README say
	// so; only the campaign's Warmaster rules.
	t.Run("DisputeWaitsForRuling", func(t *testing.T) {
		t.Parallel()
		r, res := battlesRepo(t)
		r.merged("alice", func() { r.write(blue1, res[blue1]) })
		r.merged("frank", func() {
			r.write(confB1, "disputes = \""+digest(res[blue1])+"\"\nwhy = \"the VP were 65 to 80 the other way\"\n")
		})
		r.merged("bob", func() { r.write(red1, res[red1]) })
		r.merged("dave", func() { r.write(confR1, confirmation(res[red1])) })
		if applied := r.advance(battlesDeadline.Add(72 * time.Hour)); battlesApplied(applied) {
			t.Fatalf("applied %q: blue-1 is disputed and has no ruling", applied)
		}
		if s := r.step(); !strings.Contains(s, "disputed by green: waits for the Warmaster's ruling") || !strings.Contains(s, "phases/01/rulings/blue-1.toml") {
			t.Errorf("status does not say blue-1 waits for a ruling:\n%s", s)
		} else if !strings.Contains(s, "The dispute: the VP were 65 to 80 the other way.") {
			t.Errorf("status does not give the Warmaster the dispute's reasons:\n%s", s)
		}
		if readme := r.read("campaigns/spring/README.md"); !strings.Contains(readme, "A disputed result waits for the Warmaster's ruling") {
			t.Errorf("the README does not say a disputed result waits:\n%s", readme)
		}
		at := battlesDeadline.Add(73 * time.Hour)
		// The check of any pull request to the campaign says it too.
		rep := r.changeAt(at, "bob", "", func() {
			r.write("campaigns/spring/phases/01/moves/bob.toml", r.read("campaigns/spring/phases/01/moves/bob.toml")+"# a comment\n")
		})
		if plan := rep.Campaigns[0].Plan; !strings.Contains(plan, "disputed by green: waits for the Warmaster's ruling") || !strings.Contains(plan, "The battles deadline has passed, and the step waits: phases/01/results/blue-1.toml is disputed by green") {
			t.Errorf("the check does not say blue-1 waits for a ruling:\n%s", plan)
		}
		r.git("reset", "--quiet", "--hard", "HEAD^1")
		rep = r.changeAt(at, "bob", "", func() { r.write(ruleB1, "upholds = \""+digest(res[blue1])+"\"\n") })
		wantFaults(t, rep, [2]string{ruleB1, "bob may not change this file: a ruling on a disputed result is the Warmaster's (alice) alone"})
		r.git("reset", "--quiet", "--hard", "HEAD^1")
		rep = r.changeAt(at, "erin", "", func() { r.write(blue1, strings.Replace(res[blue1], `filed_by = "blue"`, `filed_by = "green"`, 1)) })
		if len(rep.Faults) != 0 {
			t.Errorf("the other side may file the result itself: %s", faults(rep))
		}
		r.git("reset", "--quiet", "--hard", "HEAD^1")
		rep = r.changeAt(at, "alice", "", func() { r.write(ruleB1, "upholds = \""+digest(res[blue1])+"\"\nwhy = \"the photos show 80 to 65\"\n") })
		wantFaults(t, rep)
		if plan := rep.Campaigns[0].Plan; !strings.Contains(plan, "2.3 Resolve Battle Operations") {
			t.Errorf("the check's plan does not apply the battles once ruled:\n%s", plan)
		}
		applied := r.advance(at)
		if !battlesApplied(applied) {
			t.Fatalf("applied %q: the Warmaster upheld blue-1", applied)
		}
		if report := r.read("campaigns/spring/phases/01/report.md"); !strings.Contains(report, "upholds it: applied as filed. The dispute: the VP were 65 to 80 the other way. The ruling: the photos show 80 to 65") {
			t.Errorf("the report does not give the dispute and the ruling:\n%s", report)
		}
	})

	// The repository's Warmasters rule too, as the campaign's Warmaster
	// does: they alone change campaign.toml, so could name themselves its
	// Warmaster anyway. zoe, the repository's Warmaster, plays in no
	// campaign; alice is the campaign's (warmaster = true); bob, a player
	// and neither, is refused, told who rules.
	t.Run("RepositoryWarmasterRules", func(t *testing.T) {
		t.Parallel()
		r, res := battlesRepo(t)
		r.write(RegistryFile, "warmasters = [\"zoe\"]\ncampaigns = [\"campaigns/spring\"]\n")
		r.commit("zoe runs the repository")
		r.merged("bob", func() { r.write(blue1, res[blue1]) })
		r.merged("frank", func() {
			r.write(confB1, "disputes = \""+digest(res[blue1])+"\"\nwhy = \"the VP were 65 to 80 the other way\"\n")
		})
		at := battlesDeadline.Add(73 * time.Hour)
		ruling := "overturns = \"" + digest(res[blue1]) + "\"\nwhy = \"the photos show 65 to 80\"\n"
		rep := r.changeAt(at, "bob", "", func() { r.write(ruleB1, ruling) })
		wantFaults(t, rep, [2]string{ruleB1, "bob may not change this file: a ruling on a disputed result is the campaign's Warmaster's (alice) or the repository's (zoe) alone"})
		r.git("reset", "--quiet", "--hard", "HEAD^1")
		if rep := r.changeAt(at, "alice", "", func() { r.write(ruleB1, ruling) }); len(rep.Faults) != 0 {
			t.Errorf("the campaign's Warmaster may rule: %s", faults(rep))
		}
		r.git("reset", "--quiet", "--hard", "HEAD^1")
		if rep := r.changeAt(at, "zoe", "", func() { r.write(ruleB1, ruling) }); len(rep.Faults) != 0 {
			t.Errorf("the repository's Warmaster may rule: %s", faults(rep))
		}
		// The ruling, now used, is changed by nobody: not by zoe either.
		r.advance(at)
		rep = r.changeAt(at, "zoe", "", func() { r.write(ruleB1, strings.Replace(ruling, "65 to 80", "65 to 81", 1)) })
		wantFaults(t, rep, [2]string{ruleB1, "zoe may not change this file: phase 1's step 2.3"})
	})

	// At the deadline an unconfirmed, undisputed result is applied as
	// filed only once the other side had a day to see it: advance records
	// when it first saw it (seen.toml); one filed later waits out that day.
	t.Run("DeadlineAfterADay", func(t *testing.T) {
		t.Parallel()
		r, res := battlesRepo(t)
		r.merged("bob", func() { r.write(red1, res[red1]) })
		r.merged("carol", func() { r.write(confR1, confirmation(res[red1])) })
		late := battlesDeadline.Add(-2 * time.Hour)
		r.merged("alice", func() { r.write(blue1, res[blue1]) })
		if applied := r.advance(late); battlesApplied(applied) {
			t.Fatalf("applied %q before the deadline", applied)
		}
		seen := r.read(seenP1)
		if !strings.Contains(seen, "battle = \"blue-1\"\nsha256 = \""+digest(res[blue1])+"\"\nseen = 2027-02-01T16:00:00Z") {
			t.Fatalf("seen.toml does not record when advance first saw blue-1:\n%s", seen)
		}
		for _, at := range []time.Time{battlesDeadline, late.Add(24*time.Hour - time.Minute)} {
			if applied := r.advance(at); battlesApplied(applied) {
				t.Fatalf("applied %q at %s: green has not had a day to see blue-1", applied, at)
			}
		}
		if s := r.step(); !strings.Contains(s, "or from 2027-02-02 16:00 UTC if later (advance first saw it at 2027-02-01 16:00 UTC") {
			t.Errorf("status does not say why the battles wait:\n%s", s)
		}
		// Nobody writes seen.toml but advance: not the filer, not the Warmaster.
		for _, who := range []string{"alice", "erin"} {
			rep := r.change(who, func() { r.write(seenP1, strings.Replace(seen, "2027-02-01T16:00:00Z", "2027-01-20T16:00:00Z", 1)) })
			wantFaults(t, rep, [2]string{seenP1, who + " may not change this file: advance writes it"})
			r.git("reset", "--quiet", "--hard", "HEAD^1")
		}
		applied := r.advance(late.Add(24 * time.Hour))
		if !battlesApplied(applied) {
			t.Fatalf("applied %q a day after blue-1 was first seen", applied)
		}
		report := r.read("campaigns/spring/phases/01/report.md")
		if !strings.Contains(report, "`phases/01/results/blue-1.toml` (filed by blue) is not confirmed: green neither confirmed nor disputed it by the deadline; it is applied as filed.") || !strings.Contains(report, "| not confirmed |") {
			t.Errorf("the report does not say blue-1 is not confirmed:\n%s", report)
		}
	})

	// Deleting the other side's result would leave the battle unreported,
	// which the attacker wins at the deadline: only the filer's side
	// withdraws it (and the repository's Warmasters, any unused input).
	t.Run("ErrOtherSideDeletesResult", func(t *testing.T) {
		t.Parallel()
		r, res := battlesRepo(t)
		r.merged("bob", func() { r.write(red1, res[red1]) }) // blue (the defender) files "defender wins"
		rep := r.change("carol", func() { os.Remove(r.path(red1)) })
		wantFaults(t, rep, [2]string{red1, "carol may not change this file: blue filed this result, and only its side withdraws it"})
		r.git("reset", "--quiet", "--hard", "HEAD^1")
		wantFaults(t, r.change("alice", func() { os.Remove(r.path(red1)) })) // bob's ally; and the Warmaster
		r.git("reset", "--quiet", "--hard", "HEAD^1")
		wantFaults(t, r.change("bob", func() { os.Remove(r.path(red1)) }))
		r.git("reset", "--quiet", "--hard", "HEAD^1")
		// Confirmed, it stays: not even its filer deletes it (carol, the
		// attacker, would then win the unreported battle at the deadline).
		r.merged("carol", func() { r.write(confR1, confirmation(res[red1])) })
		rep = r.change("bob", func() { os.Remove(r.path(red1)) })
		wantFaults(t, rep, [2]string{red1, "bob may not change this file: the other side confirmed this result"})
	})

	// A deletion is judged against the result's history, not only the
	// base: two pull requests that each pass must not erase what the
	// other side filed or answered (an attacker found each of these).
	t.Run("ErrWithdrawAfterTheOtherSideTookPart", func(t *testing.T) {
		t.Parallel()
		r, res := battlesRepo(t)
		// bob (blue, the defender) files red-1 "defender wins"; carol
		// (red, the attacker) files hers in its place, then deletes it.
		r.merged("bob", func() { r.write(red1, res[red1]) })
		r.merged("carol", func() { r.write(red1, strings.Replace(res[red1], `filed_by = "blue"`, `filed_by = "red"`, 1)) })
		rep := r.change("carol", func() { os.Remove(r.path(red1)) })
		wantFaults(t, rep, [2]string{red1, "carol may not change this file: blue filed this result before (commit "})
		r.git("reset", "--quiet", "--hard", "HEAD^1")

		// alice (blue) files blue-1; frank (green) disputes it: the
		// dispute waits for the Warmaster, and her side (bob: alice is
		// the Warmaster too) may not delete the result from under it.
		r.merged("alice", func() { r.write(blue1, res[blue1]) })
		r.merged("frank", func() {
			r.write(confB1, "disputes = \""+digest(res[blue1])+"\"\nwhy = \"we won\"\n")
		})
		rep = r.change("bob", func() { os.Remove(r.path(blue1)) })
		wantFaults(t, rep, [2]string{blue1, "bob may not change this file: the other side answered this result (phases/01/confirmations/blue-1.toml)"})
		r.git("reset", "--quiet", "--hard", "HEAD^1")
		// A confirmation voided by a change to the result still stands
		// for the deletion: the filer commented it, then deletes it.
		r.merged("frank", func() { r.write(confB1, confirmation(res[blue1])) })
		r.merged("bob", func() { r.write(blue1, res[blue1]+"# a comment\n") })
		rep = r.change("bob", func() { os.Remove(r.path(blue1)) })
		wantFaults(t, rep, [2]string{blue1, "bob may not change this file: the other side answered this result (phases/01/confirmations/blue-1.toml)"})
	})

	// The filer's side alone, with no answer from the other: its own to
	// withdraw, however often it changed it.
	t.Run("OKWithdrawOwnResult", func(t *testing.T) {
		t.Parallel()
		r, res := battlesRepo(t)
		r.merged("alice", func() { r.write(blue1, res[blue1]) })
		r.merged("bob", func() { r.write(blue1, res[blue1]+"# a comment\n") })
		wantFaults(t, r.change("bob", func() { os.Remove(r.path(blue1)) }))
	})

	// A result with no filed_by: the check says what to write.
	t.Run("ErrNoFiledBy", func(t *testing.T) {
		t.Parallel()
		r, res := battlesRepo(t)
		rep := r.change("alice", func() { r.write(blue1, strings.Replace(res[blue1], "filed_by = \"blue\"", "", 1)) })
		wantFaults(t, rep, [2]string{blue1, "filed_by is missing: write the Alliance filing this result, yours: blue (the attacker) or green (the defender)"})
	})
}

// A deletion is judged against every version of the result, on every
// branch merged: git's history simplification skipped the defender's
// version when the attacker's branch merged main in keeping its own, and
// the deletion then passed (found by a review of the history check).
func TestWithdrawJudgedOnFullHistory(t *testing.T) {
	r, res := battlesRepo(t)
	// A history without the example's own red-1 (blue's), as a campaign
	// whose battles were revealed with none filed.
	r.git("checkout", "-q", "--orphan", "fresh")
	r.commit("fresh start")
	r.git("branch", "-D", "main")
	r.git("branch", "-m", "main")
	r.git("branch", "carol-pr")
	r.merged("bob", func() { r.write(red1, res[red1]) }) // blue files "defender wins"
	r.git("checkout", "-q", "carol-pr")
	mine := strings.Replace(res[red1], `filed_by = "blue"`, `filed_by = "red"`, 1)
	r.write(red1, mine)
	r.commit("carol files hers")
	r.git("merge", "-q", "-X", "ours", "-m", "merge main", "main")
	r.git("checkout", "-q", "main")
	r.git("merge", "-q", "--no-ff", "-m", "merge carol's pull request", "carol-pr")
	if got := r.read(red1); got != mine {
		t.Fatalf("main has %q", got)
	}
	rep := r.change("carol", func() { os.Remove(r.path(red1)) })
	wantFaults(t, rep, [2]string{red1, "carol may not change this file: blue filed this result before (commit "})
}

// Past the history it reads, a deletion fails closed: a first pull
// request of hundreds of commits would push the other side's version out
// of sight.
func TestVersionsSaysWhenIncomplete(t *testing.T) {
	r := newTestRepo(t)
	for i := range 4 {
		r.write("campaigns/spring/notes.txt", fmt.Sprint(i))
		r.commit("a note")
	}
	var n int
	count := func(string, []byte) bool { n++; return false }
	if complete := (Git{Dir: r.dir, Depth: 3}).versions("HEAD", "campaigns/spring/notes.txt", count); complete || n != 3 {
		t.Errorf("depth 3 of 4 versions: complete %v, %d read; want false, 3", complete, n)
	}
	n = 0
	if complete := (Git{Dir: r.dir, Depth: 10}).versions("HEAD", "campaigns/spring/notes.txt", count); !complete || n != 4 {
		t.Errorf("depth 10 of 4 versions: complete %v, %d read; want true, 4", complete, n)
	}
}
