package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A negative ttlMs is said in Detail to be no time to keep the result, in
// exec's words, not shown as if it were one.
func TestDetailSaysANegativeTTLIsNone(t *testing.T) {
	srv := mcptest.StatelessOnMethod(t, "tools/list", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"tools":[],"ttlMs":-5}}`)
	})
	l := startLive(t, mcp.Config{URL: srv.URL, Transport: mcp.TransportStateless, NoListen: true})
	l.waitFor("● discovered")
	l.listTools()
	// The status can come before the answer's records, and Detail opened
	// on a pending pair stays at its top: wait for the answer's row size.
	l.waitFor("63 B")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnd})
	l.waitFor("(negative:") // the line may wrap anywhere after it
	l.quit()
}
