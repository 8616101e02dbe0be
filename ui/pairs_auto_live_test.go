package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// A call before any listing makes mcpscope send tools/list first, to
// type the call's arguments: its row read "→ request tools/list", as if
// the user had asked for it. It reads "→ auto", and Detail says why.
func TestLivePairsMarkRequestsSentOnTheirOwn(t *testing.T) {
	l := liveDemoAt80(t)
	l.callOK("greet name=Ann")
	l.mark()
	l.listTools()
	v := ansi.Strip(l.quit().View())
	var lists, calls []string
	for _, r := range strings.Split(v, "\n") {
		r, ok := strings.CutPrefix(r, "│")
		switch {
		case !ok:
		case strings.Contains(r, " tools/list "):
			lists = append(lists, r)
		case strings.Contains(r, "tools/call greet"):
			calls = append(calls, r)
		}
	}
	if len(lists) != 2 || !strings.HasPrefix(lists[0], "→ auto ") || !strings.HasPrefix(lists[1], "→ request ") {
		t.Errorf("tools/list rows %q, want the call's own listing marked → auto and the one l sent → request:\n%s", lists, v)
	}
	if len(calls) != 1 || !strings.HasPrefix(calls[0], "→ request ") {
		t.Errorf("tools/call rows %q, want the typed call marked → request:\n%s", calls, v)
	}
}
