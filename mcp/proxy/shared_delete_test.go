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

// Client B sends DELETE with client A's Mcp-Session-Id: B is recorded
// apart, and upstream ends A's session. A's recording said nothing of it
// until its next request came back 404; now it says which client ended it.
func TestAnotherClientsDeleteIsSaidInTheSession(t *testing.T) {
	srv := demotest.Start(t, demo.Options{})
	_, base, w := startProxy(t, srv.URL+"/mcp", Config{})
	cs := sdkConnect(t, "client-a", &sdk.StreamableClientTransport{Endpoint: base + "/mcp"})
	if _, err := cs.ListTools(bounded(t), nil); err != nil {
		t.Fatalf("tools/list: %v", err)
	}
	a := w.sessions()[0]
	open := w.record(t, a.ID, "A's session id", func(r mcp.Record) bool { return r.State != nil && r.State.State == mcp.StateOpen })
	sid := open.State.SessionID
	if sid == "" {
		t.Fatalf("A's open record names no session id: %s", describe(open))
	}
	resp := rawDo(t, http.MethodDelete, base+"/mcp", "", "Mcp-Session-Id", sid, "User-Agent", "client-B")
	if resp.StatusCode >= 300 {
		t.Fatalf("B's DELETE got %s, want upstream's 2xx", resp.Status)
	}
	e := w.record(t, a.ID, "A's session saying another client ended it", func(r mcp.Record) bool {
		return r.Kind == mcp.KindError && strings.Contains(r.Error.Message, "another client ended")
	})
	if !strings.Contains(e.Error.Message, "client-B") || !strings.Contains(e.Error.Message, "DELETE") {
		t.Errorf("A's session says %q, want which client ended it with DELETE", e.Error.Message)
	}
	for _, r := range w.records(2) {
		if r.Kind == mcp.KindError && strings.Contains(r.Error.Message, "another client ended") {
			t.Errorf("B's own session says %q: only the others using the id are told", r.Error.Message)
		}
	}
}

// The client's next request after its session was ended is answered 404:
// its failure says the session is gone (whose advice is to initialize
// again), not a bare 404 status (whose advice is to check the path).
// The client keeps no GET stream and makes no retries: the SDK's client
// reopens a stream upstream ended after a second or so, and on a slow run
// that GET's 404 could come before the request's, failing the client's
// session before it sent the request this is about.
func TestGoneSessionRequestFailsAsExpired(t *testing.T) {
	srv := demotest.Start(t, demo.Options{})
	_, base, w := startProxy(t, srv.URL+"/mcp", Config{})
	cs := sdkConnect(t, "client-a", &sdk.StreamableClientTransport{Endpoint: base + "/mcp", MaxRetries: -1, DisableStandaloneSSE: true})
	a := w.sessions()[0]
	open := w.record(t, a.ID, "A's session id", func(r mcp.Record) bool { return r.State != nil && r.State.State == mcp.StateOpen })
	rawDo(t, http.MethodDelete, base+"/mcp", "", "Mcp-Session-Id", open.State.SessionID, "User-Agent", "client-B")
	if _, err := cs.ListTools(bounded(t), nil); err == nil {
		t.Fatal("tools/list on a deleted session succeeded")
	}
	e := w.record(t, a.ID, "the 404's failure", func(r mcp.Record) bool {
		return r.Kind == mcp.KindError && r.Error.Status == http.StatusNotFound
	})
	if e.Error.Cause != mcp.CauseSessionExpired {
		t.Errorf("the 404 on a request naming a gone session failed with cause %q, want %q", e.Error.Cause, mcp.CauseSessionExpired)
	}
}
