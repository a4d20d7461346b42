package processor

import (
	"maps"
	"slices"
	"strings"
	"time"
)

// Obj reads a schema-validated TOML table. The schema has already checked
// every type, so a missing or mistyped key reads as its zero value.
type Obj struct {
	m   map[string]any
	Src Src
}

func (o Obj) has(k string) bool { _, ok := o.m[k]; return ok }

func (o Obj) Str(k string) string {
	s, _ := o.m[k].(string)
	return s
}

func (o Obj) int(k string) int {
	n, _ := o.m[k].(int64)
	return int(n)
}

func (o Obj) bool(k string) bool {
	b, _ := o.m[k].(bool)
	return b
}

func (o Obj) Obj(k string) Obj {
	m, _ := o.m[k].(map[string]any)
	return Obj{m, o.Src.At(k)}
}

func (o Obj) Objs(k string) []Obj {
	arr, _ := o.m[k].([]any)
	out := make([]Obj, 0, len(arr))
	for i, v := range arr {
		m, _ := v.(map[string]any)
		out = append(out, Obj{m, o.Src.At(k, i)})
	}
	return out
}

func (o Obj) strs(k string) []string {
	arr, _ := o.m[k].([]any)
	out := make([]string, 0, len(arr))
	for _, v := range arr {
		s, _ := v.(string)
		out = append(out, s)
	}
	return out
}

func (o Obj) ints(k string) []int {
	arr, _ := o.m[k].([]any)
	out := make([]int, 0, len(arr))
	for _, v := range arr {
		n, _ := v.(int64)
		out = append(out, int(n))
	}
	return out
}

// keys lists a table's keys in sorted order (TOML tables are unordered).
func (o Obj) keys() []string { return slices.Sorted(maps.Keys(o.m)) }

// time reads a date-time, a local date-time or a local date; local values are taken as UTC.
func (o Obj) time(k string) (time.Time, bool) {
	return parseTime(o.Str(k))
}

var timeLayouts = []string{time.RFC3339Nano, "2006-01-02T15:04:05.999999999", "2006-01-02 15:04:05", "2006-01-02"}

// timeIn is time for a value a player writes: a local date-time or date
// (no zone) is in loc, the club's time zone (nil: UTC). date says whether
// it was a date without a time.
func (o Obj) timeIn(k string, loc *time.Location) (t time.Time, date, ok bool) {
	s := strings.ToUpper(o.Str(k))
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t.UTC(), false, true
	}
	if loc == nil {
		loc = time.UTC
	}
	for _, l := range timeLayouts[1:] {
		if t, err := time.ParseInLocation(l, s, loc); err == nil {
			return t.UTC(), l == "2006-01-02", true
		}
	}
	return time.Time{}, false, false
}

func parseTime(s string) (time.Time, bool) {
	s = strings.ToUpper(s) // RFC 3339 allows a lower-case t and z
	for _, l := range timeLayouts {
		if t, err := time.Parse(l, s); err == nil {
			return t.UTC(), true
		}
	}
	return time.Time{}, false
}

// NewObj is the decoded table m of a file at src.
func NewObj(m map[string]any, src Src) Obj { return Obj{m, src} }
