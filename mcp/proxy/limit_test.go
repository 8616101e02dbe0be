package proxy

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// crowd is a client of a demo behind a proxy that keeps 3 sessions at
// once, speaking streamable HTTP by hand as a client that never sends
// DELETE does.
type crowd struct {
	t    *testing.T
	base string
	w    *watched
}

const crowdMax = 3

func startCrowd(t *testing.T) *crowd {
	demo := demotest.Start(t, demo.Options{})
	_, base, w := startProxy(t, demo.URL, Config{MaxSessions: crowdMax})
	return &crowd{t: t, base: base, w: w}
}

// initialize opens a streamable session and returns its id, or the answer
// when the proxy refused it; headers are more of the request's, as
// rawDo's.
func (c *crowd) initialize(name string, headers ...string) (sid string, refused *http.Response) {
	c.t.Helper()
	resp := rawPost(c.t, c.base+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"`+name+`","version":"1"}}}`,
		append([]string{"Accept", "application/json, text/event-stream"}, headers...)...)
	if resp.StatusCode != http.StatusOK {
		return "", resp
	}
	readAll(c.t, resp.Body)
	if sid = resp.Header.Get("Mcp-Session-Id"); sid == "" {
		c.t.Fatalf("initialize %s through the proxy: no Mcp-Session-Id", name)
	}
	return sid, nil
}

// ping posts a request of session sid and reads its answer.
func (c *crowd) ping(sid string) *http.Response {
	c.t.Helper()
	resp := rawPost(c.t, c.base+"/mcp", `{"jsonrpc":"2.0","id":2,"method":"ping"}`,
		"Accept", "application/json, text/event-stream", "Mcp-Session-Id", sid, "MCP-Protocol-Version", "2025-11-25")
	readAll(c.t, resp.Body)
	return resp
}

// stream opens session sid's GET stream and keeps it open until the
// returned func closes it.
func (c *crowd) stream(sid string) (*http.Response, func()) {
	c.t.Helper()
	ctx, cancel := context.WithCancel(bounded(c.t))
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+"/mcp", nil)
	if err != nil {
		c.t.Fatal(err)
	}
	req.Header.Set("Accept", "text/event-stream")
	if sid != "" {
		req.Header.Set("Mcp-Session-Id", sid)
		req.Header.Set("MCP-Protocol-Version", "2025-11-25")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		cancel()
		c.t.Fatalf("GET stream of %q: %v", sid, err)
	}
	end := func() {
		cancel()
		resp.Body.Close()
	}
	c.t.Cleanup(end)
	return resp, end
}

// session is the proxy's session named name.
func (c *crowd) session(name string) *Client {
	c.t.Helper()
	var s *Client
	c.w.until(c.t, "the session of "+name, func() bool {
		for _, x := range c.w.clients {
			if n, _ := x.Info(); n == name {
				s = x
				return true
			}
		}
		return false
	})
	return s
}

// live counts the sessions whose records are still open.
func (c *crowd) live() int {
	c.w.mu.Lock()
	defer c.w.mu.Unlock()
	n := 0
	for _, x := range c.w.clients {
		if !c.w.ended[x.ID] {
			n++
		}
	}
	return n
}

// Sessions a client never ends (no DELETE) must not pile up, each with its
// recording open, until the proxy runs out of files and fails everyone: at
// the cap, the least recently active idle session is ended, its record
// saying why, and when none is idle a new session is refused with 503 and
// a body saying why and what to do. A legacy stream is a session the cap
// counts as well.
func TestSessionsBeyondTheCapEndTheLeastRecentlyActiveIdleOne(t *testing.T) {
	c := startCrowd(t)
	a, _ := c.initialize("a")
	b, _ := c.initialize("b")
	cs, _ := c.initialize("c")
	if resp := c.ping(a); resp.StatusCode != http.StatusOK {
		t.Fatalf("ping of a = %s", resp.Status)
	}
	// c's GET stream keeps it busy; b is now the least recently active.
	resp, endC := c.stream(cs)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET stream of c = %s", resp.Status)
	}

	d, refused := c.initialize("d")
	if refused != nil {
		t.Fatalf("initialize d = %s %q, want room made by ending an idle session", refused.Status, readAll(t, refused.Body))
	}
	sb := c.session("b")
	c.w.until(t, "b's session to end", func() bool { return c.w.ended[sb.ID] })
	closed := c.w.record(t, sb.ID, "b's closed state", func(r mcp.Record) bool { return r.State != nil && r.State.State == mcp.StateClosed })
	if want := "ended by mcpscope: 3 client sessions at once; the least recently active idle one was closed"; !strings.Contains(closed.State.Detail, want) {
		t.Errorf("b ended with %q, want it to say %q", closed.State.Detail, want)
	}
	if recs := c.w.records(sb.ID); recs[len(recs)-1].State == nil || recs[len(recs)-1].State.State != mcp.StateClosed {
		t.Errorf("b's last record is %s, want its end", describe(recs[len(recs)-1]))
	}
	for _, name := range []string{"a", "c", "d"} {
		if s := c.session(name); c.w.ended[s.ID] {
			t.Errorf("session %s ended; only b, the least recently active idle one, should have", name)
		}
	}
	if n := c.live(); n != crowdMax {
		t.Errorf("%d sessions live, want %d", n, crowdMax)
	}

	// With a and d busy too, nothing is idle: a new session is refused,
	// over streamable HTTP and over legacy SSE alike, and none is begun.
	c.stream(a)
	c.stream(d)
	before := len(c.w.sessions())
	_, refused = c.initialize("e")
	if refused == nil || refused.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("initialize e with every session busy answered %v, want 503", refused)
	}
	if body := readAll(t, refused.Body); !strings.Contains(body, "3 client sessions are open at once and none is idle") || !strings.Contains(body, "--max-sessions") {
		t.Errorf("the 503 says %q, want why and what to do", body)
	}
	if resp := rawDo(t, http.MethodGet, c.base+"/sse", "", "Accept", "text/event-stream"); resp.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("a legacy GET stream with every session busy answered %s, want 503", resp.Status)
	}
	if after := len(c.w.sessions()); after != before {
		t.Errorf("%d sessions begun by refused requests", after-before)
	}

	// c's client closes its stream with nothing else of c open: it left,
	// and c ends (clientLeft). b's client comes back: the proxy no longer
	// has b, so its request begins a new session, in the room c left, and
	// is relayed (upstream still has b).
	endC()
	sc := c.session("c")
	c.w.record(t, sc.ID, "c's stream closed by the client", func(r mcp.Record) bool {
		return r.State != nil && r.State.State == mcp.StateGetStream && r.State.Detail == "closed by the client"
	})
	c.w.until(t, "c's session to end", func() bool { return c.w.ended[sc.ID] })
	if resp := c.ping(b); resp.StatusCode != http.StatusOK {
		t.Errorf("ping of b after the proxy ended its session = %s, want relayed", resp.Status)
	}
	all := c.w.sessions()
	again := all[len(all)-1]
	c.w.record(t, again.ID, "b's new session saying what became of the old one", func(r mcp.Record) bool {
		return r.Detect != nil && strings.Contains(r.Detect.Reason, fmt.Sprintf("session %s again, after mcpscope ended its recording (client session %d) to keep within 3 client sessions", b, sb.ID))
	})
	if n := c.live(); n != crowdMax {
		t.Errorf("%d sessions live, want %d", n, crowdMax)
	}
}

// Stateless 2026 clients are a session each, grouped by who they are: past
// the cap the least recently active one ends, and the next request of that
// client begins a new one.
func TestStatelessClientsBeyondTheCap(t *testing.T) {
	fake := mcptest.NewStateless(t, mcptest.StatelessOptions{})
	_, base, w := startProxy(t, fake.URL, Config{MaxSessions: 2})
	list := func(name string) {
		t.Helper()
		resp := rawPost(t, base+"/mcp", request2026("1", "tools/list", "", name), headers2026("tools/list")...)
		if body := readAll(t, resp.Body); resp.StatusCode != http.StatusOK || !strings.Contains(body, `"forecast"`) {
			t.Fatalf("tools/list of %s through the proxy: %s %q", name, resp.Status, body)
		}
	}
	list("alpha")
	list("beta")
	list("alpha")
	list("gamma") // beta is the least recently active
	w.until(t, "three sessions, beta's ended", func() bool {
		return len(w.clients) == 3 && w.ended[w.clients[1].ID] && !w.ended[w.clients[0].ID] && !w.ended[w.clients[2].ID]
	})
	w.record(t, w.sessions()[1].ID, "beta's end saying why", func(r mcp.Record) bool {
		return r.State != nil && r.State.State == mcp.StateClosed && strings.HasPrefix(r.State.Detail, "ended by mcpscope: 2 client sessions at once")
	})
	list("beta") // a new session for beta, ending alpha's
	w.until(t, "beta's new session, alpha's ended", func() bool {
		return len(w.clients) == 4 && w.ended[w.clients[0].ID] && !w.ended[w.clients[3].ID]
	})
	if n, _ := w.sessions()[3].Info(); n != "beta" {
		t.Errorf("the fourth session is %q's, want beta's", n)
	}
}

// A client whose session the cap ended more than once is remembered by its
// latest end, not its first: its next return still says what became of
// its session, after as many other sessions have ended as the proxy
// remembers, less one.
func TestASessionEndedTwiceByTheCapIsRememberedByItsLatestEnd(t *testing.T) {
	c := startCrowd(t)
	a, _ := c.initialize("a")
	c.initialize("p1")
	c.initialize("p2")
	c.initialize("p3") // ends a, the least recently active
	if resp := c.ping(a); resp.StatusCode != http.StatusOK {
		t.Fatalf("ping of a after the proxy ended its session = %s", resp.Status)
	}
	// a's new session is now the most recently active: three more end
	// p2, p3 and then it, a second time.
	for _, name := range []string{"q1", "q2", "q3"} {
		c.initialize(name)
	}
	// As many other sessions end as make the proxy's memory of ended
	// sessions (4 per session kept) full, less a's place in it.
	for i := range 4*crowdMax - 3 {
		if _, refused := c.initialize(fmt.Sprintf("r%d", i)); refused != nil {
			t.Fatalf("initialize r%d = %s", i, refused.Status)
		}
	}
	if resp := c.ping(a); resp.StatusCode != http.StatusOK {
		t.Fatalf("ping of a after its second session ended = %s", resp.Status)
	}
	all := c.w.sessions()
	again := all[len(all)-1]
	c.w.record(t, again.ID, "a's third session saying what became of the second", func(r mcp.Record) bool {
		return r.Detect != nil && strings.Contains(r.Detect.Reason, "session "+a+" again, after mcpscope ended its recording")
	})
}
