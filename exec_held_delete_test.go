package main

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A streamable server whose DELETE ending the session never answers: exec
// says, once the wait is noticeable, what it waits for, gives up within
// its bound and says so in one line. It waited 2s at its end without a
// word, looking hung.
func TestExecSaysItWaitsForAHeldDelete(t *testing.T) {
	stateDir(t)
	held := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.Method {
		case http.MethodDelete:
			select {
			case <-held:
			case <-r.Context().Done():
			}
			return
		case http.MethodPost:
		default:
			http.Error(w, "Method not allowed", http.StatusMethodNotAllowed)
			return
		}
		body, _ := io.ReadAll(r.Body)
		msg, id := string(body), mcptest.RawID(string(body))
		w.Header().Set("Mcp-Session-Id", "held-1")
		switch {
		case strings.Contains(msg, `"method":"initialize"`):
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprint(w, `{"jsonrpc":"2.0","id":`+id+`,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"held","version":"1"}}}`)
		case strings.Contains(msg, `"method":"tools/list"`):
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprint(w, `{"jsonrpc":"2.0","id":`+id+`,"result":{"tools":[]}}`)
		default:
			w.WriteHeader(http.StatusAccepted)
		}
	}))
	t.Cleanup(srv.Close)
	// Runs before srv.Close, which waits for the held DELETE's handler.
	t.Cleanup(func() { close(held) })
	start := time.Now()
	_, errOut, _ := run(t, "exec", "--no-record", "--transport", "streamable", srv.URL+"/mcp", "tools/list")
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("exec took %s to end against a held DELETE", took)
	}
	notice := "mcpscope: ending the session upstream (DELETE)…\n"
	gaveUp := "did not answer the DELETE ending its session (or a call's cancellation) within 1.5s: stopped waiting"
	if strings.Count(errOut, notice) != 1 || !strings.Contains(errOut, gaveUp) {
		t.Errorf("exec does not say once what it waits for (%q) and that it gave up (%q):\n%s", notice, gaveUp, errOut)
	}
	if i, j := strings.Index(errOut, notice), strings.Index(errOut, gaveUp); i > j {
		t.Errorf("exec said it gave up before it said what it waited for:\n%s", errOut)
	}
}
