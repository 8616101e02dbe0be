package proxy

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A client that closes its GET stream with nothing else of its session
// open, and sends no DELETE (the MCP Inspector CLI), has left: its session
// ends when nothing more comes, where it read as live until the proxy
// stopped, and the client coming back with the id begins a session that
// says which one this was. A DELETE that comes at once goes on in the
// session; a stream upstream ends, or one the client closes while a
// request of the session relays, ends nothing.
func TestClientClosingItsStreamAloneEndsItsSession(t *testing.T) {
	calling := make(chan struct{})
	release := make(chan struct{})
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		switch {
		case r.Method == http.MethodGet:
			w.Header().Set("Content-Type", "text/event-stream")
			w.WriteHeader(http.StatusOK)
			_, _ = io.WriteString(w, ": ok\n\n")
			w.(http.Flusher).Flush()
			if r.Header.Get("Mcp-Session-Id") != "upstream-ends" {
				<-r.Context().Done()
			}
			return
		case strings.Contains(string(body), `"initialize"`):
			name := string(body[strings.Index(string(body), `"name":"`)+len(`"name":"`):])
			w.Header().Set("Mcp-Session-Id", name[:strings.Index(name, `"`)])
		case strings.Contains(string(body), `"tools/call"`):
			close(calling)
			select {
			case <-release:
			case <-r.Context().Done():
				return
			}
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"up","version":"1"}}}`)
	}))
	t.Cleanup(up.Close)
	_, base, w := startProxy(t, up.URL, Config{})
	c := &crowd{t: t, base: base, w: w}
	closedBy := func(s *Client, who string) {
		t.Helper()
		w.record(t, s.ID, "the stream "+closedBy+who, func(r mcp.Record) bool { return StreamClosed(r.State) && r.State.Detail == closedBy+who })
	}
	live := func(s *Client, sid, what string) {
		t.Helper()
		if resp := c.ping(sid); resp.StatusCode != http.StatusOK {
			t.Fatalf("ping in %s: %s", what, resp.Status)
		}
		w.record(t, s.ID, "the ping in "+what, func(r mcp.Record) bool { return r.RPC != nil && r.RPC.Method == "ping" })
		w.mu.Lock()
		ended := w.ended[s.ID]
		w.mu.Unlock()
		if ended {
			t.Errorf("%s ended:\n%s", what, w.dump())
		}
	}

	sid, _ := c.initialize("upstream-ends")
	c.stream(sid)
	ends := c.session("upstream-ends")
	closedBy(ends, "upstream")
	live(ends, sid, "a session whose stream upstream ended")

	sid, _ = c.initialize("calling")
	calls := c.session("calling")
	go func() {
		resp := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"slow"}}`,
			"Accept", "application/json, text/event-stream", "Mcp-Session-Id", sid)
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}()
	select {
	case <-calling:
	case <-time.After(testTimeout):
		t.Fatal("the call never reached upstream")
	}
	_, end := c.stream(sid)
	end()
	closedBy(calls, "the client")
	close(release)
	live(calls, sid, "a session whose call relayed as its client closed its stream")

	// mcpscope's own client closes its stream, then sends its DELETE.
	sid, _ = c.initialize("deleting")
	_, end = c.stream(sid)
	deleting := c.session("deleting")
	end()
	closedBy(deleting, "the client")
	readAll(t, rawDo(t, http.MethodDelete, base+"/mcp", "", "Mcp-Session-Id", sid).Body)
	w.until(t, "the DELETE to end the session", func() bool { return w.ended[deleting.ID] })
	recs := w.records(deleting.ID)
	if last := recs[len(recs)-1]; last.State == nil || !strings.Contains(last.State.Detail, "DELETE") {
		t.Errorf("the session ends with %s, want closed by its DELETE", describe(last))
	}

	sid, _ = c.initialize("leaving")
	_, end = c.stream(sid)
	leaving := c.session("leaving")
	end()
	closedBy(leaving, "the client")
	w.until(t, "the session to end", func() bool { return w.ended[leaving.ID] })
	recs = w.records(leaving.ID)
	if last := recs[len(recs)-1]; last.State == nil || last.State.State != mcp.StateClosed || !strings.Contains(last.State.Detail, "it left") {
		t.Errorf("the session ends with %s, want closed saying its client left", describe(last))
	}
	if resp := c.ping(sid); resp.StatusCode != http.StatusOK {
		t.Fatalf("ping after the client came back: %s", resp.Status)
	}
	want := fmt.Sprintf("session %s again, whose recording (client session %d) ended when the client closed its GET stream", sid, leaving.ID)
	w.clientWith(t, "the session of the client that came back", func(r mcp.Record) bool {
		return r.Detect != nil && strings.Contains(r.Detect.Reason, want)
	})
}
