package proxy

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A client that kept its session while the proxy restarted (it
// initialized before this proxy ran) is met through an Mcp-Session-Id the
// proxy does not know. It waited for ever on a handshake that happened
// elsewhere, never "open": once upstream accepts a request in it, it says
// once what it is.
func TestSessionBegunBeforeTheProxyOpens(t *testing.T) {
	up := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	st, h := send(t, http.MethodPost, up.Endpoint(), initialize, nil)
	sid := h.Get("Mcp-Session-Id")
	if st != http.StatusOK || sid == "" {
		t.Fatalf("initialize straight to upstream answered %d with session %q", st, sid)
	}
	_, base, w := startProxy(t, up.URL, Config{})
	in := map[string]string{"Mcp-Session-Id": sid, "MCP-Protocol-Version": "2025-11-25"}
	for id := 2; id <= 3; id++ {
		if st, _ := send(t, http.MethodPost, base+"/mcp", fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/list"}`, id), in); st != http.StatusOK {
			t.Fatalf("tools/list in the session answered %d", st)
		}
	}
	stateOf(t, w, 1, mcp.StateOpen, "session "+sid+", begun before this proxy saw it: its initialize is not in this recording")
	w.record(t, 1, "the second tools/list's answer", func(r mcp.Record) bool {
		return r.Kind == mcp.KindReceived && r.RPC != nil && string(r.RPC.ID) == "3"
	})
	if n := w.count(1, inState(mcp.StateOpen, "")); n != 1 {
		t.Errorf("the session says it is open %d times, want once:\n%s", n, w.dump())
	}
	if st, _ := send(t, http.MethodDelete, base+"/mcp", "", in); st != http.StatusOK && st != http.StatusNoContent {
		t.Fatalf("DELETE answered %d", st)
	}
	stateOf(t, w, 1, mcp.StateClosed, "the client ended the session with DELETE")
}

// A session id upstream does not know either (it restarted too) was never
// open: no open line, and its end does not say upstream "no longer" knows
// a session that never was open here.
func TestSessionUnknownToBothNeverOpens(t *testing.T) {
	up := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	_, base, w := startProxy(t, up.URL, Config{})
	in := map[string]string{"Mcp-Session-Id": "stale-1", "MCP-Protocol-Version": "2025-11-25"}
	if st, _ := send(t, http.MethodPost, base+"/mcp", `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`, in); st != http.StatusNotFound {
		t.Fatalf("tools/list in an unknown session answered %d, want upstream's 404", st)
	}
	stateOf(t, w, 1, mcp.StateClosed, "upstream does not know session stale-1 either: it was never open through this proxy")
	if n := w.count(1, inState(mcp.StateOpen, "")); n != 0 {
		t.Errorf("a session upstream never accepted says it is open:\n%s", w.dump())
	}
}

// An initialize sent within a live session (a client that initializes
// again) opened and ended nothing, and said nothing of itself: a line
// says the client initialized again and what upstream answered.
func TestReinitializeWithinASessionIsSaid(t *testing.T) {
	up := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	_, base, w := startProxy(t, up.URL, Config{})
	st, h := send(t, http.MethodPost, base+"/mcp", initialize, nil)
	sid := h.Get("Mcp-Session-Id")
	if st != http.StatusOK || sid == "" {
		t.Fatalf("initialize answered %d with session %q", st, sid)
	}
	again := strings.Replace(initialize, `"id":1`, `"id":7`, 1)
	if st, _ := send(t, http.MethodPost, base+"/mcp", again, map[string]string{"Mcp-Session-Id": sid, "MCP-Protocol-Version": "2025-11-25"}); st != http.StatusOK {
		t.Fatalf("the second initialize answered %d", st)
	}
	stateOf(t, w, 1, mcp.StateOpen, "the client initialized again within session "+sid+": upstream answered with a result; the session goes on")
	if len(w.sessions()) != 1 {
		t.Errorf("%d sessions, want the client's one:\n%s", len(w.sessions()), w.dump())
	}
}
