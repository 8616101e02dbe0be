package ui

import (
	"bytes"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// The user's own session in a proxy's TUI, on a legacy stream the server
// drops, says on the status line what mcpscope URL says: that it is
// reconnecting on its own, then that it gave up and r reconnects. It said
// nothing: the bar read "◌ reconnecting", then "● closed", and no line
// said why or what to do.
func TestOwnSessionSaysItsStreamBrokeAndReconnects(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := ownSessionLive(t, mcp.Config{URL: gw.SSEURL(), Transport: mcp.TransportSSE, Reconnect: true, ReconnectDelay: 20 * time.Millisecond}, "you (mcpscope)")
	l.waitFor("● open")
	l.tm.Type("i")
	l.waitFor("● initialized")
	l.mark()
	if err := gw.Close(); err != nil {
		t.Fatalf("closing the demo gateway: %v", err)
	}
	l.waitFor("stopped reconnecting on its own after 5 attempts")
	l.waitFor("press r to reconnect")
	if seen := l.seen.Bytes()[l.from:]; !bytes.Contains(seen, []byte(": reconnecting on its own")) {
		t.Errorf("the status line never said the own session was reconnecting on its own:\n%s", seen)
	}
	l.quit()
}
