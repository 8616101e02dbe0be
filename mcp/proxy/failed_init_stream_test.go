package proxy

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// When a client's initialize fails while the event stream it opened before
// it stays open, the session's closed line waits for that stream; the
// failure is said at once, and the end comes when the stream closes.
func TestFailedInitializeWithAnOpenGetStreamSaysSoAtOnce(t *testing.T) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			http.Error(w, "initialize refused", http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(http.StatusOK)
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	}))
	t.Cleanup(up.Close)
	_, base, w := startProxy(t, up.URL, Config{})
	stream := rawDo(t, http.MethodGet, base+"/mcp", "", "Accept", "text/event-stream", "MCP-Protocol-Version", "2025-11-25", "User-Agent", aiSDKLike)
	if stream.StatusCode != http.StatusOK {
		t.Fatalf("the GET answered %s, want the upstream's stream", stream.Status)
	}
	if st, _ := send(t, http.MethodPost, base+"/mcp", initialize, nil); st != http.StatusInternalServerError {
		t.Fatalf("initialize answered %d, want upstream's 500", st)
	}
	stateOf(t, w, 1, mcp.StateFailed, "upstream answered the initialize 500 Internal Server Error: no session began")
	if n := w.count(1, inState(mcp.StateClosed, "")); n != 0 {
		t.Fatalf("the session closed while its GET stream is open:\n%s", w.dump())
	}
	stream.Body.Close()
	_, _ = io.Copy(io.Discard, stream.Body)
	stateOf(t, w, 1, mcp.StateClosed, "no session began")
}
