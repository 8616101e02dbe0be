package jsonwhy

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/jsonspan"
)

// syntaxWords are what a person reads for each place encoding/json (and
// jsonspan, which words its errors alike) stops reading: what JSON wanted
// there, not the scanner's state ("after object key").
var syntaxWords = []struct{ context, words string }{
	{"after top-level value", "more text follows the end of the JSON value"},
	{"after object key:value pair", `a member is not followed by "," or "}"`},
	{"after object key", `a key is not followed by ":"`},
	{"after array element", `an item is not followed by "," or "]"`},
	{"looking for beginning of object key string", `a key is not a string in double quotes`},
	{"looking for beginning of value", `no JSON value starts here: a string goes in double quotes ("text"); numbers, true, false, null, objects and arrays go bare`},
	{"in string literal", `a string holds a raw control character: write it as a \ escape`},
	{"in string escape code", `a string holds a backslash escape JSON does not know: write a backslash as \\`},
	{"in \\u hexadecimal character escape", `a \u escape is not four hex digits`},
	{"in numeric literal", "a number is malformed"},
	{"in literal", "true, false or null is misspelt (JSON words are lower case)"},
}

// Unfinished begins what Syntax says of JSON cut off before its end, for
// a caller that tells why it was cut (a Content-Length too short).
const Unfinished = "the JSON ends before it is complete"

// nearBytes bounds the text quoted either side of where JSON stopped.
const nearBytes = 16

// Syntax says where src stops being JSON and what JSON wanted there, in a
// person's terms (`a key is not followed by ":" at byte 5: {"a" ▶1}`)
// where encoding/json says "invalid character '1' after object key". err
// is what encoding/json or jsonspan said of src; any other error is said
// as it is.
func Syntax(src []byte, err error) string {
	var se *json.SyntaxError
	var js *jsonspan.SyntaxError
	var offset int
	switch {
	case errors.As(err, &js):
		offset = js.Offset
	case errors.As(err, &se):
		// encoding/json counts the byte it stopped after.
		offset = max(int(se.Offset)-1, 0)
	default:
		return err.Error()
	}
	msg := err.Error()
	if len(bytes.TrimSpace(src)) == 0 {
		return "there is no JSON value: the text is empty"
	}
	if strings.Contains(msg, "unexpected end of JSON input") {
		return Unfinished + `: a closing "}", "]" or double quote is missing`
	}
	what := msg
	for _, w := range syntaxWords {
		if strings.Contains(msg, w.context) {
			what = w.words
			break
		}
	}
	if offset < len(src) && src[offset] < 0x20 && strings.Contains(msg, "in string literal") {
		what = controlWords(src[offset])
	}
	return fmt.Sprintf("%s at byte %d: %s", what, offset, near(src, offset))
}

// controlWords says what to write for the raw control byte c a string
// holds: its own escape (\t, \n, \r), or \u00XX for one that has none
// (a NUL is no tab or line break, and \t would not say it).
func controlWords(c byte) string {
	esc := map[byte]string{'\t': `\t`, '\n': `\n`, '\r': `\r`}[c]
	if esc == "" {
		esc = fmt.Sprintf(`\u%04x`, c)
	}
	return fmt.Sprintf("a string holds a raw control character (%q): write it as %s", rune(c), esc)
}

// near is the text either side of offset in src, cut on whole runes, with
// ▶ before the byte where JSON stopped.
func near(src []byte, offset int) string {
	offset = min(offset, len(src))
	from := max(offset-nearBytes, 0)
	for from > 0 && from < offset && !utf8.RuneStart(src[from]) {
		from++
	}
	// The cut moves on past the rest of a character it would split, and
	// no further: bytes that are no UTF-8 (a run of continuation bytes)
	// are each one of their own, and were quoted to the end of src, a
	// megabyte of them quoted whole in one line.
	to := min(offset+nearBytes, len(src))
	for end := min(to+utf8.UTFMax-1, len(src)); to < end && !utf8.RuneStart(src[to]); {
		to++
	}
	before, after := visible(src[from:offset]), visible(src[offset:to])
	if from > 0 {
		before = clip.Ellipsis + before
	}
	if to < len(src) {
		after += clip.Ellipsis
	}
	return before + "▶" + after
}

// visible is b with what cannot be seen written as Go escapes (\x00, \t,
// \u200b, \xff for a byte that is no UTF-8): the byte JSON stopped at is
// often one such, a NUL or a raw tab, and printed as it is it would not
// be seen at all.
func visible(b []byte) string {
	var out strings.Builder
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&out, "\\x%02x", b[0])
		case unicode.IsPrint(r):
			out.WriteRune(r)
		default:
			q := strconv.QuoteRune(r)
			out.WriteString(q[1 : len(q)-1])
		}
		b = b[n:]
	}
	return out.String()
}
