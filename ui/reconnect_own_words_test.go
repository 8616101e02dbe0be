package ui

import (
	"bytes"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A legacy server that ends its stream cleanly (EOF, no error) did not
// break it: the close's status line said the server closed it, and then
// each attempt's line said "the stream broke". They say the same.
func TestLiveCleanLegacyEndAttemptsSayTheServerClosedIt(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{CloseAfterEndpoint: true})
	l := startLive(t, mcp.Config{URL: srv.SSEURL(), Transport: mcp.TransportSSE, Reconnect: true, ReconnectDelay: 20 * time.Millisecond})
	l.waitFor("the server closed the stream: reconnecting on its own, attempt 1 of 5…")
	if seen := l.seen.Bytes(); bytes.Contains(seen, []byte("the stream broke")) {
		t.Errorf("a stream the server closed cleanly read as broken:\n%s", seen)
	}
	l.quit()
}
