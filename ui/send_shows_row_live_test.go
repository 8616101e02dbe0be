package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// c pressed in Negotiation or Raw events at 80x24, one pane on screen:
// the call went and its row was nowhere to see, the pane it was sent from
// still in front. Pairs comes forward with the call's row.
func TestLiveCallFromAnotherPaneShowsItsRow(t *testing.T) {
	for _, from := range []pane{paneNegotiation, paneEvents} {
		srv := mcptest.OnMethod(t, "tools/call", func(x *mcptest.Exchange) {
			x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"content":[]}}`)
		})
		l := startLiveReady(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable}, 80, 24, "● initialized")
		for range (int(from) - int(panePairs) + int(paneCount)) % int(paneCount) {
			l.tm.Send(tea.KeyMsg{Type: tea.KeyTab})
		}
		l.mark()
		l.callOK("echo text=hi")
		if m := l.quit(); m.slot != panePairs {
			t.Errorf("sent from pane %v: pane %v is in front, want Pairs", from, m.slot)
		}
	}
}
