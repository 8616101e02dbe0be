package ui

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tool result that names a member twice reads differently to different
// JSON readers: its Pairs row warns, as Detail's top does, where it read a
// plain "✓ ok" and only Detail said so.
func TestLiveAmbiguousAnswerMarksItsRow(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		if c.Kind == mcptest.KindRequest && c.Method == "tools/call" {
			c.Reply(`{"jsonrpc":"2.0","id":` + string(c.ID) + `,"result":{"content":[{"type":"text","text":"one"}],"content":[{"type":"text","text":"two"}]}}`)
			return
		}
		c.Default()
	}})
	l := startLive(t, mcp.Config{URL: srv.SSEURL(), Transport: mcp.TransportSSE})
	l.initialize()
	l.listTools()
	l.call("echo text=hi")
	l.waitRowState("tools/call echo", "⚠ ok JSON?")
	l.quit()
}
