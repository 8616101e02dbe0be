package ui

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// liveDemoAt80 is the TUI live against the demo gateway's streamable HTTP
// endpoint on an 80x24 terminal (the narrow screen where rows are cut),
// once its session is initialized.
func liveDemoAt80(t *testing.T) *live {
	t.Helper()
	gw := demotest.Start(t, demo.Options{})
	l := startLiveReady(t, mcp.Config{URL: gw.MCPURL(), Transport: mcp.TransportStreamable}, 80, 24, "● initialized")
	return l
}
