package proxy

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// An upstream that takes a notification as the Python SDK does (202,
// Content-Type: application/json, no body): the client gets the 202, and
// the session records no message for the empty body, where it recorded
// "not JSON-RPC (0 bytes)" after every notification.
func TestEmptyJSONAcceptIsNoMessage(t *testing.T) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Mcp-Session-Id", "c1a48a90797c48f8b4ae35c399b9df3f")
		if strings.Contains(string(body), `"method":"initialize"`) {
			_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"py","version":"1"}}}`)
			return
		}
		w.Header().Set("Content-Length", "0")
		w.WriteHeader(http.StatusAccepted)
	}))
	t.Cleanup(up.Close)
	_, base, w := startProxy(t, up.URL, Config{})
	accept := []string{"Accept", "application/json, text/event-stream"}
	rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"py-client","version":"1"}}}`, accept...)
	resp := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","method":"notifications/initialized"}`, append(accept, "Mcp-Session-Id", "c1a48a90797c48f8b4ae35c399b9df3f")...)
	if resp.StatusCode != http.StatusAccepted {
		t.Fatalf("the client got %s, want upstream's 202", resp.Status)
	}
	// A second one: once its exchange is logged, all the first one
	// brought is too.
	rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","method":"notifications/roots/list_changed"}`, append(accept, "Mcp-Session-Id", "c1a48a90797c48f8b4ae35c399b9df3f")...)
	c := w.sessions()[0]
	w.until(t, "both notifications' exchanges", func() bool {
		n := 0
		for _, r := range w.recs[c.ID] {
			if r.HTTP != nil && r.HTTP.Purpose == mcp.PurposePost && r.HTTP.Status == http.StatusAccepted {
				n++
			}
		}
		return n == 2
	})
	for _, r := range w.records(c.ID) {
		if r.RPC != nil && r.RPC.Class == mcp.ClassInvalid {
			t.Errorf("the empty 202 was logged as a message: %s", describe(r))
		}
		if r.Error != nil {
			t.Errorf("the empty 202 was logged as a failure: %s", describe(r))
		}
	}
}
