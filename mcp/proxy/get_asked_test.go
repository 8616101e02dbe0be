package proxy

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// heldGets fronts a streamable fake (opts) with a relay that holds each
// GET until the test answers it: arrived says it came, and the status
// sent on release is what it gets (200 relays it to the fake; anything
// else is answered so, with no body).
type heldGets struct {
	url     string
	arrived chan struct{}
	release chan int
}

func holdGets(t *testing.T, opts mcptest.StreamableOptions) *heldGets {
	t.Helper()
	fake := mcptest.NewStreamable(t, opts)
	h := &heldGets{arrived: make(chan struct{}, 4), release: make(chan int, 4)}
	front := mcptest.Front(t, fake.URL, func(w http.ResponseWriter, r *http.Request, _ []byte) bool {
		if r.Method != http.MethodGet {
			return false
		}
		h.arrived <- struct{}{}
		select {
		case status := <-h.release:
			if status == http.StatusOK {
				return false
			}
			w.WriteHeader(status)
		case <-r.Context().Done():
		}
		return true
	})
	h.url = front.URL
	return h
}

// getHeld sends the client's GET (headers, plus these) in the background
// and waits until the front holds it; the response comes on the channel.
func (h *heldGets) getHeld(t *testing.T, base string, headers ...string) <-chan *http.Response {
	t.Helper()
	got := make(chan *http.Response, 1)
	go func() {
		req, err := http.NewRequestWithContext(bounded(t), http.MethodGet, base+"/mcp", nil)
		if err != nil {
			got <- nil
			return
		}
		for i := 0; i+1 < len(headers); i += 2 {
			req.Header.Set(headers[i], headers[i+1])
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			resp = nil
		}
		got <- resp
	}()
	select {
	case <-h.arrived:
	case <-bounded(t).Done():
		t.Fatal("the client's GET never reached upstream")
	}
	return got
}

// answered is the client's GET's response, once upstream answered it.
func answered(t *testing.T, got <-chan *http.Response) *http.Response {
	t.Helper()
	select {
	case resp := <-got:
		if resp == nil {
			t.Fatal("the client's GET failed")
		}
		t.Cleanup(func() { resp.Body.Close() })
		return resp
	case <-bounded(t).Done():
		t.Fatal("the client's GET got no answer")
	}
	return nil
}

// A client that opens its GET stream and posts at once (as SDK clients
// do) has its GET stream as far as it knows: a request upstream answers
// 202 before upstream answered the GET has a stream its answer can come
// on, and nothing is said. It was said to have no GET stream open.
func TestRequestAcceptedWhileGetIsAnsweredWaitsQuietly(t *testing.T) {
	h := holdGets(t, mcptest.StreamableOptions{RejectModern: true, Handle: acceptToolsList})
	_, base, w := startProxy(t, h.url, Config{})
	session := rawSession(t, base, "2025-11-25")
	got := h.getHeld(t, base, append(session, "Accept", "text/event-stream")...)
	readAll(t, rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`, session...).Body)
	h.release <- http.StatusOK
	get := answered(t, got)
	if get.StatusCode != http.StatusOK {
		t.Fatalf("the client's GET got %s, want a stream", get.Status)
	}
	c := w.clientWith(t, "the GET stream open", inState(mcp.StateGetStream, "open (the client's)"))
	readAll(t, rawDo(t, http.MethodDelete, base+"/mcp", "", session...).Body)
	get.Body.Close()
	w.allEnded(t, 1)
	if n := w.count(c.ID, func(r mcp.Record) bool { return AnswerAwaitsGet(r.State) }); n != 0 {
		t.Errorf("the note was said %d times with the client's GET asked for and then open, want never\n%s", n, w.dump())
	}
}

// A GET upstream fails after a request was answered 202 while it was
// asked for opened nothing: the request is said to wait for a GET stream
// then, and fails as never answered when the session ends, saying what
// upstream answered the client's GET. It said the client had not opened
// one, though it had asked for one.
func TestRequestAcceptedWhileGetFailsIsSaidWhenItFails(t *testing.T) {
	h := holdGets(t, mcptest.StreamableOptions{RejectModern: true, Handle: acceptToolsList})
	_, base, w := startProxy(t, h.url, Config{})
	session := rawSession(t, base, "2025-11-25")
	got := h.getHeld(t, base, append(session, "Accept", "text/event-stream")...)
	readAll(t, rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`, session...).Body)
	c := w.clientWith(t, "the tools/list sent", func(r mcp.Record) bool {
		return r.Kind == mcp.KindSent && r.RPC != nil && r.RPC.Method == "tools/list"
	})
	h.release <- http.StatusServiceUnavailable
	if get := answered(t, got); get.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("the client's GET got %s, want upstream's 503", get.Status)
	}
	awaitsGetSaid(t, w, c, base, session, "upstream answered the client's GET 503 Service Unavailable, not with a stream, and no other stream could carry it")
}

// A client resuming with Last-Event-ID a stream upstream refuses to
// resume (400, as a server with no event store answers) has no GET
// stream open: a request upstream answered 202 while the resumption was
// asked for is said to wait for one once upstream refused it, and one
// answered 202 after is said to at once.
func TestRequestAcceptedWithResumeRefusedIsSaid(t *testing.T) {
	for _, during := range []bool{true, false} {
		name := map[bool]string{true: "while asked", false: "after"}[during]
		t.Run(name, func(t *testing.T) {
			h := holdGets(t, mcptest.StreamableOptions{RejectModern: true, Store: mcptest.StoreNone, Handle: acceptToolsList})
			_, base, w := startProxy(t, h.url, Config{})
			session := rawSession(t, base, "2025-11-25")
			got := h.getHeld(t, base, append(session, "Accept", "text/event-stream", "Last-Event-ID", "7")...)
			if during {
				readAll(t, rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`, session...).Body)
			}
			h.release <- http.StatusOK
			get := answered(t, got)
			if get.StatusCode/100 != 4 {
				t.Fatalf("the client's resumption got %s, want upstream's refusal", get.Status)
			}
			why := "upstream answered the client's GET " + get.Status + ", not with a stream, and no other stream could carry it"
			if !during {
				readAll(t, rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`, session...).Body)
			}
			c := w.clientWith(t, "the tools/list sent", func(r mcp.Record) bool {
				return r.Kind == mcp.KindSent && r.RPC != nil && r.RPC.Method == "tools/list"
			})
			if !during {
				why = noGetOpened
			}
			awaitsGetSaid(t, w, c, base, session, why)
		})
	}
}

// awaitsGetSaid checks that session c's tools/list id 2 is said, once, to
// wait for a GET stream, for the reason why, and, once the client ends
// the session, fails as never answered, for that reason.
func awaitsGetSaid(t *testing.T, w *watched, c *Client, base string, session []string, why string) {
	t.Helper()
	said := w.record(t, c.ID, "the note that its answer needs a GET stream", func(r mcp.Record) bool { return AnswerAwaitsGet(r.State) })
	if want := "with no answer in its body to tools/list id=2, and no stream is open that could carry one (" + why + ")"; !strings.Contains(said.State.Detail, want) {
		t.Errorf("the note says %q, want it to say %q", said.State.Detail, want)
	}
	readAll(t, rawDo(t, http.MethodDelete, base+"/mcp", "", session...).Body)
	w.allEnded(t, 1)
	failed := w.record(t, c.ID, "the tools/list failed", func(r mcp.Record) bool { return r.Error != nil && r.Error.ReqSeq != 0 })
	if !strings.HasPrefix(failed.Error.Message, "never answered, by the end of the session: POST ") || failed.Error.Cause != mcp.CauseNoResponse {
		t.Errorf("the tools/list failed with %s %q, want it never answered", failed.Error.Cause, failed.Error.Message)
	}
	if !strings.Contains(failed.Error.Message, "("+why+")") {
		t.Errorf("the tools/list failed with %q, want it to say why: %q", failed.Error.Message, why)
	}
	if n := w.count(c.ID, func(r mcp.Record) bool { return AnswerAwaitsGet(r.State) }); n != 1 {
		t.Errorf("the note was said %d times, want once\n%s", n, w.dump())
	}
}

// The note that a request waits for a GET stream names it as every line
// names the client's names: its method and id cut at mcp.NameLimit, with
// how long each was. A 180-byte method was shown whole here and cut
// everywhere else.
func TestRequestAwaitingGetIsNamedCutAsEveryLineCutsNames(t *testing.T) {
	method := "x/" + strings.Repeat("m", 178)
	id := `"` + strings.Repeat("i", 178) + `"`
	fake := mcptest.NewStreamable(t, mcptest.StreamableOptions{RejectModern: true, Handle: func(x *mcptest.Exchange) {
		if x.Method == method {
			x.Accept()
			return
		}
		x.Default()
	}})
	_, base, w := startProxy(t, fake.URL, Config{})
	session := rawSession(t, base, "2025-11-25")
	readAll(t, rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":`+id+`,"method":"`+method+`"}`, session...).Body)
	c := w.clientWith(t, "the request sent", func(r mcp.Record) bool {
		return r.Kind == mcp.KindSent && r.RPC != nil && r.RPC.Method == method
	})
	said := w.record(t, c.ID, "the note that its answer needs a GET stream", func(r mcp.Record) bool { return AnswerAwaitsGet(r.State) })
	d := said.State.Detail
	if strings.Contains(d, method) || !strings.Contains(d, method[:mcp.NameLimit]+"… (180 bytes)") {
		t.Errorf("the note says %q, want the method cut at %d bytes, saying it was 180", d, mcp.NameLimit)
	}
	if strings.Contains(d, id) || !strings.Contains(d, "id="+id[:mcp.NameLimit]+"… (180 bytes)") {
		t.Errorf("the note says %q, want the id cut at %d bytes, saying it was 180", d, mcp.NameLimit)
	}
}
