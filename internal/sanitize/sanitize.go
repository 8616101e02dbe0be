// Package sanitize is the one place that makes text from a server or a file
// safe to print on a terminal. Every output path (the TUI, exec, sessions,
// export, replay --against, themes, the errors main prints) goes through it,
// so a hostile server cannot write to the clipboard, retitle the window,
// plant a hyperlink, clear the screen or reorder what the user reads.
//
// Line and Text are for text a person reads; JSON is for JSON a program may
// read back, where the same characters are written as \u escapes so the
// value is unchanged.
package sanitize

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Line makes wire text safe to draw on one line. Escape sequences
// (CSI, OSC incl. clipboard writes and hyperlinks, DCS, APC, ...) are removed;
// C0 controls and DEL become their visible control pictures (␇, ␀, ␍ ...) so a
// debugger still shows that they were there; C1 controls become U+FFFD;
// bidi overrides, isolates and marks (U+202A-202E, U+2066-2069, U+200E/200F,
// U+061C) and other invisible format characters are dropped; a newline
// becomes "⏎" and a tab "→"; invalid UTF-8 becomes U+FFFD.
func Line(s string) string {
	return sanitize(s, false)
}

// Text is Line but keeps line breaks: "\n", "\r\n" and the
// Unicode line and paragraph separators become "\n" and tabs become spaces.
func Text(s string) string {
	return sanitize(s, true)
}

// TextKeeps reports whether Text leaves b as it is (printable ASCII and
// newlines), so a caller holding text in pieces can write them as they
// are without building the whole string first.
func TextKeeps(b []byte) bool { return plainASCIIOrNewline(b) }

// tabSpaces replaces a tab in Text: a fixed width keeps the function
// independent of the column the text will be drawn at.
const tabSpaces = "    "

func sanitize(s string, multiline bool) string {
	if plainASCII(s) {
		// The common case (JSON, URLs, headers) costs one scan and no copy.
		return s
	}
	if !utf8.ValidString(s) {
		// Before stripping: a lone 0x9b or 0x9d byte is an 8-bit CSI or OSC
		// introducer to the parser and could swallow the text after it.
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	if strings.IndexByte(s, ansi.ESC) >= 0 {
		s = ansi.Strip(s)
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		run := i
		for run < len(s) && s[run] >= 0x20 && s[run] < 0x7f {
			run++
		}
		b.WriteString(s[i:run])
		if i = run; i == len(s) {
			break
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == utf8.RuneError && size == 1:
			// Strip can leave a stray byte behind when an escape sequence
			// was cut inside a multi-byte rune.
			b.WriteRune(utf8.RuneError)
		case r == '\n' || r == '\u2028' || r == '\u2029':
			if multiline {
				b.WriteByte('\n')
			} else {
				b.WriteString("⏎")
			}
		case r == '\r':
			if i < len(s) && s[i] == '\n' {
				// CRLF is one line break; the LF is handled next.
				continue
			}
			b.WriteString("␍")
		case r == '\t':
			if multiline {
				b.WriteString(tabSpaces)
			} else {
				b.WriteString("→")
			}
		case r < 0x20:
			b.WriteRune(0x2400 + r) // the Control Pictures block mirrors C0
		case r == 0x7f:
			b.WriteString("␡")
		case r >= 0x80 && r < 0xa0:
			b.WriteRune(utf8.RuneError)
		case r == zwj:
			prev, _ := utf8.DecodeLastRuneInString(b.String())
			next, _ := utf8.DecodeRuneInString(s[i:])
			if JoinsEmoji(prev, next) {
				b.WriteRune(r)
			}
		case Invisible(r):
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// plainASCII reports whether s holds only printable ASCII.
func plainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			return false
		}
	}
	return true
}

// zwj is the zero-width joiner.
const zwj = '\u200d'

// JoinsEmoji reports whether a zero-width joiner between prev and next joins
// two emoji (👩‍💻, 🏳️‍🌈), the one thing it is for, so Line, Text and JSON
// keep it there and nowhere else. Elsewhere terminals disagree on what it
// does: tmux draws a symbol after it in the cell of the character before
// it, so "x\u200d␍" (the ␍ being what a CR becomes) takes one column where
// the layout counted two, and a row of them would pull the rest of the row,
// the next pane's text included, to the left.
func JoinsEmoji(prev, next rune) bool {
	return (emoji(prev) || prev == '\ufe0f') && emoji(next)
}

// emoji reports whether r is in the blocks emoji come from: the
// miscellaneous symbols and dingbats, and the pictographs of the
// supplementary plane (skin tone modifiers included).
func emoji(r rune) bool {
	return r >= 0x2600 && r <= 0x27bf || r >= 0x1f000 && r <= 0x1faff
}

// Invisible reports whether r is a format character that must not reach the
// terminal: bidi controls reorder what the user reads (Trojan Source), and
// other zero-width format characters hide text. The zero-width joiner is not
// one of them: between two emoji it makes one (see JoinsEmoji).
// It is exported for text that already holds escape sequences of our own (a
// styled input line), which Line would strip.
func Invisible(r rune) bool {
	switch {
	case r < 0x600:
		return r == '\u00ad' // the soft hyphen is the only format character below
	case r == '\u200d':
		return false
	case r == '\u061c', r == '\u200e', r == '\u200f',
		r >= '\u202a' && r <= '\u202e',
		r >= '\u2066' && r <= '\u2069':
		return true
	}
	return unicode.Is(unicode.Cf, r)
}
