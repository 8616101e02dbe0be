package ui

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// At 80 columns a pending tools/call keeps its progress words whole in
// the METHOD column ("step 1 of 4", not "step 1 …"), with the tool's name
// still on the row.
func TestLiveProgressWordsFitAt80Columns(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLiveReady(t, mcp.Config{URL: gw.MCPURL()}, 80, 24, "● initialized")
	l.mark()
	l.call("slow seconds=8")
	l.waitFor("slow · step 1 of 4")
	l.quit()
}
