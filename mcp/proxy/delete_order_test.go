package proxy

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A DELETE upstream answered with a status that says the session ended
// (a 200: it took the DELETE; a 404: it had no such session) and a body:
// a client that uses the id again on reading the status line, before the
// body ends, was filed into the session its DELETE had ended, because the
// proxy noted the ending only once the body was relayed.
func TestIDReusedBeforeTheDeletesBodyEndsBeginsANewRecording(t *testing.T) {
	for _, status := range []int{http.StatusOK, http.StatusNotFound} {
		t.Run(strconv.Itoa(status), func(t *testing.T) { reuseBeforeDeleteBodyEnds(t, status) })
	}
}

func reuseBeforeDeleteBodyEnds(t *testing.T, status int) {
	reused := make(chan struct{})
	var once sync.Once
	var deleted sync.Map
	up := demotest.Behind(t, demo.Options{}, func(w http.ResponseWriter, r *http.Request, gateway http.Handler) {
		sid := r.Header.Get("Mcp-Session-Id")
		if r.Method == http.MethodDelete {
			if status == http.StatusOK {
				gateway.ServeHTTP(httptest.NewRecorder(), r)
			}
			deleted.Store(sid, true)
			w.Header().Set("Content-Type", "text/plain")
			w.WriteHeader(status)
			_, _ = w.Write([]byte("session ended, goodbye"))
			_ = http.NewResponseController(w).Flush()
			// The body ends once the client has used the id again (or
			// after a bound, so a proxy that never relays it cannot hang
			// the test).
			select {
			case <-reused:
			case <-time.After(testTimeout):
			}
			return
		}
		if _, ok := deleted.Load(sid); ok && r.Method == http.MethodPost {
			once.Do(func() { close(reused) })
		}
		gateway.ServeHTTP(w, r)
	})
	_, base, w := startProxy(t, up.URL+"/mcp", Config{})
	sid := rawInitialize(t, base)
	w.record(t, 1, "the session open", inState("open", "session "+sid))
	if del := rawDo(t, http.MethodDelete, base+"/mcp", "", "Mcp-Session-Id", sid, "MCP-Protocol-Version", "2025-11-25"); del.StatusCode != status {
		t.Fatalf("the DELETE was answered %s, want upstream's %d", del.Status, status)
	}
	readAll(t, rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
		"Accept", "application/json, text/event-stream", "Mcp-Session-Id", sid, "MCP-Protocol-Version", "2025-11-25").Body)
	detect := w.record(t, 2, "a new recording for the id used again", func(r mcp.Record) bool { return r.Kind == mcp.KindDetect })
	if why := detect.Detect.Reason; !strings.Contains(why, "client session 1") || !strings.Contains(why, "DELETE") {
		t.Errorf("the new recording begins %q, want it to say the client ended the session with DELETE in client session 1", why)
	}
	for _, r := range w.records(1) {
		if r.RPC != nil && r.RPC.Method == "tools/list" {
			t.Errorf("the request after the DELETE went into the ended session's recording")
		}
	}
}

// A DELETE whose connection upstream broke before answering ended nothing
// the proxy can tell of: the GET stream upstream dropped later read
// "closed by upstream, as the client's DELETE ended the session".
func TestUnansweredDeleteEndsNoStream(t *testing.T) {
	up := demotest.Behind(t, demo.Options{}, func(w http.ResponseWriter, r *http.Request, gateway http.Handler) {
		if r.Method == http.MethodDelete {
			panic(http.ErrAbortHandler)
		}
		gateway.ServeHTTP(w, r)
	})
	base, w, sid := sessionWithStream(t, up.URL+"/mcp")
	if del := rawDo(t, http.MethodDelete, base+"/mcp", "", "Mcp-Session-Id", sid, "MCP-Protocol-Version", "2025-11-25"); del.StatusCode != http.StatusBadGateway {
		t.Fatalf("the DELETE upstream never answered got %s, want the proxy's 502", del.Status)
	}
	w.record(t, 1, "the DELETE's failure", func(r mcp.Record) bool { return r.HTTP != nil && r.HTTP.Purpose == mcp.PurposeDelete })
	up.CloseClientConnections()
	r := w.record(t, 1, "the GET stream closed", func(r mcp.Record) bool {
		return r.State != nil && r.State.State == mcp.StateGetStream && strings.HasPrefix(r.State.Detail, "closed by")
	})
	if r.State.Detail != "closed by upstream" {
		t.Errorf("the stream upstream dropped after a DELETE it never answered reads %q, want %q", r.State.Detail, "closed by upstream")
	}
}
