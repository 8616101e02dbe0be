package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// tools/call name=Ann, the tool left out, then Tab: the hint began "no
// values to offer for name: type one", as if name= were one of a tool's
// keys, where the word is in the tool's place: it says Enter wants the
// tool name first.
func TestLiveTabOnAKeyWordInTheToolsPlace(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.SSEURL(), Transport: mcp.TransportSSE})
	l.initialize()
	l.listTools()
	l.mark()
	l.tm.Type(":")
	l.typeTab("tools/call name=Ann")
	l.waitFor("needs the tool name before")
	if v := ansi.Strip(l.quit().View()); strings.Contains(v, "no values to offer for name") {
		t.Errorf("a Tab on the tool's word spoke of it as a key:\n%s", v)
	}
}
