package ui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// Esc on a form whose legacy /sse stream broke: the cancel it stands for
// cannot reach the server any more than Enter's answer can. Before, the
// status bar said "cancelled … (action: cancel)" as if the server had it.
func TestLiveFormCancelAfterLegacyDropSaysNotSent(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLiveReady(t, mcp.Config{URL: gw.SSEURL(), Transport: mcp.TransportSSE, Reconnect: true, ReconnectDelay: 20 * time.Millisecond}, 160, 45, "● open")
	l.tm.Type("i")
	l.waitFor("● initialized")
	l.command("tools/call confirm")
	l.waitFor("asks: elicitation/create")
	l.tm.Type("accept name=An")
	l.waitFor("accept name=An")
	l.mark()
	if err := gw.Close(); err != nil {
		t.Fatalf("closing the demo gateway: %v", err)
	}
	l.waitFor("reconnecting on its own")
	l.mark()
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEsc})
	l.waitFor("could not send your cancel")
	m := l.quit()
	if m.ask.open() {
		t.Error("the form is still open after Esc")
	}
	if msg := m.status.msg; msg != nil && strings.Contains(msg.text, "cancelled the form") {
		t.Errorf("the status bar reads %q: it says the cancel was sent, yet the stream was gone", msg.text)
	}
	row := lastPair(m, func(p *history.Pair) bool {
		return p.Kind == history.KindServerRequest && p.Method == "elicitation/create"
	})
	if row == nil {
		t.Fatal("no row for the server's elicitation/create")
	}
	if row.State == history.StateAnswered {
		t.Errorf("the elicitation's row says %s, yet the cancel could not be sent", row.State)
	}
}
