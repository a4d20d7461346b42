package processor

import (
	"cmp"
	"slices"
	"strings"
	"time"
)

// obj reads a schema-validated TOML table. The schema has already checked
// every type, so a missing or mistyped key reads as its zero value.
type obj struct {
	m   map[string]any
	src Src
}

func (o obj) has(k string) bool { _, ok := o.m[k]; return ok }

func (o obj) str(k string) string {
	s, _ := o.m[k].(string)
	return s
}

func (o obj) int(k string) int {
	n, _ := o.m[k].(int64)
	return int(n)
}

func (o obj) bool(k string) bool {
	b, _ := o.m[k].(bool)
	return b
}

func (o obj) obj(k string) obj {
	m, _ := o.m[k].(map[string]any)
	return obj{m, o.src.At(k)}
}

func (o obj) objs(k string) []obj {
	arr, _ := o.m[k].([]any)
	out := make([]obj, 0, len(arr))
	for i, v := range arr {
		m, _ := v.(map[string]any)
		out = append(out, obj{m, o.src.At(k, i)})
	}
	return out
}

func (o obj) strs(k string) []string {
	arr, _ := o.m[k].([]any)
	out := make([]string, 0, len(arr))
	for _, v := range arr {
		s, _ := v.(string)
		out = append(out, s)
	}
	return out
}

func (o obj) ints(k string) []int {
	arr, _ := o.m[k].([]any)
	out := make([]int, 0, len(arr))
	for _, v := range arr {
		n, _ := v.(int64)
		out = append(out, int(n))
	}
	return out
}

// keys lists a table's keys in sorted order (TOML tables are unordered).
func (o obj) keys() []string {
	ks := make([]string, 0, len(o.m))
	for k := range o.m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

// time reads a date-time, a local date-time or a local date; local values are taken as UTC.
func (o obj) time(k string) (time.Time, bool) {
	return parseTime(o.str(k))
}

var timeLayouts = []string{time.RFC3339Nano, "2006-01-02T15:04:05.999999999", "2006-01-02 15:04:05", "2006-01-02"}

func parseTime(s string) (time.Time, bool) {
	s = strings.ToUpper(s) // RFC 3339 allows a lower-case t and z
	for _, l := range timeLayouts {
		if t, err := time.Parse(l, s); err == nil {
			return t.UTC(), true
		}
	}
	return time.Time{}, false
}

func sortedKeys[K cmp.Ordered, V any](m map[K]V) []K {
	out := make([]K, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
