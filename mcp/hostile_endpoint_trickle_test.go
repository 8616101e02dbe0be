package mcp

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// A legacy stream whose endpoint event began and never ended within
// --endpoint-timeout (a server trickling it, a proxy holding the rest) is
// said to have begun one: "no endpoint event" alone reads as a stream that
// sent nothing, which points at the wrong path.
func TestEndpointEventBegunAndNotEnded(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = io.WriteString(w, "event: endpoint\ndata: /mess")
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	}))
	t.Cleanup(srv.Close)
	s := NewSession(Config{URL: srv.URL + "/sse", Transport: TransportSSE, EndpointTimeout: 300 * time.Millisecond})
	t.Cleanup(func() { s.Close() })
	err := s.Connect(testCtx(t))
	if CauseOf(err) != CauseEndpointTimeout || !strings.Contains(err.Error(), "an event had begun (27 bytes came) and not ended") {
		t.Errorf("Connect = %v (cause %q), want %q saying an event of 27 bytes had begun", err, CauseOf(err), CauseEndpointTimeout)
	}
}
