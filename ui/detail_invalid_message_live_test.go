package ui

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A message on a tool call's stream that is no JSON-RPC (a server's
// request written with Infinity) says in Detail why it is none, as exec's
// line does, and names the call whose stream it came on: Detail showed
// the bytes alone, "came on the response stream of a request not in this
// log", though that request was the row above.
func TestLiveDetailSaysWhyAMessageIsNotJSONRPC(t *testing.T) {
	tools := append(mcptest.StreamableTools(), mcptest.Tool{Name: "odd", InputSchema: json.RawMessage(`{"type":"object"}`)})
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Tools: tools, Handle: func(x *mcptest.Exchange) {
		if x.Kind != mcptest.KindRequest || x.Method != "tools/call" {
			x.Default()
			return
		}
		_ = x.Event(`{"jsonrpc":"2.0","id":"e1","method":"elicitation/create","params":{"n":Infinity}}`)
		x.Result(mcptest.TextResult("done", false))
	}})
	l := startLive(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable})
	l.waitFor("● initialized")
	l.call("odd")
	l.waitOK("tools/call odd")
	m := l.quit()
	var invalid, call *history.Pair
	for i := 0; i < m.com.log.PairCount(); i++ {
		switch p := m.com.log.Pair(i); {
		case p.Kind == history.KindInvalid:
			invalid = p
		case p.Kind == history.KindRequest && p.Tool == "odd":
			call = p
		}
	}
	if invalid == nil || call == nil {
		t.Fatalf("no row for the message that is not JSON-RPC (%+v), or none for tools/call odd", invalid)
	}
	text := ansi.Strip(pairDetail(m, invalid))
	flat := strings.Join(strings.Fields(text), " ")
	for _, want := range []string{
		`⚠ the server sent a message that is not JSON: no JSON value starts here`,
		`"params":{"n":▶Infinity}}`,
		"came on the response stream (SSE) of request " + call.ID + " (tools/call odd)",
	} {
		if !strings.Contains(flat, want) {
			t.Errorf("Detail does not say %q:\n%s", want, text)
		}
	}
}
