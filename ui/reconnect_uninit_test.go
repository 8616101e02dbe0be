package ui

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// After r on a legacy stream the new session was never initialized: a
// request sent on it and refused says to initialize first, as on a session
// just opened, instead of only quoting the server's "invalid during
// session initialization".
func TestLiveRequestAfterReconnectSaysToInitialize(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.SSEURL(), Transport: mcp.TransportSSE})
	l.initialize()
	l.tm.Type("r")
	l.waitFor("press i to initialize it")
	l.mark()
	l.tm.Type("l")
	l.waitFor("not initialized yet: press i first")
	l.quit()
}

// c on a legacy stream not initialized yet says to press i first: the
// hint said to list the tools, which the server refuses before initialize.
// It fits 80 columns: its end, how Tab gets the tools, was cut there.
func TestCallHintBeforeInitialize(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLiveReady(t, mcp.Config{URL: gw.SSEURL(), Transport: mcp.TransportSSE}, 80, 24, "● open")
	l.mark()
	l.tm.Type("c")
	l.waitFor("not initialized yet: esc, then i initializes it and l lists the tools for tab")
	l.quit()
}
