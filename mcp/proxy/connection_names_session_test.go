package proxy

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// A Connection header may name other headers as hop-by-hop, and the proxy
// drops those before upstream. A client naming Mcp-Session-Id there had
// it dropped, while the proxy filed the request under that session: the
// recording showed a session upstream never heard of, and a client that
// works straight to the server failed through the proxy. MCP's headers go
// on, and what upstream got is what was filed; a header that is not MCP's
// is still dropped.
func TestConnectionNamingSessionKeepsItUpstream(t *testing.T) {
	got := make(chan http.Header, 4)
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		got <- r.Header.Clone()
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Mcp-Session-Id", "s-1")
		_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":1,"result":{}}`)
	}))
	t.Cleanup(up.Close)
	_, base, _ := startProxy(t, up.URL+"/mcp", Config{})
	req, err := http.NewRequestWithContext(bounded(t), http.MethodPost, base+"/mcp",
		strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Session-Id", "s-1")
	req.Header.Set("Mcp-Protocol-Version", "2025-11-25")
	req.Header.Set("X-Hop", "only to the proxy")
	req.Header.Set("Connection", "Mcp-Session-Id, mcp-protocol-version, X-Hop")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	select {
	case h := <-got:
		if h.Get("Mcp-Session-Id") != "s-1" || h.Get("Mcp-Protocol-Version") != "2025-11-25" {
			t.Errorf("upstream got Mcp-Session-Id %q and Mcp-Protocol-Version %q, want the client's s-1 and 2025-11-25",
				h.Get("Mcp-Session-Id"), h.Get("Mcp-Protocol-Version"))
		}
		if h.Get("X-Hop") != "" {
			t.Errorf("upstream got X-Hop %q, which the client's Connection header named hop-by-hop", h.Get("X-Hop"))
		}
	default:
		t.Fatalf("upstream got no request; the client was answered %s", resp.Status)
	}
}
