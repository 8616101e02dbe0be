package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
)

// A server that exits right after its initialize answer refuses the
// connection notifications/initialized would go on: that message was
// never posted, and the export said only "post-failed" and "POST no
// answer", read as a POST the server got and failed on. It says the
// message was not sent, for want of a connection.
func TestExportSaysAMessageRefusedAConnectionWasNotSent(t *testing.T) {
	stateDir(t)
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
	rec := filepath.Join(t.TempDir(), "s.jsonl")
	if _, errOut, code := run(t, "exec", "--record", rec, "--transport", "streamable", srv.URL+"/mcp", "tools/list"); code == exitOK {
		t.Fatalf("exec against a server gone after initialize succeeded: %s", errOut)
	}
	out, errOut, code := run(t, "export", rec)
	if code != exitOK {
		t.Fatalf("export: exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "`notifications/initialized`: post-failed (not sent: could not connect)") ||
		!strings.Contains(out, "POST not sent: no connection after") || strings.Contains(out, "POST no answer") {
		t.Errorf("the export does not say notifications/initialized was never sent:\n%s", out)
	}
}
