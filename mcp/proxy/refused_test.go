package proxy

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// An initialize that opens no session (upstream refuses it, as an OAuth
// server does before the client has a token, or cannot be reached) ends
// the client session it began, saying why: nothing can ever refer to it
// again, and it must not linger in the list with its recording open until
// the proxy stops.
func TestRefusedInitializeEndsItsSession(t *testing.T) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("WWW-Authenticate", `Bearer resource_metadata="http://x/.well-known/oauth-protected-resource"`)
		w.WriteHeader(http.StatusUnauthorized)
		io.WriteString(w, "sign in first\n")
	}))
	t.Cleanup(up.Close)
	_, base, w := startProxy(t, up.URL, Config{})
	init := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clientInfo":{"name":"oauth-client","version":"1"}}}`
	resp := rawPost(t, base+"/mcp", init, "Accept", "application/json, text/event-stream")
	if resp.StatusCode != http.StatusUnauthorized || readAll(t, resp.Body) != "sign in first\n" {
		t.Fatalf("the client got %s, want upstream's 401 as it was", resp.Status)
	}
	c := w.sessions()[0]
	w.until(t, "the refused session to end", func() bool { return w.ended[c.ID] })
	w.record(t, c.ID, "the closed state saying why", func(r mcp.Record) bool {
		return r.State != nil && r.State.State == mcp.StateClosed && strings.Contains(r.State.Detail, "401")
	})

	// Unreachable: the 502 ends the session it began too.
	up.Close()
	resp = rawPost(t, base+"/mcp", init, "Accept", "application/json, text/event-stream")
	if resp.StatusCode != http.StatusBadGateway {
		t.Fatalf("the client got %s, want 502", resp.Status)
	}
	w.until(t, "a second session", func() bool { return len(w.clients) == 2 })
	c = w.sessions()[1]
	w.until(t, "the unreachable session to end", func() bool { return w.ended[c.ID] })
}
