package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"

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
	l := startLive(t, mcp.Config{URL: gw.MCPURL(), Transport: mcp.TransportStreamable})
	l.tm.Send(tea.WindowSizeMsg{Width: 80, Height: 24})
	l.waitFor("● initialized")
	return l
}
