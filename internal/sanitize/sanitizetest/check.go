// Package sanitizetest holds the assertion every output-path test uses to
// check that text is safe to print: one definition of "safe", shared by the
// tests of the TUI, exec, the history commands and themes.
package sanitizetest

import (
	"fmt"
	"testing"
	"unicode/utf8"
)

// Problem says what in s a terminal would act on, or returns "" when s is
// safe: invalid UTF-8, a C0 control other than a newline (so no ESC and no
// bare CR), DEL, a C1 control (8-bit CSI, OSC, ...), a bidi control, or a
// zero-width joiner anywhere but between two emoji (a terminal may draw the
// character after it in the cell before it, and the row then comes out
// narrower than it was laid out).
// Newlines are allowed only when keepNewline is set.
func Problem(s string, keepNewline bool) string {
	if !utf8.ValidString(s) {
		return "invalid UTF-8"
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < 0x20 && !(keepNewline && c == '\n')) || c == 0x7f {
			return fmt.Sprintf("control byte %#02x at %d", c, i)
		}
	}
	for i, r := range s {
		switch {
		case r >= 0x80 && r < 0xa0:
			return fmt.Sprintf("C1 control %U at %d", r, i)
		case r == 0x61c || r == 0x200e || r == 0x200f || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069:
			return fmt.Sprintf("bidi control %U at %d", r, i)
		case r == 0x200d:
			prev, _ := utf8.DecodeLastRuneInString(s[:i])
			next, _ := utf8.DecodeRuneInString(s[i+3:])
			if !pictograph(prev) || !pictograph(next) {
				return fmt.Sprintf("zero-width joiner between %q and %q, not two emoji, at %d", prev, next, i)
			}
		}
	}
	return ""
}

// Check fails the test when s holds anything Problem reports, naming where
// the text was printed.
func Check(t testing.TB, where, s string, keepNewline bool) {
	t.Helper()
	if p := Problem(s, keepNewline); p != "" {
		t.Errorf("%s: output holds %s:\n%q", where, p, s)
	}
}

// pictograph reports whether r may stand on either side of a zero-width
// joiner in an emoji sequence: an emoji (the miscellaneous symbols and
// dingbats, the supplementary plane's pictographs and skin tones), or the
// emoji variation selector before the joiner. Written out here rather than
// taken from the sanitizer, whose tests use this check.
func pictograph(r rune) bool {
	return r == 0xfe0f || r >= 0x2600 && r <= 0x27bf || r >= 0x1f000 && r <= 0x1faff
}
