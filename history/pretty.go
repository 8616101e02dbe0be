package history

import (
	"bufio"
	"strings"
	"unicode/utf8"

	"github.com/mcpscope/mcpscope/internal/sanitize"
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

// writeVisible writes a piece of JSON text through the one sanitizer's JSON
// rule: what could drive a terminal is written as \u escapes, which mean
// the same inside JSON strings.
func writeVisible(w *bufio.Writer, s string) {
	w.Write(sanitize.JSON(bytesOf(s)))
}

// writeText writes text that is not JSON for a fenced block, through the
// one sanitizer, a piece at a time so a gigabyte of text is never copied
// whole. Pieces end on rune boundaries; every piece is made safe on its own,
// so an escape sequence cut in two is no sequence on either side.
func writeText(w *bufio.Writer, s string) {
	const piece = 64 << 10
	for len(s) > 0 {
		n := min(len(s), piece)
		for n < len(s) && !utf8.RuneStart(s[n]) {
			n++
		}
		w.WriteString(sanitize.Text(s[:n]))
		s = s[n:]
	}
}
