package proxy

import (
	"bufio"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A request upstream answers 202 with no body, when the client has no GET
// stream open (it never asked for one), waits for an answer that can come
// only on a GET stream: the proxy says so at once, in the words a Session
// fails such a request with, and when the session ends with it
// unanswered, the request fails saying it was never answered. It waited
// in the recording until the session ended, with nothing said.
func TestRequestAcceptedWithNoGetStreamOpenIsSaid(t *testing.T) {
	fake := mcptest.NewStreamable(t, mcptest.StreamableOptions{RejectModern: true, Handle: acceptToolsList})
	_, base, w := startProxy(t, fake.URL, Config{})
	session := rawSession(t, base, "2025-11-25")
	resp := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`, session...)
	if body := readAll(t, resp.Body); resp.StatusCode != http.StatusAccepted || body != "" {
		t.Fatalf("the client got %s %q, want upstream's empty 202", resp.Status, body)
	}
	c := w.clientWith(t, "the tools/list sent", func(r mcp.Record) bool {
		return r.Kind == mcp.KindSent && r.RPC != nil && r.RPC.Method == "tools/list"
	})
	awaitsGetSaid(t, w, c, base, session, noGetOpened)
}

// With the client's GET stream open, a request upstream answers 202 with
// no body has a stream its answer can come on: nothing is said of it.
func TestRequestAcceptedWithGetStreamOpenWaitsQuietly(t *testing.T) {
	up := mcptest.NewStreamable(t, mcptest.StreamableOptions{RejectModern: true, Handle: acceptToolsList})
	_, base, w := startProxy(t, up.URL, Config{})
	session := rawSession(t, base, "2025-11-25")
	get := rawDo(t, http.MethodGet, base+"/mcp", "", append(session, "Accept", "text/event-stream")...)
	if get.StatusCode != http.StatusOK {
		t.Fatalf("the client's GET got %s, want a stream", get.Status)
	}
	c := w.clientWith(t, "the GET stream open", inState(mcp.StateGetStream, "open (the client's)"))
	acceptedQuietly(t, w, c, base, session, get)
}

// acceptToolsList answers tools/list 202 with no body, and the rest as
// the fake does.
func acceptToolsList(x *mcptest.Exchange) {
	if x.Method == "tools/list" {
		x.Accept()
		return
	}
	x.Default()
}

// A client that reopens its dropped GET stream with Last-Event-ID (the Go
// and TypeScript SDKs do) has a GET stream open again, the resumed one: a
// request upstream answers 202 with no body then has a stream its answer
// can come on, and nothing is said of it. It was said to wait for a GET
// stream the client had not opened.
func TestRequestAcceptedWithGetStreamReopenedWaitsQuietly(t *testing.T) {
	up := mcptest.NewStreamable(t, mcptest.StreamableOptions{RejectModern: true, Store: mcptest.StoreStream, Handle: acceptToolsList})
	_, base, w := startProxy(t, up.URL, Config{})
	session := rawSession(t, base, "2025-11-25")
	stream := append(session, "Accept", "text/event-stream")
	get := rawDo(t, http.MethodGet, base+"/mcp", "", stream...)
	if get.StatusCode != http.StatusOK {
		t.Fatalf("the client's GET got %s, want a stream", get.Status)
	}
	c := w.clientWith(t, "the GET stream open", inState(mcp.StateGetStream, "open (the client's)"))
	sess := up.Sessions()[0]
	// Two logs: the reopened stream replays the second, from the first.
	for range 2 {
		if err := sess.Notify("notifications/message", map[string]any{"level": "info", "data": "hello"}); err != nil {
			t.Fatal(err)
		}
	}
	br := bufio.NewReader(get.Body)
	ev := nextEvent(t, br)
	if strings.HasPrefix(ev, ":") {
		ev = nextEvent(t, br) // the fake's opening comment
	}
	_, after, ok := strings.Cut(ev, "id:")
	if !ok {
		t.Fatalf("the GET stream's event %q has no id", ev)
	}
	last, _, _ := strings.Cut(strings.TrimSpace(after), "\n")
	get.Body.Close()
	w.record(t, c.ID, "the GET stream closed by the client", func(r mcp.Record) bool { return StreamClosed(r.State) })
	// The proxy says the stream closed when the client closed it; upstream
	// lets go of it only when it sees the proxy's GET gone, a moment later
	// on a busy machine, and until then answers the resumed GET 409.
	if _, err := up.WaitRequest(bounded(t), func(r mcptest.Request) bool {
		return r.Method == http.MethodGet && r.Header.Get("Last-Event-ID") == "" && r.Ended
	}); err != nil {
		t.Fatalf("upstream never saw the proxy's first GET stream end: %v", err)
	}
	again := rawDo(t, http.MethodGet, base+"/mcp", "", append(stream, "Last-Event-ID", last)...)
	if again.StatusCode != http.StatusOK {
		t.Fatalf("the client's GET from event %s got %s, want the stream resumed", last, again.Status)
	}
	w.record(t, c.ID, "the GET stream resumed", inState(mcp.StateResumed, "upstream replays from event"))
	acceptedQuietly(t, w, c, base, session, again)
}

// acceptedQuietly sends a tools/list upstream answers 202 while the
// client's GET stream get is open, ends the session, and checks nothing
// was said of the answer waiting for a GET stream.
func acceptedQuietly(t *testing.T, w *watched, c *Client, base string, session []string, get *http.Response) {
	t.Helper()
	readAll(t, rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`, session...).Body)
	readAll(t, rawDo(t, http.MethodDelete, base+"/mcp", "", session...).Body)
	get.Body.Close()
	w.allEnded(t, 1)
	if n := w.count(c.ID, func(r mcp.Record) bool { return AnswerAwaitsGet(r.State) }); n != 0 {
		t.Errorf("the note was said %d times with the client's GET stream open, want never\n%s", n, w.dump())
	}
}

// A request upstream answered 202 with no GET stream open is said to
// wait for one; once the client opens its GET stream, the answer has a
// stream to come on, and a session that ends with it unanswered does not
// fail it saying the client had not opened one. It did.
func TestRequestAcceptedBeforeGetStreamOpensIsNotFailedForNoGet(t *testing.T) {
	up := mcptest.NewStreamable(t, mcptest.StreamableOptions{RejectModern: true, Handle: acceptToolsList})
	_, base, w := startProxy(t, up.URL, Config{})
	session := rawSession(t, base, "2025-11-25")
	readAll(t, rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`, session...).Body)
	c := w.clientWith(t, "the note that its answer needs a GET stream", func(r mcp.Record) bool { return AnswerAwaitsGet(r.State) })
	get := rawDo(t, http.MethodGet, base+"/mcp", "", append(session, "Accept", "text/event-stream")...)
	if get.StatusCode != http.StatusOK {
		t.Fatalf("the client's GET got %s, want a stream", get.Status)
	}
	w.record(t, c.ID, "the GET stream open", inState(mcp.StateGetStream, "open (the client's)"))
	readAll(t, rawDo(t, http.MethodDelete, base+"/mcp", "", session...).Body)
	get.Body.Close()
	w.allEnded(t, 1)
	if n := w.count(c.ID, func(r mcp.Record) bool {
		return r.Error != nil && strings.Contains(r.Error.Message, noGetOpened)
	}); n != 0 {
		t.Errorf("the tools/list failed %d times saying the client had not opened a GET stream, after it opened one\n%s", n, w.dump())
	}
}
