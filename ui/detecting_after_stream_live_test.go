package ui

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A URL ending in /sse is probed with the legacy GET first; when that
// stream closes without an endpoint event, detection goes on with its
// POSTs. Meanwhile the status bar still says it is detecting and names the
// probe in flight: it said "sse ● closed", as if the session had chosen
// legacy SSE and lost it, and Negotiation offered r to retry while
// detection was still trying.
func TestStatusBarDetectingAfterTheStreamProbeClosed(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		<-r.Context().Done() // the connection is taken, never answered
	}))
	t.Cleanup(srv.Close)
	l := startLive(t, mcp.Config{URL: srv.URL + "/sse", EndpointTimeout: 600 * time.Millisecond})
	l.waitFor("◌ GET /sse 0s")
	l.mark()
	l.waitFor("◌ POST server/discover 0s")
	l.waitFor("● failed")
	shown := l.seen.Bytes()[l.from:]
	for _, wrong := range []string{"● closed", "Negotiation · closed", "press r to retry"} {
		if bytes.Contains(shown, []byte(wrong)) {
			t.Errorf("while detection still probed, the screen said %q", wrong)
		}
	}
	l.quit()
}
