package folder

import (
	"fmt"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/schema"
)

// misfiled finds text of one kind written into a file of another beside,
// or instead of, what the file's own kind holds: moves after an orders
// file's operations, a result in a confirmations file (orders and moves
// alone in each other's file are wrongFile's). It words the fault of the
// key that gives it away, where the schema's unknown-key fault is, and
// says whether the rest of the file's faults go with it: a result in a
// confirmation is the whole file (its missing confirms and every key of
// the result would each be a fault); an orders file's operations are its
// own, and their faults stand. key is "" for none.
func misfiled(file string, kind schema.Kind, doc map[string]any) (key, msg string, whole bool) {
	cp := Classify(file)
	switch kind {
	case schema.Orders:
		if _, ok := doc["moves"]; ok {
			return "moves", processor.PlainFirst(
				fmt.Sprintf("Moves go in a file of their own, %s: move [moves] and the lines under it there.", processor.InputPath(cp.Phase, "moves", cp.Name)),
				"moves is the key of moves files, not of orders files; an orders file holds only [[operations]]"), false
		}
	case schema.Confirmations:
		_, confirms := doc["confirms"]
		_, disputes := doc["disputes"]
		if confirms || disputes {
			return "", "", false
		}
		for _, k := range resultKeys {
			if _, ok := doc[k]; ok {
				return k, processor.PlainFirst(
					fmt.Sprintf("This file is for confirming or disputing a result, but it holds a result, which goes in %s (a battle has one result, filed by either side).", processor.InputPath(cp.Phase, "results", cp.Name)),
					fmt.Sprintf("a confirmation is the one line confirms = \"<sha256>\" that `warmaster status` prints for the result as filed (a dispute: disputes = \"<sha256>\" and why = \"…\"); %s is a key of results files, not of confirmations files", k)), true
			}
		}
	}
	return "", "", false
}

// resultKeys are the keys of a result (results.schema.json's), in the
// order a draft writes them: the first a confirmations file holds is the
// one its fault points at.
var resultKeys = []string{"filed_by", "played", "winner", "attacker_vp", "defender_vp", "battle_ready", "defender_player", "theatre", "twist", "outcome", "war_engines"}
