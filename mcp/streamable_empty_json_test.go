package mcp

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// labelledEmpty is a streamable server that answers what needs no answer
// (a notification, a reply) as the Python SDK does under uvicorn: 202
// Accepted, Content-Type: application/json, Content-Length: 0.
func labelledEmpty(t *testing.T) string {
	t.Helper()
	return mcptest.PostOnly(t, func(w http.ResponseWriter, r *http.Request, msg, id string) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Mcp-Session-Id", "c1a48a90797c48f8b4ae35c399b9df3f")
		switch {
		case strings.Contains(msg, `"method":"initialize"`):
			fmt.Fprint(w, `{"jsonrpc":"2.0","id":`+id+`,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"py","version":"1"}}}`)
		case strings.Contains(msg, `"method":"tools/list"`):
			fmt.Fprint(w, `{"jsonrpc":"2.0","id":`+id+`,"result":{"tools":[{"name":"t","inputSchema":{"type":"object"}}]}}`)
		case strings.Contains(msg, `"method":"server/discover"`):
			w.WriteHeader(http.StatusBadRequest)
			fmt.Fprint(w, `{"jsonrpc":"2.0","id":"server-error","error":{"code":-32600,"message":"Bad Request: Missing session ID"}}`)
		default:
			w.Header().Set("Content-Length", "0")
			w.WriteHeader(http.StatusAccepted)
		}
	})
}

func TestStreamableTakesAnEmptyJSONLabelledAccept(t *testing.T) {
	s := NewSession(Config{URL: labelledEmpty(t), NoGetStream: true})
	rec := collect(s)
	t.Cleanup(func() { s.Close() })
	if err := s.Connect(testCtx(t)); err != nil {
		t.Fatalf("Connect = %v, want the session open: its notifications/initialized was taken (202)", err)
	}
	if err := s.Notify(testCtx(t), "notifications/roots/list_changed", nil); err != nil {
		t.Errorf("a notification answered 202 application/json with no body failed: %v", err)
	}
	if tools, _, err := s.ListTools(testCtx(t), false); err != nil || len(tools) != 1 {
		t.Errorf("tools/list = %d tools, %v; want the one tool", len(tools), err)
	}
	for _, r := range rec.all() {
		if r.Kind == KindError && r.Error.Cause == CauseNotJSONRPC {
			t.Errorf("an empty 202 taken for JSON: %s", r.Error.Message)
		}
	}
}
