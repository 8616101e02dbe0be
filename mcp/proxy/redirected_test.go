package proxy

import (
	"net/http"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A server mounted under a path redirects /mcp to /mcp/ (Starlette's
// Mount does, with 307), and a client that does not remember the hop
// (fetch, Go's http.Client) sends every message twice: once redirected,
// once where the redirect points, under the same id. The first is a
// redirect the client followed, not a request in flight whose id the
// client reused ("ids must differ"), nor a failed row ("✗ POST 307"), and
// the session the redirected initialize began says where the client went.
func TestRedirectedMessagesAreFollowedNotReused(t *testing.T) {
	up := demotest.Mounted(t, demo.Options{})
	_, base, w := startProxy(t, up.URL+demo.StreamablePath, Config{})
	cs := sdkConnect(t, "follower", &sdk.StreamableClientTransport{Endpoint: base + demo.StreamablePath, MaxRetries: -1, DisableStandaloneSSE: true})
	res, err := cs.CallTool(bounded(t), &sdk.CallToolParams{Name: "greet", Arguments: map[string]any{"name": "hop"}})
	if err != nil || res.IsError {
		t.Fatalf("a client whose every POST is redirected calling greet through the proxy: %v %+v", err, res)
	}
	_ = cs.Close()
	w.allEnded(t, 2)

	redirected, initializeEnded := 0, false
	for _, c := range w.sessions() {
		recs := w.records(c.ID)
		for _, r := range recs {
			switch {
			case r.Error != nil && strings.Contains(r.Error.Message, mcp.IDReused):
				t.Errorf("session %d: a redirected message sent again reads as a reused id: %s", c.ID, r.Error.Message)
			case r.Error != nil && r.Error.Cause == mcp.CauseRedirected:
				redirected++
				if !strings.Contains(r.Error.Message, `upstream redirected the client's POST to "`+up.URL+demo.StreamablePath+`/" (307 Temporary Redirect): the client sends it again there, through the proxy`) {
					t.Errorf("session %d: a redirected message is said as %q, want where it went and that the client sends it again", c.ID, r.Error.Message)
				}
			case r.State != nil && r.State.State == mcp.StateClosed && strings.HasPrefix(r.State.Detail, "upstream redirected the initialize"):
				initializeEnded = true
			}
		}
		log := history.NewLog()
		log.Append(recs...)
		for i := range log.PairCount() {
			if p := log.Pair(i); p.State.Failed() {
				t.Errorf("session %d: the %s row reads %s, a failure, where the client followed a redirect", c.ID, p.Method, p.State)
			}
		}
		if n := log.Stats().Errors; n != 0 {
			t.Errorf("session %d counts %d errors, want none: a redirect the client followed failed nothing", c.ID, n)
		}
		for _, pr := range log.Negotiation().Problems {
			if pr.Level == history.LevelError {
				t.Errorf("session %d: Negotiation lists %q as an error, where the client followed a redirect", c.ID, pr.Message)
			}
		}
	}
	// initialize, notifications/initialized and tools/call at least.
	if redirected < 3 {
		t.Errorf("%d messages said redirected, want every one the client sent to %s (at least 3):\n%s", redirected, demo.StreamablePath, w.dump())
	}
	if !initializeEnded {
		t.Errorf("no session ended saying upstream redirected its initialize:\n%s", w.dump())
	}
}

// A legacy client's stream that upstream redirects to another origin is a
// legacy session the client takes past the proxy: one that says where it
// went and how to watch it, not a streamable client's GET before an
// initialize that never comes (held for 2 s, then "did not initialize").
func TestLegacyStreamRedirectedElsewhereSaysWhere(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	elsewhere := gw.URL + demo.SSEPath
	front := demotest.Behind(t, demo.Options{}, func(w http.ResponseWriter, r *http.Request, gateway http.Handler) {
		http.Redirect(w, r, elsewhere, http.StatusTemporaryRedirect)
	})
	p, base, w := startProxy(t, front.URL+demo.SSEPath, Config{})
	p.earlyWait = testTimeout // a GET before initialize would still be waiting
	req, err := http.NewRequestWithContext(bounded(t), http.MethodGet, base+demo.SSEPath, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept", "text/event-stream")
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := noFollow.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if loc := resp.Header.Get("Location"); resp.StatusCode != http.StatusTemporaryRedirect || loc != elsewhere {
		t.Fatalf("the client got %s with Location %q, want upstream's 307 to %s relayed as it came", resp.Status, loc, elsewhere)
	}
	w.allEnded(t, 1)
	c := w.sessions()[0]
	if c.Transport != mcp.TransportSSE {
		t.Errorf("the redirected stream's session is %s, want a legacy (sse) one", c.Transport)
	}
	end := w.record(t, c.ID, "the session's end", inState(mcp.StateClosed, ""))
	want := `upstream redirected the client's legacy HTTP+SSE stream (GET /sse) to "` + elsewhere + `" (307 Temporary Redirect), another origin: the client follows it there itself, past the proxy`
	if !strings.HasPrefix(end.State.Detail, want) || !strings.Contains(end.State.Detail, "run the proxy against that URL") {
		t.Errorf("the session ended saying %q, want it to begin %q and say how to watch it", end.State.Detail, want)
	}
}
