package ui

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// After r on a legacy stream the new session was never initialized: a
// request sent on it and refused says to initialize first, as on a session
// just opened, instead of only quoting the server's "invalid during
// session initialization".
func TestLiveRequestAfterReconnectSaysToInitialize(t *testing.T) {
	gw := startDemo(t)
	l := startLive(t, mcp.Config{URL: gw.SSEURL(), Transport: mcp.TransportSSE})
	l.waitFor("● open")
	l.tm.Type("i")
	l.waitFor("● initialized")
	l.tm.Type("r")
	l.waitFor("press i to initialize it")
	l.mark()
	l.tm.Type("l")
	l.waitFor("not initialized yet: press i first")
	l.quit()
}

// c on a legacy stream not initialized yet says to press i first: the
// hint said to list the tools, which the server refuses before initialize.
func TestCallHintBeforeInitialize(t *testing.T) {
	gw := startDemo(t)
	l := startLive(t, mcp.Config{URL: gw.SSEURL(), Transport: mcp.TransportSSE})
	l.waitFor("● open")
	l.mark()
	l.tm.Type("c")
	l.waitFor("the session is not initialized: i (outside the command line) initializes it, then l lists the tools")
	l.quit()
}
