package ui

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A tool that answers isError: the status line says what the tool said,
// readable on an 80-column terminal, instead of only "see Detail".
func TestLiveToolErrorSaysWhatTheToolSaid(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLiveReady(t, mcp.Config{URL: gw.MCPURL()}, 80, 24, "● initialized")
	l.listTools()
	l.call("fail message='disk full'")
	l.waitFor("tools/call fail: ✗ isError: disk full")
	l.quit()
}
