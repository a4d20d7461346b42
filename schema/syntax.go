package schema

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/BurntSushi/toml"
)

// TOML syntax errors in a player's words. The TOML library words its
// errors for programmers ("expected a top-level item to end with a
// newline, comment, or EOF, but got '/' instead"); the mistakes behind
// them are few and known: a missing closing quote, curly quotes from a
// word processor, [operations] for [[operations]], a date written the way
// people write dates, True for true, text without quotes, a colon for =.
// Each is said as it is, with the fix; anything else keeps the library's
// words. The library's messages are matched as its pinned version words
// them: TestFaultsCommon and processor's TestMistakes hold each.

// syntax is one syntax error, with what is known around it.
type syntax struct {
	data []byte
	off  int    // byte offset of the error
	msg  string // the library's message
	// c is the schema of a file a person writes: its arrays of tables,
	// and the fixes to suggest; nil for a file Warmaster writes, which is
	// restored, not fixed.
	c *compiled
}

// curlyQuotes are the quotes word processors and phones put for " and '.
const curlyQuotes = "“”„‟‘’‚‛«»″"

var (
	// shortDate is a year-month-day date with a one-digit month or day
	// (2027-1-12), and a well-written time after it, if any.
	shortDate = regexp.MustCompile(`^(\d{4})-(\d{1,2})-(\d{1,2})([T ]\d{2}:\d{2}(?::\d{2})?(?:Z|[+-]\d{2}:\d{2})?)?(?:\s|#|$)`)
	// dateLike is a date as people write it: 12/09/2027, 12.09.2027,
	// 2027/09/12, maybe with a time.
	dateLike = regexp.MustCompile(`^(\d{1,4})[/.](\d{1,2})[/.](\d{1,4})(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?`)
	// bareValue is a value written without quotes: a word, an id.
	bareValue = regexp.MustCompile(`^[^\s"'#\[\]{},=]+`)
	// wordKey is the key at the start of a line.
	wordKey = regexp.MustCompile(`^\s*([A-Za-z0-9_-]+)`)
)

// word rewrites the library's message; "" keeps it.
func (s syntax) word() (string, int) {
	line, lineStart := s.line()
	value, valueOff := s.value(line, lineStart)
	r, _ := utf8.DecodeRune(s.data[min(s.off, len(s.data)):])
	if msg, at := s.curlyClose(line, lineStart); msg != "" {
		return msg, at
	}
	switch {
	case s.msg == "strings cannot contain newlines":
		return s.unclosed(line), s.off
	case strings.HasPrefix(s.msg, "unexpected EOF; expected '\"") || strings.HasPrefix(s.msg, `unexpected EOF; expected "'`):
		// the quote goes at the end of the text
		return s.unclosed(line), len(bytes.TrimRight(s.data, "\r\n"))
	case strings.ContainsRune(curlyQuotes, r):
		fix := ""
		if q := curlyQuoted(s.data[s.off:]); q != "" && s.c != nil {
			fix = ": write " + strconv.Quote(q)
		}
		return fmt.Sprintf("curly quotes %c %c are not TOML quotes: use straight quotes \"%s", r, closing(r), fix), s.off
	case lookAlikes[r].repl == "=" && strings.HasPrefix(s.msg, "expected '.' or '='"):
		return fmt.Sprintf("write a plain = between a key and its value, not U+%04X %s %c", r, lookAlikes[r].name, r), s.off
	case lookAlikes[r].name != "" && strings.HasPrefix(s.msg, "expected '.' or '='"):
		return "the key " + LookAlike(string(r)), s.off
	case lookAlikes[r].repl == " " || lookAlikes[r].name != "" && lookAlikes[r].plain == "":
		// A space that is no TOML space (a phone's, a copied one), or an
		// invisible character, where TOML reads none.
		return "the line " + LookAlike(string(r)), s.off
	case strings.HasPrefix(s.msg, "Key '"):
		return s.redefined()
	}
	key := ""
	if m := wordKey.FindStringSubmatch(line); m != nil {
		key = m[1]
	}
	if fix := TimeFix(value, false, key == "played"); fix != "" && valueOff >= 0 && (strings.HasPrefix(s.msg, "expected a top-level item") || strings.HasPrefix(s.msg, "invalid datetime")) {
		return fix, valueOff
	}
	if m := shortDate.FindStringSubmatch(value); m != nil && valueOff >= 0 && strings.HasPrefix(s.msg, "invalid datetime") {
		y, _ := strconv.Atoi(m[1])
		mo, _ := strconv.Atoi(m[2])
		d, _ := strconv.Atoi(m[3])
		if mo >= 1 && mo <= 12 && d >= 1 && d <= 31 {
			return fmt.Sprintf("write the month and the day with two digits each: %04d-%02d-%02d%s, not %s-%s-%s%s", y, mo, d, m[4], m[1], m[2], m[3], m[4]), valueOff
		}
	}
	if m := dateLike.FindStringSubmatch(value); m != nil && valueOff >= 0 {
		if iso := isoDate(m); iso != "" {
			other, how := monthFirst(m), "a date as %s (year-month-day, then the time and Z for UTC)"
			if key == "played" && m[4] == "" {
				// A battle's day alone will do: no time made up for it.
				iso, _, _ = strings.Cut(iso, "T")
				other, _, _ = strings.Cut(other, "T")
				how = "the date as %s (year-month-day)"
			}
			if other != "" {
				other = ", or " + other + " if the month came first"
			}
			return fmt.Sprintf("write "+how+"%s, not %s", iso, other, m[0]), valueOff
		}
	}
	switch {
	case strings.HasPrefix(s.msg, "expected value but found"), strings.HasPrefix(s.msg, "unexpected EOF; expected value"),
		strings.HasPrefix(s.msg, "expected a top-level item to end"):
		if valueOff < 0 {
			break
		}
		w := bareValue.FindString(value)
		switch w {
		case "":
			if strings.TrimSpace(value) == "" {
				return "missing value after =", s.off
			}
		case "True", "TRUE", "False", "FALSE":
			return fmt.Sprintf("write %s in lowercase: %s", w, strings.ToLower(w)), valueOff
		case "yes", "Yes", "YES", "no", "No", "NO", "on", "off", "y", "n":
			return fmt.Sprintf("write true or false, not %s", w), valueOff
		default:
			if s.off == valueOff {
				return fmt.Sprintf("text goes in straight quotes: write %s", strconv.Quote(w)), valueOff
			}
		}
		if strings.HasPrefix(s.msg, "expected a top-level item") {
			return "one value per line: after a value comes a new line or a # comment", s.off
		}
	case strings.HasPrefix(s.msg, "expected '.' or '=', but got ':'"):
		return "write = between a key and its value, not :", s.off
	case strings.HasPrefix(s.msg, "expected '.' or '=', but got '\"'"), strings.HasPrefix(s.msg, "unexpected EOF; expected key separator '='"):
		return "missing = between the key and its value", s.off
	case strings.HasPrefix(s.msg, "expected '.' or '=', but got"):
		return "a key has no spaces: write it with hyphens or underscores, or in quotes", s.off
	case strings.HasPrefix(s.msg, "expected a comma (',') or array terminator (']')"):
		if strings.Count(line, `"`)%2 == 1 {
			return s.unclosed(line), s.off
		}
		if s.off == lineStart || s.off >= len(s.data) {
			// the list ran on to the next line: the ] is missing at the
			// end of the last one
			end := bytes.LastIndexFunc(s.data[:s.off], func(r rune) bool { return r != '\n' && r != '\r' && r != ' ' && r != '\t' })
			return "missing ] at the end of the list", end + 1
		}
		return "missing comma between two values of the list", s.off
	case strings.HasPrefix(s.msg, "expected a comma or an inline table terminator '}'"):
		return "missing } at the end of the inline table { … } (it is written on one line), or a comma between two of its keys", s.off
	case strings.HasPrefix(s.msg, "expected end of table array name delimiter ']'"):
		return "missing ]] at the end of the table header: write [[" + s.header(line) + "]]", lineStart + len(strings.TrimRight(line, " \t"))
	case strings.HasPrefix(s.msg, "expected '.' or ']' to end table name"):
		return "missing ] at the end of the table header: write [" + s.header(line) + "]", lineStart + len(strings.TrimRight(line, " \t"))
	}
	return "", s.off
}

// line is the text of the line holding the error, and where it starts.
func (s syntax) line() (string, int) {
	off := min(s.off, len(s.data))
	start := bytes.LastIndexByte(s.data[:off], '\n') + 1
	end := bytes.IndexByte(s.data[start:], '\n')
	if end < 0 {
		end = len(s.data) - start
	}
	return strings.TrimRight(string(s.data[start:start+end]), "\r"), start
}

// value is the text after the line's first = (blanks skipped), and its
// offset; -1 if the line has no key = value.
func (s syntax) value(line string, lineStart int) (string, int) {
	if strings.HasPrefix(strings.TrimSpace(line), "[") {
		return "", -1
	}
	eq := strings.IndexByte(line, '=')
	if eq < 0 {
		return "", -1
	}
	rest := line[eq+1:]
	trimmed := strings.TrimLeft(rest, " \t")
	return trimmed, lineStart + eq + 1 + len(rest) - len(trimmed)
}

// unclosed words a string whose closing quote is missing.
func (s syntax) unclosed(line string) string {
	q := byte('"')
	switch {
	case strings.HasSuffix(s.msg, `'"""'`):
		return `missing closing """ of a multi-line string`
	case strings.HasSuffix(s.msg, `"'''"`):
		return "missing closing ''' of a multi-line string"
	case strings.HasSuffix(s.msg, `"'"`):
		q = '\''
	case strings.HasSuffix(s.msg, `'"'`):
	case strings.Count(line, "'")%2 == 1 && strings.Count(line, `"`)%2 == 0:
		q = '\''
	}
	msg := fmt.Sprintf("missing closing quote %c", q)
	// The text of the string, if it opens on this line: what to write.
	if i := strings.LastIndexByte(line, q); i >= 0 && strings.Count(line, string(q))%2 == 1 && s.c != nil {
		text := line[i+1:]
		if c := strings.Index(text, " #"); c >= 0 {
			text = text[:c]
		}
		text = strings.TrimRight(text, " \t")
		if text != "" && !strings.ContainsAny(text, `"'`) {
			msg += fmt.Sprintf(": write %c%s%c", q, text, q)
		}
	}
	return msg
}

// curlyClose words a string opened with a straight quote and closed with
// a curly one ("attacker”, what autocorrect makes of "attacker"): the
// library sees no closing quote, the player wrote one that only looks
// right. "" if the error is no such string.
func (s syntax) curlyClose(line string, lineStart int) (string, int) {
	if s.msg != "strings cannot contain newlines" && !strings.HasPrefix(s.msg, "unexpected EOF; expected") {
		return "", 0
	}
	open := strings.LastIndexAny(line, `"'`)
	if open < 0 {
		return "", 0
	}
	text := line[open+1:]
	i := strings.IndexAny(text, curlyQuotes)
	if i < 0 {
		return "", 0
	}
	r, size := utf8.DecodeRuneInString(text[i:])
	if after := strings.TrimSpace(text[i+size:]); after != "" && !strings.HasPrefix(after, "#") {
		return "", 0 // a curly apostrophe inside the text: "Bob’s
	}
	msg := fmt.Sprintf("curly quotes %c %c are not TOML quotes: use straight quotes \"", opening(r), closing(r))
	if s.c != nil {
		msg += ": write " + strconv.Quote(text[:i])
	}
	return msg, lineStart + open + 1 + i
}

// redefined words "Key 'x' has already been defined" and its kin: a table
// written with one pair of brackets where the schema has an array of
// tables (each [operations] is meant as [[operations]]), or a key or table
// written twice.
func (s syntax) redefined() (string, int) {
	key, _, _ := strings.Cut(strings.TrimPrefix(s.msg, "Key '"), "'")
	if s.c != nil {
		if noun, ok := s.c.tablesNoun(key); ok {
			off := s.off
			if at := singleHeader(s.data, key); at >= 0 {
				off = at
			}
			return fmt.Sprintf("write [[%s]] (two brackets) for each %s", key, noun), off
		}
	}
	line, _ := s.line()
	if strings.HasPrefix(strings.TrimSpace(line), "[") {
		return fmt.Sprintf("the table [%s] is written twice; write it once", key), s.off
	}
	name := key[strings.LastIndexByte(key, '.')+1:]
	if m := wordKey.FindStringSubmatch(line); m != nil {
		name = m[1]
	}
	return fmt.Sprintf("%s is written twice in this table; keep one", name), s.off
}

// header is the table name in the header on line: "[[operations]" gives
// "operations".
func (s syntax) header(line string) string {
	return strings.TrimSpace(strings.Trim(strings.TrimSpace(line), "[]"))
}

// singleHeader is the offset of the first [key] header (one pair of
// brackets) in data, or -1.
func singleHeader(data []byte, key string) int {
	off := 0
	for line := range bytes.Lines(data) {
		t := bytes.TrimLeft(line, " \t")
		if bytes.HasPrefix(t, []byte("[")) && !bytes.HasPrefix(t, []byte("[[")) {
			name, _, ok := bytes.Cut(t[1:], []byte("]"))
			if ok && string(bytes.ReplaceAll(bytes.TrimSpace(name), []byte(" "), nil)) == key {
				return off + len(line) - len(t)
			}
		}
		off += len(line)
	}
	return -1
}

// curlyQuoted is the text between a curly quote at the start of b and the
// next quote, curly or straight, on the same line; "" if there is none.
func curlyQuoted(b []byte) string {
	_, size := utf8.DecodeRune(b)
	rest := b[size:]
	if nl := bytes.IndexByte(rest, '\n'); nl >= 0 {
		rest = rest[:nl]
	}
	i := bytes.IndexAny(rest, curlyQuotes+`"'`)
	if i < 0 {
		return ""
	}
	return string(rest[:i])
}

// opening is the curly quote that opens the pair r closes.
func opening(r rune) rune {
	switch r {
	case '”':
		return '“'
	case '’':
		return '‘'
	case '»':
		return '«'
	}
	return r
}

// closing is the curly quote that closes r.
func closing(r rune) rune {
	switch r {
	case '“', '„', '‟':
		return '”'
	case '‘', '‚', '‛':
		return '’'
	case '«':
		return '»'
	}
	return r
}

// monthFirst is a date matched by dateLike read month/day/year, as TOML
// writes it, where isoDate read it day/month/year and either may be meant
// (3/4/2027); else "".
func monthFirst(m []string) string {
	a, _ := strconv.Atoi(m[1])
	b, _ := strconv.Atoi(m[2])
	if len(m[1]) == 4 || a == b || a < 1 || a > 12 || b < 1 || b > 12 {
		return ""
	}
	return isoDate([]string{m[0], m[2], m[1], m[3], m[4], m[5], m[6]})
}

// isoDate writes a date matched by dateLike as TOML does, reading
// day/month/year (or month/day/year when the day comes second and is over
// 12, or year/month/day); "" if it is no date.
func isoDate(m []string) string {
	a, _ := strconv.Atoi(m[1])
	b, _ := strconv.Atoi(m[2])
	c, _ := strconv.Atoi(m[3])
	var y, mo, d int
	switch {
	case len(m[1]) == 4:
		y, mo, d = a, b, c
	case len(m[3]) == 4 || len(m[3]) == 2:
		y, d, mo = c, a, b
		if y < 100 {
			y += 2000
		}
		if mo > 12 && d <= 12 {
			d, mo = mo, d
		}
	default:
		return ""
	}
	if mo < 1 || mo > 12 || d < 1 || d > 31 {
		return ""
	}
	h, mi, sec := 18, 0, 0
	if m[4] != "" {
		h, _ = strconv.Atoi(m[4])
		mi, _ = strconv.Atoi(m[5])
		sec, _ = strconv.Atoi(m[6])
	}
	return fmt.Sprintf("%04d-%02d-%02dT%02d:%02d:%02dZ", y, mo, d, h, mi, sec)
}

// parseFault is ParseFault, with the schema of the file a person wrote
// (nil for one Warmaster wrote): its arrays of tables, to word [x] written
// for [[x]], and fixes to suggest.
func parseFault(data []byte, err error, c *compiled) Fault {
	var pe toml.ParseError
	if !errors.As(err, &pe) {
		return typeFault(err)
	}
	// ParseError's Col is wrong for errors at column 1 (it reports the
	// previous line's length + 1): work from the byte offset instead.
	off := pe.Position.Start
	if off < 0 || off > len(data) {
		off = len(data)
	}
	if strings.HasPrefix(pe.Message, "invalid UTF-8 byte") {
		// Its Start is where the text, key or comment holding the byte
		// starts: the byte is the file's first that is not UTF-8, as the
		// library reads the file in order.
		if i := notUTF8(data); i >= 0 {
			off = i
		}
	}
	msg := oneLine(pe.Message)
	if words, at := (syntax{data: data, off: off, msg: pe.Message, c: c}).word(); words != "" {
		msg, off = words, at
	}
	if cr := loneCR(data); cr >= 0 && (cr <= off+1 || strings.Contains(pe.Message, "0x0d")) {
		// A line ended by a carriage return alone (an old Mac's, or an
		// editor set so): TOML reads it as a control character.
		msg, off = "the file's lines end in a carriage return alone (CR): save it with LF (or CRLF) line endings", cr
	}
	line, col := lineCol(data, off)
	curly := strings.HasPrefix(msg, "curly quotes ")
	if curly {
		msg += curlyElsewhere(data, line)
	}
	return Fault{Line: max(line, 1), Col: max(col, 1), Message: "invalid TOML: " + msg, Curly: curly}
}

// notUTF8 is the offset of the first byte of data that is not UTF-8, or
// -1.
func notUTF8(data []byte) int {
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return -1
}

// loneCR is the offset of the first carriage return not followed by a
// line feed, or -1.
func loneCR(data []byte) int {
	for i := bytes.IndexByte(data, '\r'); i >= 0; {
		if i+1 >= len(data) || data[i+1] != '\n' {
			return i
		}
		j := bytes.IndexByte(data[i+1:], '\r')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return -1
}

// curlyElsewhere says which other lines of the file have curly quotes in
// their TOML (not in a comment, nor inside straight quotes: "Bob’s" is
// text): a phone's smart punctuation puts them on every line, and the
// parser stops at the first, so one fault names them all — "; lines 4, 7
// and 9 have them too: replace them all", or "" when no other line has.
func curlyElsewhere(data []byte, at int) string {
	var lines []string
	n := 0
	for line := range bytes.Lines(data) {
		n++
		if n != at && curlyInTOML(string(line)) {
			lines = append(lines, strconv.Itoa(n))
		}
	}
	switch len(lines) {
	case 0:
		return ""
	case 1:
		return "; line " + lines[0] + " has them too: replace them all (a phone's smart punctuation types them: turn it off, or edit the file on GitHub's website)"
	}
	if len(lines) > 12 {
		lines = append(lines[:12:12], "more")
	}
	list := strings.Join(lines[:len(lines)-1], ", ") + " and " + lines[len(lines)-1]
	return "; lines " + list + " have them too: replace them all (a phone's smart punctuation types them: turn it off, or edit the file on GitHub's website)"
}

// CurlyInTOML reports whether a line has a curly quote outside comments
// and straight-quoted strings: a line the curly-quotes fault names.
func CurlyInTOML(line string) bool { return curlyInTOML(line) }

// curlyInTOML reports whether a line has a curly quote outside comments
// and straight-quoted strings.
func curlyInTOML(line string) bool {
	var quote rune
	escaped := false
	for _, r := range line {
		switch {
		case escaped:
			escaped = false
		case quote == '"' && r == '\\':
			escaped = true
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '"' || r == '\'':
			quote = r
		case r == '#':
			return false
		case strings.ContainsRune(curlyQuotes, r):
			return true
		}
	}
	return false
}

// tablesNoun says whether the key at the dotted path is an array of tables
// in the schema, and what each table is called ("operation").
func (c *compiled) tablesNoun(path string) (string, bool) {
	s := deref(c.raw, c.raw)
	for _, k := range strings.Split(path, ".") {
		if s != nil && hasType(s, "array") {
			s = deref(c.raw, s["items"])
		}
		if s == nil {
			return "", false
		}
		props, _ := s["properties"].(map[string]any)
		s = deref(c.raw, props[k])
	}
	if s == nil || !hasType(s, "array") {
		return "", false
	}
	if items := deref(c.raw, s["items"]); items == nil || !hasType(items, "object") {
		return "", false
	}
	if noun := nounOf(s["items"], c.raw); noun != "" {
		return noun, true
	}
	return "entry", true
}

// clubTime is a date and time as people write them: a space or a T, the
// seconds left out, a zone after it as an abbreviation (BST), an offset or
// Z; partial is a month without its day, or a time without its date.
var (
	clubTime    = regexp.MustCompile(`^["']?(\d{4}-\d{2}-\d{2})(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?\s*([A-Za-z]{2,5}|[+-]\d{2}:?\d{2}|Z)?["']?\s*(?:#.*)?$`)
	partialDate = regexp.MustCompile(`^["']?(\d{4})-(\d{2})["']?\s*(?:#.*)?$`)
	timeOnly    = regexp.MustCompile(`^["']?(\d{1,2}):(\d{2})(?::(\d{2}))?["']?\s*(?:#.*)?$`)
)

// zoneOffsets are the time zone abbreviations clubs write, with their
// offset from UTC. An abbreviation is ambiguous and TOML has none: a time
// is written with its offset, or without a zone for the club's.
var zoneOffsets = map[string]string{
	"UTC": "Z", "GMT": "Z", "WET": "Z", "BST": "+01:00", "IST": "+01:00", "WEST": "+01:00", "CET": "+01:00",
	"CEST": "+02:00", "MEZ": "+01:00", "MESZ": "+02:00", "EET": "+02:00", "EEST": "+03:00", "MSK": "+03:00",
	"EST": "-05:00", "EDT": "-04:00", "CST": "-06:00", "CDT": "-05:00", "MST": "-07:00", "MDT": "-06:00",
	"PST": "-08:00", "PDT": "-07:00", "AKST": "-09:00", "AKDT": "-08:00", "HST": "-10:00",
	"AEST": "+10:00", "AEDT": "+11:00", "ACST": "+09:30", "ACDT": "+10:30", "AWST": "+08:00",
	"NZST": "+12:00", "NZDT": "+13:00", "JST": "+09:00", "KST": "+09:00", "SGT": "+08:00",
}

// TimeFix is how to write a date-time written the way people write one —
// in quotes, with a zone abbreviation, with its day or date left out — as
// a message: "write 2027-01-10T19:30:00+01:00 (BST is UTC+01:00), …"; ""
// when s is none of those.
//
// Text from a TOML string (quoted) is in quotes; s is as the line has it
// otherwise. zoneless says whether the key takes a time without a zone (a
// result's played: the club's time zone); a deadline always has its zone.
func TimeFix(s string, quoted, zoneless bool) string {
	s = strings.TrimSpace(s)
	var club string
	if m := timeOnly.FindStringSubmatch(s); m != nil {
		return fmt.Sprintf("give the day too: write the date, a T and the time, such as 2027-01-10T%02s:%s:00", m[1], m[2])
	}
	if m := partialDate.FindStringSubmatch(s); m != nil {
		return fmt.Sprintf("give the day too: write the date as %s-%s-DD, such as %s-%s-10, without quotes", m[1], m[2], m[1], m[2])
	}
	m := clubTime.FindStringSubmatch(s)
	if m == nil {
		return ""
	}
	quoted = quoted || strings.HasPrefix(s, `"`) || strings.HasPrefix(s, "'")
	zone := m[5]
	if m[2] == "" {
		if !quoted || zone != "" {
			return ""
		}
		return fmt.Sprintf("write the date without quotes: %s", m[1])
	}
	sec := m[4]
	if sec == "" {
		sec = "00"
	}
	local, localOK := fmt.Sprintf("%sT%02s:%s:%s", m[1], m[2], m[3], sec), zoneless
	switch {
	case zone == "":
		if !quoted {
			return ""
		}
		if !localOK {
			return fmt.Sprintf("write the date and time without quotes, with its zone: %sZ for UTC, or its offset, such as %s+01:00", local, local)
		}
		return fmt.Sprintf("write the date and time without quotes: %s (the club's time zone, campaign.toml's time_zone; UTC when it names none), or %sZ for UTC", local, local)
	case zone == "Z" || zone[0] == '+' || zone[0] == '-':
		if !quoted {
			return ""
		}
		off := zone
		if len(off) == 5 {
			off = off[:3] + ":" + off[3:]
		}
		return fmt.Sprintf("write the date and time without quotes: %s%s", local, off)
	}
	club = fmt.Sprintf("or without a zone, %s, for the club's time zone (campaign.toml's time_zone; UTC when it names none)", local)
	if !localOK {
		club = "as a deadline always has its zone"
	}
	if ampm := strings.ToLower(zone); ampm == "am" || ampm == "pm" {
		h, _ := strconv.Atoi(m[2])
		if ampm == "pm" && h < 12 {
			h += 12
		} else if ampm == "am" && h == 12 {
			h = 0
		}
		return fmt.Sprintf("write the time on the 24-hour clock, without am or pm: %sT%02d:%s:%s", m[1], h, m[3], sec)
	}
	off, known := zoneOffsets[strings.ToUpper(zone)]
	if !known {
		return fmt.Sprintf("a time zone is written as its offset from UTC, not as %s: write %s+01:00 for one hour ahead of UTC, %sZ for UTC, %s", zone, local, local, club)
	}
	return fmt.Sprintf("a time zone is written as its offset from UTC, not as %s: write %s%s (%s is UTC%s), %s", zone, local, off, strings.ToUpper(zone), strings.Replace(off, "Z", "+00:00", 1), club)
}
