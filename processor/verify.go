package processor

import (
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"strings"

	"github.com/warmaster/warmaster/processor/dice"
)

// VerifyResult says how many dice were re-rolled and checked.
type VerifyResult struct {
	Dice    int
	Reports int
}

// Verify re-rolls every die listed in every phase report of the campaign with
// key — the secret key once the Warmaster publishes it (it must match [dice]
// commitment), or the public seed when key is empty — and checks each result.
// The first die that differs is returned as a fault naming report, line and label.
func Verify(dir, key string) (*VerifyResult, error) {
	f, err := Load(dir)
	if err != nil {
		return nil, err
	}
	k, err := f.Campaign.diceKey(key)
	if err != nil {
		return nil, err
	}
	if key != "" && f.Campaign.Commitment == "" && key != f.Campaign.Seed {
		return nil, fmt.Errorf("this campaign rolls with its public seed (campaign.toml [dice] seed); --key %q is not it", key)
	}
	roller := dice.New(k)
	res := &VerifyResult{}
	for phase := 1; phase <= f.Campaign.Phases; phase++ {
		file := PhaseDir(phase) + "/report.md"
		data, err := f.ReadFile(file)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("verify: %w", err)
		}
		res.Reports++
		rolls, err := diceRows(file, data)
		if err != nil {
			return nil, err
		}
		for _, d := range rolls {
			got := roller.D(d.sides, d.label, "")
			if got != d.result {
				return res, &InvalidError{Faults: []Fault{{File: file, Line: d.line, Col: 1,
					Message: fmt.Sprintf("die %s (%s) is reported as %d, but the key rolls %d: this report was not rolled with this key, or was edited", d.label, d.dice, d.result, got)}}}
			}
			res.Dice++
		}
	}
	return res, nil
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
			if !strings.HasPrefix(cells[1], "D") || err1 != nil || err2 != nil || sides < 1 {
				return nil, &InvalidError{Faults: []Fault{{File: file, Line: i + 1, Col: 1, Message: fmt.Sprintf("unreadable dice row %q", line)}}}
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
