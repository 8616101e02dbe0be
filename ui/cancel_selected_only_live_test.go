package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// x on a row that is no pending request (notifications/initialized)
// cancelled the one request in flight, a row the user had not selected,
// where help says "x cancel the selected request". It cancels nothing and
// says why, and how to cancel the pending one.
func TestLiveCancelOnlyTheSelectedRow(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.MCPURL(), Transport: mcp.TransportStreamable})
	l.waitFor("● initialized")
	l.listTools()
	l.mark()
	l.call("slow seconds=30")
	l.waitRowPending("tools/call slow")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyHome})
	l.tm.Send(tea.KeyMsg{Type: tea.KeyDown})
	l.tm.Type("x")
	l.waitFor("nothing to cancel: notifications/initialized is a notification, which cannot be cancelled; select a pending call's row and press x")
	// The request was left running: x on its own row cancels it.
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnd})
	l.tm.Type("x")
	l.waitFor("tools/call slow: cancelled")
	l.waitRowState("tools/call slow", "✗ cancelled")
	l.quit()
}
