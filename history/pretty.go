package history

import (
	"bufio"
	"strings"
	"unicode/utf8"
)

// An export writes every message pretty-printed, and a message can be a
// gigabyte. json.Indent builds its whole output in memory, so the exports
// use writePretty instead, which writes as it reads; FuzzPrettyAgreesWithIndent
// holds it to json.Indent's output.

// writePretty writes src, which must be valid JSON, as json.Indent(dst, src,
// prefix, "  ") would. With visible set, invisible characters (see
// invisible) are written as \u escapes, as escapeInvisible would.
func writePretty(w *bufio.Writer, src, prefix string, visible bool) {
	put := w.WriteString
	if visible {
		put = func(s string) (int, error) { writeVisible(w, s); return len(s), nil }
	}
	newline := func(depth int) {
		w.WriteByte('\n')
		w.WriteString(prefix)
		for range depth {
			w.WriteString("  ")
		}
	}
	depth, needIndent, started, ended := 0, false, false, false
	for i := 0; i < len(src); {
		c := src[i]
		if isJSONSpace(c) {
			// Space between tokens goes; after the value it is kept.
			if ended || started && depth == 0 {
				ended = true
				put(src[i : i+1])
			}
			i++
			continue
		}
		started = true
		if needIndent && c != '}' && c != ']' {
			needIndent = false
			newline(depth)
		}
		switch c {
		case '"':
			end := stringEnd(src, i)
			put(src[i:end])
			i = end
			continue
		case '{', '[':
			depth++
			needIndent = true
			w.WriteByte(c)
		case '}', ']':
			depth--
			if needIndent {
				needIndent = false
			} else {
				newline(depth)
			}
			w.WriteByte(c)
		case ',':
			w.WriteByte(c)
			newline(depth)
		case ':':
			w.WriteString(": ")
		default:
			w.WriteByte(c)
		}
		i++
	}
}

func isJSONSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// stringEnd returns the index just past the JSON string starting at s[i].
func stringEnd(s string, i int) int {
	for j := i + 1; j < len(s); {
		k := strings.IndexAny(s[j:], `"\`)
		if k < 0 {
			return len(s)
		}
		j += k
		if s[j] == '\\' {
			j += 2
			continue
		}
		return j + 1
	}
	return len(s)
}

// writeVisible writes s with control, C1, DEL and bidi characters (other
// than newlines) as \u escapes: inside JSON strings they mean the same, and
// a transcript shown on a terminal or a web page cannot be made to lie.
// Bytes that are not UTF-8 become U+FFFD.
func writeVisible(w *bufio.Writer, s string) {
	for len(s) > 0 {
		i := strings.IndexFunc(s, func(r rune) bool { return r == utf8.RuneError || invisible(r) && r != '\n' })
		if i < 0 {
			w.WriteString(s)
			return
		}
		w.WriteString(s[:i])
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError {
			w.WriteRune(r)
			s = s[i+n:]
			continue
		}
		w.WriteString(`\u`)
		const hex = "0123456789abcdef"
		w.Write([]byte{hex[r>>12&0xf], hex[r>>8&0xf], hex[r>>4&0xf], hex[r&0xf]})
		s = s[i+n:]
	}
}

// writeText writes text that is not JSON for a fenced block: line ends as
// LF, every other control or invisible character as '?'.
func writeText(w *bufio.Writer, s string) {
	for len(s) > 0 {
		i := strings.IndexFunc(s, func(r rune) bool { return r == utf8.RuneError || r != '\n' && cleaned(r) })
		if i < 0 {
			w.WriteString(s)
			return
		}
		w.WriteString(s[:i])
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '\r' && strings.HasPrefix(s[i+n:], "\n"):
			// CRLF is a line end; the LF is written next.
		case r == utf8.RuneError:
			w.WriteRune(utf8.RuneError)
		default:
			w.WriteByte('?')
		}
		s = s[i+n:]
	}
}
