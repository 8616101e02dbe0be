package ui

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// c greet then Enter before i on a legacy session: the runner lists the
// tools first for the argument types, and the server refuses that listing
// as it would the call. One Enter makes one refused request, and the
// status says to press i, as it does for any other method sent too soon.
func TestCallBeforeInitializeIsOneRefusal(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.SSEURL(), Transport: mcp.TransportSSE})
	l.waitFor("Session")
	l.mark()
	l.call("greet name=Ann")
	l.waitFor("tools/call greet: not initialized yet: press i first")
	l.waitRowState("tools/list", "✗ rpc error")
	m := l.quit()
	if n := m.com.log.PairCount(); n != 1 {
		t.Errorf("one Enter made %d requests, want 1", n)
	}
	if got := pairsOf(m, "tools/call greet"); len(got) != 0 {
		t.Errorf("tools/call greet rows %v: sent to a session that had just refused the listing", got)
	}
}
