package ui

import (
	"testing"

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
