package ui

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A server gone right after its initialize answer refuses the connection
// notifications/initialized would go on: the row read "✗ POST error", a
// POST the server got and failed on, where the export says the message
// was not sent, for want of a connection.
func TestLiveMessageRefusedAConnectionReadsNotSent(t *testing.T) {
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
	l := startLive(t, mcp.Config{URL: srv.URL + "/mcp", Transport: mcp.TransportStreamable, NoGetStream: true})
	l.waitRowState("notifications/initialized", "✗ not sent")
	l.quit()
}
