package proxy

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// initializeBody is a client's initialize, as the tests here send it.
const initializeBody = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`

// stateOf waits for session id's state record in state whose detail holds
// want, and returns that detail.
func stateOf(t *testing.T, w *watched, id int, state, want string) string {
	t.Helper()
	return w.record(t, id, "a "+state+" state saying "+want, inState(state, want)).State.Detail
}

// An initialize whose result is larger than --max-event-size is relayed to
// the client unread: the client has its session and goes on in it, so the
// session is shown open, saying the answer was not read, where it stayed
// neither open nor ended.
func TestInitializeAnswerTooLargeOpensTheSession(t *testing.T) {
	for _, tc := range []struct {
		sse  bool
		size int
	}{
		// Many reads long: the stream goes on past the limit.
		{false, 256 << 10}, {true, 256 << 10},
		// One read long: the stream's end comes with the event.
		{false, 16 << 10}, {true, 16 << 10},
	} {
		sse := tc.sse
		fake := mcptest.NewStreamable(t, mcptest.StreamableOptions{GET: mcptest.GETNone,
			Handle: mcptest.HandleMethod("initialize", func(x *mcptest.Exchange) {
				if sse {
					x.SSE()
				} else {
					x.JSON()
				}
				x.Result(map[string]any{"protocolVersion": "2025-11-25", "capabilities": map[string]any{},
					"serverInfo": map[string]any{"name": "big", "version": strings.Repeat("x", tc.size)}})
			})})
		_, base, w := startProxy(t, fake.URL, Config{MaxEventSize: 4 << 10})
		resp := rawPost(t, base+"/mcp", initializeBody, "Accept", "application/json, text/event-stream")
		body := readAll(t, resp.Body)
		sid := resp.Header.Get("Mcp-Session-Id")
		if sid == "" || !strings.Contains(body, `"result"`) {
			t.Fatalf("sse=%v, %d bytes: the client got %s, session %q, %d bytes: want upstream's result whole", sse, tc.size, resp.Status, sid, len(body))
		}
		w.until(t, "a session", func() bool { return len(w.clients) == 1 })
		stateOf(t, w, w.sessions()[0].ID, mcp.StateOpen, "session "+sid+"; upstream answered the initialize 200 OK, larger than --max-event-size, so the proxy relayed it unread")
	}
}

// An initialize upstream took with a success that held no answer, or
// whose answer broke off, or whose client left before the answer came,
// began nothing: the session ends saying so, where it stayed neither open
// nor ended for as long as the proxy ran. So does one answered with a
// JSON-RPC error by a server that keeps no session. A JSON answer larger
// than --max-event-size that broke off is no answer either: it was said
// "relayed whole" and the session open, and the break "after the answer
// came"; nor is an event larger than it that the stream's end cut off
// (no blank line ended it, so the client's EventSource dropped it).
func TestInitializeWithoutAResultEndsTheSession(t *testing.T) {
	reached := make(chan struct{}) // upstream has the initialize the client leaves before its headers
	for _, tc := range []struct {
		name      string
		noSession bool
		maxEvent  int // --max-event-size; 0 for its default
		handle    func(x *mcptest.Exchange)
		leave     string // "headers": the client leaves once it has them; "before": before they come
		want      string
	}{
		{name: "stream ends", handle: func(x *mcptest.Exchange) { x.Cut(0) },
			want: "the initialize got no answer: upstream's 200 OK (though naming session "},
		{name: "stream breaks", handle: func(x *mcptest.Exchange) { _ = x.FlushHeaders(); x.Break() },
			want: ") broke off before it: no session began"},
		{name: "too large, breaks", maxEvent: 4 << 10, handle: func(x *mcptest.Exchange) {
			// Less than the length announced: the answer breaks off.
			x.Header().Set("Content-Length", "100000")
			x.StatusOpen(http.StatusOK, "application/json", `{"jsonrpc":"2.0","id":1,"result":{"serverInfo":{"name":"`+strings.Repeat("x", 16<<10))
			x.Break()
		}, want: ") broke off before it: no session began"},
		{name: "too large, ends mid-event", maxEvent: 4 << 10, handle: func(x *mcptest.Exchange) {
			_ = x.WriteRaw(`data: {"jsonrpc":"2.0","id":1,"result":{"serverInfo":{"name":"` + strings.Repeat("x", 256<<10))
			x.Cut(0)
		}, want: ") ended without it: no session began"},
		{name: "too large, ends mid-event in one read", maxEvent: 4 << 10, handle: func(x *mcptest.Exchange) {
			_ = x.WriteRaw(`data: {"jsonrpc":"2.0","id":1,"result":{"serverInfo":{"name":"` + strings.Repeat("x", 16<<10) + "\n")
			x.Cut(0)
		}, want: ") ended without it: no session began"},
		{name: "error, no session", noSession: true, handle: func(x *mcptest.Exchange) { x.JSON(); x.Error(-32603, "cannot start") },
			want: "the initialize failed: upstream answered JSON-RPC error -32603: cannot start: no session began"},
		{name: "client leaves", leave: "headers", handle: func(x *mcptest.Exchange) { _ = x.FlushHeaders(); <-x.Context().Done() },
			want: "the client left before upstream's answer to its initialize came: no session began"},
		{name: "client leaves before headers", leave: "before", handle: func(x *mcptest.Exchange) { close(reached); <-x.Context().Done() },
			want: "the client left before upstream's answer to its initialize came: no session began"},
	} {
		fake := mcptest.NewStreamable(t, mcptest.StreamableOptions{GET: mcptest.GETNone, NoSessionID: tc.noSession,
			Handle: mcptest.HandleMethod("initialize", tc.handle)})
		_, base, w := startProxy(t, fake.URL, Config{MaxEventSize: tc.maxEvent})
		ctx, leave := contextWithCancel(t)
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, base+"/mcp", strings.NewReader(initializeBody))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if tc.leave == "before" {
			go func() {
				<-reached
				leave()
			}()
		}
		resp, err := http.DefaultClient.Do(req)
		switch {
		case tc.leave == "before":
			if err == nil {
				resp.Body.Close()
				t.Fatalf("%s: the client got %s, want none (it left)", tc.name, resp.Status)
			}
		case err != nil:
			t.Fatalf("%s: %v", tc.name, err)
		case tc.leave == "headers":
			leave()
			resp.Body.Close()
		default:
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
		w.until(t, "a session", func() bool { return len(w.clients) == 1 })
		id := w.sessions()[0].ID
		if got := stateOf(t, w, id, mcp.StateClosed, tc.want); tc.name == "stream ends" && !strings.HasSuffix(got, ") ended without it: no session began") {
			t.Errorf("%s: the session closed with %q, want it to say the answer ended without the initialize's", tc.name, got)
		}
		for _, r := range w.records(id) {
			if r.State != nil && r.State.State == mcp.StateOpen {
				t.Errorf("%s: the session was said open: %+v", tc.name, *r.State)
			}
			if r.Error != nil && (strings.Contains(r.Error.Message, "relayed whole") || strings.Contains(r.Error.Message, "after the answer came")) {
				t.Errorf("%s: a record says upstream's answer came whole: %s", tc.name, r.Error.Message)
			}
		}
	}
}
