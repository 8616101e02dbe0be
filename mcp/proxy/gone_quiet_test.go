package proxy

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A client that goes on sending with the id of a session it ended with
// DELETE, each request answered 404 by upstream, has one session of those
// requests, which ends once they stop: it had a session, and a recording,
// of each request.
func TestRequestsWithADeadSessionIDShareOneSession(t *testing.T) {
	up := demotest.Start(t, demo.Options{})
	_, base, w := startProxy(t, up.URL, Config{})
	c := &crowd{t: t, base: base, w: w}
	sid, refused := c.initialize("reuser")
	if refused != nil {
		t.Fatalf("initialize answered %s", refused.Status)
	}
	if resp := rawDo(t, http.MethodDelete, base+"/mcp", "", "Mcp-Session-Id", sid, "MCP-Protocol-Version", "2025-11-25"); resp.StatusCode/100 != 2 {
		t.Fatalf("DELETE answered %s", resp.Status)
	}
	const retries = 3
	for i := range retries {
		resp := rawPost(t, base+"/mcp", fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/list"}`, 10+i),
			"Accept", "application/json, text/event-stream", "Mcp-Session-Id", sid, "MCP-Protocol-Version", "2025-11-25")
		readAll(t, resp.Body)
		if resp.StatusCode != http.StatusNotFound {
			t.Fatalf("tools/list %d with the dead id answered %s, want upstream's 404", i, resp.Status)
		}
	}
	// until holds the watcher's lock: it reads clients itself.
	w.until(t, "the dead id's session to end", func() bool { return len(w.clients) >= 2 && w.ended[w.clients[1].ID] })
	if n := len(w.sessions()); n != 2 {
		t.Fatalf("%d sessions, want the reuser's and one of its %d requests with the dead id", n, retries)
	}
	dead := w.sessions()[1]
	asked, expired := 0, 0
	for _, r := range w.records(dead.ID) {
		if r.Kind == mcp.KindSent && r.RPC != nil && r.RPC.Method == "tools/list" {
			asked++
		}
		if r.State != nil && r.State.State == mcp.StateExpired {
			expired++
		}
	}
	if expired != 1 {
		t.Errorf("the session says %d times that upstream forgot its id, want once", expired)
	}
	if asked != retries {
		t.Errorf("the dead id's session holds %d of its %d requests", asked, retries)
	}
	recs := w.records(dead.ID)
	if end := recs[len(recs)-1]; end.State == nil || end.State.State != mcp.StateClosed || !strings.Contains(end.State.Detail, "upstream no longer knows session") {
		t.Errorf("the dead id's session ends with %s, want upstream forgetting it", describe(end))
	}
}

// An id upstream forgot and then takes again (a server restarted with its
// sessions kept) is a live session again: it does not end for the
// forgetting once its requests stop.
func TestASessionIDTakenAgainIsNotEndedForBeingForgotten(t *testing.T) {
	var posts atomic.Int32
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if posts.Add(1) == 1 {
			http.Error(w, "session not found", http.StatusNotFound)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":2,"result":{}}`)
	}))
	defer up.Close()
	p, base, w := startProxy(t, up.URL+"/mcp", Config{})
	p.earlyWait = 20 * time.Millisecond
	post := func(id int) int {
		t.Helper()
		resp := rawPost(t, base+"/mcp", fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"ping"}`, id),
			"Accept", "application/json, text/event-stream", "Mcp-Session-Id", "kept", "MCP-Protocol-Version", "2025-11-25")
		readAll(t, resp.Body)
		return resp.StatusCode
	}
	if s := post(1); s != http.StatusNotFound {
		t.Fatalf("the first ping answered %d, want 404", s)
	}
	if s := post(2); s != http.StatusOK {
		t.Fatalf("the second ping answered %d, want 200", s)
	}
	// Absence can only be seen by waiting: ten times the quiet wait.
	<-time.After(10 * p.earlyWait)
	w.mu.Lock()
	n, ended := len(w.clients), len(w.clients) > 0 && w.ended[w.clients[0].ID]
	w.mu.Unlock()
	if n != 1 || ended {
		t.Errorf("%d sessions, the first ended %v: want one, live, once upstream took its id again", n, ended)
	}
}
