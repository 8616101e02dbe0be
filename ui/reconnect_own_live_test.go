package ui

import (
	"bytes"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A legacy server that ends its stream cleanly (no error): the first
// reconnect comes ReconnectDelay later, and until then the bar said
// "● closed" and the status line nothing. The close says from the start
// that mcpscope reconnects on its own.
func TestLiveCleanLegacyEndReadsReconnectingFromTheClose(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{CloseAfterEndpoint: true})
	// The first attempt is a minute away: what the screen says comes
	// from the close itself.
	l := startLive(t, mcp.Config{URL: srv.SSEURL(), Transport: mcp.TransportSSE, Reconnect: true, ReconnectDelay: time.Minute})
	l.waitFor("the server closed the stream: reconnecting on its own…")
	l.waitFor("◌ reconnecting")
	if seen := l.seen.Bytes(); bytes.Contains(seen, []byte("● closed")) {
		t.Errorf("the bar said closed before mcpscope's first reconnect of its own:\n%s", seen)
	}
	l.quit()
}
