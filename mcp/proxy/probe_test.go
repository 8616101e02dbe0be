package proxy

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A client that really is stateless (the Go SDK's, to a server that
// offers 2026-07-28) is its own stateless client as ever, started as soon
// as it goes on past its server/discover, not after a wait for an
// initialize that never comes.
func TestStatelessClientAfterItsProbeIsItsOwnClient(t *testing.T) {
	up := mcptest.NewStateless(t, mcptest.StatelessOptions{})
	p, base, w := startProxy(t, up.URL, Config{})
	p.earlyWait = time.Hour // settled by what the client does, not by the window
	cs := sdkConnect(t, "modern", &sdk.StreamableClientTransport{Endpoint: base + "/mcp", MaxRetries: -1, DisableStandaloneSSE: true})
	if _, err := cs.ListTools(bounded(t), nil); err != nil {
		t.Fatalf("tools/list through the proxy: %v", err)
	}
	w.until(t, "the stateless session's tools/list", func() bool {
		return len(w.clients) == 1 && strings.Contains(strings.Join(methodsSent(w.recs[w.clients[0].ID]), " "), "tools/list")
	})
	c := w.sessions()[0]
	if c.Transport != mcp.TransportStateless {
		t.Fatalf("the client is shown as %s, want stateless", c.Transport)
	}
	if got := methodsSent(w.records(c.ID)); len(got) == 0 || got[0] != "server/discover" {
		t.Errorf("the stateless session sent %q, want its server/discover first", got)
	}
	w.record(t, c.ID, "the session open", func(r mcp.Record) bool {
		return r.State != nil && r.State.State == mcp.StateOpen && r.State.Transport == mcp.TransportStateless
	})
	w.mu.Lock()
	if w.namedFirst != 0 {
		t.Errorf("OnName heard of %d names of sessions OnStart had not told of, want none", w.namedFirst)
	}
	w.mu.Unlock()
	if c.Label() != "modern 1.2" {
		t.Errorf("the session is labelled %q, want its clientInfo", c.Label())
	}
}

// A stateless client whose first request is no probe and succeeds is shown
// at once; one that only probes and says nothing more is shown, as a
// stateless client, once the window for its initialize has passed.
func TestLoneRequestsAreShownAsStatelessClients(t *testing.T) {
	up := mcptest.NewStateless(t, mcptest.StatelessOptions{})
	p, base, w := startProxy(t, up.URL, Config{})
	p.earlyWait = time.Hour
	list := request2026("1", "tools/list", "", "lister")
	readAll(t, rawPost(t, base+"/mcp", list, headers2026("tools/list", "User-Agent", "lister/1")...).Body)
	w.until(t, "the lister's session", func() bool { return len(w.clients) == 1 })
	if c := w.sessions()[0]; c.Transport != mcp.TransportStateless {
		t.Errorf("the lister is shown as %s, want stateless", c.Transport)
	}

	p, base, w = startProxy(t, up.URL, Config{})
	p.earlyWait = 50 * time.Millisecond
	probe := request2026("1", "server/discover", "", "prober")
	readAll(t, rawPost(t, base+"/mcp", probe, headers2026("server/discover", "User-Agent", "prober/1")...).Body)
	w.until(t, "the lone probe's session, once its window passed", func() bool { return len(w.clients) == 1 })
	c := w.sessions()[0]
	if c.Transport != mcp.TransportStateless || c.UserAgent != "prober/1" {
		t.Errorf("the lone probe is shown as %s from %q, want a stateless client from prober/1", c.Transport, c.UserAgent)
	}
	w.record(t, c.ID, "the probe's answer", func(r mcp.Record) bool {
		return r.Kind == mcp.KindReceived && r.RPC != nil && r.RPC.Method == "server/discover"
	})
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.namedFirst != 0 || w.named[c.ID] != 0 || c.Label() != "prober 0.1" {
		t.Errorf("the lone probe starts as %q after %d names of unstarted sessions (%d of its own), want it started under its clientInfo, no name before", c.Label(), w.namedFirst, w.named[c.ID])
	}
}

// A probe held back when the proxy stops is shown and recorded all the
// same: its records end, as every session's do.
func TestHeldProbeEndsWithTheProxy(t *testing.T) {
	up := mcptest.NewStateless(t, mcptest.StatelessOptions{})
	p, base, w := startProxy(t, up.URL, Config{})
	p.earlyWait = time.Hour
	probe := request2026("1", "server/discover", "", "prober")
	readAll(t, rawPost(t, base+"/mcp", probe, headers2026("server/discover", "User-Agent", "prober/1")...).Body)
	p.Close()
	w.until(t, "the probe's session to end", func() bool { return len(w.clients) == 1 && w.ended[w.clients[0].ID] })
	recs := w.records(w.sessions()[0].ID)
	if got := methodsSent(recs); len(got) != 1 || got[0] != "server/discover" {
		t.Errorf("the ended session sent %q, want its probe", got)
	}
	if end := recs[len(recs)-1]; end.State == nil || end.State.State != mcp.StateClosed {
		t.Errorf("the session ends with %s, want closed", describe(end))
	}
}

// A client that sends its initialize while its probe is still unanswered
// has one session all the same, and the probe's late 200 opens nothing in
// it: the session is streamable by then.
func TestProbeAnsweredAfterTheInitialize(t *testing.T) {
	gotDiscover, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		w.Header().Set("Content-Type", "application/json")
		if strings.Contains(string(body), `"server/discover"`) {
			close(gotDiscover)
			select {
			case <-release:
			case <-r.Context().Done():
				return
			}
			_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":1,"result":{"supportedVersions":["2025-11-25"],"capabilities":{}}}`)
			return
		}
		once.Do(func() { close(release) })
		w.Header().Set("Mcp-Session-Id", "s1")
		_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":2,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"up","version":"1"}}}`)
	}))
	t.Cleanup(up.Close)
	p, base, w := startProxy(t, up.URL, Config{})
	p.earlyWait = time.Hour
	req, err := http.NewRequestWithContext(bounded(t), http.MethodPost, base+"/mcp", strings.NewReader(request2026("1", "server/discover", "", "both")))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	hs := headers2026("server/discover", "User-Agent", "both/1")
	for i := 0; i+1 < len(hs); i += 2 {
		req.Header.Set(hs[i], hs[i+1])
	}
	probed := make(chan string, 1)
	go func() {
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			probed <- err.Error()
			return
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		probed <- string(b)
	}()
	select {
	case <-gotDiscover:
	case <-time.After(testTimeout):
		t.Fatal("the probe never reached upstream")
	}
	init := `{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"both","version":"0.1"}}}`
	readAll(t, rawPost(t, base+"/mcp", init, "Accept", "application/json, text/event-stream", "User-Agent", "both/1").Body)
	if got := <-probed; !strings.Contains(got, "supportedVersions") {
		t.Fatalf("the probe got %q, want upstream's answer", got)
	}
	w.record(t, 1, "the probe's answer", func(r mcp.Record) bool {
		return r.Kind == mcp.KindReceived && r.RPC != nil && r.RPC.Method == "server/discover"
	})
	for _, r := range w.records(1) {
		if r.State != nil && strings.HasPrefix(r.State.Detail, "stateless") {
			t.Errorf("the streamable session logs %s", describe(r))
		}
	}
	if n := len(w.sessions()); n != 1 || w.sessions()[0].Transport != mcp.TransportStreamable {
		t.Errorf("%d sessions, want the one streamable:\n%s", n, w.dump())
	}
}
