package proxy

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// mcp-remote (Claude Desktop's bridge) tries streamable HTTP first: it
// POSTs its initialize to the URL it was given and, refused there, opens
// a legacy stream at it. Pointed at a proxy of a legacy /sse, each of its
// connections began with a session that failed ("✗ POST 400", an error
// counted in sessions and the bar) for what is its probe, as mcpscope's
// own detection makes one. It is now a probe: its row reads probe, no
// error is counted, and the session's end says the client goes on in a
// legacy stream; that stream works as ever.
func TestStreamableTriedAtALegacyPathIsTheClientsProbe(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	_, base, w := startProxy(t, gw.URL+demo.SSEPath, Config{})
	resp := rawPost(t, base+demo.SSEPath, `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"bridge","version":"1"}}}`,
		"Accept", "application/json, text/event-stream")
	if resp.StatusCode < 400 {
		t.Fatalf("the demo's legacy path took a streamable initialize: %s", resp.Status)
	}
	cs := sdkConnect(t, "bridge", &sdk.SSEClientTransport{Endpoint: base + demo.SSEPath})
	if _, err := cs.ListTools(bounded(t), nil); err != nil {
		t.Fatalf("the legacy stream after the refused try: %v", err)
	}
	_ = cs.Close()
	w.allEnded(t, 2)

	tried := w.sessions()[0]
	recs := w.records(tried.ID)
	log := history.NewLog()
	log.Append(recs...)
	if p := log.Pair(0); p.Method != "initialize" || p.State != history.StateProbe {
		t.Errorf("the refused initialize's row is %s %s, want initialize's probe", p.Method, p.State)
	}
	if n := log.Stats().Errors; n != 0 {
		t.Errorf("the try counts %d errors, want none: the client probed for streamable HTTP and went on", n)
	}
	end := recs[len(recs)-1]
	if end.State == nil || !strings.Contains(end.State.Detail, "upstream refused the initialize ("+resp.Status+") at /sse, a legacy HTTP+SSE path") ||
		!strings.Contains(end.State.Detail, "opens a legacy stream there next") {
		t.Errorf("the try ends with %s, want it to say the client's streamable HTTP was refused at a legacy path and what comes next", describe(end))
	}
	if legacy := w.sessions()[1]; legacy.Transport != mcp.TransportSSE {
		t.Errorf("the session after the try is %s, want the legacy stream's", legacy.Transport)
	}
}

// A streamable server kept at /sse (a host answering old URLs with its
// streamable handler) refusing an initialize with a JSON-RPC error (the
// TypeScript SDK's 400 "Unsupported protocol version") is no legacy
// server: its row read "probe", hiding the refusal, and the session's
// end said /sse was a legacy path with no streamable HTTP there.
func TestStreamableRefusalAtSSEIsNoProbe(t *testing.T) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		_, _ = w.Write([]byte(`{"jsonrpc":"2.0","id":0,"error":{"code":-32000,"message":"Bad Request: Unsupported protocol version"}}`))
	}))
	t.Cleanup(up.Close)
	_, base, w := startProxy(t, up.URL+"/sse", Config{})
	rawPost(t, base+"/sse", `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2099-01-01","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`,
		"Accept", "application/json, text/event-stream")
	w.allEnded(t, 1)
	recs := w.records(w.sessions()[0].ID)
	log := history.NewLog()
	log.Append(recs...)
	if p := log.Pair(0); p.Method != "initialize" || p.State == history.StateProbe {
		t.Errorf("the refused initialize's row is %s %s, want the refusal, not a probe", p.Method, p.State)
	}
	if end := recs[len(recs)-1]; end.State != nil && strings.Contains(end.State.Detail, "legacy HTTP+SSE path") {
		t.Errorf("the session ends with %s, calling a streamable server's path legacy", describe(end))
	}
}

// A legacy server on a web framework (Spring Boot, behind Spring AI's
// SSE servers; FastAPI) answers a POST to its GET-only /sse with 405 and a
// JSON error page: its JSON was read as a streamable server's refusal, so
// mcp-remote's try there was the session's failure ("post-failed", an
// error counted). Only a 400 in JSON is a streamable server's; a 404 or
// 405 is the route refusing the method, whatever its page's type.
func TestFrameworkJSONRefusalAtSSEIsTheClientsProbe(t *testing.T) {
	up := demotest.Behind(t, demo.Options{}, func(w http.ResponseWriter, r *http.Request, gateway http.Handler) {
		if r.Method == http.MethodPost && r.URL.Path == demo.SSEPath && r.URL.RawQuery == "" {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusMethodNotAllowed)
			_, _ = w.Write([]byte(`{"timestamp":"2026-11-29T06:00:00.000+00:00","status":405,"error":"Method Not Allowed","path":"/sse"}`))
			return
		}
		gateway.ServeHTTP(w, r)
	})
	_, base, w := startProxy(t, up.URL+demo.SSEPath, Config{})
	rawPost(t, base+demo.SSEPath, `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"bridge","version":"1"}}}`,
		"Accept", "application/json, text/event-stream")
	w.allEnded(t, 1)
	recs := w.records(w.sessions()[0].ID)
	log := history.NewLog()
	log.Append(recs...)
	if p := log.Pair(0); p.Method != "initialize" || p.State != history.StateProbe {
		t.Errorf("the initialize a framework's JSON 405 refused is %s %s, want the client's probe", p.Method, p.State)
	}
	if n := log.Stats().Errors; n != 0 {
		t.Errorf("the try counts %d errors, want none", n)
	}
}
