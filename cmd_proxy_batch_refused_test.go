package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/history"
)

// batchRefusingUpstream opens a session on initialize and refuses any
// JSON-RPC batch with 400, as a 2025-06-18 or later server does.
func batchRefusingUpstream(t *testing.T) *httptest.Server {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if strings.HasPrefix(strings.TrimSpace(string(body)), "[") {
			http.Error(w, "JSON-RPC batching is not supported", http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Mcp-Session-Id", "batch-session")
		_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"refuser","version":"1"}}}`)
	}))
	t.Cleanup(up.Close)
	return up
}

// A batch upstream refused is one headless line naming how many of its
// requests it ended, while the recording keeps a failure for each request,
// which the one pairing (replay, export) shows as that request's end. It
// was a line for the POST and a line per request.
func TestProxyHeadlessRefusedBatchIsOneLine(t *testing.T) {
	up := batchRefusingUpstream(t)
	h := startHeadless(t, up.URL+"/mcp", proxyFlags{})
	sid := initializeVia(t, h.run.base, "batcher")
	resp := postVia(t, h.run.base, sid, "batcher", `[{"jsonrpc":"2.0","id":2,"method":"tools/list"},{"jsonrpc":"2.0","method":"notifications/progress","params":{}},{"jsonrpc":"2.0","id":"three","method":"ping"}]`)
	if resp.StatusCode != http.StatusBadRequest {
		t.Fatalf("the batch got %s, want upstream's 400 relayed", resp.Status)
	}
	h.stop()

	var failed []string
	for _, l := range strings.Split(h.errw.String(), "\n") {
		if strings.Contains(l, " ! ") {
			failed = append(failed, l)
		}
	}
	if len(failed) != 1 || !strings.Contains(failed[0], "post batch of 2 requests: ") || !strings.Contains(failed[0], "answered 400 Bad Request: JSON-RPC batching is not supported") {
		t.Errorf("the refused batch made the failure lines %q, want one naming the batch of 2 requests and the 400", failed)
	}
	log := history.NewLog()
	log.Append(readRecording(t, onlyRecording(t, h.dir))...)
	ended := map[string]history.PairState{}
	for i := range log.PairCount() {
		if p := log.Pair(i); p.Method == "tools/list" || p.Method == "ping" {
			ended[p.Method] = p.State
			if p.Failure == nil || !strings.Contains(p.Failure.Error.Message, "400") {
				t.Errorf("the batch's %s row ends with %v, want the POST's 400", p.Method, p.Failure)
			}
		}
	}
	if ended["tools/list"] != history.StatePostFailed || ended["ping"] != history.StatePostFailed {
		t.Errorf("the batch's requests paired as %v, want each post-failed", ended)
	}
}
