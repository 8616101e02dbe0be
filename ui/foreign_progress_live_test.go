package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A bridge that shares one upstream process (supergateway's SSE output)
// writes every client's notifications/progress to every session. One whose
// token is our request's folds into that request's row; one with a token
// no request of ours has says so on its row, instead of passing for ours.
func TestLiveForeignProgressSaysSo(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		if c.Kind == mcptest.KindRequest && c.Method == "tools/call" {
			c.Reply(`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"other-7","progress":1,"total":2}}`)
			c.Reply(`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":` + string(c.ID) + `,"progress":1,"total":2}}`)
		}
		c.Default()
	}})
	l := startLive(t, mcp.Config{URL: srv.SSEURL(), Transport: mcp.TransportSSE})
	l.initialize()
	l.mark()
	l.listTools()
	l.call("echo text=hi")
	l.waitFor("/progress · foreign") // "…/progress" where the METHOD column is narrow
	l.waitOK("tools/call echo")      // its answer came after its own progress
	m := l.quit()
	var progressRows []string
	for i := 0; i < m.com.log.PairCount(); i++ {
		if p := m.com.log.Pair(i); p.Method == "notifications/progress" {
			progressRows = append(progressRows, methodText(p))
		}
		if p := m.com.log.Pair(i); p.Kind == history.KindRequest && p.Tool == "echo" && p.Notifications != 1 {
			t.Errorf("echo's row folded %d progress notifications, want its own one", p.Notifications)
		}
	}
	if len(progressRows) != 1 || !strings.Contains(progressRows[0], `"other-7"`) {
		t.Errorf("progress rows %q, want one, for the token that is not ours", progressRows)
	}
}
