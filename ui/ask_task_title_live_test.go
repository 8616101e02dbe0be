package ui

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A question a task asks on the legacy stream (server-everything's
// simulate-research-query asking which topic is meant) comes on no
// request's stream, but its _meta names the task: the title says which
// task asks, where it said only "from the server".
func TestLiveAskTitleNamesTheTaskOnTheLegacyStream(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		if c.Kind == mcptest.KindRequest && c.Method == "tools/call" {
			c.Reply(`{"jsonrpc":"2.0","id":41,"method":"elicitation/create","params":{"message":"Which topic?","requestedSchema":{"type":"object","properties":{"topic":{"type":"string"}}},"_meta":{"io.modelcontextprotocol/related-task":{"taskId":"task-77"}}}}`)
		}
		c.Default()
	}})
	l := startLive(t, mcp.Config{URL: srv.SSEURL(), Transport: mcp.TransportSSE})
	l.initialize()
	l.listTools()
	l.call("echo text=hi")
	l.waitFor("for task task-77 (the server's request 41)")
	l.quit()
}
