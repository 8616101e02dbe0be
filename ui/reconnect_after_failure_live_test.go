package ui

import (
	"bytes"
	"io"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// r after a detection that found no transport starts detection again;
// while its probes wait on a slow server, the Negotiation pane showed the
// last try's "no transport worked" alone, which read as the new try
// failed too, under a title that still said "failed" while the status bar
// said "detecting". It says detection is running again, above the last
// try, under "connecting".
func TestLiveReconnectAfterFailureSaysDetecting(t *testing.T) {
	var broken atomic.Bool
	broken.Store(true)
	stalled, release := make(chan struct{}), make(chan struct{})
	var stalls atomic.Int32
	srv := demotest.Behind(t, demo.Options{}, func(w http.ResponseWriter, r *http.Request, gateway http.Handler) {
		if broken.Load() {
			http.Error(w, "<html><body>upstream down</body></html>", http.StatusBadGateway)
			return
		}
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		if r.Method == http.MethodPost && bytes.Contains(body, []byte(`"server/discover"`)) && stalls.Add(1) == 1 {
			close(stalled)
			select {
			case <-r.Context().Done():
				return
			case <-release:
			}
		}
		gateway.ServeHTTP(w, r)
	})
	t.Cleanup(func() { close(release) })

	l := startLive(t, mcp.Config{URL: srv.URL + "/mcp", EndpointTimeout: time.Minute})
	l.waitFor("● failed")
	broken.Store(false)
	l.mark()
	l.tm.Type("r")
	closedWithin(t, stalled, 10*time.Second, "the second detection's server/discover never reached the server")
	// Drawn since r: the title, the word that detection runs again, and
	// the last try's failure under it.
	for _, want := range []string{"Negotiation · connecting", "finding the transport again", "the last try found none", "no transport worked"} {
		l.waitFor(want)
	}
	l.quit()
}

// closedWithin fails the test with why unless ch is closed within d.
func closedWithin(t *testing.T, ch <-chan struct{}, d time.Duration, why string) {
	t.Helper()
	select {
	case <-ch:
	case <-time.After(d):
		t.Fatal(why)
	}
}
