package ui

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tool list with two tools under one name, or one with an empty name,
// is said so on the status line when it comes: exec prints it with the
// list, and the TUI said "tools/list: ok" until the name was typed.
func TestStatusSaysATwiceListedToolName(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Tools: []mcptest.Tool{
		{Name: "ok", Description: "the first"}, {Name: "ok", Description: "the second"}, {Name: "", Description: "nameless"},
	}})
	l := startLive(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable})
	l.waitFor("● initialized")
	l.mark()
	l.tm.Type("l")
	l.waitFor(`⚠ 2 tools are named "ok": tools/call cannot say which one it means (and 1 more name problem)`)
	l.quit()

	// An empty name alone is said of "a tool", not "its".
	srv = mcptest.NewStreamable(t, mcptest.StreamableOptions{Tools: []mcptest.Tool{{Name: "ok"}, {Name: ""}}})
	l = startLive(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable})
	l.waitFor("● initialized")
	l.mark()
	l.tm.Type("l")
	l.waitFor("tools/list: ok · ⚠ a tool's name is empty: tools/call cannot name it")
	l.quit()
}
