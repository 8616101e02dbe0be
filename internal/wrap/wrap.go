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
// a line (a long URL) is broken, at its / ? & where it can be. ansi.Wrap
// and ansi.Wordwrap break at every hyphen ("2025-06-|18"), and Wordwrap
// lets a long word run past the border.
func Words(value string, room int) []string {
	var lines []string
	var cur strings.Builder
	curW := 0
	for _, w := range strings.Split(value, " ") {
		ww := ansi.StringWidth(w)
		if curW > 0 && curW+1+ww <= room {
			cur.WriteByte(' ')
			cur.WriteString(w)
			curW += 1 + ww
			continue
		}
		if curW > 0 {
			lines = append(lines, cur.String())
			cur.Reset()
		}
		if ww > room {
			parts := strings.Split(ansi.Wrap(w, room, "/?&"), "\n")
			lines = append(lines, parts[:len(parts)-1]...)
			w = parts[len(parts)-1]
			ww = ansi.StringWidth(w)
		}
		cur.WriteString(w)
		curW = ww
	}
	return append(lines, cur.String())
}
