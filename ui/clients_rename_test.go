package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A new client is announced by the name it has when it connects, often
// its User-Agent (mcp-remote's "undici"); when its initialize names it,
// the announcement still on the status bar says the new name, as the
// clients bar does.
func TestNewClientAnnouncementFollowsItsName(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	m.Update(clientMsg{ID: 1, Name: "alpha 1.0", Transport: "sse", Records: make(chan []mcp.Record)})
	m.Update(clientMsg{ID: 2, Name: "undici", Transport: "streamable", Records: make(chan []mcp.Record)})
	if bar := m.status.view(); !strings.Contains(bar, "a new client: 2 undici · streamable") {
		t.Fatalf("the status bar does not announce the new client: %q", bar)
	}
	m.Update(clientMsg{ID: 2, Name: "claude-desktop (via mcp-remote 0.15.1) 0.9", Transport: "streamable"})
	if bar := m.status.view(); !strings.Contains(bar, "a new client: 2 claude-desktop (via mcp-remote 0.15.1) 0.9") || strings.Contains(bar, "undici") {
		t.Errorf("the announcement keeps the name the client came with: %q", bar)
	}
}

// A new client that came and went, announced "… 2 undici · streamable
// (ended)", then names itself: the announcement says the new name, still
// "(ended)", where it kept the User-Agent it came with.
func TestEndedClientAnnouncementFollowsItsName(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	m.Update(clientMsg{ID: 1, Name: "alpha 1.0", Transport: "sse", Records: make(chan []mcp.Record)})
	m.Update(clientMsg{ID: 2, Name: "undici", Transport: "streamable", Records: make(chan []mcp.Record)})
	m.Update(clientEndedMsg{2})
	m.Update(clientMsg{ID: 2, Name: "inspector-cli 0.5.1", Transport: "streamable"})
	if bar := m.status.view(); !strings.Contains(bar, "] shows a new client: 2 inspector-cli 0.5.1 · streamable (ended)") || strings.Contains(bar, "undici") {
		t.Errorf("the announcement of the ended client keeps the name it came with: %q", bar)
	}
}
