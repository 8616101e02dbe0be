package ui

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A legacy server that ends its stream cleanly (EOF, no error) did not
// break it: the close's status line said the server closed it, and then
// each attempt's line said "the stream broke". They say the same.
func TestLiveCleanLegacyEndAttemptsSayTheServerClosedIt(t *testing.T) {
	// The first stream names its endpoint and ends; every later GET is
	// refused, so each attempt's line stays until the next.
	var gets atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet {
			w.WriteHeader(http.StatusAccepted)
			return
		}
		if gets.Add(1) > 1 {
			http.Error(w, "down for a moment", http.StatusServiceUnavailable)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprint(w, "event: endpoint\ndata: /messages?sessionId=x\n\n")
	}))
	t.Cleanup(srv.Close)
	// Attempt 2 comes 3 delays after the close and its line stays 4
	// more, until attempt 3: long enough that a loaded machine cannot
	// read both in one batch and never draw the second's line.
	l := startLive(t, mcp.Config{URL: srv.URL + "/sse", Transport: mcp.TransportSSE, Reconnect: true, ReconnectDelay: 250 * time.Millisecond})
	l.waitFor("the server closed the stream: reconnecting on its own, attempt 2 of 5…")
	if seen := l.seen.Bytes(); bytes.Contains(seen, []byte("the stream broke")) {
		t.Errorf("a stream the server closed cleanly read as broken:\n%s", seen)
	}
	l.quit()
}
