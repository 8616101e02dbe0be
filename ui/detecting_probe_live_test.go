package ui

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// While detection waits on a server that takes every connection and does
// not answer, the status bar names the probe in flight: each may wait the
// whole --endpoint-timeout, and "◌ connecting" for all of them did not say
// on what. After r, detection starts again and says so, rather than
// naming the transport of its first probe or "no transport".
//
// Each probe is held until the bar has named it and then refused with 404,
// which detection goes on past: the test does not race a short endpoint
// timeout to see a probe that is gone once it ran out.
func TestStatusBarNamesTheProbeInFlight(t *testing.T) {
	next := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Read to the end, so that net/http notices the client leave.
		_, _ = io.Copy(io.Discard, r.Body)
		select {
		case <-next:
			http.NotFound(w, r)
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(srv.Close)
	refuse := func(probe string) {
		t.Helper()
		select {
		case next <- struct{}{}:
		case <-time.After(10 * time.Second):
			t.Fatalf("the bar named %s, yet the server holds no request to refuse", probe)
		}
	}
	l := startLive(t, mcp.Config{URL: srv.URL + "/mcp", EndpointTimeout: time.Minute})
	for _, probe := range []string{"POST server/discover", "POST initialize", "GET /mcp"} {
		l.waitFor("◌ " + probe + " ") // then how long it has waited
		refuse(probe)
	}
	l.waitFor("● failed")
	l.mark()
	l.tm.Type("r")
	l.waitFor("detecting")
	l.waitFor("◌ POST server/discover ")
	l.quit()
}
