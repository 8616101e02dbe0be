package history

import (
	"bufio"
	"strings"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/jsonfmt"
	"github.com/mcpscope/mcpscope/internal/sanitize"
)

// An export writes every message pretty-printed, and a message can be a
// gigabyte. json.Indent builds its whole output in memory, so the exports
// walk the message with the one pretty-printer (jsonfmt) into indentSink,
// which writes as it goes; FuzzPrettyAgreesWithIndent holds the result to
// json.Indent's output.

// writePretty writes src, which must be valid JSON, as json.Indent(dst, src,
// prefix, "  ") would. With visible set, what could drive a terminal is
// written as \u escapes by the one sanitizer's JSON rule, as
// sanitize.JSON of the whole output would.
func writePretty(w *bufio.Writer, src, prefix string, visible bool) {
	s := &indentSink{w: w, prefix: prefix, visible: visible}
	// json.Indent keeps the spaces after the value; the walk drops them.
	value := strings.TrimRight(src, " \t\r\n")
	// src is valid JSON and the sink takes everything: the walk cannot fail.
	jsonfmt.Walk(value, jsonfmt.Options{}, s)
	if visible {
		s.writeVisible(src[len(value):])
	} else {
		w.WriteString(src[len(value):])
	}
}

// indentSink writes a walk as json.Indent lays it out.
type indentSink struct {
	w       *bufio.Writer
	prefix  string
	visible bool
	in, out []byte // reused by every piece writeVisible sanitizes
}

// Write writes a piece whole; keys and strings through the sanitizer when
// visible, the rest being ASCII the grammar allows.
func (s *indentSink) Write(k jsonfmt.Kind, text string) int {
	if s.visible && (k == jsonfmt.Key || k == jsonfmt.String) {
		s.writeVisible(text)
	} else {
		s.w.WriteString(text)
	}
	return len(text)
}

// indentUnit is many levels of indentation, written a slice at a time.
var indentUnit = strings.Repeat("  ", 64)

// Newline starts a line with the prefix and two spaces a level.
func (s *indentSink) Newline(depth int) {
	s.w.WriteByte('\n')
	s.w.WriteString(s.prefix)
	for n := 2 * depth; n > 0; n -= len(indentUnit) {
		s.w.WriteString(indentUnit[:min(n, len(indentUnit))])
	}
}

// pieceSize is about how much text the exports hand the sanitizer at once:
// a gigabyte string is never copied whole.
const pieceSize = 64 << 10

// writeVisible writes a piece of JSON text (a string literal, quotes
// included, or spaces) through the one sanitizer's JSON rule, a piece at a
// time into reused buffers. Pieces end where a sanitizer reading the whole
// text could stop too: on a rune boundary, never inside an escape; a later
// piece of a string literal is read with an opening quote put back before
// it, so the sanitizer knows it is inside a string, and the quote is not
// written.
func (s *indentSink) writeVisible(text string) {
	quoted := text != "" && text[0] == '"'
	for first := true; text != ""; first = false {
		n := pieceEnd(text, pieceSize)
		if first || !quoted {
			s.out = sanitize.AppendJSON(s.out[:0], bytesOf(text[:n]))
			s.w.Write(s.out)
		} else {
			s.in = append(append(s.in[:0], '"'), text[:n]...)
			s.out = sanitize.AppendJSON(s.out[:0], s.in)
			s.w.Write(s.out[1:])
		}
		text = text[n:]
	}
}

// pieceEnd is where the first piece of about size bytes of s ends, so that
// sanitizing the pieces one by one gives what sanitizing s would: at the
// start of a rune (when one starts in the last few bytes), not between a
// backslash and the character it escapes, not inside a CRLF.
func pieceEnd(s string, size int) int {
	if len(s) <= size {
		return len(s)
	}
	n := len(clip.Prefix(s, size))
	slashes := 0
	for slashes < n && s[n-1-slashes] == '\\' {
		slashes++
	}
	if slashes%2 == 1 || s[n-1] == '\r' && s[n] == '\n' {
		n--
	}
	return n
}

// writeText writes text that is not JSON for a fenced block, through the
// one sanitizer, a piece at a time so a gigabyte of text is never copied
// whole. Every piece is made safe on its own, so an escape sequence cut in
// two is no sequence on either side.
func writeText(w *bufio.Writer, s string) {
	for len(s) > 0 {
		n := pieceEnd(s, pieceSize)
		w.WriteString(sanitize.Text(s[:n]))
		s = s[n:]
	}
}
