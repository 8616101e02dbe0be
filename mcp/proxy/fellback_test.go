package proxy

import (
	"net/http"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// methodsSent lists the methods of the requests in recs, in order.
func methodsSent(recs []mcp.Record) []string {
	var out []string
	for _, r := range recs {
		if r.Kind == mcp.KindSent && r.RPC != nil && r.RPC.Class == mcp.ClassRequest {
			out = append(out, r.RPC.Method)
		}
	}
	return out
}

// The Go SDK's streamable client asks server/discover (2026-07-28) first
// and, offered no 2026 version, initializes a session. Each run's probe is
// the first exchange of that run's streamable session, not a stateless
// client of its own beside it: the probe used to be shown (a tab, a
// recording) as a short stateless client that ended saying where its
// client went.
func TestDiscoverProbeThenInitialize(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	p, base, w := startProxy(t, gw.URL, Config{})
	p.earlyWait = time.Hour // the fold must not wait on the window
	for range 2 {
		cs := sdkConnect(t, "prober", &sdk.StreamableClientTransport{Endpoint: base + "/mcp", MaxRetries: -1, DisableStandaloneSSE: true})
		if _, err := cs.ListTools(bounded(t), nil); err != nil {
			t.Fatalf("tools/list through the proxy: %v", err)
		}
	}
	w.until(t, "both runs' tools/list", func() bool {
		n := 0
		for _, c := range w.clients {
			for _, m := range methodsSent(w.recs[c.ID]) {
				if m == "tools/list" {
					n++
				}
			}
		}
		return n == 2
	})
	sessions := w.sessions()
	if len(sessions) != 2 {
		t.Fatalf("%d client sessions, want one per run:\n%s", len(sessions), w.dump())
	}
	for _, c := range sessions {
		if c.Transport != mcp.TransportStreamable {
			t.Errorf("session %d is %s, want streamable", c.ID, c.Transport)
		}
		recs := w.records(c.ID)
		got := strings.Join(methodsSent(recs), " ")
		if !strings.HasPrefix(got, "server/discover initialize") || strings.Count(got, "server/discover") != 1 {
			t.Errorf("session %d sent %q, want its run's probe, then initialize", c.ID, got)
		}
		var last *mcp.Detection
		for _, r := range recs {
			if r.Detect != nil {
				last = r.Detect
			}
		}
		if last == nil || last.Transport != mcp.TransportStreamable || !strings.Contains(last.Reason, "probe") {
			t.Errorf("session %d's last detection is %+v, want streamable saying the probe went before", c.ID, last)
		}
		for _, r := range recs {
			if r.State != nil && r.State.Transport == mcp.TransportStateless && r.State.State == mcp.StateOpen {
				t.Errorf("session %d logs a stateless open (%q): the probe opened nothing", c.ID, r.State.Detail)
			}
		}
	}
}

// A probe that names no clientInfo goes on in the session of the client
// that initializes next from the same host and User-Agent, at the same
// path; one from another User-Agent stays a stateless client of its own.
func TestAnonymousDiscoverProbeGoesOnInItsClientsSession(t *testing.T) {
	up := streamUpstream(t, func(int) (int, string) { return http.StatusOK, "" }, nil)
	p, base, w := startProxy(t, up.URL, Config{})
	p.earlyWait = time.Hour
	probe := `{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{}}`
	readAll(t, rawPost(t, base+"/mcp", probe, headers2026("server/discover", "User-Agent", "prober/1")...).Body)
	readAll(t, rawPost(t, base+"/mcp", initialize, "Accept", "application/json, text/event-stream", "User-Agent", "prober/1").Body)
	w.until(t, "the session to start", func() bool { return len(w.clients) == 1 })
	c := w.sessions()[0]
	if c.Transport != mcp.TransportStreamable {
		t.Errorf("the session is %s, want streamable", c.Transport)
	}
	w.until(t, "the initialize's answer", func() bool {
		for _, r := range w.recs[c.ID] {
			if r.Kind == mcp.KindReceived && r.RPC != nil && r.RPC.Method == "initialize" {
				return true
			}
		}
		return false
	})
	if got := strings.Join(methodsSent(w.records(c.ID)), " "); got != "server/discover initialize" {
		t.Errorf("the session sent %q, want the probe then initialize", got)
	}
	if n := len(w.sessions()); n != 1 {
		t.Errorf("%d client sessions, want 1:\n%s", n, w.dump())
	}
}
