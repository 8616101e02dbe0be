package mcptest

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// InitializeRefusedStreamHeld starts an upstream that refuses every POST
// (an initialize among them) with 500 and answers a GET with an event
// stream it holds open until the client leaves or the test ends: a
// session whose initialize failed while the stream its client opened
// before goes on. It returns the server's URL.
func InitializeRefusedStreamHeld(t testing.TB) string {
	t.Helper()
	held := make(chan struct{})
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			http.Error(w, "initialize refused", http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(http.StatusOK)
		w.(http.Flusher).Flush()
		select {
		case <-r.Context().Done():
		case <-held:
		}
	}))
	// Cleanups run last first: the stream is let go before Close waits
	// for it.
	t.Cleanup(up.Close)
	t.Cleanup(func() { close(held) })
	return up.URL
}
