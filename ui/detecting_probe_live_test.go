package ui

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// While detection waits on a server that takes every connection and never
// answers, the status bar names the probe in flight: each may wait the
// whole --endpoint-timeout, and "◌ connecting" for all of them did not say
// on what. After r, detection starts again and says so, rather than
// naming the transport of its first probe or "no transport".
func TestStatusBarNamesTheProbeInFlight(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Read to the end, so that net/http notices the client leave.
		_, _ = io.Copy(io.Discard, r.Body)
		<-r.Context().Done() // no status, no headers, ever
	}))
	t.Cleanup(srv.Close)
	l := startLive(t, mcp.Config{URL: srv.URL + "/mcp", EndpointTimeout: 400 * time.Millisecond})
	l.waitFor("◌ POST server/discover 0s")
	l.waitFor("◌ POST initialize 0s")
	l.waitFor("◌ GET /mcp 0s")
	l.waitFor("● failed")
	l.mark()
	l.tm.Type("r")
	l.waitFor("detecting")
	l.waitFor("◌ POST server/discover 0s")
	l.quit()
}
