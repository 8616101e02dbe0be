package proxy

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// reinitUpstream gives the first two initializes with no session id the
// ids A and B, and an initialize within a session the id B, answering it
// with a result or, when refuse, a JSON-RPC error.
func reinitUpstream(t *testing.T, refuse bool) *httptest.Server {
	t.Helper()
	var n atomic.Int64
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		answer := `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"h","version":"1"}}}`
		if strings.Contains(string(b), `"initialize"`) {
			sid := "B"
			if r.Header.Get("Mcp-Session-Id") == "" && n.Add(1) == 1 {
				sid = "A"
			}
			if r.Header.Get("Mcp-Session-Id") != "" && refuse {
				answer = `{"jsonrpc":"2.0","id":1,"error":{"code":-32600,"message":"no"}}`
			}
			w.Header().Set("Mcp-Session-Id", sid)
		} else {
			answer = `{"jsonrpc":"2.0","id":5,"result":{"tools":[]}}`
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, answer)
	}))
	t.Cleanup(up.Close)
	return up
}

// A re-initialize within session A that upstream answered with session
// B's id silently took B's route: B was never ended nor told why, and its
// client's requests were recorded in A. A refused re-initialize took it
// too. Now B ends saying why when A takes its id with a result, and a
// refusal moves no route.
func TestReinitializeTakingAnotherSessionsID(t *testing.T) {
	for _, refuse := range []bool{false, true} {
		name := "answered"
		if refuse {
			name = "refused"
		}
		t.Run(name, func(t *testing.T) {
			_, base, w := startProxy(t, reinitUpstream(t, refuse).URL+"/mcp", Config{})
			init := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"e","version":"1"}}}`
			h := []string{"Accept", "application/json, text/event-stream", "User-Agent", "same"}
			if sid := rawPost(t, base+"/mcp", init, h...).Header.Get("Mcp-Session-Id"); sid != "A" {
				t.Fatalf("the first initialize got session %q, want A", sid)
			}
			if sid := rawPost(t, base+"/mcp", init, h...).Header.Get("Mcp-Session-Id"); sid != "B" {
				t.Fatalf("the second initialize got session %q, want B", sid)
			}
			readAll(t, rawPost(t, base+"/mcp", init, append(h, "Mcp-Session-Id", "A")...).Body)
			readAll(t, rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":5,"method":"tools/list"}`, append(h, "Mcp-Session-Id", "B")...).Body)
			cs := w.sessions()
			if len(cs) != 2 {
				t.Fatalf("%d sessions, want 2:\n%s", len(cs), w.dump())
			}
			a, b := cs[0].ID, cs[1].ID
			list := func(r mcp.Record) bool { return r.RPC != nil && r.RPC.Method == "tools/list" }
			if !refuse {
				w.record(t, b, "session B ended saying A took its id", func(r mcp.Record) bool {
					return r.State != nil && strings.Contains(r.State.Detail, "re-initialize")
				})
				w.record(t, a, "B's tools/list in A, which now has its id", list)
				return
			}
			w.record(t, b, "B's tools/list in B", list)
			if w.count(a, list) != 0 {
				t.Errorf("B's tools/list is recorded in A, whose re-initialize upstream refused:\n%s", w.dump())
			}
			w.mu.Lock()
			defer w.mu.Unlock()
			if w.ended[b] {
				t.Errorf("session B ended, though upstream refused A's re-initialize:\n%s", w.dumpLocked())
			}
		})
	}
}
