package proxy

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// An upstream that answers gzip the proxy never asked for (it asks for no
// encoding) gets its bytes relayed to the client as they came, and the
// log says the answer was encoded and not read, instead of logging
// compressed bytes as a message that is not JSON-RPC.
func TestUpstreamEncodingNotAskedForIsRelayedUnread(t *testing.T) {
	gz := gzipped(t, []byte(`{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}`))
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if ae := r.Header.Get("Accept-Encoding"); ae != "" {
			t.Errorf("upstream was asked for Accept-Encoding %q, want none", ae)
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Encoding", "gzip")
		_, _ = w.Write(gz)
	}))
	t.Cleanup(up.Close)
	_, base, w := startProxy(t, up.URL, Config{})
	resp := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, "Accept", "application/json, text/event-stream", "Accept-Encoding", "gzip")
	if got := readAll(t, resp.Body); got != string(gz) || resp.Header.Get("Content-Encoding") != "gzip" {
		t.Errorf("the client got %q (Content-Encoding %q), want upstream's gzip bytes as they came", got, resp.Header.Get("Content-Encoding"))
	}
	c := w.sessions()[0]
	w.record(t, c.ID, "an error saying the answer was gzip, not read", func(r mcp.Record) bool {
		return r.Error != nil && r.Error.Cause == mcp.CauseBadHTTP && strings.Contains(r.Error.Message, `Content-Encoding "gzip"`)
	})
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, recs := range w.recs {
		for _, r := range recs {
			if r.Kind == mcp.KindReceived && r.RPC != nil && r.RPC.Class == mcp.ClassInvalid {
				t.Errorf("the gzip bytes were logged as a message that is not JSON-RPC: %q", r.RPC.Raw)
			}
		}
	}
}
