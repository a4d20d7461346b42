package trust

import (
	"errors"
	"fmt"
	"io"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder"
)

// The CODEOWNERS format: how a campaign's rules (CodeOwners) become the
// lines of a CODEOWNERS file, paths anchored at the repository root. The
// repository's whole file (its Warmasters, then each declared campaign) is
// repository.WriteCodeOwners, above this package: it needs the registry.

// WriteCampaignCodeOwners writes the CODEOWNERS lines of the campaign in
// root (a slash path from the repository root, CodeOwnersRoot): a header
// saying where they come from, then its rules.
func WriteCampaignCodeOwners(w io.Writer, root string, rules []Owners) {
	fmt.Fprintf(w, "# The campaign in %s: written by `warmaster codeowners %s`.\n", root, root)
	fmt.Fprintln(w, "# The last matching pattern takes precedence; `warmaster check --actor` enforces the rest.")
	WriteCodeOwners(w, root, rules)
}

// WriteCodeOwners writes a campaign's rules, a comment above each section.
func WriteCodeOwners(w io.Writer, root string, rules []Owners) {
	section := ""
	for _, r := range rules {
		if r.Section != section {
			section = r.Section
			fmt.Fprintf(w, "\n# %s\n", section)
		}
		fmt.Fprintf(w, "%s %s\n", CodeOwnersPattern(root, r.Pattern), joinLogins(r.Logins, " ", "@"))
	}
}

// codeownersSafe are the characters a CODEOWNERS path may hold here without
// escaping: the syntax has none for spaces, and #, ! and [ ] mean something.
var codeownersSafe = regexp.MustCompile(`^[A-Za-z0-9._/-]+$`)

// CodeOwnersRoot is the campaign folder as a slash path from the
// repository root: DIR as given, cleaned. The error, a folder outside the
// repository or a name CODEOWNERS cannot match, is the caller's misuse.
func CodeOwnersRoot(dir string) (string, error) {
	root := path.Clean(filepath.ToSlash(dir))
	switch {
	case filepath.IsAbs(dir) || root == ".." || strings.HasPrefix(root, "../"):
		return "", fmt.Errorf("codeowners needs the campaign folder as a path from the repository root, such as campaigns/war; got %s", dir)
	case !codeownersSafe.MatchString(root):
		return "", errors.New("codeowners: " + dir + " has a character CODEOWNERS cannot match (use letters, digits, '.', '_', '-' and '/')")
	}
	return root, nil
}

// CodeOwnersPattern anchors a campaign pattern at the repository root; the
// empty pattern is the whole folder (every file, *, when it is the root).
func CodeOwnersPattern(root, pattern string) string {
	if root == "." && pattern == "" {
		return "*"
	}
	p := "/"
	if root != "." {
		p += root + "/"
	}
	return p + pattern
}

// Owners is one line of a CODEOWNERS file for a campaign folder: a pattern
// relative to the folder, and who owns what it matches.
type Owners struct {
	Pattern string            // gitignore-style, relative to the campaign folder: phases/*/orders/alice.toml*
	Logins  []processor.Login // GitHub logins
	Section string            // what the rule is about, for a comment above its group
}

// MaxAllyReviewers is how many allies each player's orders and moves name
// beside the player: the whole Alliance when it is no bigger, else the
// players who follow them in campaign.toml (the first ones after the last).
// Bounded, so that CODEOWNERS grows with the players, not with their
// square: GitHub does not load a file of 3 MB or more.
const MaxAllyReviewers = 3

// campaignCodeOwners lists the CODEOWNERS rules of a campaign, in the order
// the file needs them (the last matching pattern takes precedence). They
// ask for the reviews `check --actor` has already decided the rights of
// (it alone refuses a change): the repository's Warmasters (warmasters)
// own the folder, campaign.toml, map.toml and what the processor writes —
// without a registry, the campaign's Warmaster (warmaster = true) does; the
// rulings are the campaign's Warmaster's and the repository's; each
// Alliance's players own its set-up, builds and event choices; each player
// their orders (sealed too) and moves; every player the results, which two
// Alliances share. Each line names its owners, so the file grows with the
// players, never with their square. It returns an *InvalidError when
// there is nobody to own the Warmaster's files.
//
// GitHub does not let the author of a pull request approve it, so a file
// owned by its author alone could never get the code owner's review branch
// protection requires. A player's files are therefore co-owned by allies
// (up to MaxAllyReviewers of them), and an Alliance of one shares its
// files with the Warmaster (the campaign's, then the repository's): they
// may approve, while `check --actor` still refuses a change by anyone but
// the player (or the Alliance) whose file it is.
func campaignCodeOwners(c *processor.Campaign, warmasters []processor.Login) ([]Owners, error) {
	w, hasW := c.Warmaster()
	owners := warmasters // of the Warmaster's files and what the processor writes
	if len(owners) == 0 && hasW {
		owners = []processor.Login{w}
	}
	if len(owners) == 0 {
		var fs processor.Faults
		fs.Add(processor.Src{File: processor.CampaignFile}, "no player is the Warmaster (warmaster = true), and no repository's .github/warmaster.toml names one: CODEOWNERS gives them campaign.toml, map.toml and what the processor writes")
		return nil, fs.Err(func(string) []byte { return nil })
	}
	// rulers rule on a disputed result, and approve an Alliance of one's
	// files: the campaign's Warmaster, then the repository's.
	var rulers []processor.Login
	if hasW {
		rulers = append(rulers, w)
	}
	for _, l := range warmasters {
		if !isOneOf(l, rulers) {
			rulers = append(rulers, l)
		}
	}
	// alone adds the rulers to owners that are one player (an Alliance
	// of one), who could not approve their own pull request.
	alone := func(out []processor.Login) []processor.Login {
		if len(out) != 1 {
			return out
		}
		out = slices.Clip(out) // appended to: a copy, never the campaign's
		for _, l := range rulers {
			if !isOneOf(l, out) {
				out = append(out, l)
			}
		}
		return out
	}
	var out []Owners
	add := func(section, pattern string, logins []processor.Login) {
		out = append(out, Owners{Pattern: pattern, Logins: logins, Section: section})
	}
	warmaster := "The Warmaster's: the folder, unless a rule below says otherwise; the campaign and the map."
	ruling := "Rulings on disputed results: the Warmaster's."
	if len(warmasters) > 0 {
		warmaster = "The repository's Warmasters': the folder, unless a rule below says otherwise; the campaign and the map."
		ruling = "Rulings on disputed results: the campaign's Warmaster's (warmaster = true) and the repository's Warmasters'."
	}
	add(warmaster, "", owners)
	add(warmaster, processor.CampaignFile, owners)
	add(warmaster, processor.MapFile, owners)
	const alliance = "Each Alliance's: its set-up, builds and event choices (an Alliance of one shares them with the Warmaster, who may approve)."
	for _, a := range c.AllianceIDs() {
		players := c.PlayersOf(a)
		if len(players) == 0 {
			continue
		}
		add(alliance, "setup/"+string(a)+".toml", alone(players))
		add(alliance, "phases/*/builds/"+string(a)+".toml", alone(players))
		add(alliance, "phases/*/events/"+string(a)+".toml", alone(players))
	}
	player := fmt.Sprintf("Each player's: orders (sealed too: .toml.age) and moves. Allies (or the Warmaster) co-own them to approve: GitHub does not let a pull request's author approve it. At most %d allies a player, those after them in campaign.toml: the file grows with the players.", MaxAllyReviewers)
	for _, p := range c.Players {
		reviewers := alone(allyReviewers(c.PlayersOf(p.Alliance), p.Login))
		add(player, "phases/*/orders/"+string(p.Login)+".toml*", reviewers)
		add(player, "phases/*/moves/"+string(p.Login)+".toml", reviewers)
	}
	add("Battle results: every player; `warmaster check --actor` allows only the two Alliances that fought.", "phases/*/results/", c.Logins())
	if c.Rules.ConfirmResults {
		add("Confirmations of results: every player; `warmaster check --actor` allows only the side that did not file the result.", "phases/*/confirmations/", c.Logins())
		add(ruling, "phases/*/rulings/", rulers)
	}
	add("The final battle(s) of a tie: every player; `warmaster check --actor` allows only the tied Alliances.", "phases/*/tiebreak.toml", c.Logins())
	const written = "Written by warmaster, never by hand: `warmaster check --actor` refuses every change."
	for _, p := range []string{processor.StateFile, processor.JournalFile, processor.ReadmeFile, "phases/*/report.md", "phases/*/battles/", "phases/*/" + folder.SeenFile} {
		add(written, p, owners)
	}
	return out, nil
}

// allyReviewers is login and the allies who review their files: of
// alliance (its players in campaign.toml's order, login among them), the
// MaxAllyReviewers who follow login, wrapping round to the first; in
// campaign.toml's order after login. Each player thus has reviewers of
// their own, and no player reviews more than MaxAllyReviewers others'.
func allyReviewers(alliance []processor.Login, login processor.Login) []processor.Login {
	at := slices.Index(alliance, login)
	n := len(alliance)
	picked := make([]bool, n)
	for k := 1; k <= MaxAllyReviewers && k < n; k++ {
		picked[(at+k)%n] = true
	}
	out := []processor.Login{login}
	for i, l := range alliance {
		if picked[i] {
			out = append(out, l)
		}
	}
	return out
}

// CodeOwners reads a campaign folder's campaign.toml and map.toml and lists
// its CODEOWNERS rules (see campaignCodeOwners); warmasters are the
// repository's Warmasters (its registry's), none for a campaign on its own.
// Faults in inputs do not matter here.
func CodeOwners(dir string, warmasters []processor.Login) ([]Owners, error) {
	f, _, err := folder.LoadDir(dir)
	if err != nil {
		return nil, err
	}
	return campaignCodeOwners(f.Campaign, warmasters)
}
