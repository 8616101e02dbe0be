package ui

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// On a 2026 server the command line's hint for a tool whose x-mcp-header
// annotations break the rules says it cannot be called and why, before
// the user sends it and is refused.
func TestCommandLineMarksAToolItsHeadersMakeUnusable(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Tools: append(mcptest.StatelessTools(), mcptest.InvalidHeaderTools()...)})
	l := startLive(t, mcp.Config{URL: srv.Endpoint()})
	l.waitFor("● discovered") // the bar's state: the word alone can be drawn while the transport is still being found
	l.listTools()
	l.mark()
	l.tm.Type("c")
	l.tm.Type("dup_header ")
	l.waitFor(`not callable: x-mcp-header on b "region" repeats the header of a`)
	l.quit()
}
