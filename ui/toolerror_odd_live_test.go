package ui

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tool result whose isError is a string ("yes") and not a boolean: the
// status line says so, and how mcpscope read it, and its Pairs row warns,
// instead of a plain "ok" over a result the server may have meant as a
// failure.
func TestLiveToolErrorNotABooleanIsSaid(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		if c.Kind == mcptest.KindRequest && c.Method == "tools/call" {
			c.Reply(`{"jsonrpc":"2.0","id":` + string(c.ID) + `,"result":{"content":[{"type":"text","text":"it broke"}],"isError":"yes"}}`)
			return
		}
		c.Default()
	}})
	l := startLive(t, mcp.Config{URL: srv.SSEURL(), Transport: mcp.TransportSSE})
	l.initialize()
	l.listTools()
	l.call("echo text=hi")
	l.waitFor(`tools/call echo: isError "yes" is not a boolean: read as no error`)
	l.waitRowState("tools/call echo", "⚠ ok isErr?")
	l.quit()
}
