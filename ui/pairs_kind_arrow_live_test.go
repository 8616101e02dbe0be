package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// At 100 columns the Pairs pane is half the screen and its KIND column
// went: the server's own roots/list read "0  roots/list", as if it were a
// request of ours, and a notification's direction was gone. The arrow
// stays.
func TestLiveNarrowPairsKeepTheDirection(t *testing.T) {
	l := liveDemoAt(t, 100, 30)
	l.callOK("list_roots")
	v := ansi.Strip(l.quit().View())
	var server, call string
	for _, r := range strings.Split(v, "\n") {
		r, ok := strings.CutPrefix(r, "│")
		switch {
		case !ok:
		case strings.Contains(r, " roots/list "):
			server = r
		case strings.Contains(r, "tools/call list_roots") && strings.Contains(r, "✓ ok"):
			call = r
		}
	}
	if !strings.HasPrefix(server, "← ") || !strings.HasPrefix(call, "→ ") {
		t.Errorf("rows %q and %q, want the server's request marked ← and ours →:\n%s", server, call, v)
	}
}
