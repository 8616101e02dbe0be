package proxy

import (
	"bufio"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A client that leaves in the middle of a response stream: the upstream
// request is closed (on 2026 that cancels it), the request's pair says the
// client cancelled it by closing its stream, and what came before stays in
// the record.
func TestClientLeavesMidStream(t *testing.T) {
	upstreamClosed := make(chan struct{})
	fake := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method != "tools/call" {
			x.Default()
			return
		}
		_ = x.Notify("notifications/message", map[string]any{"level": "info", "data": "working"})
		<-x.Context().Done()
		close(upstreamClosed)
	}})
	_, base, w := startProxy(t, fake.URL, Config{})
	ctx, cancel := contextWithCancel(t)
	req, _ := http.NewRequestWithContext(ctx, "POST", base+"/mcp", strings.NewReader(request2026("7", "tools/call", `"name":"forecast","arguments":{"city":"Oslo"}`, "leaver")))
	for _, kv := range [][2]string{{"Content-Type", "application/json"}, {"Accept", "application/json, text/event-stream"},
		{"MCP-Protocol-Version", "2026-07-28"}, {"Mcp-Method", "tools/call"}, {"Mcp-Name", "forecast"}} {
		req.Header.Set(kv[0], kv[1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if ev := nextEvent(t, bufio.NewReader(resp.Body)); !strings.Contains(ev, "working") {
		t.Fatalf("first event %q, want the notification relayed before the answer", ev)
	}
	cancel()
	resp.Body.Close()
	select {
	case <-upstreamClosed:
	case <-bounded(t).Done():
		t.Fatal("the upstream request stayed open after the client left")
	}
	c := w.sessions()[0]
	req7 := w.record(t, c.ID, "the request", func(r mcp.Record) bool { return r.Kind == mcp.KindSent && r.RPC.ID == "7" })
	fail := w.record(t, c.ID, "the request failed as cancelled", func(r mcp.Record) bool {
		return r.Error != nil && r.Error.ReqSeq == req7.Seq && r.Error.Op == mcp.OpCancelled
	})
	if !StreamClosedCancelled(fail.Error) {
		t.Errorf("the failure says %q, want that the client cancelled it by closing its stream", fail.Error.Message)
	}
	w.record(t, c.ID, "the notification kept", func(r mcp.Record) bool {
		return r.Kind == mcp.KindReceived && r.RPC.Method == "notifications/message"
	})
}

// A legacy client that closes its stream: the upstream stream is closed
// too, the session ends, and a request still waiting on the stream is
// marked.
func TestLegacyClientClosesItsStream(t *testing.T) {
	fake := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		if strings.Contains(string(c.Body), `"tools/call"`) {
			return // accepted, never answered
		}
		c.Default()
	}})
	_, base, w := startProxy(t, fake.URL, Config{})
	ctx, cancel := contextWithCancel(t)
	req, _ := http.NewRequestWithContext(ctx, "GET", base+"/sse", nil)
	req.Header.Set("Accept", "text/event-stream")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReader(resp.Body)
	ev := nextEvent(t, br)
	data := strings.TrimSpace(strings.TrimPrefix(strings.Split(ev, "\n")[1], "data:"))
	post := rawPost(t, base+data, `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"echo"}}`)
	if post.StatusCode != http.StatusAccepted {
		t.Fatalf("POST through the proxy: %s", post.Status)
	}
	conn, err := fake.WaitConn(bounded(t))
	if err != nil {
		t.Fatal(err)
	}
	cancel()
	resp.Body.Close()
	select {
	case <-conn.Done():
	case <-bounded(t).Done():
		t.Fatal("the upstream stream stayed open after the client closed its own")
	}
	c := w.sessions()[0]
	w.until(t, "the session to end", func() bool { return w.ended[c.ID] })
	w.record(t, c.ID, "the closed state", func(r mcp.Record) bool {
		return r.State != nil && r.State.State == mcp.StateClosed && strings.Contains(r.State.Detail, "client closed")
	})
	w.record(t, c.ID, "the waiting request marked", func(r mcp.Record) bool {
		return r.Error != nil && r.Error.ReqSeq != 0 && r.Error.Op == mcp.OpStream
	})
}

// An upstream that cannot be reached: the client gets a clean 502 with a
// text body saying so, and the record says what happened.
func TestUnreachableUpstreamAnswers502(t *testing.T) {
	dead := "http://" + mcptest.ClosedAddr(t)
	_, base, w := startProxy(t, dead, Config{})
	resp := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clientInfo":{"name":"x","version":"1"}}}`)
	body := readAll(t, resp.Body)
	if resp.StatusCode != http.StatusBadGateway || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/plain") || !strings.Contains(body, "cannot reach the upstream") {
		t.Errorf("answer %s %q %q, want 502 text saying the upstream is unreachable", resp.Status, resp.Header.Get("Content-Type"), body)
	}
	stream := rawDo(t, "GET", base+"/sse", "", "Accept", "text/event-stream")
	if stream.StatusCode != http.StatusBadGateway {
		t.Errorf("a legacy stream got %s, want 502", stream.Status)
	}
	c := w.sessions()[0]
	w.record(t, c.ID, "the failed request", func(r mcp.Record) bool {
		return r.Error != nil && r.Error.Cause == mcp.CauseUnreachable && r.Error.ReqSeq != 0
	})
	w.record(t, c.ID, "the client's 502", func(r mcp.Record) bool {
		return r.HTTP != nil && r.HTTP.Purpose == mcp.PurposeRelay && r.HTTP.Status == http.StatusBadGateway
	})
}

// garbage is an upstream that answers bytes no MCP server should: a JSON
// answer that is not JSON, an event stream of invalid bytes, or a stream
// that breaks off in the middle of an event.
func garbage(t *testing.T) *httptest.Server {
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/json":
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, "this is {not json\x00\xff")
		case "/sse":
			w.Header().Set("Content-Type", "text/event-stream")
			io.WriteString(w, "data: \xff\xfe{\"jsonrpc\r\n\r\nevent:\n: x\n\nretry: x\r\rdata")
		case "/break":
			w.Header().Set("Content-Type", "text/event-stream")
			io.WriteString(w, "event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\"}\n\ndata: {\"half")
			w.(http.Flusher).Flush()
			conn, _, err := http.NewResponseController(w).Hijack()
			if err == nil {
				conn.Close()
			}
		default:
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, `{"jsonrpc":"2.0","id":1,"result":{}}`)
		}
	}))
	t.Cleanup(ts.Close)
	return ts
}

// Garbage from upstream reaches the client exactly as sent and is
// recorded as received; a stream that breaks breaks the client's answer
// too; and the proxy goes on serving.
func TestGarbageFromUpstreamIsRelayedAsIs(t *testing.T) {
	up := garbage(t)
	_, base, w := startProxy(t, up.URL, Config{})
	msg := `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`

	resp := rawPost(t, base+"/json", msg, "Accept", "application/json, text/event-stream")
	if got := readAll(t, resp.Body); got != "this is {not json\x00\xff" {
		t.Errorf("the client got %q, want upstream's bytes", got)
	}
	resp = rawPost(t, base+"/sse", msg, "Accept", "application/json, text/event-stream")
	if got := readAll(t, resp.Body); got != "data: \xff\xfe{\"jsonrpc\r\n\r\nevent:\n: x\n\nretry: x\r\rdata" {
		t.Errorf("the client got %q, want upstream's bytes", got)
	}
	resp = rawPost(t, base+"/break", msg, "Accept", "application/json, text/event-stream")
	got, err := io.ReadAll(resp.Body)
	if err == nil {
		t.Errorf("the client read %q to a clean end, want the stream to break as upstream's did", got)
	}
	if !strings.HasPrefix(string(got), "event: message\n") {
		t.Errorf("the client got %q before the break, want what upstream sent", got)
	}
	resp = rawPost(t, base+"/ok", msg, "Accept", "application/json, text/event-stream")
	if got := readAll(t, resp.Body); !strings.Contains(got, `"result"`) {
		t.Errorf("after the garbage the proxy answered %q, want it to go on serving", got)
	}

	// The records come after the bytes the client got: wait for them.
	// until holds w.mu while it asks, so the condition reads w.recs itself.
	w.until(t, "the invalid JSON and the broken stream recorded", func() bool {
		var invalid, broke bool
		for _, recs := range w.recs {
			for _, r := range recs {
				if r.Kind == mcp.KindReceived && r.RPC.Class == mcp.ClassInvalid && string(r.RPC.Raw) == "this is {not json\x00\xff" {
					invalid = true
				}
				if r.Error != nil && r.Error.Cause == mcp.CauseStreamEnded && strings.Contains(r.Error.Message, "broke off") {
					broke = true
				}
			}
		}
		return invalid && broke
	})
}
