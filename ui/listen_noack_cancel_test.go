package ui

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A 2026 subscribe waiting for an acknowledgement the server never sends
// can be cancelled with x: the listen request it waits on is the session's,
// so before, x said the listen stream stays open and the wait went on to
// --timeout.
func TestCancelASubscribeWaitingForItsAcknowledgement(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: mcptest.ListenWithoutAck})
	l := startLive(t, mcp.Config{URL: srv.Endpoint()})
	l.waitFor("● discovered") // the bar's state: the word alone can be drawn while the transport is still being found
	l.command("subscribe demo://readme")
	l.waitFor("waiting for the answer")
	l.mark()
	l.tm.Type("x")
	l.waitFor("resources/subscribe: cancelled")
	l.quit()
}
