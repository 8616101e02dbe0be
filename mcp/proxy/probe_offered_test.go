package proxy

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A lone server/discover answered with the version it asked for (a real
// 2026 client that never initializes: it has the era it asked for) is
// shown as its stateless client at once, as JSON or as SSE, before its
// client has the answer; it waited the
// window for an initialize its client had no reason to send. One offered
// only other versions still waits: its client may fall back to initialize.
func TestProbeOfferedItsVersionIsShownAtOnce(t *testing.T) {
	for _, answer := range []mcptest.AnswerMode{mcptest.AnswerJSON, mcptest.AnswerSSE} {
		sse := answer == mcptest.AnswerSSE
		up := mcptest.NewStateless(t, mcptest.StatelessOptions{Answer: answer})
		p, base, w := startProxy(t, up.URL, Config{})
		p.earlyWait = time.Hour
		probe := request2026("1", "server/discover", "", "lone")
		resp := rawPost(t, base+"/mcp", probe, headers2026("server/discover", "User-Agent", "lone/1")...)
		// Shown before its client has the answer, which it can act on
		// before the answer's end: its next request (or an alike
		// client's initialize) finds it settled, not held back.
		firstMessage(t, resp.Body, sse)
		w.mu.Lock()
		shown := len(w.clients)
		w.mu.Unlock()
		if shown != 1 {
			t.Fatalf("SSE %v: %d sessions shown once the client had its probe's answer, want its stateless one", sse, shown)
		}
		readAll(t, resp.Body)
		c := w.sessions()[0]
		if c.Transport != mcp.TransportStateless {
			t.Errorf("SSE %v: the lone probe is shown as %s, want stateless", sse, c.Transport)
		}
		w.record(t, c.ID, "the session open", func(r mcp.Record) bool {
			return r.State != nil && r.State.State == mcp.StateOpen && r.State.Transport == mcp.TransportStateless
		})
		if n := p.waiting(); n != 0 {
			t.Errorf("SSE %v: %d sessions wait on their client after the probe was offered its version, want none", sse, n)
		}
	}

	up := mcptest.NewStateless(t, mcptest.StatelessOptions{Versions: []string{"2099-01-01"}})
	p, _, w := startProxy(t, up.URL, Config{})
	p.earlyWait = time.Hour
	// Its wait begins as its exchange ends, which can be after the answer
	// reached the client: a front that says when the proxy's handler
	// returned is what the test waits on.
	served := make(chan struct{}, 1)
	front := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		p.ServeHTTP(rw, r)
		served <- struct{}{}
	}))
	t.Cleanup(front.Close)
	probe := request2026("1", "server/discover", "", "other")
	readAll(t, rawPost(t, front.URL+"/mcp", probe, headers2026("server/discover", "User-Agent", "other/1")...).Body)
	select {
	case <-served:
	case <-time.After(testTimeout):
		t.Fatal("the proxy did not finish the probe's exchange")
	}
	w.mu.Lock()
	started := len(w.clients)
	w.mu.Unlock()
	if started != 0 || p.waiting() != 1 {
		t.Errorf("a probe offered only other versions: %d sessions shown, %d waiting; want it held back, waiting for its client's initialize", started, p.waiting())
	}
}

// firstMessage reads body up to the end of its first message, as a client
// that acts on it at once does: a JSON value, or an SSE event's data line.
func firstMessage(t *testing.T, body io.Reader, sse bool) {
	t.Helper()
	if !sse {
		var v json.RawMessage
		if err := json.NewDecoder(body).Decode(&v); err != nil {
			t.Fatalf("reading the answer's JSON: %v", err)
		}
		return
	}
	br := bufio.NewReader(body)
	for {
		line, err := br.ReadString('\n')
		if strings.HasPrefix(line, "data:") && strings.TrimSpace(line) != "data:" {
			return
		}
		if err != nil {
			t.Fatalf("the answer's stream ended with no message: %v", err)
		}
	}
}
