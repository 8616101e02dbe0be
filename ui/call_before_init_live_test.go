package ui

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// c greet then Enter before i on a legacy session: the runner would list
// the tools first for the argument types, and the server would refuse that
// listing as it would the call. Nothing goes on the wire, and the status
// says to press i, as it does for any other method sent too soon.
func TestCallBeforeInitializeSendsNothing(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.SSEURL(), Transport: mcp.TransportSSE})
	l.waitFor("Session")
	l.mark()
	l.call("greet name=Ann")
	l.waitFor("tools/call greet: not initialized yet: press i first")
	m := l.quit()
	if n := m.com.log.PairCount(); n != 0 {
		t.Errorf("one Enter before initialize made %d requests, want none", n)
	}
	if n := m.com.log.Stats().Errors; n != 0 {
		t.Errorf("%d errors counted for a call never sent, want 0", n)
	}
}
