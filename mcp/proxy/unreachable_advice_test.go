package proxy

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/internal/advice"
	"github.com/mcpscope/mcpscope/mcp"
)

// An upstream the proxy never reached is not one that went away: the
// recording's error says which, so its advice does not claim "it answered
// before" for an upstream that never answered, and does after it did.
func TestUnreachableUpstreamAdviceKnowsWhetherItAnswered(t *testing.T) {
	up := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Mcp-Session-Id", "s1")
		w.Write([]byte(`{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"up","version":"1"}}}`))
	}))
	// No connection is kept for the proxy to reuse: once upstream is
	// closed, a kept one could answer the next POST with EOF (a server
	// that went away mid-answer) before the proxy saw it closed, where the
	// test means an upstream nothing listens at any more.
	up.Config.SetKeepAlivesEnabled(false)
	up.Start()
	_, base, w := startProxy(t, up.URL, Config{})
	init := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clientInfo":{"name":"c","version":"1"}}}`
	accept := "application/json, text/event-stream"
	if resp := rawPost(t, base+"/mcp", init, "Accept", accept); resp.StatusCode != http.StatusOK {
		t.Fatalf("initialize through the proxy: %s, want 200", resp.Status)
	}
	addr := strings.TrimPrefix(up.URL, "http://")
	up.Close()

	// The session upstream answered: its next request finds it gone.
	list := `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`
	if resp := rawPost(t, base+"/mcp", list, "Accept", accept, "Mcp-Session-Id", "s1"); resp.StatusCode != http.StatusBadGateway {
		t.Fatalf("tools/list to a closed upstream: %s, want 502", resp.Status)
	}
	first := w.sessions()[0]
	rec := w.record(t, first.ID, "the failed tools/list", func(r mcp.Record) bool { return r.Kind == mcp.KindError && r.Error.Cause == mcp.CauseUnreachable })
	if got := advice.ForInfo(rec.Error, advice.TUI); got != "is the server still running? (it answered before)" {
		t.Errorf("after upstream answered: advice %q, want that it answered before", got)
	}

	// A new session whose first request reaches nothing.
	if resp := rawPost(t, base+"/mcp", init, "Accept", accept); resp.StatusCode != http.StatusBadGateway {
		t.Fatalf("initialize to a closed upstream: %s, want 502", resp.Status)
	}
	w.until(t, "a second session", func() bool { return len(w.clients) == 2 })
	second := w.sessions()[1]
	rec = w.record(t, second.ID, "the failed initialize", func(r mcp.Record) bool { return r.Kind == mcp.KindError && r.Error.Cause == mcp.CauseUnreachable })
	if got := advice.ForInfo(rec.Error, advice.TUI); !strings.HasPrefix(got, "nothing answered at "+addr+": is the server started") {
		t.Errorf("first contact: advice %q, want it to name %s and not claim an earlier answer", got, addr)
	}
}
