package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// The MCP Inspector CLI over SSE and then over streamable HTTP, watched
// from the user's own session: the status line said "] shows a new
// client: 13 inspector-cli 0.5.1 · streamable", and ] showed 12. The
// announcement says the keys that reach the client it names, and pressing
// them shows it.
func TestNewClientAnnouncementSaysTheKeysThatReachIt(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	for id, name := range []string{"", "claude-code", "cursor", "inspector-cli 0.5.1", "inspector-cli 0.5.1"} {
		if id > 0 {
			m.Update(clientMsg{ID: id, Name: name, Transport: "sse", Records: make(chan []mcp.Record)})
		}
	}
	// Client 1 shown; 2, 3 and 4 came after it.
	view := ansi.Strip(m.View())
	if bar := row(view, "shows a new client"); !strings.Contains(bar, "[ shows a new client: 4 inspector-cli 0.5.1 · sse") {
		t.Errorf("80x24, showing 1 of 4: the status bar = %q, want [ (the list wraps) to reach 4:\n%s", bar, view)
	}
	m.Update(clientMsg{ID: 5, Name: "inspector-cli 0.5.1", Transport: "streamable", Records: make(chan []mcp.Record)})
	view = ansi.Strip(m.View())
	if bar := row(view, "shows a new client"); !strings.Contains(bar, "[ shows a new client: 5 inspector-cli 0.5.1 · streamable") {
		t.Errorf("80x24, showing 1 of 5: the status bar = %q, want [ to reach 5", bar)
	}
	press(m, "]", "]")
	m.Update(clientMsg{ID: 6, Name: "windsurf", Transport: "sse", Records: make(chan []mcp.Record)})
	got := m.status.msg.text
	if got != "] ×3 shows a new client: 6 windsurf · sse" {
		t.Fatalf("showing 3 of 6, the announcement of 6 = %q, want \"] ×3 shows a new client: 6 windsurf · sse\"", got)
	}
	// It is still found when the client ends.
	m.Update(clientEndedMsg{6})
	if got := m.status.msg.text; got != "] ×3 shows a new client: 6 windsurf · sse (ended)" {
		t.Errorf("after 6 ended, the announcement = %q, want it to say so", got)
	}
	press(m, "]", "]", "]")
	if bar := row(ansi.Strip(m.View()), "clients:"); !strings.Contains(bar, "6 windsurf · sse ○") {
		t.Errorf("after ] ×3 the clients bar = %q, want client 6 shown", bar)
	}
}

// The shown client ended and the one still running was two presses away
// (an ended one between): "] steps to 3 …" showed the ended 2.
func TestClientEndSaysTheKeysToTheOneStillRunning(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	for id, name := range []string{"", "a", "b", "c", "d"} {
		if id > 0 {
			m.Update(clientMsg{ID: id, Name: name, Transport: "sse", Records: make(chan []mcp.Record)})
		}
	}
	m.Update(clientEndedMsg{2})
	m.Update(clientEndedMsg{4})
	m.Update(clientEndedMsg{1})
	if got := m.status.msg.text; !strings.HasPrefix(got, "] ×2 steps to 3 c · sse, still running") {
		t.Errorf("status %q, want it to start with \"] ×2 steps to 3 c · sse, still running\"", got)
	}
}

// A client announced by the User-Agent it came with then names itself:
// the announcement still on the status line says the name the bar shows,
// keys and all.
func TestNewClientAnnouncementTakesTheClientsOwnName(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	m.Update(clientMsg{ID: 1, Name: "claude-code", Transport: "sse", Records: make(chan []mcp.Record)})
	m.Update(clientMsg{ID: 2, Name: "node", Transport: "streamable", Records: make(chan []mcp.Record)})
	m.Update(clientMsg{ID: 2, Name: "inspector-cli 0.5.1", Transport: "streamable"})
	if got := m.status.msg.text; got != "] shows a new client: 2 inspector-cli 0.5.1 · streamable" {
		t.Errorf("after client 2 named itself, the announcement = %q, want its own name", got)
	}
}
