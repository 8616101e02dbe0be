package mcp

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A POST refused with an error status whose body then stops coming got
// its status line and headers whole: the timeout says the status and how
// far the body got, not that the status line and headers never ended.
func TestRefusalWhoseBodyStallsSaysItsStatus(t *testing.T) {
	err := rawToolsList(t, 300*time.Millisecond, func(id string) (string, bool) {
		return "HTTP/1.1 500 Internal Server Error\r\nContent-Type: text/plain\r\nContent-Length: 12\r\n\r\nbusy", false
	})
	const want = "the POST was answered 500 Internal Server Error, and its body stopped coming after 4 of the 12 bytes its Content-Length named"
	if err == nil || CauseOf(err) != CauseStalled || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "never ended") {
		t.Errorf("tools/list = %v (cause %q), want %q saying %q", err, CauseOf(err), CauseStalled, want)
	}
	err = rawToolsList(t, 300*time.Millisecond, func(id string) (string, bool) {
		return "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\nContent-Length: 12\r\n\r\n", false
	})
	const none = "the POST was answered 503 Service Unavailable, and its body never came (its Content-Length named 12 bytes)"
	if err == nil || CauseOf(err) != CauseStalled || !strings.Contains(err.Error(), none) {
		t.Errorf("tools/list = %v (cause %q), want %q saying %q", err, CauseOf(err), CauseStalled, none)
	}
}

// A legacy POST refused so was said to have got no answer at all.
func TestLegacyRefusalWhoseBodyStallsSaysItsStatus(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{})
	front := mcptest.Front(t, srv.URL, func(w http.ResponseWriter, r *http.Request, body []byte) bool {
		if r.Method != http.MethodPost || !strings.Contains(string(body), `"tools/list"`) {
			return false
		}
		w.Header().Set("Content-Length", "12")
		w.WriteHeader(http.StatusBadGateway)
		_, _ = w.Write([]byte("busy"))
		w.(http.Flusher).Flush()
		<-r.Context().Done()
		return true
	})
	s := NewSession(Config{URL: front.URL + "/sse", Transport: TransportSSE, RequestTimeout: 300 * time.Millisecond})
	t.Cleanup(func() { s.Close() })
	if err := s.Connect(testCtx(t)); err != nil {
		t.Fatalf("Connect: %v", err)
	}
	if _, err := s.Initialize(testCtx(t)); err != nil {
		t.Fatalf("Initialize: %v", err)
	}
	_, _, err := s.ListTools(testCtx(t), false)
	const want = "the POST was answered 502 Bad Gateway, and its body stopped coming after 4 of the 12 bytes its Content-Length named"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("tools/list = %v, want it to say %q", err, want)
	}
}
