package schema

import (
	"math"
	"time"

	gotoml "github.com/pelletier/go-toml/v2"
)

// timeValue records where a TOML date or time was found, so that messages
// can call it a date rather than a string once it has been normalised.
type timeValue struct {
	path []string
	word string // "a date-time", "a date", "a time"
}

// normaliser turns a parsed map[string]any (BurntSushi's or go-toml's)
// into plain JSON-like values: dates and times become strings,
// []map[string]any becomes []any.
type normaliser struct {
	path      []string
	times     []timeValue
	floats    [][]string // paths of integral floats such as 2.0
	nonFinite bool
}

func (n *normaliser) table(m map[string]any) map[string]any {
	for k, v := range m {
		n.path = append(n.path, k)
		m[k] = n.value(v)
		n.path = n.path[:len(n.path)-1]
	}
	return m
}

func (n *normaliser) value(v any) any {
	switch v := v.(type) {
	case map[string]any:
		return n.table(v)
	case []map[string]any:
		out := make([]any, len(v))
		for i, t := range v {
			n.path = append(n.path, itoa(i))
			out[i] = n.table(t)
			n.path = n.path[:len(n.path)-1]
		}
		return out
	case []any:
		for i, e := range v {
			n.path = append(n.path, itoa(i))
			v[i] = n.value(e)
			n.path = n.path[:len(n.path)-1]
		}
		return v
	case time.Time:
		return n.time(formatTime(v))
	case gotoml.LocalDateTime:
		return n.time(v.AsTime(time.UTC).Format(layoutDateTime), "a date-time")
	case gotoml.LocalDate:
		return n.time(v.AsTime(time.UTC).Format(layoutDate), "a date")
	case gotoml.LocalTime:
		return n.time(time.Date(0, 1, 1, v.Hour, v.Minute, v.Second, v.Nanosecond, time.UTC).Format(layoutTime), "a time")
	case float64:
		if math.IsNaN(v) || math.IsInf(v, 0) {
			n.nonFinite = true
		} else if v == math.Trunc(v) {
			n.floats = append(n.floats, append([]string(nil), n.path...))
		}
		return v
	default:
		return v
	}
}

// time records where a date or time was found and returns its text.
func (n *normaliser) time(s, word string) string {
	n.times = append(n.times, timeValue{path: append([]string(nil), n.path...), word: word})
	return s
}

// The shapes of TOML's local dates and times, fractions of seconds as
// written (to nanoseconds).
const (
	layoutDateTime = "2006-01-02T15:04:05.999999999"
	layoutDate     = "2006-01-02"
	layoutTime     = "15:04:05.999999999"
)

// formatTime renders a TOML date or time the way JSON Schema formats expect:
// offset date-times as RFC 3339, local kinds in their own TOML shapes.
func formatTime(t time.Time) (string, string) {
	switch t.Location().String() {
	case "datetime-local":
		return t.Format(layoutDateTime), "a date-time"
	case "date-local":
		return t.Format(layoutDate), "a date"
	case "time-local":
		return t.Format(layoutTime), "a time"
	default:
		return t.Format(time.RFC3339Nano), "a date-time"
	}
}

// finiteCopy copies v, replacing NaN and infinities by 0.5: JSON has no such
// numbers and the validator cannot compare them, while 0.5 fails every
// integer check the same way.
func finiteCopy(v any) any {
	switch v := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, e := range v {
			out[k] = finiteCopy(e)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			out[i] = finiteCopy(e)
		}
		return out
	case float64:
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return 0.5
		}
		return v
	default:
		return v
	}
}

// isLocalDateTime is the "local-date-time" format: a TOML local date-time
// (no offset) after normalisation, such as 2027-01-10T19:00:00.
func isLocalDateTime(v any) bool {
	s, ok := v.(string)
	if !ok {
		return true
	}
	for _, layout := range []string{"2006-01-02T15:04:05", "2006-01-02T15:04:05.999999999"} {
		if _, err := time.Parse(layout, s); err == nil {
			return true
		}
	}
	return false
}
