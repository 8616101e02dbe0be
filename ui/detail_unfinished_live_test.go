package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Detail of a request whose answer's event stream stopped inside an event
// shows the bytes of that event so far, sanitized: it said "waiting for
// the answer" and nothing of what came, which the session alone held.
func TestLiveDetailShowsTheUnfinishedAnswerSoFar(t *testing.T) {
	srv := mcptest.OnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		// The server's text drives no terminal: the escape is drawn, not run.
		_ = x.WriteRaw("event: message\ndata: {\"stuck\":\"half-way\x1b[2J")
		<-x.Context().Done()
	})
	l := startLiveReady(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable}, 160, 45, "● initialized")
	l.command("tools/call wait")
	l.waitRowPending("tools/call wait")
	l.mark()
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	l.waitFor("waiting for the answer on the POST's event stream")
	l.waitFor("── Answer so far ── an unfinished event · 43 B")
	l.waitFor(`data: {"stuck":"half-way`)
	m := l.quit()
	if v := m.View(); strings.Contains(v, "\x1b[2J") {
		t.Errorf("the server's escape reached the terminal:\n%q", v)
	}
}
