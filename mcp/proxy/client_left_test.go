package proxy

import (
	"context"
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
// request of the session relays ends nothing while the client goes on.
// A client killed mid-call, whose stream and call are cut together, has
// left too: its session ends once the call is gone, where it read as live
// until the proxy stopped.
func TestClientClosingItsStreamAloneEndsItsSession(t *testing.T) {
	calling := make(chan struct{}, 1)
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
			calling <- struct{}{}
			held := release
			if r.Header.Get("Mcp-Session-Id") != "calling" {
				held = nil // held until its client goes
			}
			select {
			case <-held:
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

	// call sends a tools/call of session sid as long as ctx lasts, and
	// returns once upstream holds it.
	call := func(ctx context.Context, sid string) {
		t.Helper()
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/mcp", strings.NewReader(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"slow"}}`))
		if err != nil {
			t.Fatal(err)
		}
		for k, v := range map[string]string{"Content-Type": "application/json", "Accept": "application/json, text/event-stream", "Mcp-Session-Id": sid, "MCP-Protocol-Version": "2025-11-25"} {
			req.Header.Set(k, v)
		}
		go func() {
			if resp, err := http.DefaultClient.Do(req); err == nil {
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
		}()
		select {
		case <-calling:
		case <-time.After(testTimeout):
			t.Fatal("the call never reached upstream")
		}
	}
	// endsLeft waits for session s to end saying its client left.
	endsLeft := func(s *Client, what string) {
		t.Helper()
		w.until(t, what+" to end", func() bool { return w.ended[s.ID] })
		recs := w.records(s.ID)
		if last := recs[len(recs)-1]; last.State == nil || last.State.State != mcp.StateClosed || !strings.Contains(last.State.Detail, "it left") {
			t.Errorf("%s ends with %s, want closed saying its client left", what, describe(last))
		}
	}

	sid, _ = c.initialize("calling")
	calls := c.session("calling")
	call(bounded(t), sid)
	_, end := c.stream(sid)
	end()
	closedBy(calls, "the client")
	live(calls, sid, "a session whose call relayed as its client closed its stream")
	close(release)

	// Killed mid-call: the stream goes, and the call with it. The stream's
	// close is awaited so the call ends last, as a stream closed alone
	// already ended its session.
	sid, _ = c.initialize("killed")
	_, end = c.stream(sid)
	killed := c.session("killed")
	ctx, cut := contextWithCancel(t)
	call(ctx, sid)
	end()
	closedBy(killed, "the client")
	cut()
	endsLeft(killed, "the killed client's session")

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
	endsLeft(leaving, "the session")
	if resp := c.ping(sid); resp.StatusCode != http.StatusOK {
		t.Fatalf("ping after the client came back: %s", resp.Status)
	}
	want := fmt.Sprintf("session %s again, whose recording (client session %d) ended when the client closed its GET stream", sid, leaving.ID)
	w.clientWith(t, "the session of the client that came back", func(r mcp.Record) bool {
		return r.Detect != nil && strings.Contains(r.Detect.Reason, want)
	})
}
