package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// A tools/call whose answer stream drops with "retry: 3600000" (an hour)
// is resumed after mcpscope's cap (30s, here 2s): exec says so on stderr
// as the wait starts, where it said nothing for the cap, and the failure
// printed after the wait (the server refuses the resumption) does not say
// it again.
func TestExecSaysACappedWaitAsItStarts(t *testing.T) {
	stateDir(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet {
			if r.Header.Get("Last-Event-ID") != "" {
				http.Error(w, "stream replay unsupported", http.StatusBadRequest)
				return
			}
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		if r.Method != http.MethodPost {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		b, _ := io.ReadAll(r.Body)
		_ = json.Unmarshal(b, &m)
		switch m.Method {
		case "initialize":
			w.Header().Set("Mcp-Session-Id", "s1")
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"capped","version":"1"}}}`, m.ID)
		case "tools/call":
			w.Header().Set("Content-Type", "text/event-stream")
			fmt.Fprint(w, "id: h1\nretry: 3600000\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"working\"}}\n\n")
		case "tools/list":
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"tools":[{"name":"slow","inputSchema":{"type":"object"}}]}}`, m.ID)
		default:
			w.WriteHeader(http.StatusAccepted)
		}
	}))
	t.Cleanup(srv.Close)
	const asked = "the server asked to wait 3600000 ms (1h)"
	e := startCappedExec(t, srv.URL+"/mcp", 2*time.Second, "tools/call slow")
	if !e.waitStderr(10*time.Second, func(stderr string) bool { return strings.Contains(stderr, asked) }) {
		t.Fatalf("stderr does not say the wait 10s into it:\n%s", e.errb.String())
	}
	err := e.wait()
	out, errOut := e.out.String(), e.errb.String()
	if err == nil || !strings.Contains(out, "could not resume its stream") {
		t.Errorf("exec = %v, want the refused resumption:\n%s\n%s", err, out, errOut)
	}
	if n := strings.Count(out+errOut, asked); n != 1 {
		t.Errorf("the capped wait is said %d times, want once, on stderr:\n%s\n%s", n, out, errOut)
	}
}
