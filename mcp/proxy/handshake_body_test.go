package proxy

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A legacy server that answers notifications/initialized with 202 and a
// body (Python's servers write "Accepted"), to a client that goes on at
// the status line and closes the body unread (the Go SDK's SSE client):
// the proxy logged the finished handshake only once the body was
// relayed, so a client that did not read it had its next request logged
// first, or, a body too large to buffer, no "initialized" at all. The
// state is upstream's to give, and is logged before the answer goes out.
func TestHandshakeAcceptedWithABodyIsLoggedFirst(t *testing.T) {
	accepted := "Accepted" + strings.Repeat(" ", 4<<20)
	up := demotest.Behind(t, demo.Options{}, func(w http.ResponseWriter, r *http.Request, gateway http.Handler) {
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		if r.Method != http.MethodPost || !strings.Contains(string(body), `"notifications/initialized"`) {
			gateway.ServeHTTP(w, r)
			return
		}
		gateway.ServeHTTP(httptest.NewRecorder(), r)
		w.Header().Set("Content-Type", "text/plain")
		w.WriteHeader(http.StatusAccepted)
		_, _ = io.WriteString(w, accepted)
	})
	_, base, w := startProxy(t, up.URL+demo.SSEPath, Config{})
	cs := sdkConnect(t, "hurried", &sdk.SSEClientTransport{Endpoint: base + demo.SSEPath})
	if _, err := cs.ListTools(bounded(t), nil); err != nil {
		t.Fatalf("tools/list after the handshake: %v", err)
	}
	w.record(t, 1, "the tools/list answer", func(r mcp.Record) bool {
		return r.RPC != nil && r.RPC.Method == "tools/list" && r.RPC.Class == mcp.ClassResponse
	})
	initialized, listed := -1, -1
	for i, r := range w.records(1) {
		switch {
		case initialized < 0 && r.State != nil && r.State.State == mcp.StateInitialized:
			initialized = i
		case listed < 0 && r.RPC != nil && r.RPC.Method == "tools/list" && r.RPC.Class == mcp.ClassRequest:
			listed = i
		}
	}
	if initialized < 0 || initialized > listed {
		t.Errorf("the finished handshake is record %d and the client's tools/list record %d: want the handshake logged, and first:\n%s", initialized, listed, w.dump())
	}
}
