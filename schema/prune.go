package schema

import (
	"maps"
	"slices"
)

// pruneBudget is how many failing array elements the validator is given
// to describe, in all, when a document fails the fast check.
const pruneBudget = 1000

// prune returns v, or a copy of it in which arrays end after the first
// pruneBudget elements that fail the fast check (counted in document
// order, depth first, a table's keys by name), for the JSON Schema
// validator to describe. Its cost is in the faults it words: a million
// failing elements would cost seconds, to be cut to MaxFaults anyway. The
// elements kept keep their indices, so what the validator says about them
// is what it would say about the whole document. cut is where the first
// element left out is (nil when none was): if the validator then finds
// nothing, the whole document goes to it.
func (n *fastNode) prune(v any) (pruned any, cut []string) {
	p := pruner{budget: pruneBudget}
	pruned, _ = p.prune(n, v, nil)
	return pruned, p.cut
}

type pruner struct {
	budget int
	cut    []string
}

// prune returns v, at path, or, changed, a pruned copy.
func (p *pruner) prune(n *fastNode, v any, path []string) (any, bool) {
	if n == nil || len(n.anyOf) > 0 || n.cond != nil {
		return v, false // which branch applies is the validator's to say: left whole
	}
	if n.ref != nil {
		if n.properties != nil || n.additional != nil || n.items != nil {
			return v, false
		}
		return p.prune(n.ref, v, path)
	}
	switch t := v.(type) {
	case map[string]any:
		var out map[string]any // a copy, once a value changes
		visit := func(k string, sub *fastNode) {
			if e, changed := p.prune(sub, t[k], append(path[:len(path):len(path)], k)); changed {
				if out == nil {
					out = maps.Clone(t)
				}
				out[k] = e
			}
		}
		for _, k := range n.propNames {
			if _, ok := t[k]; ok {
				visit(k, n.properties[k])
			}
		}
		if n.additional != nil {
			var extra []string
			for k := range t {
				if _, ok := n.properties[k]; !ok {
					extra = append(extra, k)
				}
			}
			slices.Sort(extra)
			for _, k := range extra {
				visit(k, n.additional)
			}
		}
		if out != nil {
			return out, true
		}
	case []any:
		if n.items == nil {
			return t, false
		}
		var out []any // a copy, once an element changes or the array is cut
		for i, e := range t {
			pe, changed := p.prune(n.items, e, append(path[:len(path):len(path)], itoa(i)))
			if !n.items.valid(pe) {
				if p.budget == 0 {
					if p.cut == nil {
						p.cut = append(path[:len(path):len(path)], itoa(i))
					}
					if out == nil {
						out = slices.Clone(t[:i])
					}
					return out, true
				}
				p.budget--
			}
			if changed && out == nil {
				out = slices.Clone(t[:i])
			}
			if out != nil {
				out = append(out, pe)
			}
		}
		if out != nil {
			return out, true
		}
	}
	return v, false
}
