package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/history"
)

// A proxied client's resources/subscribe sent inside a batch subscribes
// as one sent alone does: the server's update of that resource, which
// came on the batch's answer stream, is no news. Before, the batch's
// subscribe was not read and the update was said to be of a resource
// not subscribed to in this session.
func TestProxyBatchSubscribeCounts(t *testing.T) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		w.Header().Set("Mcp-Session-Id", "batch-session")
		if strings.HasPrefix(string(body), "[") {
			w.Header().Set("Content-Type", "text/event-stream")
			_, _ = io.WriteString(w, "event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/resources/updated\",\"params\":{\"uri\":\"file:///sub\"}}\n\n")
			_, _ = io.WriteString(w, "event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/resources/updated\",\"params\":{\"uri\":\"file:///other\"}}\n\n")
			_, _ = io.WriteString(w, "event: message\ndata: [{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}},{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{}}]\n\n")
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{"resources":{"subscribe":true}},"serverInfo":{"name":"batcher","version":"1"}}}`)
	}))
	t.Cleanup(up.Close)
	h := startHeadless(t, up.URL+"/mcp", proxyFlags{})
	sid := initializeVia(t, h.run.base, "batcher")
	batch := `[{"jsonrpc":"2.0","id":2,"method":"resources/subscribe","params":{"uri":"file:///sub"}},{"jsonrpc":"2.0","id":3,"method":"ping"}]`
	resp := postVia(t, h.run.base, sid, "batcher", batch)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("the batch got %s, want upstream's 200 relayed", resp.Status)
	}
	h.waitFor(`"file:///other", not subscribed to`)
	h.stop()
	if out := h.errw.String(); strings.Contains(out, `"file:///sub", not subscribed to`) {
		t.Errorf("the update of the resource the batch subscribed to was said to be of one not subscribed to:\n%s", out)
	}
	infos, err := history.List(h.dir)
	if err != nil || len(infos) != 1 {
		t.Fatalf("recordings %d, %v; want one", len(infos), err)
	}
	log, _, _, err := history.LoadLog(infos[0].Path)
	if err != nil {
		t.Fatal(err)
	}
	defer log.Close()
	var noted []string
	for _, p := range log.Negotiation().Problems {
		if strings.Contains(p.Message, "not subscribed to") {
			noted = append(noted, p.Message)
		}
	}
	if len(noted) != 1 || !strings.Contains(noted[0], `"file:///other"`) {
		t.Errorf("the recording's Negotiation pane notes %q, want one, of file:///other", noted)
	}
}
