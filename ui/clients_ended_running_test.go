package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// mcpscope exec pointed at a proxy first probes with server/discover (a
// stateless client of its own, ended at once) and then initializes (a
// second client). The first was shown; its end said only "the client's
// session ended", over the announcement of the second, so the proxy's
// screen read as if nothing were running. The end names the client still
// running and the key that steps to it, first.
func TestClientEndSaysWhichIsStillRunning(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	m.Update(clientMsg{ID: 1, Name: "mcpscope dev · stateless", Records: make(chan []mcp.Record)})
	m.Update(clientRecordsMsg{1, fixtureRecords()})
	m.Update(clientMsg{ID: 2, Name: "mcpscope dev · streamable", Records: make(chan []mcp.Record)})
	m.Update(clientEndedMsg{1})
	if got := m.status.msg.text; !strings.HasPrefix(got, "] steps to mcpscope dev · streamable, still running · the client's session ended") {
		t.Errorf("status %q, want it to start with the client still running and ]", got)
	}
	// At 80 columns it wraps above the bar, read whole.
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	view := ansi.Strip(m.View())
	if words := strings.Join(strings.Fields(view), " "); !strings.Contains(words, "] steps to mcpscope dev · streamable, still running") {
		t.Errorf("80 columns: the screen lost the client still running:\n%s", view)
	}
	// None running: the end says only that it ended.
	m = newProxyModel(t, make(chan Client))
	m.Update(clientMsg{ID: 1, Name: "alpha · sse", Records: make(chan []mcp.Record)})
	m.Update(clientMsg{ID: 2, Name: "beta · sse", Records: make(chan []mcp.Record)})
	m.Update(clientEndedMsg{2})
	m.Update(clientEndedMsg{1})
	if got := m.status.msg.text; strings.Contains(got, "running") || !strings.Contains(got, "the client's session ended: alpha") {
		t.Errorf("status %q, want the end alone: no client runs", got)
	}
}
