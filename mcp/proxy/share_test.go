package proxy

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// One client opening stream after stream holds at most its share of the
// sessions (3 of 4): its next is refused with a 503 that says so, and
// another client still gets a session. Before, the greedy client held
// all 4 and every other client was refused until it let go.
func TestOneClientHoldsNoMoreThanItsShareOfSessions(t *testing.T) {
	up := demotest.Start(t, demo.Options{})
	_, base, _ := startProxy(t, up.URL, Config{MaxSessions: 4})
	ctx, cancel := context.WithCancel(bounded(t))
	defer cancel()
	open := func(ua string) *http.Response {
		t.Helper()
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/sse", nil)
		req.Header.Set("Accept", "text/event-stream")
		req.Header.Set("User-Agent", ua)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { resp.Body.Close() })
		return resp
	}
	for i := range 3 {
		if resp := open("greedy/1"); resp.StatusCode != http.StatusOK {
			t.Fatalf("the greedy client's stream %d answered %s, want it open", i+1, resp.Status)
		}
	}
	refused := open("greedy/1")
	if refused.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("the greedy client's 4th stream answered %s, want 503", refused.Status)
	}
	if body := readAll(t, refused.Body); !strings.Contains(body, "holds 3 client sessions at once, as many as one client may") || !strings.Contains(body, "--max-sessions") {
		t.Errorf("the 503 says %q, want why (its share) and what to do", body)
	}
	if resp := open("other/1"); resp.StatusCode != http.StatusOK {
		t.Errorf("another client's stream answered %s, want it open: one client took every session", resp.Status)
	}
}

// A client at its share that begins another session ends its own least
// recently active idle one, saying why, even with room left for others.
func TestAClientAtItsShareEndsItsOwnIdleSession(t *testing.T) {
	up := demotest.Start(t, demo.Options{})
	_, base, w := startProxy(t, up.URL, Config{MaxSessions: 4})
	c := &crowd{t: t, base: base, w: w}
	for _, name := range []string{"a", "b", "c"} {
		if _, refused := c.initialize("loop", "User-Agent", "script/1", "X-Name", name); refused != nil {
			t.Fatalf("initialize %s answered %s", name, refused.Status)
		}
	}
	if _, refused := c.initialize("loop", "User-Agent", "script/1"); refused != nil {
		t.Fatalf("the 4th initialize answered %s, want room made by ending its own idle session", refused.Status)
	}
	first := w.sessions()[0]
	closed := w.record(t, first.ID, "the first session's end", func(r mcp.Record) bool { return r.State != nil && r.State.State == mcp.StateClosed })
	if want := "this client held 3 sessions at once, as many as one client may"; !strings.Contains(closed.State.Detail, want) {
		t.Errorf("the first session ended with %q, want %q", closed.State.Detail, want)
	}
}
