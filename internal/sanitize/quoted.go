package sanitize

import "github.com/mcpscope/mcpscope/internal/clip"

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
