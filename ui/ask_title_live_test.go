package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// The question's title names the call it came during before the server's
// own id for it: at 80 columns it read "from the server (its request 1)
// duri…", the call that asked cut off.
func TestLiveAskTitleNamesTheCallAt80Columns(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.MCPURL(), Transport: mcp.TransportStreamable})
	l.tm.Send(tea.WindowSizeMsg{Width: 80, Height: 24})
	l.waitFor("● initialized")
	l.call("sample prompt=hi")
	l.waitFor("left · during tools/call sample")
	l.quit()
}
