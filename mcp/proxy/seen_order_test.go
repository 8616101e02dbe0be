package proxy

import (
	"bufio"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// actingWriter sees what the proxy writes to a client the instant it
// writes it: net/http may send any of it at once (past its few kilobytes
// of buffers it does), so once the client could act on what it was
// written (acts says, of the body so far, or of the header alone when the
// body is empty), the client acts, faster than any real one.
type actingWriter struct {
	http.ResponseWriter
	seen   strings.Builder
	header bool // the header was written
	acts   func(body string) bool
	act    func()
	once   sync.Once
}

func (a *actingWriter) WriteHeader(status int) {
	a.header = true
	a.ResponseWriter.WriteHeader(status)
}

func (a *actingWriter) Write(b []byte) (int, error) {
	a.header = true
	a.seen.Write(b)
	a.check()
	return a.ResponseWriter.Write(b)
}

// Flush sends the header, when nothing else was written.
func (a *actingWriter) Flush() {
	a.check()
	_ = http.NewResponseController(a.ResponseWriter).Flush()
}

func (a *actingWriter) check() {
	if a.header && a.acts(a.seen.String()) {
		a.once.Do(a.act)
	}
}

func (a *actingWriter) Unwrap() http.ResponseWriter { return a.ResponseWriter }

// actingProxy serves a proxy to upstream whose answer to a request with
// header X-Act (one at most) is seen by a client that does act once acts
// says it can.
func actingProxy(t *testing.T, upstream string, acts func(body string) bool, act func(w *watched)) (string, *watched) {
	t.Helper()
	w := newWatched()
	p, err := New(Config{Upstream: upstream, OnStart: w.start, OnName: w.name})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		if r.Header.Get("X-Act") == "" {
			p.ServeHTTP(rw, r)
			return
		}
		p.ServeHTTP(&actingWriter{ResponseWriter: rw, acts: acts, act: func() { act(w) }}, r)
	}))
	t.Cleanup(func() {
		ts.Close()
		p.Close()
	})
	return ts.URL, w
}

// answersTo reports whether body holds an event answering id, ended.
func answersTo(id string) func(body string) bool {
	return func(body string) bool {
		return strings.Contains(body, `"id":`+id) && strings.HasSuffix(body, "\n\n")
	}
}

// blockSizes are sizes of the event the client acts on: within net/http's
// buffers, past them, and past holdLimit, where a held block streams as it
// comes.
var blockSizes = []int{100, 8 << 10, 40 << 10, holdLimit + 32<<10}

// A legacy stream is held block by block until each is parsed, so that
// its endpoint events can be rewritten; a block then went out as it was
// released, before it was logged. Within net/http's buffers (a few
// kilobytes) it waited for the flush after the log, but a larger one
// reached the client at once: a client answering a server's request the
// moment it had it was recorded before the request, as a reply to
// nothing. The end of a block goes out only once the block is logged, for
// every size, one that streams as it comes (past holdLimit) too.
func TestHeldBlockLoggedBeforeTheClientHasIt(t *testing.T) {
	for _, size := range blockSizes {
		t.Run(fmt.Sprint(size), func(t *testing.T) {
			request := `{"jsonrpc":"2.0","id":"srv1","method":"sampling/createMessage","params":{"pad":"` + strings.Repeat("x", size) + `"}}`
			up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.Method != http.MethodGet {
					w.WriteHeader(http.StatusAccepted)
					return
				}
				w.Header().Set("Content-Type", "text/event-stream")
				fmt.Fprint(w, "event: endpoint\ndata: /msg?s=1\n\n")
				w.(http.Flusher).Flush()
				fmt.Fprint(w, "event: message\ndata: "+request+"\n\n")
				w.(http.Flusher).Flush()
				<-r.Context().Done()
			}))
			t.Cleanup(up.Close)
			base, w := actingProxy(t, up.URL, answersTo(`"srv1"`), func(w *watched) {
				w.sessions()[0].obs.ClientMessage([]byte(`{"jsonrpc":"2.0","id":"srv1","result":{}}`), conn)
			})
			stream := rawDo(t, http.MethodGet, base+"/sse", "", "Accept", "text/event-stream", "X-Act", "1")
			defer stream.Body.Close()
			br := bufio.NewReader(stream.Body)
			nextEvent(t, br)
			if got := nextEvent(t, br); !strings.Contains(got, `"srv1"`) {
				t.Fatalf("the client got %.100q, want the server's request", got)
			}
			asked := func(r mcp.Record) bool {
				return r.Kind == mcp.KindReceived && r.RPC != nil && r.RPC.Method == "sampling/createMessage"
			}
			answered := func(r mcp.Record) bool {
				return r.Kind == mcp.KindSent && r.RPC != nil && strings.Contains(string(r.RPC.Raw), `"srv1"`)
			}
			w.record(t, 1, "the client's answer", answered)
			w.record(t, 1, "the server's request", asked)
			before(t, w, w.records(1), "the server's request, then the client's answer", asked, answered)
		})
	}
}

// sseAnswerUpstream answers a tools/call with an event stream of its
// answer, padded to size bytes.
func sseAnswerUpstream(t *testing.T, size int) string {
	return mcptest.NewStreamable(t, mcptest.StreamableOptions{GET: mcptest.GETNone, Handle: func(x *mcptest.Exchange) {
		if x.Method != "tools/call" {
			x.Default()
			return
		}
		x.SSE()
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"content":[],"pad":"` + strings.Repeat("x", size) + `"}}`)
	}}).Endpoint()
}

// callActing initializes a session through the proxy at base and posts a
// tools/call whose answer the client acts on.
func callActing(t *testing.T, base string) {
	t.Helper()
	st, h := send(t, http.MethodPost, base+"/mcp", initialize, nil)
	if st != http.StatusOK {
		t.Fatalf("initialize answered %d", st)
	}
	resp := rawDo(t, http.MethodPost, base+"/mcp", `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"x","arguments":{}}}`,
		"Accept", "application/json, text/event-stream", "Mcp-Session-Id", h.Get("Mcp-Session-Id"), "User-Agent", aiSDKLike, "X-Act", "1")
	readAll(t, resp.Body)
}

// nextRequest is what the acting client sends: a request of its own.
func nextRequest(w *watched) {
	w.sessions()[0].obs.ClientMessage([]byte(`{"jsonrpc":"2.0","id":8,"method":"ping"}`), conn)
}

// A streamable answer on an event stream is relayed read by read, each
// once its events are logged: a client that goes on the moment it has the
// answer is recorded after it, at every size.
func TestStreamedAnswerLoggedBeforeTheClientHasIt(t *testing.T) {
	for _, size := range blockSizes {
		t.Run(fmt.Sprint(size), func(t *testing.T) {
			base, w := actingProxy(t, sseAnswerUpstream(t, size), answersTo("7"), nextRequest)
			callActing(t, base)
			w.record(t, 1, "the client's next request", sentMethod("ping"))
			w.record(t, 1, "the answer", answerOf("tools/call"))
			before(t, w, w.records(1), "the answer, then the client's next request", answerOf("tools/call"), sentMethod("ping"))
		})
	}
}

// A client may go on once it has an event stream's header: the Go SDK's
// write of a request returns then, and its next message goes out. The
// stream's opening (the POST's exchange, 200, event stream) is logged
// before the header reaches the client, so it comes before that message,
// as it did on the wire; it was logged after the header had gone out.
func TestStreamOpeningLoggedBeforeTheClientHasTheHeader(t *testing.T) {
	base, w := actingProxy(t, sseAnswerUpstream(t, 100), func(body string) bool { return body == "" }, nextRequest)
	callActing(t, base)
	call := w.record(t, 1, "the tools/call", sentMethod("tools/call"))
	opened := func(r mcp.Record) bool {
		return r.Kind == mcp.KindHTTP && r.HTTP != nil && r.HTTP.ReqSeq == call.Seq && r.HTTP.Opened == "sse"
	}
	w.record(t, 1, "the client's next request", sentMethod("ping"))
	w.record(t, 1, "the answer", answerOf("tools/call"))
	before(t, w, w.records(1), "the stream's opening, then the client's next request", opened, sentMethod("ping"))
}
