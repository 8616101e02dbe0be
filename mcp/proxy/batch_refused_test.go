package proxy

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// batchRefuser is a 2025-11-25 server: it opens a session on initialize
// and refuses any JSON-RPC batch with 400, as the specification since
// 2025-06-18 has servers do.
func batchRefuser(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	if strings.HasPrefix(strings.TrimSpace(string(body)), "[") {
		http.Error(w, "JSON-RPC batching is not supported", http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Mcp-Session-Id", "batch-session")
	_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"refuser","version":"1"}}}`)
}

// A client's batch that upstream refused left each request in it
// waiting for good: the TUI and export showed them pending next to the
// batch's "post-failed", and the proxy's pairing kept them (a client
// sending refused batches of fresh ids grew it without bound). Each now
// ends with the POST that carried it, as a request sent alone does.
func TestRefusedBatchEndsItsRequests(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(batchRefuser))
	t.Cleanup(srv.Close)
	_, base, w := startProxy(t, srv.URL+"/mcp", Config{})
	accept := "application/json, text/event-stream"
	resp := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"batcher","version":"1"}}}`, "Accept", accept)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("initialize got %s, want 200", resp.Status)
	}
	resp = rawPost(t, base+"/mcp", `[{"jsonrpc":"2.0","id":2,"method":"tools/list"},{"jsonrpc":"2.0","method":"notifications/progress","params":{}},{"jsonrpc":"2.0","id":"three","method":"ping"}]`,
		"Accept", accept, "Mcp-Session-Id", "batch-session", "MCP-Protocol-Version", "2025-11-25")
	if resp.StatusCode != http.StatusBadRequest {
		t.Fatalf("the batch got %s, want upstream's 400 relayed", resp.Status)
	}
	for _, method := range []string{"tools/list", "ping"} {
		sent := w.record(t, 1, "the batch's "+method, func(r mcp.Record) bool {
			return r.Kind == mcp.KindSent && r.RPC.Class == mcp.ClassRequest && r.RPC.Method == method
		})
		failed := w.record(t, 1, "the refusal of the batch's "+method, func(r mcp.Record) bool {
			return r.Kind == mcp.KindError && r.Error.ReqSeq == sent.Seq
		})
		if failed.Error.Op != mcp.OpPost || !strings.Contains(failed.Error.Message, "400") {
			t.Errorf("the refused batch's %s ended with %s %q, want the POST's 400", method, failed.Error.Op, failed.Error.Message)
		}
	}
}
