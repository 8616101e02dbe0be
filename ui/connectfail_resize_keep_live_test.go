package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
)

// A failure brings Negotiation forward in the tab slot; a person who then
// goes back to Pairs chose it. A resize that keeps the tabs (a terminal
// dragged a little narrower) words the failure again, and pulled the slot
// and the keys back to Negotiation each time.
func TestLiveResizeKeepsThePaneChosenAfterAFailure(t *testing.T) {
	failing := htmlFailing(t, "<html><body><h1>500 Internal Server Error</h1></body></html>")
	l := liveFailedAt(t, mcp.Config{URL: failing.URL + "/mcp"}, 80, 24)
	// Negotiation is forward: two panes on is Pairs.
	l.tm.Send(tea.KeyMsg{Type: tea.KeyTab})
	l.tm.Send(tea.KeyMsg{Type: tea.KeyTab})
	l.tm.Send(tea.WindowSizeMsg{Width: 76, Height: 24})
	m := l.quit()
	if m.slot != panePairs || m.focus != panePairs {
		t.Errorf("after the resize the slot shows %v with the keys on %v, want Pairs, where the user went", m.slot, m.focus)
	}
}
