package ui

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// x with no request waiting says there is nothing to cancel: it said
// "select a request of ours in Pairs to cancel it" on a session that had
// sent none, sending the user looking for a row that is not there.
func TestLiveCancelWithNothingWaitingSaysSo(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.SSEURL(), Transport: mcp.TransportSSE})
	l.waitFor("● open")
	l.tm.Type("x")
	l.waitFor("nothing to cancel: no request is waiting for its answer")
	l.quit()
}
