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

// Two runs of one stateless client one after another from one place (two
// `mcpscope exec .../stateless` runs: same address, User-Agent and
// clientInfo), each beginning with its own server/discover on a
// connection of its own, are two sessions: the second run's requests went
// into the first run's session, one row in the clients bar and one
// recording for both.
func TestStatelessRunsOneAfterAnotherAreTwoSessions(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	p, base, w := startProxy(t, gw.URL, Config{})
	for range 2 {
		k := &killable{}
		cs := statelessClient(t, base, k.client())
		if _, err := cs.ListTools(bounded(t), nil); err != nil {
			t.Fatalf("tools/list through the proxy: %v", err)
		}
		// The run ends: its process gone, its connections with it.
		k.kill()
		connsClosed(t, p)
	}
	var lists []*Client
	w.until(t, "two sessions, each with its run's tools/list answered", func() bool {
		lists = lists[:0]
		for _, c := range w.clients {
			if w.countLocked(c.ID, answerOf("tools/list")) == 1 && w.countLocked(c.ID, answerOf(discover)) == 1 {
				lists = append(lists, c)
			}
		}
		return len(lists) == 2
	})
	for _, c := range lists {
		if c.Transport != mcp.TransportStateless {
			t.Errorf("session %d is %s, want stateless", c.ID, c.Transport)
		}
	}
	first := min(lists[0].ID, lists[1].ID)
	w.until(t, "the first run's session to end", func() bool { return w.ended[first] })
	recs := w.records(first)
	if last := recs[len(recs)-1]; last.State == nil || last.State.State != mcp.StateClosed || !strings.Contains(last.State.Detail, "a new client") {
		t.Errorf("the first run's session ends with %s, want closed saying a new client came", describe(last))
	}
}

// One stateless SDK client making several calls stays one session, even
// when its idle connection closed between them, as an HTTP client's pool
// lets one go: only a server/discover begins a new client.
func TestStatelessClientWithItsConnectionsClosedStaysOneSession(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	p, base, w := startProxy(t, gw.URL, Config{})
	tr := http.DefaultTransport.(*http.Transport).Clone()
	cs := statelessClient(t, base, &http.Client{Transport: tr})
	for range 3 {
		if _, err := cs.ListTools(bounded(t), nil); err != nil {
			t.Fatalf("tools/list through the proxy: %v", err)
		}
		tr.CloseIdleConnections()
		connsClosed(t, p)
	}
	c := w.clientWith(t, "the client's session", answerOf(discover))
	w.until(t, "the three tools/list in the client's session", func() bool { return w.countLocked(c.ID, answerOf("tools/list")) == 3 })
	if n := len(w.sessions()); n != 1 {
		t.Errorf("one client's calls went into %d sessions, want 1:\n%s", n, w.dump())
	}
}

// statelessClient connects the Go SDK client, which speaks 2026-07-28
// with the demo's stateless endpoint, through the proxy at base on hc.
func statelessClient(t *testing.T, base string, hc *http.Client) *sdk.ClientSession {
	t.Helper()
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "exec", Version: "1"}, nil).Connect(bounded(t),
		&sdk.StreamableClientTransport{Endpoint: base + demo.StatelessPath, MaxRetries: -1, HTTPClient: hc}, nil)
	if err != nil {
		t.Fatalf("connecting through the proxy: %v", err)
	}
	t.Cleanup(func() { _ = cs.Close() })
	return cs
}

// connsClosed waits until the proxy was told that every client connection
// closed. Nothing signals it to a test, so it looks again each millisecond
// until testTimeout.
func connsClosed(t *testing.T, p *Proxy) {
	t.Helper()
	deadline := time.Now().Add(testTimeout)
	for {
		p.mu.Lock()
		n := len(p.open)
		p.mu.Unlock()
		if n == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d client connections still open after %s", n, testTimeout)
		}
		time.Sleep(time.Millisecond)
	}
}
