package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// While a request waits for its answer the line under the panes names x:
// a slow tool was running and the line named only keys that send more.
// Once it is over, x is not named.
func TestCancelKeyNamedWhileARequestWaits(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.MCPURL()})
	l.waitFor("● initialized")
	l.listTools()
	l.mark()
	l.call("slow seconds=30")
	l.waitFor("x cancel ·")
	l.waitRowPending("tools/call slow") // x cancels the row it follows
	l.tm.Type("x")
	l.waitFor("tools/call slow: cancelled")
	l.waitRowState("tools/call slow", "✗ cancelled")
	m := l.quit()
	if got := pairsOf(m, "tools/call slow"); len(got) != 1 || got[0] != "cancelled" {
		t.Errorf("tools/call slow rows %v, want one cancelled", got)
	}
	if line := ansi.Strip(m.cmdline.View()); strings.Contains(line, "x cancel") {
		t.Errorf("with nothing in flight the line still names x: %q", line)
	}
}
