package ui

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// The question's title names the call it came during before the server's
// own id for it: at 80 columns it read "from the server (its request 1)
// duri…", the call that asked cut off.
func TestLiveAskTitleNamesTheCallAt80Columns(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLiveReady(t, mcp.Config{URL: gw.MCPURL(), Transport: mcp.TransportStreamable}, 80, 24, "● initialized")
	l.call("sample prompt=hi")
	l.waitFor("left · during tools/call sample")
	l.quit()
}
