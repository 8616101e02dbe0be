package proxy

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A client that closes a resumable answer stream once it has its answer
// (upstream keeps the stream open after it) is done with it: nothing
// waits, where the proxy logged that the client closed the stream
// "before the answer came" and that the request still waited.
func TestClosingAnAnswerStreamAfterItsAnswerIsNoFault(t *testing.T) {
	closed := make(chan struct{}, 1)
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		w.Header().Set("Mcp-Session-Id", "kept")
		switch {
		case strings.Contains(string(body), `"tools/list"`):
			w.Header().Set("Content-Type", "text/event-stream")
			w.WriteHeader(http.StatusOK)
			_, _ = io.WriteString(w, "id: e1\nevent: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"tools\":[]}}\n\n")
			w.(http.Flusher).Flush()
			<-r.Context().Done()
			closed <- struct{}{}
		case strings.Contains(string(body), `"initialize"`):
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"up","version":"1"}}}`)
		default:
			w.WriteHeader(http.StatusAccepted)
		}
	}))
	t.Cleanup(up.Close)
	_, base, w := startProxy(t, up.URL, Config{})
	sid := rawInitialize(t, base)
	c := w.clientOn(t, mcp.TransportStreamable)
	ctx, cancel := context.WithCancel(bounded(t))
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/mcp", strings.NewReader(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Session-Id", sid)
	req.Header.Set("MCP-Protocol-Version", "2025-11-25")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(resp.Body)
	for lines.Scan() && !strings.HasPrefix(lines.Text(), "data: ") {
	}
	cancel()
	resp.Body.Close()
	select {
	case <-closed:
	case <-time.After(testTimeout):
		t.Fatal("the proxy never closed the upstream stream after the client closed its own")
	}
	w.record(t, c.ID, "the answer", func(r mcp.Record) bool {
		return r.RPC != nil && r.RPC.Method == "tools/list" && r.RPC.Class == mcp.ClassResponse
	})
	if n := w.count(c.ID, func(r mcp.Record) bool { return r.Error != nil }); n != 0 {
		t.Errorf("closing the stream after its answer logged %d failures:\n%s", n, w.dump())
	}
}
