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
	m.Update(clientMsg{ID: 1, Name: "mcpscope dev", Transport: "stateless", Records: make(chan []mcp.Record)})
	m.Update(clientRecordsMsg{1, fixtureRecords()})
	m.Update(clientMsg{ID: 2, Name: "mcpscope dev", Transport: "streamable", Records: make(chan []mcp.Record)})
	m.Update(clientEndedMsg{1})
	if got := m.status.msg.text; !strings.HasPrefix(got, "] steps to 2 mcpscope dev · streamable, still running · the client's session ended: 1 mcpscope dev · stateless") {
		t.Errorf("status %q, want it to start with the client still running and ]", got)
	}
	// At 80 columns it wraps above the bar, read whole.
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	view := ansi.Strip(m.View())
	if words := strings.Join(strings.Fields(view), " "); !strings.Contains(words, "] steps to 2 mcpscope dev · streamable, still running") {
		t.Errorf("80 columns: the screen lost the client still running:\n%s", view)
	}
	// None running: the end says only that it ended.
	m = newProxyModel(t, make(chan Client))
	m.Update(clientMsg{ID: 1, Name: "alpha", Transport: "sse", Records: make(chan []mcp.Record)})
	m.Update(clientMsg{ID: 2, Name: "beta", Transport: "sse", Records: make(chan []mcp.Record)})
	m.Update(clientEndedMsg{2})
	m.Update(clientEndedMsg{1})
	if got := m.status.msg.text; strings.Contains(got, "running") || !strings.Contains(got, "the client's session ended: 1 alpha") {
		t.Errorf("status %q, want the end alone: no client runs", got)
	}
}

// Two sessions of one program (an editor's two windows) have one name: the
// status line named the client still running and the one that ended
// alike, "] steps to mcpscope dev · sse, still running · the client's
// session ended: mcpscope dev · sse". It numbers them as the bar does.
func TestClientStatusTellsSameNamedClientsApart(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.Update(clientMsg{ID: 1, Name: "mcpscope dev", Transport: "sse", Records: make(chan []mcp.Record)})
	m.Update(clientMsg{ID: 2, Name: "mcpscope dev", Transport: "sse", Records: make(chan []mcp.Record)})
	if got := m.status.msg.text; got != "] shows a new client: 2 mcpscope dev · sse" {
		t.Errorf("the second client's announcement = %q, want it numbered as on the bar", got)
	}
	m.Update(clientEndedMsg{1})
	view := ansi.Strip(m.View())
	words := strings.Join(strings.Fields(view), " ")
	want := "] steps to 2 mcpscope dev · sse, still running · the client's session ended: 1 mcpscope dev · sse (everything so far is still here)"
	if !strings.Contains(words, want) {
		t.Errorf("80x24: the end does not say which client ended and which runs, %q:\n%s", want, view)
	}
	if bar := row(view, "clients:"); !strings.Contains(bar, "1 mcpscope dev · sse ○") && !strings.Contains(bar, "1 ○") {
		t.Errorf("the clients bar = %q, want client 1 marked ended", bar)
	}
}

// The MCP Inspector CLI comes, lists the tools and leaves within two
// seconds, while the status line still announces it: "] shows a new
// client: 2 inspector-cli 0.5.1 · streamable" offered a session that had
// ended, the bar beside it reading "(ended)". The announcement says so.
func TestNewClientAnnouncementSaysItEnded(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.Update(clientMsg{ID: 1, Name: "mcpscope dev", Transport: "sse", Records: make(chan []mcp.Record)})
	m.Update(clientMsg{ID: 2, Name: "inspector-cli 0.5.1", Transport: "streamable", Records: make(chan []mcp.Record)})
	m.Update(clientEndedMsg{2})
	view := ansi.Strip(m.View())
	if bar := row(view, "shows a new client"); !strings.Contains(bar, "] shows a new client: 2 inspector-cli 0.5.1 · streamable (ended)") {
		t.Errorf("80x24: the status bar = %q, want the new client's announcement to say it ended:\n%s", bar, view)
	}
	// The shown client's end is its own message, and the one announced
	// is left alone when another ends.
	m.Update(clientMsg{ID: 3, Name: "claude-code", Transport: "sse", Records: make(chan []mcp.Record)})
	m.Update(clientMsg{ID: 4, Name: "cursor", Transport: "sse", Records: make(chan []mcp.Record)})
	m.Update(clientEndedMsg{3})
	if got := m.status.msg.text; got != "[ shows a new client: 4 cursor · sse" {
		t.Errorf("status %q after another client ended, want client 4 announced as running", got)
	}
}
