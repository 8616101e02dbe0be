package ui

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Tab's list of tool names shows a tool with an empty name as "", as the
// hint's list does; it was a blank between the others ("ok    last").
func TestTabListsAnEmptyToolNameAsQuotes(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Tools: []mcptest.Tool{
		{Name: "ok", Description: "the first"}, {Name: "", Description: "nameless"}, {Name: "last", Description: "the last"},
	}})
	l := startLive(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable})
	l.waitFor("● initialized")
	l.command("tools/list")
	l.waitOK("tools/list")
	l.mark()
	l.tm.Type(":")
	l.typeTab("call ")
	l.waitFor(`ok  ""  last`)
	l.quit()
}
