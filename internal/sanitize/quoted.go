package sanitize

import (
	"strconv"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/internal/clip"
)

// Quoted is text cut at n bytes as clip.Quote cuts it and made safe for
// one line, for a piece of a line that says more after it (a shape
// warning's capability, a sampling request's system prompt, a header
// quoted in advice). The bytes kept are sanitized on their own, before the
// size is added: an escape sequence sanitized with the whole line, or left
// open by the cut, ran on over the words after it, and the line stopped
// at the piece.
func Quoted(s string, n int) string {
	if len(s) <= n {
		return Line(s)
	}
	return clip.WithSize(Line(clip.Prefix(s, n)), len(s))
}

// QuotedIn is s as %q writes it (quotes, and Go escapes for every byte or
// character that does not print), whole when it fits in width cells, else
// as many of its first characters as fit, each escape whole, followed by
// how long s was: for a server's name quoted in a sentence, which a status
// line wraps. Cut in bytes before escaping, 64 bytes of control bytes took
// 256 cells, a name of its own over four rows; cut here, after escaping,
// it takes one. Only the characters kept are read, however long s is.
func QuotedIn(s string, width int) string {
	room := width - 2 // the quotes
	shown, w := []byte{'"'}, 0
	for i := 0; i < len(s); {
		_, size := utf8.DecodeRuneInString(s[i:])
		q := strconv.Quote(s[i : i+size])
		q = q[1 : len(q)-1]
		cw := ansi.StringWidth(q)
		if w+cw > room {
			return clip.WithSize(string(append(shown, '"')), len(s))
		}
		shown, w = append(shown, q...), w+cw
		i += size
	}
	return string(append(shown, '"'))
}
