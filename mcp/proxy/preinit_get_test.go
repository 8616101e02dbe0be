package proxy

import (
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// aiSDKLike is the User-Agent of the client these tests play: every
// request of one client carries the same one, as Vercel's @ai-sdk/mcp does.
const aiSDKLike = "ai-sdk-like/2.0.99"

// send makes one raw request through the proxy as that client and returns
// its status and headers; the body is read whole (a stream is not asked
// for here, so none is left open).
func send(t *testing.T, method, url, body string, header map[string]string) (int, http.Header) {
	t.Helper()
	req, err := http.NewRequestWithContext(bounded(t), method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("User-Agent", aiSDKLike)
	req.Header.Set("Accept", "application/json, text/event-stream")
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s through the proxy: %v", method, url, err)
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, resp.Body)
	return resp.StatusCode, resp.Header
}

// Vercel's @ai-sdk/mcp (2.0.99) asks server/discover, and when that is
// refused opens its GET stream before it initializes, carrying
// MCP-Protocol-Version 2025-11-25 and no session id. A streamable server
// refuses that GET (400 without a session; 405 when it offers no GET
// stream). The proxy called that GET a legacy HTTP+SSE session of its own
// ("#2 ai-sdk · sse", "the client opened a legacy HTTP+SSE stream"); what
// upstream answered says otherwise: the GET is part of the streamable
// session the client's initialize begins next.
func TestPreInitializeGetIsStreamable(t *testing.T) {
	for _, tc := range []struct {
		name   string
		get    mcptest.GETMode
		status int
	}{
		{"400 without a session", mcptest.GETOK, http.StatusBadRequest},
		{"405 no GET stream", mcptest.GETNone, http.StatusMethodNotAllowed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			up := mcptest.NewStreamable(t, mcptest.StreamableOptions{GET: tc.get})
			_, base, w := startProxy(t, up.URL, Config{})
			url := base + "/mcp"

			if st, _ := send(t, http.MethodPost, url, `{"jsonrpc":"2.0","id":0,"method":"server/discover","params":{}}`,
				map[string]string{"MCP-Protocol-Version": "2026-07-28"}); st < 400 {
				t.Fatalf("server/discover answered %d, want the fake's refusal", st)
			}
			if st, _ := send(t, http.MethodGet, url, "", map[string]string{"Accept": "text/event-stream", "MCP-Protocol-Version": "2025-11-25"}); st != tc.status {
				t.Fatalf("the GET before initialize answered %d, want %d", st, tc.status)
			}
			st, h := send(t, http.MethodPost, url, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"ai-sdk-like","version":"2.0.99"}}}`, nil)
			sid := h.Get("Mcp-Session-Id")
			if st != http.StatusOK || sid == "" {
				t.Fatalf("initialize answered %d with session %q", st, sid)
			}
			in := map[string]string{"Mcp-Session-Id": sid, "MCP-Protocol-Version": "2025-11-25"}
			send(t, http.MethodPost, url, `{"jsonrpc":"2.0","method":"notifications/initialized"}`, in)
			send(t, http.MethodPost, url, `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`, in)

			sess := w.clientWith(t, "the tools/list answered in the client's session", func(r mcp.Record) bool {
				return r.Kind == mcp.KindReceived && r.RPC != nil && r.RPC.Method == "tools/list"
			})
			if sess.Transport != mcp.TransportStreamable || sess.Label() != "ai-sdk-like 2.0.99" {
				t.Errorf("the client's session is %q · %s, want ai-sdk-like 2.0.99 · streamable", sess.Label(), sess.Transport)
			}
			// The refused GET is that session's, before its initialize.
			var get, init int64
			for _, r := range w.records(sess.ID) {
				switch {
				case r.HTTP != nil && r.HTTP.Purpose == mcp.PurposeRelay && r.HTTP.Method == http.MethodGet && r.HTTP.Status == tc.status:
					get = r.Seq
				case r.Kind == mcp.KindSent && r.RPC != nil && r.RPC.Method == "initialize":
					init = r.Seq
				}
			}
			if get == 0 || init == 0 || get > init {
				t.Errorf("session %d: the refused GET at record %d, initialize at %d; want the GET in it, before initialize", sess.ID, get, init)
			}
			detect := w.record(t, sess.ID, "how the session began", func(r mcp.Record) bool { return r.Detect != nil })
			if !strings.Contains(detect.Detect.Reason, "not a legacy HTTP+SSE") {
				t.Errorf("the session began %q, want it to say the GET was not a legacy HTTP+SSE stream", detect.Detect.Reason)
			}
			// What the user sees listed: the discover probe and the
			// client's session, no legacy one.
			var list []string
			for _, c := range w.sessions() {
				list = append(list, c.Label()+" · "+c.Transport)
				if c.Transport == mcp.TransportSSE {
					t.Errorf("session %d %q is a legacy HTTP+SSE session; the client spoke none", c.ID, c.Label())
				}
			}
			if len(list) != 2 {
				t.Errorf("sessions %q, want the discover probe and the client's streamable session", list)
			}
		})
	}
}

// The client sends its GET and its initialize at once, and the GET can
// reach the proxy second, even after the initialize was answered (it
// opened a connection of its own): it is still that session's. A GET of
// the same client much later, with no session id, is not: it begins a
// session of its own, which the client's next initialize goes on with.
func TestGetAfterInitializeGoesWithIt(t *testing.T) {
	var mu sync.Mutex
	now := time.Date(2026, 11, 26, 2, 0, 0, 0, time.UTC)
	clock := func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		return now
	}
	up := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	_, base, w := startProxy(t, up.URL, Config{Now: clock})
	url := base + "/mcp"
	get := map[string]string{"Accept": "text/event-stream", "MCP-Protocol-Version": "2025-11-25"}
	if st, _ := send(t, http.MethodPost, url, initialize, nil); st != http.StatusOK {
		t.Fatalf("initialize answered %d", st)
	}
	send(t, http.MethodGet, url, "", get)
	w.record(t, 1, "the GET in the initialize's session", func(r mcp.Record) bool {
		return r.HTTP != nil && r.HTTP.Purpose == mcp.PurposeRelay && r.HTTP.Method == http.MethodGet
	})
	mu.Lock()
	now = now.Add(time.Minute)
	mu.Unlock()
	send(t, http.MethodGet, url, "", get)
	send(t, http.MethodPost, url, initialize, nil)
	w.until(t, "the later GET and initialize in a session of their own", func() bool {
		if len(w.clients) != 2 {
			return false
		}
		var got, init bool
		for _, r := range w.recs[2] {
			got = got || r.HTTP != nil && r.HTTP.Purpose == mcp.PurposeRelay && r.HTTP.Method == http.MethodGet
			init = init || r.Kind == mcp.KindReceived && r.RPC != nil && r.RPC.Method == "initialize"
		}
		return got && init
	})
	for _, c := range w.sessions() {
		if c.Transport != mcp.TransportStreamable {
			t.Errorf("session %d is %s, want streamable", c.ID, c.Transport)
		}
	}
}

// A client that asks for an event stream, is refused one and says nothing
// more (a legacy HTTP+SSE client pointed at a streamable URL, say) is
// done: its session ends saying so, rather than stay open for an
// initialize that does not come.
func TestRefusedGetWithNoInitializeEnds(t *testing.T) {
	recs, c := refusedGetEnd(t, mcptest.NewStreamable(t, mcptest.StreamableOptions{GET: mcptest.GETNone}).URL, "/mcp", http.StatusMethodNotAllowed)
	if end := recs[len(recs)-1]; end.State == nil || !strings.Contains(end.State.Detail, "did not initialize") {
		t.Errorf("the session ends with %s, want it to say the client did not initialize", describe(end))
	}
	if c.Transport != mcp.TransportStreamable {
		t.Errorf("the refused GET is a %s session, want streamable", c.Transport)
	}
}
