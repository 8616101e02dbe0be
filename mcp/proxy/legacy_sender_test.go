package proxy

import (
	"net/http"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// Client B POSTs to client A's legacy endpoint URI (the session id in its
// query): upstream takes it as A's session and answers on A's stream. It
// was recorded as A's own message, and B's initialize renamed A's session
// after B's clientInfo. Now A's session says, once, that another client
// posted to it, and keeps A's name.
func TestLegacyPostFromAnotherClientIsSaid(t *testing.T) {
	w, a, ep := legacyClientA(t)
	for _, id := range []string{"77", "78"} {
		resp := rawPost(t, ep.Endpoint.InUse, `{"jsonrpc":"2.0","id":`+id+`,"method":"initialize","params":{"protocolVersion":"2024-11-05","capabilities":{},"clientInfo":{"name":"intruder","version":"1"}}}`,
			"User-Agent", "client-B")
		if resp.StatusCode >= 300 {
			t.Fatalf("B's POST to A's endpoint got %s, want it relayed", resp.Status)
		}
	}
	w.record(t, a.ID, "B's second message in A's session", func(r mcp.Record) bool {
		return r.Kind == mcp.KindSent && strings.Contains(string(r.RPC.Raw), `"id":78`)
	})
	var notes []string
	for _, r := range w.records(a.ID) {
		if r.Kind == mcp.KindError && strings.Contains(r.Error.Message, "another client") {
			notes = append(notes, r.Error.Message)
		}
	}
	if len(notes) != 1 || !strings.Contains(notes[0], "User-Agent client-B") {
		t.Errorf("A's session says %q of B's two POSTs, want once that another client (client-B) posted to it\n%s", notes, w.dump())
	}
	if name, _ := a.Info(); name != "client-a" {
		t.Errorf("A's session is named %q after B's initialize, want A's own clientInfo", name)
	}
	if n := len(w.sessions()); n != 1 {
		t.Errorf("%d sessions, want B's POSTs in A's session, whose stream their answers go to", n)
	}
}

// A client whose stream request names no User-Agent (Node's eventsource
// sends none) and whose POSTs do is one client: nothing is said.
func TestLegacyPostWithUserAgentStreamWithoutIsOneClient(t *testing.T) {
	srv := demotest.Start(t, demo.Options{})
	_, base, w := startProxy(t, srv.URL+"/sse", Config{})
	hc := &http.Client{Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) {
		r = r.Clone(r.Context())
		if r.Method == http.MethodGet {
			r.Header["User-Agent"] = []string{""}
		} else {
			r.Header.Set("User-Agent", "node")
		}
		return http.DefaultTransport.RoundTrip(r)
	})}
	cs := sdkConnect(t, "client-a", &sdk.SSEClientTransport{Endpoint: base + "/sse", HTTPClient: hc})
	if _, err := cs.ListTools(bounded(t), nil); err != nil {
		t.Fatalf("tools/list: %v", err)
	}
	a := w.sessions()[0]
	w.record(t, a.ID, "tools/list paired", func(r mcp.Record) bool {
		return r.Kind == mcp.KindReceived && r.RPC.Class == mcp.ClassResponse && r.RPC.Method == "tools/list"
	})
	for _, r := range w.records(a.ID) {
		if r.Kind == mcp.KindError {
			t.Errorf("a client's own POSTs logged %q", r.Error.Message)
		}
	}
}

// roundTripFunc is a function as an http.RoundTripper.
type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// An initialize sent again within a legacy session, whose answer comes on
// the stream, is said as the streamable one is: before, only its pair
// showed it ("← initialize error").
func TestReinitializeWithinALegacySessionIsSaid(t *testing.T) {
	w, a, ep := legacyClientA(t)
	resp := rawPost(t, ep.Endpoint.InUse, `{"jsonrpc":"2.0","id":77,"method":"initialize","params":{"protocolVersion":"2024-11-05","capabilities":{},"clientInfo":{"name":"client-a","version":"1"}}}`)
	if resp.StatusCode >= 300 {
		t.Fatalf("the second initialize got %s, want it relayed", resp.Status)
	}
	if d := stateOf(t, w, a.ID, mcp.StateOpen, "the client initialized again within session "); !strings.Contains(d, "upstream answers it on the stream") {
		t.Errorf("the note says %q, want that the answer comes on the stream", d)
	}
}

// legacyClientA proxies the demo's /sse to a Go SDK client, "client-a",
// that has listed the tools, and returns its session and the record of
// the endpoint the proxy gave it.
func legacyClientA(t *testing.T) (*watched, *Client, mcp.Record) {
	t.Helper()
	srv := demotest.Start(t, demo.Options{})
	_, base, w := startProxy(t, srv.URL+"/sse", Config{})
	cs := sdkConnect(t, "client-a", &sdk.SSEClientTransport{Endpoint: base + "/sse"})
	if _, err := cs.ListTools(bounded(t), nil); err != nil {
		t.Fatalf("tools/list: %v", err)
	}
	a := w.sessions()[0]
	return w, a, w.record(t, a.ID, "A's endpoint", func(r mcp.Record) bool { return r.Kind == mcp.KindEndpoint })
}
