package mcp

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// partialWait is the --endpoint-timeout of these tests. The wait starts
// before the GET, and what they assert needs the server's bytes read
// within it: 300 ms left a loaded machine under -race too little for the
// dial and the answer, and the error then said nothing came.
const partialWait = time.Second

// A legacy stream whose endpoint event began and never ended within
// --endpoint-timeout (a server trickling it, a proxy holding the rest) is
// said to have begun one: "no endpoint event" alone reads as a stream that
// sent nothing, which points at the wrong path. One byte is "1 byte".
func TestEndpointEventBegunAndNotEnded(t *testing.T) {
	for _, tc := range []struct{ sent, want string }{
		{"event: endpoint\ndata: /mess", "an event had begun (27 bytes came) and not ended"},
		{"e", "an event had begun (1 byte came) and not ended"},
	} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/event-stream")
			_, _ = io.WriteString(w, tc.sent)
			w.(http.Flusher).Flush()
			<-r.Context().Done()
		}))
		t.Cleanup(srv.Close)
		s := NewSession(Config{URL: srv.URL + "/sse", Transport: TransportSSE, EndpointTimeout: partialWait})
		t.Cleanup(func() { s.Close() })
		err := s.Connect(testCtx(t))
		if CauseOf(err) != CauseEndpointTimeout || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Connect after %q = %v (cause %q), want %q saying %q", tc.sent, err, CauseOf(err), CauseEndpointTimeout, tc.want)
		}
	}
}

// A legacy stream that sent only the start of a comment line (`::::`, no
// line end) before --endpoint-timeout ran out is not said to have begun an
// event: a comment is no event, and the reader would look for an endpoint
// event cut short where none had begun.
func TestEndpointWaitOverAnUnfinishedComment(t *testing.T) {
	for _, sent := range []string{"::::", ": keep-alive\n:pi"} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/event-stream")
			_, _ = io.WriteString(w, sent)
			w.(http.Flusher).Flush()
			<-r.Context().Done()
		}))
		s := NewSession(Config{URL: srv.URL + "/sse", Transport: TransportSSE, EndpointTimeout: partialWait})
		err := s.Connect(testCtx(t))
		s.Close()
		srv.Close()
		want := fmt.Sprintf("%d bytes came, only comment (lines beginning with a colon, which are not events)", len(sent))
		if CauseOf(err) != CauseEndpointTimeout || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "an event had begun") {
			t.Errorf("after %q: Connect = %v, want it to say %q, not that an event had begun", sent, err, want)
		}
	}
}
