package trust

import (
	"crypto/sha256"
	"errors"
	"fmt"
	iofs "io/fs"
	"regexp"
	"strconv"
	"strings"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/dice"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/phase"
)

// VerifyResult says how many dice were re-rolled and checked.
type VerifyResult struct {
	Dice    int
	Reports int
	// Unrecorded dice were rolled by steps journaled before warmaster
	// recorded each step's dice: re-rolled and checked one by one, but how
	// many each step rolled, and of which kind, could not be checked.
	Unrecorded int
}

// Verify re-rolls every die listed in every phase report of the campaign with
// key — the secret key once the Warmaster publishes it (it must match [dice]
// commitment), or the public seed when key is empty — and checks each die
// against the journal, step by step: its kind is one the rules roll, its
// result is on the die and is what the step's key rolls, and the step's
// dice are as many, and the same, as the journal records (a row deleted,
// added or changed to a die that cannot fail — `D6 | 4` to `D1 | 1` — is
// caught). Faults name the report, the line and the label.
func Verify(dir, key string) (*VerifyResult, error) { return VerifyWith(dir, key, "") }

// VerifyWith is Verify, with secret (WARMASTER_DICE_KEY, which one
// repository's campaigns may share) standing in for a key not given —
// for a campaign whose dice are committed to a key only: a public seed's
// campaign needs none, as advance ignores it there.
func VerifyWith(dir, key, secret string) (*VerifyResult, error) {
	f, err := loadHistory(dir)
	if err != nil {
		return nil, err
	}
	defer f.Disk.Close()
	c := f.Campaign
	from := "--key" // where the key came from, for a key that does not match
	if key == "" && c.Commitment != "" {
		key, from = secret, "WARMASTER_DICE_KEY"
		if key == "" {
			return nil, fmt.Errorf("campaign.toml commits the dice to a secret key: give the key the Warmaster published once the campaign was over: warmaster verify --key KEY %s (or set WARMASTER_DICE_KEY)", dir)
		}
	}
	if key != "" && c.Commitment == "" && key != c.Seed {
		// Not quoted: it may be a secret key given to the wrong campaign.
		return nil, fmt.Errorf("this campaign rolls with its public seed (campaign.toml [dice] seed), and the --key given is not it: leave --key out")
	}
	k, err := c.DiceKey(key)
	if err != nil {
		if c.Commitment != "" {
			// Not quoted either: only its hash, as DiceKey says it.
			return nil, fmt.Errorf("%s: %w", from, err)
		}
		return nil, err
	}
	roller := dice.New(k) // a public seed rolls as it is
	if c.Commitment != "" {
		id, err := folder.CampaignID(dir)
		if err != nil {
			return nil, err
		}
		roller = dice.Bound(k, id)
	}
	legacy := dice.New(k) // steps journaled before the dice were bound

	res := &VerifyResult{}
	var fs processor.Faults
	reports := map[int][]diceRow{}
	recorded := map[int]int{} // dice the journal records, by report
	unrecorded := map[int]bool{}
	for _, e := range f.JournalSteps {
		p := max(e.Phase, 1) // the set-up is reported in phase 1's report
		if e.DiceSHA256 == "" {
			unrecorded[p] = true
		}
		recorded[p] += e.Dice
	}
	for phase := 1; phase <= c.Phases; phase++ {
		file := reportFile(phase)
		data, err := f.ReadFile(file)
		if errors.Is(err, iofs.ErrNotExist) {
			if recorded[phase] > 0 {
				fs.Add(processor.Src{File: file}, "missing: journal.toml records %d dice rolled by steps reported here", recorded[phase])
			}
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("verify: %w", err)
		}
		res.Reports++
		rows, err := diceRows(file, data)
		if err != nil {
			return nil, err
		}
		reports[phase] = rows
		if n := len(rows); n < recorded[phase] || n > recorded[phase] && !unrecorded[phase] {
			fs.Add(processor.Src{File: file}, "lists %d dice, but journal.toml records %d rolled by the steps reported here: a row was deleted or added", n, recorded[phase])
			reports[phase] = nil // which row is another's guess: its dice are not checked one by one
			delete(unrecorded, phase)
		}
	}

	next := map[int]int{} // the next row of each report
	for _, e := range f.JournalSteps {
		roller.Step(folder.DiceInputs(e))
		p := max(e.Phase, 1)
		rows := reports[p]
		if rows == nil {
			continue
		}
		file := reportFile(p)
		if e.DiceSHA256 == "" {
			if unrecorded[p] {
				// The rows recorded steps do not account for, in one go: the
				// steps before the record rolled as they did then.
				n := len(rows) - recorded[p]
				for _, d := range rows[next[p] : next[p]+n] {
					verifyDie(&fs, file, d, legacy)
				}
				next[p] += n
				res.Dice += n
				res.Unrecorded += n
				unrecorded[p] = false
			}
			continue
		}
		mine := rows[next[p] : next[p]+e.Dice]
		next[p] += e.Dice
		res.Dice += len(mine)
		prior := roller.Prior()
		before := len(fs.List)
		h := sha256.New()
		for _, d := range mine {
			rr := roller
			if e.Step == processor.StepSetup && strings.HasPrefix(d.label, phase.MedalBenefitLabel) {
				rr = prior // rolled before the set-up's inputs (benefitDraws)
			}
			verifyDie(&fs, file, d, rr)
			folder.AddDie(h, d.label, d.dice, d.result)
		}
		if got := fmt.Sprintf("%x", h.Sum(nil)); got != e.DiceSHA256 && len(fs.List) == before {
			line := 0
			if len(mine) > 0 {
				line = mine[0].line
			}
			step := fmt.Sprintf("phase %d's step %s", e.Phase, e.Step)
			if e.Step == processor.StepSetup {
				step = "the set-up"
			}
			fs.AddLine(file, line, "the %d dice of %s listed from here are not the ones journal.toml records (sha256 %.12s…): a row was changed, moved or swapped", e.Dice, step, e.DiceSHA256)
		}
	}
	return res, fs.Err(f.Text)
}

func reportFile(phase int) string { return processor.PhaseDir(phase) + "/report.md" }

// verifyDie checks one die of a report: a kind the rules roll, a result on
// the die, and the result the key rolls on its label.
func verifyDie(fs *processor.Faults, file string, d diceRow, roller *dice.Roller) {
	switch {
	case !ruleDie(d.label, d.sides):
		fs.AddLine(file, d.line, "die %s is a %s: the rules roll a D6 or a D3 there (a die of other sides only draws lots, never of one side); this report was edited", d.label, d.dice)
	case d.result < 1 || d.result > d.sides:
		fs.AddLine(file, d.line, "die %s (%s) shows %d, which is not on the die; this report was edited", d.label, d.dice, d.result)
	default:
		if got := roller.D(d.sides, d.label, ""); got != d.result {
			fs.AddLine(file, d.line, "die %s (%s) is reported as %d, but the key rolls %d: this report was not rolled with this key, or was edited", d.label, d.dice, d.result, got)
		}
		return
	}
	roller.D(d.sides, d.label, "") // keep the label's stream in step for the dice after it
}

// lotLabel is the label of a die that draws lots among the choices there
// are — as many sides as choices, 2 or more: which Alliance's piece is
// built at set-up ("the Warmaster randomly decides"), the theatre under
// Sinister Omens, the site of a Cult Uprising. Every other die the rules
// roll is a D6 or a D3.
var lotLabel = regexp.MustCompile(`^(setup/infrastructure-lot/|phase-[0-9]+/2\.2/sinister-omens/theatre/|phase-[0-9]+/3/events/cult-uprisings/site$)`)

// ruleDie reports whether the rules roll a die of these sides on label.
func ruleDie(label string, sides int) bool {
	return sides == 6 || sides == 3 || sides >= 2 && lotLabel.MatchString(label)
}

type diceRow struct {
	line          int
	label, dice   string
	sides, result int
}

// diceRows reads the rows of the dice tables of a report
// (| label | dice | result | for |).
func diceRows(file string, data []byte) ([]diceRow, error) {
	var out []diceRow
	in := false
	for i, line := range strings.Split(string(data), "\n") {
		cells := tableCells(line)
		switch {
		case len(cells) == 4 && cells[0] == "label" && cells[1] == "dice" && cells[2] == "result":
			in = true
		case !in || len(cells) == 0:
			in = false
		case strings.HasPrefix(cells[0], ":--") || strings.HasPrefix(cells[0], "---"):
		case len(cells) == 4:
			sides, err1 := strconv.Atoi(strings.TrimPrefix(cells[1], "D"))
			result, err2 := strconv.Atoi(cells[2])
			if err1 != nil || err2 != nil || sides < 1 || cells[1] != "D"+strconv.Itoa(sides) {
				return nil, &processor.InvalidError{Faults: []processor.Fault{{File: file, Line: i + 1, Col: 1, Message: fmt.Sprintf("unreadable dice row %q", line)}}}
			}
			out = append(out, diceRow{line: i + 1, label: cells[0], dice: cells[1], sides: sides, result: result})
		default:
			in = false
		}
	}
	return out, nil
}

// tableCells splits a Markdown table row into trimmed cells; nil if not a row.
func tableCells(line string) []string {
	line = strings.TrimSpace(line)
	if !strings.HasPrefix(line, "|") || !strings.HasSuffix(line, "|") || len(line) < 2 {
		return nil
	}
	parts := strings.Split(line[1:len(line)-1], "|")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts
}
