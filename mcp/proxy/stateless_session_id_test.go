package proxy

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A 2026-07-28 client that sends an Mcp-Session-Id no session of the
// proxy's has (2026 has no sessions; a client mixing eras does it) is
// recorded as the stateless client it is, its header relayed as it came.
// It was recorded as a 2025 streamable session "begun before this proxy
// saw it", opened by an upstream that never gave that id.
func TestStatelessRequestWithASessionIDIsRecordedStateless(t *testing.T) {
	fake := mcptest.NewStateless(t, mcptest.StatelessOptions{})
	_, base, w := startProxy(t, fake.URL, Config{})
	for _, id := range []string{"1", "2"} {
		resp := rawPost(t, base+"/mcp", request2026(id, "tools/list", "", "mixer"), headers2026("tools/list", "Mcp-Session-Id", "BOGUS456")...)
		if body := readAll(t, resp.Body); resp.StatusCode != http.StatusOK || !strings.Contains(body, `"tools"`) {
			t.Fatalf("the client got %s %q, want upstream's tool list", resp.Status, body)
		}
	}
	c := w.clientWith(t, "the tools/list sent", func(r mcp.Record) bool {
		return r.Kind == mcp.KindSent && r.RPC != nil && r.RPC.Method == "tools/list"
	})
	w.record(t, c.ID, "both answers", func(r mcp.Record) bool {
		return r.Kind == mcp.KindReceived && r.RPC != nil && r.RPC.ID == "2"
	})
	if c.Transport != mcp.TransportStateless {
		t.Errorf("the client is recorded as %s, want %s", c.Transport, mcp.TransportStateless)
	}
	for _, r := range w.records(c.ID) {
		if r.State != nil && strings.Contains(r.State.Detail, "BOGUS456") && r.State.State == mcp.StateOpen {
			t.Errorf("the recording says upstream opened the session the client made up: %q", r.State.Detail)
		}
	}
	w.mu.Lock()
	n := len(w.clients)
	w.mu.Unlock()
	if n != 1 {
		t.Errorf("the client's two requests made %d sessions, want 1", n)
	}
}
