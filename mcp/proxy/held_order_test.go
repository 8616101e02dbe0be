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
)

// answeringWriter sees what the proxy writes to a client the instant it
// writes it: net/http may send any of it at once (past its few kilobytes
// of buffers it does), so once the server's request srv1 was written
// whole, the client answers, faster than any real one.
type answeringWriter struct {
	http.ResponseWriter
	seen   strings.Builder
	answer func()
	once   sync.Once
}

func (a *answeringWriter) Write(b []byte) (int, error) {
	a.seen.Write(b)
	if s := a.seen.String(); strings.Contains(s, `"srv1"`) && strings.HasSuffix(s, "\n\n") {
		a.once.Do(a.answer)
	}
	return a.ResponseWriter.Write(b)
}

func (a *answeringWriter) Unwrap() http.ResponseWriter { return a.ResponseWriter }

// A legacy stream is held block by block until each is parsed, so that
// its endpoint events can be rewritten; a block then went out as it was
// released, before it was logged. Within net/http's buffers (a few
// kilobytes) it waited for the flush after the log, but a larger one
// reached the client at once: a client answering a server's request the
// moment it had it was recorded before the request, as a reply to
// nothing. The end of a block goes out only once the block is logged, for
// every size, one that streams as it comes (past holdLimit) too.
func TestHeldBlockLoggedBeforeTheClientHasIt(t *testing.T) {
	for _, size := range []int{100, 8 << 10, 40 << 10, holdLimit + 32<<10} {
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
			w := newWatched()
			p, err := New(Config{Upstream: up.URL, OnStart: w.start, OnName: w.name})
			if err != nil {
				t.Fatal(err)
			}
			ts := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
				aw := &answeringWriter{ResponseWriter: rw, answer: func() {
					w.sessions()[0].obs.ClientMessage([]byte(`{"jsonrpc":"2.0","id":"srv1","result":{}}`), conn)
				}}
				p.ServeHTTP(aw, r)
			}))
			t.Cleanup(func() {
				ts.Close()
				p.Close()
			})
			stream := rawDo(t, http.MethodGet, ts.URL+"/sse", "", "Accept", "text/event-stream")
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
