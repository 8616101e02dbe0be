package main

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A streamable server that takes a tools/call and never answers, not even
// with a status (mcp-go's 2026 handler asking the client something it cannot
// ask): the advice says the server is stuck, not that it may hang on an
// unknown session, which a streamable server answers with 404.
func TestExecSaysAStuckPostIsTheServers(t *testing.T) {
	stateDir(t)
	url := mcptest.PostOnly(t, func(w http.ResponseWriter, r *http.Request, msg, id string) {
		switch {
		case strings.Contains(msg, `"method":"initialize"`):
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprint(w, `{"jsonrpc":"2.0","id":`+id+`,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"stuck","version":"1"}}}`)
		case strings.Contains(msg, `"method":"tools/list"`):
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprint(w, `{"jsonrpc":"2.0","id":`+id+`,"result":{"tools":[{"name":"hang","inputSchema":{"type":"object"}}]}}`)
		case strings.Contains(msg, `"method":"tools/call"`):
			<-r.Context().Done()
		default:
			w.WriteHeader(http.StatusAccepted)
		}
	})
	out, errOut, code := run(t, "exec", "--no-record", "--transport", "streamable", "--timeout", "300ms", url, "tools/call hang")
	if code == exitOK {
		t.Fatalf("exit 0 for a call that got no answer:\n%s", out)
	}
	all := out + errOut
	if !strings.Contains(all, "it is stuck on this request") || strings.Contains(all, "unknown session") {
		t.Errorf("the advice for a POST with no answer at all does not blame the stuck server:\n%s", all)
	}
}
