package report

import (
	"fmt"
	"strings"
)

func Plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// either joins choices: "a", "a or b", "a, b or c".
func Either[T ~string](vs []T) string {
	switch len(vs) {
	case 0:
		return "(none)"
	case 1:
		return string(vs[0])
	}
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = string(v)
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

func UpperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
