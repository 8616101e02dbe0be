package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// x with no request waiting says there is nothing to cancel: it said
// "select a request of ours in Pairs to cancel it" on a session that had
// sent none, sending the user looking for a row that is not there.
func TestLiveCancelWithNothingWaitingSaysSo(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.SSEURL(), Transport: mcp.TransportSSE})
	l.waitFor("● open")
	l.tm.Type("x")
	l.waitFor("nothing to cancel: no request is waiting for its answer")
	l.quit()
}

// x on a notification's row said "nothing to cancel: no request is
// waiting for its answer" with nothing pending, and "… is no request of
// ours" while a call ran: two wordings, neither saying what the row was.
// Both say it is a notification, which cannot be cancelled, and then
// what to do: select a pending call's row, or that none is waiting.
func TestLiveCancelOnANotificationSaysWhatItIs(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.MCPURL(), Transport: mcp.TransportStreamable})
	l.waitFor("● initialized")
	l.waitRowState("notifications/initialized", "sent")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyHome})
	l.tm.Send(tea.KeyMsg{Type: tea.KeyDown})
	l.mark()
	l.tm.Type("x")
	l.waitFor("nothing to cancel: notifications/initialized is a notification, which cannot be cancelled; no request is waiting for its answer")
	l.quit()
}
