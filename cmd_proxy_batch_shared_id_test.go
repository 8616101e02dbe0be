package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// A batch of three requests sharing one id that upstream refused was said
// "post batch of 1 request": the proxy pairs answers by id, and one id
// was one request waiting. The line counts the batch's requests, and says
// their ids are shared, which is why no answer of theirs can be told
// apart.
func TestProxyHeadlessCountsABatchsRequestsSharingAnID(t *testing.T) {
	up := batchRefusingUpstream(t)
	h := startHeadless(t, up.URL+"/mcp", proxyFlags{})
	sid := initializeVia(t, h.run.base, "batcher")
	resp := postVia(t, h.run.base, sid, "batcher", `[{"jsonrpc":"2.0","id":7,"method":"tools/list"},{"jsonrpc":"2.0","id":7,"method":"ping"},{"jsonrpc":"2.0","id":7,"method":"prompts/list"}]`)
	if resp.StatusCode != http.StatusBadRequest {
		t.Fatalf("the batch got %s, want upstream's 400 relayed", resp.Status)
	}
	h.stop()
	out := h.errw.String()
	if !strings.Contains(out, "post batch of 3 requests") || !strings.Contains(out, "sharing ids (id=7 ×3)") {
		t.Errorf("the refused batch is not said as 3 requests sharing id 7:\n%s", out)
	}
}

// The count of a batch sharing ids holds when another batch's line is
// printed before its POST fails (upstream slow to refuse it): it read
// "post batch of 1 request" again, the printer knowing the shared ids of
// only the batch it said last.
func TestProxyHeadlessCountsABatchSharingIDsAfterAnotherBatch(t *testing.T) {
	release := make(chan struct{})
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		switch {
		case strings.Contains(string(body), `"id":7`):
			select {
			case <-release:
			case <-r.Context().Done():
			}
			http.Error(w, "upstream broke", http.StatusInternalServerError)
		case strings.HasPrefix(string(body), "["):
			http.Error(w, "JSON-RPC batching is not supported", http.StatusBadRequest)
		default:
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Mcp-Session-Id", "batch-session")
			_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"slow","version":"1"}}}`)
		}
	}))
	t.Cleanup(up.Close)
	var once sync.Once
	t.Cleanup(func() { once.Do(func() { close(release) }) })
	h := startHeadless(t, up.URL+"/mcp", proxyFlags{})
	sid := initializeVia(t, h.run.base, "batcher")
	done := make(chan int, 1)
	go func() {
		req, _ := http.NewRequest(http.MethodPost, h.run.base+"/mcp", strings.NewReader(`[{"jsonrpc":"2.0","id":7,"method":"tools/list"},{"jsonrpc":"2.0","id":7,"method":"ping"},{"jsonrpc":"2.0","id":7,"method":"prompts/list"}]`))
		for k, v := range map[string]string{"Content-Type": "application/json", "Accept": "application/json, text/event-stream", "Mcp-Session-Id": sid, "User-Agent": "batcher"} {
			req.Header.Set(k, v)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			done <- 0
			return
		}
		resp.Body.Close()
		done <- resp.StatusCode
	}()
	h.waitFor("its requests sharing ids (id=7 ×3)")
	postVia(t, h.run.base, sid, "batcher", `[{"jsonrpc":"2.0","id":8,"method":"ping"},{"jsonrpc":"2.0","method":"notifications/progress","params":{}}]`)
	h.waitFor("1 notification (notifications/progress ×1)")
	once.Do(func() { close(release) })
	if status := <-done; status != http.StatusInternalServerError {
		t.Fatalf("the held batch got %d, want upstream's 500 relayed", status)
	}
	h.stop()
	if out := h.errw.String(); !strings.Contains(out, "post batch of 3 requests sharing ids (id=7 ×3)") {
		t.Errorf("the failed batch is not said as 3 requests sharing id 7 once another batch was said:\n%s", out)
	}
}
