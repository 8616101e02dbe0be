package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
)

// A proxied session is its client's: no key acts on it. When upstream
// forgot its session, its Negotiation pane said "press i to start a new
// session" (i does nothing there) and, of the 404 itself, "check the
// path". It now says what the client must do, and names no key.
func TestProxiedSessionAdviceNamesNoKey(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	m.Update(clientMsg{ID: 1, Name: "alpha 1.0", Transport: "streamable", Records: make(chan []mcp.Record)})
	s := newScript()
	s.add(mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateOpen, Conn: 1, URL: "http://127.0.0.1:8811/mcp", Transport: mcp.TransportStreamable, SessionID: "S1"}})
	s.add(mcp.Record{Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: mcp.OpPost, Message: "POST http://127.0.0.1:8811/mcp answered 404 Not Found: session not found", Conn: 1,
		Cause: mcp.CauseSessionExpired, Status: 404, Purpose: mcp.PurposePost, Transport: mcp.TransportStreamable}})
	s.add(mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateExpired, Conn: 1, URL: "http://127.0.0.1:8811/mcp", Transport: mcp.TransportStreamable, SessionID: "S1",
		Detail: "upstream answered 404 Not Found to session S1: the session is gone"}})
	m.Update(clientRecordsMsg{1, s.recs})
	// Wide enough that no line of the pane wraps.
	m.Update(tea.WindowSizeMsg{Width: 300, Height: 45})
	v := m.View()
	if !strings.Contains(v, "the session is gone") {
		t.Fatalf("the Negotiation pane does not show the session gone:\n%s", v)
	}
	for _, bad := range []string{"press i", "press r", "check the path"} {
		if strings.Contains(v, bad) {
			t.Errorf("a proxied session's advice says %q:\n%s", bad, v)
		}
	}
	if !strings.Contains(v, "the client must initialize a new session") {
		t.Errorf("a proxied session's advice does not say what the client must do:\n%s", v)
	}
}
