package proxy

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// An upstream that sends a JSON answer in parts (a slow tool writing its
// result as it goes, or a body behind a slow link): each part reaches the
// client as it comes, where the proxy held up to 4 KB of it back until
// the body ended, so a client saw nothing of a long answer for as long as
// it took.
func TestAJSONAnswerIsRelayedAsItComes(t *testing.T) {
	release := make(chan struct{})
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Mcp-Session-Id", "s1")
		_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":1,`)
		w.(http.Flusher).Flush()
		select {
		case <-release:
		case <-r.Context().Done():
			return
		}
		_, _ = io.WriteString(w, `"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"up","version":"1"}}}`)
	}))
	t.Cleanup(up.Close)
	defer close(release)
	_, base, _ := startProxy(t, up.URL, Config{})
	resp := rawPost(t, base+"/mcp", initialize, "Accept", "application/json, text/event-stream")
	got := make(chan string, 1)
	go func() {
		buf := make([]byte, 64)
		// All but the last byte: the proxy keeps a body's last byte back
		// until it has logged what it made of the body (copyTo).
		n, _ := io.ReadAtLeast(resp.Body, buf, len(`{"jsonrpc":"2.0","id":1`))
		got <- string(buf[:n])
	}()
	select {
	case s := <-got:
		if !strings.HasPrefix(s, `{"jsonrpc":"2.0","id":1`) {
			t.Errorf("the client read %q first, want the part upstream sent", s)
		}
	case <-time.After(testTimeout):
		// Held back, the part never comes (upstream sends the rest only
		// when the test ends): a bound of 5s, not the package's, only
		// risked failing a slow -race run on loaded cores.
		t.Fatalf("the client read nothing of the part upstream sent in %s: the proxy held it back", testTimeout)
	}
}
