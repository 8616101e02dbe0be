package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A JSON-RPC error with no message says so in the status bar, where
// "JSON-RPC error -1: " ended in nothing, as if the message had been lost.
func TestLiveStatusSaysAnErrorHasNoMessage(t *testing.T) {
	srv := mcptest.OnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"error":{"code":-1}}`)
	})
	l := startLive(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable, NoGetStream: true})
	l.waitFor("● initialized")
	l.command("tools/call echo text=hi")
	l.waitText("JSON-RPC error -1: (no message)")
	l.quit()
}

// An error object with no number code was given one the server never
// sent: {"error":"boom"} a -32700 in the status bar ("JSON-RPC error
// -32700"), which read as the server saying it could not parse the
// request; a message alone a 0 there and on Detail's error line.
func TestLiveAnErrorWithNoCodeIsNotGivenOne(t *testing.T) {
	for _, c := range []struct{ errv, status, detail string }{
		{`"boom"`, "JSON-RPC error (no code): unreadable error object", "error no code · unreadable error object"},
		{`{"message":"no code here"}`, "JSON-RPC error (no code): no code here", "error no code · no code here"},
	} {
		srv := mcptest.OnMethod(t, "tools/call", func(x *mcptest.Exchange) {
			x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"error":` + c.errv + `}`)
		})
		l := startLive(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable, NoGetStream: true})
		l.waitFor("● initialized")
		l.command("tools/call echo text=hi")
		l.waitText(c.status)
		// The status comes with the answer, the row with its records.
		l.waitRowState("tools/call echo", "✗ rpc error")
		m := l.quit()
		call := lastPair(m, func(p *history.Pair) bool { return p.Method == "tools/call" })
		if call == nil {
			t.Fatal("no tools/call row")
		}
		text := strings.Join(strings.Fields(ansi.Strip(pairDetail(m, call))), " ")
		if strings.Contains(text, "-32700") || strings.Contains(text, "error 0 ") || !strings.Contains(text, c.detail) {
			t.Errorf("error %s: Detail of the call gives the error a code the server never sent, want %q:\n%s", c.errv, c.detail, text)
		}
	}
}
