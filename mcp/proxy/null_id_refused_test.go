package proxy

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A client's request with id null (JSON-RPC forbids it, but clients send
// it) that upstream refuses with 400: the recording logs it as a request
// and waits for its answer, but the refusal was logged on its own, naming
// no request, so the session ended saying the request was "never answered:
// it still waited when the session ended", though upstream answered it at
// once. The refusal now ends it, as it ends a request with any other id.
func TestRefusalEndsARequestWithANullID(t *testing.T) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, `invalid request: missing id for "initialize"`, http.StatusBadRequest)
	}))
	t.Cleanup(up.Close)
	_, base, w := startProxy(t, up.URL, Config{})
	body := `{"jsonrpc":"2.0","id":null,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
	resp := rawPost(t, base+"/mcp", body, "Accept", "application/json, text/event-stream")
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest {
		t.Fatalf("the client got %s, want upstream's 400 relayed", resp.Status)
	}
	w.allEnded(t, 1)
	c := w.sessions()[0]
	sent := w.record(t, c.ID, "the request", func(r mcp.Record) bool {
		return r.Kind == mcp.KindSent && r.RPC != nil && r.RPC.Method == "initialize"
	})
	fail := w.record(t, c.ID, "the refusal", func(r mcp.Record) bool {
		return r.Error != nil && r.Error.Cause == mcp.CauseStatus
	})
	if fail.Error.ReqSeq != sent.Seq {
		t.Errorf("the refusal names request %d, want the initialize it answered (%d)\n%s", fail.Error.ReqSeq, sent.Seq, w.dump())
	}
	if n := w.count(c.ID, func(r mcp.Record) bool {
		return r.Error != nil && strings.Contains(r.Error.Message, "never answered")
	}); n != 0 {
		t.Errorf("the session ended saying a request upstream refused was never answered\n%s", w.dump())
	}
}
