package report

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// Changes says which keys of a decoded table changed, and how: "change
// (outcome_power_levels \"battle\" → \"processing\")" — a correction's
// [rules] as they were against as they are.
func Changes(was, now map[string]any) string {
	all := maps.Clone(was)
	if all == nil {
		all = map[string]any{}
	}
	maps.Copy(all, now)
	show := func(m map[string]any, k string) string {
		v, ok := m[k]
		if !ok {
			return "not set"
		}
		return TOMLValue(v)
	}
	var changes []string
	for _, k := range slices.Sorted(maps.Keys(all)) {
		if a, b := show(was, k), show(now, k); a != b {
			changes = append(changes, fmt.Sprintf("%s %s → %s", k, a, b))
		}
	}
	if len(changes) == 0 {
		return "is written otherwise (no option changes)"
	}
	return "change (" + strings.Join(changes, "; ") + ")"
}

// TOMLValue is a decoded bool, number or string as TOML writes it (a
// whole float as an integer: 2.0 is 2).
func TOMLValue(v any) string {
	if s, ok := v.(string); ok {
		return strconv.Quote(s)
	}
	return fmt.Sprint(v)
}
