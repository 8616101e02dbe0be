package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// A server that declares no capabilities (the conformance suite's
// initialize server answers {"capabilities":{}}) is said to have none,
// not given an empty line.
func TestExecPrintsNoCapabilities(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		_ = json.Unmarshal(body, &m)
		switch {
		case m.ID == nil:
			w.WriteHeader(http.StatusAccepted)
			return
		case m.Method == "initialize":
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte(`{"jsonrpc":"2.0","id":` + string(m.ID) + `,"result":{"protocolVersion":"2025-11-25","serverInfo":{"name":"bare","version":"1"},"capabilities":{}}}`))
		default:
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusNotFound)
			_, _ = w.Write([]byte(`{"jsonrpc":"2.0","id":` + string(m.ID) + `,"error":{"code":-32601,"message":"Method not found"}}`))
		}
	}))
	t.Cleanup(srv.Close)
	out, errOut, code := run(t, "exec", "--no-record", "--transport", "streamable", "--no-get-stream", srv.URL+"/mcp", "initialize")
	if code != exitOK || !strings.Contains(out, "capabilities: (none)\n") {
		t.Errorf("exit %d, want the capabilities said to be none:\n%s\n%s", code, out, errOut)
	}
}
