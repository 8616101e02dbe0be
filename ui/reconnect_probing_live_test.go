package ui

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// r pressed while detection's first probe (a server/discover POST) waits
// on a server that stalls starts detection over: the probe in flight is
// cancelled (the server sees its request end), and the answer the server
// would have sent later (a 500 that stops detection) cannot land after
// the new detection found streamable HTTP.
func TestLiveReconnectCancelsProbeInFlight(t *testing.T) {
	stalled, cancelled, release := make(chan struct{}), make(chan struct{}), make(chan struct{})
	var once sync.Once
	srv := demotest.Behind(t, demo.Options{}, func(w http.ResponseWriter, r *http.Request, gateway http.Handler) {
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		first := false
		if r.Method == http.MethodPost && bytes.Contains(body, []byte(`"server/discover"`)) {
			once.Do(func() { first = true })
		}
		if !first {
			gateway.ServeHTTP(w, r)
			return
		}
		close(stalled)
		select {
		case <-r.Context().Done():
			close(cancelled)
		case <-release:
			http.Error(w, "late: this server broke", http.StatusInternalServerError)
		}
	})
	t.Cleanup(func() { close(release) })

	l := startLive(t, mcp.Config{URL: srv.URL + "/mcp", EndpointTimeout: time.Minute})
	closedWithin(t, stalled, 10*time.Second, "the first server/discover never reached the server")
	l.mark()
	l.tm.Type("r")
	closedWithin(t, cancelled, 10*time.Second, "r left the stalled server/discover probe in flight: it was not cancelled")
	l.waitFor("streamable")
	l.waitFor("● initialized") // the bar's state, not a word of another pane
	m := l.quit()
	st := m.com.log.Stats()
	if st.Transport != mcp.TransportStreamable || st.State != mcp.StateInitialized {
		t.Errorf("after r: transport %q, state %q; want streamable, initialized", st.Transport, st.State)
	}
	// The 500 is looked for in the records, not as " 500" on the screen:
	// a duration there ("last 202 in 500µs") holds it too.
	for i := range m.com.log.Len() {
		if r := m.com.log.At(i); r.HTTP != nil && r.HTTP.Status == http.StatusInternalServerError {
			t.Errorf("the stopped probe's 500 was recorded after the reconnect: %s %s", r.HTTP.Method, r.HTTP.URL)
		}
	}
	if view := m.View(); strings.Contains(view, "late: this server broke") || strings.Contains(view, "● failed") {
		t.Errorf("the stopped probe's result landed after the reconnect:\n%s", view)
	}
}
