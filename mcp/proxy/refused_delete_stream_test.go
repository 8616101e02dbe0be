package proxy

import (
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A DELETE upstream refused with 500 ended nothing there: the GET stream
// upstream dropped after it read "closed by upstream, as the client's
// DELETE ended the session", from the moment the DELETE was sent.
func TestRefusedDeleteEndsNoStream(t *testing.T) {
	up := demotest.Behind(t, demo.Options{}, func(w http.ResponseWriter, r *http.Request, gateway http.Handler) {
		if r.Method == http.MethodDelete {
			http.Error(w, "db down", http.StatusInternalServerError)
			return
		}
		gateway.ServeHTTP(w, r)
	})
	base, w, sid := sessionWithStream(t, up.URL+"/mcp")
	if del := rawDo(t, http.MethodDelete, base+"/mcp", "", "Mcp-Session-Id", sid, "MCP-Protocol-Version", "2025-11-25"); del.StatusCode != http.StatusInternalServerError {
		t.Fatalf("the DELETE was answered %s, want upstream's 500", del.Status)
	}
	up.CloseClientConnections()
	r := w.record(t, 1, "the GET stream closed", func(r mcp.Record) bool {
		return r.State != nil && r.State.State == mcp.StateGetStream && strings.HasPrefix(r.State.Detail, "closed by")
	})
	if r.State.Detail != "closed by upstream" {
		t.Errorf("the stream upstream dropped after a DELETE it refused with 500 reads %q, want %q", r.State.Detail, "closed by upstream")
	}
}

// A DELETE upstream refused, retried and then taken: the refusal stayed
// noted, so the GET stream upstream ended with the session read "closed by
// upstream", as if it had dropped it, where the retried DELETE ended it.
func TestRetriedDeleteEndsTheStream(t *testing.T) {
	var refused atomic.Bool
	up := demotest.Behind(t, demo.Options{}, func(w http.ResponseWriter, r *http.Request, gateway http.Handler) {
		if r.Method == http.MethodDelete && refused.CompareAndSwap(false, true) {
			http.Error(w, "db down", http.StatusInternalServerError)
			return
		}
		gateway.ServeHTTP(w, r)
	})
	base, w, sid := sessionWithStream(t, up.URL+"/mcp")
	for i, want := range []int{http.StatusInternalServerError, http.StatusNoContent} {
		if del := rawDo(t, http.MethodDelete, base+"/mcp", "", "Mcp-Session-Id", sid, "MCP-Protocol-Version", "2025-11-25"); del.StatusCode != want && !(i == 1 && del.StatusCode < 300) {
			t.Fatalf("DELETE %d was answered %s, want %d", i+1, del.Status, want)
		}
	}
	r := w.record(t, 1, "the GET stream closed", func(r mcp.Record) bool {
		return r.State != nil && r.State.State == mcp.StateGetStream && strings.HasPrefix(r.State.Detail, "closed by")
	})
	if want := "closed by upstream, as the client's DELETE ended the session"; r.State.Detail != want {
		t.Errorf("the stream the retried DELETE ended reads %q, want %q", r.State.Detail, want)
	}
}

// sessionWithStream opens a streamable session through a proxy of
// upstream, with its GET stream open, and returns the proxy's base URL,
// its watcher and the session id.
func sessionWithStream(t *testing.T, upstream string) (string, *watched, string) {
	t.Helper()
	_, base, w := startProxy(t, upstream, Config{})
	sid := rawInitialize(t, base)
	w.record(t, 1, "the session open", inState("open", "session "+sid))
	rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","method":"notifications/initialized"}`, "Accept", "application/json, text/event-stream", "Mcp-Session-Id", sid, "MCP-Protocol-Version", "2025-11-25")
	if get := rawDo(t, http.MethodGet, base+"/mcp", "", "Accept", "text/event-stream", "Mcp-Session-Id", sid, "MCP-Protocol-Version", "2025-11-25"); get.StatusCode != http.StatusOK {
		t.Fatalf("the GET stream was answered %s, want 200", get.Status)
	}
	return base, w, sid
}
