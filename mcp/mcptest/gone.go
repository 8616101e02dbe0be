package mcptest

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
)

// GoneAfterInitialize is a streamable server that answers initialize
// (session s1) and is gone at once: it takes no new connection after
// that answer, so whatever a client sends next finds no server to
// connect to, as at a server that exited. Anything before initialize is
// answered 400. Its URL serves every path; clients use /mcp.
func GoneAfterInitialize(t testing.TB) *httptest.Server {
	t.Helper()
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		body, _ := io.ReadAll(r.Body)
		if r.Method != http.MethodPost || json.Unmarshal(body, &m) != nil || m.Method != "initialize" {
			http.Error(w, "no", http.StatusBadRequest)
			return
		}
		// Gone once this answer is out: no new connection is taken.
		_ = srv.Listener.Close()
		w.Header().Set("Connection", "close")
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Mcp-Session-Id", "s1")
		_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":`+string(m.ID)+`,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"gone","version":"1"}}}`)
	}))
	t.Cleanup(srv.Close)
	return srv
}
