package proxy

import (
	"io"
	"net/http"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// When a client's initialize fails while the event stream it opened before
// it stays open, the session's closed line waits for that stream; the
// failure is said at once, and the end comes when the stream closes.
func TestFailedInitializeWithAnOpenGetStreamSaysSoAtOnce(t *testing.T) {
	_, base, w := startProxy(t, mcptest.InitializeRefusedStreamHeld(t), Config{})
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
