package ui

import (
	"encoding/json"
	"testing"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A form the server withdraws (notifications/cancelled naming its
// elicitation) leaves the screen at once, the status bar gives the
// server's reason, and the question's row says cancelled instead of
// waiting forever.
func TestLiveFormWithdrawnByServer(t *testing.T) {
	withdraw, finish := make(chan struct{}), make(chan struct{})
	tools := append(mcptest.StreamableTools(), mcptest.Tool{Name: "form", InputSchema: json.RawMessage(`{"type":"object"}`)})
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Tools: tools, Handle: func(x *mcptest.Exchange) {
		if x.Kind != mcptest.KindRequest || x.Method != "tools/call" {
			x.Default()
			return
		}
		_ = x.Event(`{"jsonrpc":"2.0","id":41,"method":"elicitation/create","params":{"message":"Who are you?","requestedSchema":{"type":"object","properties":{"name":{"type":"string"}}}}}`)
		select {
		case <-withdraw:
		case <-x.Context().Done():
			return
		}
		_ = x.Notify("notifications/cancelled", map[string]any{"requestId": 41, "reason": "the operator gave up"})
		select {
		case <-finish: // the answer would replace the status the test reads
		case <-x.Context().Done():
			return
		}
		x.Result(mcptest.TextResult("asked nobody", false))
	}})
	l := startLive(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable})
	l.waitFor("● initialized")
	l.call("form")
	l.waitFor("asks: elicitation/create")
	l.mark()
	close(withdraw)
	l.waitFor("withdrawn: the server cancelled it")
	close(finish)
	l.waitFor("asked nobody")
	m := l.quit()
	if m.ask.open() {
		t.Error("the withdrawn form is still open")
	}
	row := lastPair(m, func(p *history.Pair) bool {
		return p.Kind == history.KindServerRequest && p.Method == "elicitation/create"
	})
	if row == nil || row.State != history.StateCancelled || row.Reply != nil {
		t.Errorf("the withdrawn question's row is %+v, want it cancelled with no reply", row)
	}
}
