package ui

import (
	"bytes"
	"net/http"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A legacy server that ends its stream cleanly (EOF, no error) did not
// break it: the close's status line said the server closed it, and then
// each attempt's line said "the stream broke". They say the same.
func TestLiveCleanLegacyEndAttemptsSayTheServerClosedIt(t *testing.T) {
	// The first stream names its endpoint and ends; every later GET is
	// refused, so each attempt's line stays until the next.
	srv := mcptest.New(t, mcptest.Options{CloseAfterEndpoint: true, GETStatus: http.StatusServiceUnavailable, GETStatusAfter: 1,
		UnknownSession: mcptest.UnknownSessionHang})
	// Attempt 2 comes 3 delays after the close and its line stays 4
	// more, until attempt 3: long enough that a loaded machine cannot
	// read both in one batch and never draw the second's line.
	l := startLive(t, mcp.Config{URL: srv.SSEURL(), Transport: mcp.TransportSSE, Reconnect: true, ReconnectDelay: 250 * time.Millisecond})
	l.waitFor("the server closed the stream: reconnecting on its own, attempt 2 of 5…")
	if seen := l.seen.Bytes(); bytes.Contains(seen, []byte("the stream broke")) {
		t.Errorf("a stream the server closed cleanly read as broken:\n%s", seen)
	}
	l.quit()
}
