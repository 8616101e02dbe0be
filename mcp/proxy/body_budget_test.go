package proxy

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// holdingBig is a streamable upstream that answers small messages at
// once and holds every large one until release closes (or its client
// leaves): the proxy holds the bodies of those meanwhile.
type holdingBig struct {
	release  chan struct{}
	sessions atomic.Int64
	big      atomic.Int64 // large messages that reached it
}

func (u *holdingBig) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	if strings.Contains(string(body), `"initialize"`) {
		w.Header().Set("Mcp-Session-Id", fmt.Sprintf("s-%d", u.sessions.Add(1)))
	}
	if len(body) > 4096 {
		u.big.Add(1)
		select {
		case <-u.release:
		case <-r.Context().Done():
			return
		}
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write([]byte(`{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"held","version":"1"}}}`))
}

// holdingSession is a proxy of --max-event-size limit in front of h
// (serving up, or wrapping it), with a session of the client name open:
// sid. release has up answer the large messages it holds; the test's end
// calls it too.
func holdingSession(t *testing.T, up *holdingBig, h http.Handler, limit int, name string) (p *Proxy, base string, w *watched, sid string, release func()) {
	t.Helper()
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	var once sync.Once
	release = func() { once.Do(func() { close(up.release) }) }
	t.Cleanup(release)
	p, base, w = startProxy(t, ts.URL+"/mcp", Config{MaxEventSize: limit})
	c := &crowd{t: t, base: base, w: w}
	sid, refused := c.initialize(name)
	if refused != nil {
		t.Fatalf("initialize through the proxy: %s", refused.Status)
	}
	return p, base, w, sid, release
}

// heldAnswer is what a client got for a message: its status and body, or no
// status and why it got none.
type heldAnswer struct {
	status int
	body   string
}

// postHeld posts body as a message of session sid, with the
// Content-Encoding enc unless it is "", and returns its answer.
func postHeld(t *testing.T, base, sid string, body io.Reader, enc string) heldAnswer {
	req, err := http.NewRequestWithContext(bounded(t), http.MethodPost, base+"/mcp", body)
	if err != nil {
		return heldAnswer{body: err.Error()}
	}
	req.Header.Set("Content-Type", "application/json")
	if enc != "" {
		req.Header.Set("Content-Encoding", enc)
	}
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Session-Id", sid)
	req.Header.Set("MCP-Protocol-Version", "2025-11-25")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return heldAnswer{body: err.Error()}
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	return heldAnswer{resp.StatusCode, string(b)}
}

// The bodies of clients' messages the proxy holds at once are bounded,
// not only each one by --max-event-size: a dozen clients' chunked bodies
// of near the limit, at once, against an upstream that takes its time,
// take the proxy to at most four times the limit; the bodies past it are
// refused with 503 saying why and what to do, and the refusal is in the
// sending session's recording. Another client's small message is relayed
// meanwhile.
func TestClientBodiesHeldAtOnceAreBounded(t *testing.T) {
	up := &holdingBig{release: make(chan struct{})}
	const limit = 1 << 20
	p, base, w, sid, release := holdingSession(t, up, up, limit, "greedy")

	const clients = 12
	message := `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"x","arguments":{"blob":"` + strings.Repeat("a", limit-200) + `"}}}`
	answers := make(chan heldAnswer, clients)
	for range clients {
		// A reader of no known length: the body goes chunked, its size
		// unknown to the proxy until it has read it.
		go func() { answers <- postHeld(t, base, sid, io.MultiReader(strings.NewReader(message)), "") }()
	}

	// The bodies the proxy had no room for come back refused while those
	// it took wait on upstream.
	var refusals []heldAnswer
	ctx := bounded(t)
	for len(refusals) == 0 || int64(len(refusals))+up.big.Load() < clients {
		var a heldAnswer
		select {
		case a = <-answers:
		case <-ctx.Done():
			t.Fatalf("%d of %d large bodies reached upstream and %d were refused, want every one of them either, and some refused", up.big.Load(), clients, len(refusals))
		}
		if a.status != http.StatusServiceUnavailable {
			t.Fatalf("a large body while the proxy held others: %d %q, want it held upstream or refused with 503", a.status, truncate(a.body))
		}
		refusals = append(refusals, a)
	}
	if want := fmt.Sprintf("no room for the request body: the proxy already holds as many bytes of clients' request bodies at once as it allows (%d bytes, 4 times --max-event-size)", 4*limit); !strings.Contains(refusals[0].body, want) || !strings.Contains(refusals[0].body, "retry once other requests are answered, or restart the proxy with a larger --max-event-size") {
		t.Errorf("a body with no room got %q, want it to say why (%q) and what to do", refusals[0].body, want)
	}
	// Every body the proxy took is held now, upstream answering none.
	if held := p.bodies.heldNow(); held > 4*limit {
		t.Errorf("the proxy held %d bytes of clients' bodies at once, want at most %d (4 times --max-event-size)", held, 4*limit)
	}
	if up.big.Load() == 0 {
		t.Error("no large body reached upstream: the proxy refused them all, want it to relay as many as fit")
	}
	w.record(t, w.sessions()[0].ID, "the refusal in the greedy session's recording", func(r mcp.Record) bool {
		return r.Error != nil && strings.Contains(r.Error.Message, "refused with 503: the proxy had no room for its body") && strings.Contains(r.Error.Message, "nothing was relayed")
	})

	// Another client's small message is relayed while the large ones are
	// held.
	other := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"modest","version":"1"}}}`,
		"Accept", "application/json, text/event-stream", "User-Agent", "modest/1")
	readAll(t, other.Body)
	if other.StatusCode != http.StatusOK {
		t.Errorf("another client's small initialize while the proxy's room for bodies was full: %s, want 200", other.Status)
	}

	release()
	for range clients - len(refusals) {
		if a := <-answers; a.status != http.StatusOK {
			t.Errorf("a large body upstream held, once answered: %d %q, want 200", a.status, truncate(a.body))
		}
	}
}
