package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A subscriptions/listen typed on the command line opens a stream of the
// user's own, answered by its acknowledgement; x on its row closes it
// (closing is how 2026 ends a request), which the session's own listen
// stream is not the user's to do. The row reads "○ closed", an end
// like the session's close, not "✗ cancelled" in the warning colour;
// its title names what it listens to ("tools"), the session's "all lists".
func TestLiveCloseYourOwnListenStream(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{})
	l := startLive(t, mcp.Config{URL: srv.Endpoint(), NoListen: true})
	l.waitFor("● discovered") // the bar's state: the word alone can be drawn while the transport is still being found
	l.command(`subscriptions/listen notifications:='{"toolsListChanged":true}'`)
	l.waitFor("subscriptions/listen: ok")
	l.waitRowState("subscriptions/listen tools", "● listening") // End and ↑ select rows
	// server/discover, the listen, its acknowledgement: End counts on the
	// last, which the acknowledgement can be drawn after.
	l.waitFor("Pairs 3 ")
	l.mark()
	// Its row is the last but its acknowledgement's.
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnd})
	l.tm.Send(tea.KeyMsg{Type: tea.KeyUp})
	l.tm.Type("x")
	l.waitFor("closing subscriptions/listen")
	l.waitRowState("subscriptions/listen tools", "○ closed")
	m := l.quit()
	if got := pairsOf(m, "subscriptions/listen tools"); len(got) != 1 || got[0] != "cancelled" {
		t.Errorf("the listen rows are %v, want the one typed, closed", got)
	}
}
