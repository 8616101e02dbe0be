// Package wrap is the one wrapping of plain text in mcpscope, the TUI's
// panes and the listings printed to a terminal alike.
package wrap

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// Words wraps plain text to room columns at its spaces only, so "POST
// server/discover http://host/mcp", a version "2025-11-25" or a header
// "Mcp-Session-Id" keep each word whole on a line; only a word longer than
// a line (a long URL) is broken, at its / ? & or a hyphen where it can be.
// ansi.Wrap and ansi.Wordwrap break at every hyphen ("2025-06-|18"), a
// minus sign too ("code":-|32000), and Wordwrap lets a long word run past
// the border. A room under one column (a terminal narrower than an
// indent) wraps as one column does: every word on a row of its own.
func Words(value string, room int) []string {
	// Below one column no row can hold anything, and the loop that breaks
	// a long word would never end on the empty rest of a word.
	room = max(room, 1)
	var lines []string
	var cur strings.Builder
	curW := 0
	for _, w := range strings.Split(value, " ") {
		ww := ansi.StringWidth(w)
		// By bytes, not width: a word of no width (a lone combining mark)
		// is a word, kept with its space and in its place.
		if cur.Len() > 0 && curW+1+ww <= room {
			cur.WriteByte(' ')
			cur.WriteString(w)
			curW += 1 + ww
			continue
		}
		if cur.Len() > 0 {
			lines = append(lines, cur.String())
			cur.Reset()
		}
		for ww > room {
			head := long(w, room)
			lines = append(lines, head)
			w = w[len(head):]
			ww = restWidth(w, room)
		}
		cur.WriteString(w)
		curW = ww
	}
	return append(lines, cur.String())
}

// long is the first row of a word wider than room: up to the last break
// (after / ? & or a hyphen between two letters or digits, never a minus
// sign) that fits, or else all of room, whole graphemes only (at least
// one, so a row always moves on).
func long(w string, room int) string {
	head := within(w, room)
	if head == "" {
		cl, _ := ansi.FirstGraphemeCluster(w, ansi.GraphemeWidth)
		return cl
	}
	for i := len(head) - 1; i > 0; i-- {
		switch c := head[i]; {
		case c == '/' || c == '?' || c == '&',
			c == '-' && alnum(head[i-1]) && i+1 < len(w) && alnum(w[i+1]):
			return head[:i+1]
		}
	}
	if n := len(head); n > 1 && head[n-1] == '-' && n < len(w) && w[n] >= '0' && w[n] <= '9' {
		return head[:n-1] // the minus sign goes on with its number
	}
	return head
}

func alnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// within is the longest start of w, in whole graphemes, no wider than
// room. It is always a start of w: ansi.Truncate keeps an escape sequence
// from past the cut, and the caller, going on from len(head), then showed
// bytes twice or lost them.
func within(w string, room int) string {
	n, width := 0, 0
	for n < len(w) {
		cl, _ := ansi.FirstGraphemeCluster(w[n:], ansi.GraphemeWidth)
		// Measured as the caller measures the word: the cluster's own
		// width is 0 for bytes that are no UTF-8, which StringWidth counts.
		cw := ansi.StringWidth(cl)
		if cl == "" || width+cw > room {
			break
		}
		n, width = n+len(cl), width+cw
	}
	return w[:n]
}

// restWidth is the width of w, the rest of a long word, when it may fit in
// room, and room+1 when within already finds it wider: measuring every
// rest whole cost a word of n bytes n²/room (a 160 KB line took seconds),
// and within looks at no more than a row of it.
func restWidth(w string, room int) int {
	if within(w, room) != w {
		return room + 1
	}
	return ansi.StringWidth(w)
}
