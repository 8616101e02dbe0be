package ui

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A 2026 server whose first tools/list page says "nextCursor":"" has a
// second page ("an empty string is a valid cursor"): after tools/list
// --all, the command line offers the tools of both pages, not only the
// second's.
func TestCompletionOffersEveryPageOfAnEmptyCursorListing(t *testing.T) {
	srv := mcptest.StatelessOnMethod(t, "tools/list", mcptest.PagedOnEmptyCursor("tools",
		`{"name":"alpha_first","inputSchema":{"type":"object"}}`, `{"name":"beta_second","inputSchema":{"type":"object"}}`))
	l := startLive(t, mcp.Config{URL: srv.Endpoint()})
	l.waitFor("● discovered")
	l.command("tools/list --all")
	l.waitRowsDrawn("tools/list", 2)
	l.waitOK("tools/list")
	l.mark()
	l.tm.Type("c")
	l.waitFor("2 tools: alpha_first")
	l.quit()
}
